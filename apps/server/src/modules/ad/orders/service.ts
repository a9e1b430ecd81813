import {
  AD_MEDIUM_LABEL,
  AD_ORDER_STATE,
  AD_ORDER_STATE_LABEL,
  AD_POINT_STATE,
  AD_POINT_STATE_LABEL,
  AD_POINT_UNBOOKABLE,
  AD_POSITION_LABEL,
  type AdAvailablePoint,
  type AdOrderDetail,
  type AdOrderLine,
  type AdOrderRow,
  type AdQuote,
  adBookingDays,
  adBookingPeriods,
  type adOrderCalls,
  type CallParsedInput,
  formatDateTime,
  type Page,
  shanghaiToday,
} from '@ec/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable, Tx } from '../../../platform/db/client.ts';
import { dbErrorCode } from '../../../platform/db/conflicts.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern, preparedRows, rowsOf } from '../../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { pageTotal } from '../../../platform/db/totals.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { moveState } from '../../../platform/workflow/moves.ts';
import { leaseCovers, leasedLiftsSource, leaseStretchOf } from '../../rescue/api.ts';
import { adCustom, adIntention } from '../customers/tables.ts';
import { adPoint } from '../points/tables.ts';
import { operatorOf, ownedScope, requireOperator } from '../scope.ts';
import { rememberedHeld } from './held.ts';
import { type OrderEvent, type OrderHooks, runOrderHooks } from './hooks.ts';
import { requireLeased, requireOrderLeased } from './leases.ts';
import { adOrder, adOrderPoint } from './tables.ts';

type Calls = typeof adOrderCalls;
const S = AD_ORDER_STATE;

/** The orders a user may see: the operator its own, the platform all. */
export const visibleOrders = (user: AuthUser): SQL => ownedScope(user, adOrder.companyId);

const TAKEN = '所选点位在该时段已被其他订单预订，请重新选择';

/** An exclusion-constraint refusal (a point booked twice for a day) as a 409. */
async function refusingOverlap<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (dbErrorCode(err) === '23P01') throw conflict(TAKEN);
    throw err;
  }
}

function selectOrders(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      o: adOrder,
      customName: adCustom.name,
      companyName: enterprise.name,
      createdByName: sysUser.realName,
    })
    .from(adOrder)
    .innerJoin(adCustom, eq(adCustom.id, adOrder.customId))
    .leftJoin(enterprise, eq(enterprise.id, adOrder.companyId))
    .leftJoin(sysUser, eq(sysUser.id, adOrder.createdBy))
    .where(where);
}
type Joined = Awaited<ReturnType<typeof selectOrders>>[number];

function toRow(j: Joined): AdOrderRow {
  const o = j.o;
  return {
    id: o.id,
    orderNo: o.orderNo,
    companyId: o.companyId,
    companyName: j.companyName,
    customId: o.customId,
    customName: j.customName,
    startDate: o.startDate,
    endDate: o.endDate,
    days: adBookingDays(o.startDate, o.endDate),
    periods: adBookingPeriods(o.startDate, o.endDate),
    status: o.status,
    statusLabel: AD_ORDER_STATE_LABEL[o.status] ?? String(o.status),
    amount: o.amount,
    pointCount: o.pointCount,
    intentionId: o.intentionId,
    content: o.content,
    remark: o.remark,
    cancelReason: o.cancelReason,
    createdByName: j.createdByName,
    confirmedAt: o.confirmedAt ? formatDateTime(o.confirmedAt) : null,
    version: o.version,
    createTime: formatDateTime(o.createdAt),
  };
}

/** 广告订单列表: newest first. */
export function listOrders(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['getOrderList']>,
): Promise<Page<AdOrderRow>> {
  const k = f.keyword?.trim();
  const where = and(
    visibleOrders(user),
    k ? or(eq(adOrder.orderNo, k.toUpperCase()), ilike(adCustom.name, likePattern(k))) : undefined,
    f.status ? eq(adOrder.status, f.status) : undefined,
    f.customId ? eq(adOrder.customId, f.customId) : undefined,
    f.from ? gte(adOrder.endDate, f.from) : undefined,
    f.to ? lte(adOrder.startDate, f.to) : undefined,
  );
  return paginate(
    db,
    f,
    (w) => selectOrders(db, where).orderBy(desc(adOrder.id)).limit(w.limit).offset(w.offset),
    async () => {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(adOrder)
        .innerJoin(adCustom, eq(adCustom.id, adOrder.customId))
        .where(where);
      return Number(r?.n ?? 0);
    },
    toRow,
  );
}

