import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageOf, paging, queryBool, requiredText, text } from '../common.ts';
import { dateField, fileIdField, version } from '../fields.ts';
import { addDays } from '../rules.ts';
import { quoteLine } from './catalog.ts';
import { INSPECTION_PERMISSIONS } from './rules.ts';

/*
 * 检验申请（tbInspectionOrder）与收费通知单（tbInspectionChargeNotice）: the periodic inspection's work
 * flow (DOMAIN.md §3.2, TSG T7001-2023), from the use unit's application to the inspector's
 * distribution. The inspection itself (results, reports) moves the order on from 已分配.
 *
 * States and who moves them (every move one conditional UPDATE on the server; a stale or wrong-state
 * action is 409 naming the current state):
 *   applied 待受理 → accepted 已受理 (the organisation: `acceptance`) | returned 已退回 (`sendBack`, reason)
 *   returned → applied (the use unit corrects and re-applies: `apply` with the id)
 *   accepted → quoted 已报价 (`quotedPrice`: computed from the tariff, never typed)
 *   quoted → noticed 待缴费 (`signChargeNotice`: the charge notice is issued)
 *   noticed → distributed 已分配 (`distribution`: an inspector and the on-site date)
 *   distributed → inspecting 检验中 → reported 已出报告 (the reports part)
 *   any open state → closed 已关闭 (the organisation: `close`, reason)
 *   applied | returned → cancelled 已取消 (the use unit withdraws: `cancelBind`)
 * One open order per lift (open: not closed, cancelled or reported).
 */

const B = '/inspection/tbInspectionOrder';
const N = '/inspection/tbInspectionChargeNotice';
const P = INSPECTION_PERMISSIONS;
const domain = 'inspection-order';

export const INSPECTION_ORDER_STATE = {
  applied: 'applied',
  returned: 'returned',
  accepted: 'accepted',
  quoted: 'quoted',
  noticed: 'noticed',
  distributed: 'distributed',
  inspecting: 'inspecting',
  reported: 'reported',
  closed: 'closed',
  cancelled: 'cancelled',
} as const;
export type InspectionOrderState = (typeof INSPECTION_ORDER_STATE)[keyof typeof INSPECTION_ORDER_STATE];
export const INSPECTION_ORDER_STATES = Object.values(INSPECTION_ORDER_STATE) as [
  InspectionOrderState,
  ...InspectionOrderState[],
];
export const INSPECTION_ORDER_STATE_LABEL: Record<InspectionOrderState, string> = {
  applied: '待受理',
  returned: '已退回',
  accepted: '已受理',
  quoted: '已报价',
  noticed: '待缴费',
  distributed: '已分配',
  inspecting: '检验中',
  reported: '已出报告',
  closed: '已关闭',
  cancelled: '已取消',
};
/** The states that end an order: a lift whose order is in one may be applied for again. */
export const INSPECTION_ORDER_FINAL_STATES: readonly InspectionOrderState[] = [
  'reported',
  'closed',
  'cancelled',
];
export const isOpenInspectionOrder = (s: string) =>
  !INSPECTION_ORDER_FINAL_STATES.includes(s as InspectionOrderState);

/** The order's inspection kind (only 定期检验 is applied for here; the column keeps the kind). */
export const INSPECTION_ORDER_KIND_LABEL: Record<string, string> = { periodic: '定期检验' };

/** The application window: within this many days before the next-inspection date (TSG T7001-2023). */
export const INSPECTION_APPLY_WINDOW_DAYS = 30;

/**
 * Where `today` stands against a lift's next-inspection date and its application window:
 * `none` (no date registered), `early` (the window has not opened), `open` (today within the
 * `INSPECTION_APPLY_WINDOW_DAYS` days up to and including the date) or `overdue` (the date has
 * passed). `text` is what a page shows beside the lift; `refusal` the server's reason for refusing
 * an application (null when it may be made). The one rule of the window: the server's checks and the
 * application page both call it.
 */
