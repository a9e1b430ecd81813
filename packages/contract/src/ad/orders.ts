import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageOf, paging, text } from '../common.ts';
import { dateField, version } from '../fields.ts';
import { adMedium, adPosition } from './points.ts';
import {
  AD_MAX_BOOKING_DAYS,
  AD_MAX_ORDER_POINTS,
  AD_ORDER_STATE_LABEL,
  AD_PERMISSIONS,
  adBookingDays,
} from './rules.ts';

/*
 * Orders (广告订单, doc 001 §7.9 /adOrder): a customer of the operator books points for a date range.
 * A point is in one holding order per day (the database's exclusion constraint: a booking that
 * overlaps another answers 409 with the points that are taken). The amount is the server's: every
 * point's price per period × the started periods of the dates (AD_PERIOD_DAYS). States move
 * 草稿 → 待审核 → 已确认 → 投放中 → 已完成, or 已取消 (frees the points); confirming tells the
 * tasks part (install tasks per point). Verbs and the designed paths: docs/paths.md.
 */

export const AD_ORDER = '/adOrder';
const P = AD_PERMISSIONS;
const domain = 'ad';

const orderState = z.coerce
  .number({ error: '状态应为数字' })
  .int('状态应为整数')
  .refine((v) => v in AD_ORDER_STATE_LABEL, '订单状态不正确');

const pointIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z
    .array(idField('点位'), { error: '点位列表格式不正确' })
    .min(1, '请选择点位')
    .max(AD_MAX_ORDER_POINTS, `一个订单最多 ${AD_MAX_ORDER_POINTS} 个点位`)
    .refine((v) => new Set(v).size === v.length, '点位不能重复'),
);

/** A date range (inclusive), at most AD_MAX_BOOKING_DAYS long. */
const period = {
  startDate: dateField('开始日期'),
  endDate: dateField('结束日期'),
};
const periodRules = <T extends z.ZodType<{ startDate?: string; endDate?: string }>>(schema: T) =>
  schema
    .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
      message: '结束日期不能早于开始日期',
      path: ['endDate'],
    })
    .refine(
      (v) => !v.startDate || !v.endDate || adBookingDays(v.startDate, v.endDate) <= AD_MAX_BOOKING_DAYS,
      {
        message: `投放期最长 ${AD_MAX_BOOKING_DAYS} 天`,
        path: ['endDate'],
      },
    );

export const adOrderRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  companyId: z.number().int(),
  companyName: z.string().nullable(),
  customId: z.number().int(),
  customName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  days: z.number().int(),
  periods: z.number().int(),
  status: z.number().int(),
  statusLabel: z.string(),
  /** 元 */
  amount: z.number().int(),
  pointCount: z.number().int(),
  intentionId: z.number().int().nullable(),
  content: z.string().nullable(),
  remark: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  version: z.number().int(),
  createTime: z.string(),
});
export type AdOrderRow = z.infer<typeof adOrderRow>;

