/**
 * What other modules may ask of the elevator registry. They never read its tables: the registry
 * decides who may see a lift (its data scope) and what binds a lift to a company (the claims), and
 * answers through these functions. Add a function here when another module needs one; keep each
 * one small and about lifts.
 */
import { type ClaimType, type ElevatorFilters, isReviewer } from '@ec/contract';
import { type AnyColumn, and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { integer, QueryBuilder } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { listElevators, textSearch } from './list.ts';

/** A company as the elevator detail shows it (the contact phone masked as the viewer may see it). */
export { companyInfo } from './lookups.ts';

import { elevatorScope } from './scope.ts';
import { elevator } from './tables.ts';

/** A lift as other modules see it: its identity, place and the companies bound to it. */
export interface LiftSummary {
  id: number;
  registerCode: string;
  name: string | null;
  address: string;
  areaCode: string;
  /** 1 直梯, 2 扶梯 */
  type: number;
  useCompanyId: number | null;
  maintenanceCompanyId: number | null;
}

const summary = {
  id: elevator.id,
  registerCode: elevator.registerCode,
  name: elevator.name,
  address: elevator.address,
  areaCode: elevator.areaCode,
  type: elevator.type,
  useCompanyId: elevator.useCompanyId,
  maintenanceCompanyId: elevator.maintenanceCompanyId,
};

const isLiftId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** A lift by id if the user may open it (the registry's data scope), else null. */
export async function liftInScope(q: Queryable, user: AuthUser, id: number): Promise<LiftSummary | null> {
  if (!isLiftId(id)) return null;
  const [row] = await q
    .select(summary)
    .from(elevator)
    .where(and(eq(elevator.id, id), elevatorScope(user)));
  return row ?? null;
}

/** A lift by id within the user's scope; 404 (as the registry's own detail answers) otherwise. */
export async function requireLiftInScope(q: Queryable, user: AuthUser, id: number): Promise<LiftSummary> {
  const lift = await liftInScope(q, user, id);
  if (!lift) throw notFound('电梯不存在或无权访问');
  return lift;
}

/**
 * The lifts bound to a company on one side (its maintenance company or its use unit), by id; without
 * a company, every lift bound to some company on that side.
 */
export function liftsBoundTo(q: Queryable, side: ClaimType, companyId?: number): Promise<LiftSummary[]> {
  const column = side === 'maintenance' ? elevator.maintenanceCompanyId : elevator.useCompanyId;
  return q
    .select(summary)
    .from(elevator)
    .where(companyId === undefined ? isNotNull(column) : eq(column, companyId))
    .orderBy(asc(elevator.id));
}

/**
 * A condition on another module's rows: the lift whose id is in `liftId` is one the user may open.
 * For lists that join nothing of the registry (a subquery on the lift's primary key).
 */
export function liftVisibleTo(user: AuthUser, liftId: AnyColumn | SQL): SQL {
  return sql`exists (select 1 from ${elevator} where ${elevator.id} = ${liftId} and ${elevatorScope(user)})`;
}

// ---------------------------------------------------------------- for the parties module

/**
 * A column of another module's table that names a lift: the foreign key to the registry, deleted
 * with the lift (a contract's or an officer's link, a rating).
 */
export const liftReference = (name: string) =>
  integer(name)
    .notNull()
    .references(() => elevator.id, { onDelete: 'cascade' });

const relationColumns = {
  id: elevator.id,
  registerCode: elevator.registerCode,
  name: elevator.name,
  address: elevator.address,
  areaCode: elevator.areaCode,
  community: elevator.community,
  useCompanyId: elevator.useCompanyId,
  maintenanceCompanyId: elevator.maintenanceCompanyId,
  longitude: elevator.longitude,
  latitude: elevator.latitude,
  type: elevator.type,
  useOccasion: elevator.useOccasion,
  rescueCode: elevator.rescueCode,
};

/**
 * The lifts as a relation another module may join (its columns: id, register_code, name, address,
 * area_code, community, use_company_id, maintenance_company_id, longitude, latitude, type, use_occasion, rescue_code): those the user may see, or every
 * lift without a user. Use it with `.as(alias)` in a drizzle query or inside `sql` as a subquery;
 * PostgreSQL flattens it, so a join through it costs what a join on the table costs.
 */
export function liftsRelation(user?: AuthUser) {
  return new QueryBuilder()
    .select(relationColumns)
    .from(elevator)
    .where(user ? elevatorScope(user) : undefined);
}

/**
 * `column in (the lifts of this type and use occasion)`, by the registry's values now (as the
 * statistics count them, docs/statistics.md); undefined when neither is asked. For the lists of
 * other modules (work orders, rescue cases) filtered by the lift's kind.
 */
export function liftOfKind(
  column: AnyColumn,
  kind: { type?: number; useOccasion?: string },
): SQL | undefined {
  const c: SQL[] = [];
  if (kind.type) c.push(eq(elevator.type, kind.type));
  if (kind.useOccasion) c.push(eq(elevator.useOccasion, kind.useOccasion));
  return c.length ? sql`${column} in (select ${elevator.id} from ${elevator} where ${and(...c)})` : undefined;
}

/** How many lifts a company is bound to on one side, for a company id column or value. */
export function liftCountOf(side: ClaimType, companyId: AnyColumn | SQL): SQL<number> {
  const column = side === 'maintenance' ? elevator.maintenanceCompanyId : elevator.useCompanyId;
  return sql<number>`(select count(*) from ${elevator} where ${column} = ${companyId})`.mapWith(Number);
}

/** How many lifts stand in a community (by its name and area). */
export function liftCountInCommunity(name: AnyColumn | SQL, areaCode: AnyColumn | SQL): SQL<number> {
  return sql<number>`(select count(*) from ${elevator}
    where ${elevator.community} = ${name} and ${elevator.areaCode} = ${areaCode})`.mapWith(Number);
}

/**
 * The registry's list of the lifts a maintenance company maintains: a reviewer sees those of its
 * own scope, anyone else who may open the company (checked by the caller) all of them.
 */
export function liftsOfMaintenanceCompany(
  q: Queryable,
  user: AuthUser,
  companyId: number,
  f: ElevatorFilters,
) {
  return listElevators(q, isReviewer(user.dataScope) ? elevatorScope(user) : sql`true`, false, {
    ...f,
    maintenanceCompanyId: companyId,
  });
}

// ---------------------------------------------------------------- for the rescue module

/** A lift as the call centre locates it: identity, place, companies, coordinates and rescue code. */
export interface LocatedLiftFacts extends LiftSummary {
  rescueCode: string | null;
  community: string | null;
  longitude: number | null;
  latitude: number | null;
}

const located = {
  ...summary,
  rescueCode: elevator.rescueCode,
  community: elevator.community,
  longitude: elevator.longitude,
  latitude: elevator.latitude,
};

/**
 * Lifts for the call centre's search box (every lift: an emergency knows no data scope): six digits
 * are a rescue code (exact, leading zeros kept, on its unique index); otherwise a register code
 * (exact) or words of the address, community or name (the registry's indexed text search).
 */
export async function locateLifts(q: Queryable, keyword: string, limit: number): Promise<LocatedLiftFacts[]> {
  const k = keyword.trim();
  const byCode = /^\d{6}$/.test(k)
    ? eq(elevator.rescueCode, k)
    : or(eq(elevator.registerCode, k.toUpperCase()), eq(elevator.registerCode, k));
  const exact = await q.select(located).from(elevator).where(byCode).limit(limit);
  if (exact.length > 0 || /^\d{6}$/.test(k)) return exact;
  return q.select(located).from(elevator).where(textSearch(k)).orderBy(asc(elevator.id)).limit(limit);
}

/** One lift's facts by id (no scope: the caller decided the user may act on it), or null. */
export async function liftFacts(q: Queryable, id: number): Promise<LocatedLiftFacts | null> {
  if (!isLiftId(id)) return null;
  const [row] = await q.select(located).from(elevator).where(eq(elevator.id, id));
  return row ?? null;
}

/** One lift's facts by register code or rescue code, or null. */
export async function liftByCode(q: Queryable, code: string): Promise<LocatedLiftFacts | null> {
  const [row] = await q
    .select(located)
    .from(elevator)
    .where(/^\d{6}$/.test(code) ? eq(elevator.rescueCode, code) : eq(elevator.registerCode, code))
    .limit(1);
  return row ?? null;
}

/**
 * Binds an emergency code to a lift that has none (one UPDATE: a lift that got a code meanwhile
 * is not touched, and the registry's unique index refuses a code another lift holds). Whether it
 * was bound; a unique violation (elevator_rescue_code_uq) reaches the caller.
 */
export async function bindRescueCode(q: Queryable, elevatorId: number, code: string): Promise<boolean> {
  const rows = await q
    .update(elevator)
    .set({ rescueCode: code, version: sql`${elevator.version} + 1`, updatedAt: new Date() })
    .where(and(eq(elevator.id, elevatorId), isNull(elevator.rescueCode)))
    .returning({ id: elevator.id });
  return rows.length > 0;
}

/** Takes a code off the lift that holds it (only if it still holds that code). Whether it did. */
export async function unbindRescueCodeOf(q: Queryable, elevatorId: number, code: string): Promise<boolean> {
  const rows = await q
    .update(elevator)
    .set({ rescueCode: null, version: sql`${elevator.version} + 1`, updatedAt: new Date() })
    .where(and(eq(elevator.id, elevatorId), eq(elevator.rescueCode, code)))
    .returning({ id: elevator.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- for the inspection module

/** A lift's registered variety and sizes (the inspection tariff's fallback facts). */
export interface LiftSpecs {
  id: number;
  type: number;
  variety: string | null;
  floors: number | null;
  ratedLoad: number | null;
  ratedSpeed: number | null;
}

/** One lift's registered specs by id (no scope: the caller decided), or null. */
export async function liftSpecs(q: Queryable, id: number): Promise<LiftSpecs | null> {
  if (!isLiftId(id)) return null;
  const [row] = await q
    .select({
      id: elevator.id,
      type: elevator.type,
      variety: elevator.variety,
      floors: elevator.floors,
      ratedLoad: elevator.ratedLoad,
      ratedSpeed: elevator.ratedSpeed,
    })
    .from(elevator)
    .where(eq(elevator.id, id));
  return row ?? null;
}

const inspectionColumns = {
  id: elevator.id,
  registerCode: elevator.registerCode,
  name: elevator.name,
  address: elevator.address,
  areaCode: elevator.areaCode,
  useCompanyId: elevator.useCompanyId,
  type: elevator.type,
  variety: elevator.variety,
  floors: elevator.floors,
  ratedLoad: elevator.ratedLoad,
  ratedSpeed: elevator.ratedSpeed,
  nextInspectDate: elevator.nextInspectDate,
  useStatus: elevator.useStatus,
};

const inAreas = (areaCodes: string[] | null) =>
  areaCodes === null
    ? undefined
    : areaCodes.length === 0
      ? sql`false`
      : sql`${elevator.areaCode} in (${sql.join(
          areaCodes.map((c) => sql`${c}`),
          sql`, `,
        )})`;

/**
 * The lifts of some districts (every lift: null) as a relation an inspection list joins, with the
 * columns it shows (id, register_code, name, address, area_code, use_company_id, type, variety,
 * floors, rated_load, rated_speed, next_inspect_date, use_status). No user scope: the caller names
 * the districts it decided the user may see.
 */
export function inspectionLiftsRelation(areaCodes: string[] | null) {
  return new QueryBuilder().select(inspectionColumns).from(elevator).where(inAreas(areaCodes));
}

/**
 * The lifts in use of some districts (every district: null) due for periodic inspection: the next
 * inspection date on or before `before` (yyyy-MM-dd; the overdue ones included). The condition is
 * the one of the registry's partial index elevator_area_inspect_idx (area_code, next_inspect_date
 * where use_status = 1), so a district's due lifts are read from the index, and a page of them
 * ordered by the date too. Same columns as `inspectionLiftsRelation`.
 */
export function liftsDueRelation(areaCodes: string[] | null, before: string) {
  return new QueryBuilder()
    .select(inspectionColumns)
    .from(elevator)
    .where(
      and(
        eq(elevator.useStatus, 1),
        inAreas(areaCodes),
        isNotNull(elevator.nextInspectDate),
        sql`${elevator.nextInspectDate} <= ${before}`,
      ),
    );
}

/** Lifts by register code (an import's rows), with their district: the codes found. */
export async function liftsByRegisterCodes(
  q: Queryable,
  codes: string[],
): Promise<{ id: number; registerCode: string; areaCode: string; variety: string | null }[]> {
  const found: { id: number; registerCode: string; areaCode: string; variety: string | null }[] = [];
  for (let i = 0; i < codes.length; i += 1000) {
    const chunk = codes.slice(i, i + 1000);
    if (chunk.length === 0) continue;
    found.push(
      ...(await q
        .select({
          id: elevator.id,
          registerCode: elevator.registerCode,
          areaCode: elevator.areaCode,
          variety: elevator.variety,
        })
        .from(elevator)
        .where(inArray(elevator.registerCode, chunk))),
    );
  }
  return found;
}

/**
 * A periodic inspection's outcome on the registry (the inspection report pushed): on a pass the
 * last and next inspection dates move and a lift stopped for rectification (停用) is in use again;
 * on a failure the last inspection date moves and the lift is stopped (停用待整改). A scrapped lift
 * (报废) keeps its use status. One UPDATE; whether the lift was found.
 */
export async function recordInspection(
  q: Queryable,
  elevatorId: number,
  outcome: { passed: boolean; inspectedOn: string; nextDate: string | null },
): Promise<boolean> {
  const rows = await q
    .update(elevator)
    .set({
      lastInspectDate: outcome.inspectedOn,
      ...(outcome.passed && outcome.nextDate ? { nextInspectDate: outcome.nextDate } : {}),
      useStatus: sql`case when ${elevator.useStatus} = 3 then 3 else ${outcome.passed ? 1 : 2} end`,
      version: sql`${elevator.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(elevator.id, elevatorId))
    .returning({ id: elevator.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- for the advertising module

/** A lift as an advertising point copies it (its place, use unit, type and use occasion). */
export interface AdLiftFacts {
  id: number;
  registerCode: string;
  name: string | null;
  address: string;
  areaCode: string;
  useCompanyId: number | null;
  type: number;
  useOccasion: string | null;
  longitude: number | null;
  latitude: number | null;
}

const adLiftColumns = {
  id: elevator.id,
  registerCode: elevator.registerCode,
  name: elevator.name,
  address: elevator.address,
  areaCode: elevator.areaCode,
  useCompanyId: elevator.useCompanyId,
  type: elevator.type,
  useOccasion: elevator.useOccasion,
  longitude: elevator.longitude,
  latitude: elevator.latitude,
};

/**
 * Lifts for the advertising points (any lift of the registry: the operator places points by lease,
 * not by the registry's scope): by ids, or by words of the register code / address (the indexed text
 * search) and district, in id order, at most `limit`.
 */
export function adLifts(
  q: Queryable,
  f: { ids?: number[]; keyword?: string; areaCode?: string; limit: number },
): Promise<AdLiftFacts[]> {
  const k = f.keyword?.trim();
  const ids = f.ids?.filter(isLiftId);
  return q
    .select(adLiftColumns)
    .from(elevator)
    .where(
      and(
        ids ? (ids.length ? inArray(elevator.id, ids) : sql`false`) : undefined,
        k ? (or(eq(elevator.registerCode, k.toUpperCase()), textSearch(k)) ?? undefined) : undefined,
        f.areaCode ? eq(elevator.areaCode, f.areaCode) : undefined,
      ),
    )
    .orderBy(asc(elevator.id))
    .limit(f.limit);
}

// ---------------------------------------------------------------- for the statistics module

/**
 * Every lift as the statistics rollups read it (no user scope: the rollups keep the scope columns
 * and the statistics calls apply the caller's scope): a subquery with the columns id, register_code,
 * name, address, area_code, type, use_occasion, brand, manufacturer, manufacture_date, install_date,
 * use_status, longitude, latitude, next_inspect_date, maintenance_company_id, use_company_id,
 * updated_at. `changedAfter` keeps the lifts changed after that instant (the rollup's cursor).
 */
export function liftStatsSource(changedAfter?: Date | null): SQL {
  return sql`(select id, register_code, name, address, area_code, type, use_occasion, brand,
      manufacturer, manufacture_date, install_date, use_status, longitude, latitude,
      next_inspect_date, maintenance_company_id, use_company_id, updated_at
    from ${elevator}
    ${changedAfter ? sql`where ${elevator.updatedAt} > ${changedAfter.toISOString()}::timestamptz` : sql``})`;
}

// ---------------------------------------------------------------- for partner systems (API keys)

/** A lift as a partner system reads it (operations/api-keys, scope elevator:read). */
export interface PartnerLift {
  registerCode: string;
  name: string | null;
  address: string;
  areaCode: string;
  type: number;
  useCompanyName: string | null;
  maintenanceCompanyName: string | null;
}

/**
 * The lifts of the given register codes (at most a few hundred), in the order asked, unknown codes
 * left out: every lift for a platform-wide key (`companyId` null), else only the lifts the company
 * maintains or uses.
 */
export async function partnerLiftsByRegisterCodes(
  q: Queryable,
  codes: string[],
  companyId: number | null,
): Promise<PartnerLift[]> {
  if (codes.length === 0) return [];
  const rows = await q
    .select({
      registerCode: elevator.registerCode,
      name: elevator.name,
      address: elevator.address,
      areaCode: elevator.areaCode,
      type: elevator.type,
      useCompanyName: sql<
        string | null
      >`(select e.name from enterprise e where e.id = ${elevator.useCompanyId})`,
      maintenanceCompanyName: sql<
        string | null
      >`(select e.name from enterprise e where e.id = ${elevator.maintenanceCompanyId})`,
    })
    .from(elevator)
    .where(
      and(
        inArray(elevator.registerCode, codes),
        companyId === null
          ? undefined
          : or(eq(elevator.useCompanyId, companyId), eq(elevator.maintenanceCompanyId, companyId)),
      ),
    );
  const order = new Map(codes.map((c, i) => [c, i]));
  return rows.sort((a, b) => (order.get(a.registerCode) ?? 0) - (order.get(b.registerCode) ?? 0));
}
