import type { ProColumns } from '@ant-design/pro-components';
import type { CheckRow, MaintenanceOrderRow } from '@ec/contract';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AreaCascader } from '../../components/AreaCascader.tsx';
import type { SearchValues } from '../../components/ContractTable.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { splitRange, toInput } from '../../components/table-input.ts';
import { useIsReviewer } from '../../lib/access.ts';
import { dash, durationText } from '../../lib/format.ts';
import { KIND_ENUM, STATUS_ENUM, YES_NO_ENUM } from './labels.ts';
import { FindingCount, OrderStatus } from './OrderTags.tsx';
import { useMaintenanceCompanies, useOrderLinks } from './queries.ts';

/** A search form's values → the list call's input: the date range split, the area's last code. */
export const toOrderQuery = (values: SearchValues): SearchValues =>
  toInput(splitRange(values, 'dateRange', 'dateFrom', 'dateTo'));

/** The 工单号 cell: a link to the order's detail when the user's menu grants one. */
export function useOrderNoLink(): (orderId: number, orderNo: string) => ReactNode {
  const navigate = useNavigate();
  const { detail } = useOrderLinks();
  return (orderId, orderNo) =>
    detail ? (
      <RowAction data-testid="order-link" onClick={() => navigate(detail(orderId))}>
        {orderNo}
      </RowAction>
    ) : (
      orderNo
    );
}

/**
 * The 维保单位 filter: a reviewer picks among the filed companies; a maintenance company sees only
 * its own orders, so it is not offered.
 */
export function useCompanyFilter<Row>(): ProColumns<Row>[] {
  const reviewer = useIsReviewer();
  const companies = useMaintenanceCompanies(reviewer);
  if (!reviewer) return [];
  return [
    {
      title: '维保单位',
      dataIndex: 'maintenanceCompanyId',
      key: 'maintenanceCompanyId',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: companies.data ?? [],
        loading: companies.isLoading,
        showSearch: true,
        optionFilterProp: 'label',
        placeholder: '请选择',
      },
    },
  ];
}

const areaFilter = <Row,>(): ProColumns<Row> => ({
  title: '区域',
  dataIndex: 'areaCode',
  key: 'areaCode',
  hideInTable: true,
  renderFormItem: () => <AreaCascader />,
});

const dateRangeFilter = <Row,>(title: string): ProColumns<Row> => ({
  title,
  dataIndex: 'dateRange',
  key: 'dateRange',
  valueType: 'dateRange',
  hideInTable: true,
});

export const orderAreaFilter = areaFilter<MaintenanceOrderRow>;
export const checkAreaFilter = areaFilter<CheckRow>;
export const checkDateFilter = () => dateRangeFilter<CheckRow>('计划日期');

/**
 * The columns and search fields of an order list (维保任务, 维保记录, 维保审核), in importance order:
 * at 1440 px the number, the lift, the kind, the plan date and the state are on screen.
 */
export function useOrderColumns(
  actions?: ProColumns<MaintenanceOrderRow>,
  { statusSearch = true }: { statusSearch?: boolean } = {},
): ProColumns<MaintenanceOrderRow>[] {
  const orderNo = useOrderNoLink();
  const companyFilter = useCompanyFilter<MaintenanceOrderRow>();
  const columns: ProColumns<MaintenanceOrderRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '工单号或注册代码' },
    },
    {
      title: '工单号',
      dataIndex: 'orderNo',
      key: 'orderNo',
      hideInSearch: true,
      width: 190,
      render: (_, r) => orderNo(r.id, r.orderNo),
    },
    { title: '注册代码', dataIndex: 'registerCode', key: 'registerCode', hideInSearch: true, width: 200 },
    { title: '地址', dataIndex: 'address', key: 'address', hideInSearch: true },
    {
      title: '类别',
      dataIndex: 'kind',
      key: 'kind',
      valueType: 'select',
      valueEnum: KIND_ENUM,
      width: 110,
      render: (_, r) => r.kindLabel,
    },
    { title: '计划日期', dataIndex: 'planDate', key: 'planDate', hideInSearch: true },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      valueType: 'select',
      valueEnum: STATUS_ENUM,
      hideInSearch: !statusSearch,
      // 已签到 and 逾期 side by side (逾期 only before submission, so never beside 审核通过).
      width: 150,
      render: (_, r) => <OrderStatus status={r.status} label={r.statusLabel} late={r.late} />,
    },
    ...companyFilter,
    orderAreaFilter(),
    { title: '月份', dataIndex: 'month', key: 'month', valueType: 'dateMonth', hideInTable: true },
    dateRangeFilter<MaintenanceOrderRow>('计划日期'),
    {
      title: '逾期未做',
      dataIndex: 'late',
      key: 'late',
      valueType: 'select',
      valueEnum: YES_NO_ENUM,
      hideInTable: true,
    },
    {
      title: '有核查问题',
      dataIndex: 'withFindings',
      key: 'withFindings',
      valueType: 'select',
      valueEnum: YES_NO_ENUM,
      hideInTable: true,
    },
    {
      title: '签到时间',
      dataIndex: 'signInTime',
      key: 'signInTime',
      hideInSearch: true,
      render: (_, r) => dash(r.signInTime),
    },
    {
      title: '签退时间',
      dataIndex: 'signOutTime',
      key: 'signOutTime',
      hideInSearch: true,
      render: (_, r) => dash(r.signOutTime),
    },
    {
      title: '时长',
      dataIndex: 'durationMinutes',
      key: 'durationMinutes',
      hideInSearch: true,
      width: 100,
      render: (_, r) => durationText(r.durationMinutes),
    },
    {
      title: '维保人员',
      dataIndex: 'workers',
      key: 'workers',
      hideInSearch: true,
      width: 150,
      ellipsis: true,
      render: (_, r) => dash(r.workers.join('、')),
    },
    {
      title: '维保单位',
      dataIndex: 'maintenanceCompanyName',
      key: 'maintenanceCompanyName',
      hideInSearch: true,
      render: (_, r) => dash(r.maintenanceCompanyName),
    },
    {
      title: '使用单位',
      dataIndex: 'useCompanyName',
      key: 'useCompanyName',
      hideInSearch: true,
      render: (_, r) => dash(r.useCompanyName),
    },
    {
      title: '核查问题',
      dataIndex: 'findingCount',
      key: 'findingCount',
      hideInSearch: true,
      width: 100,
      render: (_, r) => <FindingCount count={r.findingCount} />,
    },
  ];
  if (actions) columns.push(actions);
  return columns;
}
