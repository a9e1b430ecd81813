import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { liftStatsSource } from '../../elevator/api.ts';
import { liftDueStatsSource } from '../../maintenance/api.ts';
import { nextCursor, type RefreshContext, type StatsSource } from './source.ts';

/**
 * The registry's lifts (stats_lift): attributes, companies, coordinates, the maintenance due date
 * (the maintenance module's lift state) and the next inspection date; and their counts by dimension
 * (stats_lift_group, tables.ts). Lifts changed since the cursor, and those whose maintenance state
 * changed, are upserted, and the change of each (its old row counted −1, its new row +1) is added to
 * the counts in the same statement. On a new day (and a rebuild) all lifts are upserted, lifts gone
 * from the registry are dropped and the counts are rebuilt as of the day.
 */

const LIFT_COLUMNS = sql`elevator_id, register_code, name, address, area_code, maintenance_company_id,
  use_company_id, lift_type, use_occasion, brand, manufacturer, built_year, use_status, longitude, latitude,
  maintenance_due, inspection_due`;

/** The registry's lifts changed since `since` (all: null) as stats_lift rows. */
const liftRows = (since: Date | null) => sql`select e.id, e.register_code, e.name, e.address, e.area_code,
    coalesce(e.maintenance_company_id, 0), coalesce(e.use_company_id, 0), e.type, coalesce(e.use_occasion, ''),
    coalesce(e.brand, ''), coalesce(e.manufacturer, ''),
    coalesce(extract(year from coalesce(e.manufacture_date, e.install_date))::int, 0),
    e.use_status, e.longitude, e.latitude, ml.due_date, e.next_inspect_date
  from ${liftStatsSource(since)} e left join ${liftDueStatsSource()} ml on ml.elevator_id = e.id`;

const UPSERT = sql`on conflict (elevator_id) do update set register_code = excluded.register_code,
  name = excluded.name, address = excluded.address, area_code = excluded.area_code,
  maintenance_company_id = excluded.maintenance_company_id, use_company_id = excluded.use_company_id,
  lift_type = excluded.lift_type, use_occasion = excluded.use_occasion, brand = excluded.brand,
  manufacturer = excluded.manufacturer, built_year = excluded.built_year,
  use_status = excluded.use_status, longitude = excluded.longitude, latitude = excluded.latitude,
  maintenance_due = excluded.maintenance_due, inspection_due = excluded.inspection_due`;

/**
 * stats_lift_group's rows over `rows` (stats_lift rows with a `sign`: +1 counts a lift, −1 takes it
 * back), as of `day`: one scan, five grouping sets.
 */
const groupsOf = (rows: SQL, day: string) => sql`insert into stats_lift_group (dim, area_code,
    maintenance_company_id, lift_type, use_occasion, use_status, use_company_id, brand, manufacturer,
    built_year, lifts, overdue_maintenance, overdue_inspection, due_inspection, placed, lng_sum, lat_sum)
  select case when grouping(r.use_company_id) = 0 then 'use' when grouping(r.brand) = 0 then 'brand'
      when grouping(r.manufacturer) = 0 then 'manufacturer' when grouping(r.built_year) = 0 then 'age'
      else '' end,
    r.area_code, r.maintenance_company_id, r.lift_type, r.use_occasion, r.use_status,
    coalesce(r.use_company_id, 0), coalesce(r.brand, ''), coalesce(r.manufacturer, ''),
    coalesce(r.built_year, 0), sum(r.sign),
    coalesce(sum(r.sign) filter (where r.maintenance_due < ${day}::date), 0),
    coalesce(sum(r.sign) filter (where r.inspection_due < ${day}::date), 0),
    coalesce(sum(r.sign) filter (where r.inspection_due between ${day}::date and ${day}::date + 30), 0),
    coalesce(sum(r.sign) filter (where r.longitude is not null and r.latitude is not null), 0),
    coalesce(sum(r.sign * r.longitude) filter (where r.latitude is not null), 0),
    coalesce(sum(r.sign * r.latitude) filter (where r.longitude is not null), 0)
  from ${rows} r
  group by r.area_code, r.maintenance_company_id, r.lift_type, r.use_occasion, r.use_status,
    grouping sets ((), (r.use_company_id), (r.brand), (r.manufacturer), (r.built_year))
  on conflict on constraint stats_lift_group_pk do update set
    lifts = stats_lift_group.lifts + excluded.lifts,
    overdue_maintenance = stats_lift_group.overdue_maintenance + excluded.overdue_maintenance,
    overdue_inspection = stats_lift_group.overdue_inspection + excluded.overdue_inspection,
    due_inspection = stats_lift_group.due_inspection + excluded.due_inspection,
    placed = stats_lift_group.placed + excluded.placed,
    lng_sum = stats_lift_group.lng_sum + excluded.lng_sum,
    lat_sum = stats_lift_group.lat_sum + excluded.lat_sum`;

/**
 * A change of stats_lift made by `ctes` (which define `old`, the changed lifts' rows before, and
 * `up`, their rows after, both as stats_lift's columns), with its counts added to stats_lift_group:
 * one statement, so both read the same snapshot.
 */
const withCounts = (ctes: SQL, day: string) =>
  sql`with ${ctes}, delta as (select *, 1 as sign from up union all select *, -1 as sign from old)
    ${groupsOf(sql`delta`, day)}`;

async function rebuildCounts(db: Queryable, day: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from stats_lift_group`);
    await tx.execute(groupsOf(sql`(select *, 1 as sign from stats_lift)`, day));
  });
}

async function upsertAll(db: Queryable) {
  await db.execute(sql`insert into stats_lift (${LIFT_COLUMNS}) ${liftRows(null)} ${UPSERT}`);
  await db.execute(sql`delete from stats_lift s
    where not exists (select 1 from ${liftStatsSource()} e where e.id = s.elevator_id)`);
}

async function upsertChanged(db: Queryable, since: Date, day: string) {
  // Lifts changed in the registry.
  await db.execute(
    withCounts(
      sql`src as materialized (${liftRows(since)}),
        old as (select s.* from stats_lift s where s.elevator_id in (select id from src)),
        up as (insert into stats_lift (${LIFT_COLUMNS}) select * from src ${UPSERT} returning *)`,
      day,
    ),
  );
  // Lifts whose maintenance due date moved (a visit signed out, a plan changed).
  await db.execute(
    withCounts(
      sql`moved as materialized (select s.elevator_id, ml.due_date from stats_lift s
          join ${liftDueStatsSource()} ml on ml.elevator_id = s.elevator_id
          where ml.updated_at > ${since.toISOString()}::timestamptz and s.maintenance_due is distinct from ml.due_date),
        old as (select s.* from stats_lift s where s.elevator_id in (select elevator_id from moved)),
        up as (update stats_lift s set maintenance_due = m.due_date from moved m
          where m.elevator_id = s.elevator_id returning s.*)`,
      day,
    ),
  );
  await db.execute(sql`delete from stats_lift_group where lifts = 0`);
}

export const registrySource: StatsSource = {
  name: 'lift',
  async refresh(db, since, ctx: RefreshContext) {
    if (since === null || ctx.newDay) {
      await upsertAll(db);
      await rebuildCounts(db, ctx.today);
    } else {
      await upsertChanged(db, since, ctx.today);
    }
    return nextCursor(ctx);
  },
};
