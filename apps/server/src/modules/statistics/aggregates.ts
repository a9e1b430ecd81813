import { CITY_CODE, shanghaiToday } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { DIMS, type DimName } from './dims.ts';
import { daySql, type Filters, num, type Period, rows, sideOf, whereSql } from './query.ts';
import {
  CASE_DAYS,
  CASE_MONTHS,
  dailyRelation,
  dayLiteral,
  type EventRollup,
  eventRelation,
  type Grouping,
  LIFT_GROUPS,
  levelOf,
  ORDER_MONTHS,
  REPAIR_MONTHS,
  USE_WINDOW,
  useWindowHeld,
  windowLevel,
  windowRows,
} from './rollups.ts';

/*
 * The counts every figure is made of, per group (a DimName, or none for one total row), read from
 * the rollups with the caller's scope and the filters.
 */

const groupBy = (dim: DimName | null, a: string) => (dim ? DIMS[dim].key(a) : `''`);

/** The groupings of stats_lift_group that answer each dimension without the use unit (tables.ts). */
const GROUPING: Partial<Record<DimName, string>> = {
  area: '',
  maintenance: '',
  type: '',
  occasion: '',
  brand: 'brand',
  manufacturer: 'manufacturer',
  age: 'age',
  use: 'use',
};

/** The base column a dimension's key is (the levels that drop it cannot answer it). */
const KEY_COLUMN: Partial<Record<DimName, string>> = {
  area: 'area_code',
  maintenance: 'maintenance_company_id',
  type: 'lift_type',
  occasion: 'use_occasion',
};

/**
 * The lifts in the registry as a relation aliased `l` whose rows each count `l.lifts` lifts, with
 * stats_lift's dimension columns and the counts of stats_lift_group (maintained, overdue_maintenance,
 * overdue_inspection, due_inspection, placed, lng_sum, lat_sum): the grouping of stats_lift_group
 * that holds `dim` and, when the caller's scope or filters name use units, the use unit; else (one
 * lift per row, a use unit's lifts by brand) stats_lift itself, one row per lift. Sum the counts
 * (`sum(l.lifts)`), never count(*) the rows. `needs` names the base columns the caller reads besides
 * the key's, the scope's and the filters' (then the smallest level that keeps them answers: rollups.ts
 * `levelOf`); without it, all of them (the base level).
 */
export function liftRelation(
  user: AuthUser,
  f: Partial<Filters>,
  dim: DimName | null,
  needs?: string[],
): SQL {
  const needsUse = dim === 'use' || Boolean(f.useCompanyId) || sideOf(user) === 'use';
  const grouping = needsUse ? (dim === null || dim === 'use' ? 'use' : undefined) : GROUPING[dim ?? 'area'];
  if (grouping !== undefined) {
    const key = dim ? KEY_COLUMN[dim] : undefined;
    // A use unit's own figures (its scope, or a filter naming it) read the base level (levelOf).
    const level = needs
      ? levelOf(LIFT_GROUPS, user, f, { dim: grouping, needs: key ? [...needs, key] : needs })
      : '';
    return sql`(select * from stats_lift_group where dim = ${grouping + level}) l`;
  }
  const measures = LIFT_GROUPS.measures(dayLiteral(shanghaiToday()));
  return sql.raw(`(select r.*, ${measures.map((x) => `coalesce(${x.expr}, 0) as ${x.name}`).join(', ')}
    from stats_lift r) l`);
}

/**
 * How many maintenance companies and use units have a lift in use in the scope and filters: one
 * statement, each count over the smallest level that holds its column.
 */
export async function partiesInScope(db: Queryable, user: AuthUser, f: Partial<Filters>) {
  const count = (dim: 'maintenance' | 'use', column: string) =>
    sql`(select count(distinct ${sql.raw(`l.${column}`)}) from ${liftRelation(user, f, dim, [])}
      where ${whereSql(user, f, 'l', [sql`l.use_status = 1`, sql.raw(`l.${column} <> 0`)])})`;
  const [r] = await rows<{ mc: string; uu: string }>(
    db,
    sql`select ${count('maintenance', 'maintenance_company_id')} as mc, ${count('use', 'use_company_id')} as uu`,
  );
  return { maintenanceCompanies: num(r?.mc), useUnits: num(r?.uu) };
}

