import { addDays, addMonths, CITY_CODE, shanghaiToday } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import { defaultFrom, type Filters, type Period, sideOf } from './query.ts';

/*
 * The rollups by dimension: the lift counts (stats_lift_group), the month rollups of the event tables
 * (stats_case_month, stats_order_month, stats_repair_month) and the cases per day (stats_case_daily).
 * A figure sums a few hundred or thousand of their rows instead of one per lift, case or order and
 * use unit. Each holds several groupings told apart by `dim`: '' over the base columns (district,
 * maintenance company, lift type, use occasion and the table's own), and the same with one more
 * column ('use' the use unit, 'brand', 'hour', …); each grouping (the use unit's in the lift counts
 * only) also at the city, type, occasion, district and company levels (`dim` suffixed, `levels`,
 * chosen by `levelOf`); a column outside the row's grouping or level holds 0 / ''. A month rollup's `day` is the month's first day, so the period
 * filter of a figure (day between from and to) reads the months a period covers whole from the month
 * rollup and its partial months' days from the day table (`eventRelation`). The job adds each changed
 * lift's, event's or rebuilt order day's rows before (−1) and after (+1) with `addToRollup`, and
 * rebuilds a whole rollup with `rebuildRollup`.
 */

/**
 * A rollup kept by difference (rows added with +1, taken back with −1): several groupings share its
 * table, told apart by `dim` ('' the base columns; a further grouping's name: the base columns and
 * one more). Its key is `dim`, the month when `monthly`, and every column a grouping names; a
 * column outside the row's grouping holds 0 / ''.
 */
export interface Rollup {
  table: string;
  /** Rows per month (`day` the month's first day), summed from source rows with a `day`. */
  monthly: boolean;
  /** The columns every grouping keeps. */
  base: string[];
  /**
   * Coarser levels of every grouping but the use unit's (`dim` suffixed): each keeps only some base
   * columns (the others then hold 0 / ''), so that a figure whose scope, filters and key name none of
   * the others sums one row per district, company or city and month instead of one per district,
   * company, type and occasion. Smallest first: a read takes the first level that keeps what it
   * needs (`levelOf`). None: the base level only.
   */
  levels: Level[];
  /** Each further grouping: its dim name and the columns it adds to the base. */
  groupings: { dim: string; columns: string[] }[];
  /**
   * The use unit's grouping is kept at the levels too (the lift counts: how many use units a scope
   * holds); else at the base level only (a month rollup's use-unit rows are many).
   */
  useLevels?: boolean;
  /**
   * The measures: name and expression over one source row `r`; `today` is an SQL expression for the
   * day that day-dependent measures count up to (the read's day, the job's, or each changed row's
   * own `r.t`).
   */
  measures: (today: string) => { name: string; expr: string }[];
  /**
   * The measure that counts source rows (an expression over the rollup's columns): a row whose
   * count is 0 holds nothing and is dropped.
   */
  count: string;
  /**
   * A window rollup: the source rows of the days from the window's first day on (`defaultFrom` of
   * the job's day) summed into one row per grouping and key, `day` the window's first day.
   */
  window?: boolean;
  /**
   * The base grouping set is not kept: only the levels (the lift window, whose levels serve every
   * read it answers; a read that would need the base level reads the source instead).
   */
  levelsOnly?: boolean;
}

/** A rollup of an event table or a table of days (`source`), per month or per day. */
export interface EventRollup extends Rollup {
  /**
   * The source: a table's name, or a relation made for the job's day (LIFT_WINDOW: two tables' rows;
   * USE_WINDOW: three, whose lifts count as of the day).
   */
  source: string | { relation: (today: string) => string };
  /** Source columns a figure may group by that no grouping holds (read from the source rows only). */
  raw: string[];
}

export interface Level {
  suffix: string;
  keep: string[];
}

/**
 * The coarser levels, smallest first: the city ('*'), a lift type ('.t'), a use occasion ('.o'), a
 * district ('~'), a maintenance company ('^').
 */
const levels = (...also: string[]): Level[] => [
  { suffix: '*', keep: [...also] },
  { suffix: '.t', keep: ['lift_type', ...also] },
  { suffix: '.o', keep: ['use_occasion', ...also] },
  { suffix: '~', keep: ['area_code', ...also] },
  { suffix: '^', keep: ['maintenance_company_id', ...also] },
];

