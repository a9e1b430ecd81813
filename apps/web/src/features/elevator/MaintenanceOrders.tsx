import type { ProColumns } from '@ant-design/pro-components';
import { elevatorCalls, type MaintenanceOrderRow } from '@ec/contract';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../components/ContractTable.tsx';
import { OrderStatusTag } from '../../components/OrderStatusTag.tsx';
import { actionColumn, RowAction } from '../../components/RowAction.tsx';
import { dash, durationText } from '../../lib/format.ts';
import { useCanOpen } from '../../lib/page-param.ts';
import { MAINTENANCE_PATHS, orderLogUrl, workOrderUrl } from '../../lib/routes.ts';

/** 维保记录 of one elevator (the elevator detail's tab): its work orders, newest plan first. */
export function MaintenanceOrders({ elevatorId }: { elevatorId: number }) {
  const navigate = useNavigate();
  const canOpenOrder = useCanOpen(MAINTENANCE_PATHS.workOrder);
  const canOpenLog = useCanOpen(MAINTENANCE_PATHS.log);
  const columns: ProColumns<MaintenanceOrderRow>[] = [
    {
      title: '工单号',
      dataIndex: 'orderNo',
      width: 190,
      render: (_, row) =>
        canOpenOrder ? (
          <RowAction onClick={() => navigate(workOrderUrl(row.id))}>{row.orderNo}</RowAction>
        ) : (
          row.orderNo
        ),
    },
    { title: '维保类别', dataIndex: 'kindLabel', width: 100 },
    { title: '计划日期', dataIndex: 'planDate', width: 110 },
    {
      title: '状态',
      dataIndex: 'statusLabel',
      render: (_, r) => <OrderStatusTag status={r.status} label={r.statusLabel} />,
    },
    { title: '维保人员', dataIndex: 'workers', width: 150, render: (_, r) => dash(r.workers.join('、')) },
    { title: '签到时间', dataIndex: 'signInTime', width: 170, render: (_, r) => dash(r.signInTime) },
    { title: '签退时间', dataIndex: 'signOutTime', width: 170, render: (_, r) => dash(r.signOutTime) },
    {
      title: '作业时长',
      dataIndex: 'durationMinutes',
      width: 90,
      render: (_, r) => durationText(r.durationMinutes),
    },
    actionColumn(130, (row) => [
      canOpenOrder && (
        <RowAction key="detail" onClick={() => navigate(workOrderUrl(row.id))}>
          详情
        </RowAction>
      ),
      canOpenLog && (
        <RowAction key="log" onClick={() => navigate(orderLogUrl(row.id))}>
          维保日志
        </RowAction>
      ),
    ]),
  ];
  return (
    <ContractTable<MaintenanceOrderRow>
      testId="maintenance-orders"
      call={elevatorCalls.detailMaintenanceOrderInfo}
      params={{ elevatorId }}
      queryKey={['maintenance', 'orders-of-elevator']}
      silent
      columns={columns}
      search={false}
      bare
      emptyText="暂无维保工单"
    />
  );
}
