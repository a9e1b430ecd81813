import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { caseStatsSource, repairStatsSource } from '../../rescue/api.ts';
import { defaultFrom } from '../query.ts';
import {
  addToRollup,
  CASE_DAYS,
  CASE_MONTHS,
  CASE_WINDOW,
  type EventRollup,
  LIFT_WINDOW,
  liftEvents,
  moveWindow,
  pruneRollup,
  REPAIR_MONTHS,
  REPAIR_WINDOW,
  rebuildRollup,
  USE_WINDOW,
  useEvents,
} from '../rollups.ts';
import { nextCursor, type RefreshContext, SH_DAY, type StatsSource } from './source.ts';

/**
 * The minutes between two times, exact: the bands and 30 分钟到达率 compare them with their bounds
 * (an arrival 30 min 2 s after the alarm is not within 30 minutes), the means are rounded when shown.
 */
const minutes = (from: string, to: string) => `(extract(epoch from (${to} - ${from})) / 60.0)::float8`;

/**
 * Rescue cases (stats_case, one row per case) and repairs (stats_repair, one per repair), with their
 * month rollups (rollups.ts): rows changed since the cursor are upserted, and each one's row before
 * (−1) and after (+1) is added to the month rollup in the same statement (both read one snapshot);
 * on a rebuild, all rows, rows gone from the source dropped, and the month rollup rebuilt.
 */

const CASE_COLUMNS = sql`case_id, case_no, day, hour, weekday, alarm_at, elevator_id,
      area_code, address, maintenance_company_id, use_company_id, lift_type, use_occasion, brand, manufacturer,
      built_year, kind, status, source, agent_id, cause, cause_detail, freed, response_minutes,
      dispatch_minutes, arrival_minutes, rescue_minutes`;
const caseRows = (
  since: Date | null,
) => sql`select c.id as case_id, c.case_no, ${sql.raw(SH_DAY('c.alarm_at'))},
      extract(hour from (c.alarm_at at time zone 'UTC') + interval '8 hours')::int,
      extract(isodow from (c.alarm_at at time zone 'UTC') + interval '8 hours')::int,
      c.alarm_at, coalesce(c.elevator_id, 0), coalesce(c.area_code, l.area_code, ''), c.address,
      coalesce(c.maintenance_company_id, 0), coalesce(c.use_company_id, 0), coalesce(l.lift_type, 0),
      coalesce(l.use_occasion, ''), coalesce(l.brand, ''), coalesce(l.manufacturer, ''),
      coalesce(l.built_year, 0), c.kind, c.status, c.source, coalesce(c.agent_id, 0), coalesce(c.cause, 0),
      coalesce(c.cause_detail, ''), coalesce(c.freed, 0),
      ${sql.raw(minutes('c.dispatched_at', 'c.accepted_at'))},
      ${sql.raw(minutes('c.alarm_at', 'c.dispatched_at'))},
      ${sql.raw(minutes('c.alarm_at', 'c.arrived_at'))},
      ${sql.raw(minutes('c.arrived_at', 'c.freed_at'))}
    from ${caseStatsSource(since)} c left join stats_lift l on l.elevator_id = c.elevator_id`;
const CASE_UPSERT = sql`on conflict (case_id) do update set day = excluded.day, hour = excluded.hour, weekday = excluded.weekday,
      alarm_at = excluded.alarm_at, elevator_id = excluded.elevator_id, area_code = excluded.area_code,
      address = excluded.address, maintenance_company_id = excluded.maintenance_company_id,
      use_company_id = excluded.use_company_id, lift_type = excluded.lift_type,
      use_occasion = excluded.use_occasion, brand = excluded.brand, manufacturer = excluded.manufacturer,
      built_year = excluded.built_year, kind = excluded.kind, status = excluded.status,
      source = excluded.source, agent_id = excluded.agent_id, cause = excluded.cause,
      cause_detail = excluded.cause_detail, freed = excluded.freed,
      response_minutes = excluded.response_minutes, dispatch_minutes = excluded.dispatch_minutes,
      arrival_minutes = excluded.arrival_minutes, rescue_minutes = excluded.rescue_minutes`;

const REPAIR_COLUMNS = sql`repair_id, day, elevator_id, area_code, maintenance_company_id,
      use_company_id, lift_type, use_occasion, brand, manufacturer, built_year, hitch_type, status`;
const repairRows = (
  since: Date | null,
) => sql`select r.id as repair_id, ${sql.raw(SH_DAY('r.created_at'))}, r.elevator_id, r.area_code,
      coalesce(r.maintenance_company_id, 0), coalesce(r.use_company_id, 0), coalesce(l.lift_type, 0),
      coalesce(l.use_occasion, ''), coalesce(l.brand, ''), coalesce(l.manufacturer, ''),
      coalesce(l.built_year, 0), r.hitch_type, r.status
    from ${repairStatsSource(since)} r left join stats_lift l on l.elevator_id = r.elevator_id`;
