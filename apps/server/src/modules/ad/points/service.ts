import {
  AD_MEDIUM_LABEL,
  AD_ORDER_HOLDING,
  AD_ORDER_STATE,
  AD_ORDER_STATE_LABEL,
  AD_POINT_STATE,
  AD_POINT_STATE_LABEL,
  AD_POSITION_LABEL,
  type AdGroupCount,
  type AdMapPoint,
  type AdPointBooking,
  type AdPointDetail,
  type AdPointRow,
  type adPointCalls,
  type CallParsedInput,
  formatDateTime,
  type Page,
} from '@ec/contract';
import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { countRows, paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { adLifts } from '../../elevator/api.ts';
import { adCustom } from '../customers/tables.ts';
import { heldState } from '../orders/service.ts';
import { adOrder, adOrderPoint } from '../orders/tables.ts';
import { pointScope, requireOperator } from '../scope.ts';
import { adPoint } from './tables.ts';

type Calls = typeof adPointCalls;
type Filters = Omit<CallParsedInput<Calls['list']>, 'page' | 'limit'>;

const operator = alias(enterprise, 'operator');
const useUnit = alias(enterprise, 'use_unit');

/** The points a user may see (scope.ts). */
export const visiblePoints = (user: AuthUser): SQL => pointScope(user, adPoint);

/** The operator's own points (for its writes). */
const ownPoints = (companyId: number) => eq(adPoint.companyId, companyId);

const POSITION_CODE: Record<number, string> = { 1: 'L', 2: 'R', 3: 'B', 4: 'H' };
const MEDIUM_CODE: Record<number, string> = { 1: 'P', 2: 'S' };
/** A point's number: the lift's register code, its position and medium (unique with the place). */
const pointNoOf = (registerCode: string, position: number, medium: number) =>
  `${registerCode}-${POSITION_CODE[position]}${MEDIUM_CODE[medium]}`;

/** The point list's filters (and the user's scope) as a condition on ad_point. */
export function filtersOf(user: AuthUser, f: Filters): SQL | undefined {
  const k = f.keyword?.trim();
  return and(
    visiblePoints(user),
    k
      ? or(
          eq(adPoint.pointNo, k.toUpperCase()),
          eq(adPoint.registerCode, k.toUpperCase()),
          ilike(adPoint.address, likePattern(k)),
          ilike(adPoint.liftName, likePattern(k)),
        )
      : undefined,
    f.areaCode ? eq(adPoint.areaCode, f.areaCode) : undefined,
    f.state ? eq(adPoint.state, f.state) : undefined,
    f.medium ? eq(adPoint.medium, f.medium) : undefined,
    f.position ? eq(adPoint.position, f.position) : undefined,
    f.useCompanyId ? eq(adPoint.useCompanyId, f.useCompanyId) : undefined,
    f.elevatorId ? eq(adPoint.elevatorId, f.elevatorId) : undefined,
    f.companyId ? eq(adPoint.companyId, f.companyId) : undefined,
  );
}

function selectPoints(db: Queryable, where: SQL | undefined) {
  return db
    .select({ p: adPoint, companyName: operator.name, useCompanyName: useUnit.name })
    .from(adPoint)
    .leftJoin(operator, eq(operator.id, adPoint.companyId))
    .leftJoin(useUnit, eq(useUnit.id, adPoint.useCompanyId))
    .where(where);
}
type Joined = Awaited<ReturnType<typeof selectPoints>>[number];

export function toPointRow(j: Joined): AdPointRow {
  const p = j.p;
  return {
    id: p.id,
    pointNo: p.pointNo,
    companyId: p.companyId,
    companyName: j.companyName,
    elevatorId: p.elevatorId,
    registerCode: p.registerCode,
    liftName: p.liftName,
    address: p.address,
    areaCode: p.areaCode,
    useCompanyId: p.useCompanyId,
    useCompanyName: j.useCompanyName,
    liftType: p.liftType,
    useOccasion: p.useOccasion,
    position: p.position,
    positionLabel: AD_POSITION_LABEL[p.position] ?? String(p.position),
    size: p.size,
    medium: p.medium,
    mediumLabel: AD_MEDIUM_LABEL[p.medium] ?? String(p.medium),
    price: p.price,
    state: p.state,
    stateLabel: AD_POINT_STATE_LABEL[p.state] ?? String(p.state),
    qrCode: p.qrCode,
    longitude: p.longitude,
    latitude: p.latitude,
    remark: p.remark,
    version: p.version,
    createTime: formatDateTime(p.createdAt),
  };
}

/** 广告点位列表: newest first. */
export function listPoints(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['list']>,
): Promise<Page<AdPointRow>> {
  const where = filtersOf(user, f);
  return paginate(
    db,
    f,
    (w) => selectPoints(db, where).orderBy(desc(adPoint.id)).limit(w.limit).offset(w.offset),
    { from: adPoint, where },
    toPointRow,
  );
}

/** How many points of the filters the user sees (the list's count: the exports' size). */
export const pointCount = (db: Queryable, user: AuthUser, f: Filters, also?: SQL) =>
  countRows(db, adPoint, and(filtersOf(user, f), also));

/** The points the map can draw: those with coordinates (mapPoints, and the map's export). */
export const locatedPoints = and(isNotNull(adPoint.longitude), isNotNull(adPoint.latitude)) as SQL;

/** The bookings of some points (order lines of orders that hold them or held them), by start date. */
export async function bookingsOf(db: Queryable, pointIds: number[]): Promise<Map<number, AdPointBooking[]>> {
  const out = new Map<number, AdPointBooking[]>();
  if (pointIds.length === 0) return out;
  const rows = await db
    .select({
      pointId: adOrderPoint.pointId,
      orderId: adOrder.id,
      orderNo: adOrder.orderNo,
      customName: adCustom.name,
      startDate: adOrderPoint.startDate,
      endDate: adOrderPoint.endDate,
      status: adOrder.status,
    })
    .from(adOrderPoint)
    .innerJoin(adOrder, eq(adOrder.id, adOrderPoint.orderId))
    .innerJoin(adCustom, eq(adCustom.id, adOrder.customId))
    .where(inArray(adOrderPoint.pointId, pointIds))
    .orderBy(asc(adOrderPoint.pointId), asc(adOrderPoint.startDate));
  for (const r of rows) {
    const list = out.get(r.pointId) ?? [];
    list.push({
      orderId: r.orderId,
      orderNo: r.orderNo,
      customName: r.customName,
      startDate: r.startDate,
      endDate: r.endDate,
      status: r.status,
      statusLabel: AD_ORDER_STATE_LABEL[r.status] ?? String(r.status),
    });
    out.set(r.pointId, list);
  }
  return out;
}

/** One point the user may see, with its bookings; 404 otherwise. */
export async function pointDetail(db: Queryable, user: AuthUser, id: number): Promise<AdPointDetail> {
  const [j] = await selectPoints(db, and(eq(adPoint.id, id), visiblePoints(user)));
  if (!j) throw notFound('点位不存在或无权访问');
  const bookings = (await bookingsOf(db, [id])).get(id) ?? [];
  return { ...toPointRow(j), bookings };
}

const PLACE_TAKEN = '该电梯的这个位置已有同类点位';

/** 新增广告点位 (the operator's). */
export async function addPoint(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<Calls['add']>,
): Promise<AdPointDetail> {
  const companyId = requireOperator(user);
  const [lift] = await adLifts(db, { ids: [input.elevatorId], limit: 1 });
  if (!lift) throw badRequest('电梯不存在', [{ field: 'elevatorId', message: '电梯不存在' }]);
  const [row] = await refusingConflicts(
    () =>
      db
        .insert(adPoint)
        .values({
          pointNo: pointNoOf(lift.registerCode, input.position, input.medium),
          companyId,
          elevatorId: lift.id,
          position: input.position,
          size: input.size,
          medium: input.medium,
          price: input.price,
          remark: input.remark ?? null,
          createdBy: user.id,
        })
        .returning({ id: adPoint.id }),
    { unique: PLACE_TAKEN },
  );
  return pointDetail(db, user, row.id);
}

/**
 * 批量新增点位: the same positions, size, medium and price in many lifts, in one statement (one
 * transaction): a place that already has a point of that medium is skipped, an unknown lift refuses
 * the whole batch.
 */
export async function batchAddPoints(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<Calls['batchAddPoint']>,
): Promise<{ added: number; skipped: number }> {
  const companyId = requireOperator(user);
  const ids = [...new Set(input.elevatorIds)];
  const lifts = await adLifts(db, { ids, limit: ids.length });
  if (lifts.length !== ids.length) {
    const found = new Set(lifts.map((l) => l.id));
    const missing = ids.filter((id) => !found.has(id));
    throw badRequest(`电梯不存在：${missing.slice(0, 10).join('、')}${missing.length > 10 ? ' 等' : ''}`, [
      { field: 'elevatorIds', message: '电梯不存在' },
    ]);
  }
  const values = lifts.flatMap((lift) =>
    input.positions.map((position) => ({
      pointNo: pointNoOf(lift.registerCode, position, input.medium),
      companyId,
      elevatorId: lift.id,
      position,
      size: input.size,
      medium: input.medium,
      price: input.price,
      remark: input.remark ?? null,
      createdBy: user.id,
    })),
  );
  let added = 0;
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await db
      .insert(adPoint)
      .values(values.slice(i, i + 1000))
      .onConflictDoNothing()
      .returning({ id: adPoint.id });
    added += rows.length;
  }
  return { added, skipped: values.length - added };
}

