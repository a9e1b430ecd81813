import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idList, pageOf, paging, text } from '../common.ts';
import { dateField } from '../fields.ts';
import { orderPhoto } from './orders.ts';
import { CHECK_KINDS, type CheckKind } from './rules.ts';

/*
 * 监管核查 (DOMAIN.md §6.2): the findings the server computes when an order is submitted, on the
 * order-check page (工单核查) and the picture-check page (图片核查, spellings as the spec writes
 * them). A regulator marks each finding 确认违规 or 误报 once, with a note; confirmed findings lower the
 * maintenance company's incentive rating.
 */

export const CHECK_PERMISSIONS = { list: 'maintenance:check:list', edit: 'maintenance:check:edit' };
const OC = '/pc/maintenanceOrderCheck';
const PC = '/pc/maintenceorderPicCheck';

export const checkRow = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  address: z.string(),
  maintenanceCompanyName: z.string().nullable(),
  planDate: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  detail: z.string(),
  verdict: z.number().int(),
  verdictLabel: z.string(),
  note: z.string().nullable(),
  reviewerName: z.string().nullable(),
  reviewTime: z.string().nullable(),
  createTime: z.string(),
  /** Picture checks: the order's photos and, for a reused photo, the other order. */
  photos: z.array(orderPhoto),
  otherOrderNo: z.string().nullable(),
});
export type CheckRow = z.infer<typeof checkRow>;

const kinds = Object.keys(CHECK_KINDS) as [CheckKind, ...CheckKind[]];
const checkFilters = z.object({
  ...paging,
  kind: z.enum(kinds, { error: '核查类型不正确' }).optional(),
  verdict: z.coerce.number().int().min(0).max(2).optional(),
  maintenanceCompanyId: idField('维保单位').optional(),
  areaCode: text(12).optional(),
  keyword: text(50).optional(),
  dateFrom: dateField('开始日期').optional(),
  dateTo: dateField('结束日期').optional(),
});
const verdictInput = {
  verdict: z.coerce
    .number({ error: '请选择核查结论' })
    .int()
    .min(1, '请选择核查结论')
    .max(2, '请选择核查结论'),
  note: text(500).nullable().optional(),
};
const single = z.object({ id: idField('核查记录'), ...verdictInput });
const batch = z.object({ ids: idList, ...verdictInput });
const updated = z.object({ updated: z.number().int() });

const group = (base: string, label: string, batchMethod: 'PUT' | 'POST', listPath: string) => ({
  list: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${base}/${listPath}`,
    permission: CHECK_PERMISSIONS.list,
    summary: `${label}列表`,
    input: checkFilters,
    output: pageOf(checkRow),
  }),
  update: defineCall({
    domain: 'maintenance',
    method: 'PUT',
    path: `${base}/update`,
    permission: CHECK_PERMISSIONS.edit,
    summary: `${label}：标记一条（确认违规/误报）`,
    input: single,
    output: updated,
  }),
  updateByIds: defineCall({
    domain: 'maintenance',
    method: batchMethod,
    path: `${base}/updateByIds`,
    permission: CHECK_PERMISSIONS.edit,
    summary: `${label}：批量标记`,
    input: batch,
    output: updated,
  }),
});

export const orderCheckCalls = group(OC, '工单核查', 'PUT', 'selectMaintenanceOrderCheckList');
export const pictureCheckCalls = group(PC, '图片核查', 'POST', 'queryPage');
