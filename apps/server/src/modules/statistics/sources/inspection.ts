import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { inspectionReportStatsSource } from '../../inspection/api.ts';
import { nextCursor, SH_DAY, type StatsSource } from './source.ts';

/**
 * Inspection reports (stats_inspection, 检验合格率): one row per report, upserted when the report
 * changed since the cursor; in full once a day and on a rebuild (reports gone are dropped). The day
 * is the inspection day (检验日期), else the day it was signed. Concluded = signed or pushed with a
 * conclusion; passed = 合格 or 复检合格. The district and companies are the lift's (stats_lift).
 */
async function upsert(db: Queryable, since: Date | null) {
  await db.execute(sql`insert into stats_inspection (report_id, day, elevator_id, area_code,
      maintenance_company_id, use_company_id, lift_type, use_occasion, attempt, concluded, passed)
    select r.id, coalesce(r.inspected_on, ${sql.raw(SH_DAY('r.signed_at'))}), r.elevator_id,
      coalesce(l.area_code, ''), coalesce(l.maintenance_company_id, 0), coalesce(l.use_company_id, 0),
      coalesce(l.lift_type, 0), coalesce(l.use_occasion, ''), r.attempt,
      r.state in ('signed', 'pushed') and r.conclusion is not null, coalesce(r.passed, false)
    from ${inspectionReportStatsSource(since)} r left join stats_lift l on l.elevator_id = r.elevator_id
    on conflict (report_id) do update set day = excluded.day, elevator_id = excluded.elevator_id,
      area_code = excluded.area_code, maintenance_company_id = excluded.maintenance_company_id,
      use_company_id = excluded.use_company_id, lift_type = excluded.lift_type,
      use_occasion = excluded.use_occasion, attempt = excluded.attempt, concluded = excluded.concluded,
      passed = excluded.passed`);
}

export const inspectionSource: StatsSource = {
  name: 'inspection',
  async refresh(db, since, ctx) {
    const full = since === null || ctx.newDay;
    await upsert(db, full ? null : since);
    if (full) {
      await db.execute(sql`delete from stats_inspection s
        where not exists (select 1 from ${inspectionReportStatsSource()} r where r.id = s.report_id)`);
    }
    return nextCursor(ctx);
  },
};
