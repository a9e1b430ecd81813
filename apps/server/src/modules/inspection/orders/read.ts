import {
  type ApplicableLiftRow,
  addDays,
  CHARGE_PAY_STATE_LABEL,
  type ChargeNoticeDetail,
  type ChargePayState,
  FILING_STATE,
  formatDateTime,
  INSPECTION_APPLY_WINDOW_DAYS,
  INSPECTION_ORDER_ATTACHMENTS,
  INSPECTION_ORDER_FINAL_STATES,
  INSPECTION_ORDER_KIND_LABEL,
  INSPECTION_ORDER_STATE_LABEL,
  type InspectionOrderDetail,
  type InspectionOrderEventRow,
  type InspectionOrderQuote,
  type InspectionOrderRow,
  type InspectionOrderState,
  inspectionApplyWindow,
  shanghaiMonth,
  shanghaiToday,
  shiftMonth,
  varietyName,
} from '@ec/contract';
import { type AnyColumn, and, asc, count, desc, eq, ilike, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern, rowsOf } from '../../../platform/db/sql.ts';
import { enterprise, sysArea, sysFile } from '../../../platform/db/tables.ts';
import { pageTotal } from '../../../platform/db/totals.ts';
import { badRequest, forbidden, notFound } from '../../../platform/errors.ts';
import { inspectionLiftsRelation, liftsDueRelation } from '../../elevator/api.ts';
import { areaOf } from '../params/service.ts';
import { inspectionInspector } from '../people/tables.ts';
import { INSPECTION_ORG_KIND } from '../scope.ts';
import { isOrgAdminOf, isUseUnitUser, orderScope } from './scope.ts';
import { inspectionOrderEvent as ev, inspectionChargeNotice as n, inspectionOrder as o } from './tables.ts';

/*
 * The orders' reads: the lists (page, filters, sort), the detail with the lift's facts, attachments,
 * quote, charge notice, inspector and history, the organisation's main page and monthly figures.
 * Every read is limited by `orderScope` (404 outside it).
 */

export const ORDER_NOT_FOUND = '检验申请不存在或无权访问';

/** One column of one row of another table, as a scalar subquery (null when there is none). */
const lookup = <T>(column: AnyColumn, table: PgTable, key: AnyColumn, value: AnyColumn) =>
  sql<T | null>`(select ${column} from ${table} where ${key} = ${value})`;

/**
 * The select of order rows with their lift (a join: the lists filter by its register code) and, as
 * scalar subqueries, its district's name, the organisation's and the use unit's names, the
 * inspector and the notice's pay state. Not joins: with seven relations PostgreSQL spent ~10 ms
 * planning each page (the join order search) against ~1 ms running it (tools/bench/inspection-orders.ts,
 * 1,000,000 orders); a scalar subquery is planned apart in a fraction of that and runs for the
 * page's rows only.
 */
function rowQuery(q: Queryable) {
  const lift = inspectionLiftsRelation(null).as('order_lift');
  return {
    lift,
    query: q
      .select({
        o,
        registerCode: lift.registerCode,
        elevatorName: lift.name,
        address: lift.address,
        areaCode: lift.areaCode,
        areaName: lookup<string>(sysArea.name, sysArea, sysArea.code, lift.areaCode),
        orgName: lookup<string>(enterprise.name, enterprise, enterprise.id, o.orgId),
        useUnitName: lookup<string>(enterprise.name, enterprise, enterprise.id, o.useUnitId),
        inspectorName: lookup<string>(
          inspectionInspector.name,
          inspectionInspector,
          inspectionInspector.id,
          o.inspectorId,
        ),
        inspectorCertNo: lookup<string>(
          inspectionInspector.certNo,
          inspectionInspector,
          inspectionInspector.id,
          o.inspectorId,
        ),
        payState: lookup<string>(n.payState, n, n.orderId, o.id),
      })
      .from(o)
      .innerJoin(lift, eq(lift.id, o.elevatorId)),
  };
}
type Joined = Awaited<ReturnType<ReturnType<typeof rowQuery>['query']['execute']>>[number];

