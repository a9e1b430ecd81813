import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { liftStatsSource } from '../../elevator/api.ts';
import { liftDueStatsSource } from '../../maintenance/api.ts';
import { nextCursor, type RefreshContext, type StatsSource } from './source.ts';

/**
 * The registry's lifts (stats_lift): attributes, companies, coordinates, the maintenance due date
 * (the maintenance module's lift state) and the next inspection date. Lifts changed since the
 * cursor, and those whose maintenance state changed, are upserted; on a new day (and a rebuild) all
 * of them, and lifts gone from the registry are dropped.
 */
async function upsert(db: Queryable, since: Date | null) {
  const lifts = liftStatsSource(since);
  const due = liftDueStatsSource();
  await db.execute(sql`insert into stats_lift (elevator_id, register_code, name, address, area_code,
      maintenance_company_id, use_company_id, lift_type, use_occasion, brand, manufacturer, built_year,
      use_status, longitude, latitude, maintenance_due, inspection_due)
    select e.id, e.register_code, e.name, e.address, e.area_code, coalesce(e.maintenance_company_id, 0),
      coalesce(e.use_company_id, 0), e.type, coalesce(e.use_occasion, ''), coalesce(e.brand, ''),
      coalesce(e.manufacturer, ''),
      coalesce(extract(year from coalesce(e.manufacture_date, e.install_date))::int, 0),
      e.use_status, e.longitude, e.latitude, ml.due_date, e.next_inspect_date
    from ${lifts} e left join ${due} ml on ml.elevator_id = e.id
    on conflict (elevator_id) do update set register_code = excluded.register_code,
      name = excluded.name, address = excluded.address, area_code = excluded.area_code,
      maintenance_company_id = excluded.maintenance_company_id, use_company_id = excluded.use_company_id,
      lift_type = excluded.lift_type, use_occasion = excluded.use_occasion, brand = excluded.brand,
      manufacturer = excluded.manufacturer, built_year = excluded.built_year,
      use_status = excluded.use_status, longitude = excluded.longitude, latitude = excluded.latitude,
      maintenance_due = excluded.maintenance_due, inspection_due = excluded.inspection_due`);
  if (since) {
    // Lifts whose maintenance due date moved (a visit signed out, a plan changed).
    await db.execute(sql`update stats_lift s set maintenance_due = ml.due_date
      from ${due} ml where ml.elevator_id = s.elevator_id and ml.updated_at > ${since.toISOString()}::timestamptz
        and s.maintenance_due is distinct from ml.due_date`);
  }
}

export const registrySource: StatsSource = {
  name: 'lift',
  async refresh(db, since, ctx: RefreshContext) {
    const full = since === null || ctx.newDay;
    await upsert(db, full ? null : since);
    if (full) {
      await db.execute(sql`delete from stats_lift s
        where not exists (select 1 from ${liftStatsSource()} e where e.id = s.elevator_id)`);
    }
    return nextCursor(ctx);
  },
};
