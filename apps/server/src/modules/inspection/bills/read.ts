import {
  CHARGE_PAY_STATE_LABEL,
  type ChargePayState,
  formatDateTime,
  INSPECTION_BILL_STATE_LABEL,
  INSPECTION_REPORT_STATE_LABEL,
  type InspectionBillCharge,
  type InspectionBillDetail,
  type InspectionBillReport,
  type InspectionBillRow,
  type InspectionBillState,
  type InspectionExpenseSummary,
  type InspectionReportState,
  shanghaiMonth,
  shiftMonth,
} from '@ec/contract';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern, rowsOf } from '../../../platform/db/sql.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { inspectionLiftsRelation } from '../../elevator/api.ts';
import { inspectionChargeNotice as n, inspectionOrder as o } from '../orders/tables.ts';
import { visibleReportsRelation } from '../reports/api.ts';
import { releaseRequiresPayment } from './api.ts';
import { partyScope } from './scope.ts';
import { inspectionBill as b, inspectionBillCharge as bc } from './tables.ts';

/*
 * The bills' reads: the list (filters, paging), the detail with its charges, the reports the charges
 * cover, and the organisation's fee summary. A bill's amounts and state are summed from its charges
 * at read time (a payment recorded on the order's notice shows on its bill at once).
 */

export const BILL_NOT_FOUND = '检验账单不存在或无权访问';

const orgE = alias(enterprise, 'bill_org');
const unitE = alias(enterprise, 'bill_use_unit');

/** The Shanghai date a notice was issued (the bills' periods are in these dates). */
export const issuedOn = sql`((${n.issuedAt} at time zone 'Asia/Shanghai')::date)`;

const sumOf = (cond: SQL) =>
  sql<number>`coalesce(sum(case when ${cond} then ${n.amount} else 0 end), 0)::int`;

/** Per bill: its charges' count, amounts per pay state and unpaid count. */
function totalsOf(q: Queryable) {
  return q
    .select({
      billId: bc.billId,
      n: sql<number>`count(*)::int`.as('charge_count'),
      amount: sql<number>`coalesce(sum(${n.amount}), 0)::int`.as('amount'),
      paid: sumOf(sql`${n.payState} = 'paid'`).as('paid_amount'),
      exempt: sumOf(sql`${n.payState} = 'exempt'`).as('exempt_amount'),
      unpaid: sumOf(sql`${n.payState} = 'unpaid'`).as('unpaid_amount'),
      unpaidCount: sql<number>`(count(*) filter (where ${n.payState} = 'unpaid'))::int`.as('unpaid_count'),
    })
    .from(bc)
    .innerJoin(n, eq(n.id, bc.noticeId))
    .groupBy(bc.billId)
    .as('bill_totals');
}

export const billStateOf = (count: number, unpaidCount: number): InspectionBillState =>
  unpaidCount === 0 ? 'settled' : unpaidCount === count ? 'unpaid' : 'partial';

function rowQuery(q: Queryable) {
  const t = totalsOf(q);
  const state = sql<string>`case when coalesce(${t.unpaidCount}, 0) = 0 then 'settled' when ${t.unpaidCount} = ${t.n} then 'unpaid' else 'partial' end`;
  return {
    t,
    state,
    query: q
      .select({
        b,
        orgName: orgE.name,
        useUnitName: unitE.name,
        n: t.n,
        amount: t.amount,
        paid: t.paid,
        exempt: t.exempt,
        unpaid: t.unpaid,
        unpaidCount: t.unpaidCount,
      })
      .from(b)
      .leftJoin(t, eq(t.billId, b.id))
      .leftJoin(orgE, eq(orgE.id, b.orgId))
      .leftJoin(unitE, eq(unitE.id, b.useUnitId)),
  };
}
type Joined = Awaited<ReturnType<ReturnType<typeof rowQuery>['query']['execute']>>[number];

const rowView = (r: Joined): InspectionBillRow => {
  const count = r.n ?? 0;
  const unpaidCount = r.unpaidCount ?? 0;
  const state = billStateOf(count, unpaidCount);
  return {
    id: r.b.id,
    billNo: r.b.billNo,
    orgId: r.b.orgId,
    orgName: r.orgName,
    useUnitId: r.b.useUnitId,
    useUnitName: r.useUnitName,
    periodFrom: r.b.periodFrom,
    periodTo: r.b.periodTo,
    chargeCount: count,
    unpaidCount,
    amount: r.amount ?? 0,
    paidAmount: r.paid ?? 0,
    exemptAmount: r.exempt ?? 0,
    unpaidAmount: r.unpaid ?? 0,
    state,
    stateLabel: INSPECTION_BILL_STATE_LABEL[state],
    remark: r.b.remark,
    createdAt: formatDateTime(r.b.createdAt),
    createdByName: r.b.createdByName,
    version: r.b.version,
  };
};