const rowView = (r: Joined): InspectionOrderRow => ({
  id: r.o.id,
  orderNo: r.o.orderNo,
  kind: r.o.kind,
  kindLabel: INSPECTION_ORDER_KIND_LABEL[r.o.kind] ?? r.o.kind,
  state: r.o.state as InspectionOrderState,
  stateLabel: stateLabel(r.o.state),
  elevatorId: r.o.elevatorId,
  registerCode: r.registerCode,
  elevatorName: r.elevatorName,
  address: r.address,
  areaCode: r.areaCode,
  areaName: r.areaName,
  orgId: r.o.orgId,
  orgName: r.orgName,
  useUnitId: r.o.useUnitId,
  useUnitName: r.useUnitName,
  nextInspectionDate: r.o.nextInspectionDate,
  quoteAmount: r.o.quoteAmount,
  payState: (r.payState as ChargePayState | null) ?? null,
  inspectorId: r.o.inspectorId,
  inspectorName: r.inspectorName,
  plannedDate: r.o.plannedDate,
  appliedAt: formatDateTime(r.o.appliedAt),
  updateTime: formatDateTime(r.o.updatedAt),
  version: r.o.version,
});

export const stateLabel = (s: string) => INSPECTION_ORDER_STATE_LABEL[s as InspectionOrderState] ?? s;