const MANUAL_STATES: readonly number[] = [
  AD_POINT_STATE.free,
  AD_POINT_STATE.repair,
  AD_POINT_STATE.disabled,
];
const manualState = (state: number | undefined) => {
  if (state !== undefined && !MANUAL_STATES.includes(state))
    throw badRequest('已预订、投放中由订单决定，只能手动设为空闲、维修或停用', [
      { field: 'state', message: '只能设为空闲、维修或停用' },
    ]);
};

const MAX_NAMED = 10;

/**
 * A state set by hand, decided under the points' row locks (the caller locked `ids` `for update`,
 * in the points' lock order, like the orders' lockPoints), so that a confirm, start, cancel or finish of an order
 * on the same points runs before or after it, never across:
 * - 维修 / 停用 from any state (a broken frame or screen is taken out of service even while booked;
 *   the orders keep their dates, and the point stays 维修 / 停用 when they end: settlePointStates);
 * - 空闲 is refused (409 naming the points and orders) for a point 已预订 / 投放中 that an order
 *   已确认 / 投放中 holds: the orders decide those states. Otherwise 空闲 puts the point back in
 *   service: it takes the state its orders make it (heldState: 空闲 when none holds it, 已预订 /
 *   投放中 when one does, e.g. a screen repaired during its campaign).
 * The value to write (a constant, or the held state computed in the UPDATE itself).
 */
