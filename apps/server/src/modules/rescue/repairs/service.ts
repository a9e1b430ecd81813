import {
  type CallParsedInput,
  formatDateTime,
  isReviewer,
  type Page,
  REPAIR_SOURCE,
  REPAIR_SOURCE_LABEL,
  REPAIR_STATE,
  REPAIR_STATE_LABEL,
  type RepairRow,
  type repairCalls,
} from '@ec/contract';
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AuthUser, scopeCondition } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { inArea, likePattern } from '../../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { pageTotal } from '../../../platform/db/totals.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { maskedPhone } from '../../../platform/masking.ts';
import { moveState } from '../../../platform/workflow/moves.ts';
import { liftsRelation, requireLiftInScope } from '../../elevator/api.ts';
import { repairOrder } from '../tables.ts';
import { hitchTypes } from './hitch-types.ts';
import { openRepair } from './open.ts';

type Filters = Omit<CallParsedInput<typeof repairCalls.queryPage>, 'page' | 'limit'>;

const maintainer = alias(enterprise, 'maintainer');
const useUnit = alias(enterprise, 'use_unit');
const creator = alias(sysUser, 'creator');
const lift = liftsRelation().as('lift');

/**
 * The repairs a user may see, on the repair's own columns (copied from its lift when it was opened):
 * a reviewer (the platform, the call centre, a regulator) by district, a maintenance company and a
 * use unit (and its safety officers) those of their lifts.
 */
export function repairScope(user: AuthUser): SQL {
  if (isReviewer(user.dataScope)) return scopeCondition(user, { area: repairOrder.areaCode });
  if (user.companyId === null) return sql`false`;
  if (user.userType === 'maintenance') return eq(repairOrder.maintenanceCompanyId, user.companyId);
  if (user.userType === 'use_unit' || user.userType === 'safety_officer')
    return eq(repairOrder.useCompanyId, user.companyId);
  return sql`false`;
}

/** Who handles a repair (受理 / 完成): its maintenance company, or the city's call centre and platform. */
function handles(user: AuthUser): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (user.userType === 'maintenance' && user.companyId !== null)
    return eq(repairOrder.maintenanceCompanyId, user.companyId);
  return sql`false`;
}

const sourceOf = (user: AuthUser) =>
  user.userType === 'maintenance' || user.userType === 'maintenance_staff'
    ? REPAIR_SOURCE.maintenance
    : user.userType === 'use_unit' || user.userType === 'safety_officer'
      ? REPAIR_SOURCE.useUnit
      : REPAIR_SOURCE.phone;

function selectRepairs(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      r: repairOrder,
      registerCode: lift.registerCode,
      elevatorName: lift.name,
      address: lift.address,
      maintenanceCompanyName: maintainer.name,
      useCompanyName: useUnit.name,
      createdByName: creator.realName,
    })
    .from(repairOrder)
    .leftJoin(lift, eq(lift.id, repairOrder.elevatorId))
    .leftJoin(maintainer, eq(maintainer.id, repairOrder.maintenanceCompanyId))
    .leftJoin(useUnit, eq(useUnit.id, repairOrder.useCompanyId))
    .leftJoin(creator, eq(creator.id, repairOrder.createdBy))
    .where(where);
}
type Joined = Awaited<ReturnType<typeof selectRepairs>>[number];

function toRow(j: Joined, labels: Map<string, string>): RepairRow {
  const r = j.r;
  return {
    id: r.id,
    repairNo: r.repairNo,
    elevatorId: r.elevatorId,
    registerCode: j.registerCode,
    elevatorName: j.elevatorName,
    address: j.address,
    areaCode: r.areaCode,
    hitchType: r.hitchType,
    hitchTypeLabel: labels.get(r.hitchType) ?? r.hitchType,
    description: r.description,
    reporterName: r.reporterName,
    reporterPhone: maskedPhone(r.reporterPhone),
    source: r.source,
    sourceLabel: REPAIR_SOURCE_LABEL[r.source] ?? String(r.source),
    status: r.status,
    statusLabel: REPAIR_STATE_LABEL[r.status] ?? String(r.status),
    maintenanceCompanyId: r.maintenanceCompanyId,
    maintenanceCompanyName: j.maintenanceCompanyName,
    useCompanyId: r.useCompanyId,
    useCompanyName: j.useCompanyName,
    caseId: r.caseId,
    result: r.result,
    createdByName: j.createdByName,
    createTime: formatDateTime(r.createdAt),
    finishTime: r.finishedAt ? formatDateTime(r.finishedAt) : null,
    version: r.version,
  };
}

const labelMap = async (db: Queryable) => new Map((await hitchTypes(db)).map((h) => [h.value, h.label]));

