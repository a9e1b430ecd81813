import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idList, pageOf, paging, requiredText, text } from '../common.ts';
import { optionalDate, phoneInput, version } from '../fields.ts';
import { AD_INTENTION_STATE_LABEL, AD_PERMISSIONS } from './rules.ts';

/*
 * Customers (广告客户, /adCustom) and the partner channel's leads (广电意向客户: /adIntention for
 * the operator's follow-up, /gxgdOrder for the leads the channel hands in), doc 001 §7.9. Verbs
 * are ours (docs/paths.md, "Advertising"). An operator sees and writes its own; the platform reads.
 */

export const AD_CUSTOM = '/adCustom';
export const AD_INTENTION = '/adIntention';
export const GXGD_ORDER = '/gxgdOrder';
const P = AD_PERMISSIONS;
const domain = 'ad';

export const adCustomRow = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  contactName: z.string().nullable(),
  /** Masked (138****1234). */
  contactPhone: z.string().nullable(),
  industry: z.string().nullable(),
  address: z.string().nullable(),
  remark: z.string().nullable(),
  orderCount: z.number().int(),
  version: z.number().int(),
  createTime: z.string(),
});
export type AdCustomRow = z.infer<typeof adCustomRow>;

const customFields = {
  name: requiredText('客户名称', 60),
  contactName: text(30).nullable().optional(),
  // A number shown masked may come back unchanged: the stored one is kept.
  contactPhone: phoneInput({ label: '联系电话', maskedOk: true }).nullable().optional(),
  industry: text(30).nullable().optional(),
  address: text(120).nullable().optional(),
  remark: text(500).nullable().optional(),
};