async function linesOf(db: Queryable, orderId: number): Promise<AdOrderLine[]> {
  const rows = await db
    .select({ l: adOrderPoint, p: adPoint })
    .from(adOrderPoint)
    .innerJoin(adPoint, eq(adPoint.id, adOrderPoint.pointId))
    .where(eq(adOrderPoint.orderId, orderId))
    .orderBy(asc(adPoint.pointNo));
  return rows.map(({ l, p }) => ({
    lineId: l.id,
    pointId: p.id,
    pointNo: p.pointNo,
    elevatorId: p.elevatorId,
    registerCode: p.registerCode,
    address: p.address,
    areaCode: p.areaCode,
    positionLabel: AD_POSITION_LABEL[p.position] ?? String(p.position),
    mediumLabel: AD_MEDIUM_LABEL[p.medium] ?? String(p.medium),
    size: p.size,
    pointState: p.state,
    pointStateLabel: AD_POINT_STATE_LABEL[p.state] ?? String(p.state),
    startDate: l.startDate,
    endDate: l.endDate,
    price: l.price,
    amount: l.amount,
    active: l.active,
  }));
}

/** One order the user may see, with its lines; 404 otherwise. */
export async function orderDetail(db: Queryable, user: AuthUser, id: number): Promise<AdOrderDetail> {
  const [j] = await selectOrders(db, and(eq(adOrder.id, id), visibleOrders(user)));
  if (!j) throw notFound('订单不存在或无权访问');
  return { ...toRow(j), lines: await linesOf(db, id) };
}

/**
 * The operator's points among `ids` that can be booked, with their prices; 400 naming the points
 * that are not its own, 409 naming those in 维修 / 停用. A booking (`lock`) locks them `for share`, in
 * the points' lock order (by lift, then id: lockPoints), until it commits: a point being put under
 * repair makes it wait and then refuse, and a repair waits for the booking.
 */
async function bookablePoints(db: Queryable, companyId: number | null, ids: number[], lock = true) {
  const read = db
    .select({
      id: adPoint.id,
      pointNo: adPoint.pointNo,
      price: adPoint.price,
      state: adPoint.state,
      companyId: adPoint.companyId,
      elevatorId: adPoint.elevatorId,
      useCompanyId: adPoint.useCompanyId,
    })
    .from(adPoint)
    .where(and(inArray(adPoint.id, ids), companyId === null ? undefined : eq(adPoint.companyId, companyId)))
    .orderBy(asc(adPoint.elevatorId), asc(adPoint.id));
  const rows = lock ? await read.for('share') : await read;
  if (rows.length !== ids.length) {
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    throw badRequest(`点位不存在：${missing.slice(0, 10).join('、')}`, [
      { field: 'pointIds', message: '点位不存在' },
    ]);
  }
  const down = rows.filter((r) => AD_POINT_UNBOOKABLE.includes(r.state));
  if (down.length)
    throw conflict(
      `点位维修或停用中，不能预订：${down
        .slice(0, 10)
        .map((r) => r.pointNo)
        .join('、')}`,
    );
  return rows;
}

type BookablePoint = Awaited<ReturnType<typeof bookablePoints>>[number];

/** Points among `ids` that another holding order books on a day of the range (pre-check for the message). */
async function takenPoints(db: Queryable, ids: number[], start: string, end: string, exceptOrder?: number) {
  if (ids.length === 0) return [];
  return db
    .selectDistinct({ pointNo: adPoint.pointNo })
    .from(adOrderPoint)
    .innerJoin(adPoint, eq(adPoint.id, adOrderPoint.pointId))
    .where(
      and(
        inArray(adOrderPoint.pointId, ids),
        eq(adOrderPoint.active, true),
        sql`daterange(${adOrderPoint.startDate}, ${adOrderPoint.endDate}, '[]') && daterange(${start}::date, ${end}::date, '[]')`,
        exceptOrder ? sql`${adOrderPoint.orderId} <> ${exceptOrder}` : undefined,
      ),
    )
    .orderBy(asc(adPoint.pointNo));
}

/**
 * Writes an order's lines for its dates (each point's price × periods): the points' leases first
 * (locked `for share`, covering every day, else 409 naming the points), then the overlap.
 */
async function writeLines(
  tx: Queryable,
  orderId: number,
  points: BookablePoint[],
  start: string,
  end: string,
) {
  const periods = adBookingPeriods(start, end);
  await requireLeased(tx, points, start, end);
  const taken = await takenPoints(
    tx,
    points.map((p) => p.id),
    start,
    end,
    orderId,
  );
  if (taken.length)
    throw conflict(
      `点位在该时段已被预订：${taken
        .slice(0, 10)
        .map((t) => t.pointNo)
        .join('、')}${taken.length > 10 ? ' 等' : ''}`,
    );
  if (points.length)
    await refusingOverlap(() =>
      tx.insert(adOrderPoint).values(
        points.map((p) => ({
          orderId,
          pointId: p.id,
          startDate: start,
          endDate: end,
          price: p.price,
          amount: p.price * periods,
        })),
      ),
    );
}

