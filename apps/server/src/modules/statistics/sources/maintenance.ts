import { addDays } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { orderPlanDayRange, orderStatsSource } from '../../maintenance/api.ts';
import { addToRollup, ORDER_DAYS, ORDER_MONTHS, pruneRollup, rebuildRollup } from '../rollups.ts';
import { nextCursor, type RefreshContext, SH_DAY, type StatsSource } from './source.ts';

/** The rollups of the order days (`delta`): the months and the days at the coarser levels. */
const ROLLED_UP = sql`months as (${addToRollup(ORDER_MONTHS, 'delta')}),
  days as (${addToRollup(ORDER_DAYS, 'delta')})
  select 1`;

/**
 * Maintenance orders (stats_order_day, stats_worker_day): the plan days from..to are rebuilt from the
 * orders planned on them (delete + insert, one transaction with the job's lock). Orders carry no
 * change time: which days to rebuild comes from the marks of stats_order_dirty (orderDaysToRebuild).
 */
export async function rebuildOrderDays(
  db: Queryable,
  from: string,
  to: string,
  today: string,
  /** The month rollup's rows to keep: the day its rows of these days counted up to (null: none). */
  months: { lastDay: string } | null,
) {
  const orders = orderStatsSource(from, to);
  const onTime = sql.raw(`(o.sign_out_at is not null and ${SH_DAY('o.sign_out_at')} <= o.plan_date)`);
  // The on-site time of a finished visit: submitted (待确认, 已完成, 审核通过, as `completed`) with
  // both times. Sign-out is a step of its own (0068): an order signed out and not yet submitted (作业中)
  // is not finished, and a rejected one is redone on another order.
  const timed = sql.raw('o.status in (3, 4, 5) and o.sign_in_at is not null and o.sign_out_at is not null');
  const taken = sql`delete from stats_order_day where day between ${from}::date and ${to}::date`;
  // The days' rows leave the month and daily rollups as they were added (as of the last run's day) …
  await db.execute(
    months
      ? sql`with old as (${taken} returning *),
          delta as (select old.*, -1 as sign, ${months.lastDay}::date as t from old),
          ${ROLLED_UP}`
      : taken,
  );
  await db.execute(sql`delete from stats_worker_day where day between ${from}::date and ${to}::date`);
  // … and come back as they are now, as of today.
  const made = sql`insert into stats_order_day (day, area_code, maintenance_company_id, use_company_id,
      lift_type, use_occasion, planned, completed, on_time, late, awaiting_confirm, done, approved, rejected)
    select o.plan_date, coalesce(o.area_code, l.area_code, ''), coalesce(o.maintenance_company_id, 0),
      coalesce(o.use_company_id, 0), coalesce(l.lift_type, 0), coalesce(l.use_occasion, ''),
      count(*), count(*) filter (where o.status in (3, 4, 5)),
      count(*) filter (where o.status in (3, 4, 5) and ${onTime}),
      count(*) filter (where o.status in (0, 1, 2) and o.plan_date < ${today}::date),
      count(*) filter (where o.status = 3), count(*) filter (where o.status = 4),
      count(*) filter (where o.status = 5), count(*) filter (where o.status = 6)
    from ${orders} o left join stats_lift l on l.elevator_id = o.elevator_id
    group by 1, 2, 3, 4, 5, 6`;
  await db.execute(
    months
      ? sql`with new as (${made} returning *),
          delta as (select new.*, 1 as sign, ${today}::date as t from new),
          ${ROLLED_UP}`
      : made,
  );
  await db.execute(sql`insert into stats_worker_day (day, worker_id, area_code, maintenance_company_id,
      use_company_id, lift_type, use_occasion, orders, completed, on_time, duration_sum, duration_count)
    select o.plan_date, w.worker_id, coalesce(o.area_code, l.area_code, ''), coalesce(o.maintenance_company_id, 0),
      coalesce(o.use_company_id, 0), coalesce(l.lift_type, 0), coalesce(l.use_occasion, ''),
      count(*), count(*) filter (where o.status in (3, 4, 5)),
      count(*) filter (where o.status in (3, 4, 5) and ${onTime}),
      coalesce(sum(extract(epoch from (o.sign_out_at - o.sign_in_at)) / 60.0) filter (where ${timed}), 0),
      count(*) filter (where ${timed})
    from ${orders} o cross join lateral unnest(o.worker_ids) as w(worker_id)
      left join stats_lift l on l.elevator_id = o.elevator_id
    group by 1, 2, 3, 4, 5, 6, 7`);
}

/**
 * The plan days a run rebuilds: the days written since the last run (the trigger's marks, taken), and
 * on a new day every day from the last run's day to today: a day that ends turns its open orders 超期
 * (`late` depends on today) and a day that comes counts as due in the month rollup (`due` up to
 * today). On the same day an unwritten day is unchanged; a closed day nobody wrote to is never read
 * again.
 */
export async function orderDaysToRebuild(db: Queryable, ctx: RefreshContext): Promise<string[]> {
  const marked = rowsOf<{ day: string }>(
    await db.execute(sql`delete from stats_order_dirty returning day::text as day`),
  ).map((r) => r.day);
  const days = new Set(marked);
  if (ctx.lastDay === null || ctx.lastDay < ctx.today) {
    for (let d = ctx.lastDay ?? ctx.today; d <= ctx.today; d = addDays(d, 1)) days.add(d);
  }
  return [...days].sort();
}

/** Sorted days as runs of consecutive days: [from, to] each. */
export function dayRanges(days: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const d of days) {
    const last = out.at(-1);
    if (last && addDays(last[1], 1) === d) last[1] = d;
    else out.push([d, d]);
  }
  return out;
}

export const maintenanceSource: StatsSource = {
  name: 'order',
  async refresh(db, since, ctx) {
    if (since === null) {
      // Marks taken before the rebuild: a write committed after this is marked again, read next run.
      await db.execute(sql`delete from stats_order_dirty`);
      const range = await orderPlanDayRange(db);
      if (range.from && range.to) {
        await rebuildOrderDays(db, range.from, range.to, ctx.today, null);
        for (const t of ['stats_order_day', 'stats_worker_day']) {
          await db.execute(sql`delete from ${sql.identifier(t)}
            where day < ${range.from}::date or day > ${range.to}::date`);
        }
      } else {
        await db.execute(sql`delete from stats_order_day`);
        await db.execute(sql`delete from stats_worker_day`);
      }
      await rebuildRollup(db, ORDER_MONTHS, ctx.today);
      await rebuildRollup(db, ORDER_DAYS, ctx.today);
    } else {
      const days = await orderDaysToRebuild(db, ctx);
      const months = { lastDay: ctx.lastDay ?? ctx.today };
      for (const [from, to] of dayRanges(days)) {
        await rebuildOrderDays(db, from, to, ctx.today, months);
      }
      await pruneRollup(db, ORDER_MONTHS, days, ctx.today);
      await pruneRollup(db, ORDER_DAYS, days, ctx.today);
    }
    return nextCursor(ctx);
  },
};