async function manualStateOf(db: Queryable, ids: number[], state: number): Promise<number | SQL> {
  if (state !== AD_POINT_STATE.free) return state;
  const held = await db
    .selectDistinct({ pointNo: adPoint.pointNo, orderNo: adOrder.orderNo })
    .from(adPoint)
    .innerJoin(adOrderPoint, and(eq(adOrderPoint.pointId, adPoint.id), eq(adOrderPoint.active, true)))
    .innerJoin(adOrder, eq(adOrder.id, adOrderPoint.orderId))
    .where(
      and(
        inArray(adPoint.id, ids),
        inArray(adPoint.state, [AD_POINT_STATE.booked, AD_POINT_STATE.showing]),
        inArray(adOrder.status, [AD_ORDER_STATE.confirmed, AD_ORDER_STATE.showing]),
      ),
    )
    .orderBy(asc(adPoint.pointNo), asc(adOrder.orderNo));
  if (held.length) {
    const named = held.slice(0, MAX_NAMED).map((h) => `${h.pointNo}（订单 ${h.orderNo}）`);
    throw conflict(
      `以下点位有已确认或投放中的订单，状态由订单决定，不能手动设为空闲（需要暂停可设为维修或停用）：${named.join('、')}${held.length > MAX_NAMED ? ' 等' : ''}`,
    );
  }
  return heldState(sql`${adPoint.id}`);
}

/** Locks the operator's points among `ids` `for update`, by lift, then id (the orders' lockPoints). */
const lockOwn = (db: Queryable, companyId: number, ids: number[]) =>
  db
    .select({ p: adPoint })
    .from(adPoint)
    .where(and(inArray(adPoint.id, ids), ownPoints(companyId)))
    .orderBy(asc(adPoint.elevatorId), asc(adPoint.id))
    .for('update');

/** 修改广告点位 (versioned; the lift stays; a state by hand: manualStateOf). */
export async function updatePoint(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<Calls['updatePoint']>,
): Promise<AdPointDetail> {
  const companyId = requireOperator(user);
  manualState(input.state);
  const [now] = await lockOwn(db, companyId, [input.id]);
  if (!now) throw notFound('点位不存在或无权访问');
  const state = input.state === undefined ? undefined : await manualStateOf(db, [input.id], input.state);
  const position = input.position ?? now.p.position;
  const medium = input.medium ?? now.p.medium;
  await refusingConflicts(
    () =>
      versionedUpdate(db, adPoint, and(eq(adPoint.id, input.id), ownPoints(companyId)), input.version, {
        position,
        medium,
        pointNo: pointNoOf(now.p.registerCode, position, medium),
        ...(input.size !== undefined ? { size: input.size } : {}),
        ...(input.price !== undefined ? { price: input.price } : {}),
        ...(state !== undefined ? { state } : {}),
        ...(input.remark !== undefined ? { remark: input.remark } : {}),
        updatedAt: new Date(),
      }),
    { unique: PLACE_TAKEN },
  );
  return pointDetail(db, user, input.id);
}

