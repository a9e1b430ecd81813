import type { ProColumns } from '@ant-design/pro-components';
import {
  CHARGE_PAY_STATE_LABEL,
  formatYuan,
  INSPECTION_ORDER_STATE_LABEL,
  type InspectionOrderRow,
  type InspectionOrderState,
  type inspectionOrderCalls,
} from '@ec/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable, type SearchValues } from '../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../components/RowAction.tsx';
import { dash } from '../../lib/format.ts';
import { STATE_COLOR } from './logic.ts';
import { orderKeys } from './queries.ts';

type ListCall =
  | typeof inspectionOrderCalls.organizationQuery
  | typeof inspectionOrderCalls.inspectorQuery
  | typeof inspectionOrderCalls.useUnitQuery;

export const StateTag = ({ state }: { state: InspectionOrderState }) => (
  <Tag color={STATE_COLOR[state]} data-testid="order-state">
    {INSPECTION_ORDER_STATE_LABEL[state]}
  </Tag>
);

/** ProTable's sorter → the order lists' sort / order. */
export function orderSort(sorter: unknown): SearchValues {
  const s = (Array.isArray(sorter) ? sorter[0] : sorter) as { field?: unknown; order?: unknown } | undefined;
  if (!s?.order || !s.field) return {};
  return { sort: String(s.field), order: s.order === 'ascend' ? 'asc' : 'desc' };
}

/**
 * The one list of orders (检验工单, 报检受理, 任务分配): filters by state, month of application,
 * register code and use unit; the row's 详情 opens `detailPath`, `actions` adds the page's own.
 */
export function OrderTable({
  call,
  detailPath,
  side,
  states,
  initialState,
  actions,
  add,
  above,
  testId,
  emptyText,
}: {
  call: ListCall;
  detailPath: string;
  side: 'useUnit' | 'inspector' | 'organization';
  /** The states the state filter offers (all when absent). */
  states?: InspectionOrderState[];
  initialState?: InspectionOrderState;
  actions?: (row: InspectionOrderRow) => ReactNode;
  add?: { label: string; onClick: () => void } | false;
  above?: ReactNode;
  testId: string;
  emptyText?: string;
}) {
  const navigate = useNavigate();
  const stateEnum = Object.fromEntries(
    (states ?? (Object.keys(INSPECTION_ORDER_STATE_LABEL) as InspectionOrderState[])).map((s) => [
      s,
      INSPECTION_ORDER_STATE_LABEL[s],
    ]),
  );
  const columns: ProColumns<InspectionOrderRow>[] = [
    { title: '申请单号', dataIndex: 'orderNo', width: 170 },
    { title: '注册代码', dataIndex: 'registerCode', width: 190 },
    {
      title: '电梯地址',
      dataIndex: 'address',
      search: false,
      width: 220,
      ellipsis: true,
      render: (_, r) => `${r.elevatorName ? `${r.elevatorName} ` : ''}${r.address}`,
    },
    {
      title: '使用单位',
      dataIndex: 'useUnit',
      width: 180,
      hideInTable: side === 'useUnit',
      search: side === 'useUnit' ? false : undefined,
      render: (_, r) => dash(r.useUnitName),
    },
    {
      title: '检验机构',
      dataIndex: 'orgName',
      search: false,
      width: 180,
      hideInTable: side !== 'useUnit',
      render: (_, r) => dash(r.orgName),
    },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: stateEnum,
      initialValue: initialState,
      width: 100,
      render: (_, r) => <StateTag state={r.state} />,
    },
    {
      title: '申请月份',
      dataIndex: 'month',
      valueType: 'dateMonth',
      hideInTable: true,
    },
    {
      title: '下次检验日期',
      dataIndex: 'nextInspectionDate',
      search: false,
      sorter: true,
      width: 120,
    },
    {
      title: '报价（元）',
      dataIndex: 'quoteAmount',
      search: false,
      align: 'right',
      width: 110,
      render: (_, r) => (r.quoteAmount === null ? '—' : formatYuan(r.quoteAmount)),
    },
    {
      title: '缴费',
      dataIndex: 'payState',
      search: false,
      width: 80,
      render: (_, r) => (r.payState ? CHARGE_PAY_STATE_LABEL[r.payState] : '—'),
    },
    {
      title: '检验人员',
      dataIndex: 'inspectorName',
      search: false,
      width: 100,
      render: (_, r) => dash(r.inspectorName),
    },
    {
      title: '现场检验日期',
      dataIndex: 'plannedDate',
      search: false,
      sorter: true,
      width: 120,
      render: (_, r) => dash(r.plannedDate),
    },
    { title: '申请时间', dataIndex: 'appliedAt', search: false, sorter: true, width: 160 },
    actionColumn<InspectionOrderRow>(160, (r) => (
      <>
        <RowAction onClick={() => navigate(`${detailPath}?id=${r.id}`)}>详情</RowAction>
        {actions?.(r)}
      </>
    )),
  ];
  return (
    <ContractTable<InspectionOrderRow>
      call={call}
      queryKey={orderKeys.list}
      columns={columns}
      toSort={orderSort}
      initialValues={initialState ? { state: initialState } : undefined}
      add={add}
      above={above ? () => above : undefined}
      testId={testId}
      emptyText={emptyText}
    />
  );
}
