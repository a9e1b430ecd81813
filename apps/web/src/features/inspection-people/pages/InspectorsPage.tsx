import type { ProColumns } from '@ant-design/pro-components';
import {
  INSPECTION_PERMISSIONS,
  INSPECTOR_AUDIT_LABEL,
  INSPECTOR_CATEGORY_LABEL,
  INSPECTOR_CERT_STATE_LABEL,
  type InspectorPage,
  type InspectorRow,
  inspectorCalls,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { InspectorForm } from '../forms.tsx';
import { peopleKeys, useDepartmentOptions, useInvalidatePeople, usePeopleRights } from '../queries.ts';

const CERT_COLOR = { valid: 'green', expiring: 'orange', expired: 'red' } as const;
const AUDIT_COLOR: Record<number, string> = { 2: 'blue', 3: 'green', 4: 'red' };

/** 有效 / 即将到期 / 已过期; an expiring certificate's days left when the row knows them. */
export function CertTag({
  row,
}: {
  row: Pick<InspectorRow, 'certState' | 'certStateLabel'> & { daysLeft?: number | null };
}) {
  const left = row.certState === 'expiring' && row.daysLeft != null ? `（剩 ${row.daysLeft} 天）` : '';
  return (
    <Tag color={CERT_COLOR[row.certState]} data-testid="cert-tag">
      {row.certStateLabel}
      {left}
    </Tag>
  );
}

export const AuditTag = ({ state, label }: { state: number; label: string }) => (
  <Tag color={AUDIT_COLOR[state] ?? 'default'}>{label}</Tag>
);

/** 检验人员: the organisation's inspectors, their certificates' state and audit state. */
export default function InspectorsPage() {
  const rights = usePeopleRights();
  const departments = useDepartmentOptions();
  const invalidate = useInvalidatePeople();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ row: InspectorRow | null } | null>(null);
  // The counts of the tags above the list (passed inspectors' certificates).
  const counts = useQuery({
    queryKey: [...peopleKeys.inspectors, 'counts'],
    queryFn: async ({ signal }) =>
      ((await call(inspectorCalls.query, { page: 1, limit: 1 }, { signal, silent: true })) as InspectorPage)
        .certCounts,
  });
  const columns: ProColumns<InspectorRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '姓名或证书编号' },
    },
    { title: '姓名', dataIndex: 'name', search: false, width: 100 },
    {
      title: '性别',
      dataIndex: 'genderLabel',
      search: false,
      width: 60,
      render: (_, r) => r.genderLabel ?? '—',
    },
    { title: '手机号码', dataIndex: 'phone', search: false, width: 130, render: (_, r) => r.phone ?? '—' },
    { title: '证书编号', dataIndex: 'certNo', search: false, width: 180 },
    {
      title: '资格项目',
      dataIndex: 'category',
      search: false,
      width: 150,
      render: (_, r) => INSPECTOR_CATEGORY_LABEL[r.category],
    },
    { title: '有效期至', dataIndex: 'validUntil', search: false, width: 110 },
    {
      title: '证书状态',
      dataIndex: 'certState',
      valueType: 'select',
      valueEnum: INSPECTOR_CERT_STATE_LABEL,
      width: 170,
      render: (_, r) => <CertTag row={r} />,
    },
    {
      title: '部门',
      dataIndex: 'departmentId',
      valueType: 'select',
      fieldProps: { options: departments.data ?? [] },
      width: 130,
      render: (_, r) => r.departmentName ?? '未分配',
    },
    {
      title: '审核状态',
      dataIndex: 'auditState',
      valueType: 'select',
      valueEnum: { 2: INSPECTOR_AUDIT_LABEL[2], 3: INSPECTOR_AUDIT_LABEL[3], 4: INSPECTOR_AUDIT_LABEL[4] },
      width: 100,
      render: (_, r) => <AuditTag state={r.auditState} label={r.auditStateLabel} />,
    },
    {
      title: '所属机构',
      dataIndex: 'orgName',
      search: false,
      width: 200,
      hideInTable: rights.editInspectors,
    },
    actionColumn<InspectorRow>(150, (r) => (
      <>
        <RowAction onClick={() => navigate(`${ORG_PATHS.personnelDetail}?id=${r.id}`)}>详情</RowAction>
        {rights.editInspectors && (
          <>
            <RowAction onClick={() => setEditing({ row: r })}>编辑</RowAction>
            <Popconfirm
              title={`删除检验人员 ${r.name}？`}
              onConfirm={async () => {
                await call(inspectorCalls.delete, { ids: [r.id] });
                message.success('已删除');
                await invalidate();
              }}
            >
              <RowAction danger>删除</RowAction>
            </Popconfirm>
          </>
        )}
      </>
    )),
  ];
  const c = counts.data;
  return (
    <>
      {c && (
        <Space style={{ marginBottom: 12 }} data-testid="cert-counts">
          <span>审核通过人员证书：</span>
          <Tag color="green">有效 {c.valid}</Tag>
          <Tag color="orange">即将到期 {c.expiring}</Tag>
          <Tag color="red">已过期 {c.expired}</Tag>
        </Space>
      )}
      <ContractTable<InspectorRow>
        call={inspectorCalls.query}
        queryKey={peopleKeys.inspectors}
        columns={columns}
        testId="inspectors"
        exports={[{ call: inspectorCalls.export, permission: INSPECTION_PERMISSIONS.inspectorList }]}
        add={
          rights.editInspectors ? { label: '新增检验人员', onClick: () => setEditing({ row: null }) } : false
        }
      />
      {editing && (
        <InspectorForm
          inspector={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => void invalidate()}
        />
      )}
    </>
  );
}
