import { addDays } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { orderPlanDayRange, orderStatsSource } from '../../maintenance/api.ts';
import { nextCursor, SH_DAY, type StatsSource } from './source.ts';

/** Plan days re-read every run: orders carry no change time, and they change within this window. */
export const ORDER_WINDOW_BACK_DAYS = 45;
export const ORDER_WINDOW_AHEAD_DAYS = 45;

/**
 * Maintenance orders (stats_order_day, stats_worker_day): the plan days from..to are rebuilt from the
 * orders planned on them (delete + insert, one transaction with the job's lock).
 */
export async function rebuildOrderDays(db: Queryable, from: string, to: string, today: string) {
  const orders = orderStatsSource(from, to);
  const onTime = sql.raw(`(o.sign_out_at is not null and ${SH_DAY('o.sign_out_at')} <= o.plan_date)`);
  await db.execute(sql`delete from stats_order_day where day between ${from}::date and ${to}::date`);
  await db.execute(sql`delete from stats_worker_day where day between ${from}::date and ${to}::date`);
  await db.execute(sql`insert into stats_order_day (day, area_code, maintenance_company_id, use_company_id,
      lift_type, use_occasion, planned, completed, on_time, late, awaiting_confirm, done, approved, rejected)
    select o.plan_date, coalesce(o.area_code, l.area_code, ''), coalesce(o.maintenance_company_id, 0),
      coalesce(o.use_company_id, 0), coalesce(l.lift_type, 0), coalesce(l.use_occasion, ''),
      count(*), count(*) filter (where o.status in (3, 4, 5)),
      count(*) filter (where o.status in (3, 4, 5) and ${onTime}),
      count(*) filter (where o.status in (0, 1, 2) and o.plan_date < ${today}::date),
      count(*) filter (where o.status = 3), count(*) filter (where o.status = 4),
      count(*) filter (where o.status = 5), count(*) filter (where o.status = 6)
    from ${orders} o left join stats_lift l on l.elevator_id = o.elevator_id
    group by 1, 2, 3, 4, 5, 6`);
  await db.execute(sql`insert into stats_worker_day (day, worker_id, area_code, maintenance_company_id,
      use_company_id, lift_type, use_occasion, orders, completed, on_time, duration_sum, duration_count)
    select o.plan_date, w.worker_id, coalesce(o.area_code, l.area_code, ''), coalesce(o.maintenance_company_id, 0),
      coalesce(o.use_company_id, 0), coalesce(l.lift_type, 0), coalesce(l.use_occasion, ''),
      count(*), count(*) filter (where o.status in (3, 4, 5)),
      count(*) filter (where o.status in (3, 4, 5) and ${onTime}),
      coalesce(sum(extract(epoch from (o.sign_out_at - o.sign_in_at)) / 60.0)
        filter (where o.sign_in_at is not null and o.sign_out_at is not null), 0),
      count(*) filter (where o.sign_in_at is not null and o.sign_out_at is not null)
    from ${orders} o cross join lateral unnest(o.worker_ids) as w(worker_id)
      left join stats_lift l on l.elevator_id = o.elevator_id
    group by 1, 2, 3, 4, 5, 6, 7`);
}

export const maintenanceSource: StatsSource = {
  name: 'order',
  async refresh(db, since, ctx) {
    if (since === null) {
      const range = await orderPlanDayRange(db);
      if (range.from && range.to) await rebuildOrderDays(db, range.from, range.to, ctx.today);
      else {
        await db.execute(sql`delete from stats_order_day`);
        await db.execute(sql`delete from stats_worker_day`);
      }
    } else {
      const from = addDays(ctx.today, -ORDER_WINDOW_BACK_DAYS);
      const to = addDays(ctx.today, ORDER_WINDOW_AHEAD_DAYS);
      await rebuildOrderDays(db, from, to, ctx.today);
    }
    return nextCursor(ctx);
  },
};
