import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageOf, paging, queryBool, text } from '../common.ts';
import { dateField, version } from '../fields.ts';
import { INSPECTION_CONCLUSIONS, INSPECTION_REPORT_STATES } from './reports.ts';

/*
 * 检验账单（inspectBill）: an inspection organisation's bill to one use unit for a period (a month or a
 * date range). `create` gathers the use unit's charge notices (收费通知单, orders.ts) issued in the
 * period and not yet in another bill: a notice is in at most one bill (a unique index decides two
 * bills at once). The bill's state follows its charges (never typed):
 *   unpaid 待缴费 (no charge paid or exempt) → partial 部分缴费 → settled 已结清 (every charge paid or exempt).
 * `batchEdit` records the payment (paid, with the date and method) or the exemption (with the reason)
 * of the unpaid charges of one or more bills: each bill's version and each charge's 未缴费 state are
 * in the UPDATE's WHERE. A report is released (pushed) only when its order's charge is paid or exempt
 * while the system parameter `inspection.report.releaseRequiresPayment` is on (the default).
 *
 * Who: the organisation's administrators create and record on their own bills; the use unit reads
 * its bills; a regulator the bills of the use units in its districts; the platform all. Others: 404.
 */

const B = '/inspectBill';
const domain = 'inspection-bill';

/**
 * The 检验账单 page's buttons: read (the organisation, the use unit, the regulator) and create and
 * record (the services let only the bill's organisation write).
 */
export const BILL_PERMISSIONS = {
  list: 'inspection:bill:list',
  edit: 'inspection:bill:edit',
} as const;
const P = BILL_PERMISSIONS;

/** The system parameter of the release rule ('false', '0', 'off' or '否' turn it off). */
export const RELEASE_REQUIRES_PAYMENT_PARAM = 'inspection.report.releaseRequiresPayment';

export const INSPECTION_BILL_STATE = { unpaid: 'unpaid', partial: 'partial', settled: 'settled' } as const;
export type InspectionBillState = (typeof INSPECTION_BILL_STATE)[keyof typeof INSPECTION_BILL_STATE];
export const INSPECTION_BILL_STATES = Object.values(INSPECTION_BILL_STATE) as [
  InspectionBillState,
  ...InspectionBillState[],
];
export const INSPECTION_BILL_STATE_LABEL: Record<InspectionBillState, string> = {
  unpaid: '待缴费',
  partial: '部分缴费',
  settled: '已结清',
};

/** How a payment was made (登记缴费). */
export const BILL_PAY_METHODS = ['银行转账', '现金', '微信', '支付宝', 'POS 刷卡', '其他'] as const;

/** A bill's period covers at most this many days. */
export const BILL_MAX_PERIOD_DAYS = 366;

const billId = idField('账单编号');
const monthText = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 yyyy-MM');
const payStateEnum = z.enum(['unpaid', 'paid', 'exempt']);

// ---------------------------------------------------------------- rows

/** Amounts in 分. */
const amounts = {
  amount: z.number().int(),
  paidAmount: z.number().int(),
  exemptAmount: z.number().int(),
  unpaidAmount: z.number().int(),
};