export type InspectionApplyWindow =
  | { kind: 'none'; opens: null; text: string; refusal: string }
  | { kind: 'early'; opens: string; text: string; refusal: string }
  | { kind: 'open'; opens: string; text: string; refusal: null }
  | { kind: 'overdue'; opens: string; text: string; refusal: string };

export function inspectionApplyWindow(next: string | null | undefined, today: string): InspectionApplyWindow {
  if (!next)
    return {
      kind: 'none',
      opens: null,
      text: '未登记下次检验日期，不能申请定期检验',
      refusal: '未登记下次检验日期',
    };
  const days = INSPECTION_APPLY_WINDOW_DAYS;
  const opens = addDays(next, -days);
  const rule = `须在该日期前 ${days} 日内（${opens} 起）申请定期检验（TSG T7001-2023）`;
  if (today < opens)
    return {
      kind: 'early',
      opens,
      text: `${opens} 起可申请（下次检验日期前 ${days} 日内）`,
      refusal: `下次检验日期为 ${next}，${rule}`,
    };
  if (today > next)
    return {
      kind: 'overdue',
      opens,
      text: '已超过下次检验日期（超期未检）',
      refusal: `下次检验日期为 ${next}，已超过下次检验日期，${rule}；超期未检的电梯应停止使用`,
    };
  return { kind: 'open', opens, text: `在申请期内（${opens} 至 ${next}）`, refusal: null };
}

/** The attachments of an application (DOMAIN.md §3.2), the first three required. */
export const INSPECTION_ORDER_ATTACHMENTS = [
  { key: 'applicationForm', label: '申请表', required: true },
  { key: 'maintenanceContract', label: '维保合同', required: true },
  { key: 'selfCheckReport', label: '维保单位自检报告', required: true },
  { key: 'safetyOfficerCert', label: '安全管理员证', required: false },
  { key: 'useRegistrationCert', label: '使用登记证', required: false },
] as const;
export type InspectionOrderAttachmentKey = (typeof INSPECTION_ORDER_ATTACHMENTS)[number]['key'];

const filesOf = (label: string, required: boolean) => {
  const list = z.array(fileIdField(label), { error: `请上传${label}` }).max(10, `${label}最多 10 个文件`);
  return required ? list.min(1, `请上传${label}`) : list.optional();
};
export const inspectionOrderAttachmentsInput = z.object(
  {
    applicationForm: filesOf('申请表', true),
    maintenanceContract: filesOf('维保合同', true),
    selfCheckReport: filesOf('维保单位自检报告', true),
    safetyOfficerCert: filesOf('安全管理员证', false),
    useRegistrationCert: filesOf('使用登记证', false),
  },
  { error: '请上传申请附件' },
);
export type InspectionOrderAttachmentsInput = z.infer<typeof inspectionOrderAttachmentsInput>;

export const CHARGE_PAY_STATE = { unpaid: 'unpaid', paid: 'paid', exempt: 'exempt' } as const;
export type ChargePayState = (typeof CHARGE_PAY_STATE)[keyof typeof CHARGE_PAY_STATE];
export const CHARGE_PAY_STATE_LABEL: Record<ChargePayState, string> = {
  unpaid: '未缴费',
  paid: '已缴费',
  exempt: '免缴费',
};

const reason = (label: string) => requiredText(label, 500);
const orderId = idField('检验申请编号');

// ---------------------------------------------------------------- rows

export const inspectionOrderRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  state: z.enum(INSPECTION_ORDER_STATES),
  stateLabel: z.string(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
  areaName: z.string().nullable(),
  orgId: z.number().int(),
  orgName: z.string().nullable(),
  useUnitId: z.number().int(),
  useUnitName: z.string().nullable(),
  /** The next-inspection date the application was made for. */
  nextInspectionDate: z.string(),
  /** 分; null until quoted. */
  quoteAmount: z.number().int().nullable(),
  payState: z.enum(['unpaid', 'paid', 'exempt']).nullable(),
  inspectorId: z.number().int().nullable(),
  inspectorName: z.string().nullable(),
  /** The on-site date. */
  plannedDate: z.string().nullable(),
  appliedAt: z.string(),
  updateTime: z.string(),
  version: z.number().int(),
});
export type InspectionOrderRow = z.infer<typeof inspectionOrderRow>;

