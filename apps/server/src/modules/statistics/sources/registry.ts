import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { liftStatsSource } from '../../elevator/api.ts';
import { liftDueStatsSource } from '../../maintenance/api.ts';
import { defaultFrom } from '../query.ts';
import { addToRollup, dayLiteral, LIFT_GROUPS, moveWindow, USE_WINDOW, useEvents } from '../rollups.ts';
import { nextCursor, type RefreshContext, type StatsSource } from './source.ts';

/**
 * The registry's lifts (stats_lift): attributes, companies, coordinates, the maintenance due date
 * (the maintenance module's lift state) and the next inspection date; and their counts by dimension
 * (stats_lift_group, tables.ts). Lifts changed since the cursor, and those whose maintenance state
 * changed, are upserted, and the change of each (its old row counted −1, its new row +1) is added to
 * the counts in the same statement. On a new day (and a rebuild) all lifts are upserted, lifts gone
 * from the registry are dropped and the counts are rebuilt as of the day. The use-unit window's lifts
 * (USE_WINDOW) are kept the same way: each change added in the statement that adds it to the counts,
 * rebuilt (after the cases and repairs, which it sums too) on a new day.
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

/** stats_lift_group's rows over `rows` (stats_lift rows with a `sign`), as of `day`. */
const groupsOf = (rows: string, day: string) => addToRollup(LIFT_GROUPS, rows, dayLiteral(day));

/**
 * A change of stats_lift made by `ctes` (which define `old`, the changed lifts' rows before, and
 * `up`, their rows after, both as stats_lift's columns), with its counts added to stats_lift_group
 * and the use-unit window (USE_WINDOW, the lifts of each use unit): one statement, so all read the
 * same snapshot.
 */
const withCounts = (ctes: SQL, day: string) =>
  sql`with ${ctes}, delta as (select *, 1 as sign from up union all select *, -1 as sign from old),
    used as (${addToRollup(USE_WINDOW, `(${useEvents('lift', 'delta', true, day)})`, dayLiteral(day), defaultFrom(day))})
    ${groupsOf('delta', day)}`;

async function rebuildCounts(db: Queryable, day: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from stats_lift_group`);
    await tx.execute(groupsOf('(select *, 1 as sign from stats_lift)', day));
  });
}

async function upsertAll(db: Queryable) {
  await db.execute(sql`insert into stats_lift (${LIFT_COLUMNS}) ${liftRows(null)} ${UPSERT}`);
  await db.execute(sql`delete from stats_lift s
    where not exists (select 1 from ${liftStatsSource()} e where e.id = s.elevator_id)`);
}

async function upsertChanged(db: Queryable, since: Date, day: string) {
  // A use-unit window never built (or of another month) is built first: the changes below then
  // apply to today's window.
  await moveWindow(db, USE_WINDOW, day);
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
  await db.execute(sql.raw(`delete from ${LIFT_GROUPS.table} where ${LIFT_GROUPS.count} = 0`));
  await db.execute(sql.raw(`delete from ${USE_WINDOW.table} where ${USE_WINDOW.count} = 0`));
}

export const registrySource: StatsSource = {
  name: 'lift',
  async refresh(db, since, ctx: RefreshContext) {
    if (since === null || ctx.newDay) {
      await upsertAll(db);
      await rebuildCounts(db, ctx.today);
      // The use-unit window's overdue counts are the day's too: rebuilt once the cases and repairs
      // have been read (it sums them as well).
      ctx.rebuildAfter(USE_WINDOW);
    } else {
      await upsertChanged(db, since, ctx.today);
    }
    return nextCursor(ctx);
  },
};