/**
 * Lifts in use now, per group, with the overdue counts of the day (the rollup's day: docs/statistics.md).
 */
export interface LiftAgg {
  key: string;
  lifts: number;
  overdueMaintenance: number;
  overdueInspection: number;
  dueInspection: number;
  maintained: number;
}
export async function liftAgg(
  db: Queryable,
  user: AuthUser,
  f: Partial<Filters>,
  dim: DimName | null,
): Promise<Map<string, LiftAgg>> {
  const key = groupBy(dim, 'l');
  const found = await rows<Record<string, string>>(
    db,
    sql`select ${sql.raw(key)} as key, sum(l.lifts) as lifts, sum(l.overdue_maintenance) as om,
      sum(l.overdue_inspection) as oi, sum(l.due_inspection) as di, sum(l.maintained) as mt
    from ${liftRelation(user, f, dim, [])} where ${whereSql(user, f, 'l', [sql`l.use_status = 1`])}
    group by 1`,
  );
  return new Map(
    found.map((r) => [
      String(r.key),
      {
        key: String(r.key),
        lifts: num(r.lifts),
        overdueMaintenance: num(r.om),
        overdueInspection: num(r.oi),
        dueInspection: num(r.di),
        maintained: num(r.mt),
      },
    ]),
  );
}

/** A use unit's row of the use-unit rankings (useUnitRanking). */
export interface UseUnitRank {
  key: string;
  lifts: number;
  trapped: number;
  faults: number;
  overdueInspection: number;
  overdueMaintenance: number;
}

/**
 * The use units ranked in the database: lifts in use (and those overdue), 困人 cases and repairs in
 * the period per use unit, every use unit with any of them; one page in `order` (SQL over `a.lifts`,
 * `a.trapped`, `a.faults`, `a.oi`, `a.om`; ties by the use unit's id as text), with the count and the
 * sums of all of them. A city has 20,000 use units: ranking them here returns the page's rows, not
 * 20,000 to sort in the server.
 */
export async function useUnitRanking(
  db: Queryable,
  user: AuthUser,
  f: Partial<Filters>,
  p: Period,
  order: SQL,
  limit: number,
  offset: number,
): Promise<{ rows: UseUnitRank[]; total: number; sum: UseUnitRank }> {
  const level = windowLevel(USE_WINDOW, user, f, p);
  const windowed =
    level === undefined ? undefined : await useWindowRanking(db, user, f, p, level, order, limit, offset);
  return windowed ?? computedUseUnitRanking(db, user, f, p, order, limit, offset);
}

const useRank = (r: Record<string, string> | undefined, s = ''): UseUnitRank => ({
  key: r && s === '' ? String(r.key) : '',
  lifts: num(r?.[`${s}lifts`]),
  trapped: num(r?.[`${s}trapped`]),
  faults: num(r?.[`${s}faults`]),
  overdueInspection: num(r?.[`${s}oi`]),
  overdueMaintenance: num(r?.[`${s}om`]),
});

/**
 * The use units ranked from the use-unit window (stats_use_window, the default period) at `level`:
 * where the caller's scope and filters name one row per use unit (the city, one district, one
 * company), a page read in `order` from the window's rows, which the rank indexes hold in the
 * default orders (困人; 困人, faults, lifts), and the count and sums from the level's total
 * (stats_use_window_total, kept by triggers); where they name several districts (a regulator of more
 * than one), each use unit's rows summed first, and counted and summed over the same rows; undefined
 * when the window does not hold today's (the job has not moved it yet). Equal
 * to computedUseUnitRanking's answer (tested: stats-use-window.test.ts).
 */
