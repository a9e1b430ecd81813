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
  shiftMonth,
} from '@ec/contract';
import { and, asc, eq, gt, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { inArea, preparedRows, rowsOf } from '../../../platform/db/sql.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { pageTotal } from '../../../platform/db/totals.ts';
import { notFound } from '../../../platform/errors.ts';
import { paramList } from '../../../platform/params.ts';
import { liftOfKind, liftsRelation } from '../../elevator/api.ts';
import { workersByIds } from '../../parties/api.ts';
import { orderScope } from '../scope.ts';
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
    })
    .from(maintenanceOrder)
    .innerJoin(lift, eq(lift.id, maintenanceOrder.elevatorId))
    .leftJoin(maintainer, eq(maintainer.id, maintenanceOrder.maintenanceCompanyId))
    .leftJoin(useUnit, eq(useUnit.id, maintenanceOrder.useCompanyId))
    .where(where);
}
export type JoinedOrder = Awaited<ReturnType<typeof selectOrders>>[number];

/** The columns of an order a list row shows: not its checklist, parts, photos or signatures. */
const rowColumns = {
  id: maintenanceOrder.id,
  orderNo: maintenanceOrder.orderNo,
  elevatorId: maintenanceOrder.elevatorId,
  areaCode: maintenanceOrder.areaCode,
  kind: maintenanceOrder.kind,
  status: maintenanceOrder.status,
  planDate: maintenanceOrder.planDate,
  signInAt: maintenanceOrder.signInAt,
  signOutAt: maintenanceOrder.signOutAt,
  workers: maintenanceOrder.workers,
  maintenanceCompanyId: maintenanceOrder.maintenanceCompanyId,
  useCompanyId: maintenanceOrder.useCompanyId,
  correctsOrderId: maintenanceOrder.correctsOrderId,
  openFindings: maintenanceOrder.openFindings,
  version: maintenanceOrder.version,
};

/**
 * A page's rows by their ids, in one prepared statement (named, per connection; planning the joins
 * costs more than running them for 10 rows): the lifts' codes and addresses and the companies' names
 * are read once for the page, the open findings are the order's own column.
 */