export const inspectionOrderFile = z.object({ id: z.string(), name: z.string().nullable() });
export const inspectionOrderEventRow = z.object({
  id: z.number().int(),
  action: z.string(),
  actionLabel: z.string(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  reason: z.string().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type InspectionOrderEventRow = z.infer<typeof inspectionOrderEventRow>;

/** The quote as computed (amounts in 分). */
export const inspectionOrderQuote = z.object({
  amount: z.number().int(),
  lines: z.array(quoteLine),
  notes: z.array(z.string()),
  quotedAt: z.string(),
});
export type InspectionOrderQuote = z.infer<typeof inspectionOrderQuote>;

export const chargeNoticeDetail = z.object({
  id: z.number().int().nullable(),
  orderId: z.number().int(),
  orderNo: z.string(),
  /** Null in a preview (numbered when issued). */
  noticeNo: z.string().nullable(),
  orgName: z.string().nullable(),
  useUnitName: z.string().nullable(),
  registerCode: z.string(),
  address: z.string(),
  amount: z.number().int(),
  items: z.array(quoteLine),
  /** Pay within (a date). */
  dueDate: z.string().nullable(),
  issuedAt: z.string().nullable(),
  payState: z.enum(['unpaid', 'paid', 'exempt']),
  payStateLabel: z.string(),
  paidAt: z.string().nullable(),
  payMethod: z.string().nullable(),
  payRemark: z.string().nullable(),
  version: z.number().int().nullable(),
});
export type ChargeNoticeDetail = z.infer<typeof chargeNoticeDetail>;

export const inspectionOrderDetail = inspectionOrderRow.extend({
  /** The lift's facts now (the registry's). */
  lift: z.object({
    variety: z.string().nullable(),
    varietyName: z.string().nullable(),
    floors: z.number().nullable(),
    ratedLoad: z.number().nullable(),
    ratedSpeed: z.number().nullable(),
    nextInspectDate: z.string().nullable(),
  }),
  attachments: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      required: z.boolean(),
      files: z.array(inspectionOrderFile),
    }),
  ),
  /** The use unit's remark with its application. */
  applyRemark: z.string().nullable(),
  /** The organisation's internal remark (null for the use unit). */
  orgRemark: z.string().nullable(),
  returnReason: z.string().nullable(),
  closeReason: z.string().nullable(),
  quote: inspectionOrderQuote.nullable(),
  notice: chargeNoticeDetail.nullable(),
  inspectorCertNo: z.string().nullable(),
  distributedAt: z.string().nullable(),
  history: z.array(inspectionOrderEventRow),
});
export type InspectionOrderDetail = z.infer<typeof inspectionOrderDetail>;

// ---------------------------------------------------------------- inputs

const monthText = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 yyyy-MM');
export const inspectionOrderFilters = {
  ...paging,
  state: z.enum(INSPECTION_ORDER_STATES, { error: '未知的申请状态' }).optional(),
  /** Month of application, yyyy-MM (Asia/Shanghai). */
  month: monthText.optional(),
  registerCode: text(40).optional(),
  /** Words of the use unit's name. */
  useUnit: text(50).optional(),
  inspectorId: idField('检验人员编号').optional(),
  orderNo: text(40).optional(),
  sort: z.enum(['appliedAt', 'nextInspectionDate', 'plannedDate'], { error: '未知的排序字段' }).optional(),
  order: z.enum(['asc', 'desc'], { error: '排序方向应为 asc 或 desc' }).optional(),
};

export const inspectionApplyInput = z.object({
  /** A returned order being corrected and applied again. */
  id: orderId.optional(),
  version: version.optional(),
  elevatorId: idField('电梯编号'),
  orgId: idField('检验机构编号'),
  attachments: inspectionOrderAttachmentsInput,
  remark: text(500).optional(),
});
export const inspectionOrderUpdateInput = z.object({
  id: orderId,
  version,
  orgId: idField('检验机构编号').optional(),
  attachments: inspectionOrderAttachmentsInput.optional(),
  remark: text(500).optional(),
});
const act = z.object({ id: orderId, version: version.optional() });