async function useWindowRanking(
  db: Queryable,
  user: AuthUser,
  f: Partial<Filters>,
  p: Period,
  level: string,
  order: SQL,
  limit: number,
  offset: number,
): Promise<{ rows: UseUnitRank[]; total: number; sum: UseUnitRank } | undefined> {
  const where = sql`${windowRows(USE_WINDOW, level, p.from)} and ${whereSql(user, f, 'w')}`;
  // One row per use unit unless the scope spans several districts at the district level.
  const single =
    level !== '~' ||
    Boolean(f.areaCode && f.areaCode !== CITY_CODE) ||
    user.dataScope === 'all' ||
    user.areaCodes.length === 1;
  const page = single
    ? sql`select a.k, a.k::text as key, a.lifts, a.trapped, a.faults, a.oi, a.om
        from (select w.use_company_id as k, w.lifts, w.trapped, w.faults, w.overdue_inspection as oi,
          w.overdue_maintenance as om from stats_use_window w where ${where}) a
        order by ${order}, a.k::text collate "C" limit ${limit} offset ${offset}`
    : sql`select a.k, a.k::text as key, a.lifts, a.trapped, a.faults, a.oi, a.om
        from (select w.use_company_id as k, sum(w.lifts) as lifts, sum(w.trapped) as trapped,
          sum(w.faults) as faults, sum(w.overdue_inspection) as oi, sum(w.overdue_maintenance) as om
          from stats_use_window w where ${where} group by 1) a
        order by ${order}, a.k::text collate "C" limit ${limit} offset ${offset}`;
  // The count and the sums: the level's kept total (one row) when the rows are one per use unit.
  const totals = single
    ? sql`select coalesce(sum(w.use_units), 0) as s_total, sum(w.lifts) as s_lifts, sum(w.trapped) as s_trapped,
        sum(w.faults) as s_faults, sum(w.overdue_inspection) as s_oi, sum(w.overdue_maintenance) as s_om
      from stats_use_window_total w where ${where}`
    : sql`select count(distinct w.use_company_id) as s_total, sum(w.lifts) as s_lifts, sum(w.trapped) as s_trapped,
        sum(w.faults) as s_faults, sum(w.overdue_inspection) as s_oi, sum(w.overdue_maintenance) as s_om
      from stats_use_window w where ${where}`;
  // One statement (one snapshot, one round trip): whether the window holds today's, the totals and
  // the page in its order.
  const found = await rows<Record<string, string | boolean | null>>(
    db,
    sql`select ${useWindowHeld(p.from)} as held, t.*, a.*
      from (${totals}) t left join (${page}) a on true
      order by ${order}, a.k::text collate "C"`,
  );
  const [first] = found;
  if (first?.held !== true && String(first?.held) !== 'true') return undefined;
  const str = (r: Record<string, string | boolean | null>) => r as Record<string, string>;
  return {
    rows: found.filter((r) => r.key !== null).map((r) => useRank(str(r))),
    total: num(first.s_total),
    sum: { ...useRank(str(first), 's_'), key: '' },
  };
}

/**
 * The use units ranked from the lift counts and the case and repair rollups of the period (any
 * period, scope and filters): every use unit's lifts, cases and repairs joined, sorted, one page.
 */
export async function computedUseUnitRanking(
  db: Queryable,
  user: AuthUser,
  f: Partial<Filters>,
  p: Period,
  order: SQL,
  limit: number,
  offset: number,
): Promise<{ rows: UseUnitRank[]; total: number; sum: UseUnitRank }> {
  const found = await rows<Record<string, string>>(
    db,
    sql`with l as (
        select l.use_company_id as k, sum(l.lifts) as lifts, sum(l.overdue_inspection) as oi,
          sum(l.overdue_maintenance) as om
        from ${liftRelation(user, f, 'use', [])} where ${whereSql(user, f, 'l', [sql`l.use_status = 1`])}
        group by 1),
      c as (
        select c.use_company_id as k, sum(c.cases) as trapped
        from ${eventRelation(CASE_MONTHS, user, f, p, groupingOf(CASE_MONTHS, 'use'), 'c')}
        where ${whereSql(user, f, 'c', [daySql(p, 'c'), sql`c.kind = 1`])} group by 1),
      r as (
        select r.use_company_id as k, sum(r.repairs) as faults
        from ${eventRelation(REPAIR_MONTHS, user, f, p, groupingOf(REPAIR_MONTHS, 'use'), 'r')}
        where ${whereSql(user, f, 'r', [daySql(p, 'r')])} group by 1),
      a as (
        select coalesce(l.k, c.k, r.k) as k, coalesce(l.lifts, 0) as lifts, coalesce(c.trapped, 0) as trapped,
          coalesce(r.faults, 0) as faults, coalesce(l.oi, 0) as oi, coalesce(l.om, 0) as om
        from l full join c on c.k = l.k full join r on r.k = coalesce(l.k, c.k))
      select a.k::text as key, a.lifts, a.trapped, a.faults, a.oi, a.om, count(*) over () as total,
        sum(a.lifts) over () as s_lifts, sum(a.trapped) over () as s_trapped, sum(a.faults) over () as s_faults,
        sum(a.oi) over () as s_oi, sum(a.om) over () as s_om
      from a order by ${order}, a.k::text collate "C" limit ${limit} offset ${offset}`,
  );
  // A page past the last use unit still answers the count and the sums.
  if (found.length === 0 && offset > 0) {
    const { total, sum } = await computedUseUnitRanking(db, user, f, p, order, 1, 0);
    return { rows: [], total, sum };
  }
  return { rows: found.map((r) => useRank(r)), total: num(found[0]?.total), sum: useRank(found[0], 's_') };
}

