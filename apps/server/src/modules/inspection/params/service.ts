import {
  addDays,
  type DueLiftRow,
  type DueSummary,
  formatDateTime,
  isReviewer,
  REPORT_PARAM_COLUMNS,
  type ReportParamRow,
  shanghaiToday,
  TECH_PARAM_EXTRAS,
  type TechParamListRow,
  type TechParamRow,
  type TechParamValues,
  varietyName,
} from '@ec/contract';
import { and, asc, count, eq, gt, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise, sysArea } from '../../../platform/db/tables.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { keysetBatches } from '../../../platform/excel.ts';
import { inspectionLiftsRelation, liftsDueRelation } from '../../elevator/api.ts';
import { INSPECTION_ORG_KIND, isOwnOrg, orgScope, ownOrg } from '../scope.ts';
import { inspectionTechParam as p } from './tables.ts';

/*
 * 技术参数 and 检验电梯. Which lifts a user's lists cover (`areaOf`): the platform every lift, a
 * regulator those of its districts, an organisation's users those of the organisation's district
 * (the enterprise's area). Which parameter rows count: `orgScope` (the platform every
 * organisation's, a regulator those of the organisations in its districts, an organisation's users
 * their own). Only the organisation's own users write (`ownOrg`, 403 for anyone else).
 */

const LIFT_NOT_FOUND = '电梯不存在或无权访问';
const ROW_NOT_FOUND = '技术参数不存在或无权访问';
const ORG_NOT_FOUND = '检验机构不存在或无权访问';

const ownOrgOf = (user: AuthUser) =>
  user.companyId !== null && isOwnOrg(user, user.companyId) ? user.companyId : null;

/** The districts whose lifts the user's lists cover: null every district. */
export async function areaOf(q: Queryable, user: AuthUser): Promise<string[] | null> {
  if (user.dataScope === 'all') return null;
  if (isReviewer(user.dataScope)) return user.areaCodes;
  const org = ownOrgOf(user);
  if (org === null) return [];
  const [row] = await q
    .select({ areaCode: enterprise.areaCode })
    .from(enterprise)
    .where(and(eq(enterprise.id, org), eq(enterprise.kind, INSPECTION_ORG_KIND)));
  return row?.areaCode ? [row.areaCode] : [];
}

/** An organisation the user may read (its own; the platform any; a regulator those of its districts), or 404. */
export async function visibleOrg(q: Queryable, user: AuthUser, orgId: number) {
  const [org] = await q
    .select({ id: enterprise.id, name: enterprise.name })
    .from(enterprise)
    .where(
      and(eq(enterprise.id, orgId), eq(enterprise.kind, INSPECTION_ORG_KIND), orgScope(user, enterprise.id)),
    );
  if (!org) throw notFound(ORG_NOT_FOUND);
  return org;
}

const extraOf = (extra: Record<string, string> | null | undefined) =>
  Object.fromEntries(Object.entries(extra ?? {}).filter(([, v]) => v !== '' && v !== undefined));

/** The columns a parameter row is stored with, from validated values (blank → null). */
export function paramColumns(v: TechParamValues) {
  return {
    variety: v.variety ?? null,
    stops: v.stops ?? null,
    doors: v.doors ?? null,
    ratedLoad: v.ratedLoad ?? null,
    ratedSpeed: v.ratedSpeed ?? null,
    riseM: v.riseM ?? null,
    lengthM: v.lengthM ?? null,
    controlMode: v.controlMode ?? null,
    extra: extraOf(v.extra),
  };
}

// ---------------------------------------------------------------- a parameter row with its lift

type LiftRelation = ReturnType<ReturnType<typeof inspectionLiftsRelation>['as']>;
/** A lift relation's columns as a nested selection. */
const liftCols = (l: LiftRelation) => ({
  id: l.id,
  registerCode: l.registerCode,
  name: l.name,
  address: l.address,
  areaCode: l.areaCode,
  useCompanyId: l.useCompanyId,
  type: l.type,
  variety: l.variety,
  floors: l.floors,
  ratedLoad: l.ratedLoad,
  ratedSpeed: l.ratedSpeed,
  nextInspectDate: l.nextInspectDate,
});

