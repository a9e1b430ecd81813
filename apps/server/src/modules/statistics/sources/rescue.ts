import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { caseStatsSource, repairStatsSource } from '../../rescue/api.ts';
import { CASE_MONTHS, REPAIR_MONTHS, rebuildMonths } from '../months.ts';
import { nextCursor, type RefreshContext, SH_DAY, type StatsSource } from './source.ts';

const minutes = (from: string, to: string) =>
  `round((extract(epoch from (${to} - ${from})) / 60.0)::numeric, 1)::float8`;

/** Rescue cases (stats_case): one row per case, upserted when the case changed since the cursor. */
async function refreshCases(db: Queryable, since: Date | null) {
  await db.execute(sql`insert into stats_case (case_id, case_no, day, hour, weekday, alarm_at, elevator_id,
      area_code, address, maintenance_company_id, use_company_id, lift_type, use_occasion, brand, manufacturer,
      built_year, kind, status, source, agent_id, cause, cause_detail, freed, response_minutes,
      dispatch_minutes, arrival_minutes, rescue_minutes)
    select c.id, c.case_no, ${sql.raw(SH_DAY('c.alarm_at'))},
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
    from ${caseStatsSource(since)} c left join stats_lift l on l.elevator_id = c.elevator_id
    on conflict (case_id) do update set day = excluded.day, hour = excluded.hour, weekday = excluded.weekday,
      alarm_at = excluded.alarm_at, elevator_id = excluded.elevator_id, area_code = excluded.area_code,
      address = excluded.address, maintenance_company_id = excluded.maintenance_company_id,
      use_company_id = excluded.use_company_id, lift_type = excluded.lift_type,
      use_occasion = excluded.use_occasion, brand = excluded.brand, manufacturer = excluded.manufacturer,
      built_year = excluded.built_year, kind = excluded.kind, status = excluded.status,
      source = excluded.source, agent_id = excluded.agent_id, cause = excluded.cause,
      cause_detail = excluded.cause_detail, freed = excluded.freed,
      response_minutes = excluded.response_minutes, dispatch_minutes = excluded.dispatch_minutes,
      arrival_minutes = excluded.arrival_minutes, rescue_minutes = excluded.rescue_minutes`);
  if (since === null) {
    await db.execute(sql`delete from stats_case s
      where not exists (select 1 from ${caseStatsSource()} c where c.id = s.case_id)`);
  }
}

/** Repairs (stats_repair): one row per repair. */
async function refreshRepairs(db: Queryable, since: Date | null) {
  await db.execute(sql`insert into stats_repair (repair_id, day, elevator_id, area_code, maintenance_company_id,
      use_company_id, lift_type, use_occasion, brand, manufacturer, built_year, hitch_type, status)
    select r.id, ${sql.raw(SH_DAY('r.created_at'))}, r.elevator_id, r.area_code,
      coalesce(r.maintenance_company_id, 0), coalesce(r.use_company_id, 0), coalesce(l.lift_type, 0),
      coalesce(l.use_occasion, ''), coalesce(l.brand, ''), coalesce(l.manufacturer, ''),
      coalesce(l.built_year, 0), r.hitch_type, r.status
    from ${repairStatsSource(since)} r left join stats_lift l on l.elevator_id = r.elevator_id
    on conflict (repair_id) do update set day = excluded.day, area_code = excluded.area_code,
      maintenance_company_id = excluded.maintenance_company_id, use_company_id = excluded.use_company_id,
      lift_type = excluded.lift_type, use_occasion = excluded.use_occasion, brand = excluded.brand,
      manufacturer = excluded.manufacturer, built_year = excluded.built_year,
      hitch_type = excluded.hitch_type, status = excluded.status`);
  if (since === null) {
    await db.execute(sql`delete from stats_repair s
      where not exists (select 1 from ${repairStatsSource()} r where r.id = s.repair_id)`);
  }
}

/** The Shanghai days of the rows changed since `since` (a case's alarm, a repair's report never moves). */
async function changedDays(db: Queryable, rows: ReturnType<typeof sql>, at: string) {
  return rowsOf<{ day: string }>(
    await db.execute(sql`select distinct ${sql.raw(SH_DAY(`x.${at}`))}::text as day from ${rows} x`),
  ).map((r) => r.day);
}

export const caseSource: StatsSource = {
  name: 'case',
  async refresh(db, since, ctx: RefreshContext) {
    const days = since === null ? 'all' : await changedDays(db, caseStatsSource(since), 'alarm_at');
    await refreshCases(db, since);
    await rebuildMonths(db, CASE_MONTHS, days, ctx.today);
    return nextCursor(ctx);
  },
};

export const repairSource: StatsSource = {
  name: 'repair',
  async refresh(db, since, ctx: RefreshContext) {
    const days = since === null ? 'all' : await changedDays(db, repairStatsSource(since), 'created_at');
    await refreshRepairs(db, since);
    await rebuildMonths(db, REPAIR_MONTHS, days, ctx.today);
    return nextCursor(ctx);
  },
};
