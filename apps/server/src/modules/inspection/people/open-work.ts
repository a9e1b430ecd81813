import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { inspectionOrder as o } from '../orders/tables.ts';
import { inspectionReport as r } from '../reports/tables.ts';
import { inspectionInspector as I } from './tables.ts';

/*
 * An inspector's open work, which their account reaches through the account id copied onto the
 * orders and reports (orders/scope.ts, reports/scope.ts): the orders distributed to them still to
 * inspect (已分配, 检验中) and the reports not yet pushed or closed (检验中, 已签字) that name them,
 * as the inspector of the order or one of the plan's (putDetectionPlan). The same states as the
 * inspector's task list (reports/work.ts).
 *
 * inspectors.ts decides on it with the inspector's row locked for update, in a statement after the
 * lock: every write that gives an inspector work reads them locked for share (passedInspectorsOf,
 * and a re-inspection's copy in reports/flow.ts), so it either committed before (and is seen) or
 * waits and then finds the inspector changed.
 */

// Written out (not parameters): the open reports' partial index (reports/tables.ts) matches them.
const openOrder = sql`${o.state} in ('distributed', 'inspecting')`;
const openReport = sql`${r.state} in ('inspecting', 'signed')`;

const openOrders = (inspector: typeof I.id) =>
  sql`select 1 from ${o} where ${o.inspectorId} = ${inspector} and ${openOrder}`;
const openReports = (inspector: typeof I.id) =>
  sql`select 1 from ${r} where ${r.inspectorIds} @> array[${inspector}]::integer[] and ${openReport}`;

/** True for an inspector row (`I.id`) with no open work: for the WHERE of the write that decides. */
export const withoutOpenWork = sql`not exists (${openOrders(I.id)}) and not exists (${openReports(I.id)})`;

/**
 * The open work of the inspectors `ids`, as the order and report numbers of each (for a refusal that
 * says what to finish first).
 */
export async function openWorkOf(q: Queryable, ids: number[]) {
  const orders = await q
    .select({ inspectorId: o.inspectorId, no: o.orderNo })
    .from(o)
    .where(and(inArray(o.inspectorId, ids), openOrder))
    .orderBy(asc(o.id));
  const reports = await q
    .select({ inspectorIds: r.inspectorIds, no: r.reportNo })
    .from(r)
    .where(
      and(
        sql`${r.inspectorIds} && array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::integer[]`,
        openReport,
      ),
    )
    .orderBy(asc(r.id));
  return new Map(
    ids.map((id) => [
      id,
      {
        orders: orders.filter((x) => x.inspectorId === id).map((x) => x.no),
        reports: reports.filter((x) => x.inspectorIds.includes(id)).map((x) => x.no),
      },
    ]),
  );
}

/** `检验申请 JY…、JY… 等 3 个` and the like: at most three numbers named. */
export function workList(work: { orders: string[]; reports: string[] }) {
  const named = (what: string, nos: string[], unit: string) =>
    nos.length === 0
      ? []
      : [`${what} ${nos.slice(0, 3).join('、')}${nos.length > 3 ? ` 等 ${nos.length} ${unit}` : ''}`];
  return [...named('检验申请', work.orders, '个'), ...named('检验报告', work.reports, '份')].join('，');
}

/**
 * Moves the orders distributed to inspector `inspectorId` and their reports, in every state, to the
 * account `userId` (the inspector's account changed): the account reaches the inspector's work, and
 * the account linked before no longer does. Orders first (their rows are what a first report's
 * creation locks, reports/flow.ts firstReportOf), then the reports in a statement of its own, which
 * sees a report created meanwhile.
 */
export async function moveWorkToAccount(q: Queryable, inspectorId: number, userId: number) {
  await q
    .update(o)
    .set({ inspectorUserId: userId, updatedAt: new Date() })
    .where(
      and(
        eq(o.inspectorId, inspectorId),
        or(ne(o.inspectorUserId, userId), sql`${o.inspectorUserId} is null`),
      ),
    );
  await q
    .update(r)
    .set({ inspectorUserId: userId, version: sql`${r.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        sql`${r.orderId} in (select ${o.id} from ${o} where ${o.inspectorId} = ${inspectorId})`,
        or(ne(r.inspectorUserId, userId), sql`${r.inspectorUserId} is null`),
      ),
    );
}
