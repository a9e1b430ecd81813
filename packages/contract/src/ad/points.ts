import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idList, pageOf, paging, text } from '../common.ts';
import { version } from '../fields.ts';
import { AD_MEDIUM_LABEL, AD_PERMISSIONS, AD_POINT_STATE_LABEL, AD_POSITION_LABEL } from './rules.ts';

/*
 * Points (广告点位, doc 001 §7.9 /adPoint; unnamed.md §C5 for the group counts). Verbs and the paths
 * the catalogue does not name are ours (docs/paths.md, "Advertising"). The operator sees its own
 * points, a use unit those in its lifts (read only), a regulator those of its districts, the
 * platform all.
 */

export const AD_POINT = '/adPoint';
const P = AD_PERMISSIONS;
const domain = 'ad';

const intIn = (label: string, values: Record<number, string>) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .refine((v) => v in values, `${label}不正确`);

export const adPosition = intIn('点位位置', AD_POSITION_LABEL);
export const adMedium = intIn('媒介类型', AD_MEDIUM_LABEL);
export const adPointState = intIn('点位状态', AD_POINT_STATE_LABEL);
/** 元 per period. */
export const adPrice = z.coerce
  .number({ error: '价格应为数字' })
  .int('价格应为整数（元）')
  .min(0, '价格不能为负数')
  .max(10_000_000, '价格超出范围');
const size = text(30).min(1, '请填写点位尺寸');

export const adPointRow = z.object({
  id: z.number().int(),
  pointNo: z.string(),
  companyId: z.number().int(),
  companyName: z.string().nullable(),
  elevatorId: z.number().int(),
  registerCode: z.string().nullable(),
  liftName: z.string().nullable(),
  address: z.string().nullable(),
  areaCode: z.string(),
  useCompanyId: z.number().int().nullable(),
  useCompanyName: z.string().nullable(),
  liftType: z.number().int(),
  useOccasion: z.string().nullable(),
  position: z.number().int(),
  positionLabel: z.string(),
  size: z.string(),
  medium: z.number().int(),
  mediumLabel: z.string(),
  price: z.number().int(),
  state: z.number().int(),
  stateLabel: z.string(),
  qrCode: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  remark: z.string().nullable(),
  version: z.number().int(),
  createTime: z.string(),
});
export type AdPointRow = z.infer<typeof adPointRow>;

/** A booking of a point (an order line), as the point's detail and the by-point export show it. */
export const adPointBooking = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  customName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
});
export type AdPointBooking = z.infer<typeof adPointBooking>;

export const adPointDetail = adPointRow.extend({ bookings: z.array(adPointBooking) });
export type AdPointDetail = z.infer<typeof adPointDetail>;

export const adPointFilters = z.object({
  ...paging,
  /** Point number, the lift's register code or words of its address. */
  keyword: text(50).optional(),
  areaCode: text(12).optional(),
  state: adPointState.optional(),
  medium: adMedium.optional(),
  position: adPosition.optional(),
  useCompanyId: idField('使用单位').optional(),
  elevatorId: idField('电梯').optional(),
  /** The platform and regulators may narrow to one operator. */
  companyId: idField('广告运营商').optional(),
});
export type AdPointFilters = z.input<typeof adPointFilters>;
const exportFilters = adPointFilters.omit({ page: true, limit: true });

export const adPointInput = z.object({
  elevatorId: idField('电梯'),
  position: adPosition,
  size,
  medium: adMedium,
  price: adPrice,
  remark: text(500).nullable().optional(),
});
export type AdPointInput = z.input<typeof adPointInput>;

export const adPointUpdate = z.object({
  id: idField('点位编号'),
  version,
  position: adPosition.optional(),
  size: size.optional(),
  medium: adMedium.optional(),
  price: adPrice.optional(),
  /** Only 空闲, 维修 and 停用 are set by hand (已预订 and 投放中 follow the orders). */
  state: adPointState.optional(),
  remark: text(500).nullable().optional(),
});
export type AdPointUpdate = z.input<typeof adPointUpdate>;

const liftIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z
    .array(idField('电梯'), { error: '电梯列表格式不正确' })
    .min(1, '请选择电梯')
    .max(2000, '一次最多为 2000 台电梯新增点位'),
);

export const adBatchAddInput = z.object({
  elevatorIds: liftIds,
  positions: z
    .array(adPosition, { error: '请选择点位位置' })
    .min(1, '请选择点位位置')
    .max(4)
    .refine((v) => new Set(v).size === v.length, '点位位置不能重复'),
  size,
  medium: adMedium,
  price: adPrice,
  remark: text(500).nullable().optional(),
});
export type AdBatchAddInput = z.input<typeof adBatchAddInput>;

/** A point on the map: [id, longitude, latitude, state, medium] (compact: the map holds thousands). */
export const adMapPoint = z.tuple([
  z.number().int(),
  z.number(),
  z.number(),
  z.number().int(),
  z.number().int(),
]);
export type AdMapPoint = z.infer<typeof adMapPoint>;

const groupCount = z.array(
  z.object({ key: z.string().nullable(), label: z.string(), count: z.number().int() }),
);
export type AdGroupCount = z.infer<typeof groupCount>;
const countFilters = z.object({ areaCode: text(12).optional(), companyId: idField('广告运营商').optional() });