/** The groupings by the lift's use unit and attributes (brand, manufacturer, year of manufacture). */
const LIFT_ATTRIBUTES: Rollup['groupings'] = [
  { dim: 'use', columns: ['use_company_id'] },
  { dim: 'brand', columns: ['brand'] },
  { dim: 'manufacturer', columns: ['manufacturer'] },
  { dim: 'age', columns: ['built_year'] },
];

/**
 * stats_lift_group's groupings and counts (tables.ts) over stats_lift's rows: overdue and due counts
 * compare a lift's due dates with `day` (the day the counts were made, or the read's).
 */
export const LIFT_GROUPS: Rollup = {
  table: 'stats_lift_group',
  monthly: false,
  base: ['area_code', 'maintenance_company_id', 'lift_type', 'use_occasion', 'use_status'],
  levels: levels('use_status'),
  groupings: LIFT_ATTRIBUTES,
  useLevels: true,
  measures: (day) => [
    { name: 'lifts', expr: '1' },
    { name: 'maintained', expr: '(r.maintenance_company_id <> 0)::int' },
    { name: 'overdue_maintenance', expr: `(r.maintenance_due < ${day})::int` },
    { name: 'overdue_inspection', expr: `(r.inspection_due < ${day})::int` },
    { name: 'due_inspection', expr: `(r.inspection_due between ${day} and ${day} + 30)::int` },
    { name: 'placed', expr: '(r.longitude is not null and r.latitude is not null)::int' },
    { name: 'lng_sum', expr: 'case when r.latitude is not null then r.longitude end' },
    { name: 'lat_sum', expr: 'case when r.longitude is not null then r.latitude end' },
  ],
  count: 'lifts',
};

const minuteMeasures = (col: string, name: string) => [
  { name: `${name}`, expr: `(r.${col} is not null)::int` },
  { name: `${name}_sum`, expr: `coalesce(r.${col}, 0)` },
];

export const CASE_MONTHS: EventRollup = {
  table: 'stats_case_month',
  monthly: true,
  source: 'stats_case',
  base: ['area_code', 'maintenance_company_id', 'lift_type', 'use_occasion', 'kind'],
  levels: levels('kind'),
  groupings: [
    ...LIFT_ATTRIBUTES,
    { dim: 'hour', columns: ['hour'] },
    { dim: 'weekday', columns: ['weekday'] },
    { dim: 'cause', columns: ['cause', 'cause_detail'] },
    { dim: 'band', columns: ['arrival_band'] },
    { dim: 'agent', columns: ['agent_id', 'source'] },
  ],
  measures: () => [
    { name: 'cases', expr: '1' },
    { name: 'freed', expr: 'r.freed' },
    ...minuteMeasures('arrival_minutes', 'arrived'),
    { name: 'within30', expr: 'coalesce((r.arrival_minutes <= 30)::int, 0)' },
    { name: 'overtime', expr: 'coalesce((r.arrival_minutes > 30)::int, 0)' },
    ...minuteMeasures('rescue_minutes', 'rescued'),
    ...minuteMeasures('response_minutes', 'responded'),
    ...minuteMeasures('dispatch_minutes', 'dispatched'),
  ],
  count: 'cases',
  raw: ['case_id', 'elevator_id', 'arrival_minutes', 'status'],
};

/**
 * Cases per day (the last 30 days' series, day by day): the base columns with the day, the use unit's
 * grouping, and the coarser levels (`levels`); the case measures.
 */
export const CASE_DAYS: EventRollup = {
  table: 'stats_case_daily',
  monthly: false,
  source: 'stats_case',
  base: ['day', 'area_code', 'maintenance_company_id', 'lift_type', 'use_occasion', 'kind'],
  levels: levels('day', 'kind'),
  groupings: [{ dim: 'use', columns: ['use_company_id'] }],
  measures: CASE_MONTHS.measures,
  count: 'cases',
  raw: [],
};

export const REPAIR_MONTHS: EventRollup = {
  table: 'stats_repair_month',
  monthly: true,
  source: 'stats_repair',
  base: ['area_code', 'maintenance_company_id', 'lift_type', 'use_occasion'],
  levels: levels(),
  groupings: [...LIFT_ATTRIBUTES, { dim: 'hitch', columns: ['hitch_type'] }],
  measures: () => [{ name: 'repairs', expr: '1' }],
  count: 'repairs',
  raw: ['repair_id', 'elevator_id', 'status'],
};

