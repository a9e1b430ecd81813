/** What other modules may ask of the maintenance domain (they never read its tables). */
import { eq } from 'drizzle-orm';
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
