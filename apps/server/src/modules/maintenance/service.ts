import {
  formatDateTime,
  MAINTENANCE_KINDS,
  type MaintenanceOrderDetail,
  type MaintenanceOrderRecord,
  type MaintenanceOrderRow,
  ORDER_STATUSES,
  type Page,
} from '@ec/contract';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { enterprise } from '../../platform/db/tables.ts';
import { notFound } from '../../platform/errors.ts';
import { elevatorScope } from '../elevator/scope.ts';
import { requireElevator } from '../elevator/service.ts';
import { elevator } from '../elevator/tables.ts';
import { maintenanceOrder, maintenanceOrderRecord } from './tables.ts';

const maintainer = alias(enterprise, 'maintainer');
const useUnit = alias(enterprise, 'use_unit');

const label = (labels: Record<number, string>, value: number) => labels[value] ?? String(value);
const orNull = (v: Date | null) => (v ? formatDateTime(v) : null);

/** Orders with their elevator and companies, limited to elevators whose detail the user may open. */
function selectOrders(db: Queryable, user: AuthUser, where: SQL) {
  return db
    .select({
      order: maintenanceOrder,
      registerCode: elevator.registerCode,
      address: elevator.address,
      maintenanceCompanyName: maintainer.name,
      useCompanyName: useUnit.name,
    })
    .from(maintenanceOrder)
    .innerJoin(elevator, eq(elevator.id, maintenanceOrder.elevatorId))
    .leftJoin(maintainer, eq(maintainer.id, maintenanceOrder.maintenanceCompanyId))
    .leftJoin(useUnit, eq(useUnit.id, elevator.useCompanyId))
    .where(and(where, elevatorScope(user)));
}

type Joined = Awaited<ReturnType<typeof selectOrders>>[number];

function toRow({ order: o, registerCode, maintenanceCompanyName }: Joined): MaintenanceOrderRow {
  return {
    id: o.id,
    orderNo: o.orderNo,
    elevatorId: o.elevatorId,
    registerCode,
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

/** 维保记录 of an elevator, newest plan first; 404 when the user may not open the elevator. */
export async function ordersOfElevator(
  db: Queryable,
  user: AuthUser,
  elevatorId: number,
  page: number,
  limit: number,
): Promise<Page<MaintenanceOrderRow>> {
  await requireElevator(db, elevatorId, elevatorScope(user));
  const own = eq(maintenanceOrder.elevatorId, elevatorId);
  const [rows, [{ n }]] = await Promise.all([
    selectOrders(db, user, own)
      .orderBy(desc(maintenanceOrder.planDate), desc(maintenanceOrder.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(maintenanceOrder).where(own),
  ]);
  return { records: rows.map(toRow), total: n, page, limit };
}

/** One work order (维保工单详情); 404 when missing or its elevator is out of the user's reach. */
export async function orderDetail(
  db: Queryable,
  user: AuthUser,
  id: number,
): Promise<MaintenanceOrderDetail> {
  const [row] = await selectOrders(db, user, eq(maintenanceOrder.id, id));
  if (!row) throw notFound('工单不存在或无权访问');
  const o = row.order;
  return {
    ...toRow(row),
    address: row.address,
    useCompanyName: row.useCompanyName,
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
  const [visible] = await db
    .select({ id: maintenanceOrder.id })
    .from(maintenanceOrder)
    .innerJoin(elevator, eq(elevator.id, maintenanceOrder.elevatorId))
    .where(and(eq(maintenanceOrder.id, orderId), elevatorScope(user)));
  if (!visible) throw notFound('工单不存在或无权访问');
  const own = eq(maintenanceOrderRecord.orderId, orderId);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(maintenanceOrderRecord)
      .where(own)
      .orderBy(asc(maintenanceOrderRecord.at), asc(maintenanceOrderRecord.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(maintenanceOrderRecord).where(own),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      time: formatDateTime(r.at),
      action: r.action,
      operator: r.operator,
      detail: r.detail,
    })),
    total: n,
    page,
    limit,
  };
}