export const billScope = (user: AuthUser) => partyScope(user, b.orgId, b.useUnitId);

/** The bill if the user sees it, else 404. */
export async function visibleBill(q: Queryable, user: AuthUser, id: number) {
  const [row] = await q
    .select()
    .from(b)
    .where(and(eq(b.id, id), billScope(user)));
  if (!row) throw notFound(BILL_NOT_FOUND);
  return row;
}

/** yyyy-MM → its first and last day. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** A whole month reads as the month (2024年03月), any other period as its range. */
export function periodText(from: string, to: string): string {
  const { from: first, to: last } = monthRange(from.slice(0, 7));
  return from === first && to === last ? `${from.slice(0, 4)}年${from.slice(5, 7)}月` : `${from} 至 ${to}`;
}

export interface BillFilters {
  page: number;
  limit: number;
  useUnitId?: number;
  useUnit?: string;
  month?: string;
  state?: InspectionBillState;
  billNo?: string;
}

export async function listBills(q: Queryable, user: AuthUser, f: BillFilters) {
  const { query, state, t } = rowQuery(q);
  const where = listWhere(user, f, state);
  return paginate(
    q,
    f,
    (w) => query.where(where).orderBy(desc(b.periodFrom), desc(b.id)).limit(w.limit).offset(w.offset),
    () => countWhere(q, where, t),
    rowView,
  );
}

/** The bills under `where` (which may read the totals `t` and the use unit's name). */
async function countWhere(q: Queryable, where: SQL | undefined, t: ReturnType<typeof rowQuery>['t']) {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(b)
    .leftJoin(t, eq(t.billId, b.id))
    .leftJoin(unitE, eq(unitE.id, b.useUnitId))
    .where(where);
  return row?.n ?? 0;
}

/** How many bills of the filters the user sees (the list's count: the export's size). */
export function billCount(q: Queryable, user: AuthUser, f: Omit<BillFilters, 'page' | 'limit'>) {
  const { state, t } = rowQuery(q);
  return countWhere(q, listWhere(user, f, state), t);
}

/** The list's filters as one condition (scope included). */
function listWhere(user: AuthUser, f: Omit<BillFilters, 'page' | 'limit'>, state: SQL) {
  const period = f.month ? monthRange(f.month) : null;
  return and(
    billScope(user),
    f.useUnitId ? eq(b.useUnitId, f.useUnitId) : undefined,
    f.useUnit ? ilike(unitE.name, likePattern(f.useUnit)) : undefined,
    period ? and(sql`${b.periodFrom} <= ${period.to}`, sql`${b.periodTo} >= ${period.from}`) : undefined,
    f.state ? sql`${state} = ${f.state}` : undefined,
    f.billNo ? ilike(b.billNo, likePattern(f.billNo)) : undefined,
  );
}

/** `export`: a batch of the filtered bills after `afterId` (ascending id, for keysetBatches). */
export async function billBatch(
  q: Queryable,
  user: AuthUser,
  f: Omit<BillFilters, 'page' | 'limit'>,
  afterId: number,
  size: number,
): Promise<InspectionBillRow[]> {
  const { query, state } = rowQuery(q);
  const rows = await query
    .where(and(listWhere(user, f, state), sql`${b.id} > ${afterId}`))
    .orderBy(asc(b.id))
    .limit(size);
  return rows.map(rowView);
}

/** Bill rows by id (no scope: the caller read them in scope). */
export async function billRows(q: Queryable, ids: number[]): Promise<InspectionBillRow[]> {
  if (ids.length === 0) return [];
  const { query } = rowQuery(q);
  return (await query.where(inArray(b.id, ids)).orderBy(asc(b.id))).map(rowView);
}

// ---------------------------------------------------------------- charges

