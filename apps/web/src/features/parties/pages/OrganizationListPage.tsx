import type { ProColumns } from '@ant-design/pro-components';
import {
  APPROVAL_STATE_LABEL,
  type ApprovalState,
  type InspectionOrgRow,
  inspectionOrgCalls,
} from '@ec/contract';
import { Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { dash } from '../../../lib/format.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { RowActions } from '../Actions.tsx';
import { areaSearch, filingColumn } from '../columns.tsx';
import { partyKeys } from '../queries.ts';

const APPROVAL_COLOR: Record<ApprovalState, string> = {
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
};

export function ApprovalTag({ state }: { state: ApprovalState | null }) {
  return state ? <Tag color={APPROVAL_COLOR[state]}>{APPROVAL_STATE_LABEL[state]}</Tag> : null;
}

const approvalEnum = Object.fromEntries(
  Object.entries(APPROVAL_STATE_LABEL).map(([value, text]) => [value, { text }]),
);

export const orgDetailUrl = (id: number) => `${ORG_PATHS.detail}?id=${id}`;

/**
 * 机构备案: the inspection organisations in the viewer's scope (the platform all, a regulator those
 * of its districts, an organisation itself), with their filing and 核准证 state.
 */
export default function OrganizationListPage() {
  const navigate = useNavigate();
  const columns: ProColumns<InspectionOrgRow>[] = [
    {
      title: '机构名称',
      dataIndex: 'name',
      render: (_, r) => <RowAction onClick={() => navigate(orgDetailUrl(r.id))}>{r.name}</RowAction>,
    },
    { title: '统一社会信用代码', dataIndex: 'creditCode', render: (_, r) => dash(r.creditCode) },
    areaSearch<InspectionOrgRow>(),
    { title: '所在区域', dataIndex: 'areaName', search: false, render: (_, r) => dash(r.areaName) },
    { title: '联系人', dataIndex: 'contactName', search: false, render: (_, r) => dash(r.contactName) },
    { title: '联系电话', dataIndex: 'contactPhone', search: false, render: (_, r) => dash(r.contactPhone) },
    filingColumn<InspectionOrgRow>(),
    { title: '核准证编号', dataIndex: 'approvalNo', search: false, render: (_, r) => dash(r.approvalNo) },
    {
      title: '核准证有效期',
      dataIndex: 'approvalState',
      valueEnum: approvalEnum,
      render: (_, r) => (
        <Space>
          {dash(r.approvalExpiry)}
          <ApprovalTag state={r.approvalState} />
        </Space>
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => (
        <RowActions>
          <RowAction onClick={() => navigate(orgDetailUrl(r.id))}>详情</RowAction>
        </RowActions>
      ),
    },
  ];
  return (
    <ContractTable
      queryKey={partyKeys.all}
      testId="inspection-org-list"
      call={inspectionOrgCalls.query}
      rowKey="id"
      columns={columns}
    />
  );
}