const org = alias(enterprise, 'param_org');

function rowQuery(q: Queryable) {
  const lift = inspectionLiftsRelation(null).as('param_lift');
  return {
    lift,
    query: q
      .select({
        p,
        orgName: org.name,
        registerCode: lift.registerCode,
        elevatorName: lift.name,
        address: lift.address,
        areaCode: lift.areaCode,
        areaName: sysArea.name,
        nextInspectDate: lift.nextInspectDate,
      })
      .from(p)
      .innerJoin(lift, eq(lift.id, p.elevatorId))
      .leftJoin(org, eq(org.id, p.orgId))
      .leftJoin(sysArea, eq(sysArea.code, lift.areaCode)),
  };
}

type JoinedRow = {
  p: typeof p.$inferSelect;
  orgName: string | null;
  registerCode: string;
  elevatorName: string | null;
  address: string;
  areaCode: string;
  areaName: string | null;
  nextInspectDate: string | null;
};

const rowView = (r: JoinedRow): TechParamRow => ({
  id: r.p.id,
  orgId: r.p.orgId,
  orgName: r.orgName,
  elevatorId: r.p.elevatorId,
  registerCode: r.registerCode,
  elevatorName: r.elevatorName,
  address: r.address,
  areaCode: r.areaCode,
  areaName: r.areaName,
  nextInspectDate: r.nextInspectDate,
  variety: r.p.variety,
  varietyName: varietyName(r.p.variety),
  stops: r.p.stops,
  doors: r.p.doors,
  ratedLoad: r.p.ratedLoad,
  ratedSpeed: r.p.ratedSpeed,
  riseM: r.p.riseM,
  lengthM: r.p.lengthM,
  controlMode: r.p.controlMode,
  extra: r.p.extra ?? {},
  orderId: r.p.orderId,
  version: r.p.version,
  updateTime: formatDateTime(r.p.updatedAt),
});

async function rowById(q: Queryable, id: number): Promise<TechParamRow> {
  const [row] = await rowQuery(q).query.where(eq(p.id, id));
  return rowView(row);
}

// ---------------------------------------------------------------- query

export interface ListFilters {
  registerCode?: string;
  variety?: string;
  areaCode?: string;
  orgId?: number;
}

/**
 * `query`: the lifts of the user's area, each with the parameters recorded of it (one row per
 * organisation the user sees; a lift without any: one row, its parameter fields null). `hasParams`
 * keeps the lifts with (true) or without (false) recorded parameters.
 */
export async function listParams(
  q: Queryable,
  user: AuthUser,
  f: ListFilters & { page: number; limit: number; hasParams?: boolean },
) {
  const lift = inspectionLiftsRelation(await areaOf(q, user)).as('q_lift');
  const on = and(
    eq(p.elevatorId, lift.id),
    orgScope(user, p.orgId),
    f.orgId ? eq(p.orgId, f.orgId) : undefined,
  );
  const where = and(
    f.registerCode ? ilike(lift.registerCode, likePattern(f.registerCode)) : undefined,
    f.variety ? sql`coalesce(${p.variety}, ${lift.variety}) = ${f.variety}` : undefined,
    f.areaCode ? eq(lift.areaCode, f.areaCode) : undefined,
    f.hasParams === true ? isNotNull(p.id) : f.hasParams === false ? isNull(p.id) : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      q
        .select({
          lift: liftCols(lift),
          p,
          orgName: org.name,
          areaName: sysArea.name,
        })
        .from(lift)
        .leftJoin(p, on)
        .leftJoin(org, eq(org.id, p.orgId))
        .leftJoin(sysArea, eq(sysArea.code, lift.areaCode))
        .where(where)
        .orderBy(asc(lift.id), asc(p.orgId))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [row] = await q.select({ n: count() }).from(lift).leftJoin(p, on).where(where);
      return row?.n ?? 0;
    },
    (r): TechParamListRow => ({
      key: `${r.lift.id}-${r.p?.orgId ?? 0}`,
      id: r.p?.id ?? null,
      orgId: r.p?.orgId ?? null,
      orgName: r.orgName,
      elevatorId: r.lift.id,
      registerCode: r.lift.registerCode,
      elevatorName: r.lift.name,
      address: r.lift.address,
      areaCode: r.lift.areaCode,
      areaName: r.areaName,
      nextInspectDate: r.lift.nextInspectDate,
      variety: r.p?.variety ?? r.lift.variety,
      varietyName: varietyName(r.p?.variety ?? r.lift.variety),
      stops: r.p?.stops ?? null,
      doors: r.p?.doors ?? null,
      ratedLoad: r.p?.ratedLoad ?? null,
      ratedSpeed: r.p?.ratedSpeed ?? null,
      riseM: r.p?.riseM ?? null,
      lengthM: r.p?.lengthM ?? null,
      controlMode: r.p?.controlMode ?? null,
      extra: r.p?.extra ?? {},
      orderId: r.p?.orderId ?? null,
      version: r.p?.version ?? null,
      updateTime: r.p ? formatDateTime(r.p.updatedAt) : null,
    }),
  );
}