export const inspectionOrderMain = z.object({
  /** Open and final orders per state. */
  byState: z.record(z.string(), z.number().int()),
  /** Lifts of the organisation's district due within the window with no open order. */
  dueNotApplied: z.number().int(),
  /** Orders whose on-site date is today. */
  todayDistributed: z.number().int(),
});
export const inspectionOrderStatRow = z.object({
  month: z.string(),
  applied: z.number().int(),
  accepted: z.number().int(),
  distributed: z.number().int(),
  /** 分. */
  quotedAmount: z.number().int(),
  paidAmount: z.number().int(),
});

/** A lift of the use unit and whether it may be applied for today (`applicableLifts`). */
export const applicableLiftRow = z.object({
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
  nextInspectDate: z.string().nullable(),
  /** The first day of the window (30 days before the next-inspection date). */
  windowOpens: z.string().nullable(),
  canApply: z.boolean(),
  /** Why not (outside the window, no date, an open order), in Chinese; null when it can. */
  reason: z.string().nullable(),
  openOrderId: z.number().int().nullable(),
  openOrderNo: z.string().nullable(),
  openOrderState: z.string().nullable(),
});
export type ApplicableLiftRow = z.infer<typeof applicableLiftRow>;

/** A filed inspection organisation a use unit may apply to (`orgOptions`). */
export const inspectionOrgOption = z.object({
  id: z.number().int(),
  name: z.string(),
  areaCode: z.string().nullable(),
  areaName: z.string().nullable(),
});

// ---------------------------------------------------------------- 超期未检总览 (designed)

/**
 * The figures of one district (or of all the caller sees) in the regulator's overview of lifts due
 * and overdue for periodic inspection. Lifts in use are those of use status 1 (在用); 停用待整改 is
 * use status 2 (a failed inspection, DOMAIN.md §3.2); scrapped lifts are counted nowhere.
 */
export const overdueFigures = z.object({
  /** Lifts in use. */
  inUse: z.number().int(),
  /** In use, next-inspection date from today to `INSPECTION_APPLY_WINDOW_DAYS` days on (not yet overdue). */
  dueSoon: z.number().int(),
  /** In use, next-inspection date passed (超期未检). */
  overdue: z.number().int(),
  /** Of the overdue: an open inspection order on the lift (报检 made, not yet reported). */
  overdueWithOrder: z.number().int(),
  /** Of the overdue: no open order. */
  overdueWithoutOrder: z.number().int(),
  /** 停用待整改. */
  stopped: z.number().int(),
});
export type OverdueFigures = z.infer<typeof overdueFigures>;
export const overdueDistrictRow = overdueFigures.extend({
  areaCode: z.string(),
  areaName: z.string().nullable(),
});
export type OverdueDistrictRow = z.infer<typeof overdueDistrictRow>;
export const overdueOverview = z.object({
  /** The day the figures are of (Asia/Shanghai). */
  today: z.string(),
  dueWithinDays: z.number().int(),
  /** One row per district the caller sees (a regulator: each of its districts, zero rows too). */
  districts: z.array(overdueDistrictRow),
  total: overdueFigures,
});
export type OverdueOverview = z.infer<typeof overdueOverview>;

/** The drill-down's filters: a district, with or without an open order, a register code. */
export const overdueLiftFilters = {
  areaCode: text(12).optional(),
  /** true: only lifts with an open order; false: only those without. */
  hasOpenOrder: queryBool.optional(),
  registerCode: text(40).optional(),
};
export const overdueLiftRow = z.object({
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
  areaName: z.string().nullable(),
  useUnitName: z.string().nullable(),
  nextInspectDate: z.string(),
  /** Days since the next-inspection date (1 the day after it). */
  daysOverdue: z.number().int(),
  openOrderId: z.number().int().nullable(),
  openOrderNo: z.string().nullable(),
  openOrderState: z.enum(INSPECTION_ORDER_STATES).nullable(),
  openOrderStateLabel: z.string().nullable(),
});
export type OverdueLiftRow = z.infer<typeof overdueLiftRow>;