/**
 * The windows of the case and repair months: the same groupings and measures summed over the default
 * period's months (the last 12, this one included), so that a figure over that period, the one every
 * page opens with, sums one row per key instead of twelve; the use unit's grouping at the levels too
 * (a city's ranking of its 20,000 use units sums 20,000 rows, not 240,000 of the base level's months).
 * The job moves a window on the first run of a month by rebuilding it (`moveWindow`).
 */
export const CASE_WINDOW: EventRollup = {
  ...CASE_MONTHS,
  table: 'stats_case_window',
  monthly: false,
  window: true,
  useLevels: true,
};
export const REPAIR_WINDOW: EventRollup = {
  ...REPAIR_MONTHS,
  table: 'stats_repair_window',
  monthly: false,
  window: true,
  useLevels: true,
};
/** The window rollup of a month rollup, where one is kept. */
const WINDOWS = new Map<EventRollup, EventRollup>([
  [CASE_MONTHS, CASE_WINDOW],
  [REPAIR_MONTHS, REPAIR_WINDOW],
]);

/**
 * The levels of a window that ranks `key` (a lift, a use unit): the city's ('*'), a district's ('~'),
 * a maintenance company's ('^').
 */
const windowLevels = (key: string): Level[] => [
  { suffix: '*', keep: [key] },
  { suffix: '~', keep: ['area_code', key] },
  { suffix: '^', keep: ['maintenance_company_id', key] },
];

/**
 * A 困人 case's (`kind` case) or a repair's row as the lift window sums it, from `relation` (rows
 * of stats_case or stats_repair, and `signed`: with their `sign` and `t`, as the job's changes are).
 */
export function liftEvents(kind: 'case' | 'repair', relation: string, signed: boolean): string {
  const keys = `r.day, r.elevator_id, r.area_code, r.maintenance_company_id${signed ? ', r.sign, r.t' : ''}`;
  return kind === 'case'
    ? `select ${keys}, 1 as trapped, (r.arrival_minutes is not null)::int as arrived,
        coalesce((r.arrival_minutes <= 30)::int, 0) as within30, coalesce(r.arrival_minutes, 0) as arrival_sum,
        (r.rescue_minutes is not null)::int as rescued, coalesce(r.rescue_minutes, 0) as rescue_sum, 0 as faults
      from ${relation} r where r.kind = 1`
    : `select ${keys}, 0 as trapped, 0 as arrived, 0 as within30, 0::float8 as arrival_sum, 0 as rescued,
        0::float8 as rescue_sum, 1 as faults
      from ${relation} r`;
}

/**
 * Each lift's 困人 cases and repairs over the window (stats_lift_window), for the lift ranking: one
 * row per lift at the city level ('*'), per district ('~') and per maintenance company ('^') it had
 * events under, so that a page of the ranking is an index range in its order (trapped first), not
 * a sort of every lift with an event. Kept from both sources: each passes its changed rows through
 * `liftEvents`; a rebuild reads both.
 */
export const LIFT_WINDOW: EventRollup = {
  table: 'stats_lift_window',
  monthly: false,
  window: true,
  source: {
    relation: () =>
      `(${liftEvents('case', 'stats_case', false)} union all ${liftEvents('repair', 'stats_repair', false)})`,
  },
  base: ['area_code', 'maintenance_company_id', 'elevator_id'],
  levelsOnly: true,
  levels: windowLevels('elevator_id'),
  groupings: [],
  measures: () =>
    ['trapped', 'arrived', 'within30', 'arrival_sum', 'rescued', 'rescue_sum', 'faults'].map((name) => ({
      name,
      expr: `r.${name}`,
    })),
  count: 'trapped + faults',
  raw: [],
};

/**
 * A lift's (`lift`: rows of stats_lift, counted when in use), a 困人 case's or a repair's row as the
 * use-unit window sums it, from `relation`; `signed`: with the rows' `sign` (and `t` for the events,
 * as the job's changes are). A lift's row is of `day` (the job's day: in the window), its due dates
 * compared with the day the measures count up to.
 */
export function useEvents(kind: 'lift' | 'case' | 'repair', relation: string, signed: boolean, day?: string) {
  const keys = `r.area_code, r.maintenance_company_id, r.use_company_id${signed ? ', r.sign' : ''}`;
  if (kind === 'lift') {
    if (!day) throw new Error('a lift row of the use-unit window needs its day');
    return `select ${dayLiteral(day)} as day, ${keys}, 1 as lifts, r.inspection_due, r.maintenance_due,
        0 as trapped, 0 as faults
      from ${relation} r where r.use_status = 1`;
  }
  const t = signed ? ', r.t' : '';
  return `select r.day, ${keys}${t}, 0 as lifts, null::date as inspection_due, null::date as maintenance_due,
      ${kind === 'case' ? '1 as trapped, 0 as faults' : '0 as trapped, 1 as faults'}
    from ${relation} r${kind === 'case' ? ' where r.kind = 1' : ''}`;
}