export const adOrderLine = z.object({
  lineId: z.number().int(),
  pointId: z.number().int(),
  pointNo: z.string(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  address: z.string().nullable(),
  areaCode: z.string(),
  positionLabel: z.string(),
  mediumLabel: z.string(),
  size: z.string(),
  pointState: z.number().int(),
  pointStateLabel: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** 元 per period, as booked. */
  price: z.number().int(),
  amount: z.number().int(),
  active: z.boolean(),
});
export type AdOrderLine = z.infer<typeof adOrderLine>;

export const adOrderDetail = adOrderRow.extend({ lines: z.array(adOrderLine) });
export type AdOrderDetail = z.infer<typeof adOrderDetail>;

export const adOrderFilters = z.object({
  ...paging,
  /** Order number or the customer's name. */
  keyword: text(50).optional(),
  status: orderState.optional(),
  customId: idField('客户').optional(),
  /** Orders whose dates touch this range. */
  from: dateField('开始日期').optional(),
  to: dateField('结束日期').optional(),
});
export type AdOrderFilters = z.input<typeof adOrderFilters>;

export const adOrderInput = periodRules(
  z.object({
    customId: idField('客户'),
    ...period,
    pointIds,
    content: text(200).nullable().optional(),
    remark: text(500).nullable().optional(),
    /** The lead it comes from (marks it 已成交). */
    intentionId: idField('意向编号').optional(),
  }),
);
export type AdOrderInput = z.input<typeof adOrderInput>;

export const adOrderUpdate = periodRules(
  z.object({
    id: idField('订单编号'),
    version,
    customId: idField('客户').optional(),
    startDate: dateField('开始日期').optional(),
    endDate: dateField('结束日期').optional(),
    /** The whole set of points (omitted: kept). */
    pointIds: pointIds.optional(),
    content: text(200).nullable().optional(),
    remark: text(500).nullable().optional(),
  }),
);
export type AdOrderUpdate = z.input<typeof adOrderUpdate>;

const move = z.object({ id: idField('订单编号'), version });

/** A point free for the dates (the availability search), with its price for them. */
export const adAvailablePoint = z.object({
  id: z.number().int(),
  pointNo: z.string(),
  registerCode: z.string(),
  liftName: z.string().nullable(),
  address: z.string().nullable(),
  areaCode: z.string(),
  position: z.number().int(),
  positionLabel: z.string(),
  medium: z.number().int(),
  mediumLabel: z.string(),
  size: z.string(),
  state: z.number().int(),
  stateLabel: z.string(),
  price: z.number().int(),
  /** 元 for the dates asked. */
  amount: z.number().int(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
});
export type AdAvailablePoint = z.infer<typeof adAvailablePoint>;

export const adAvailabilityFilters = periodRules(
  z.object({
    ...paging,
    ...period,
    keyword: text(50).optional(),
    areaCode: text(12).optional(),
    medium: adMedium.optional(),
    position: adPosition.optional(),
    /** An order being edited: its own lines do not count as taken. */
    orderId: idField('订单编号').optional(),
  }),
);
export type AdAvailabilityFilters = z.input<typeof adAvailabilityFilters>;

export const adQuote = z.object({
  days: z.number().int(),
  periods: z.number().int(),
  pointCount: z.number().int(),
  amount: z.number().int(),
});
export type AdQuote = z.infer<typeof adQuote>;

export const adOrderCalls = {
  getOrderList: defineCall({
    domain,
    method: 'GET',
    path: `${AD_ORDER}/getOrderList`,
    permission: P.orderList,
    summary: '广告订单列表',
    input: adOrderFilters,
    output: pageOf(adOrderRow),
  }),
  detail: defineCall({
    domain,
    method: 'GET',
    path: `${AD_ORDER}/{id}`,
    permission: P.orderList,
    summary: '广告订单详情（含点位）',
    input: z.object({ id: idField('订单编号') }),
    output: adOrderDetail,
  }),
  add: defineCall({
    domain,
    method: 'POST',
    path: `${AD_ORDER}/add`,
    permission: P.orderEdit,
    summary: '新建广告订单（预订点位，草稿）',
    input: adOrderInput,
    output: adOrderDetail,
  }),
  update: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_ORDER}/update`,
    permission: P.orderEdit,
    summary: '修改广告订单（草稿）',
    input: adOrderUpdate,
    output: adOrderDetail,
  }),
  addUserOrder: defineCall({
    domain,
    method: 'POST',
    path: `${AD_ORDER}/addUserOrder`,
    permission: P.orderEdit,
    summary: '向订单追加点位（草稿）',
    input: z.object({ id: idField('订单编号'), version, pointIds }),
    output: adOrderDetail,
  }),
  delUserOrder: defineCall({
    domain,
    method: 'POST',
    path: `${AD_ORDER}/delUserOrder`,
    permission: P.orderEdit,
    summary: '从订单移除点位（草稿）',
    input: z.object({ id: idField('订单编号'), version, pointIds }),
    output: adOrderDetail,
  }),
  submit: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_ORDER}/submit`,
    permission: P.orderEdit,
    summary: '提交订单审核（草稿 → 待审核）',
    input: move,
    output: adOrderDetail,
  }),
  confirm: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_ORDER}/confirm`,
    permission: P.orderAudit,
    summary: '确认订单（待审核 → 已确认，生成安装任务）',
    input: move,
    output: adOrderDetail,
  }),
  reject: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_ORDER}/reject`,
    permission: P.orderAudit,
    summary: '退回订单（待审核 → 草稿）',
    input: move,
    output: adOrderDetail,
  }),
  start: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_ORDER}/start`,
    permission: P.orderAudit,
    summary: '开始投放（已确认 → 投放中）',
    input: move,
    output: adOrderDetail,
  }),
  finish: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_ORDER}/finish`,
    permission: P.orderAudit,
    summary: '完成订单（投放中 → 已完成，释放点位）',
    input: move,
    output: adOrderDetail,
  }),
  cancel: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_ORDER}/cancel`,
    permission: P.orderEdit,
    summary: '取消订单（释放点位）',
    input: move.extend({ reason: text(200).min(1, '请填写取消原因') }),
    output: adOrderDetail,
  }),
  available: defineCall({
    domain,
    method: 'GET',
    path: `${AD_ORDER}/available`,
    permission: P.orderList,
    summary: '可预订点位（按日期查询空闲点位）',
    input: adAvailabilityFilters,
    output: pageOf(adAvailablePoint),
  }),
  quote: defineCall({
    domain,
    method: 'GET',
    path: `${AD_ORDER}/quote`,
    permission: P.orderList,
    summary: '订单报价（服务器按点位价格与投放期计算）',
    input: periodRules(z.object({ ...period, pointIds })),
    output: adQuote,
  }),
};
