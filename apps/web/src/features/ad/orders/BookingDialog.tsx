import {
  AD_MEDIUM_LABEL,
  type AdAvailablePoint,
  type AdOrderDetail,
  adCustomCalls,
  adOrderCalls,
  areaLabel,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../../lib/api.ts';
import { shanghaiDay } from '../../../lib/format.ts';

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The lead a booking comes from (广电意向, 已受理): its customer and wished dates preselected. */
export interface BookingLead {
  id: number;
  customId: number | null;
  customerName: string;
  startDate: string | null;
  endDate: string | null;
}

/**
 * What the dialog does: book a new order (from a lead or not), change a draft (its customer, dates
 * and whole set of points: 修改), or add points to a draft for its own dates (追加点位).
 */
/** A point chosen on 点位地图 to book. */
export interface MapChoice {
  id: number;
  pointNo: string;
}

export type BookingMode =
  /** A new order: for a lead (its customer and dates), or for the points chosen on 点位地图. */
  | { kind: 'new'; lead?: BookingLead; points?: MapChoice[] }
  | { kind: 'edit'; order: AdOrderDetail }
  | { kind: 'append'; order: AdOrderDetail };

const nextMonth = (today: Dayjs): [Dayjs, Dayjs] => {
  const start = today.add(1, 'month').startOf('month');
  return [start, start.endOf('month')];
};

/**
 * The dates a booking opens with: the order's, the lead's when still ahead, else next month, all
 * counted from Shanghai's today (as the server counts them).
 */
export function initialRange(mode: BookingMode, today = shanghaiDay()): [Dayjs, Dayjs] {
  if (mode.kind !== 'new') return [dayjs(mode.order.startDate), dayjs(mode.order.endDate)];
  const { lead } = mode;
  if (lead?.startDate && lead.endDate && !dayjs(lead.startDate).isBefore(today, 'day'))
    return [dayjs(lead.startDate), dayjs(lead.endDate)];
  return nextMonth(today);
}

const TITLE = { new: '预订点位', edit: '修改订单', append: '追加点位' } as const;
const OK = { new: '预订', edit: '保存修改', append: '追加' } as const;

/**
 * The booking dialog: customer, dates, the points free for them (the server's search), its price.
 * One form for booking, changing a draft and adding points to it.
 */
export function BookingDialog({
  mode = { kind: 'new' },
  onClose,
}: {
  mode?: BookingMode;
  onClose: (made?: AdOrderDetail) => void;
}) {
  const { message } = App.useApp();
  const order = mode.kind === 'new' ? undefined : mode.order;
  const lead = mode.kind === 'new' ? mode.lead : undefined;
  const [customId, setCustomId] = useState<number | undefined>(
    order?.customId ?? lead?.customId ?? undefined,
  );
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => initialRange(mode));
  const [keyword, setKeyword] = useState('');
  const [medium, setMedium] = useState<number>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>(() =>
    mode.kind === 'edit'
      ? mode.order.lines.map((l) => l.pointId)
      : mode.kind === 'new'
        ? (mode.points ?? []).map((p) => p.id)
        : [],
  );
  // Points chosen before the dialog opened (a draft's, the map's) stay chosen when the dates change:
  // the server refuses one that is taken for the new dates, and says which.
  const keepsPoints = mode.kind === 'edit' || (mode.kind === 'new' && (mode.points?.length ?? 0) > 0);
  const [saving, setSaving] = useState(false);
  const startDate = day(range[0]);
  const endDate = day(range[1]);
  const fixed = mode.kind === 'append';
  const customs = useQuery({ queryKey: ['ad', 'custom-all'], queryFn: () => call(adCustomCalls.all, {}) });
  // Changing a draft: its own lines count as free. Adding points: they count as taken (not listed).
  const orderId = mode.kind === 'edit' ? mode.order.id : undefined;
  const available = useQuery({
    queryKey: ['ad', 'available', startDate, endDate, keyword, medium, page, orderId],
    queryFn: () =>
      call(adOrderCalls.available, {
        startDate,
        endDate,
        keyword: keyword || undefined,
        medium,
        page,
        limit: 20,
        orderId,
      }),
  });
  const quote = useQuery({
    queryKey: ['ad', 'quote', startDate, endDate, selected],
    queryFn: () => call(adOrderCalls.quote, { startDate, endDate, pointIds: selected }),
    enabled: selected.length > 0,
  });
  const save = async (): Promise<AdOrderDetail> => {
    if (mode.kind === 'edit') {
      const made = await call(adOrderCalls.update, {
        id: mode.order.id,
        version: mode.order.version,
        customId,
        startDate,
        endDate,
        pointIds: selected,
      });
      message.success(`已修改订单 ${made.orderNo}（${made.pointCount} 个点位，${made.amount} 元）`);
      return made;
    }
    if (mode.kind === 'append') {
      const made = await call(adOrderCalls.addUserOrder, {
        id: mode.order.id,
        version: mode.order.version,
        pointIds: selected,
      });
      message.success(`已追加 ${made.pointCount - mode.order.pointCount} 个点位（订单 ${made.orderNo}）`);
      return made;
    }
    const made = await call(adOrderCalls.add, {
      customId: customId as number,
      startDate,
      endDate,
      pointIds: selected,
      intentionId: lead?.id,
    });
    message.success(
      `已预订 ${made.pointCount} 个点位（订单 ${made.orderNo}）${lead ? `，意向客户「${lead.customerName}」已成交` : ''}`,
    );
    return made;
  };
  const submit = async () => {
    if (!customId) return message.warning('请选择客户');
    if (selected.length === 0) return message.warning('请选择点位');
    setSaving(true);
    try {
      onClose(await save());
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
  const title = order
    ? `${TITLE[mode.kind]} ${order.orderNo}`
    : lead
      ? `为 ${lead.customerName} 下单`
      : TITLE.new;
  return (
    <Modal
      open
      title={title}
      width={1100}
      okText={OK[mode.kind]}
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
          disabled={fixed}
          value={customId}
          onChange={setCustomId}
          options={(customs.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <DatePicker.RangePicker
          data-testid="booking-dates"
          value={range}
          allowClear={false}
          disabled={fixed}
          onChange={(v) => {
            if (v?.[0] && v[1]) {
              setRange([v[0], v[1]]);
              // A new booking starts over; a draft or the map's choice keeps its points.
              if (!keepsPoints) setSelected([]);
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
      {mode.kind === 'new' && mode.points && mode.points.length > 0 && (
        <Typography.Paragraph data-testid="booking-map-choice" style={{ marginBottom: 8 }}>
          地图上选定的点位：
          {mode.points.map((p) => (
            <Tag key={p.id}>{p.pointNo}</Tag>
          ))}
        </Typography.Paragraph>
      )}
      <Table<AdAvailablePoint>
        data-testid="booking-points"
        rowKey="id"
        size="small"
        loading={available.isFetching}
        columns={columns}
        dataSource={available.data?.records ?? []}
        locale={{ emptyText: `${startDate} 至 ${endDate} 没有可预订的点位` }}
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
        {mode.kind === 'append' ? `已有 ${mode.order.pointCount} 个点位，追加 ` : '已选 '}
        {selected.length} 个点位
        {quote.data
          ? `，${quote.data.days} 天（${quote.data.periods} 个计费周期），合计 ${quote.data.amount} 元`
          : ''}
      </Typography.Paragraph>
    </Modal>
  );
}