export const adPointCalls = {
  list: defineCall({
    domain,
    method: 'GET',
    path: `${AD_POINT}/list`,
    permission: P.pointList,
    summary: '广告点位列表',
    input: adPointFilters,
    output: pageOf(adPointRow),
  }),
  detail: defineCall({
    domain,
    method: 'GET',
    path: `${AD_POINT}/{id}`,
    permission: P.pointList,
    summary: '广告点位详情（含预订）',
    input: z.object({ id: idField('点位编号') }),
    output: adPointDetail,
  }),
  add: defineCall({
    domain,
    method: 'POST',
    path: `${AD_POINT}/add`,
    permission: P.pointEdit,
    summary: '新增广告点位',
    input: adPointInput,
    output: adPointDetail,
  }),
  updatePoint: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_POINT}/updatePoint`,
    permission: P.pointEdit,
    summary: '修改广告点位',
    input: adPointUpdate,
    output: adPointDetail,
  }),
  updateBatch: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_POINT}/updateBatch`,
    permission: P.pointEdit,
    summary: '批量修改点位状态或价格',
    input: z
      .object({
        ids: idList,
        state: adPointState.optional(),
        price: adPrice.optional(),
      })
      .refine((v) => v.state !== undefined || v.price !== undefined, {
        message: '请选择要修改的状态或价格',
        path: ['state'],
      }),
    output: z.object({ updated: z.number().int() }),
  }),
  delete: defineCall({
    domain,
    method: 'DELETE',
    path: `${AD_POINT}/delete`,
    permission: P.pointEdit,
    summary: '删除广告点位',
    input: z.object({ ids: idList }),
    output: z.object({ deleted: z.number().int() }),
  }),
  batchAddPoint: defineCall({
    domain,
    method: 'POST',
    path: `${AD_POINT}/batchAddPoint`,
    permission: P.pointEdit,
    summary: '批量新增广告点位（多台电梯）',
    input: adBatchAddInput,
    output: z.object({ added: z.number().int(), skipped: z.number().int() }),
  }),
  getPointAll: defineCall({
    domain,
    method: 'GET',
    path: `${AD_POINT}/getPointAll`,
    permission: P.pointList,
    summary: '点位地图（全部有坐标的点位）',
    input: z.object({
      areaCode: text(12).optional(),
      state: adPointState.optional(),
      medium: adMedium.optional(),
    }),
    output: z.object({ points: z.array(adMapPoint), total: z.number().int() }),
  }),
  count: defineCall({
    domain,
    method: 'GET',
    path: `${AD_POINT}/count`,
    permission: P.pointList,
    summary: '点位数量（按状态）',
    input: countFilters,
    output: groupCount,
  }),
  countByArea: defineCall({
    domain,
    method: 'GET',
    path: `${AD_POINT}/countByArea`,
    permission: P.pointList,
    summary: '点位数量（按区域）',
    input: countFilters,
    output: groupCount,
  }),
  countByOccasion: defineCall({
    domain,
    method: 'GET',
    path: `${AD_POINT}/countByOccasion`,
    permission: P.pointList,
    summary: '点位数量（按使用场所）',
    input: countFilters,
    output: groupCount,
  }),
  countByLiftType: defineCall({
    domain,
    method: 'GET',
    path: `${AD_POINT}/countByLiftType`,
    permission: P.pointList,
    summary: '点位数量（按电梯类型）',
    input: countFilters,
    output: groupCount,
  }),
  export: defineCall({
    domain,
    method: 'GET',
    path: `${AD_POINT}/export`,
    permission: P.pointExport,
    summary: '导出广告点位（.xlsx，按列表筛选）',
    result: 'file',
    input: exportFilters,
    output: z.unknown(),
  }),
  exportByPoint: defineCall({
    domain,
    method: 'GET',
    path: `${AD_POINT}/exportByPoint`,
    permission: P.pointExport,
    summary: '导出所选点位及其预订（.xlsx）',
    result: 'file',
    input: z.object({ ids: idList }),
    output: z.unknown(),
  }),
  lifts: defineCall({
    domain,
    method: 'GET',
    path: `${AD_POINT}/lifts`,
    permission: P.pointEdit,
    summary: '可设点位的电梯（按注册代码、地址、区域查找）',
    input: z.object({ keyword: text(50).optional(), areaCode: text(12).optional() }),
    output: z.array(
      z.object({
        id: z.number().int(),
        registerCode: z.string(),
        name: z.string().nullable(),
        address: z.string(),
        areaCode: z.string(),
        useOccasion: z.string().nullable(),
      }),
    ),
  }),
  getPointAllExport: defineCall({
    domain,
    method: 'GET',
    path: `${AD_POINT}/getPointAllExport`,
    permission: P.pointExport,
    summary: '导出点位地图的点位（含坐标，.xlsx）',
    result: 'file',
    // The map's own filters: the export holds the points the map shows (those with coordinates).
    input: z.object({
      areaCode: text(12).optional(),
      state: adPointState.optional(),
      medium: adMedium.optional(),
    }),
    output: z.unknown(),
  }),
};
