import {
  AD_ORDER_STATE,
  AD_POINT_STATE_LABEL,
  AD_SETTLEMENT_SHARE_DEFAULT,
  AD_SETTLEMENT_SHARE_KEY,
  AD_SETTLEMENT_STATUS,
  AD_SETTLEMENT_STATUS_LABEL,
  type AdCountOverview,
  type AdSettlementDetail,
  type AdSettlementRow,
  type adCountCalls,
  type adSettlementCalls,
  type CallParsedInput,
  formatDateTime,
} from '@ec/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { paramNumber } from '../../../platform/params.ts';
import { moveState } from '../../../platform/workflow/moves.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { leaseSharesSource } from '../../rescue/api.ts';
import { adOrder } from '../orders/tables.ts';
import { adPoint } from '../points/tables.ts';
import { adSettlement, adSettlementLine } from './tables.ts';

const MISSING = '结算单不存在或无权访问';

/** The orders whose bookings count as paid advertising. */
export const PAID_ORDER_STATES = [AD_ORDER_STATE.confirmed, AD_ORDER_STATE.showing, AD_ORDER_STATE.finished];

/**
 * Who sees a settlement: the platform all; a company (an operator or a use unit) those it is a
 * party to; nobody else any.
 */
export function settlementScope(user: AuthUser): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (user.dataScope !== 'company' || user.companyId === null) return sql`false`;
  return sql`(${adSettlement.operatorId} = ${user.companyId} or ${adSettlement.useCompanyId} = ${user.companyId})`;
}

const operator = alias(enterprise, 'ad_settlement_operator');
const useUnit = alias(enterprise, 'ad_settlement_use_unit');
const approver = alias(sysUser, 'ad_settlement_approver');

function baseQuery(db: Queryable) {
  return db
    .select({
      s: adSettlement,
      operatorName: operator.name,
      useCompanyName: useUnit.name,
      approverName: approver.realName,
    })
    .from(adSettlement)
    .leftJoin(operator, eq(operator.id, adSettlement.operatorId))
    .leftJoin(useUnit, eq(useUnit.id, adSettlement.useCompanyId))
    .leftJoin(approver, eq(approver.id, adSettlement.approvedBy));
}
type Joined = Awaited<ReturnType<typeof baseQuery>>[number];

const rowOf = (j: Joined): AdSettlementRow => ({
  id: j.s.id,
  operatorId: j.s.operatorId,
  operatorName: j.operatorName,
  useCompanyId: j.s.useCompanyId,
  useCompanyName: j.useCompanyName,
  month: j.s.month,
  pointCount: j.s.pointCount,
  paidDays: j.s.paidDays,
  revenue: j.s.revenue,
  share: j.s.share,
  amount: j.s.amount,
  status: j.s.status,
  statusLabel: AD_SETTLEMENT_STATUS_LABEL[j.s.status] ?? String(j.s.status),
  approverName: j.approverName,
  approveTime: j.s.approvedAt ? formatDateTime(j.s.approvedAt) : null,
  computeTime: formatDateTime(j.s.computedAt),
  version: j.s.version,
});

export function listSettlements(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<typeof adSettlementCalls.list>,
) {
  const where = and(
    settlementScope(user),
    f.month ? eq(adSettlement.month, f.month) : undefined,
    f.useCompanyId ? eq(adSettlement.useCompanyId, Number(f.useCompanyId)) : undefined,
    f.status ? eq(adSettlement.status, Number(f.status)) : undefined,
  );
  return paginate(
    db,
    f,
    ({ limit, offset }) =>
      baseQuery(db)
        .where(where)
        .orderBy(desc(adSettlement.month), desc(adSettlement.amount), asc(adSettlement.id))
        .limit(limit)
        .offset(offset),
    { from: adSettlement, where },
    rowOf,
  );
}

const lift = liftsRelation().as('ad_settlement_lift');

