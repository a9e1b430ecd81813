import { addDays, shanghaiToday } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { addMonths, type Filters, type Period, sideOf } from './query.ts';

/*
 * Month rollups of the event tables (stats_case_month, stats_order_month, stats_repair_month): a
 * figure over whole months sums a few thousand rows instead of one per case or per order and use
 * unit. Like stats_lift_group, each holds several groupings told apart by `dim`: '' over the base
 * columns (district, maintenance company, lift type, use occasion and the table's own), and the same
 * with one more column ('use' the use unit, 'brand', 'hour', …); a column outside the row's grouping
 * holds 0 / ''. `day` is the month's first day, so the period filter of a figure (day between from
 * and to) reads the months a period covers whole from the month rollup and its partial months' days
 * from the day table (`eventRelation`). The job rebuilds the months whose days it rebuilt or whose
 * events changed (`rebuildMonths`).
 */

export interface MonthRollup {
  /** The month table and the table of days or events it sums. */
  table: string;
  source: string;
  /** The columns every grouping keeps. */
  base: string[];
  /** Each further grouping: its dim name, its column and the column's empty value. */
  groupings: { dim: string; column: string; empty: string }[];
  /** The measures: name and the expression over one source row `r` (`today`: the job's or the read's day). */
  measures: (today: string) => { name: string; expr: string }[];
  /** Source columns a figure may group by that no grouping holds (read from the source rows only). */
  raw: string[];
}

const minuteMeasures = (col: string, name: string) => [
  { name: `${name}`, expr: `(r.${col} is not null)::int` },
  { name: `${name}_sum`, expr: `coalesce(r.${col}, 0)` },
];