// ---------------------------------------------------------------- one lift

/**
 * Whether the user reaches the lift: it lies in the user's area, or (an organisation's user) the
 * organisation recorded parameters of it. 404 otherwise.
 */
async function reachableLifts(q: Queryable, user: AuthUser, ids: number[]): Promise<Set<number>> {
  const lift = inspectionLiftsRelation(await areaOf(q, user)).as('r_lift');
  const inArea = await q.select({ id: lift.id }).from(lift).where(inArray(lift.id, ids));
  const found = new Set(inArea.map((r) => r.id));
  const own = ownOrgOf(user);
  if (own !== null && found.size < ids.length) {
    const recorded = await q
      .select({ id: p.elevatorId })
      .from(p)
      .where(and(eq(p.orgId, own), inArray(p.elevatorId, ids)));
    for (const r of recorded) found.add(r.id);
  }
  return found;
}

/** `elevatorTechnicalParametersList`: the lift's rows the user sees (its own organisation's; the platform every one). */
export async function liftParams(q: Queryable, user: AuthUser, elevatorId: number): Promise<TechParamRow[]> {
  if (!(await reachableLifts(q, user, [elevatorId])).has(elevatorId)) throw notFound(LIFT_NOT_FOUND);
  const rows = await rowQuery(q)
    .query.where(and(eq(p.elevatorId, elevatorId), orgScope(user, p.orgId)))
    .orderBy(asc(p.orgId));
  return rows.map(rowView);
}

// ---------------------------------------------------------------- update

/**
 * `update`: the organisation's own users only. With an id: that row (another organisation's → 404)
 * if its version is still the one sent (409 otherwise, decided by the UPDATE's WHERE). Without: the
 * first parameters of a lift of the organisation's area (the unique index on organisation and lift
 * refuses a second, 409).
 */
