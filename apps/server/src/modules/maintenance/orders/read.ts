import {
  type CallParsedInput,
  CHECK_KINDS,
  CHECK_VERDICTS,
  formatDateTime,
  ITEM_RESULTS,
  MAINTENANCE_KINDS,
  MAINTENANCE_PARAMS,
  type MaintenanceOrderDetail,
  type MaintenanceOrderRecord,
  type MaintenanceOrderRow,
  type maintenanceOrderCalls,
  maskPhone,
  ORDER_STATUS,
  ORDER_STATUSES,
  type OrderItem,
  type OrderWorker,
  type Page,
  shanghaiToday,
} from '@ec/contract';
import { and, asc, desc, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { pageTotal } from '../../../platform/db/totals.ts';
import { notFound } from '../../../platform/errors.ts';
import { paramList } from '../../../platform/params.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { workersByIds } from '../../parties/api.ts';
import { inArea, orderScope } from '../scope.ts';
import {
  maintenanceCheck,
  maintenanceContent,
  maintenanceOrder,
  maintenanceOrderPhoto,
  maintenanceOrderRecord,
  type StoredItem,
} from '../tables.ts';

const maintainer = alias(enterprise, 'maintainer');
const useUnit = alias(enterprise, 'use_unit');
const lift = liftsRelation().as('lift');

type OrderFilters = CallParsedInput<typeof maintenanceOrderCalls.queryList>;

const label = (labels: Record<number, string>, value: number) => labels[value] ?? String(value);
const orNull = (v: Date | null) => (v ? formatDateTime(v) : null);

/** Open findings (待核查 or 确认违规) of an order. */
// Named in full: drizzle leaves columns unqualified in a select from one table (the count of a list).
const findingCount = sql<number>`(select count(*) from maintenance_check c
  where c.order_id = "maintenance_order"."id" and c.verdict <> 2)`.mapWith(Number);

/** Orders with their lift and company names; `where` should hold the caller's scope. */
export function selectOrders(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      order: maintenanceOrder,
      registerCode: lift.registerCode,
      elevatorName: lift.name,
      address: lift.address,
      latitude: lift.latitude,
      longitude: lift.longitude,
      maintenanceCompanyName: maintainer.name,
      useCompanyName: useUnit.name,
      findingCount,
    })
    .from(maintenanceOrder)
    .innerJoin(lift, eq(lift.id, maintenanceOrder.elevatorId))
    .leftJoin(maintainer, eq(maintainer.id, maintenanceOrder.maintenanceCompanyId))
    .leftJoin(useUnit, eq(useUnit.id, maintenanceOrder.useCompanyId))
    .where(where);
}
export type JoinedOrder = Awaited<ReturnType<typeof selectOrders>>[number];

export function toRow(j: JoinedOrder, today = shanghaiToday()): MaintenanceOrderRow {
  const o = j.order;
  return {
    id: o.id,
    orderNo: o.orderNo,
    elevatorId: o.elevatorId,
    registerCode: j.registerCode,
    elevatorName: j.elevatorName,
    address: j.address,
    areaCode: o.areaCode,
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
    maintenanceCompanyId: o.maintenanceCompanyId,
    maintenanceCompanyName: j.maintenanceCompanyName,
    useCompanyId: o.useCompanyId,
    useCompanyName: j.useCompanyName,
    findingCount: j.findingCount,
    late: o.status <= ORDER_STATUS.working && o.planDate < today,
    correctsOrderId: o.correctsOrderId,
    version: o.version,
  };
}

/** The filters of the order list, as conditions on the order's own columns. */
function filterConditions(f: OrderFilters, today: string): SQL[] {
  const c: (SQL | undefined)[] = [];
  if (f.elevatorId) c.push(eq(maintenanceOrder.elevatorId, f.elevatorId));
  if (f.maintenanceCompanyId) c.push(eq(maintenanceOrder.maintenanceCompanyId, f.maintenanceCompanyId));
  if (f.useCompanyId) c.push(eq(maintenanceOrder.useCompanyId, f.useCompanyId));
  if (f.areaCode) c.push(inArea(maintenanceOrder.areaCode, f.areaCode));
  if (f.status !== undefined) c.push(eq(maintenanceOrder.status, f.status));
  if (f.kind !== undefined) c.push(eq(maintenanceOrder.kind, f.kind));
  if (f.month) {
    const [y, m] = f.month.split('-').map(Number);
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    c.push(gte(maintenanceOrder.planDate, `${f.month}-01`), lt(maintenanceOrder.planDate, next));
  }
  if (f.dateFrom) c.push(gte(maintenanceOrder.planDate, f.dateFrom));
  if (f.dateTo) c.push(lte(maintenanceOrder.planDate, f.dateTo));
  if (f.late === 'true')
    c.push(lt(maintenanceOrder.planDate, today), lte(maintenanceOrder.status, ORDER_STATUS.working));
  if (f.withFindings === 'true') c.push(sql`${findingCount} > 0`);
  if (f.keyword) {
    const k = f.keyword.trim();
    c.push(
      or(
        eq(maintenanceOrder.orderNo, k),
        sql`${maintenanceOrder.elevatorId} in (select id from ${liftsRelation().as('k')} where register_code = ${k})`,
      ),
    );
  }
  return c.filter((x): x is SQL => x !== undefined);
}

