import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idList, pageOf, paging, text } from '../common.ts';
import { dateField, fileIdField, liftKindFilters, version } from '../fields.ts';
import { ITEM_RESULTS } from './rules.ts';

/*
 * Maintenance work orders (维保工单, doc 001 §7.6): the list, the detail and its tabs (log, parts,
 * workers), the use unit's confirmation, the regulator's audit, the tamper-evidence check and the
 * PDF records.
 */

export const MO = '/pc/maintenanceOrder';
export const ORDER_PERMISSIONS = {
  list: 'maintenance:order:list',
  work: 'maintenance:order:work',
  confirm: 'maintenance:order:confirm',
  audit: 'maintenance:order:audit',
  export: 'maintenance:order:export',
} as const;

export const maintenanceOrderRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  address: z.string(),
  areaCode: z.string().nullable(),
  kind: z.number().int(),
  kindLabel: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  planDate: z.string(),
  signInTime: z.string().nullable(),
  signOutTime: z.string().nullable(),
  /** Minutes between sign-in and sign-out, when both are known. */
  durationMinutes: z.number().int().nullable(),
  workers: z.array(z.string()),
  maintenanceCompanyId: z.number().int().nullable(),
  maintenanceCompanyName: z.string().nullable(),
  useCompanyId: z.number().int().nullable(),
  useCompanyName: z.string().nullable(),
  /** Open findings of the regulator's checks (待核查 or 确认违规). */
  findingCount: z.number().int(),
  /** Planned before today and not yet submitted. */
  late: z.boolean(),
  /** The order this one redoes (a rejected record is never edited; a new one points to it). */
  correctsOrderId: z.number().int().nullable(),
  version: z.number().int(),
});
export type MaintenanceOrderRow = z.infer<typeof maintenanceOrderRow>;