export async function settlementDetail(
  db: Queryable,
  user: AuthUser,
  id: number,
): Promise<AdSettlementDetail> {
  const [j] = await baseQuery(db).where(and(eq(adSettlement.id, id), settlementScope(user)));
  if (!j) throw notFound(MISSING);
  const lines = await db
    .select({
      pointId: adSettlementLine.pointId,
      pointName: adPoint.pointNo,
      registerCode: lift.registerCode,
      address: adPoint.address,
      paidDays: adSettlementLine.paidDays,
      revenue: adSettlementLine.revenue,
      amount: adSettlementLine.amount,
    })
    .from(adSettlementLine)
    .innerJoin(adPoint, eq(adPoint.id, adSettlementLine.pointId))
    .leftJoin(lift, eq(lift.id, adPoint.elevatorId))
    .where(eq(adSettlementLine.settlementId, id))
    .orderBy(asc(adPoint.pointNo));
  return { ...rowOf(j), lines };
}

/** The first and last day of a yyyy-MM month. */
export function monthBounds(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * The share in percent of a unit whose lease with the operator names none: the system parameter
 * adSettlementShare.
 */
export async function settlementShare(db: Queryable): Promise<number> {
  return Math.min(100, await paramNumber(db, AD_SETTLEMENT_SHARE_KEY, AD_SETTLEMENT_SHARE_DEFAULT));
}

/**
 * Computes an operator's month in one set-based statement: every paid booking's days inside the
 * month (the bookings of a point never overlap: the orders' exclusion constraint), its revenue for
 * those days (the booking's amount spread evenly over its days), summed per point, then per use
 * unit (the point's lift's use unit, copied on the point), at the share agreed in the unit's lease
 * with the operator in effect that month (签约管理, rescue/api.ts) or else the parameter. Pending
 * settlements of the month are replaced; approved ones stay as they were approved (the insert
 * skips them).
 */
export async function computeSettlements(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<typeof adSettlementCalls.compute>,
): Promise<{ settlements: number; points: number; amount: number }> {
  let operatorId: number;
  if (user.dataScope === 'all') {
    if (!input.operatorId)
      throw badRequest('请选择广告运营商', [{ field: 'operatorId', message: '请选择广告运营商' }]);
    operatorId = input.operatorId;
  } else {
    if (user.companyId === null) throw badRequest('当前账号不属于广告运营商');
    operatorId = user.companyId;
  }
  return computeMonth(db, operatorId, input.month);
}

export async function computeMonth(
  db: Queryable,
  operatorId: number,
  month: string,
): Promise<{ settlements: number; points: number; amount: number }> {
  const { start, end } = monthBounds(month);
  const share = await settlementShare(db);
  await db
    .delete(adSettlement)
    .where(
      and(
        eq(adSettlement.operatorId, operatorId),
        eq(adSettlement.month, month),
        eq(adSettlement.status, AD_SETTLEMENT_STATUS.pending),
      ),
    );
  const paid = sql.join(
    PAID_ORDER_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with booked as (
      select p.id as point_id, p.use_company_id,
        (least(op.end_date, ${end}::date) - greatest(op.start_date, ${start}::date) + 1) as days,
        op.amount::numeric / (op.end_date - op.start_date + 1) as per_day
      from ad_order_point op
      join ad_order o on o.id = op.order_id
      join ad_point p on p.id = op.point_id
      where o.company_id = ${operatorId} and o.status in (${paid})
        and op.start_date <= ${end}::date and op.end_date >= ${start}::date
        and p.use_company_id is not null
    ),
    per_point as (
      select use_company_id, point_id, sum(days)::int as days, round(sum(days * per_day), 2) as revenue
      from booked group by use_company_id, point_id
    ),
    shared as (
      select pp.*, coalesce(ls.share, ${share}::numeric) as share
      from per_point pp left join ${leaseSharesSource(operatorId, start, end)} ls on ls.use_company_id = pp.use_company_id
    ),
    lines as (
      select *, round(revenue * share / 100, 2) as amount from shared
    ),
    made as (
      insert into ad_settlement (operator_id, use_company_id, month, point_count, paid_days, revenue, share, amount, status)
      select ${operatorId}::int, use_company_id, ${month}::text, count(*), sum(days), sum(revenue), max(share), sum(amount), 1
      from lines group by use_company_id
      on conflict (operator_id, use_company_id, month) do nothing
      returning id, use_company_id
    ),
    written as (
      insert into ad_settlement_line (settlement_id, point_id, paid_days, revenue, amount)
      select made.id, lines.point_id, lines.days, lines.revenue, lines.amount
      from lines join made on made.use_company_id = lines.use_company_id
      returning amount
    )
    select (select count(*) from made)::int as settlements, count(*)::int as points,
      coalesce(sum(amount), 0)::float8 as amount
    from written`);
  const [r] = rowsOf<{ settlements: number; points: number; amount: number }>(result);
  return { settlements: Number(r.settlements), points: Number(r.points), amount: Number(r.amount) };
}

export async function approveSettlement(db: Queryable, user: AuthUser, id: number, version: number) {
  // Only the operator (or the platform) approves; a use unit finds it, but has no permission.
  const where = user.dataScope === 'all' ? undefined : eq(adSettlement.operatorId, user.companyId ?? -1);
  await moveState(db, adSettlement, {
    id,
    version,
    from: [AD_SETTLEMENT_STATUS.pending],
    to: AD_SETTLEMENT_STATUS.approved,
    set: { approvedBy: user.id, approvedAt: new Date(), updatedAt: new Date() },
    where: and(settlementScope(user), where),
    labels: AD_SETTLEMENT_STATUS_LABEL,
    missing: MISSING,
    verb: '审核',
  });
  const [j] = await baseQuery(db).where(eq(adSettlement.id, id));
  return rowOf(j);
}

// ---------------------------------------------------------------- statistics (/ad/count)

/** Points an account counts: an operator its own, a use unit those in its lifts, the platform all. */
function pointScope(user: AuthUser): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (user.dataScope === 'area' && user.areaCodes.length > 0)
    return sql`${adPoint.areaCode} in (${sql.join(
      user.areaCodes.map((c) => sql`${c}`),
      sql`, `,
    )})`;
  if (user.dataScope !== 'company' || user.companyId === null) return sql`false`;
  return sql`(${adPoint.companyId} = ${user.companyId} or ${adPoint.useCompanyId} = ${user.companyId})`;
}

export async function countOverview(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<typeof adCountCalls.overview>,
): Promise<AdCountOverview> {
  const scope = pointScope(user);
  const states = await db
    .select({ state: adPoint.state, count: sql<number>`count(*)::int` })
    .from(adPoint)
    .where(scope)
    .groupBy(adPoint.state)
    .orderBy(asc(adPoint.state));
  const districts = await db
    .select({ areaCode: adPoint.areaCode, count: sql<number>`count(*)::int` })
    .from(adPoint)
    .where(scope)
    .groupBy(adPoint.areaCode)
    .orderBy(desc(sql`count(*)`), asc(adPoint.areaCode));
  const today = new Date(Date.now() + 8 * 3_600_000);
  const from =
    f.dateFrom ||
    `${new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1)).toISOString().slice(0, 7)}-01`;
  const to = f.dateTo || '9999-12-31';
  const orderScope =
    user.dataScope === 'all'
      ? sql`true`
      : user.dataScope === 'company' && user.companyId !== null
        ? eq(adOrder.companyId, user.companyId)
        : sql`false`;
  const paid = sql.join(
    PAID_ORDER_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const monthCol = sql<string>`to_char(${adOrder.startDate}, 'YYYY-MM')`;
  const months = await db
    .select({
      month: monthCol,
      orders: sql<number>`count(*)::int`,
      revenue: sql<number>`coalesce(sum(${adOrder.amount}) filter (where ${adOrder.status} in (${paid})), 0)::float8`,
    })
    .from(adOrder)
    .where(
      and(orderScope, sql`${adOrder.startDate} >= ${from}::date`, sql`${adOrder.startDate} <= ${to}::date`),
    )
    .groupBy(monthCol)
    .orderBy(asc(monthCol));
  return {
    pointTotal: states.reduce((n, s) => n + s.count, 0),
    byState: states.map((s) => ({ ...s, label: AD_POINT_STATE_LABEL[s.state] ?? String(s.state) })),
    byDistrict: districts,
    byMonth: months.map((m) => ({ ...m, revenue: Number(m.revenue) })),
  };
}
