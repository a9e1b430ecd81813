import { addDays, BILL_MAX_PERIOD_DAYS, type InspectionBillPreview, shanghaiToday } from '@ec/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import {
  inspectionOrderEvent as ev,
  inspectionChargeNotice as n,
  inspectionOrder as o,
} from '../orders/tables.ts';
import {
  BILL_NOT_FOUND,
  billDetail,
  billRows,
  billScope,
  chargesWhere,
  issuedOn,
  monthRange,
} from './read.ts';
import { billingOrgOf } from './scope.ts';
import { inspectionBill as b, inspectionBillCharge as bc } from './tables.ts';

/*
 * The bills' writes. `create` inserts the bill and one row per gathered notice: the unique index on
 * the notice decides two bills gathering it at once (the second is told, 409, and nothing of it is
 * kept). `batchEdit` raises each bill's version where it is still the one read, then records the
 * unpaid notices of those bills where they are still 未缴费: of two people recording at once the
 * second is told (409). Both run in one transaction (routes.ts).
 */

function asBillingOrg(user: AuthUser, what: string): number {
  const org = billingOrgOf(user);
  if (org === null) throw forbidden(`只有检验机构管理员可以${what}`);
  return org;
}

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** ZD + yyyyMM of the period's start + '-' + the id, six digits. */
export const billNo = (id: number, periodFrom: string) =>
  `ZD${periodFrom.slice(0, 7).replace('-', '')}-${String(id).padStart(6, '0')}`;

export interface CreateInput {
  useUnitId: number;
  month?: string;
  periodFrom?: string;
  periodTo?: string;
  remark?: string;
  dryRun?: boolean;
}

const ALREADY_BILLED = '所选收费通知单已被其他账单收录，请刷新后重新生成';

/**
 * `create`: the organisation's bill to one use unit for a month or a date range, gathering the
 * unit's charge notices issued in it (on orders applied to the organisation) and not yet in a bill.
 * `dryRun`: only what it would gather.
 */