export const CASE_MONTHS: MonthRollup = {
  table: 'stats_case_month',
  source: 'stats_case',
  base: ['area_code', 'maintenance_company_id', 'lift_type', 'use_occasion', 'kind'],
  groupings: [
    { dim: 'use', column: 'use_company_id', empty: '0' },
    { dim: 'brand', column: 'brand', empty: `''` },
    { dim: 'manufacturer', column: 'manufacturer', empty: `''` },
    { dim: 'age', column: 'built_year', empty: '0' },
    { dim: 'hour', column: 'hour', empty: '0' },
    { dim: 'weekday', column: 'weekday', empty: '0' },
    { dim: 'cause', column: 'cause', empty: '0' },
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
  raw: ['case_id', 'elevator_id', 'arrival_minutes', 'status', 'source', 'agent_id', 'cause_detail'],
};

export const REPAIR_MONTHS: MonthRollup = {
  table: 'stats_repair_month',
  source: 'stats_repair',
  base: ['area_code', 'maintenance_company_id', 'lift_type', 'use_occasion'],
  groupings: [
    { dim: 'use', column: 'use_company_id', empty: '0' },
    { dim: 'brand', column: 'brand', empty: `''` },
    { dim: 'manufacturer', column: 'manufacturer', empty: `''` },
    { dim: 'age', column: 'built_year', empty: '0' },
    { dim: 'hitch', column: 'hitch_type', empty: `''` },
  ],
  measures: () => [{ name: 'repairs', expr: '1' }],
  raw: ['repair_id', 'elevator_id', 'status'],
};

/** Orders: `due`, `completed` and `on_time` count plan days up to `today` only (docs/statistics.md). */
export const ORDER_MONTHS: MonthRollup = {
  table: 'stats_order_month',
  source: 'stats_order_day',
  base: ['area_code', 'maintenance_company_id', 'lift_type', 'use_occasion'],
  groupings: [{ dim: 'use', column: 'use_company_id', empty: '0' }],
  measures: (today) => {
    const upTo = (col: string) => `case when r.day <= '${today}'::date then r.${col} else 0 end`;
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
  raw: [],
};

const SHANGHAI_DAY = /^\d{4}-\d{2}-\d{2}$/;
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * Rebuilds the months of `m` holding `days` (all its months: 'all'), as of `today`: one scan of
 * those months' source rows, every grouping at once.
 */
export async function rebuildMonths(db: Queryable, m: MonthRollup, days: string[] | 'all', today: string) {
  const months = days === 'all' ? null : [...new Set(days.map(monthOf))];
  if (months?.length === 0) return;
  for (const d of months ?? []) if (!SHANGHAI_DAY.test(d)) throw new Error(`bad month ${d}`);
  const which = months
    ? sql`date_trunc('month', r.day)::date in (${sql.join(
        months.map((d) => sql`${d}::date`),
        sql`, `,
      )})`
    : sql`true`;
  const own = sql.raw;
  const dimCase = `case ${m.groupings.map((g) => `when grouping(r.${g.column}) = 0 then '${g.dim}'`).join(' ')} else '' end`;
  const extra = m.groupings.map((g) => `coalesce(r.${g.column}, ${g.empty})`).join(', ');
  const measures = m.measures(today);
  await db.transaction(async (tx) => {
    await tx.execute(
      months
        ? sql`delete from ${sql.identifier(m.table)} where day in (${sql.join(
            months.map((d) => sql`${d}::date`),
            sql`, `,
          )})`
        : sql`delete from ${sql.identifier(m.table)}`,
    );
    await tx.execute(sql`insert into ${sql.identifier(m.table)} (day, dim, ${own(m.base.join(', '))},
        ${own(m.groupings.map((g) => g.column).join(', '))}, ${own(measures.map((x) => x.name).join(', '))})
      select date_trunc('month', r.day)::date, ${own(dimCase)}, ${own(m.base.map((c) => `r.${c}`).join(', '))},
        ${own(extra)}, ${own(measures.map((x) => `coalesce(sum(${x.expr}), 0)`).join(', '))}
      from ${sql.identifier(m.source)} r where ${which}
      group by 1, ${own(m.base.map((c) => `r.${c}`).join(', '))},
        grouping sets ((), ${own(m.groupings.map((g) => `(r.${g.column})`).join(', '))})`);
  });
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
 * name use units); the rest of the period, and whatever the groupings cannot answer (dim undefined:
 * a grouping by arrival time, one lift), from the source rows with their measures. The caller still
 * filters by period, scope and filters.
 */
export function eventRelation(
  m: MonthRollup,
  user: AuthUser,
  f: Partial<Filters>,
  p: Period,
  dim: string | undefined,
  alias: string,
): SQL {
  const today = shanghaiToday();
  const measures = m.measures(today);
  const needsUse = dim === 'use' || Boolean(f.useCompanyId) || sideOf(user) === 'use';
  const grouping = needsUse ? (dim === '' || dim === 'use' ? 'use' : undefined) : dim;
  const whole = grouping === undefined ? null : wholeMonths(p, today, m === ORDER_MONTHS);
  const keys = ['day', ...m.base, ...m.groupings.map((g) => g.column)];
  const fromRows = (extra: string[]) =>
    sql.raw(
      [...keys, ...extra]
        .map((c) => `r.${c}`)
        .concat(measures.map((x) => `${x.expr} as ${x.name}`))
        .join(', '),
    );
  const source = sql.identifier(m.source);
  const a = sql.raw(alias);
  if (whole === null) {
    return sql`(select ${fromRows(m.raw)} from ${source} r
      where r.day between ${p.from}::date and ${p.to}::date) ${a}`;
  }
  const [first, last] = whole;
  return sql`(select ${sql.raw([...keys, ...measures.map((x) => x.name)].join(', '))} from ${sql.identifier(m.table)}
      where dim = ${grouping} and day between ${first}::date and ${last}::date
    union all
    select ${fromRows([])} from ${source} r
      where r.day between ${p.from}::date and ${p.to}::date
        and (r.day < ${first}::date or r.day > ${addDays(addMonths(last, 1), -1)}::date)) ${a}`;
}
