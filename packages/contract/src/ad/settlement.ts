import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageOf, paging } from '../common.ts';
import { version } from '../fields.ts';

/*
 * Settlement with the use units (结算管理, the `settlement` page; doc 000 §2 names the page, no call:
 * the paths are ours, docs/paths.md). Per advertising operator, use unit and month: the points in the
 * unit's lifts, the days they carried paid advertising (a confirmed, running or finished order's
 * booking over the month), the revenue of those days (each booking's price spread evenly over its
 * days), the unit's share and the amount. The share is the one agreed in the unit's lease with the
 * operator in effect that month (签约管理, 租赁签约 `share`), else the system parameter
 * `adSettlementShare` (percent, default AD_SETTLEMENT_SHARE_DEFAULT).
 * Computed by one set-based statement, approved by the operator, exported per use unit. A use unit
 * sees only its own settlements, an operator its own, the platform all.
 */

export const AD_SETTLEMENT_PERMISSIONS = {
  list: 'ad:settlement:list',
  export: 'ad:settlement:export',
  /** Compute a month and approve. */
  approve: 'ad:settlement:approve',
} as const;

export const AD_SETTLEMENT_SHARE_KEY = 'adSettlementShare';
/** Percent of the revenue the hosting use unit gets when the parameter is not set. */
export const AD_SETTLEMENT_SHARE_DEFAULT = 30;

export const AD_SETTLEMENT_STATUS = { pending: 1, approved: 2 } as const;
export const AD_SETTLEMENT_STATUS_LABEL: Record<number, string> = { 1: '待审核', 2: '已审核' };

const P = AD_SETTLEMENT_PERMISSIONS;

const month = z
  .string({ error: '请选择结算月份' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '结算月份格式应为 yyyy-MM');

export const adSettlementRow = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  operatorName: z.string().nullable(),
  useCompanyId: z.number().int(),
  useCompanyName: z.string().nullable(),
  month: z.string(),
  /** Points in the unit's lifts that carried paid advertising this month. */
  pointCount: z.number().int(),
  /** Point-days of paid advertising. */
  paidDays: z.number().int(),
  /** 元 */
  revenue: z.number(),
  /** Percent. */
  share: z.number(),
  /** 元: revenue × share. */
  amount: z.number(),
  status: z.number().int(),
  statusLabel: z.string(),
  approverName: z.string().nullable(),
  approveTime: z.string().nullable(),
  computeTime: z.string(),
  version: z.number().int(),
});
export type AdSettlementRow = z.infer<typeof adSettlementRow>;

export const adSettlementLine = z.object({
  pointId: z.number().int(),
  pointName: z.string().nullable(),
  registerCode: z.string().nullable(),
  address: z.string().nullable(),
  paidDays: z.number().int(),
  revenue: z.number(),
  amount: z.number(),
});
export type AdSettlementLine = z.infer<typeof adSettlementLine>;

export const adSettlementDetail = adSettlementRow.extend({ lines: z.array(adSettlementLine) });
export type AdSettlementDetail = z.infer<typeof adSettlementDetail>;

export const adSettlementFilters = z.object({
  ...paging,
  month: month.optional(),
  useCompanyId: idField('使用单位').optional(),
  status: z.coerce
    .number({ error: '结算状态不正确' })
    .int()
    .refine((v) => v === 1 || v === 2, '结算状态不正确')
    .optional(),
});
export type AdSettlementFilters = z.input<typeof adSettlementFilters>;

export const AD_SETTLEMENT = '/adSettlement';

export const adSettlementCalls = {
  list: defineCall({
    domain: 'ad',
    method: 'GET',
    path: `${AD_SETTLEMENT}/list`,
    permission: P.list,
    summary: '结算列表（按使用单位和月份）',
    input: adSettlementFilters,
    output: pageOf(adSettlementRow),
  }),
  get: defineCall({
    domain: 'ad',
    method: 'GET',
    path: `${AD_SETTLEMENT}/{id}`,
    permission: P.list,
    summary: '结算详情（含点位明细）',
    input: z.object({ id: idField('结算编号') }),
    output: adSettlementDetail,
  }),
  compute: defineCall({
    domain: 'ad',
    method: 'POST',
    path: `${AD_SETTLEMENT}/compute`,
    permission: P.approve,
    summary: '计算月度结算（已审核的不重算）',
    input: z.object({ month, operatorId: idField('广告运营商').optional() }),
    output: z.object({ settlements: z.number().int(), points: z.number().int(), amount: z.number() }),
  }),
  approve: defineCall({
    domain: 'ad',
    method: 'PUT',
    path: `${AD_SETTLEMENT}/approve`,
    permission: P.approve,
    summary: '审核结算',
    input: z.object({ id: idField('结算编号'), version }),
    output: adSettlementRow,
  }),
  export: defineCall({
    domain: 'ad',
    method: 'GET',
    path: `${AD_SETTLEMENT}/export`,
    permission: P.export,
    summary: '导出使用单位结算单（.xlsx）',
    result: 'file',
    input: z.object({ id: idField('结算编号') }),
    output: z.unknown(),
  }),
} as const;
