/** What other modules may ask of the maintenance domain (they never read its tables). */
import { VIOLATION_WINDOW_DAYS } from '@ec/contract';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { maintenanceOrder } from './tables.ts';

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