async function writeTotals(tx: Queryable, orderId: number) {
  await tx
    .update(adOrder)
    .set({
      amount: sql`coalesce((select sum(${adOrderPoint.amount}) from ${adOrderPoint} where ${adOrderPoint.orderId} = ${orderId}), 0)::int`,
      pointCount: sql`(select count(*) from ${adOrderPoint} where ${adOrderPoint.orderId} = ${orderId})::int`,
    })
    .where(eq(adOrder.id, orderId));
}

async function requireCustomer(db: Queryable, companyId: number, customId: number) {
  const [c] = await db
    .select({ id: adCustom.id })
    .from(adCustom)
    .where(and(eq(adCustom.id, customId), eq(adCustom.companyId, companyId)));
  if (!c) throw badRequest('客户不存在', [{ field: 'customId', message: '客户不存在' }]);
}

/** A booking starts today at the earliest (Shanghai): the days gone by can no longer carry a poster. */
function requireNotPast(startDate: string) {
  if (startDate < shanghaiToday())
    throw badRequest('开始日期不能早于今天', [{ field: 'startDate', message: '开始日期不能早于今天' }]);
}

/**
 * 新建广告订单: a 草稿 that holds its points for the dates at once (the exclusion constraint:
 * of concurrent bookings of a point for overlapping dates exactly one commits).
 */
export async function addOrder(
  tx: Tx,
  user: AuthUser,
  input: CallParsedInput<Calls['add']>,
): Promise<AdOrderDetail> {
  const companyId = requireOperator(user);
  requireNotPast(input.startDate);
  await requireCustomer(tx, companyId, input.customId);
  const points = await bookablePoints(tx, companyId, input.pointIds);
  const [{ id }] = rowsOf<{ id: number }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('ad_order', 'id'))::int as id`),
  );
  const day = input.startDate.replaceAll('-', '');
  await tx.insert(adOrder).values({
    id,
    orderNo: `AD${day}${String(id).padStart(6, '0')}`,
    companyId,
    customId: input.customId,
    startDate: input.startDate,
    endDate: input.endDate,
    status: S.draft,
    intentionId: input.intentionId ?? null,
    content: input.content ?? null,
    remark: input.remark ?? null,
    createdBy: user.id,
  });
  await writeLines(tx, id, points, input.startDate, input.endDate);
  await writeTotals(tx, id);
  if (input.intentionId) await markIntentionWon(tx, companyId, input.intentionId, id, input.customId);
  return orderDetail(tx, user, id);
}

/** An order made from a lead marks it 已成交 (from 待跟进 or 已受理). */
async function markIntentionWon(
  tx: Tx,
  companyId: number,
  intentionId: number,
  orderId: number,
  customId: number,
) {
  const rows = await tx
    .update(adIntention)
    .set({ status: 3, orderId, customId, version: sql`${adIntention.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(adIntention.id, intentionId),
        eq(adIntention.companyId, companyId),
        inArray(adIntention.status, [1, 2]),
      ),
    )
    .returning({ id: adIntention.id });
  if (rows.length === 0) throw conflict('意向客户不存在或已成交、已放弃');
}

/** The operator's order in 草稿 at the version the screen showed (the row is locked by the update). */
async function claimDraft(
  tx: Tx,
  companyId: number,
  id: number,
  version: number,
  set: Partial<typeof adOrder.$inferInsert> = {},
) {
  const where = and(eq(adOrder.id, id), eq(adOrder.companyId, companyId));
  const [now] = await tx
    .select({ status: adOrder.status, version: adOrder.version })
    .from(adOrder)
    .where(where);
  if (!now) throw notFound('订单不存在或无权访问');
  if (now.status !== S.draft)
    throw conflict(`当前状态为「${AD_ORDER_STATE_LABEL[now.status]}」，只有草稿可以修改`);
  return versionedUpdate(tx, adOrder, and(where, eq(adOrder.status, S.draft)), version, {
    ...set,
    updatedAt: new Date(),
  });
}

/** 修改广告订单 (草稿): customer, dates, the whole set of points, texts; prices are re-read. */
export async function updateOrder(
  tx: Tx,
  user: AuthUser,
  input: CallParsedInput<Calls['update']>,
): Promise<AdOrderDetail> {
  const companyId = requireOperator(user);
  if (input.customId) await requireCustomer(tx, companyId, input.customId);
  const order = await claimDraft(tx, companyId, input.id, input.version, {
    ...(input.customId ? { customId: input.customId } : {}),
    ...(input.startDate ? { startDate: input.startDate } : {}),
    ...(input.endDate ? { endDate: input.endDate } : {}),
    ...(input.content !== undefined ? { content: input.content } : {}),
    ...(input.remark !== undefined ? { remark: input.remark } : {}),
  });
  if (order.endDate < order.startDate)
    throw badRequest('结束日期不能早于开始日期', [{ field: 'endDate', message: '结束日期不能早于开始日期' }]);
  if (input.startDate || input.endDate || input.pointIds) requireNotPast(order.startDate);
  const ids =
    input.pointIds ??
    (
      await tx
        .select({ id: adOrderPoint.pointId })
        .from(adOrderPoint)
        .where(eq(adOrderPoint.orderId, order.id))
    ).map((r) => r.id);
  const points = await bookablePoints(tx, companyId, ids);
  await tx.delete(adOrderPoint).where(eq(adOrderPoint.orderId, order.id));
  await writeLines(tx, order.id, points, order.startDate, order.endDate);
  await writeTotals(tx, order.id);
  return orderDetail(tx, user, order.id);
}