/** One checklist line of a record: the template's item and what the worker found. */
export const orderItem = z.object({
  itemId: z.number().int().nullable(),
  seq: z.number().int(),
  name: z.string(),
  kind: z.number().int(),
  kindLabel: z.string(),
  requirement: z.string().nullable(),
  /** The item has a measured value (e.g. 啮合长度 mm). */
  measured: z.boolean(),
  unit: z.string().nullable(),
  result: z.enum(ITEM_RESULTS).nullable(),
  value: z.string().nullable(),
  note: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const orderPart = z.object({
  name: z.string(),
  model: z.string().nullable(),
  quantity: z.number().int(),
});
export type OrderPart = z.infer<typeof orderPart>;

export const orderPhoto = z.object({
  fileId: z.string(),
  label: z.string(),
  /** SHA-256 of the file's content (the duplicate-photo check compares it). */
  sha256: z.string(),
});
export type OrderPhoto = z.infer<typeof orderPhoto>;

export const orderFinding = z.object({
  id: z.number().int(),
  kind: z.string(),
  kindLabel: z.string(),
  detail: z.string(),
  verdict: z.number().int(),
  verdictLabel: z.string(),
  note: z.string().nullable(),
});

export const maintenanceOrderDetail = maintenanceOrderRow.extend({
  templateName: z.string().nullable(),
  templateVersion: z.number().int().nullable(),
  items: z.array(orderItem),
  parts: z.array(orderPart),
  photos: z.array(orderPhoto),
  requiredPhotos: z.array(z.string()),
  signInDistanceM: z.number().int().nullable(),
  /** Where the worker signed out, as metres from the lift (null: not signed out, or no coordinates). */
  signOutDistanceM: z.number().int().nullable(),
  /** When the signed-out record was submitted with the worker's signature. */
  submitTime: z.string().nullable(),
  workerSignatureFileId: z.string().nullable(),
  remark: z.string().nullable(),
  /** The use unit's safety officer who confirmed the record, and when. */
  confirmedBy: z.string().nullable(),
  confirmTime: z.string().nullable(),
  confirmSignatureFileId: z.string().nullable(),
  confirmRemark: z.string().nullable(),
  auditedBy: z.string().nullable(),
  auditTime: z.string().nullable(),
  auditRemark: z.string().nullable(),
  /** The redo made after a rejection. */
  redoneByOrderId: z.number().int().nullable(),
  contentHash: z.string().nullable(),
  chainHash: z.string().nullable(),
  findings: z.array(orderFinding),
  /** The lift's coordinates, for the worker's sign-in distance. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type MaintenanceOrderDetail = z.infer<typeof maintenanceOrderDetail>;

export const maintenanceOrderRecord = z.object({
  id: z.number().int(),
  time: z.string(),
  action: z.string(),
  operator: z.string(),
  detail: z.string().nullable(),
});
export type MaintenanceOrderRecord = z.infer<typeof maintenanceOrderRecord>;

/** A worker of an order (维保人员 tab): who, with which certificate, valid on the visit's day. */
export const orderWorker = z.object({
  userId: z.number().int(),
  name: z.string(),
  role: z.string(),
  phone: z.string().nullable(),
  certType: z.string().nullable(),
  certNo: z.string().nullable(),
  certExpiry: z.string().nullable(),
  /** The certificate was valid on the visit's day (the plan date before the visit). */
  certValid: z.boolean(),
});
export type OrderWorker = z.infer<typeof orderWorker>;

export const chainVerdict = z.object({
  intact: z.boolean(),
  /** Confirmed records of the lift checked, oldest first, up to the order asked about. */
  checked: z.number().int(),
  brokenOrderId: z.number().int().nullable(),
  brokenOrderNo: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ChainVerdict = z.infer<typeof chainVerdict>;

export const orderFilters = z.object({
  ...paging,
  keyword: text(50).optional(),
  elevatorId: idField('电梯').optional(),
  maintenanceCompanyId: idField('维保单位').optional(),
  useCompanyId: idField('使用单位').optional(),
  areaCode: text(12).optional(),
  status: z.coerce.number().int().min(0).max(6).optional(),
  kind: z.coerce.number().int().min(1).max(4).optional(),
  /** yyyy-MM (Shanghai) of the plan date. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 yyyy-MM')
    .optional(),
  dateFrom: dateField('开始日期').optional(),
  dateTo: dateField('结束日期').optional(),
  /** Only orders planned before today and not yet submitted. */
  late: z.enum(['true', 'false']).optional(),
  /** Only orders with open findings. */
  withFindings: z.enum(['true', 'false']).optional(),
  /** The lift's type and 使用场所 now, as the statistics count them. */
  ...liftKindFilters,
});
export type OrderFilters = z.input<typeof orderFilters>;

/** The most orders one PDF export holds (the 500-order record, one file). */
export const PDF_EXPORT_MAX = 500;

const orderIdInput = z.object({ orderId: idField('工单编号') });
const decision = z.object({
  ids: idList,
  /** The reason or remark; optional for a pass and a rejection alike (doc 001 §7.6). */
  description: text(500).optional(),
});
const decided = z.object({ updated: z.number().int() });

export const maintenanceOrderCalls = {
  queryList: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MO}/queryList`,
    permission: ORDER_PERMISSIONS.list,
    summary: '维保工单列表',
    input: orderFilters,
    output: pageOf(maintenanceOrderRow),
  }),
  info: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MO}/queryDetail/info`,
    permission: ORDER_PERMISSIONS.list,
    summary: '维保工单详情',
    input: z.object({ id: idField('工单编号') }),
    output: maintenanceOrderDetail,
  }),
  queryOrderRecord: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MO}/queryDetail/queryOrderRecord`,
    permission: ORDER_PERMISSIONS.list,
    summary: '维保日志（工单的作业记录）',
    input: orderIdInput.extend(paging),
    output: pageOf(maintenanceOrderRecord),
  }),
  partInfo: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MO}/queryDetail/partInfo`,
    permission: ORDER_PERMISSIONS.list,
    summary: '工单更换的配件',
    input: orderIdInput,
    output: z.array(orderPart),
  }),
  userInfo: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MO}/queryDetail/userInfo`,
    permission: ORDER_PERMISSIONS.list,
    summary: '工单的维保人员及证书',
    input: orderIdInput,
    output: z.array(orderWorker),
  }),
  confirm: defineCall({
    domain: 'maintenance',
    method: 'PUT',
    path: `${MO}/confirm`,
    permission: ORDER_PERMISSIONS.confirm,
    summary: '使用单位确认维保记录',
    input: z.object({
      id: idField('工单编号'),
      version,
      signatureFileId: fileIdField('确认签名').optional(),
      remark: text(500).optional(),
    }),
    output: maintenanceOrderDetail,
  }),
  auditPass: defineCall({
    domain: 'maintenance',
    method: 'PUT',
    path: `${MO}/auditPass`,
    permission: ORDER_PERMISSIONS.audit,
    summary: '维保记录审核通过',
    input: decision,
    output: decided,
  }),
  auditReject: defineCall({
    domain: 'maintenance',
    method: 'PUT',
    path: `${MO}/auditReject`,
    permission: ORDER_PERMISSIONS.audit,
    summary: '维保记录审核驳回（退回维保单位重做）',
    input: decision,
    output: decided,
  }),
  verifyChain: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MO}/verifyChain`,
    permission: ORDER_PERMISSIONS.list,
    summary: '校验维保记录防篡改链',
    input: orderIdInput,
    output: chainVerdict,
  }),
  batchExportPDF: defineCall({
    domain: 'maintenance',
    method: 'POST',
    path: `${MO}/batchExportPDF`,
    permission: ORDER_PERMISSIONS.export,
    summary: '导出维保记录 PDF（所选工单，或未选时列表当前筛选条件下的工单；多单合为一个文件）',
    result: 'file',
    /**
     * The chosen orders, or without `ids` the orders the list shows with the same filters (and the
     * same scope), in its order; at most PDF_EXPORT_MAX either way.
     */
    input: orderFilters.omit({ page: true, limit: true }).extend({
      ids: idList
        .pipe(z.array(z.number()).max(PDF_EXPORT_MAX, `一次最多导出 ${PDF_EXPORT_MAX} 张工单`))
        .optional(),
    }),
    output: z.unknown(),
  }),
};