/** 维保工单列表: newest plan first. */
export async function listOrders(
  db: Queryable,
  user: AuthUser,
  f: OrderFilters,
): Promise<Page<MaintenanceOrderRow>> {
  const today = shanghaiToday();
  const conditions = filterConditions(f, today);
  const where = and(orderScope(user), ...conditions);
  // The platform's total (exact while cheap, remembered briefly, estimated past 100,000), as the
  // registry's list: an exact count of a large month on every page would cap the list's rate.
  const { total } = await pageTotal(
    db,
    maintenanceOrder,
    where,
    user.dataScope === 'all' && conditions.length === 0,
  );
  const rows = await selectOrders(db, where)
    .orderBy(desc(maintenanceOrder.planDate), desc(maintenanceOrder.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { records: rows.map((r) => toRow(r, today)), total, page: f.page, limit: f.limit };
}

/** An order the user may open; 404 for a missing one and for one out of reach alike. */
export async function orderInScope(db: Queryable, user: AuthUser, id: number): Promise<JoinedOrder> {
  const [row] = await selectOrders(db, and(eq(maintenanceOrder.id, id), orderScope(user)));
  if (!row) throw notFound('工单不存在或无权访问');
  return row;
}

/** Items as stored (older rows kept only name, result and note) in the contract's shape. */
export function itemsOf(stored: Partial<StoredItem>[]): OrderItem[] {
  return stored.map((i, k) => ({
    itemId: i.itemId ?? null,
    seq: i.seq ?? k + 1,
    name: i.name ?? '',
    kind: i.kind ?? 1,
    kindLabel: label(MAINTENANCE_KINDS, i.kind ?? 1),
    requirement: i.requirement ?? null,
    measured: i.measured ?? false,
    unit: i.unit ?? null,
    result: i.result && (ITEM_RESULTS as readonly string[]).includes(i.result) ? i.result : null,
    value: i.value ?? null,
    note: i.note ?? null,
  }));
}

export function photosOf(db: Queryable, orderId: number) {
  return db
    .select({
      fileId: maintenanceOrderPhoto.fileId,
      label: maintenanceOrderPhoto.label,
      sha256: maintenanceOrderPhoto.sha256,
    })
    .from(maintenanceOrderPhoto)
    .where(eq(maintenanceOrderPhoto.orderId, orderId))
    .orderBy(asc(maintenanceOrderPhoto.seq));
}

/** 维保工单详情 of an order already in scope. */
export async function detailOf(db: Queryable, j: JoinedOrder): Promise<MaintenanceOrderDetail> {
  const o = j.order;
  const [template] = o.contentId
    ? await db
        .select({ name: maintenanceContent.name })
        .from(maintenanceContent)
        .where(eq(maintenanceContent.id, o.contentId))
    : [];
  const [redo] = await db
    .select({ id: maintenanceOrder.id })
    .from(maintenanceOrder)
    .where(eq(maintenanceOrder.correctsOrderId, o.id));
  const findings = await db
    .select()
    .from(maintenanceCheck)
    .where(eq(maintenanceCheck.orderId, o.id))
    .orderBy(asc(maintenanceCheck.id));
  return {
    ...toRow(j),
    templateName: template?.name ?? null,
    templateVersion: o.contentVersion,
    items: itemsOf(o.items),
    parts: o.parts,
    photos: await photosOf(db, o.id),
    requiredPhotos: await paramList(
      db,
      MAINTENANCE_PARAMS.requiredPhotosKey,
      MAINTENANCE_PARAMS.requiredPhotos,
    ),
    signInDistanceM: o.signInDistanceM,
    workerSignatureFileId: o.workerSignatureFileId,
    remark: o.remark,
    confirmedBy: o.confirmedBy,
    confirmTime: orNull(o.confirmedAt),
    confirmSignatureFileId: o.confirmSignatureFileId,
    confirmRemark: o.confirmRemark,
    auditedBy: o.auditedBy,
    auditTime: orNull(o.auditedAt),
    auditRemark: o.auditRemark,
    redoneByOrderId: redo?.id ?? null,
    contentHash: o.contentHash,
    chainHash: o.chainHash,
    findings: findings.map((f) => ({
      id: f.id,
      kind: f.kind,
      kindLabel: CHECK_KINDS[f.kind as keyof typeof CHECK_KINDS] ?? f.kind,
      detail: f.detail,
      verdict: f.verdict,
      verdictLabel: label(CHECK_VERDICTS, f.verdict),
      note: f.note,
    })),
    latitude: j.latitude,
    longitude: j.longitude,
  };
}

export async function orderDetail(db: Queryable, user: AuthUser, id: number) {
  return detailOf(db, await orderInScope(db, user, id));
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

export async function orderParts(db: Queryable, user: AuthUser, orderId: number) {
  return (await orderInScope(db, user, orderId)).order.parts;
}

/** The workers of an order with their certificates, valid or not on the visit's day. */
export async function orderWorkers(db: Queryable, user: AuthUser, orderId: number): Promise<OrderWorker[]> {
  const { order } = await orderInScope(db, user, orderId);
  const day = order.signInAt ? formatDateTime(order.signInAt).slice(0, 10) : order.planDate;
  const facts = await workersByIds(db, order.workerIds);
  return order.workerIds
    .map((id, k) => {
      const w = facts.find((f) => f.userId === id);
      if (!w) return null;
      return {
        userId: w.userId,
        name: w.name,
        role: k === 0 ? '主要作业人员' : '第二作业人员',
        phone: w.phone ? maskPhone(w.phone) : null,
        certType: w.certType,
        certNo: w.certNo,
        certExpiry: w.certExpiry,
        certValid: w.certExpiry !== null && w.certExpiry >= day,
      };
    })
    .filter((w): w is OrderWorker => w !== null);
}

/** 维保记录 of an elevator (the registry's tab): newest plan first, in the caller's order scope. */
export function ordersOfElevator(
  db: Queryable,
  user: AuthUser,
  elevatorId: number,
  page: number,
  limit: number,
) {
  return listOrders(db, user, { elevatorId, page, limit });
}