// ---------------------------------------------------------------- calls

const list = (path: string, summary: string) =>
  defineCall({
    domain,
    method: 'GET',
    path,
    permission: P.orderList,
    summary,
    input: z.object(inspectionOrderFilters),
    output: pageOf(inspectionOrderRow),
  });

export const inspectionOrderCalls = {
  organizationQuery: list(`${B}/organization/query`, '检验机构的检验申请'),
  inspectorQuery: list(`${B}/inspector/query`, '分配给我的检验任务'),
  useUnitQuery: list(`${B}/useUnit/query`, '使用单位的检验申请'),
  /** Designed: the use unit's lifts with their window and open order, for the application form. */
  applicableLifts: defineCall({
    domain,
    method: 'GET',
    path: `${B}/applicableLifts`,
    permission: P.orderApply,
    summary: '可申请定期检验的电梯',
    input: z.object({
      ...paging,
      registerCode: text(40).optional(),
      /** Only the lifts that may be applied for today. */
      onlyApplicable: queryBool.optional(),
    }),
    output: pageOf(applicableLiftRow),
  }),
  /** Designed: the filed inspection organisations to apply to (`keyword`: words of the name). */
  orgOptions: defineCall({
    domain,
    method: 'GET',
    path: `${B}/orgOptions`,
    permission: P.orderApply,
    summary: '可申请的检验机构',
    input: z.object({ keyword: text(50).optional() }),
    output: z.array(inspectionOrgOption),
  }),
  get: defineCall({
    domain,
    method: 'GET',
    path: `${B}/get/{id}`,
    permission: P.orderList,
    summary: '检验申请详情',
    input: z.object({ id: orderId }),
    output: inspectionOrderDetail,
  }),
  apply: defineCall({
    domain,
    method: 'POST',
    path: `${B}/apply`,
    permission: P.orderApply,
    summary: '申请定期检验（报检）',
    input: inspectionApplyInput,
    output: inspectionOrderDetail,
  }),
  update: defineCall({
    domain,
    method: 'PUT',
    path: `${B}/update`,
    permission: P.orderApply,
    summary: '修改检验申请',
    input: inspectionOrderUpdateInput,
    output: inspectionOrderDetail,
  }),
  cancelBind: defineCall({
    domain,
    method: 'POST',
    path: `${B}/cancelBind`,
    permission: P.orderApply,
    summary: '撤回检验申请',
    input: act.extend({ reason: text(500).optional() }),
    output: inspectionOrderDetail,
  }),
  acceptance: defineCall({
    domain,
    method: 'POST',
    path: `${B}/acceptance`,
    permission: P.orderAccept,
    summary: '受理检验申请',
    input: act,
    output: inspectionOrderDetail,
  }),
  sendBack: defineCall({
    domain,
    method: 'POST',
    path: `${B}/sendBack`,
    permission: P.orderAccept,
    summary: '退回检验申请',
    input: act.extend({ reason: reason('退回原因') }),
    output: inspectionOrderDetail,
  }),
  close: defineCall({
    domain,
    method: 'POST',
    path: `${B}/close`,
    permission: P.orderAccept,
    summary: '关闭检验申请',
    input: act.extend({ reason: reason('关闭原因') }),
    output: inspectionOrderDetail,
  }),
  saveRemark: defineCall({
    domain,
    method: 'POST',
    path: `${B}/saveRemark`,
    permission: P.orderAccept,
    summary: '保存机构备注',
    input: z.object({ id: orderId, remark: text(500) }),
    output: inspectionOrderDetail,
  }),
  quotedPrice: defineCall({
    domain,
    method: 'POST',
    path: `${B}/quotedPrice`,
    permission: P.orderCharge,
    summary: '按收费标准报价',
    input: act,
    output: inspectionOrderDetail,
  }),
  chargeData: defineCall({
    domain,
    method: 'GET',
    path: `${B}/chargeData`,
    permission: P.orderList,
    summary: '报价明细',
    input: z.object({ id: orderId }),
    output: inspectionOrderQuote,
  }),
  preChargeNotice: defineCall({
    domain,
    method: 'GET',
    path: `${B}/preChargeNotice`,
    permission: P.orderCharge,
    summary: '预览收费通知单',
    input: z.object({ id: orderId, dueDate: dateField('缴费截止日期').optional() }),
    output: chargeNoticeDetail,
  }),
  signChargeNotice: defineCall({
    domain,
    method: 'POST',
    path: `${B}/signChargeNotice`,
    permission: P.orderCharge,
    summary: '签发收费通知单',
    input: act.extend({ dueDate: dateField('缴费截止日期').optional() }),
    output: inspectionOrderDetail,
  }),
  distribution: defineCall({
    domain,
    method: 'POST',
    path: `${B}/distribution`,
    permission: P.orderDistribute,
    summary: '分配检验人员',
    input: act.extend({
      inspectorId: idField('检验人员编号'),
      plannedDate: dateField('现场检验日期'),
    }),
    output: inspectionOrderDetail,
  }),
  /**
   * Designed: 超期未检总览 — per district the caller sees (a regulator its districts, the platform
   * every district, a use unit its own lifts'), the lifts in use, due within 30 days, overdue (with or
   * without an open order) and 停用待整改. An inspection organisation or inspector is refused (403).
   */
  overdueByDistrict: defineCall({
    domain,
    method: 'GET',
    path: `${B}/overdueByDistrict`,
    permission: P.orderList,
    summary: '超期未检电梯（按区域）',
    input: z.object({}),
    output: overdueOverview,
  }),
  /** Designed: the overdue lifts behind the overview, most overdue first. */
  overdueLifts: defineCall({
    domain,
    method: 'GET',
    path: `${B}/overdueLifts`,
    permission: P.orderList,
    summary: '超期未检电梯列表',
    input: z.object({ ...paging, ...overdueLiftFilters }),
    output: pageOf(overdueLiftRow),
  }),
  /** Designed: the same list as a spreadsheet (the list's filters). */
  overdueLiftsExport: defineCall({
    domain,
    method: 'GET',
    path: `${B}/overdueLifts/export`,
    permission: P.orderList,
    summary: '导出超期未检电梯',
    result: 'file',
    input: z.object(overdueLiftFilters),
    output: z.unknown(),
  }),
  inspecttionOrganizationMain: defineCall({
    domain,
    method: 'GET',
    path: `${B}/inspecttionOrganizationMain`,
    permission: P.orderList,
    summary: '检验机构首页数据',
    input: z.object({}),
    output: inspectionOrderMain,
  }),
  inspecttionOrganizationStatistics: defineCall({
    domain,
    method: 'GET',
    path: `${B}/inspecttionOrganizationStatistics`,
    permission: P.orderList,
    summary: '检验机构月度统计',
    input: z.object({
      from: monthText.optional(),
      to: monthText.optional(),
    }),
    output: z.array(inspectionOrderStatRow),
  }),
};

export const chargeNoticeCalls = {
  add: defineCall({
    domain: 'charge',
    method: 'POST',
    path: `${N}/add`,
    permission: P.orderCharge,
    summary: '登记缴费或免缴',
    input: z.object({
      orderId,
      version: version.optional(),
      payState: z.enum(['paid', 'exempt'], { error: '缴费状态应为 paid（已缴费）或 exempt（免缴费）' }),
      paidAt: dateField('缴费日期').optional(),
      payMethod: text(50).optional(),
      payRemark: text(500).optional(),
    }),
    output: chargeNoticeDetail,
  }),
  getDetail: defineCall({
    domain: 'charge',
    method: 'GET',
    path: `${N}/getDetail`,
    permission: P.orderList,
    summary: '收费通知单详情',
    input: z.object({ orderId }),
    output: chargeNoticeDetail,
  }),
};