/** 追加点位 (草稿). */
export async function addOrderPoints(
  tx: Tx,
  user: AuthUser,
  input: CallParsedInput<Calls['addUserOrder']>,
): Promise<AdOrderDetail> {
  const companyId = requireOperator(user);
  const order = await claimDraft(tx, companyId, input.id, input.version);
  requireNotPast(order.startDate);
  const have = new Set(
    (
      await tx
        .select({ id: adOrderPoint.pointId })
        .from(adOrderPoint)
        .where(eq(adOrderPoint.orderId, order.id))
    ).map((r) => r.id),
  );
  const fresh = input.pointIds.filter((id) => !have.has(id));
  const points = fresh.length ? await bookablePoints(tx, companyId, fresh) : [];
  await writeLines(tx, order.id, points, order.startDate, order.endDate);
  await writeTotals(tx, order.id);
  return orderDetail(tx, user, order.id);
}

/** 移除点位 (草稿): at least one point stays. */
export async function removeOrderPoints(
  tx: Tx,
  user: AuthUser,
  input: CallParsedInput<Calls['delUserOrder']>,
): Promise<AdOrderDetail> {
  const companyId = requireOperator(user);
  const order = await claimDraft(tx, companyId, input.id, input.version);
  await tx
    .delete(adOrderPoint)
    .where(and(eq(adOrderPoint.orderId, order.id), inArray(adOrderPoint.pointId, input.pointIds)));
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(adOrderPoint)
    .where(eq(adOrderPoint.orderId, order.id));
  if (Number(left?.n ?? 0) === 0) throw badRequest('订单至少保留一个点位，整单不要请取消订单');
  await writeTotals(tx, order.id);
  return orderDetail(tx, user, order.id);
}

async function eventOf(
  tx: Queryable,
  order: typeof adOrder.$inferSelect,
  user: AuthUser | null,
): Promise<OrderEvent> {
  const lines = await tx
    .select({
      lineId: adOrderPoint.id,
      pointId: adOrderPoint.pointId,
      elevatorId: adPoint.elevatorId,
      startDate: adOrderPoint.startDate,
      endDate: adOrderPoint.endDate,
    })
    .from(adOrderPoint)
    .innerJoin(adPoint, eq(adPoint.id, adOrderPoint.pointId))
    .where(eq(adOrderPoint.orderId, order.id))
    .orderBy(asc(adOrderPoint.id));
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    companyId: order.companyId,
    customId: order.customId,
    startDate: order.startDate,
    endDate: order.endDate,
    lines,
    user,
  };
}

/**
 * Locks the points `points` (a subquery of ids) `for update`, in the points' lock order, before a
 * statement decides their state from the orders holding them. Every path that writes a point's state
 * from its orders (confirm, start, cancel, finish, the removal's review, a manual 空闲) takes this
 * lock first, after the order's own row (moveState) and before the tasks: two such transactions on
 * one point run one after the other, and the second, whose next statement reads under READ
 * COMMITTED, sees what the first committed (a confirm of another order, a cancel). Without it a
 * confirm of O2 and a cancel of O3 on the same point could each decide from a snapshot without the
 * other and leave the point 空闲 under a confirmed O2.
 *
 * The points' lock order, for every lock of several points (here, a booking's `for share`, a state
 * set by hand): by lift, then id. An update of lifts that changes what their points copy (the use
 * unit: a claim passed or released, the registry's edits) locks the points of the lifts it changed
 * in the same order before writing them (migration 0064's statement trigger): the two queue on the
 * first point they share instead of each holding one the other waits for (40P01).
 */
export async function lockPoints(tx: Queryable, points: SQL): Promise<void> {
  await tx.execute(sql`select ${adPoint.id} from ${adPoint} where ${adPoint.id} in (${points})
    order by ${adPoint.elevatorId}, ${adPoint.id} for update`);
}

/**
 * The state the orders holding point `p` (a column or alias of ad_point.id) make it: 投放中 while an
 * order showing holds it, 已预订 while a confirmed one does, else 空闲; `except` is an order letting
 * go of it (its lines may still be active in the transaction).
 */
