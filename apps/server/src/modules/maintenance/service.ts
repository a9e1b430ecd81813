import {
  formatDateTime,
  MAINTENANCE_KINDS,
  type MaintenanceOrderDetail,
  type MaintenanceOrderRecord,
  type MaintenanceOrderRow,
  ORDER_STATUSES,
  type Page,
} from '@ec/contract';
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { enterprise } from '../../platform/db/tables.ts';
import { notFound } from '../../platform/errors.ts';
import { type LiftSummary, liftInScope, requireLiftInScope } from '../elevator/api.ts';
import { maintenanceOrder, maintenanceOrderRecord } from './tables.ts';

const maintainer = alias(enterprise, 'maintainer');

const label = (labels: Record<number, string>, value: number) => labels[value] ?? String(value);
const orNull = (v: Date | null) => (v ? formatDateTime(v) : null);

/** Orders with their maintenance company's name (the lift comes from the registry's api). */
function selectOrders(db: Queryable, where: SQL) {
  return db
    .select({ order: maintenanceOrder, maintenanceCompanyName: maintainer.name })
    .from(maintenanceOrder)
    .leftJoin(maintainer, eq(maintainer.id, maintenanceOrder.maintenanceCompanyId))
    .where(where);
}

type Joined = Awaited<ReturnType<typeof selectOrders>>[number];

function toRow({ order: o, maintenanceCompanyName }: Joined, lift: LiftSummary): MaintenanceOrderRow {
  return {
    id: o.id,
    orderNo: o.orderNo,
    elevatorId: o.elevatorId,
    registerCode: lift.registerCode,
    kind: o.kind,
    kindLabel: label(MAINTENANCE_KINDS, o.kind),
    status: o.status,
    statusLabel: label(ORDER_STATUSES, o.status),
    planDate: o.planDate,
    signInTime: orNull(o.signInAt),
    signOutTime: orNull(o.signOutAt),
    durationMinutes:
      o.signInAt && o.signOutAt ? Math.round((o.signOutAt.getTime() - o.signInAt.getTime()) / 60_000) : null,
    workers: o.workers,
    maintenanceCompanyName,
  };
}

/**
 * The work order's lift if the user may open it: an order is seen through its elevator's data scope.
 * 404 for a missing order and for one out of reach alike.
 */
async function orderInScope(db: Queryable, user: AuthUser, orderId: number) {
  const [row] = await selectOrders(db, eq(maintenanceOrder.id, orderId));
  const lift = row && (await liftInScope(db, user, row.order.elevatorId));
  if (!row || !lift) throw notFound('工单不存在或无权访问');
  return { row, lift };
}

/** 维保记录 of an elevator, newest plan first; 404 when the user may not open the elevator. */
export async function ordersOfElevator(
  db: Queryable,
  user: AuthUser,
  elevatorId: number,
  page: number,
  limit: number,
): Promise<Page<MaintenanceOrderRow>> {
  const lift = await requireLiftInScope(db, user, elevatorId);
  const own = eq(maintenanceOrder.elevatorId, elevatorId);
  return paginate(
    db,
    { page, limit },
    (w) =>
      selectOrders(db, own)
        .orderBy(desc(maintenanceOrder.planDate), desc(maintenanceOrder.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: maintenanceOrder, where: own },
    (row) => toRow(row, lift),
  );
}

/** One work order (维保工单详情); 404 when missing or its elevator is out of the user's reach. */
export async function orderDetail(
  db: Queryable,
  user: AuthUser,
  id: number,
): Promise<MaintenanceOrderDetail> {
  const { row, lift } = await orderInScope(db, user, id);
  const o = row.order;
  const [useUnit] = lift.useCompanyId
    ? await db.select({ name: enterprise.name }).from(enterprise).where(eq(enterprise.id, lift.useCompanyId))
    : [];
  return {
    ...toRow(row, lift),
    address: lift.address,
    useCompanyName: useUnit?.name ?? null,
    items: o.items,
    remark: o.remark,
    confirmedBy: o.confirmedBy,
    confirmTime: orNull(o.confirmedAt),
  };
}

/** 维保日志: the steps of a work order in the order they happened. */
export async function orderRecords(
  db: Queryable,
  user: AuthUser,
  orderId: number,
  page: number,
  limit: number,
): Promise<Page<MaintenanceOrderRecord>> {
  await orderInScope(db, user, orderId);
  const own = eq(maintenanceOrderRecord.orderId, orderId);
  return paginate(
    db,
    { page, limit },
    (w) =>
      db
        .select()
        .from(maintenanceOrderRecord)
        .where(own)
        .orderBy(asc(maintenanceOrderRecord.at), asc(maintenanceOrderRecord.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: maintenanceOrderRecord, where: own },
    (r) => ({
      id: r.id,
      time: formatDateTime(r.at),
      action: r.action,
      operator: r.operator,
      detail: r.detail,
    }),
  );
}
