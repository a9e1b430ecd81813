import type { ProColumns } from '@ant-design/pro-components';
import {
  AD_ORDER_STATE,
  AD_ORDER_STATE_LABEL,
  AD_TASK_PERMISSIONS,
  type AdOrderDetail,
  type AdOrderLine,
  type AdOrderRow,
  adOrderCalls,
  AD_PERMISSIONS as P,
} from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Input, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useAdOperator } from '../access.ts';
import { BookingDialog, type BookingMode } from './BookingDialog.tsx';

const S = AD_ORDER_STATE;
const STATE_COLOR: Record<number, string> = {
  1: 'default',
  2: 'orange',
  3: 'blue',
  4: 'purple',
  5: 'green',
  6: 'red',
};
const stateEnum = Object.fromEntries(Object.entries(AD_ORDER_STATE_LABEL).map(([k, text]) => [k, { text }]));

/** An order's lines and its moves. */
function OrderDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<BookingMode | null>(null);
  const canEdit = useAdOperator(P.orderEdit);
  const canAudit = useAdOperator(P.orderAudit);
  const canListTasks = usePermission(AD_TASK_PERMISSIONS.taskList);
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: ['ad', 'order', id],
    queryFn: () => call(adOrderCalls.detail, { id }),
  });
  const o = detail.data;
  const move = async (name: 'submit' | 'confirm' | 'reject' | 'start' | 'finish', done: string) => {
    if (!o) return;
    try {
      await call(adOrderCalls[name], { id: o.id, version: o.version });
      message.success(done);
    } catch {
      // shown by the request layer
    } finally {
      await client.invalidateQueries({ queryKey: ['ad'] });
    }
  };
  const removeLine = async (line: AdOrderLine) => {
    if (!o) return;
    try {
      const made = await call(adOrderCalls.delUserOrder, {
        id: o.id,
        version: o.version,
        pointIds: [line.pointId],
      });
      message.success(`已移除点位 ${line.pointNo}，订单剩 ${made.pointCount} 个点位`);
    } catch {
      // shown by the request layer (e.g. the last point of the order)
    } finally {
      await client.invalidateQueries({ queryKey: ['ad'] });
    }
  };
  const draft = canEdit && o?.status === S.draft;
  const cancel = () => {
    if (!o) return;
    let reason = '';
    modal.confirm({
      title: `取消订单 ${o.orderNo}？`,
      content: <Input placeholder="取消原因" onChange={(e) => (reason = e.target.value)} />,
      okText: '取消订单',
      okButtonProps: { danger: true },
      cancelText: '返回',
      onOk: async () => {
        await call(adOrderCalls.cancel, { id: o.id, version: o.version, reason: reason || '未填写' });
        message.success('订单已取消，点位已释放');
        await client.invalidateQueries({ queryKey: ['ad'] });
      },
    });
  };
  return (
    <Drawer
      open
      width={960}
      title={o ? `订单 ${o.orderNo}` : '订单'}
      onClose={onClose}
      className="ad-order-drawer"
    >
      {o && (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="客户">{o.customName}</Descriptions.Item>
            <Descriptions.Item label="投放期">
              {o.startDate} 至 {o.endDate}（{o.days} 天）
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLOR[o.status]} data-testid="order-status">
                {o.statusLabel}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="点位数">{o.pointCount}</Descriptions.Item>
            <Descriptions.Item label="金额（元）">{o.amount}</Descriptions.Item>
            <Descriptions.Item label="内容">{dash(o.content)}</Descriptions.Item>
          </Descriptions>
          <Space style={{ margin: '12px 0' }}>
            {draft && (
              <>
                <Button type="primary" onClick={() => move('submit', '已提交审核')}>
                  提交审核
                </Button>
                <Button onClick={() => setEditing({ kind: 'edit', order: o })}>修改</Button>
                <Button onClick={() => setEditing({ kind: 'append', order: o })}>追加点位</Button>
              </>
            )}
            {canAudit && o.status === S.submitted && (
              <>
                <Button type="primary" onClick={() => move('confirm', '订单已确认')}>
                  确认订单
                </Button>
                <Button onClick={() => move('reject', '已退回草稿')}>退回</Button>
              </>
            )}
            {canAudit && o.status === S.confirmed && (
              <Tooltip title="首个安装日志审核通过时订单自动转为投放中；到期仍未投放的订单由系统取消">
                <Button type="primary" onClick={() => move('start', '已开始投放')}>
                  开始投放
                </Button>
              </Tooltip>
            )}
            {canAudit && o.status === S.showing && (
              <Button onClick={() => move('finish', '订单已完成')}>完成</Button>
            )}
            {canEdit && o.status !== S.finished && o.status !== S.cancelled && (
              <Button danger onClick={cancel}>
                取消订单
              </Button>
            )}
            {canListTasks && (
              <Button
                type="link"
                data-testid="ad-order-tasks"
                onClick={() => {
                  onClose();
                  navigate(`/ad/task?orderId=${o.id}`);
                }}
              >
                投放任务
              </Button>
            )}
          </Space>
          <Table
            rowKey="lineId"
            size="small"
            dataSource={o.lines}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: '点位编号', dataIndex: 'pointNo', width: 200 },
              { title: '地址', dataIndex: 'address', ellipsis: true },
              { title: '位置', dataIndex: 'positionLabel', width: 90 },
              { title: '媒介', dataIndex: 'mediumLabel', width: 90 },
              { title: '价格（元/周）', dataIndex: 'price', width: 110 },
              { title: '金额（元）', dataIndex: 'amount', width: 100 },
              { title: '点位状态', dataIndex: 'pointStateLabel', width: 90 },
              ...(draft
                ? [
                    {
                      title: '操作',
                      key: 'remove',
                      width: 70,
                      render: (_: unknown, line: AdOrderLine) => (
                        <Popconfirm
                          title={`从订单移除点位 ${line.pointNo}？`}
                          description={
                            o.pointCount <= 1 ? '订单至少保留一个点位，整单不要请取消订单' : undefined
                          }
                          okText="移除"
                          okButtonProps={{ danger: true }}
                          cancelText="返回"
                          onConfirm={() => removeLine(line)}
                        >
                          <RowAction danger data-testid="order-line-remove">
                            移除
                          </RowAction>
                        </Popconfirm>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
      {editing && (
        <BookingDialog
          mode={editing}
          onClose={async (made) => {
            setEditing(null);
            if (made) await client.invalidateQueries({ queryKey: ['ad'] });
          }}
        />
      )}
    </Drawer>
  );
}

/** 修改 from the list: the draft's lines are read first, then the booking dialog holds them. */
function EditOrder({ id, onClose }: { id: number; onClose: (made?: AdOrderDetail) => void }) {
  const detail = useQuery({
    queryKey: ['ad', 'order', id],
    queryFn: () => call(adOrderCalls.detail, { id }),
  });
  const failed = detail.isError;
  useEffect(() => {
    // The request layer showed the reason (e.g. the order is gone).
    if (failed) onClose();
  }, [failed, onClose]);
  // A fresh read: the version the dialog writes with is the order's current one.
  if (!detail.data || detail.isFetching) return null;
  return <BookingDialog mode={{ kind: 'edit', order: detail.data }} onClose={onClose} />;
}

/** 广告订单: the operator's orders; 预订点位 books points for dates; the drawer moves an order. */
export default function OrderPage() {
  const client = useQueryClient();
  const canEdit = useAdOperator(P.orderEdit);
  const [booking, setBooking] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const columns: ProColumns<AdOrderRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '订单编号或客户名称' },
    },
    {
      title: '订单编号',
      dataIndex: 'orderNo',
      key: 'orderNo',
      hideInSearch: true,
      width: 180,
      render: (_, r) => (
        <RowAction data-testid="order-link" onClick={() => setOpen(r.id)}>
          {r.orderNo}
        </RowAction>
      ),
    },
    { title: '客户', dataIndex: 'customName', key: 'customName', hideInSearch: true, ellipsis: true },
    { title: '开始日期', dataIndex: 'startDate', key: 'startDate', hideInSearch: true, width: 110 },
    { title: '结束日期', dataIndex: 'endDate', key: 'endDate', hideInSearch: true, width: 110 },
    { title: '点位数', dataIndex: 'pointCount', key: 'pointCount', hideInSearch: true, width: 80 },
    { title: '金额（元）', dataIndex: 'amount', key: 'amount', hideInSearch: true, width: 100 },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 90,
      valueType: 'select',
      valueEnum: stateEnum,
      render: (_, r) => <Tag color={STATE_COLOR[r.status]}>{r.statusLabel}</Tag>,
    },
    { title: '创建时间', dataIndex: 'createTime', key: 'createTime', hideInSearch: true, width: 170 },
    actionColumn<AdOrderRow>(110, (r) => [
      <RowAction key="detail" onClick={() => setOpen(r.id)}>
        详情
      </RowAction>,
      ...(canEdit && r.status === S.draft
        ? [
            <RowAction key="edit" data-testid="order-edit" onClick={() => setEditing(r.id)}>
              修改
            </RowAction>,
          ]
        : []),
    ]),
  ];
  return (
    <>
      <ContractTable<AdOrderRow>
        testId="ad-order-list"
        call={adOrderCalls.getOrderList}
        queryKey={['ad', 'orders']}
        columns={columns}
        add={{ label: '预订点位', onClick: () => setBooking(true), permission: P.orderEdit }}
        emptyText="暂无订单"
      />
      {booking && (
        <BookingDialog
          onClose={async (made) => {
            setBooking(false);
            await client.invalidateQueries({ queryKey: ['ad'] });
            if (made) setOpen(made.id);
          }}
        />
      )}
      {editing !== null && (
        <EditOrder
          id={editing}
          onClose={async (made) => {
            setEditing(null);
            if (made) await client.invalidateQueries({ queryKey: ['ad'] });
          }}
        />
      )}
      {open !== null && <OrderDrawer id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
