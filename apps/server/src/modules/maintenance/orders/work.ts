/** The worker's phone page: his orders of the day (and earlier unfinished ones) and his crew. */
import { type MyOrder, ORDER_STATUS, shanghaiToday } from '@ec/contract';
import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { forbidden } from '../../../platform/errors.ts';
import { filedWorkersOf } from '../../parties/api.ts';
import { maintenanceOrder } from '../tables.ts';
import { orderInScope, selectOrders, toRow } from './read.ts';

/** Orders assigned to the worker, planned up to the day and not yet submitted, earliest first. */
export async function myOrders(db: Queryable, user: AuthUser, date?: string): Promise<MyOrder[]> {
  const day = date ?? shanghaiToday();
  const rows = await selectOrders(
    db,
    and(
      sql`${user.id} = any(${maintenanceOrder.workerIds})`,
      lte(maintenanceOrder.planDate, day),
      inArray(maintenanceOrder.status, [ORDER_STATUS.planned, ORDER_STATUS.signedIn, ORDER_STATUS.working]),
    ),
  )
    .orderBy(asc(maintenanceOrder.planDate), asc(maintenanceOrder.id))
    .limit(100);
  const today = shanghaiToday();
  return rows.map((r) => ({ ...toRow(r, today), latitude: r.latitude, longitude: r.longitude }));
}

/** The filed workers of the order's company the worker may name as the second worker. */
export async function coworkersOf(db: Queryable, user: AuthUser, orderId: number) {
  const { order } = await orderInScope(db, user, orderId);
  if (!order.workerIds.includes(user.id)) throw forbidden('只有指派的维保人员可以执行该工单');
  const crew = await filedWorkersOf(db, order.maintenanceCompanyId ?? -1);
  const today = shanghaiToday();
  return crew
    .filter((w) => w.userId !== user.id)
    .map((w) => ({
      userId: w.userId,
      name: w.name,
      certNo: w.certNo,
      certExpiry: w.certExpiry,
      certValid: w.certExpiry !== null && w.certExpiry >= today,
    }));
}
