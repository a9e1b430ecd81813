import type { ProColumns } from '@ant-design/pro-components';
import {
  RESCUE_PERMISSIONS as P,
  SIGNING_KIND,
  SIGNING_STATE_LABEL,
  type SigningRow,
  signingCalls,
} from '@ec/contract';
import { App, Popconfirm, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AreaCascader } from '../../../components/AreaCascader.tsx';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { shareText } from '../format.ts';
import { SIGNING_PAGES, signingKeys, useInvalidateSigning } from '../queries.ts';
import { SigningDialog } from '../SigningDialog.tsx';

const STATE_COLOR = { upcoming: 'blue', active: 'green', expired: 'default' } as const;
const stateEnum = Object.fromEntries(Object.entries(SIGNING_STATE_LABEL).map(([k, text]) => [k, { text }]));

/**
 * 使用单位签约管理 (/userunit, kind 1) and 租赁签约管理 (/contract, kind 2): the signings of the user's
 * scope with their dates, state and lifts; 新增 / 编辑 in a dialog, 详情 opens 签约详情, 删除 asks first.
 */
export default function SigningListPage() {
  const location = useLocation();
  // The page is mounted per route (keep-alive): its kind is the route it was opened at.
  const kind = useRef(
    location.pathname === SIGNING_PAGES.lease ? SIGNING_KIND.lease : SIGNING_KIND.useUnit,
  ).current;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canEdit = usePermission(P.signingEdit);
  const invalidate = useInvalidateSigning();
  const [editing, setEditing] = useState<SigningRow | null | 'new'>(null);
  const remove = async (s: SigningRow) => {
    try {
      await call(signingCalls.delete, { ids: [s.id] });
      message.success(`已删除签约 ${s.signNo}`);
    } catch {
      // The request layer showed the reason.
    } finally {
      await invalidate();
    }
  };
  const open = (s: SigningRow) => navigate(`${SIGNING_PAGES.detail}?id=${s.id}`);
  const columns: ProColumns<SigningRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '签约编号或使用单位名称' },
    },
    {
      title: '签约编号',
      dataIndex: 'signNo',
      key: 'signNo',
      hideInSearch: true,
      width: 180,
      render: (_, s) => (
        <RowAction data-testid="signing-link" onClick={() => open(s)}>
          {s.signNo}
        </RowAction>
      ),
    },
    {
      title: '使用单位',
      dataIndex: 'useCompanyName',
      key: 'useCompanyName',
      hideInSearch: true,
      ellipsis: true,
    },
    ...(kind === SIGNING_KIND.lease
      ? [
          {
            title: '租赁方',
            dataIndex: 'partnerName',
            key: 'partnerName',
            hideInSearch: true,
            ellipsis: true,
            render: (_: unknown, s: SigningRow) => dash(s.partnerName),
          } as ProColumns<SigningRow>,
        ]
      : []),
    { title: '开始日期', dataIndex: 'startDate', key: 'startDate', hideInSearch: true, width: 110 },
    { title: '结束日期', dataIndex: 'endDate', key: 'endDate', hideInSearch: true, width: 110 },
    {
      title: '状态',
      dataIndex: 'state',
      key: 'state',
      valueType: 'select',
      valueEnum: stateEnum,
      width: 90,
      render: (_, s) => <Tag color={STATE_COLOR[s.state]}>{s.stateLabel}</Tag>,
    },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      key: 'amount',
      hideInSearch: true,
      width: 110,
      render: (_, s) => dash(s.amount),
    },
    ...(kind === SIGNING_KIND.lease
      ? [
          {
            title: '分成比例',
            dataIndex: 'share',
            key: 'share',
            hideInSearch: true,
            width: 90,
            render: (_: unknown, s: SigningRow) => shareText(s.share),
          } as ProColumns<SigningRow>,
        ]
      : []),
    { title: '电梯数', dataIndex: 'liftCount', key: 'liftCount', hideInSearch: true, width: 80 },
    {
      title: '联系人',
      dataIndex: 'contactName',
      key: 'contactName',
      hideInSearch: true,
      width: 100,
      render: (_, s) => dash(s.contactName),
    },
    {
      title: '区域',
      dataIndex: 'areaCode',
      key: 'areaCode',
      hideInTable: true,
      renderFormItem: () => <AreaCascader />,
    },
    actionColumn<SigningRow>(150, (s) => [
      <RowAction key="detail" onClick={() => open(s)}>
        详情
      </RowAction>,
      ...(canEdit
        ? [
            <RowAction key="edit" onClick={() => setEditing(s)}>
              编辑
            </RowAction>,
            <Popconfirm
              key="delete"
              title={`删除签约 ${s.signNo}？`}
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(s)}
            >
              <RowAction danger>删除</RowAction>
            </Popconfirm>,
          ]
        : []),
    ]),
  ];
  return (
    <>
      <ContractTable<SigningRow>
        testId="signing-list"
        call={signingCalls.queryPage}
        params={{ kind }}
        queryKey={signingKeys.list(kind)}
        columns={columns}
        add={{ label: '新增签约', onClick: () => setEditing('new'), permission: P.signingEdit }}
        emptyText="暂无签约"
      />
      {editing !== null && (
        <SigningDialog
          kind={kind}
          editing={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved && editing === 'new') navigate(`${SIGNING_PAGES.detail}?id=${saved.id}`);
          }}
        />
      )}
    </>
  );
}