export async function saveParams(
  q: Queryable,
  user: AuthUser,
  input: TechParamValues & { id?: number; elevatorId: number; version?: number },
): Promise<TechParamRow> {
  const orgId = ownOrg(user, '技术参数');
  const values = paramColumns(input);
  if (input.id !== undefined) {
    const [row] = await q
      .select({ elevatorId: p.elevatorId })
      .from(p)
      .where(and(eq(p.id, input.id), eq(p.orgId, orgId)));
    if (!row) throw notFound(ROW_NOT_FOUND);
    if (row.elevatorId !== input.elevatorId)
      throw badRequest('技术参数与电梯不符', [{ field: 'elevatorId', message: '技术参数与电梯不符' }]);
    if (input.version === undefined)
      throw badRequest('缺少版本号，请刷新后重试', [{ field: 'version', message: '缺少版本号' }]);
    // Only the fields sent change (a form sends every field; null clears one).
    const sent = Object.fromEntries(
      Object.entries(values).filter(([k]) => (input as Record<string, unknown>)[k] !== undefined),
    );
    await versionedUpdate(q, p, and(eq(p.id, input.id), eq(p.orgId, orgId)), input.version, {
      ...sent,
      updatedAt: new Date(),
    });
    return rowById(q, input.id);
  }
  const lift = inspectionLiftsRelation(await areaOf(q, user)).as('s_lift');
  const [inArea] = await q.select({ id: lift.id }).from(lift).where(eq(lift.id, input.elevatorId));
  if (!inArea) throw notFound('电梯不存在或不在本机构的检验区域');
  const [created] = await refusingConflicts(
    () =>
      q
        .insert(p)
        .values({ orgId, elevatorId: input.elevatorId, ...values })
        .returning({ id: p.id }),
    { unique: '该电梯的技术参数已由他人录入，请刷新后修改' },
  );
  return rowById(q, created.id);
}

// ---------------------------------------------------------------- undistributed

/**
 * `undistributedList` / `countUndistributedList`: the recorded parameters of the lifts due for
 * inspection (next date within `days`, or past) that no inspection order holds yet (order_id null;
 * part 2 sets it when it puts the lift on an order).
 */
function undistributedQuery(user: AuthUser, areas: string[] | null, f: ListFilters & { days: number }) {
  const due = liftsDueRelation(areas, addDays(shanghaiToday(), f.days)).as('u_lift');
  const where = and(
    isNull(p.orderId),
    orgScope(user, p.orgId),
    f.orgId ? eq(p.orgId, f.orgId) : undefined,
    f.registerCode ? ilike(due.registerCode, likePattern(f.registerCode)) : undefined,
    f.variety ? sql`coalesce(${p.variety}, ${due.variety}) = ${f.variety}` : undefined,
    f.areaCode ? eq(due.areaCode, f.areaCode) : undefined,
  );
  return { due, where };
}

export async function undistributedList(
  q: Queryable,
  user: AuthUser,
  f: ListFilters & { days: number; page: number; limit: number },
) {
  const { due, where } = undistributedQuery(user, await areaOf(q, user), f);
  return paginate(
    q,
    f,
    (w) =>
      q
        .select({
          p,
          orgName: org.name,
          registerCode: due.registerCode,
          elevatorName: due.name,
          address: due.address,
          areaCode: due.areaCode,
          areaName: sysArea.name,
          nextInspectDate: due.nextInspectDate,
        })
        .from(p)
        .innerJoin(due, eq(due.id, p.elevatorId))
        .leftJoin(org, eq(org.id, p.orgId))
        .leftJoin(sysArea, eq(sysArea.code, due.areaCode))
        .where(where)
        .orderBy(asc(due.nextInspectDate), asc(p.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [row] = await q
        .select({ n: count() })
        .from(p)
        .innerJoin(due, eq(due.id, p.elevatorId))
        .where(where);
      return row?.n ?? 0;
    },
    rowView,
  );
}

export async function countUndistributed(q: Queryable, user: AuthUser, f: ListFilters & { days: number }) {
  const { due, where } = undistributedQuery(user, await areaOf(q, user), f);
  const [row] = await q.select({ n: count() }).from(p).innerJoin(due, eq(due.id, p.elevatorId)).where(where);
  return { count: row?.n ?? 0 };
}

// ---------------------------------------------------------------- the report's table

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * `reportTechnicalParametersList`: the parameter table of a report, one row per lift in the order
 * given, cells in REPORT_PARAM_COLUMNS' order. Part 2 passes the lifts of the report (and, for the
 * platform or a regulator reading it, the organisation that inspects). A lift the organisation
 * recorded nothing of shows the registry's variety, floors, load and speed (`recorded` false).
 */