/**
 * Each use unit's lifts in use (those overdue for inspection and maintenance as of the job's day) and
 * its 困人 cases and repairs over the window (stats_use_window), for the use-unit rankings
 * (elevatorUserData, buildingCompayFaultAnalysis): one row per use unit at the city level ('*'), per
 * district ('~') and per maintenance company ('^'), so that a page of a ranking is an index range in
 * its order, not a join and sort of every use unit's lifts, cases and repairs. Kept from the three
 * sources it sums: the registry passes its changed lifts through `useEvents` in the statement that
 * keeps the lift counts, the cases and repairs theirs in the statement that keeps their months; a
 * rebuild (a full refresh, a new day: the overdue counts are the day's, as stats_lift_group's) reads
 * all three.
 */
export const USE_WINDOW: EventRollup = {
  table: 'stats_use_window',
  monthly: false,
  window: true,
  source: {
    relation: (today) => `(${useEvents('lift', 'stats_lift', false, today)}
      union all ${useEvents('case', 'stats_case', false)} union all ${useEvents('repair', 'stats_repair', false)})`,
  },
  base: ['area_code', 'maintenance_company_id', 'use_company_id'],
  levelsOnly: true,
  levels: windowLevels('use_company_id'),
  groupings: [],
  measures: (today) => [
    { name: 'lifts', expr: 'r.lifts' },
    { name: 'overdue_inspection', expr: `coalesce((r.inspection_due < ${today})::int, 0)` },
    { name: 'overdue_maintenance', expr: `coalesce((r.maintenance_due < ${today})::int, 0)` },
    { name: 'trapped', expr: 'r.trapped' },
    { name: 'faults', expr: 'r.faults' },
  ],
  count: 'lifts + trapped + faults',
  raw: [],
};

/**
 * The level of the window rollup `m` (LIFT_WINDOW, USE_WINDOW) that ranks its rows for `user` with
 * filters `f` over `p`, or undefined when the window cannot: a period other than the default one, a
 * filter by lift type, use occasion or use unit, a use unit's own ranking (the windows keep none of
 * these columns), a district and a company at once (no level keeps both: the source answers).
 */
export function windowLevel(
  m: EventRollup,
  user: AuthUser,
  f: Partial<Filters>,
  p: Period,
): string | undefined {
  const today = shanghaiToday();
  if (p.from !== defaultFrom(today) || p.to < today) return undefined;
  if (f.type || f.useOccasion || f.useCompanyId) return undefined;
  const side = sideOf(user);
  if (side !== 'reviewer' && side !== 'maintenance') return undefined;
  return levelOf(m, user, f, { dim: '', needs: [] }) || undefined;
}

/**
 * The window rollup `m`'s rows (levelsOnly) at `level` for the window beginning `from`: its `dim`, its
 * day, and the columns the level drops held at '' / 0, so that the rows are one range of its rank index.
 */
export function windowRows(m: EventRollup, level: string, from: string): SQL {
  const keep = m.levels.find((l) => l.suffix === level)?.keep;
  if (!keep) throw new Error(`${m.table} keeps no level '${level}'`);
  const dropped = m.base
    .filter((c) => !keep.includes(c))
    .map((c) => sql.raw(`${c} = ${TEXT_COLUMNS.has(c) ? `''` : '0'}`));
  return sql.join([sql`dim = ${level}`, sql`day = ${from}::date`, ...dropped], sql` and `);
}

/** Whether the window rollup `m` holds the window beginning `from` (its job has moved it there). */
export async function windowHeld(db: Queryable, m: EventRollup, from: string): Promise<boolean> {
  const [r] = rowsOf<{ held: boolean }>(await db.execute(sql`select ${heldSql(m, from)} as held`));
  return r?.held === true;
}

/** Whether the use-unit window holds the window beginning `from`, as an SQL boolean. */
export const useWindowHeld = (from: string) => heldSql(USE_WINDOW, from);

/** The `dim` of `m`'s first kept grouping: its base grouping's (''), or its first level's (levelsOnly). */
const firstDim = (m: Rollup) => (m.levelsOnly ? (m.levels[0]?.suffix ?? '') : '');