/**
 * What a figure groups its events by: one total (null), a dimension (DIMS), one of the event
 * rollups' own groupings (the hour, the weekday, the cause, the arrival band, the fault type), the
 * month or the day.
 */
export type By = null | DimName | 'hour' | 'weekday' | 'cause' | 'band' | 'hitch' | 'month' | 'day';

/** The SQL key of `by` over an event relation aliased `a`. */
export function keyOf(by: By, a: string): string {
  if (by === null) return `''`;
  if (by === 'month') return `to_char(${a}.day, 'YYYY-MM')`;
  if (by === 'day') return `${a}.day::text`;
  if (by === 'hour' || by === 'weekday' || by === 'cause') return `${a}.${by}::text`;
  if (by === 'band') return `${a}.arrival_band::text`;
  if (by === 'hitch') return `${a}.hitch_type`;
  return DIMS[by].key(a);
}

/**
 * The grouping of the event rollup `m` that answers a figure grouped by `by`, or undefined when none
 * does (one lift, the day: then the figure reads the source rows or the daily rollup).
 */
export function groupingOf(m: EventRollup, by: By): Grouping | undefined {
  if (by === null) return { dim: '', needs: [] };
  if (by === 'month') return { dim: '', needs: [], monthly: true };
  if (by === 'day' || by === 'lift') return undefined;
  const column = KEY_COLUMN[by as DimName];
  if (column) return { dim: '', needs: [column] };
  return m.groupings.some((g) => g.dim === by) ? { dim: by, needs: [] } : undefined;
}

/** Rescue cases per group in a period (kind 困人 unless `allKinds`). */
export interface CaseAgg {
  key: string;
  cases: number;
  trapped: number;
  freed: number;
  arrived: number;
  within30: number;
  arrivalSum: number;
  rescued: number;
  rescueSum: number;
  responded: number;
  responseSum: number;
  dispatched: number;
  dispatchSum: number;
  overtime: number;
}
export async function caseAgg(
  db: Queryable,
  user: AuthUser,
  f: Partial<Filters>,
  p: Period,
  by: By,
  extra: SQL[] = [],
): Promise<Map<string, CaseAgg>> {
  const key = keyOf(by, 'c');
  const trapped = (x: string) => `coalesce(sum(c.${x}) filter (where c.kind = 1), 0)`;
  const found = await rows<Record<string, string>>(
    db,
    sql`select ${sql.raw(key)} as key, sum(c.cases) as cases, ${sql.raw(trapped('cases'))} as trapped,
      ${sql.raw(trapped('freed'))} as freed, ${sql.raw(trapped('arrived'))} as arrived,
      ${sql.raw(trapped('within30'))} as within30, ${sql.raw(trapped('arrived_sum'))} as arrival_sum,
      ${sql.raw(trapped('rescued'))} as rescued, ${sql.raw(trapped('rescued_sum'))} as rescue_sum,
      ${sql.raw(trapped('responded'))} as responded, ${sql.raw(trapped('responded_sum'))} as response_sum,
      ${sql.raw(trapped('dispatched'))} as dispatched, ${sql.raw(trapped('dispatched_sum'))} as dispatch_sum,
      ${sql.raw(trapped('overtime'))} as overtime
    from ${
      // Day by day: the daily rollup; else the months (and the partial months' days).
      by === 'day'
        ? dailyRelation(CASE_DAYS, user, f, p, 'c')
        : eventRelation(CASE_MONTHS, user, f, p, groupingOf(CASE_MONTHS, by), 'c')
    }
    where ${whereSql(user, f, 'c', [daySql(p, 'c'), ...extra])}
    group by 1`,
  );
  return new Map(
    found.map((r) => [
      String(r.key),
      {
        key: String(r.key),
        cases: num(r.cases),
        trapped: num(r.trapped),
        freed: num(r.freed),
        arrived: num(r.arrived),
        within30: num(r.within30),
        arrivalSum: num(r.arrival_sum),
        rescued: num(r.rescued),
        rescueSum: num(r.rescue_sum),
        responded: num(r.responded),
        responseSum: num(r.response_sum),
        dispatched: num(r.dispatched),
        dispatchSum: num(r.dispatch_sum),
        overtime: num(r.overtime),
      },
    ]),
  );
}