export function heldState(p: SQL, except?: number): SQL<number> {
  const holder = (states: number[]) => sql`exists (
      select 1 from ${adOrderPoint} l join ${adOrder} o on o.id = l.order_id
      where l.point_id = ${p} and l.active ${except ? sql`and l.order_id <> ${except}` : sql``}
        and o.status in (${sql.join(
          states.map((x) => sql`${x}`),
          sql`, `,
        )}))`;
  return sql<number>`(case when ${holder([S.showing])} then ${AD_POINT_STATE.showing}::smallint
                           when ${holder([S.confirmed])} then ${AD_POINT_STATE.booked}::smallint
                           else ${AD_POINT_STATE.free}::smallint end)`;
}

/**
 * The state a point returns to when a booking lets go of it (an order finished or cancelled, a
 * removal done): heldState. Only points now 已预订 / 投放中 move (维修 / 停用 stay); `except` is the
 * order letting go. The points are locked first (lockPoints), then settled by the next statement.
 */
export async function settlePointStates(tx: Queryable, points: SQL, except?: number) {
  await lockPoints(tx, points);
  await tx.execute(sql`
    update ${adPoint} p set state = s.state, version = p.version + 1, updated_at = now()
    from (select p.id, ${heldState(sql`p.id`, except)} as state
          from ${adPoint} p
          where p.id in (${points}) and p.state in (${AD_POINT_STATE.booked}, ${AD_POINT_STATE.showing})) s
    where p.id = s.id and p.state is distinct from s.state`);
}

/** Points of an order go back to what the other holding orders make them (settlePointStates). */
async function freePoints(tx: Queryable, orderId: number) {
  await settlePointStates(tx, sql`select point_id from ${adOrderPoint} where order_id = ${orderId}`, orderId);
}