/** `m` holds the window beginning `from`: its first kept grouping has a row of that day. */
const heldSql = (m: EventRollup, from: string) =>
  sql`exists (select 1 from ${sql.identifier(m.table)} where dim = ${firstDim(m)} and day = ${from}::date)`;

/** Orders: `due`, `completed` and `on_time` count plan days up to `today` only (docs/statistics.md). */
export const ORDER_MONTHS: EventRollup = {
  table: 'stats_order_month',
  monthly: true,
  source: 'stats_order_day',
  base: ['area_code', 'maintenance_company_id', 'lift_type', 'use_occasion'],
  levels: levels(),
  groupings: [{ dim: 'use', columns: ['use_company_id'] }],
  measures: (today) => {
    const upTo = (col: string) => `case when r.day <= ${today} then r.${col} else 0 end`;
    return [
      { name: 'planned', expr: 'r.planned' },
      { name: 'due', expr: upTo('planned') },
      { name: 'completed', expr: upTo('completed') },
      { name: 'on_time', expr: upTo('on_time') },
      { name: 'late', expr: 'r.late' },
      { name: 'awaiting_confirm', expr: 'r.awaiting_confirm' },
      { name: 'done', expr: 'r.done' },
      { name: 'approved', expr: 'r.approved' },
      { name: 'rejected', expr: 'r.rejected' },
    ];
  },
  count: 'planned',
  raw: [],
};

/**
 * Order days at the coarser levels (stats_order_daily): the base columns with the day, no use unit
 * (a use unit's figure reads stats_order_day's own rows). A period's partial months, which every
 * order figure over the default period has (this month's plan days run to its end), sum one row per
 * day and district, company or the city instead of one per day and use unit.
 */
export const ORDER_DAYS: EventRollup = {
  table: 'stats_order_daily',
  monthly: false,
  source: 'stats_order_day',
  base: ['day', 'area_code', 'maintenance_company_id', 'lift_type', 'use_occasion'],
  levels: levels('day'),
  groupings: [],
  measures: ORDER_MONTHS.measures,
  count: 'planned',
  raw: [],
};

/**
 * The daily rollup of a month rollup's rows (`day` a base column, the coarser levels kept), which
 * answers a period's partial months where it holds the figure's grouping (`edgeRows`).
 */
const DAILY = new Map<EventRollup, EventRollup>([
  [CASE_MONTHS, CASE_DAYS],
  [ORDER_MONTHS, ORDER_DAYS],
]);

const SHANGHAI_DAY = /^\d{4}-\d{2}-\d{2}$/;
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
export const dayLiteral = (day: string) => {
  if (!SHANGHAI_DAY.test(day)) throw new Error(`bad day ${day}`);
  return `'${day}'::date`;
};

/** The rollups' text columns: a grouping that leaves one out holds '' there (the others hold 0). */
const TEXT_COLUMNS = new Set([
  'area_code',
  'use_occasion',
  'brand',
  'manufacturer',
  'hitch_type',
  'cause_detail',
]);

/** The columns of `m`'s further groupings, each once. */
const groupingColumns = (m: Rollup) => [...new Set(m.groupings.flatMap((g) => g.columns))];

/**
 * The statement that adds `rows` to the rollup `m`, every grouping at once: `rows` names a relation
 * of source rows with `sign` (+1 adds a row, −1 takes back one added before) and, unless `today` is
 * given, `t` (the day its measures counted up to when it was added). Sums meet in the rollup's rows.
 * A window rollup takes the rows of `from` (its first day) on. A group whose every sum is 0 changes
 * nothing and is not written (a change that leaves its figures as they were; the empty grouping of
 * no rows at all).
 */