/** Repairs per group in a period. */
export async function repairAgg(
  db: Queryable,
  user: AuthUser,
  f: Partial<Filters>,
  p: Period,
  by: By,
): Promise<Map<string, number>> {
  const found = await rows<{ key: string; n: string }>(
    db,
    sql`select ${sql.raw(keyOf(by, 'r'))} as key, sum(r.repairs) as n
      from ${eventRelation(REPAIR_MONTHS, user, f, p, groupingOf(REPAIR_MONTHS, by), 'r')}
      where ${whereSql(user, f, 'r', [daySql(p, 'r')])} group by 1`,
  );
  return new Map(found.map((r) => [String(r.key), num(r.n)]));
}

/** Maintenance orders per group in a period (by plan day). */
export interface OrderAgg {
  key: string;
  planned: number;
  due: number;
  completed: number;
  onTime: number;
  late: number;
  awaitingConfirm: number;
  done: number;
  approved: number;
  rejected: number;
}
export async function orderAgg(
  db: Queryable,
  user: AuthUser,
  f: Partial<Filters>,
  p: Period,
  by: By,
): Promise<Map<string, OrderAgg>> {
  const key = keyOf(by, 'o');
  const found = await rows<Record<string, string>>(
    db,
    sql`select ${sql.raw(key)} as key, coalesce(sum(o.planned), 0) as planned,
      coalesce(sum(o.due), 0) as due, coalesce(sum(o.completed), 0) as completed,
      coalesce(sum(o.on_time), 0) as on_time,
      coalesce(sum(o.late), 0) as late, coalesce(sum(o.awaiting_confirm), 0) as awaiting,
      coalesce(sum(o.done), 0) as done, coalesce(sum(o.approved), 0) as approved,
      coalesce(sum(o.rejected), 0) as rejected
    from ${eventRelation(ORDER_MONTHS, user, f, p, groupingOf(ORDER_MONTHS, by), 'o')}
    where ${whereSql(user, f, 'o', [daySql(p, 'o')])}
    group by 1`,
  );
  return new Map(
    found.map((r) => [
      String(r.key),
      {
        key: String(r.key),
        planned: num(r.planned),
        due: num(r.due),
        completed: num(r.completed),
        onTime: num(r.on_time),
        late: num(r.late),
        awaitingConfirm: num(r.awaiting),
        done: num(r.done),
        approved: num(r.approved),
        rejected: num(r.rejected),
      },
    ]),
  );
}

export const EMPTY_CASES = (key: string): CaseAgg => ({
  key,
  cases: 0,
  trapped: 0,
  freed: 0,
  arrived: 0,
  within30: 0,
  arrivalSum: 0,
  rescued: 0,
  rescueSum: 0,
  responded: 0,
  responseSum: 0,
  dispatched: 0,
  dispatchSum: 0,
  overtime: 0,
});
export const EMPTY_ORDERS = (key: string): OrderAgg => ({
  key,
  planned: 0,
  due: 0,
  completed: 0,
  onTime: 0,
  late: 0,
  awaitingConfirm: 0,
  done: 0,
  approved: 0,
  rejected: 0,
});
export const EMPTY_LIFTS = (key: string): LiftAgg => ({
  key,
  lifts: 0,
  overdueMaintenance: 0,
  overdueInspection: 0,
  dueInspection: 0,
  maintained: 0,
});