export const inspectionBillRow = z.object({
  id: z.number().int(),
  billNo: z.string(),
  orgId: z.number().int(),
  orgName: z.string().nullable(),
  useUnitId: z.number().int(),
  useUnitName: z.string().nullable(),
  periodFrom: z.string(),
  periodTo: z.string(),
  chargeCount: z.number().int(),
  unpaidCount: z.number().int(),
  ...amounts,
  state: z.enum(INSPECTION_BILL_STATES),
  stateLabel: z.string(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  version: z.number().int(),
});
export type InspectionBillRow = z.infer<typeof inspectionBillRow>;

/** A charge notice gathered (or to be gathered) by a bill. */
export const inspectionBillCharge = z.object({
  noticeId: z.number().int(),
  noticeNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  registerCode: z.string(),
  address: z.string(),
  amount: z.number().int(),
  issuedAt: z.string(),
  dueDate: z.string().nullable(),
  payState: payStateEnum,
  payStateLabel: z.string(),
  paidAt: z.string().nullable(),
  payMethod: z.string().nullable(),
  payRemark: z.string().nullable(),
  version: z.number().int(),
});
export type InspectionBillCharge = z.infer<typeof inspectionBillCharge>;

export const inspectionBillDetail = inspectionBillRow.extend({ charges: z.array(inspectionBillCharge) });
export type InspectionBillDetail = z.infer<typeof inspectionBillDetail>;

/** What `create` gathers (`dryRun`) or gathered. */
export const inspectionBillPreview = z.object({
  useUnitId: z.number().int(),
  useUnitName: z.string().nullable(),
  periodFrom: z.string(),
  periodTo: z.string(),
  charges: z.array(inspectionBillCharge),
  ...amounts,
});
export type InspectionBillPreview = z.infer<typeof inspectionBillPreview>;

/** A report covered by a bill's charges (or the filters), with whether its charge lets it be released. */
export const inspectionBillReport = z.object({
  id: z.number().int(),
  reportNo: z.string(),
  attempt: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  registerCode: z.string(),
  useUnitName: z.string().nullable(),
  state: z.enum(INSPECTION_REPORT_STATES),
  stateLabel: z.string(),
  conclusion: z.enum(INSPECTION_CONCLUSIONS).nullable(),
  inspectedOn: z.string().nullable(),
  pushedAt: z.string().nullable(),
  billId: z.number().int().nullable(),
  billNo: z.string().nullable(),
  payState: payStateEnum.nullable(),
  payStateLabel: z.string().nullable(),
});
export type InspectionBillReport = z.infer<typeof inspectionBillReport>;

const expenseFigures = z.object({
  notices: z.number().int(),
  ...amounts,
  /** Charges not yet in a bill. */
  unbilledCount: z.number().int(),
  unbilledAmount: z.number().int(),
});
export const inspectionExpenseRow = expenseFigures.extend({
  /** yyyy-MM, or the use unit's id as text. */
  key: z.string(),
  label: z.string(),
});
export type InspectionExpenseRow = z.infer<typeof inspectionExpenseRow>;
export const inspectionExpenseSummary = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(['month', 'useUnit']),
  totals: expenseFigures,
  rows: z.array(inspectionExpenseRow),
  /** Whether a report is released only when its charge is paid or exempt (the system parameter). */
  releaseRequiresPayment: z.boolean(),
});
export type InspectionExpenseSummary = z.infer<typeof inspectionExpenseSummary>;

// ---------------------------------------------------------------- inputs

export const inspectionBillFilters = {
  ...paging,
  useUnitId: idField('使用单位编号').optional(),
  /** Words of the use unit's name. */
  useUnit: text(50).optional(),
  /** Bills whose period overlaps this month (yyyy-MM). */
  month: monthText.optional(),
  state: z.enum(INSPECTION_BILL_STATES, { error: '未知的账单状态' }).optional(),
  billNo: text(40).optional(),
};

/**
 * The period: a month (yyyy-MM) or a date range (periodFrom..periodTo), one of the two. Checked on
 * the server as well: a range over a year or ending before it starts is refused.
 */
export const inspectionBillCreateInput = z
  .object({
    useUnitId: idField('使用单位编号'),
    month: monthText.optional(),
    periodFrom: dateField('账期开始日期').optional(),
    periodTo: dateField('账期结束日期').optional(),
    remark: text(500).optional(),
    /** Only show what the bill would gather (nothing saved). */
    dryRun: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.month && (v.periodFrom || v.periodTo))
      ctx.addIssue({ code: 'custom', path: ['month'], message: '账期请选择月份或日期范围之一' });
    if (!v.month && !(v.periodFrom && v.periodTo))
      ctx.addIssue({ code: 'custom', path: ['periodFrom'], message: '请选择账期（月份或开始、结束日期）' });
    if (v.periodFrom && v.periodTo && v.periodFrom > v.periodTo)
      ctx.addIssue({ code: 'custom', path: ['periodTo'], message: '账期结束日期不能早于开始日期' });
  });