/** The start of a Shanghai day as an instant. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

function filterConditions(f: Filters): SQL[] {
  const c: (SQL | undefined)[] = [];
  if (f.status !== undefined) c.push(eq(repairOrder.status, f.status));
  if (f.source !== undefined) c.push(eq(repairOrder.source, f.source));
  if (f.hitchType) c.push(eq(repairOrder.hitchType, f.hitchType));
  if (f.elevatorId) c.push(eq(repairOrder.elevatorId, f.elevatorId));
  if (f.areaCode) c.push(inArea(repairOrder.areaCode, f.areaCode));
  if (f.dateFrom) c.push(gte(repairOrder.createdAt, dayStart(f.dateFrom)));
  if (f.dateTo) c.push(lt(repairOrder.createdAt, new Date(dayStart(f.dateTo).getTime() + 86_400_000)));
  if (f.keyword) {
    const k = f.keyword.trim();
    c.push(
      or(
        eq(repairOrder.repairNo, k),
        eq(repairOrder.reporterPhone, k),
        sql`${repairOrder.elevatorId} in (select id from ${liftsRelation().as('k')} where register_code = ${k.toUpperCase()})`,
      ),
    );
  }
  return c.filter((x): x is SQL => x !== undefined);
}

/** 故障报修列表: newest first. */
export async function listRepairs(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<typeof repairCalls.queryPage>,
): Promise<Page<RepairRow>> {
  const conditions = filterConditions(f);
  const where = and(repairScope(user), ...conditions);
  const { total } = await pageTotal(
    db,
    repairOrder,
    where,
    user.dataScope === 'all' && conditions.length === 0,
  );
  const rows = await selectRepairs(db, where)
    .orderBy(desc(repairOrder.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const labels = await labelMap(db);
  return { records: rows.map((r) => toRow(r, labels)), total, page: f.page, limit: f.limit };
}

/** How many repairs of the filters the user's scope holds (the list's count: the export's size). */
export async function repairCount(db: Queryable, user: AuthUser, f: Filters): Promise<number> {
  return (await pageTotal(db, repairOrder, and(repairScope(user), ...filterConditions(f)), false)).total;
}

/** Every repair of the filters in the user's scope, newest first, in batches (the export). */
export async function* repairBatches(db: Queryable, user: AuthUser, f: Filters): AsyncGenerator<RepairRow[]> {
  const labels = await labelMap(db);
  const where = and(repairScope(user), ...filterConditions(f));
  let before = 2_147_483_647;
  for (;;) {
    const rows = await selectRepairs(db, and(where, lt(repairOrder.id, before)))
      .orderBy(desc(repairOrder.id))
      .limit(1000);
    if (rows.length === 0) return;
    yield rows.map((r) => toRow(r, labels));
    if (rows.length < 1000) return;
    before = rows[rows.length - 1].r.id;
  }
}

/** One repair in the user's scope; 404 for a missing one and one out of reach alike. */
export async function repairDetail(db: Queryable, user: AuthUser, id: number): Promise<RepairRow> {
  const [row] = await selectRepairs(db, and(eq(repairOrder.id, id), repairScope(user)));
  if (!row) throw notFound('报修记录不存在或无权访问');
  return toRow(row, await labelMap(db));
}

/** 故障报修: a repair of a lift the user may open (404 for another's lift). */
export async function saveRepair(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<typeof repairCalls.save>,
): Promise<RepairRow> {
  await requireLiftInScope(db, user, input.elevatorId);
  const { id } = await openRepair(db, {
    elevatorId: input.elevatorId,
    hitchType: input.hitchType,
    description: input.description || null,
    reporterName: input.reporterName || null,
    reporterPhone: input.reporterPhone || null,
    source: sourceOf(user),
    caseId: null,
    createdBy: user.id,
  });
  const [row] = await selectRepairs(db, eq(repairOrder.id, id));
  return toRow(row, await labelMap(db));
}

/** 受理 (待处理 → 处理中) or 完成 (待处理 / 处理中 → 已完成 with the result), version checked. */
export async function moveRepair(
  db: Queryable,
  user: AuthUser,
  input: { id: number; version: number; result?: string },
  to: 'accept' | 'finish',
): Promise<RepairRow> {
  // Seen but not the user's to handle: a use unit or a district regulator reads, it does not handle.
  const [seen] = await db
    .select({ id: repairOrder.id, handled: sql<boolean>`${handles(user)}` })
    .from(repairOrder)
    .where(and(eq(repairOrder.id, input.id), repairScope(user)));
  if (!seen) throw notFound('报修记录不存在或无权访问');
  if (!seen.handled) throw forbidden('只有该电梯的维保单位或呼叫中心可以处理报修');
  await moveState(db, repairOrder, {
    id: input.id,
    version: input.version,
    from: to === 'accept' ? [REPAIR_STATE.pending] : [REPAIR_STATE.pending, REPAIR_STATE.handling],
    to: to === 'accept' ? REPAIR_STATE.handling : REPAIR_STATE.done,
    set:
      to === 'finish'
        ? { result: input.result ?? null, finishedAt: new Date(), updatedAt: new Date() }
        : { updatedAt: new Date() },
    where: and(repairScope(user), handles(user)),
    verb: to === 'accept' ? '受理' : '完成',
    labels: REPAIR_STATE_LABEL,
    missing: '报修记录不存在或无权访问',
  });
  return repairDetail(db, user, input.id);
}

/** Lifts the user may report a repair for (the registry's scope), by code, address or name. */
export async function repairLifts(db: Queryable, user: AuthUser, keyword?: string) {
  const l = liftsRelation(user).as('l');
  const k = keyword?.trim();
  const pattern = k ? likePattern(k) : null;
  return db
    .select({
      id: l.id,
      registerCode: l.registerCode,
      rescueCode: l.rescueCode,
      name: l.name,
      address: l.address,
    })
    .from(l)
    .where(
      pattern
        ? or(
            eq(l.registerCode, k!.toUpperCase()),
            eq(l.rescueCode, k!),
            ilike(l.address, pattern),
            ilike(l.name, pattern),
            ilike(l.registerCode, pattern),
          )
        : undefined,
    )
    .orderBy(asc(l.id))
    .limit(20);
}
