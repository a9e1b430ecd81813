/** What other modules may ask of the maintenance domain (they never read its tables). */
import { VIOLATION_WINDOW_DAYS } from '@ec/contract';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import { maintenanceLift, maintenanceOrder } from './tables.ts';

/** The elevator a work order belongs to, or null when there is no such order. */
export async function orderElevatorId(q: Queryable, orderId: number): Promise<number | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || orderId > 2_147_483_647) return null;
  const [row] = await q
    .select({ elevatorId: maintenanceOrder.elevatorId })
    .from(maintenanceOrder)
    .where(eq(maintenanceOrder.id, orderId));
  return row?.elevatorId ?? null;
}

/**
 * How many findings of the regulator's checks on a maintenance company's orders were confirmed as
 * violations (确认违规) in the last 365 days, for a company id column or value (the incentive rating).
 */
export function confirmedViolations(companyId: AnyColumn | SQL): SQL<number> {
  return sql<number>`(select count(*) from maintenance_check mc
    join maintenance_order mo on mo.id = mc.order_id
    where mo.maintenance_company_id = ${companyId} and mc.verdict = 1
      and mc.reviewed_at > now() - make_interval(days => ${VIOLATION_WINDOW_DAYS}::int))`.mapWith(Number);
}

// ---------------------------------------------------------------- for the statistics module

/**
 * The work orders planned on the days `from`..`to` (yyyy-MM-dd, inclusive) as the statistics
 * rollups read them: a subquery with id, elevator_id, area_code, maintenance_company_id,
 * use_company_id, status, plan_date, sign_in_at, sign_out_at, worker_ids. Orders carry no change
 * time, so the rollups re-read a window of plan days (index maintenance_order_area_idx).
 */
export function orderStatsSource(from: string, to: string): SQL {
  return sql`(select id, elevator_id, area_code, maintenance_company_id, use_company_id, status,
      plan_date, sign_in_at, sign_out_at, worker_ids
    from ${maintenanceOrder} where ${maintenanceOrder.planDate} between ${from}::date and ${to}::date)`;
}

/** Each lift's next maintenance due date (the maintenance job's state): elevator_id, due_date, updated_at. */
export function liftDueStatsSource(): SQL {
  return sql`(select elevator_id, due_date, updated_at from ${maintenanceLift})`;
}

/** The plan days the orders span (the rollups' full rebuild). */
export async function orderPlanDayRange(q: Queryable): Promise<{ from: string | null; to: string | null }> {
  const rows = await q.execute(
    sql`select min(plan_date)::text as f, max(plan_date)::text as t from ${maintenanceOrder}`,
  );
  const r = rowsOf<{ f: string | null; t: string | null }>(rows)[0];
  return { from: r?.f ?? null, to: r?.t ?? null };
}