function pageRowsOf(db: Queryable, ids: number[]) {
  return db
    .select({
      order: rowColumns,
      registerCode: lift.registerCode,
      elevatorName: lift.name,
      address: lift.address,
      maintenanceCompanyName: maintainer.name,
      useCompanyName: useUnit.name,
    })
    .from(maintenanceOrder)
    .innerJoin(lift, eq(lift.id, maintenanceOrder.elevatorId))
    .leftJoin(maintainer, eq(maintainer.id, maintenanceOrder.maintenanceCompanyId))
    .leftJoin(useUnit, eq(useUnit.id, maintenanceOrder.useCompanyId))
    .where(sql`${maintenanceOrder.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('maintenance_order_page_rows')
    .execute({ ids });
}
type RowFacts = Awaited<ReturnType<typeof pageRowsOf>>[number];

export function toRow(j: RowFacts, today = shanghaiToday()): MaintenanceOrderRow {
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
    findingCount: o.openFindings,
    late: o.status <= ORDER_STATUS.working && o.planDate < today,
    correctsOrderId: o.correctsOrderId,
    version: o.version,
  };
}

/** The filters of the order list, as conditions on the order's own columns (and its lift's kind). */
export function filterConditions(f: Omit<OrderFilters, 'page' | 'limit'>, today: string): SQL[] {
  const c: (SQL | undefined)[] = [];
  if (f.elevatorId) c.push(eq(maintenanceOrder.elevatorId, f.elevatorId));
  if (f.maintenanceCompanyId) c.push(eq(maintenanceOrder.maintenanceCompanyId, f.maintenanceCompanyId));
  if (f.useCompanyId) c.push(eq(maintenanceOrder.useCompanyId, f.useCompanyId));
  if (f.areaCode) c.push(inArea(maintenanceOrder.areaCode, f.areaCode));
  if (f.status !== undefined) c.push(eq(maintenanceOrder.status, f.status));
  if (f.kind !== undefined) c.push(eq(maintenanceOrder.kind, f.kind));
  // The lift's type and use occasion now, as the statistics count them (docs/statistics.md): the
  // lifts matching, by the order's lift (as the keyword's register code is).
  c.push(liftOfKind(maintenanceOrder.elevatorId, f));
  if (f.month) {
    c.push(
      gte(maintenanceOrder.planDate, `${f.month}-01`),
      lt(maintenanceOrder.planDate, `${shiftMonth(f.month, 1)}-01`),
    );
  }
  if (f.dateFrom) c.push(gte(maintenanceOrder.planDate, f.dateFrom));
  if (f.dateTo) c.push(lte(maintenanceOrder.planDate, f.dateTo));
  if (f.late === 'true')
    c.push(lt(maintenanceOrder.planDate, today), lte(maintenanceOrder.status, ORDER_STATUS.working));
  if (f.withFindings === 'true') c.push(gt(maintenanceOrder.openFindings, 0));
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
  // The page's ids from the index that ends in the list's order (one table, a named prepared
  // statement on PostgreSQL), then the page's rows by id; the total counts in parallel.
  const [{ total }, ids] = await Promise.all([
    pageTotal(db, maintenanceOrder, where, user.dataScope === 'all' && conditions.length === 0),
    preparedRows<{ id: number }>(
      db,
      sql`select ${maintenanceOrder.id} as "id" from ${maintenanceOrder} where ${where ?? sql`true`}
        order by ${maintenanceOrder.planDate} desc, ${maintenanceOrder.id} desc
        limit ${f.limit} offset ${(f.page - 1) * f.limit}`,
    ),
  ]);
  const rows = ids.length
    ? await pageRowsOf(
        db,
        ids.map((r) => Number(r.id)),
      )
    : [];
  const at = new Map(ids.map((r, i) => [Number(r.id), i]));
  rows.sort((a, b) => (at.get(a.order.id) ?? 0) - (at.get(b.order.id) ?? 0));
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

/** The photos of several orders in one query, by order (each in its order of capture). */
export async function photosOfOrders(db: Queryable, orderIds: number[]) {
  const out = new Map<number, Awaited<ReturnType<typeof photosOf>>>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({
      orderId: maintenanceOrderPhoto.orderId,
      fileId: maintenanceOrderPhoto.fileId,
      label: maintenanceOrderPhoto.label,
      sha256: maintenanceOrderPhoto.sha256,
    })
    .from(maintenanceOrderPhoto)
    .where(inArray(maintenanceOrderPhoto.orderId, orderIds))
    .orderBy(asc(maintenanceOrderPhoto.orderId), asc(maintenanceOrderPhoto.seq));
  for (const { orderId, ...photo } of rows) {
    const list = out.get(orderId);
    if (list) list.push(photo);
    else out.set(orderId, [photo]);
  }
  return out;
}

/** 维保工单详情 of an order already in scope. */
export async function detailOf(db: Queryable, j: JoinedOrder): Promise<MaintenanceOrderDetail> {
  const [detail] = await detailsOf(db, [j]);
  return detail;
}

/**
 * 维保工单详情 of several orders already in scope, in their order: one query per kind of fact for
 * them all (the PDF export reads orders twenty at a time), never one per order.
 */
export async function detailsOf(db: Queryable, js: JoinedOrder[]): Promise<MaintenanceOrderDetail[]> {
  if (js.length === 0) return [];
  const ids = js.map((j) => j.order.id);
  const contentIds = [...new Set(js.flatMap((j) => (j.order.contentId ? [j.order.contentId] : [])))];
  // In turn, not at once: `db` may be a transaction, one connection.
  const templates =
    contentIds.length === 0
      ? []
      : await db
          .select({ id: maintenanceContent.id, name: maintenanceContent.name })
          .from(maintenanceContent)
          .where(inArray(maintenanceContent.id, contentIds));
  const redos = await db
    .select({ id: maintenanceOrder.id, corrects: maintenanceOrder.correctsOrderId })
    .from(maintenanceOrder)
    .where(inArray(maintenanceOrder.correctsOrderId, ids));
  const findings = await db
    .select()
    .from(maintenanceCheck)
    .where(inArray(maintenanceCheck.orderId, ids))
    .orderBy(asc(maintenanceCheck.id));
  const photos = await photosOfOrders(db, ids);
  const requiredPhotos = await paramList(
    db,
    MAINTENANCE_PARAMS.requiredPhotosKey,
    MAINTENANCE_PARAMS.requiredPhotos,
  );
  const templateName = new Map(templates.map((t) => [t.id, t.name]));
  const redoneBy = new Map(redos.map((r) => [r.corrects, r.id]));
  return js.map((j) => {
    const o = j.order;
    return {
      ...toRow(j),
      templateName: o.contentId ? (templateName.get(o.contentId) ?? null) : null,
      templateVersion: o.contentVersion,
      items: itemsOf(o.items),
      parts: o.parts,
      photos: photos.get(o.id) ?? [],
      requiredPhotos,
      signInDistanceM: o.signInDistanceM,
      signOutDistanceM: o.signOutDistanceM,
      submitTime: orNull(o.submittedAt),
      workerSignatureFileId: o.workerSignatureFileId,
      remark: o.remark,
      confirmedBy: o.confirmedBy,
      confirmTime: orNull(o.confirmedAt),
      confirmSignatureFileId: o.confirmSignatureFileId,
      confirmRemark: o.confirmRemark,
      auditedBy: o.auditedBy,
      auditTime: orNull(o.auditedAt),
      auditRemark: o.auditRemark,
      redoneByOrderId: redoneBy.get(o.id) ?? null,
      contentHash: o.contentHash,
      chainHash: o.chainHash,
      findings: findings
        .filter((f) => f.orderId === o.id)
        .map((f) => ({
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
  });
}

export async function orderDetail(db: Queryable, user: AuthUser, id: number) {
  return detailOf(db, await orderInScope(db, user, id));
}

/**
 * 维保日志: the steps of a work order in the order they happened. An order the plan job made has no
 * creation row (a million of them a run would be a million log rows saying what created_at says):
 * its first step, 创建工单 by 系统, is read from the order itself.
 */
export async function orderRecords(
  db: Queryable,
  user: AuthUser,
  orderId: number,
  page: number,
  limit: number,
): Promise<Page<MaintenanceOrderRecord>> {
  await orderInScope(db, user, orderId);
  const steps = sql`(select r.id, r.at, r.action, r.operator, r.detail from ${maintenanceOrderRecord} r
      where r.order_id = ${orderId}
    union all
    select 0, o.created_at, '创建工单', '系统', '按维保计划生成' || case o.kind when 4 then '年度' when 3 then '半年'
        when 2 then '季度' else '半月' end || '保养工单'
      from ${maintenanceOrder} o where o.id = ${orderId} and o.plan_id is not null
        and not exists (select 1 from ${maintenanceOrderRecord} c where c.order_id = o.id and c.action = '创建工单')
    ) s`;
  const [counted, rows] = await Promise.all([
    db.execute(sql`select count(*)::int as n from ${steps}`),
    db.execute(sql`select s.id, s.at, s.action, s.operator, s.detail from ${steps}
      order by s.at, s.id limit ${limit} offset ${(page - 1) * limit}`),
  ]);
  const total = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
  const records = rowsOf<{
    id: number;
    at: Date | string;
    action: string;
    operator: string;
    detail: string | null;
  }>(rows).map((r) => ({
    id: Number(r.id),
    time: formatDateTime(new Date(r.at)),
    action: r.action,
    operator: r.operator,
    detail: r.detail,
  }));
  return { records, total, page, limit };
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