/** Sets the order's points to a state (only those now in one of `from`), the points locked first. */
async function setPointStates(tx: Queryable, orderId: number, to: number, from: number[]) {
  const points = sql`select point_id from ${adOrderPoint} where order_id = ${orderId}`;
  await lockPoints(tx, points);
  await tx
    .update(adPoint)
    .set({ state: to, version: sql`${adPoint.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(adPoint.id, sql`(${points})`), inArray(adPoint.state, from)));
}

interface MoveSpec {
  from: number[];
  to: number;
  verb: string;
  set?: Partial<typeof adOrder.$inferInsert>;
  after?: (tx: Tx, order: typeof adOrder.$inferSelect) => Promise<void>;
  hook?: keyof OrderHooks;
}

async function moveOrder(
  tx: Tx,
  user: AuthUser,
  id: number,
  version: number,
  m: MoveSpec,
): Promise<AdOrderDetail> {
  const companyId = requireOperator(user);
  const order = await moveState(tx, adOrder, {
    id,
    version,
    from: m.from,
    to: m.to,
    set: { ...m.set, updatedAt: new Date() },
    where: eq(adOrder.companyId, companyId),
    verb: m.verb,
    labels: AD_ORDER_STATE_LABEL,
    missing: '订单不存在或无权访问',
  });
  await m.after?.(tx, order);
  if (m.hook) await runOrderHooks(m.hook, tx, await eventOf(tx, order, user));
  return orderDetail(tx, user, id);
}

export const submitOrder = (tx: Tx, user: AuthUser, id: number, version: number) =>
  moveOrder(tx, user, id, version, { from: [S.draft], to: S.submitted, verb: '提交审核' });

export const rejectOrder = (tx: Tx, user: AuthUser, id: number, version: number) =>
  moveOrder(tx, user, id, version, { from: [S.submitted], to: S.draft, verb: '退回' });

/** 确认订单: 待审核 → 已确认; free points turn 已预订; the `confirmed` hooks run (install tasks). */
export const confirmOrder = (tx: Tx, user: AuthUser, id: number, version: number) =>
  moveOrder(tx, user, id, version, {
    from: [S.submitted],
    to: S.confirmed,
    verb: '确认',
    set: { confirmedBy: user.id, confirmedAt: new Date() },
    after: async (t, o) => {
      if (o.endDate < shanghaiToday()) throw conflict('订单的投放期已过，不能确认；请退回后修改日期');
      // Again on confirm: the draft may have outlived a lease (requireOrderLeased).
      await requireOrderLeased(t, o.id, o.startDate, o.endDate);
      await setPointStates(t, o.id, AD_POINT_STATE.booked, [AD_POINT_STATE.free]);
    },
    hook: 'confirmed',
  });

export const startOrder = (tx: Tx, user: AuthUser, id: number, version: number) =>
  moveOrder(tx, user, id, version, {
    from: [S.confirmed],
    to: S.showing,
    verb: '开始投放',
    after: (t, o) =>
      setPointStates(t, o.id, AD_POINT_STATE.showing, [AD_POINT_STATE.free, AD_POINT_STATE.booked]),
    hook: 'started',
  });

async function release(tx: Tx, orderId: number) {
  await tx.update(adOrderPoint).set({ active: false }).where(eq(adOrderPoint.orderId, orderId));
  await freePoints(tx, orderId);
}

/** 完成订单: 投放中 → 已完成; the dates are released and the points freed; `finished` hooks (removal tasks). */
export const finishOrder = (tx: Tx, user: AuthUser, id: number, version: number) =>
  moveOrder(tx, user, id, version, {
    from: [S.showing],
    to: S.finished,
    verb: '完成',
    set: { finishedAt: new Date() },
    after: (t, o) => release(t, o.id),
    hook: 'finished',
  });

/** What the end job does to the orders of one state whose last day has passed. */
interface EndMove {
  from: number;
  to: number;
  set: Partial<typeof adOrder.$inferInsert>;
  hook: keyof OrderHooks;
}

/**
 * 到期完成 (the `ad-orders-finish` job): orders 投放中 whose last day has passed (Shanghai) become
 * 已完成 (`finished` hooks: removal tasks, open installs and changes closed); orders still 已确认
 * then — nothing installed, so never shown — become 已取消 「到期未投放」 (`cancelled` hooks: their
 * open install tasks closed). Each is one conditional UPDATE (state and end date in its WHERE,
 * `returning`), so of concurrent runs on several nodes each order is ended by exactly one and a
 * second run finds nothing. The ended orders' dates are released and their points settled
 * (settlePointStates: a point another order holds stays 已预订 / 投放中), in the same transaction;
 * `batch` orders at a time (rows locked by another run are skipped). Returns the orders ended.
 */
export async function finishEndedOrders(tx: Tx, today = shanghaiToday(), batch = 500): Promise<number> {
  const finished = await endOrdersPast(tx, today, batch, {
    from: S.showing,
    to: S.finished,
    set: { finishedAt: new Date() },
    hook: 'finished',
  });
  const lapsed = await endOrdersPast(tx, today, batch, {
    from: S.confirmed,
    to: S.cancelled,
    set: { cancelledAt: new Date(), cancelReason: LAPSED_REASON },
    hook: 'cancelled',
  });
  return finished + lapsed;
}

/** The reason a confirmed order that reached its end without a poster installed is cancelled with. */
export const LAPSED_REASON = '到期未投放（无已审核的安装），系统自动取消';

async function endOrdersPast(tx: Tx, today: string, batch: number, m: EndMove): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await tx
      .update(adOrder)
      .set({ ...m.set, status: m.to, updatedAt: new Date(), version: sql`${adOrder.version} + 1` })
      .where(
        and(
          eq(adOrder.status, m.from),
          lt(adOrder.endDate, today),
          inArray(
            adOrder.id,
            sql`(select id from ${adOrder} where status = ${m.from} and end_date < ${today}::date
                 order by id limit ${batch} for update skip locked)`,
          ),
        ),
      )
      .returning();
    // The points of the whole batch locked at once, in their lock order (lockPoints), before each
    // order's release locks its own again: taken order by order they would not be in that order
    // across the batch and could deadlock with a confirm or cancel locking some of them.
    if (done.length)
      await lockPoints(
        tx,
        sql`select point_id from ${adOrderPoint} where order_id in (${sql.join(
          done.map((o) => sql`${o.id}`),
          sql`, `,
        )})`,
      );
    for (const order of done) {
      await release(tx, order.id);
      await runOrderHooks(m.hook, tx, await eventOf(tx, order, null));
    }
    total += done.length;
    if (done.length < batch) return total;
  }
}

/**
 * 投放中 by its first install: an approved install log of an order still 已确认 moves the order on
 * (one conditional UPDATE; the `started` hooks run). The order's row is locked first in any case
 * (the orders' lock order: order, points, tasks), so a cancel or end of the order waits for the
 * review or the review for it. Returns whether the order moved.
 */
export async function startOrderOnInstall(tx: Tx, orderId: number, user: AuthUser): Promise<boolean> {
  await tx.execute(sql`select id from ${adOrder} where id = ${orderId} for update`);
  const [order] = await tx
    .update(adOrder)
    .set({ status: S.showing, updatedAt: new Date(), version: sql`${adOrder.version} + 1` })
    .where(and(eq(adOrder.id, orderId), eq(adOrder.status, S.confirmed)))
    .returning();
  if (order) await runOrderHooks('started', tx, await eventOf(tx, order, user));
  return Boolean(order);
}

/** 取消订单 (before it ends): the dates are released and the points freed; `cancelled` hooks. */
export const cancelOrder = (tx: Tx, user: AuthUser, id: number, version: number, reason: string) =>
  moveOrder(tx, user, id, version, {
    from: [S.draft, S.submitted, S.confirmed, S.showing],
    to: S.cancelled,
    verb: '取消',
    set: { cancelledAt: new Date(), cancelReason: reason },
    after: (t, o) => release(t, o.id),
    hook: 'cancelled',
  });

/** 报价: the server's price of some of the operator's points for the dates. */
export async function quote(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['quote']>,
): Promise<AdQuote> {
  // The operator quotes its own points; the platform any.
  const companyId = operatorOf(user);
  if (companyId === null && user.dataScope !== 'all') throw notFound('点位不存在或无权访问');
  const points = await bookablePoints(db, companyId, f.pointIds, false);
  const periods = adBookingPeriods(f.startDate, f.endDate);
  return {
    days: adBookingDays(f.startDate, f.endDate),
    periods,
    pointCount: points.length,
    amount: points.reduce((s, p) => s + p.price * periods, 0),
  };
}

/** A point of the availability search's page, with the columns it shows. */
type PagePoint = Pick<
  typeof adPoint.$inferSelect,
  | 'id'
  | 'pointNo'
  | 'registerCode'
  | 'liftName'
  | 'address'
  | 'areaCode'
  | 'position'
  | 'medium'
  | 'size'
  | 'state'
  | 'price'
  | 'longitude'
  | 'latitude'
>;

/**
 * The exact number of points a search finds: the points matching its filters and leased on every
 * day of the range, less the points among them that a holding line books on a day of the range.
 * Never estimated (the call's page carries no "approximate" mark). By the platform's totals
 * (platform/db/totals.ts) with counts of our own:
 *
 * - the leased points matching the filters: counted once (count(*), the operator's leased lifts
 *   read once into a hash) and, above 10,000, remembered for 10 s under the filters and the
 *   range's stretch between lease boundaries (rescue/api.ts leaseStretchOf: every range inside
 *   one stretch has the same leased lifts), so that a new range inside a known stretch counts
 *   nothing (the usual case: leases run for years, a booking for weeks);
 * - the points matching the filters, leased or not: counted and remembered the same way (they do
 *   not depend on the range). When both counts agree, every matching point is leased over the
 *   range and the held ones are counted without the lease condition;
 * - the held points are counted from the range's held lines (the exclusion constraint's gist index),
 *   each line's point looked up by primary key and kept if it matches the filters (and, when some
 *   matching point is not leased over the range, if it is leased): `id = any(array(…))`,
 *   whose btree scan sorts and deduplicates the ids (a point held by two lines of the range is
 *   subtracted once) and whose plan, generic or not, probes the primary key (its row estimate, 10,
 *   does not depend on the array). About 1 µs a held line: 20,000 lines (a fifth of 100,000 points
 *   booked in the range) in 20 ms, where counting the free points among all 100,000 took 30 ms and
 *   the platform's staged count of them about 100;
 * - the difference is remembered under the search's whole condition like any exact total: paging
 *   through a search, or several users asking the same, count nothing (above 10,000: for 10 s).
 *
 * Either count may lag a write by up to 10 s while remembered (a point put under repair, a booking,
 * a lease), so the total may do so too, as before; totals up to 10,000 are counted afresh.
 */
async function freeTotal(
  db: Queryable,
  base: SQL | undefined,
  leased: (start: string, end: string) => SQL,
  held: SQL,
  range: { start: string; end: string; partnerId: number | null; except?: number | null },
): Promise<number> {
  const countOf = async (where: SQL | undefined) =>
    (
      await pageTotal(db, adPoint, where, false, {
        count: async () => {
          const [row] = await db.select({ n: count() }).from(adPoint).where(where);
          return row?.n ?? 0;
        },
      })
    ).total;
  const heldMatching = async (where: SQL | undefined) => {
    const [row] = await preparedRows<{ n: number }>(
      db,
      sql`select count(*)::int as "n" from ${adPoint}
        where ${where ?? sql`true`}
          and ${adPoint.id} = any(array(select l.point_id from ${adOrderPoint} l where ${held}))`,
    );
    return row?.n ?? 0;
  };
  const counted = await pageTotal(
    db,
    adPoint,
    and(
      base,
      leased(range.start, range.end),
      sql`${adPoint.id} not in (select l.point_id from ${adOrderPoint} l where ${held})`,
    ),
    false,
    {
      count: async () => {
        const stretch = await leaseStretchOf(db, range.start, range.end, range.partnerId);
        const filters = and(base, leased(stretch.start, stretch.end));
        const matching = await countOf(filters);
        if (matching === 0) return 0;
        const all = await countOf(base);
        const where = matching === all ? base : filters;
        // Above FRESH_UP_TO matching points, from their holding lines remembered (held.ts).
        const remembered = await rememberedHeld(db, where, matching, range);
        return Math.max(0, matching - (remembered ?? (await heldMatching(where))));
      },
    },
  );
  return counted.total;
}

/**
 * 可预订点位: the operator's points (not 维修 / 停用) whose lift is leased to the operator on every
 * day of the range (the lease semi-join, as the booking checks it) and that no holding order books on
 * a day of the range, by id. The anti-join reads the exclusion constraint's gist index (point_id,
 * daterange).
 */
export async function availablePoints(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['available']>,
): Promise<Page<AdAvailablePoint>> {
  // The operator searches its own points; the platform every operator's; nobody else any.
  const companyId = operatorOf(user);
  if (companyId === null && user.dataScope !== 'all')
    return { records: [], total: 0, page: f.page, limit: f.limit };
  const k = f.keyword?.trim();
  const periods = adBookingPeriods(f.startDate, f.endDate);
  // The holding lines on a day of the range (the exclusion constraint's gist index).
  const held = sql`l.active
      and daterange(l.start_date, l.end_date, '[]') && daterange(${f.startDate}::date, ${f.endDate}::date, '[]')
      ${f.orderId ? sql`and l.order_id <> ${f.orderId}` : sql``}`;
  const base = and(
    companyId === null ? undefined : eq(adPoint.companyId, companyId),
    notInArray(adPoint.state, [...AD_POINT_UNBOOKABLE]),
    k
      ? or(
          eq(adPoint.pointNo, k.toUpperCase()),
          eq(adPoint.registerCode, k.toUpperCase()),
          ilike(adPoint.address, likePattern(k)),
        )
      : undefined,
    f.areaCode ? eq(adPoint.areaCode, f.areaCode) : undefined,
    f.medium ? eq(adPoint.medium, f.medium) : undefined,
    f.position ? eq(adPoint.position, f.position) : undefined,
  );
  // Lease before booking: only points whose lift its use unit leases to the operator on every day
  // of the range. The counts read the operator's leased lifts once into a hash (rescue/api.ts
  // leasedLiftsSource; `(… in (…)) is true` keeps it a hashed SubPlan: as a semi-join the planner
  // rescanned the grouped leases per point, 4 s a search at 100,000 points); the page, walking the
  // points in id order until it is full, probes each point's leases instead (leaseCovers, two index
  // lookups), so a page does not build the hash of every leased lift. The same condition either way.
  // The counts write it for the range's stretch between lease boundaries (freeTotal), so that a new
  // range inside a stretch already counted counts nothing.
  const leasedOver = (start: string, end: string) =>
    sql`((${adPoint.companyId}, ${adPoint.elevatorId}, ${adPoint.useCompanyId}) in ${leasedLiftsSource(start, end, companyId)}) is true`;
  const leased = leaseCovers(
    sql`${adPoint.companyId}`,
    sql`${adPoint.elevatorId}`,
    sql`${adPoint.useCompanyId}`,
    f.startDate,
    f.endDate,
  );
  return paginate(
    db,
    f,
    // The page: the points in id order, each probed in the gist index until the page is full (about
    // 25 probes for 20 points). `offset 0` keeps the probe a subplan: as an anti-join, the plan of the
    // named prepared statement (generic after five runs: it cannot see the range) sorts every line
    // held in the range first (20,000 at 100,000 points: 15 ms instead of 0.1 ms).
    (w) =>
      preparedRows<PagePoint>(
        db,
        sql`select ${adPoint.id} as "id", ${adPoint.pointNo} as "pointNo", ${adPoint.registerCode} as "registerCode",
            ${adPoint.liftName} as "liftName", ${adPoint.address} as "address", ${adPoint.areaCode} as "areaCode",
            ${adPoint.position} as "position", ${adPoint.medium} as "medium", ${adPoint.size} as "size",
            ${adPoint.state} as "state", ${adPoint.price} as "price", ${adPoint.longitude} as "longitude",
            ${adPoint.latitude} as "latitude"
          from ${adPoint}
          where ${base} and ${leased}
            and not exists (select 1 from ${adOrderPoint} l where l.point_id = ${adPoint.id} and ${held} offset 0)
          order by ${adPoint.id} limit ${w.limit} offset ${w.offset}`,
      ),
    // The total: the points matching the filters less those held in the range (freeTotal).
    () =>
      freeTotal(db, base, leasedOver, held, {
        start: f.startDate,
        end: f.endDate,
        partnerId: companyId,
        except: f.orderId,
      }),
    (p) => ({
      id: p.id,
      pointNo: p.pointNo,
      registerCode: p.registerCode,
      liftName: p.liftName,
      address: p.address,
      areaCode: p.areaCode,
      position: p.position,
      positionLabel: AD_POSITION_LABEL[p.position] ?? String(p.position),
      medium: p.medium,
      mediumLabel: AD_MEDIUM_LABEL[p.medium] ?? String(p.medium),
      size: p.size,
      state: p.state,
      stateLabel: AD_POINT_STATE_LABEL[p.state] ?? String(p.state),
      price: p.price,
      amount: p.price * periods,
      longitude: p.longitude,
      latitude: p.latitude,
    }),
  );
}