export function addToRollup(m: Rollup, rows: string, today = 'r.t', from?: string): SQL {
  if (m.window && !from) throw new Error(`${m.table}: a window rollup needs its first day`);
  const day = m.window ? dayLiteral(from as string) : m.monthly ? `date_trunc('month', r.day)::date` : null;
  const measures = m.measures(today);
  // Each level's rows are told apart by which base columns they keep (grouping() = 0).
  const levelCase = m.levels
    .map(
      (l) =>
        `when ${m.base.map((c) => `grouping(r.${c}) = ${l.keep.includes(c) ? 0 : 1}`).join(' and ')} then '${l.suffix}'`,
    )
    .join(' ');
  const groupingCase =
    m.groupings.length > 0
      ? `(case ${m.groupings.map((g) => `when grouping(r.${g.columns[0]}) = 0 then '${g.dim}'`).join(' ')} else '' end)`
      : `''`;
  const dimCase = `${groupingCase}${m.levels.length > 0 ? ` || (case ${levelCase} else '' end)` : ''}`;
  const sets = (keep: string[], groupings: Rollup['groupings']) =>
    [`(${keep.map((c) => `r.${c}`).join(', ')})`].concat(
      groupings.map((g) => `(${[...keep, ...g.columns].map((c) => `r.${c}`).join(', ')})`),
    );
  // A use unit's own figures read its rows ('use') at the base level.
  const groupingSets = [
    ...(m.levelsOnly ? [] : sets(m.base, m.groupings)),
    ...m.levels.flatMap((l) =>
      sets(
        l.keep,
        m.groupings.filter((g) => m.useLevels || g.dim !== 'use'),
      ),
    ),
  ];
  const keys = [...m.base, ...groupingColumns(m)];
  const columns = [...(day ? ['day'] : []), 'dim', ...keys, ...measures.map((x) => x.name)];
  return sql.raw(`insert into ${m.table} (${columns.join(', ')})
    select ${day ? `${day}, ` : ''}${dimCase},
      ${keys.map((c) => (c === 'day' ? 'r.day' : `coalesce(r.${c}, ${TEXT_COLUMNS.has(c) ? `''` : '0'})`)).join(', ')},
      ${measures.map((x) => `coalesce(sum(r.sign * (${x.expr})), 0)`).join(', ')}
    from ${rows} r${m.window ? ` where r.day >= ${day}` : ''}
    group by ${m.monthly ? '1, ' : ''}grouping sets (${groupingSets.join(', ')})
    having ${measures.map((x) => `coalesce(sum(r.sign * (${x.expr})), 0) <> 0`).join(' or ')}
    on conflict on constraint ${m.table}_pk do update set
      ${measures.map((x) => `${x.name} = ${m.table}.${x.name} + excluded.${x.name}`).join(', ')}`);
}

/**
 * Drops the rows of `days` (their months, for a month rollup; the window, for a window rollup of
 * `today`) whose events were all taken back.
 */
export async function pruneRollup(db: Queryable, m: EventRollup, days: string[], today: string) {
  const keys = m.window
    ? days.length > 0
      ? [defaultFrom(today)]
      : []
    : [...new Set(m.monthly ? days.map(monthOf) : days)];
  if (keys.length === 0) return;
  await db.execute(
    sql.raw(`delete from ${m.table} where day in (${keys.map(dayLiteral).join(', ')}) and ${m.count} = 0`),
  );
}

/** The source of `m` for a FROM: its table, or its relation. */
const sourceOf = (m: EventRollup, today: string) =>
  typeof m.source === 'string' ? sql.identifier(m.source) : sql.raw(m.source.relation(today));

/** Rebuilds the whole rollup `m` from its source, as of `today` (a window: `today`'s window). */
export async function rebuildRollup(db: Queryable, m: EventRollup, today: string) {
  const from = m.window ? defaultFrom(today) : undefined;
  // A window reads only its days' rows (the source's day index).
  const days = from ? sql` where s.day >= ${sql.raw(dayLiteral(from))}` : sql``;
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`delete from ${m.table}`));
    await tx.execute(
      sql`with every as (select s.*, 1 as sign, ${sql.raw(dayLiteral(today))} as t from ${sourceOf(m, today)} s${days})
        ${addToRollup(m, 'every', undefined, from)}`,
    );
  });
}

/**
 * Moves the window rollup `m` to `today`'s window when it holds another (the first run of a month,
 * or a window never built): rebuilt from its source. An empty window is rebuilt too, which costs
 * nothing when the source holds no event of the window either.
 */
export async function moveWindow(db: Queryable, m: EventRollup, today: string) {
  const [held] = rowsOf<{ day: string }>(
    await db.execute(
      sql`select day::text as day from ${sql.identifier(m.table)} where dim = ${firstDim(m)} limit 1`,
    ),
  );
  if (held?.day !== defaultFrom(today)) await rebuildRollup(db, m, today);
}

/**
 * How a figure groups: the month rollups' grouping (`dim`), and the base columns its key needs (a
 * district, a company, a lift type or a use occasion), which decide the level that can answer it.
 */