export const inspectionBillBatchEditInput = z
  .object({
    /** The bills, each at the version read. */
    bills: z
      .array(z.object({ id: billId, version }), { error: '请选择账单' })
      .min(1, '请先选择账单')
      .max(200, '一次最多选择 200 张账单'),
    /** Only these charge notices of the bills (all their unpaid ones when left out). */
    noticeIds: z.array(idField('收费通知单编号')).min(1, '请选择收费通知单').max(1000).optional(),
    payState: z.enum(['paid', 'exempt'], { error: '缴费状态应为 paid（已缴费）或 exempt（免缴费）' }),
    paidAt: dateField('缴费日期').optional(),
    payMethod: text(50).optional(),
    /** The remark; the reason of an exemption (required then). */
    payRemark: text(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.payState === 'exempt' && !v.payRemark)
      ctx.addIssue({ code: 'custom', path: ['payRemark'], message: '请填写免缴原因' });
    if (v.payState === 'paid' && !v.payMethod)
      ctx.addIssue({ code: 'custom', path: ['payMethod'], message: '请选择缴费方式' });
    if (new Set(v.bills.map((b) => b.id)).size !== v.bills.length)
      ctx.addIssue({ code: 'custom', path: ['bills'], message: '账单重复' });
  });

export const inspectionBillBatchResult = z.object({
  /** Charges recorded. */
  recorded: z.number().int(),
  /** 分. */
  amount: z.number().int(),
  bills: z.array(inspectionBillRow),
});
export type InspectionBillBatchResult = z.infer<typeof inspectionBillBatchResult>;

// ---------------------------------------------------------------- calls

export const inspectionBillCalls = {
  list: defineCall({
    domain,
    method: 'GET',
    path: `${B}/list`,
    permission: P.list,
    summary: '检验账单',
    input: z.object(inspectionBillFilters),
    output: pageOf(inspectionBillRow),
  }),
  get: defineCall({
    domain,
    method: 'GET',
    path: `${B}/{id}`,
    permission: P.list,
    summary: '检验账单详情',
    input: z.object({ id: billId }),
    output: inspectionBillDetail,
  }),
  reports: defineCall({
    domain,
    method: 'GET',
    path: `${B}/reports`,
    permission: P.list,
    summary: '账单所含检验报告',
    input: z.object({
      ...paging,
      billId: billId.optional(),
      useUnitId: idField('使用单位编号').optional(),
      /** Reports inspected in this month (yyyy-MM). */
      month: monthText.optional(),
      /** Only the reports whose charge is still unpaid (held back by the release rule). */
      onlyUnpaid: queryBool.optional(),
    }),
    output: pageOf(inspectionBillReport),
  }),
  managementExpense: defineCall({
    domain,
    method: 'GET',
    path: `${B}/managementExpense`,
    permission: P.list,
    summary: '检验费用汇总',
    input: z.object({
      from: monthText.optional(),
      to: monthText.optional(),
      groupBy: z.enum(['month', 'useUnit'], { error: '汇总方式应为 month 或 useUnit' }).optional(),
    }),
    output: inspectionExpenseSummary,
  }),
  create: defineCall({
    domain,
    method: 'POST',
    path: `${B}/create`,
    permission: P.edit,
    summary: '生成检验账单',
    input: inspectionBillCreateInput,
    output: z.object({ bill: inspectionBillDetail.nullable(), preview: inspectionBillPreview }),
  }),
  /** Designed: the list as filtered, as a spreadsheet (one row per bill, amounts in 元). */
  export: defineCall({
    domain,
    method: 'GET',
    path: `${B}/export`,
    permission: P.list,
    summary: '导出检验账单（.xlsx）',
    result: 'file',
    input: z.object(inspectionBillFilters).omit({ page: true, limit: true }),
    output: z.unknown(),
  }),
  batchEdit: defineCall({
    domain,
    method: 'POST',
    path: `${B}/batchEdit`,
    permission: P.edit,
    summary: '批量登记缴费或免缴',
    input: inspectionBillBatchEditInput,
    output: inspectionBillBatchResult,
  }),
};
