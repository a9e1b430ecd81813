import type { ProColumns } from '@ant-design/pro-components';
import {
  AD_MEDIUM_LABEL,
  AD_ORDER_STATE,
  AD_ORDER_STATE_LABEL,
  type AdAvailablePoint,
  type AdOrderDetail,
  type AdOrderRow,
  adCustomCalls,
  adOrderCalls,
  areaLabel,
  AD_PERMISSIONS as P,
} from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useAdOperator } from '../access.ts';

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
const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The booking dialog: customer, dates, the points free for them (the server's search), its price. */
function BookingDialog({ onClose }: { onClose: (made?: AdOrderDetail) => void }) {
  const { message } = App.useApp();
  const [customId, setCustomId] = useState<number>();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const start = dayjs().add(1, 'month').startOf('month');
    return [start, start.endOf('month')];
  });
  const [keyword, setKeyword] = useState('');
  const [medium, setMedium] = useState<number>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const startDate = day(range[0]);
  const endDate = day(range[1]);
  const customs = useQuery({ queryKey: ['ad', 'custom-all'], queryFn: () => call(adCustomCalls.all, {}) });
  const available = useQuery({
    queryKey: ['ad', 'available', startDate, endDate, keyword, medium, page],
    queryFn: () =>
      call(adOrderCalls.available, {
        startDate,
        endDate,
        keyword: keyword || undefined,
        medium,
        page,
        limit: 20,
      }),
  });
  const quote = useQuery({
    queryKey: ['ad', 'quote', startDate, endDate, selected],
    queryFn: () => call(adOrderCalls.quote, { startDate, endDate, pointIds: selected }),
    enabled: selected.length > 0,
  });
  const submit = async () => {
    if (!customId) return message.warning('请选择客户');
    if (selected.length === 0) return message.warning('请选择点位');
    setSaving(true);
    try {
      const made = await call(adOrderCalls.add, { customId, startDate, endDate, pointIds: selected });
      message.success(`已预订 ${made.pointCount} 个点位（订单 ${made.orderNo}）`);
      onClose(made);
    } catch {
      // The request layer showed the reason (e.g. a point taken meanwhile).
      await available.refetch();
    } finally {
      setSaving(false);
    }
  };
  const columns = [
    { title: '点位编号', dataIndex: 'pointNo', width: 200 },
    { title: '地址', dataIndex: 'address', ellipsis: true },
    { title: '区域', dataIndex: 'areaCode', width: 90, render: (c: string) => areaLabel(c) ?? c },
    { title: '位置', dataIndex: 'positionLabel', width: 90 },
    { title: '媒介', dataIndex: 'mediumLabel', width: 90 },
    { title: '价格（元/周）', dataIndex: 'price', width: 110 },
    { title: '本期金额（元）', dataIndex: 'amount', width: 120 },
  ];
  return (
    <Modal
      open
      title="预订点位"
      width={1100}
      okText="预订"
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => onClose()}
      maskClosable={false}
      className="ad-booking"
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          data-testid="booking-custom"
          placeholder="选择客户"
          style={{ width: 260 }}
          showSearch
          optionFilterProp="label"
          value={customId}
          onChange={setCustomId}
          options={(customs.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <DatePicker.RangePicker
          data-testid="booking-dates"
          value={range}
          allowClear={false}
          onChange={(v) => {
            if (v?.[0] && v[1]) {
              setRange([v[0], v[1]]);
              setSelected([]);
              setPage(1);
            }
          }}
        />
        <Input.Search
          placeholder="点位编号、注册代码或地址"
          allowClear
          style={{ width: 240 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Select
          placeholder="媒介"
          allowClear
          style={{ width: 120 }}
          value={medium}
          onChange={(v) => {
            setMedium(v);
            setPage(1);
          }}
          options={Object.entries(AD_MEDIUM_LABEL).map(([v, label]) => ({ value: Number(v), label }))}
        />
      </Space>
      <Table<AdAvailablePoint>
        data-testid="booking-points"
        rowKey="id"
        size="small"
        loading={available.isFetching}
        columns={columns}
        dataSource={available.data?.records ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as number[]),
        }}
        pagination={{
          current: page,
          pageSize: 20,
          total: available.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => `${startDate} 至 ${endDate} 可预订 ${n} 个点位`,
          onChange: setPage,
        }}
        scroll={{ y: 360 }}
      />
      <Typography.Paragraph data-testid="booking-quote" strong style={{ marginTop: 12 }}>
        已选 {selected.length} 个点位
        {quote.data
          ? `，${quote.data.days} 天（${quote.data.periods} 个计费周期），合计 ${quote.data.amount} 元`
          : ''}
      </Typography.Paragraph>
    </Modal>
  );
}

/** An order's lines and its moves. */
function OrderDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const canEdit = useAdOperator(P.orderEdit);
  const canAudit = useAdOperator(P.orderAudit);
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
            {canEdit && o.status === S.draft && (
              <Button type="primary" onClick={() => move('submit', '已提交审核')}>
                提交审核
              </Button>
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
              <Button type="primary" onClick={() => move('start', '已开始投放')}>
                开始投放
              </Button>
            )}
            {canAudit && o.status === S.showing && (
              <Button onClick={() => move('finish', '订单已完成')}>完成</Button>
            )}
            {canEdit && o.status !== S.finished && o.status !== S.cancelled && (
              <Button danger onClick={cancel}>
                取消订单
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
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

/** 广告订单: the operator's orders; 预订点位 books points for dates; the drawer moves an order. */
export default function OrderPage() {
  const client = useQueryClient();
  const [booking, setBooking] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
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
    actionColumn<AdOrderRow>(80, (r) => [
      <RowAction key="detail" onClick={() => setOpen(r.id)}>
        详情
      </RowAction>,
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
      {open !== null && <OrderDrawer id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