export interface Grouping {
  dim: string;
  needs: string[];
  /** The key is the month (a series month by month): the months answer it, never a window. */
  monthly?: boolean;
}

/**
 * The level of `m` whose rows answer a figure grouped by `by` for `user` with filters `f`: the first
 * that keeps every base column the key, the caller's scope (scopeSql) and the filters (filterSql)
 * name; '' (the base level) when none does.
 */
export function levelOf(m: Rollup, user: AuthUser, f: Partial<Filters>, by: Grouping): string {
  if (by.dim === 'use' && !m.useLevels) return '';
  const needs = new Set(by.needs);
  const side = sideOf(user);
  if (side === 'reviewer' && user.dataScope !== 'all') needs.add('area_code');
  if (side === 'maintenance') needs.add('maintenance_company_id');
  if (side === 'use' || side === 'none' || f.useCompanyId) return '';
  if (f.areaCode && f.areaCode !== CITY_CODE) needs.add('area_code');
  if (f.maintenanceCompanyId) needs.add('maintenance_company_id');
  if (f.type) needs.add('lift_type');
  if (f.useOccasion) needs.add('use_occasion');
  return m.levels.find((l) => [...needs].every((c) => l.keep.includes(c)))?.suffix ?? '';
}

/** The first and last month a period covers whole (null: none). Days after `today` hold no event. */
function wholeMonths(p: Period, today: string, future: boolean): [string, string] | null {
  const first = p.from.endsWith('-01') ? p.from : addMonths(monthOf(p.from), 1);
  const endOf = (month: string) => addDays(addMonths(month, 1), -1);
  let last = monthOf(p.to);
  // A month ends inside the period when the period reaches its last day, or today (no later events).
  if (endOf(last) > p.to && (future || p.to < today)) last = addMonths(last, -1);
  return first <= last ? [first, last] : null;
}

/**
 * The events of `m` as a relation aliased `alias` with the day table's columns and one column per
 * measure, for a figure to sum (never count rows): over the months `p` covers whole, the month
 * rollup's grouping that holds `dim` (and the use unit when the caller's scope, filters or `dim`
 * name use units), at the level `levelOf` chooses; the rest of the period, and whatever the groupings
 * cannot answer (`by` undefined: one lift, a use unit's figure by anything but its own rows), from the
 * source rows with their measures. The caller still filters by period, scope and filters.
 */
export function eventRelation(
  m: EventRollup,
  user: AuthUser,
  f: Partial<Filters>,
  p: Period,
  by: Grouping | undefined,
  alias: string,
): SQL {
  const today = shanghaiToday();
  const measures = m.measures(dayLiteral(today));
  const grouping = groupingAt(m, user, f, by);
  const whole = grouping && wholeMonths(p, today, m === ORDER_MONTHS);
  const keys = ['day', ...m.base, ...groupingColumns(m)];
  const fromRows = (extra: string[]) =>
    sql.raw(
      [...keys, ...extra]
        .map((c) => `r.${c}`)
        .concat(measures.map((x) => `${x.expr} as ${x.name}`))
        .join(', '),
    );
  const source = sourceOf(m, today);
  const a = sql.raw(alias);
  if (!grouping || !whole) {
    const days = grouping && edgeRows(m, user, f, by, p.from, p.to);
    return days
      ? sql`(${days}) ${a}`
      : sql`(select ${fromRows(m.raw)} from ${source} r
      where r.day between ${p.from}::date and ${p.to}::date) ${a}`;
  }
  const [first, last] = whole;
  // The partial months at either end, each an index range of the day table.
  const edges: [string, string][] = [];
  if (p.from < first) edges.push([p.from, addDays(first, -1)]);
  const lastEnd = addDays(addMonths(last, 1), -1);
  if (lastEnd < p.to) edges.push([addDays(lastEnd, 1), p.to]);
  const columns = sql.raw([...keys, ...measures.map((x) => x.name)].join(', '));
  const months = sql`select ${columns} from ${sql.identifier(m.table)}
      where dim = ${rowsDim(grouping)} and day between ${first}::date and ${last}::date`;
  const parts = [
    windowOr(m, user, f, by, today, first, last, months),
    ...edges.map(
      ([from, to]) =>
        edgeRows(m, user, f, by, from, to) ??
        sql`select ${fromRows([])} from ${source} r where r.day between ${from}::date and ${to}::date`,
    ),
  ];
  return sql`(${sql.join(parts, sql` union all `)}) ${a}`;
}