export async function reportParams(
  q: Queryable,
  user: AuthUser,
  input: { elevatorIds: number[]; orgId?: number },
): Promise<{ columns: string[]; rows: ReportParamRow[] }> {
  const own = ownOrgOf(user);
  let orgId: number;
  if (own !== null) {
    if (input.orgId !== undefined && input.orgId !== own) throw notFound(ORG_NOT_FOUND);
    orgId = own;
  } else {
    if (input.orgId === undefined)
      throw badRequest('请指定检验机构', [{ field: 'orgId', message: '请指定检验机构' }]);
    orgId = (await visibleOrg(q, user, input.orgId)).id;
  }
  const ids = [...new Set(input.elevatorIds)];
  const reachable = await reachableLifts(q, user, ids);
  if (ids.some((id) => !reachable.has(id))) throw notFound(LIFT_NOT_FOUND);
  const lift = inspectionLiftsRelation(null).as('rep_lift');
  const rows = await q
    .select({ lift: liftCols(lift), p })
    .from(lift)
    .leftJoin(p, and(eq(p.elevatorId, lift.id), eq(p.orgId, orgId)))
    .where(inArray(lift.id, ids));
  const byId = new Map(rows.map((r) => [r.lift.id, r]));
  return {
    columns: [...REPORT_PARAM_COLUMNS],
    rows: ids.map((id) => {
      const { lift: l, p: v } = byId.get(id)!;
      const extra = v?.extra ?? {};
      return {
        elevatorId: id,
        registerCode: l.registerCode,
        recorded: v !== null,
        cells: [
          l.registerCode,
          text(varietyName(v?.variety ?? l.variety)),
          text(v ? v.stops : l.floors),
          text(v?.doors),
          text(v ? v.ratedLoad : l.ratedLoad),
          text(v ? v.ratedSpeed : l.ratedSpeed),
          text(v?.riseM),
          text(v?.lengthM),
          text(v?.controlMode),
          ...TECH_PARAM_EXTRAS.map((e) => text(extra[e.title])),
        ],
      };
    }),
  };
}

// ---------------------------------------------------------------- export

/** `exportExcel/{id}`'s filters: the organisation (id) and the list's filters. */
export type ParamExportFilters = Omit<ListFilters, 'orgId'> & { id: number };

/** The organisation's parameter rows the user sees under the filters (`lift`: the rows' lift). */
function exportWhere(user: AuthUser, f: ParamExportFilters, lift: LiftRelation) {
  return and(
    eq(p.orgId, f.id),
    orgScope(user, p.orgId),
    f.registerCode ? ilike(lift.registerCode, likePattern(f.registerCode)) : undefined,
    f.variety ? eq(p.variety, f.variety) : undefined,
    f.areaCode ? eq(lift.areaCode, f.areaCode) : undefined,
  );
}

/** How many parameter rows `exportExcel/{id}` holds for the user (the export's size). */
export async function exportCount(q: Queryable, user: AuthUser, f: ParamExportFilters): Promise<number> {
  const { lift } = rowQuery(q);
  const [row] = await q
    .select({ n: count() })
    .from(p)
    .innerJoin(lift, eq(lift.id, p.elevatorId))
    .where(exportWhere(user, f, lift));
  return row?.n ?? 0;
}

/** `exportExcel/{id}`: the organisation's parameter rows (id = the organisation), in keyset batches. */
export function exportBatches(
  q: Queryable,
  user: AuthUser,
  f: ParamExportFilters,
): AsyncGenerator<TechParamRow[]> {
  return keysetBatches(async (after, size) => {
    const { query, lift } = rowQuery(q);
    const batch = await query
      .where(and(exportWhere(user, f, lift), gt(p.id, after)))
      .orderBy(asc(p.id))
      .limit(size);
    return batch.map(rowView);
  });
}

// ---------------------------------------------------------------- 检验电梯

/**
 * The lifts due for inspection in the user's area: in use, the next inspection date within `days`
 * days or past. Whether parameters are recorded (and on an order) by the user's organisation, or
 * for the platform and regulators by any organisation they see. The summary counts the whole
 * window (due, overdue, recorded, recorded but undistributed), whatever the other filters.
 */