/** 批量修改点位状态或价格 (the operator's own points among `ids`; a state by hand: manualStateOf). */
export async function updatePointsBatch(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<Calls['updateBatch']>,
): Promise<{ updated: number }> {
  const companyId = requireOperator(user);
  manualState(input.state);
  const ids = (await lockOwn(db, companyId, input.ids)).map((r) => r.p.id);
  if (ids.length === 0) throw notFound('点位不存在或无权访问');
  const state = input.state === undefined ? undefined : await manualStateOf(db, ids, input.state);
  const rows = await db
    .update(adPoint)
    .set({
      ...(state !== undefined ? { state } : {}),
      ...(input.price !== undefined ? { price: input.price } : {}),
      version: sql`${adPoint.version} + 1`,
      updatedAt: new Date(),
    })
    .where(inArray(adPoint.id, ids))
    .returning({ id: adPoint.id });
  return { updated: rows.length };
}

/** 删除广告点位: refused (409) for a point an order booked (the order lines keep it; disable it). */
export async function deletePoints(
  db: Queryable,
  user: AuthUser,
  ids: number[],
): Promise<{ deleted: number }> {
  const companyId = requireOperator(user);
  // Locked in the points' lock order first: the delete's own scan order could meet a booking's.
  await lockOwn(db, companyId, ids);
  const rows = await refusingConflicts(
    () =>
      db
        .delete(adPoint)
        .where(and(inArray(adPoint.id, ids), ownPoints(companyId)))
        .returning({ id: adPoint.id }),
    { foreignKey: '点位已被订单预订过，不能删除（可设为停用）' },
  );
  if (rows.length === 0) throw notFound('点位不存在或无权访问');
  return { deleted: rows.length };
}

/** 点位地图: every visible point with coordinates, compact. */
export async function mapPoints(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['getPointAll']>,
): Promise<{ points: AdMapPoint[]; total: number }> {
  const rows = await db
    .select({
      id: adPoint.id,
      lng: adPoint.longitude,
      lat: adPoint.latitude,
      state: adPoint.state,
      medium: adPoint.medium,
    })
    .from(adPoint)
    .where(
      and(
        visiblePoints(user),
        locatedPoints,
        f.areaCode ? eq(adPoint.areaCode, f.areaCode) : undefined,
        f.state ? eq(adPoint.state, f.state) : undefined,
        f.medium ? eq(adPoint.medium, f.medium) : undefined,
      ),
    )
    .orderBy(asc(adPoint.id));
  const points = rows.map((r) => [r.id, r.lng ?? 0, r.lat ?? 0, r.state, r.medium] as AdMapPoint);
  return { points, total: points.length };
}

type CountFilters = CallParsedInput<Calls['count']>;

/** Point counts grouped by a column of the point (state, district, use occasion, lift type). */
export async function countPoints(
  db: Queryable,
  user: AuthUser,
  f: CountFilters,
  by: 'state' | 'area' | 'occasion' | 'liftType',
  label: (key: string | null) => string,
): Promise<AdGroupCount> {
  const column = {
    state: sql<string>`${adPoint.state}::text`,
    area: sql<string>`${adPoint.areaCode}`,
    occasion: sql<string>`${adPoint.useOccasion}`,
    liftType: sql<string>`${adPoint.liftType}::text`,
  }[by];
  const rows = await db
    .select({ key: column, count: sql<number>`count(*)::int` })
    .from(adPoint)
    .where(
      and(
        visiblePoints(user),
        f.areaCode ? eq(adPoint.areaCode, f.areaCode) : undefined,
        f.companyId ? eq(adPoint.companyId, f.companyId) : undefined,
      ),
    )
    .groupBy(column)
    .orderBy(column);
  return rows.map((r) => ({ key: r.key, label: label(r.key), count: Number(r.count) }));
}

/** Rows for the exports, in id batches (platform/excel.ts keysetBatches). */
export function exportBatch(
  db: Queryable,
  user: AuthUser,
  f: Filters,
  afterId: number,
  size: number,
  also?: SQL,
) {
  return selectPoints(db, and(filtersOf(user, f), also, gt(adPoint.id, afterId)))
    .orderBy(asc(adPoint.id))
    .limit(size)
    .then((rows) => rows.map(toPointRow));
}

/** The visible points among `ids` with their bookings, for the by-point export. */
export async function pointsWithBookings(
  db: Queryable,
  user: AuthUser,
  ids: number[],
): Promise<{ point: AdPointRow; booking: AdPointBooking | null }[]> {
  const rows = (
    await selectPoints(db, and(inArray(adPoint.id, ids), visiblePoints(user))).orderBy(asc(adPoint.id))
  ).map(toPointRow);
  if (rows.length === 0) throw notFound('点位不存在或无权访问');
  const bookings = await bookingsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.flatMap((point): { point: AdPointRow; booking: AdPointBooking | null }[] => {
    const list = bookings.get(point.id) ?? [];
    return list.length ? list.map((booking) => ({ point, booking })) : [{ point, booking: null }];
  });
}

/** Whether an order state holds its points (for the availability of a point). */
export const holdsPoints = (status: number) => AD_ORDER_HOLDING.includes(status);