/** A rollup's grouping at one level: its rows are those whose `dim` column is `rowsDim` of it. */
interface GroupingAt {
  /** The grouping ('' the base columns, 'use', 'brand', ...). */
  dim: string;
  /** The level's suffix ('' the base level; `levels`). */
  level: string;
}

const rowsDim = (g: GroupingAt) => `${g.dim}${g.level}`;

/**
 * The grouping of `m` (with its level) that answers a figure grouped `by` for `user` with filters
 * `f`; undefined when none does. A use unit's own figures (its scope, a filter naming one) read
 * the use unit's grouping, at the base level (levelOf); by anything but the use unit, none.
 */
function groupingAt(
  m: Rollup,
  user: AuthUser,
  f: Partial<Filters>,
  by: Grouping | undefined,
): GroupingAt | undefined {
  if (by === undefined) return undefined;
  const needsUse = by.dim === 'use' || Boolean(f.useCompanyId) || sideOf(user) === 'use';
  if (!needsUse) return { dim: by.dim, level: levelOf(m, user, f, by) };
  if (by.dim !== '' && by.dim !== 'use') return undefined;
  return { dim: 'use', level: levelOf(m, user, f, { dim: 'use', needs: by.needs }) };
}

/**
 * The days `from`..`to` of `m` from its daily rollup (DAILY), with the month rollup's columns (those
 * the daily rollup lacks as '' / 0, which the figure's grouping then does not read), at the level
 * that answers the figure; undefined when there is none or it does not hold the figure's grouping.
 */
function edgeRows(
  m: EventRollup,
  user: AuthUser,
  f: Partial<Filters>,
  by: Grouping | undefined,
  from: string,
  to: string,
): SQL | undefined {
  const d = DAILY.get(m);
  if (!d || by === undefined) return undefined;
  const grouping = groupingAt(d, user, f, by);
  if (grouping === undefined || (grouping.dim !== '' && !d.groupings.some((g) => g.dim === grouping.dim))) {
    return undefined;
  }
  const held = new Set([...d.base, ...groupingColumns(d)]);
  const columns = ['day', ...m.base, ...groupingColumns(m)]
    .map((c) => (held.has(c) ? c : `${TEXT_COLUMNS.has(c) ? `''` : '0'} as ${c}`))
    .concat(m.measures('r.t').map((x) => x.name));
  return sql`select ${sql.raw(columns.join(', '))} from ${sql.identifier(d.table)}
    where dim = ${rowsDim(grouping)} and day between ${from}::date and ${to}::date`;
}

/**
 * The months `first`..`last` of `m` (the statement `months`), or, when they are the default
 * period's (the window's months: `first` its first, `last` this month), the window rollup's rows
 * at its own level, with `day` the window's first day. The window is read only when it holds that
 * window: on the first run of a month, before the job moves it, the months answer (one statement,
 * one snapshot: the probe and the rows agree).
 */
function windowOr(
  m: EventRollup,
  user: AuthUser,
  f: Partial<Filters>,
  by: Grouping | undefined,
  today: string,
  first: string,
  last: string,
  months: SQL,
): SQL {
  const w = WINDOWS.get(m);
  const grouping = w && !by?.monthly ? groupingAt(w, user, f, by) : undefined;
  if (!w || grouping === undefined || first !== defaultFrom(today) || last !== monthOf(today)) return months;
  const table = sql.identifier(w.table);
  const held = heldSql(w, first);
  const columns = sql.raw(
    ['day', ...m.base, ...groupingColumns(m), ...m.measures(dayLiteral(today)).map((x) => x.name)].join(', '),
  );
  return sql`select ${columns} from ${table} where dim = ${rowsDim(grouping)} and day = ${first}::date and ${held}
    union all (${months} and not ${held})`;
}

/**
 * The rows of the daily rollup `m` in the period as a relation aliased `alias`, at the smallest level
 * that answers the caller's scope and filters (the use unit's grouping for a use unit's figure). The
 * caller still filters by scope and filters.
 */
export function dailyRelation(
  m: EventRollup,
  user: AuthUser,
  f: Partial<Filters>,
  p: Period,
  alias: string,
): SQL {
  const dim = f.useCompanyId || sideOf(user) === 'use' ? 'use' : levelOf(m, user, f, { dim: '', needs: [] });
  return sql`(select * from ${sql.identifier(m.table)}
    where dim = ${dim} and day between ${p.from}::date and ${p.to}::date) ${sql.raw(alias)}`;
}