export async function createBill(q: Queryable, user: AuthUser, input: CreateInput) {
  const orgId = asBillingOrg(user, '生成检验账单');
  const period = input.month
    ? monthRange(input.month)
    : { from: input.periodFrom ?? '', to: input.periodTo ?? '' };
  if (!period.from || !period.to)
    throw badRequest('请选择账期（月份或开始、结束日期）', [{ field: 'periodFrom', message: '请选择账期' }]);
  if (period.from > period.to)
    throw badRequest('账期结束日期不能早于开始日期', [
      { field: 'periodTo', message: '账期结束日期不能早于开始日期' },
    ]);
  if (dayCount(period.from, period.to) > BILL_MAX_PERIOD_DAYS)
    throw badRequest(`账期不能超过 ${BILL_MAX_PERIOD_DAYS} 天`, [
      { field: 'periodTo', message: `账期不能超过 ${BILL_MAX_PERIOD_DAYS} 天` },
    ]);
  if (period.from > shanghaiToday())
    throw badRequest('账期不能晚于今天', [{ field: 'periodFrom', message: '账期不能晚于今天' }]);
  const [unit] = await q
    .select({ id: enterprise.id, name: enterprise.name })
    .from(enterprise)
    .where(eq(enterprise.id, input.useUnitId));
  if (!unit) throw notFound('使用单位不存在');
  const gather = and(
    eq(o.orgId, orgId),
    eq(o.useUnitId, unit.id),
    sql`${issuedOn} >= ${period.from}::date`,
    sql`${issuedOn} <= ${period.to}::date`,
    sql`not exists (select 1 from ${bc} where ${bc.noticeId} = ${n.id})`,
  );
  const charges = await chargesWhere(q, gather);
  const sum = (s?: string) => charges.filter((c) => !s || c.payState === s).reduce((t, c) => t + c.amount, 0);
  const preview: InspectionBillPreview = {
    useUnitId: unit.id,
    useUnitName: unit.name,
    periodFrom: period.from,
    periodTo: period.to,
    charges,
    amount: sum(),
    paidAmount: sum('paid'),
    exemptAmount: sum('exempt'),
    unpaidAmount: sum('unpaid'),
  };
  if (input.dryRun) return { bill: null, preview };
  if (charges.length === 0)
    throw conflict(`${unit.name}在 ${period.from} 至 ${period.to} 没有未出账的收费通知单，无需生成账单`);
  const [{ id }] = await q
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('inspection_bill', 'id'))`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  await q.insert(b).values({
    id,
    billNo: billNo(id, period.from),
    orgId,
    useUnitId: unit.id,
    periodFrom: period.from,
    periodTo: period.to,
    remark: input.remark || null,
    createdBy: user.id,
    createdByName: user.realName || user.username,
  });
  await refusingConflicts(
    () => q.insert(bc).values(charges.map((c) => ({ billId: id, noticeId: c.noticeId }))),
    { unique: ALREADY_BILLED },
  );
  return { bill: await billDetail(q, user, id), preview };
}

export interface BatchEditInput {
  bills: { id: number; version: number }[];
  noticeIds?: number[];
  payState: 'paid' | 'exempt';
  paidAt?: string;
  payMethod?: string;
  payRemark?: string;
}

/**
 * `batchEdit`: records the payment (paid on a date, not in the future, with the method) or the
 * exemption (with the reason) of the unpaid charges of the bills (only `noticeIds` of them when
 * given). Every bill must be the organisation's and at the version read.
 */
export async function batchEditBills(q: Queryable, user: AuthUser, input: BatchEditInput) {
  const ids = input.bills.map((x) => x.id);
  const visible = await q
    .select({ id: b.id, orgId: b.orgId, version: b.version })
    .from(b)
    .where(and(inArray(b.id, ids), billScope(user)));
  if (visible.length < ids.length) throw notFound(BILL_NOT_FOUND);
  const orgId = billingOrgOf(user);
  if (orgId === null || visible.some((x) => x.orgId !== orgId))
    throw forbidden('只有出具该账单的检验机构可以登记缴费');
  const today = shanghaiToday();
  if (input.paidAt && input.paidAt > today)
    throw badRequest('缴费日期不能晚于今天', [{ field: 'paidAt', message: '缴费日期不能晚于今天' }]);
  if (input.paidAt && input.paidAt < addDays(today, -3660))
    throw badRequest('缴费日期有误', [{ field: 'paidAt', message: '缴费日期有误' }]);
  if (input.noticeIds) {
    const inBills = await q
      .select({ id: bc.noticeId })
      .from(bc)
      .where(and(inArray(bc.billId, ids), inArray(bc.noticeId, input.noticeIds)));
    if (inBills.length < new Set(input.noticeIds).size)
      throw badRequest('所选收费通知单不属于所选账单', [
        { field: 'noticeIds', message: '所选收费通知单不属于所选账单' },
      ]);
  }
  // The bills at the version read: the second of two recordings finds a version moved on.
  const taken = await q
    .update(b)
    .set({ version: sql`${b.version} + 1`, updatedAt: new Date() })
    .where(or(...input.bills.map((x) => and(eq(b.id, x.id), eq(b.version, x.version)))))
    .returning({ id: b.id });
  if (taken.length < ids.length) throw conflict('账单已被他人修改，请刷新后重试');
  const recorded = await q
    .update(n)
    .set({
      payState: input.payState,
      paidAt: input.payState === 'paid' ? (input.paidAt ?? today) : null,
      payMethod: input.payState === 'paid' ? input.payMethod || null : null,
      payRemark: input.payRemark || null,
      recordedBy: user.id,
      version: sql`${n.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        sql`${n.id} in (select ${bc.noticeId} from ${bc} where ${inArray(bc.billId, ids)})`,
        input.noticeIds ? inArray(n.id, input.noticeIds) : undefined,
        eq(n.payState, 'unpaid'),
      ),
    )
    .returning({ id: n.id, orderId: n.orderId, amount: n.amount });
  if (recorded.length === 0)
    throw conflict(
      input.noticeIds
        ? '所选收费通知单已登记缴费或免缴，不能重复登记'
        : '所选账单没有未缴费的收费通知单，不能重复登记',
    );
  const orders = await q
    .select({ id: o.id, state: o.state })
    .from(o)
    .where(
      inArray(
        o.id,
        recorded.map((r) => r.orderId),
      ),
    );
  const label = input.payState === 'paid' ? `账单登记缴费（${input.payMethod ?? ''}）` : '账单登记免缴';
  await q.insert(ev).values(
    orders.map((x) => ({
      orderId: x.id,
      action: input.payState === 'paid' ? 'pay' : 'exempt',
      fromState: x.state,
      toState: x.state,
      reason: input.payRemark ? `${label}：${input.payRemark}` : label,
      actorId: user.id,
      actorName: user.realName || user.username,
    })),
  );
  return {
    recorded: recorded.length,
    amount: recorded.reduce((t, r) => t + r.amount, 0),
    bills: await billRows(q, ids),
  };
}