/** The charge rows of notices matching `where` (joined with their order and lift). */
export async function chargesWhere(q: Queryable, where: SQL | undefined): Promise<InspectionBillCharge[]> {
  const lift = inspectionLiftsRelation(null).as('bill_lift');
  const rows = await q
    .select({
      n,
      orderNo: o.orderNo,
      registerCode: lift.registerCode,
      address: lift.address,
    })
    .from(n)
    .innerJoin(o, eq(o.id, n.orderId))
    .innerJoin(lift, eq(lift.id, o.elevatorId))
    .where(where)
    .orderBy(asc(n.issuedAt), asc(n.id));
  return rows.map((r) => ({
    noticeId: r.n.id,
    noticeNo: r.n.noticeNo,
    orderId: r.n.orderId,
    orderNo: r.orderNo,
    registerCode: r.registerCode,
    address: r.address,
    amount: r.n.amount,
    issuedAt: formatDateTime(r.n.issuedAt),
    dueDate: r.n.dueDate,
    payState: r.n.payState as ChargePayState,
    payStateLabel: CHARGE_PAY_STATE_LABEL[r.n.payState as ChargePayState] ?? r.n.payState,
    paidAt: r.n.paidAt,
    payMethod: r.n.payMethod,
    payRemark: r.n.payRemark,
    version: r.n.version,
  }));
}

/** `{id}`: the bill and its charges. */
export async function billDetail(q: Queryable, user: AuthUser, id: number): Promise<InspectionBillDetail> {
  const { query } = rowQuery(q);
  const [r] = await query.where(and(eq(b.id, id), billScope(user)));
  if (!r) throw notFound(BILL_NOT_FOUND);
  const charges = await chargesWhere(
    q,
    sql`${n.id} in (select ${bc.noticeId} from ${bc} where ${bc.billId} = ${id})`,
  );
  return { ...rowView(r), charges };
}

// ---------------------------------------------------------------- reports

