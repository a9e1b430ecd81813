import type { ProColumns } from '@ant-design/pro-components';
import {
  INSPECTION_PERMISSIONS,
  type InspectionOrderState,
  inspectionOrderCalls,
  type OverdueDistrictRow,
  type OverdueLiftRow,
} from '@ec/contract';
import { Alert, Button, Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { ContractTable, type TableContext } from '../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../components/RowAction.tsx';
import { elevatorDetailUrl, ORG_PATHS } from '../../lib/routes.ts';
import { areaOptions, byUrgency, type Drill, drillFilters, overdueShare } from './logic.ts';
import { overviewKeys, useOverdueOverview } from './queries.ts';

const openOrderOptions = [
  { value: 'true', label: '已报检（有未办结的检验申请）' },
  { value: 'false', label: '未报检' },
];

/** A count that opens the overdue list filtered to it (0 is plain text). */
function DrillCount({
  value,
  onClick,
  danger,
  testId,
}: {
  value: number;
  onClick: () => void;
  danger?: boolean;
  testId: string;
}) {
  if (value === 0) return <span data-testid={testId}>0</span>;
  return (
    <Button
      type="link"
      size="small"
      danger={danger}
      onClick={onClick}
      data-testid={testId}
      style={{ padding: 0 }}
    >
      {value}
    </Button>
  );
}

/** The figures per district; a district's name or overdue counts drill into the list below. */
function DistrictFigures({ ctx }: { ctx: TableContext<OverdueLiftRow> }) {
  const { data, error, isLoading } = useOverdueOverview();
  if (error) return <Alert type="error" showIcon message={error.message} style={{ marginBottom: 12 }} />;
  const drill = (areaCode: string | null, d: Drill) => ctx.searchWith(drillFilters(areaCode, d));
  const code = (r: OverdueDistrictRow) => (r.areaCode === '' ? null : r.areaCode);
  const columns: ColumnsType<OverdueDistrictRow> = [
    {
      title: '区域',
      dataIndex: 'areaName',
      render: (_, r) =>
        r.areaCode === '' ? (
          <Typography.Text strong>合计</Typography.Text>
        ) : (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => drill(r.areaCode, 'overdue')}
            data-testid={`overview-district-${r.areaCode}`}
          >
            {r.areaName ?? r.areaCode}
          </Button>
        ),
    },
    { title: '在用电梯', dataIndex: 'inUse', align: 'right' },
    { title: `${data?.dueWithinDays ?? 30} 天内到期`, dataIndex: 'dueSoon', align: 'right' },
    {
      title: '超期未检',
      dataIndex: 'overdue',
      align: 'right',
      render: (_, r) => (
        <DrillCount
          value={r.overdue}
          danger
          onClick={() => drill(code(r), 'overdue')}
          testId={`overview-overdue-${r.areaCode || 'total'}`}
        />
      ),
    },
    {
      title: '其中已报检',
      dataIndex: 'overdueWithOrder',
      align: 'right',
      render: (_, r) => (
        <DrillCount
          value={r.overdueWithOrder}
          onClick={() => drill(code(r), 'withOrder')}
          testId={`overview-with-order-${r.areaCode || 'total'}`}
        />
      ),
    },
    {
      title: '其中未报检',
      dataIndex: 'overdueWithoutOrder',
      align: 'right',
      render: (_, r) => (
        <DrillCount
          value={r.overdueWithoutOrder}
          danger
          onClick={() => drill(code(r), 'withoutOrder')}
          testId={`overview-without-order-${r.areaCode || 'total'}`}
        />
      ),
    },
    { title: '超期率', key: 'share', align: 'right', render: (_, r) => overdueShare(r) },
    {
      title: '停用待整改',
      dataIndex: 'stopped',
      align: 'right',
      render: (_, r) => (r.stopped > 0 ? <Tag color="volcano">{r.stopped}</Tag> : 0),
    },
  ];
  const rows = data ? byUrgency(data.districts) : [];
  const total: OverdueDistrictRow | null = data ? { areaCode: '', areaName: null, ...data.total } : null;
  return (
    <Card
      size="small"
      title="超期未检总览（按区域）"
      extra={data ? <Typography.Text type="secondary">统计日期 {data.today}</Typography.Text> : null}
      style={{ marginBottom: 12 }}
      data-testid="overdue-overview"
    >
      <Table<OverdueDistrictRow>
        size="small"
        rowKey="areaCode"
        loading={isLoading}
        columns={columns}
        dataSource={total && rows.length > 1 ? [...rows, total] : rows}
        pagination={false}
        locale={{ emptyText: '范围内没有电梯' }}
      />
    </Card>
  );
}

/**
 * 超期未检总览: the regulator's figures per district (lifts in use, due within 30 days, overdue with
 * and without an open application, 停用待整改) above the overdue lifts, which a click on a district
 * or a figure filters; the list exports as a spreadsheet.
 */
export function OverdueOverview() {
  const navigate = useNavigate();
  const columns: ProColumns<OverdueLiftRow>[] = [
    { title: '注册代码', dataIndex: 'registerCode', width: 200, copyable: true },
    {
      title: '所在区域',
      dataIndex: 'areaCode',
      valueType: 'select',
      fieldProps: { options: areaOptions },
      render: (_, r) => r.areaName ?? r.areaCode,
      width: 100,
    },
    { title: '地址', dataIndex: 'address', search: false, ellipsis: true },
    { title: '使用单位', dataIndex: 'useUnitName', search: false, render: (_, r) => r.useUnitName ?? '—' },
    { title: '下次检验日期', dataIndex: 'nextInspectDate', search: false, width: 120 },
    {
      title: '超期天数',
      dataIndex: 'daysOverdue',
      search: false,
      width: 100,
      render: (_, r) => <Tag color={r.daysOverdue > 90 ? 'red' : 'orange'}>{r.daysOverdue} 天</Tag>,
    },
    {
      title: '检验申请',
      dataIndex: 'hasOpenOrder',
      valueType: 'select',
      fieldProps: { options: openOrderOptions },
      width: 200,
      render: (_, r) =>
        r.openOrderNo ? (
          <span>
            {r.openOrderNo}{' '}
            <Tag color="blue">{r.openOrderStateLabel ?? (r.openOrderState as InspectionOrderState)}</Tag>
          </span>
        ) : (
          <Tag color="red">未报检</Tag>
        ),
    },
    actionColumn<OverdueLiftRow>(140, (r) => (
      <>
        <RowAction onClick={() => navigate(elevatorDetailUrl(r.elevatorId))}>电梯</RowAction>
        {r.openOrderId ? (
          <RowAction onClick={() => navigate(`${ORG_PATHS.inspectionDetail}?id=${r.openOrderId}`)}>
            申请
          </RowAction>
        ) : null}
      </>
    )),
  ];
  return (
    <ContractTable<OverdueLiftRow>
      call={inspectionOrderCalls.overdueLifts}
      queryKey={overviewKeys.lifts}
      rowKey="elevatorId"
      columns={columns}
      testId="overdue-lifts"
      emptyText="没有超期未检的电梯"
      headerTitle="超期未检电梯"
      above={(ctx) => <DistrictFigures ctx={ctx} />}
      exports={[
        {
          call: inspectionOrderCalls.overdueLiftsExport,
          permission: INSPECTION_PERMISSIONS.orderList,
          unsorted: true,
          label: '导出超期电梯',
        },
      ]}
    />
  );
}