export const adCustomCalls = {
  list: defineCall({
    domain,
    method: 'GET',
    path: `${AD_CUSTOM}/list`,
    permission: P.customList,
    summary: '广告客户列表',
    input: z.object({ ...paging, keyword: text(50).optional() }),
    output: pageOf(adCustomRow),
  }),
  all: defineCall({
    domain,
    method: 'GET',
    path: `${AD_CUSTOM}/all`,
    permission: P.customList,
    summary: '全部广告客户（选择用）',
    input: z.object({ keyword: text(50).optional() }),
    output: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  add: defineCall({
    domain,
    method: 'POST',
    path: `${AD_CUSTOM}/add`,
    permission: P.customEdit,
    summary: '新增广告客户',
    input: z.object(customFields),
    output: adCustomRow,
  }),
  update: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_CUSTOM}/update`,
    permission: P.customEdit,
    summary: '修改广告客户',
    input: z.object({
      id: idField('客户编号'),
      version,
      ...customFields,
      name: customFields.name.optional(),
    }),
    output: adCustomRow,
  }),
  delete: defineCall({
    domain,
    method: 'DELETE',
    path: `${AD_CUSTOM}/delete`,
    permission: P.customEdit,
    summary: '删除广告客户（无订单的）',
    input: z.object({ ids: idList }),
    output: z.object({ deleted: z.number().int() }),
  }),
};

const intentionState = z.coerce
  .number({ error: '状态应为数字' })
  .int('状态应为整数')
  .refine((v) => v in AD_INTENTION_STATE_LABEL, '状态不正确');

export const adIntentionRow = z.object({
  id: z.number().int(),
  intentionNo: z.string(),
  companyId: z.number().int(),
  companyName: z.string().nullable(),
  channel: z.string(),
  customerName: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  areaCode: z.string().nullable(),
  demand: z.string().nullable(),
  budget: z.number().int().nullable(),
  pointCount: z.number().int().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.number().int(),
  statusLabel: z.string(),
  followNote: z.string().nullable(),
  customId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  handledByName: z.string().nullable(),
  version: z.number().int(),
  createTime: z.string(),
});
export type AdIntentionRow = z.infer<typeof adIntentionRow>;

export const adIntentionFilters = z.object({
  ...paging,
  keyword: text(50).optional(),
  status: intentionState.optional(),
  areaCode: text(12).optional(),
});
export type AdIntentionFilters = z.input<typeof adIntentionFilters>;
const intentionExportFilters = adIntentionFilters.omit({ page: true, limit: true });

/** A lead as the partner channel hands it in (or the operator records it). */
export const gxgdLeadInput = z
  .object({
    /** Absent: a new lead. */
    id: idField('意向编号').optional(),
    version: version.optional(),
    customerName: requiredText('客户名称', 60),
    contactName: text(30).nullable().optional(),
    contactPhone: phoneInput({ label: '联系电话', maskedOk: true }).nullable().optional(),
    areaCode: text(12).nullable().optional(),
    demand: text(500).nullable().optional(),
    budget: z.coerce
      .number({ error: '预算应为数字' })
      .int('预算应为整数（元）')
      .min(0, '预算不能为负数')
      .max(1_000_000_000, '预算超出范围')
      .nullable()
      .optional(),
    pointCount: z.coerce
      .number({ error: '点位数量应为数字' })
      .int('点位数量应为整数')
      .min(0, '点位数量不能为负数')
      .max(100_000, '点位数量超出范围')
      .nullable()
      .optional(),
    startDate: optionalDate('开始日期'),
    endDate: optionalDate('结束日期'),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    message: '结束日期不能早于开始日期',
    path: ['endDate'],
  })
  .refine((v) => v.id === undefined || v.version !== undefined, {
    message: '修改意向时缺少版本号',
    path: ['version'],
  });
export type GxgdLeadInput = z.input<typeof gxgdLeadInput>;

export const adIntentionCalls = {
  getGxgdIntentionList: defineCall({
    domain,
    method: 'POST',
    path: `${AD_INTENTION}/getGxgdIntentionList`,
    permission: P.intentionList,
    summary: '广电意向客户列表',
    reads: true,
    input: adIntentionFilters,
    output: pageOf(adIntentionRow),
  }),
  exportExcel: defineCall({
    domain,
    method: 'POST',
    path: `${AD_INTENTION}/exportExcel`,
    permission: P.intentionExport,
    summary: '导出广电意向客户（.xlsx）',
    result: 'file',
    input: intentionExportFilters,
    output: z.unknown(),
  }),
  /** 受理: 待跟进 → 已受理; makes (or finds by name) the operator's customer. */
  accepted: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_INTENTION}/accepted`,
    permission: P.intentionEdit,
    summary: '受理意向客户（转为广告客户）',
    input: z.object({ id: idField('意向编号'), version, followNote: text(500).nullable().optional() }),
    output: adIntentionRow,
  }),
  /** 跟进: the note, or 放弃 (from 待跟进 or 已受理). */
  save: defineCall({
    domain,
    method: 'PUT',
    path: `${AD_INTENTION}/save`,
    permission: P.intentionEdit,
    summary: '跟进意向客户（记录或放弃）',
    input: z.object({
      id: idField('意向编号'),
      version,
      followNote: text(500).nullable().optional(),
      drop: z.boolean({ error: '放弃应为是或否' }).optional(),
    }),
    output: adIntentionRow,
  }),
};

export const gxgdOrderCalls = {
  queryPage: defineCall({
    domain,
    method: 'GET',
    path: `${GXGD_ORDER}/queryPage`,
    permission: P.intentionList,
    summary: '广电渠道意向单列表',
    input: adIntentionFilters,
    output: pageOf(adIntentionRow),
  }),
  save: defineCall({
    domain,
    method: 'POST',
    path: `${GXGD_ORDER}/save`,
    permission: P.intentionEdit,
    summary: '录入或修改广电渠道意向单',
    input: gxgdLeadInput,
    output: adIntentionRow,
  }),
  exportExcel: defineCall({
    domain,
    method: 'POST',
    path: `${GXGD_ORDER}/exportExcel`,
    permission: P.intentionExport,
    summary: '导出广电渠道意向单（.xlsx）',
    result: 'file',
    input: intentionExportFilters,
    output: z.unknown(),
  }),
  findById: defineCall({
    domain,
    method: 'POST',
    path: `${GXGD_ORDER}/findById/{id}`,
    permission: P.intentionList,
    summary: '广电渠道意向单详情',
    reads: true,
    input: z.object({ id: idField('意向编号') }),
    output: adIntentionRow,
  }),
};