export async function billReports(
  q: Queryable,
  user: AuthUser,
  f: {
    page: number;
    limit: number;
    billId?: number;
    useUnitId?: number;
    month?: string;
    onlyUnpaid?: boolean;
  },
) {
  if (f.billId !== undefined) await visibleBill(q, user, f.billId);
  const rep = visibleReportsRelation(user).as('bill_report');
  const lift = inspectionLiftsRelation(null).as('bill_report_lift');
  const period = f.month ? monthRange(f.month) : null;
  const where = and(
    partyScope(user, o.orgId, o.useUnitId),
    f.billId !== undefined ? eq(bc.billId, f.billId) : undefined,
    f.useUnitId ? eq(o.useUnitId, f.useUnitId) : undefined,
    period
      ? and(sql`${rep.inspectedOn} >= ${period.from}`, sql`${rep.inspectedOn} <= ${period.to}`)
      : undefined,
    f.onlyUnpaid ? eq(n.payState, 'unpaid') : undefined,
  );
  const from = () =>
    q
      .select({
        id: rep.id,
        reportNo: rep.reportNo,
        attempt: rep.attempt,
        orderId: rep.orderId,
        orderNo: o.orderNo,
        registerCode: lift.registerCode,
        useUnitName: unitE.name,
        state: rep.state,
        conclusion: rep.conclusion,
        inspectedOn: rep.inspectedOn,
        pushedAt: rep.pushedAt,
        billId: bc.billId,
        billNo: b.billNo,
        payState: n.payState,
      })
      .from(rep)
      .innerJoin(o, eq(o.id, rep.orderId))
      .innerJoin(lift, eq(lift.id, rep.elevatorId))
      .leftJoin(unitE, eq(unitE.id, o.useUnitId))
      .leftJoin(n, eq(n.orderId, o.id))
      .leftJoin(bc, eq(bc.noticeId, n.id))
      .leftJoin(b, eq(b.id, bc.billId));
  return paginate(
    q,
    f,
    (w) =>
      from()
        .where(where)
        .orderBy(sql`${rep.inspectedOn} desc nulls last`, desc(rep.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [row] = await q
        .select({ n: sql<number>`count(*)::int` })
        .from(rep)
        .innerJoin(o, eq(o.id, rep.orderId))
        .leftJoin(n, eq(n.orderId, o.id))
        .leftJoin(bc, eq(bc.noticeId, n.id))
        .where(where);
      return row?.n ?? 0;
    },
    (r): InspectionBillReport => ({
      id: r.id,
      reportNo: r.reportNo,
      attempt: r.attempt,
      orderId: r.orderId,
      orderNo: r.orderNo,
      registerCode: r.registerCode,
      useUnitName: r.useUnitName,
      state: r.state as InspectionReportState,
      stateLabel: INSPECTION_REPORT_STATE_LABEL[r.state as InspectionReportState] ?? r.state,
      conclusion: r.conclusion as InspectionBillReport['conclusion'],
      inspectedOn: r.inspectedOn,
      pushedAt: r.pushedAt ? formatDateTime(r.pushedAt) : null,
      billId: r.billId,
      billNo: r.billNo,
      payState: (r.payState as ChargePayState | null) ?? null,
      payStateLabel: r.payState ? (CHARGE_PAY_STATE_LABEL[r.payState as ChargePayState] ?? r.payState) : null,
    }),
  );
}

// ---------------------------------------------------------------- fee summary

interface Figures {
  key: string;
  label: string | null;
  notices: number;
  amount: number;
  paid: number;
  exempt: number;
  unpaid: number;
  unbilled_count: number;
  unbilled_amount: number;
}
const figuresOf = (r?: Partial<Figures>) => ({
  notices: Number(r?.notices ?? 0),
  amount: Number(r?.amount ?? 0),
  paidAmount: Number(r?.paid ?? 0),
  exemptAmount: Number(r?.exempt ?? 0),
  unpaidAmount: Number(r?.unpaid ?? 0),
  unbilledCount: Number(r?.unbilled_count ?? 0),
  unbilledAmount: Number(r?.unbilled_amount ?? 0),
});

/**
 * `managementExpense`: the charge notices the user sees issued from `from` to `to` (months, the last
 * 12 by default), summed per month or per use unit: amounts paid, exempt and unpaid (分), and those
 * not yet in a bill.
 */
export async function managementExpense(
  q: Queryable,
  user: AuthUser,
  f: { from?: string; to?: string; groupBy?: 'month' | 'useUnit' },
): Promise<InspectionExpenseSummary> {
  const to = f.to ?? shanghaiMonth();
  const from = f.from ?? shiftMonth(to, -11);
  if (from > to)
    throw badRequest('起始月份不能晚于结束月份', [{ field: 'from', message: '起始月份不能晚于结束月份' }]);
  const groupBy = f.groupBy ?? 'month';
  const key = groupBy === 'month' ? sql`to_char(${issuedOn}, 'YYYY-MM')` : sql`${o.useUnitId}::text`;
  const label = groupBy === 'month' ? sql`null` : sql`max(${unitE.name})`;
  const figures = sql`count(*)::int as notices, coalesce(sum(${n.amount}), 0)::int as amount,
    coalesce(sum(case when ${n.payState} = 'paid' then ${n.amount} else 0 end), 0)::int as paid,
    coalesce(sum(case when ${n.payState} = 'exempt' then ${n.amount} else 0 end), 0)::int as exempt,
    coalesce(sum(case when ${n.payState} = 'unpaid' then ${n.amount} else 0 end), 0)::int as unpaid,
    (count(*) filter (where ${bc.id} is null))::int as unbilled_count,
    coalesce(sum(case when ${bc.id} is null then ${n.amount} else 0 end), 0)::int as unbilled_amount`;
  const body = sql`from ${n} inner join ${o} on ${o.id} = ${n.orderId}
    left join ${bc} on ${bc.noticeId} = ${n.id}
    left join ${enterprise} ${sql.raw('bill_use_unit')} on ${sql.raw('bill_use_unit.id')} = ${o.useUnitId}
    where ${partyScope(user, o.orgId, o.useUnitId)}
      and ${issuedOn} >= ${`${from}-01`}::date and ${issuedOn} < ${`${shiftMonth(to, 1)}-01`}::date`;
  const grouped = rowsOf<Figures>(
    await q.execute(sql`select ${key} as key, ${label} as label, ${figures} ${body} group by 1 order by 1`),
  );
  const [total] = rowsOf<Figures>(await q.execute(sql`select ${figures} ${body}`));
  let rows: InspectionExpenseSummary['rows'];
  if (groupBy === 'month') {
    const byMonth = new Map(grouped.map((r) => [r.key, r]));
    rows = [];
    for (let m = from; m <= to && rows.length < 120; m = shiftMonth(m, 1))
      rows.push({ key: m, label: m, ...figuresOf(byMonth.get(m)) });
  } else {
    rows = grouped
      .map((r) => ({ key: String(r.key), label: r.label ?? `使用单位 ${r.key}`, ...figuresOf(r) }))
      .sort((x, y) => y.amount - x.amount);
  }
  return {
    from,
    to,
    groupBy,
    totals: figuresOf(total),
    rows,
    releaseRequiresPayment: await releaseRequiresPayment(q),
  };
}