const REPAIR_UPSERT = sql`on conflict (repair_id) do update set day = excluded.day, area_code = excluded.area_code,
      maintenance_company_id = excluded.maintenance_company_id, use_company_id = excluded.use_company_id,
      lift_type = excluded.lift_type, use_occasion = excluded.use_occasion, brand = excluded.brand,
      manufacturer = excluded.manufacturer, built_year = excluded.built_year,
      hitch_type = excluded.hitch_type, status = excluded.status`;

interface Events {
  table: string;
  id: string;
  columns: SQL;
  rows: (since: Date | null) => SQL;
  upsert: SQL;
  gone: SQL;
  /**
   * The rollups of the rows (per month, per day, the windows), kept in the statement that upserts
   * them; `rows` makes a rollup's rows of the changed rows (`delta`) where its source is not this
   * table's rows as they are (the lift window's); `shared`, a rollup the other source feeds too,
   * rebuilt once after both (RefreshContext.rebuildAfter).
   */
  rollups: { m: EventRollup; rows?: (relation: string) => string; shared?: true }[];
}

const CASES: Events = {
  table: 'stats_case',
  id: 'case_id',
  columns: CASE_COLUMNS,
  rows: caseRows,
  upsert: CASE_UPSERT,
  gone: sql`delete from stats_case s where not exists (select 1 from ${caseStatsSource()} c where c.id = s.case_id)`,
  rollups: [
    { m: CASE_MONTHS },
    { m: CASE_DAYS },
    { m: CASE_WINDOW },
    { m: LIFT_WINDOW, rows: (r) => `(${liftEvents('case', r, true)})`, shared: true },
    { m: USE_WINDOW, rows: (r) => `(${useEvents('case', r, true)})`, shared: true },
  ],
};

const REPAIRS: Events = {
  table: 'stats_repair',
  id: 'repair_id',
  columns: REPAIR_COLUMNS,
  rows: repairRows,
  upsert: REPAIR_UPSERT,
  gone: sql`delete from stats_repair s where not exists (select 1 from ${repairStatsSource()} r where r.id = s.repair_id)`,
  rollups: [
    { m: REPAIR_MONTHS },
    { m: REPAIR_WINDOW },
    { m: LIFT_WINDOW, rows: (r) => `(${liftEvents('repair', r, true)})`, shared: true },
    { m: USE_WINDOW, rows: (r) => `(${useEvents('repair', r, true)})`, shared: true },
  ],
};

async function refresh(db: Queryable, e: Events, since: Date | null, ctx: RefreshContext) {
  const { today } = ctx;
  const table = sql.identifier(e.table);
  const id = sql.identifier(e.id);
  if (since === null) {
    await db.execute(sql`insert into ${table} (${e.columns}) ${e.rows(null)} ${e.upsert}`);
    await db.execute(e.gone);
    for (const { m, shared } of e.rollups) {
      if (shared) ctx.rebuildAfter(m);
      else await rebuildRollup(db, m, today);
    }
    return;
  }
  // A window of another month is moved first: the changes below then apply to today's window.
  // One to be rebuilt after every source (the use-unit window on a new day) is not moved now.
  for (const { m } of e.rollups) if (m.window && !ctx.willRebuild(m)) await moveWindow(db, m, today);
  const from = defaultFrom(today);
  // The changed rows' days, before and after (a month rollup prunes their months).
  const days = rowsOf<{ day: string }>(
    await db.execute(sql`with src as materialized (${e.rows(since)}),
        old as (select s.* from ${table} s where s.${id} in (select ${id} from src)),
        up as (insert into ${table} (${e.columns}) select * from src ${e.upsert} returning *),
        delta as materialized (select up.*, 1 as sign, ${today}::date as t from up
          union all select old.*, -1 as sign, ${today}::date as t from old),
        ${sql.join(
          e.rollups.map(
            ({ m, rows }, i) =>
              sql`${sql.raw(`added${i}`)} as (${addToRollup(m, rows ? rows('delta') : 'delta', undefined, from)})`,
          ),
          sql`, `,
        )}
      select distinct day::text as day from delta`),
  ).map((r) => r.day);
  for (const { m } of e.rollups) await pruneRollup(db, m, days, today);
}

export const caseSource: StatsSource = {
  name: 'case',
  async refresh(db, since, ctx: RefreshContext) {
    await refresh(db, CASES, since, ctx);
    return nextCursor(ctx);
  },
};

export const repairSource: StatsSource = {
  name: 'repair',
  async refresh(db, since, ctx: RefreshContext) {
    await refresh(db, REPAIRS, since, ctx);
    return nextCursor(ctx);
  },
};