/** An order in the user's scope, 404 otherwise; `forUpdate` locks it (the caller's transaction). */
export async function visibleOrder(q: Queryable, user: AuthUser, id: number, forUpdate = false) {
  const query = q
    .select()
    .from(o)
    .where(and(eq(o.id, id), orderScope(user)));
  const [row] = await (forUpdate ? query.for('update') : query);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

// ---------------------------------------------------------------- lists

export interface OrderFilters {
  page: number;
  limit: number;
  state?: string;
  month?: string;
  registerCode?: string;
  useUnit?: string;
  inspectorId?: number;
  orderNo?: string;
  sort?: 'appliedAt' | 'nextInspectionDate' | 'plannedDate';
  order?: 'asc' | 'desc';
}

/** The first instant of a month (yyyy-MM) in Asia/Shanghai. */
const monthStart = (month: string) => sql`((${`${month}-01`})::timestamp at time zone 'Asia/Shanghai')`;

/**
 * A list of the orders the user sees. `onlyDistributed`: the inspector's list (the orders with an
 * inspector; an inspector's scope is already the orders distributed to it).
 */
export async function listOrders(q: Queryable, user: AuthUser, f: OrderFilters, onlyDistributed = false) {
  const { query, lift } = rowQuery(q);
  const where = and(
    orderScope(user),
    onlyDistributed ? isNotNull(o.inspectorId) : undefined,
    f.state ? eq(o.state, f.state) : undefined,
    f.month
      ? and(
          sql`${o.appliedAt} >= ${monthStart(f.month)}`,
          sql`${o.appliedAt} < ${monthStart(shiftMonth(f.month, 1))}`,
        )
      : undefined,
    f.registerCode ? ilike(lift.registerCode, likePattern(f.registerCode)) : undefined,
    f.useUnit
      ? sql`${o.useUnitId} in (select ${enterprise.id} from ${enterprise} where ${ilike(enterprise.name, likePattern(f.useUnit))})`
      : undefined,
    f.inspectorId ? eq(o.inspectorId, f.inspectorId) : undefined,
    f.orderNo ? ilike(o.orderNo, likePattern(f.orderNo)) : undefined,
  );
  const column =
    f.sort === 'nextInspectionDate'
      ? o.nextInspectionDate
      : f.sort === 'plannedDate'
        ? o.plannedDate
        : o.appliedAt;
  const dir = f.order === 'asc' ? asc : desc;
  return paginate(
    q,
    f,
    (w) => query.where(where).orderBy(dir(column), dir(o.id)).limit(w.limit).offset(w.offset),
    async () => {
      // Without a register code the count is the orders' alone: the platform's page total (exact
      // while cheap, a busy month's total remembered for a few seconds, platform/db/totals.ts).
      if (!f.registerCode) return (await pageTotal(q, o, where, false)).total;
      // Every order has its lift (a foreign key): the count joins it only to filter.
      const [row] = await q
        .select({ n: count() })
        .from(o)
        .innerJoin(lift, eq(lift.id, o.elevatorId))
        .where(where);
      return row?.n ?? 0;
    },
    rowView,
  );
}

// ---------------------------------------------------------------- detail

const quoteView = (row: typeof o.$inferSelect): InspectionOrderQuote | null => (row.quote ? row.quote : null);

export function noticeView(
  order: { id: number; orderNo: string },
  parts: {
    orgName: string | null;
    useUnitName: string | null;
    registerCode: string;
    address: string;
  },
  notice: typeof n.$inferSelect,
): ChargeNoticeDetail {
  return {
    id: notice.id,
    orderId: order.id,
    orderNo: order.orderNo,
    noticeNo: notice.noticeNo,
    ...parts,
    amount: notice.amount,
    items: notice.items,
    dueDate: notice.dueDate,
    issuedAt: formatDateTime(notice.issuedAt),
    payState: notice.payState as ChargePayState,
    payStateLabel: CHARGE_PAY_STATE_LABEL[notice.payState as ChargePayState] ?? notice.payState,
    paidAt: notice.paidAt,
    payMethod: notice.payMethod,
    payRemark: notice.payRemark,
    version: notice.version,
  };
}

const ACTION_LABEL: Record<string, string> = {
  apply: '提交申请',
  reapply: '重新提交申请',
  update: '修改申请',
  accept: '受理',
  sendBack: '退回',
  quote: '报价',
  notice: '签发收费通知单',
  pay: '登记缴费',
  exempt: '登记免缴',
  distribute: '分配检验人员',
  close: '关闭',
  cancel: '撤回申请',
  remark: '保存备注',
};

/** `get/{id}`: the order as the user may see it (the organisation's remark only for it and the platform). */
export async function orderDetail(q: Queryable, user: AuthUser, id: number): Promise<InspectionOrderDetail> {
  const { query } = rowQuery(q);
  const [r] = await query.where(and(eq(o.id, id), orderScope(user)));
  if (!r) throw notFound(ORDER_NOT_FOUND);
  const lift = inspectionLiftsRelation(null).as('detail_lift');
  const [facts] = await q
    .select({
      variety: lift.variety,
      floors: lift.floors,
      ratedLoad: lift.ratedLoad,
      ratedSpeed: lift.ratedSpeed,
      nextInspectDate: lift.nextInspectDate,
    })
    .from(lift)
    .where(eq(lift.id, r.o.elevatorId));
  const ids = r.o.fileIds;
  const files =
    ids.length === 0
      ? []
      : await q
          .select({ id: sysFile.id, name: sysFile.fileName })
          .from(sysFile)
          .where(inArray(sysFile.id, ids));
  const nameOf = new Map(files.map((f) => [f.id, f.name]));
  const [notice] = await q.select().from(n).where(eq(n.orderId, id));
  const history = await q.select().from(ev).where(eq(ev.orderId, id)).orderBy(asc(ev.id));
  const seesRemark = user.dataScope === 'all' || isOrgAdminOf(user, r.o.orgId);
  return {
    ...rowView(r),
    lift: {
      variety: facts?.variety ?? null,
      varietyName: varietyName(facts?.variety),
      floors: facts?.floors ?? null,
      ratedLoad: facts?.ratedLoad ?? null,
      ratedSpeed: facts?.ratedSpeed ?? null,
      nextInspectDate: facts?.nextInspectDate ?? null,
    },
    attachments: INSPECTION_ORDER_ATTACHMENTS.map((a) => ({
      key: a.key,
      label: a.label,
      required: a.required,
      files: (r.o.attachments[a.key] ?? []).map((fid) => ({ id: fid, name: nameOf.get(fid) ?? null })),
    })),
    applyRemark: r.o.applyRemark,
    orgRemark: seesRemark ? r.o.orgRemark : null,
    returnReason: r.o.returnReason,
    closeReason: r.o.closeReason,
    quote: quoteView(r.o),
    notice: notice
      ? noticeView(
          r.o,
          {
            orgName: r.orgName,
            useUnitName: r.useUnitName,
            registerCode: r.registerCode,
            address: r.address,
          },
          notice,
        )
      : null,
    inspectorCertNo: r.inspectorCertNo,
    distributedAt: r.o.distributedAt ? formatDateTime(r.o.distributedAt) : null,
    history: history.map(
      (e): InspectionOrderEventRow => ({
        id: e.id,
        action: e.action,
        actionLabel: ACTION_LABEL[e.action] ?? e.action,
        fromState: e.fromState,
        toState: e.toState,
        reason: e.reason,
        actorName: e.actorName,
        at: formatDateTime(e.at),
      }),
    ),
  };
}

/** The parts of a notice that come from the order's joins (a preview and `getDetail`). */
export async function noticeParts(q: Queryable, orderId: number) {
  const { query } = rowQuery(q);
  const [r] = await query.where(eq(o.id, orderId));
  return {
    row: r,
    parts: {
      orgName: r.orgName,
      useUnitName: r.useUnitName,
      registerCode: r.registerCode,
      address: r.address,
    },
  };
}

/** `chargeData`: the quote's breakdown (404 before the order is quoted). */
export async function chargeData(q: Queryable, user: AuthUser, id: number): Promise<InspectionOrderQuote> {
  const order = await visibleOrder(q, user, id);
  if (!order.quote) throw notFound('该检验申请尚未报价');
  return order.quote;
}

/** `tbInspectionChargeNotice/getDetail`: the order's charge notice (404 before it is issued). */
export async function noticeDetail(
  q: Queryable,
  user: AuthUser,
  orderId: number,
): Promise<ChargeNoticeDetail> {
  const order = await visibleOrder(q, user, orderId);
  const [notice] = await q.select().from(n).where(eq(n.orderId, order.id));
  if (!notice) throw notFound('该检验申请尚未签发收费通知单');
  const { parts } = await noticeParts(q, order.id);
  return noticeView(order, parts, notice);
}

// ---------------------------------------------------------------- main page and statistics

const openState = sql`${o.state} not in (${sql.join(
  INSPECTION_ORDER_FINAL_STATES.map((s) => sql`${s}`),
  sql`, `,
)})`;

/**
 * `inspecttionOrganizationMain`: the orders the user sees per state; the lifts of the user's area
 * (an organisation: its district; a regulator: its districts; the platform: all) due within the
 * application window with no open order; the orders whose on-site date is today.
 */
export async function orderMain(q: Queryable, user: AuthUser) {
  const today = shanghaiToday();
  const states = await q
    .select({ state: o.state, n: count() })
    .from(o)
    .where(orderScope(user))
    .groupBy(o.state);
  const byState: Record<string, number> = Object.fromEntries(
    Object.keys(INSPECTION_ORDER_STATE_LABEL).map((s) => [s, 0]),
  );
  for (const s of states) byState[s.state] = s.n;
  const due = liftsDueRelation(await areaOf(q, user), addDays(today, INSPECTION_APPLY_WINDOW_DAYS)).as(
    'main_due',
  );
  const [dueRow] = await q
    .select({ n: count() })
    .from(due)
    .where(
      and(
        sql`${due.nextInspectDate} >= ${today}`,
        sql`not exists (select 1 from ${o} where ${o.elevatorId} = ${due.id} and ${openState})`,
      ),
    );
  const [todayRow] = await q
    .select({ n: count() })
    .from(o)
    .where(and(orderScope(user), eq(o.plannedDate, today), inArray(o.state, ['distributed', 'inspecting'])));
  return { byState, dueNotApplied: dueRow?.n ?? 0, todayDistributed: todayRow?.n ?? 0 };
}

const monthOf = (col: AnyColumn) => sql<string>`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM')`;

/**
 * `inspecttionOrganizationStatistics`: per month (Asia/Shanghai) from `from` to `to` (the last 12
 * months by default) the orders applied, accepted and distributed in it, the amount quoted in it and
 * the amount paid in it (分), over the orders the user sees. Exact counts.
 */
export async function orderStatistics(q: Queryable, user: AuthUser, f: { from?: string; to?: string }) {
  const to = f.to ?? shanghaiMonth();
  let from = f.from;
  if (!from) {
    const [y, m] = to.split('-').map(Number);
    const back = y * 12 + (m - 1) - 11;
    from = `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}`;
  }
  if (from > to)
    throw badRequest('起始月份不能晚于结束月份', [{ field: 'from', message: '起始月份不能晚于结束月份' }]);
  const months: string[] = [];
  for (let m = from; m <= to && months.length < 120; m = shiftMonth(m, 1)) months.push(m);
  const start = monthStart(from);
  const end = monthStart(shiftMonth(to, 1));
  const scope = orderScope(user);
  const between = (col: AnyColumn) => sql`${col} >= ${start} and ${col} < ${end}`;
  const counted = async (col: AnyColumn) =>
    new Map(
      (
        await q
          .select({ month: monthOf(col), n: count() })
          .from(o)
          .where(and(scope, between(col)))
          .groupBy(monthOf(col))
      ).map((r) => [r.month, r.n]),
    );
  const applied = await counted(o.appliedAt);
  const accepted = await counted(o.acceptedAt);
  const distributed = await counted(o.distributedAt);
  const quoted = new Map(
    (
      await q
        .select({
          month: monthOf(o.quotedAt),
          n: sql<number>`coalesce(sum(${o.quoteAmount}), 0)`.mapWith(Number),
        })
        .from(o)
        .where(and(scope, between(o.quotedAt)))
        .groupBy(monthOf(o.quotedAt))
    ).map((r) => [r.month, r.n]),
  );
  const paid = new Map(
    rowsOf<{ month: string; n: number }>(
      await q.execute(sql`select to_char(${n.paidAt}, 'YYYY-MM') as month, coalesce(sum(${n.amount}), 0)::int as n
        from ${n} inner join ${o} on ${o.id} = ${n.orderId}
        where ${scope} and ${n.payState} = 'paid'
          and ${n.paidAt} >= ${`${from}-01`}::date and ${n.paidAt} < ${`${shiftMonth(to, 1)}-01`}::date
        group by 1`),
    ).map((r) => [r.month, Number(r.n)]),
  );
  return months.map((month) => ({
    month,
    applied: applied.get(month) ?? 0,
    accepted: accepted.get(month) ?? 0,
    distributed: distributed.get(month) ?? 0,
    quotedAmount: quoted.get(month) ?? 0,
    paidAmount: paid.get(month) ?? 0,
  }));
}

// ---------------------------------------------------------------- the application form's choices

/**
 * `applicableLifts`: the use unit's lifts (the registry's binding), each with its window and the
 * open order on it; `onlyApplicable` keeps those it may apply for today. Use units only (403).
 */
export async function applicableLifts(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; registerCode?: string; onlyApplicable?: boolean },
) {
  if (!isUseUnitUser(user)) throw forbidden('只有电梯使用单位可以申请定期检验');
  const today = shanghaiToday();
  const lift = inspectionLiftsRelation(null).as('apply_choice');
  const open = alias(o, 'apply_open');
  const opens = sql`(${lift.nextInspectDate} - ${INSPECTION_APPLY_WINDOW_DAYS}::int)`;
  const inWindow = sql`(${lift.nextInspectDate} is not null and ${today}::date between ${opens} and ${lift.nextInspectDate})`;
  const where = and(
    eq(lift.useCompanyId, user.companyId!),
    f.registerCode ? ilike(lift.registerCode, likePattern(f.registerCode)) : undefined,
    f.onlyApplicable ? and(inWindow, sql`${open.id} is null`) : undefined,
  );
  const onOpen = and(
    eq(open.elevatorId, lift.id),
    sql`${open.state} not in (${sql.join(
      INSPECTION_ORDER_FINAL_STATES.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  );
  return paginate(
    q,
    f,
    (w) =>
      q
        .select({
          id: lift.id,
          registerCode: lift.registerCode,
          name: lift.name,
          address: lift.address,
          areaCode: lift.areaCode,
          next: lift.nextInspectDate,
          openId: open.id,
          openNo: open.orderNo,
          openState: open.state,
        })
        .from(lift)
        .leftJoin(open, onOpen)
        .where(where)
        .orderBy(sql`${lift.nextInspectDate} asc nulls last`, asc(lift.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [row] = await q.select({ n: count() }).from(lift).leftJoin(open, onOpen).where(where);
      return row?.n ?? 0;
    },
    (r): ApplicableLiftRow => {
      const refusal = r.openNo
        ? `已有未办结的检验申请（${r.openNo}，${stateLabel(r.openState!)}）`
        : r.next
          ? windowRefusal(r.next, today)
          : '未登记下次检验日期';
      return {
        elevatorId: r.id,
        registerCode: r.registerCode,
        elevatorName: r.name,
        address: r.address,
        areaCode: r.areaCode,
        nextInspectDate: r.next,
        windowOpens: r.next ? addDays(r.next, -INSPECTION_APPLY_WINDOW_DAYS) : null,
        canApply: refusal === null,
        reason: refusal,
        openOrderId: r.openId,
        openOrderNo: r.openNo,
        openOrderState: r.openState,
      };
    },
  );
}

/** `orgOptions`: the filed inspection organisations (by name), with their district. */
export async function orgOptions(q: Queryable, f: { keyword?: string }) {
  return q
    .select({
      id: enterprise.id,
      name: enterprise.name,
      areaCode: enterprise.areaCode,
      areaName: sysArea.name,
    })
    .from(enterprise)
    .leftJoin(sysArea, eq(sysArea.code, enterprise.areaCode))
    .where(
      and(
        eq(enterprise.kind, INSPECTION_ORG_KIND),
        eq(enterprise.filingState, FILING_STATE.passed),
        f.keyword ? ilike(enterprise.name, likePattern(f.keyword)) : undefined,
      ),
    )
    .orderBy(asc(enterprise.id))
    .limit(50);
}

/** The 30-day window (TSG T7001-2023): why an application for a lift with this date is refused today, or null. */
export const windowRefusal = (next: string, today: string): string | null =>
  inspectionApplyWindow(next, today).refusal;