export async function dueList(
  q: Queryable,
  user: AuthUser,
  f: {
    page: number;
    limit: number;
    days: number;
    areaCode?: string;
    variety?: string;
    registerCode?: string;
    useUnit?: string;
    dueState?: 'overdue' | 'soon';
    hasParams?: boolean;
  },
) {
  const today = shanghaiToday();
  const due = liftsDueRelation(await areaOf(q, user), addDays(today, f.days)).as('due_lift');
  const own = ownOrgOf(user);
  const visibleRow = (extra?: SQL) =>
    sql`exists (select 1 from ${p} where ${p.elevatorId} = ${due.id} and ${orgScope(user, p.orgId)}${
      extra ? sql` and ${extra}` : sql``
    })`;
  const recorded = visibleRow();
  const undistributed = visibleRow(isNull(p.orderId));
  const distributed = visibleRow(isNotNull(p.orderId));
  const overdue = sql`${due.nextInspectDate} < ${today}`;
  const useUnit = alias(enterprise, 'due_use_unit');
  const where = and(
    f.areaCode ? eq(due.areaCode, f.areaCode) : undefined,
    f.variety ? eq(due.variety, f.variety) : undefined,
    f.registerCode ? ilike(due.registerCode, likePattern(f.registerCode)) : undefined,
    f.useUnit ? ilike(useUnit.name, likePattern(f.useUnit)) : undefined,
    f.dueState === 'overdue' ? overdue : f.dueState === 'soon' ? sql`not (${overdue})` : undefined,
    f.hasParams === true ? recorded : f.hasParams === false ? sql`not ${recorded}` : undefined,
  );
  const ownRow =
    own === null
      ? sql<number | null>`null`
      : sql<
          number | null
        >`(select ${p.id} from ${p} where ${p.elevatorId} = ${due.id} and ${p.orgId} = ${own})`;
  const page = await paginate(
    q,
    f,
    (w) =>
      q
        .select({
          due: liftCols(due),
          areaName: sysArea.name,
          useCompanyName: useUnit.name,
          recorded: sql<boolean>`${recorded}`,
          distributed: sql<boolean>`${distributed}`,
          paramId: ownRow.mapWith((v) => (v === null ? null : Number(v))),
        })
        .from(due)
        .leftJoin(useUnit, eq(useUnit.id, due.useCompanyId))
        .leftJoin(sysArea, eq(sysArea.code, due.areaCode))
        .where(where)
        .orderBy(asc(due.nextInspectDate), asc(due.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [row] = await q
        .select({ n: count() })
        .from(due)
        .leftJoin(useUnit, eq(useUnit.id, due.useCompanyId))
        .where(where);
      return row?.n ?? 0;
    },
    (r): DueLiftRow => {
      const next = r.due.nextInspectDate!;
      const daysLeft = Math.round(
        (Date.parse(`${next}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
      );
      return {
        elevatorId: r.due.id,
        registerCode: r.due.registerCode,
        elevatorName: r.due.name,
        address: r.due.address,
        areaCode: r.due.areaCode,
        areaName: r.areaName,
        variety: r.due.variety,
        varietyName: varietyName(r.due.variety),
        useCompanyName: r.useCompanyName,
        nextInspectDate: next,
        daysLeft,
        dueState: daysLeft < 0 ? 'overdue' : 'soon',
        recorded: Boolean(r.recorded),
        paramId: r.paramId,
        distributed: Boolean(r.distributed),
      };
    },
  );
  const [s] = await q
    .select({
      due: count(),
      overdue: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
      recorded: sql<number>`count(*) filter (where ${recorded})`.mapWith(Number),
      undistributed: sql<number>`count(*) filter (where ${undistributed})`.mapWith(Number),
    })
    .from(due);
  const summary: DueSummary = {
    due: s?.due ?? 0,
    overdue: s?.overdue ?? 0,
    recorded: s?.recorded ?? 0,
    undistributed: s?.undistributed ?? 0,
  };
  return { ...page, summary };
}
