import { addDays, type InspectionRow, shanghaiToday, statsRateCalls } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liftRelation, partiesInScope } from '../src/modules/statistics/aggregates.ts';
import { DIMS, type DimName } from '../src/modules/statistics/dims.ts';
import { daySql, defaultFrom, type Filters, periodOf, whereSql } from '../src/modules/statistics/query.ts';
import { refreshStats } from '../src/modules/statistics/rollup.ts';
import {
  CASE_DAYS,
  CASE_MONTHS,
  dailyRelation,
  eventRelation,
  LIFT_GROUPS,
  levelOf,
  ORDER_MONTHS,
  REPAIR_MONTHS,
} from '../src/modules/statistics/rollups.ts';
import { dayRanges } from '../src/modules/statistics/sources/maintenance.ts';
import type { AuthUser } from '../src/platform/access.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { userOf } from './stats-support.ts';

/*
 * The maintenance rollups per plan day (stats_order_day): a closed day is computed once and kept; a run
 * rebuilds the days written to since the last run (marked by the trigger on maintenance_order, so a
 * change to an order planned weeks ago shows) and, once the day has changed, the days from the last
 * run's to today. The incremental rows equal a full rebuild's, and writers racing the job lose no change.
 * 检验合格率 (stats_inspection) against a direct count of the inspection reports.
 */

interface DayFigures {
  planned: number;
  completed: number;
  late: number;
}

describe.each(dbKinds)('statistics rollups per day on %s', (kind) => {
  let t: TestApp;
  const q = async <T>(query: SQL) => ((await t.platform.db.execute(query)) as unknown as { rows: T[] }).rows;
  /** A run as the job makes it: one transaction. */
  const run = () => t.platform.db.transaction((tx) => refreshStats(tx));

  const stored = async (day: string): Promise<DayFigures> => {
    const [r] = await q<DayFigures>(sql`select coalesce(sum(planned), 0)::int as planned,
        coalesce(sum(completed), 0)::int as completed, coalesce(sum(late), 0)::int as late
      from stats_order_day where day = ${day}::date`);
    return r as DayFigures;
  };
  const direct = async (day: string): Promise<DayFigures> => {
    const [r] = await q<DayFigures>(sql`select count(*)::int as planned,
        count(*) filter (where status in (3, 4, 5))::int as completed,
        count(*) filter (where status in (0, 1, 2) and plan_date < ${shanghaiToday()}::date)::int as late
      from maintenance_order where plan_date = ${day}::date`);
    return r as DayFigures;
  };
  /** A row no order makes (district 'TEST'): it stays exactly as long as its day is not rebuilt. */
  const plant = (day: string) =>
    t.platform.db.execute(sql`insert into stats_order_day (day, area_code, maintenance_company_id,
        use_company_id, lift_type, use_occasion, planned, completed, on_time, late, awaiting_confirm, done,
        approved, rejected)
      values (${day}::date, 'TEST', 0, 0, 0, '', 1000, 0, 0, 0, 0, 0, 0, 0)`);
  const planted = async (day: string) =>
    (
      await q<{ n: number }>(sql`select count(*)::int as n from stats_order_day
      where day = ${day}::date and area_code = 'TEST'`)
    )[0]?.n ?? 0;
  /** The whole rollup, day by day and dimension by dimension, as text to compare. */
  const snapshot = async () =>
    (
      await q<{ r: string }>(sql`select concat_ws('|', day, area_code, maintenance_company_id, use_company_id,
          lift_type, use_occasion, planned, completed, on_time, late, awaiting_confirm, done, approved,
          rejected) as r from stats_order_day order by 1`)
    ).map((x) => x.r);

  beforeAll(async () => {
    t = await startTestApp(kind);
    await run();
  }, 900_000);
  afterAll(() => t?.close());

  it('merges the days to rebuild into runs of consecutive days', () => {
    expect(dayRanges([])).toEqual([]);
    expect(
      dayRanges(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-05', '2026-03-01', '2026-03-02']),
    ).toEqual([
      ['2026-01-30', '2026-02-01'],
      ['2026-02-05', '2026-02-05'],
      ['2026-03-01', '2026-03-02'],
    ]);
  });

  it('keeps a day nobody wrote to as stored (today too, until the day changes)', async () => {
    const today = shanghaiToday();
    const closed = addDays(today, -20);
    await plant(closed);
    await plant(today);
    await run();
    expect(await planted(closed), 'a closed day nobody wrote to is not recomputed').toBe(1);
    expect(await planted(today), 'today nobody wrote to is not recomputed the same day').toBe(1);
    await t.platform.db.execute(sql`delete from stats_order_day where area_code = 'TEST'`);
  });

  it('shows a change made today to an order planned weeks ago (and its undoing)', async () => {
    const today = shanghaiToday();
    const [order] = await q<{
      id: number;
      day: string;
      status: number;
    }>(sql`select id, plan_date::text as day,
        status from maintenance_order where plan_date < ${addDays(today, -7)}::date and status in (0, 1, 2, 4)
      order by plan_date desc, id limit 1`);
    expect(order, 'the demo data has orders planned weeks ago').toBeTruthy();
    if (!order) return;
    await plant(order.day);
    const before = await direct(order.day);
    const next = order.status === 4 ? 6 : 4;
    await t.platform.db.execute(sql`update maintenance_order set status = ${next} where id = ${order.id}`);
    const after = await direct(order.day);
    expect(after).not.toEqual(before);
    await run();
    expect(await planted(order.day), 'the written day is rebuilt').toBe(0);
    expect(await stored(order.day)).toEqual(after);

    await t.platform.db.execute(
      sql`update maintenance_order set status = ${order.status} where id = ${order.id}`,
    );
    await run();
    expect(await stored(order.day)).toEqual(before);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from stats_order_dirty`))[0]?.n).toBe(0);
  });

  it('moves an order to another plan day: both days are rebuilt', async () => {
    const today = shanghaiToday();
    const [order] = await q<{ id: number; day: string }>(sql`select id, plan_date::text as day
      from maintenance_order where plan_date < ${addDays(today, -10)}::date order by plan_date desc, id limit 1`);
    if (!order) throw new Error('no order planned ten days ago');
    const other = addDays(order.day, -3);
    const was = [await direct(order.day), await direct(other)];
    await t.platform.db.execute(
      sql`update maintenance_order set plan_date = ${other}::date where id = ${order.id}`,
    );
    await run();
    expect(await stored(order.day)).toEqual(await direct(order.day));
    expect(await stored(other)).toEqual(await direct(other));
    await t.platform.db.execute(
      sql`update maintenance_order set plan_date = ${order.day}::date where id = ${order.id}`,
    );
    await run();
    expect([await stored(order.day), await stored(other)]).toEqual(was);
  });

  it('rebuilds the days since its last run once the day has changed (a day ending, a job offline)', async () => {
    const today = shanghaiToday();
    const seen = addDays(today, -3);
    await plant(addDays(today, -2));
    await plant(addDays(today, -5));
    await plant(today);
    await t.platform.db.execute(sql`update stats_cursor set day = ${seen}::date where source = 'order'`);
    await run();
    expect(await planted(addDays(today, -2)), 'a day after the last run').toBe(0);
    expect(await planted(today), 'today, whose plan days now count as due').toBe(0);
    expect(await planted(addDays(today, -5)), 'a day closed before the last run').toBe(1);
    await t.platform.db.execute(sql`delete from stats_order_day where area_code = 'TEST'`);
  });

  it('loses no change of 50 writers racing the job, and equals a full rebuild', async () => {
    const today = shanghaiToday();
    const orders = await q<{ id: number; day: string; status: number }>(sql`select id, plan_date::text as day,
        status from maintenance_order where plan_date between ${addDays(today, -180)}::date and ${addDays(today, -2)}::date
        and status <> 6
      order by md5(id::text) limit 50`);
    expect(orders.length, 'orders planned before yesterday').toBeGreaterThanOrEqual(10);
    const days = [...new Set(orders.map((o) => o.day))];
    const jobs = Array.from({ length: 5 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * 20));
      // Runs overlap on PostgreSQL; the job's advisory lock is the scheduler's, so take it here too.
      await t.platform.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
        await refreshStats(tx);
      });
    });
    // 50 writers (several on one order when the demo has fewer), each its own transaction.
    const writers = Array.from({ length: 50 }, (_, k) =>
      t.platform.db.transaction(async (tx) => {
        const o = orders[k % orders.length];
        await tx.execute(sql`update maintenance_order set status = 6 where id = ${o?.id}`);
      }),
    );
    await Promise.all([...jobs, ...writers]);
    await run();
    for (const day of days) expect(await stored(day), day).toEqual(await direct(day));

    const incremental = await snapshot();
    await t.platform.db.transaction((tx) => refreshStats(tx, { full: true }));
    expect(await snapshot()).toEqual(incremental);

    for (const o of orders) {
      await t.platform.db.execute(sql`update maintenance_order set status = ${o.status} where id = ${o.id}`);
    }
    await run();
    for (const day of days) expect(await stored(day), day).toEqual(await direct(day));
  }, 300_000);

  it('keeps the lift counts by dimension as the lifts are after registry and due-date changes, as a rebuild does', async () => {
    await run();
    const groups = async () =>
      (
        await q<{ r: string }>(sql`select concat_ws('|', dim, area_code, maintenance_company_id, lift_type,
            use_occasion, use_status, use_company_id, brand, manufacturer, built_year, lifts,
            overdue_maintenance, overdue_inspection, due_inspection, placed, round(lng_sum::numeric, 6),
            round(lat_sum::numeric, 6)) as r
          from stats_lift_group order by 1`)
      ).map((x) => x.r);
    const lifts = await q<{ id: number; use_status: number }>(
      sql`select id, use_status from elevator order by id limit 12`,
    );
    const [use] = await q<{ id: number }>(
      sql`select id from enterprise where kind = 'use_unit' order by id desc limit 1`,
    );
    // Moved to another district and brand, stopped, taken off the map, handed to another use unit.
    for (const [i, l] of lifts.entries()) {
      await t.platform.db.execute(sql`update elevator set area_code = ${i % 2 ? '450103' : '450107'},
          brand = ${`品牌${i % 3}`}, manufacture_date = ${i % 2 ? '2001-05-01' : null}::date,
          use_status = ${i % 4 === 0 ? 2 : l.use_status}, longitude = ${i % 3 ? null : 108.3},
          use_company_id = ${i % 5 === 0 ? (use?.id ?? null) : null}, updated_at = now()
        where id = ${l.id}`);
    }
    // Maintenance overdue (a due date 40 days back) and caught up (one a week on).
    await t.platform.db.execute(sql`update maintenance_lift set due_date = ${addDays(shanghaiToday(), -40)}::date,
        updated_at = now() where elevator_id in (select elevator_id from maintenance_lift order by elevator_id limit 5)`);
    await t.platform.db.execute(sql`update maintenance_lift set due_date = ${addDays(shanghaiToday(), 7)}::date,
        updated_at = now() where elevator_id in (select elevator_id from maintenance_lift order by elevator_id desc limit 5)`);
    await run();
    const incremental = await groups();
    const [direct] = await q<{ lifts: number; stopped: number; om: number; brand1: number }>(sql`select
        count(*)::int as lifts, count(*) filter (where use_status = 2)::int as stopped,
        count(*) filter (where maintenance_due < ${shanghaiToday()}::date)::int as om,
        count(*) filter (where brand = '品牌1')::int as brand1 from stats_lift`);
    const [summed] = await q<{ lifts: number; stopped: number; om: number; brand1: number }>(sql`select
        sum(lifts) filter (where dim = '')::int as lifts,
        sum(lifts) filter (where dim = '' and use_status = 2)::int as stopped,
        sum(overdue_maintenance) filter (where dim = '')::int as om,
        sum(lifts) filter (where dim = 'brand' and brand = '品牌1')::int as brand1 from stats_lift_group`);
    expect(summed).toEqual(direct);
    expect(direct?.brand1).toBeGreaterThan(0);
    const [{ n }] = (await q<{ n: number }>(sql`select count(*)::int as n from elevator`)) as [{ n: number }];
    expect(direct?.lifts).toBe(n);
    expect(incremental.some((r) => r.split('|')[10] === '0')).toBe(false);
    await t.platform.db.transaction((tx) => refreshStats(tx, { full: true }));
    expect(await groups()).toEqual(incremental);
  });

  it('keeps the month rollups of cases, repairs and orders as a rebuild makes them after changes', async () => {
    await run();
    const months = async () => {
      const out: string[] = [];
      for (const table of [
        'stats_case_month',
        'stats_case_daily',
        'stats_case_window',
        'stats_repair_month',
        'stats_repair_window',
        'stats_lift_window',
        'stats_lift_window_count',
        'stats_order_month',
        'stats_order_daily',
      ]) {
        const found = await q<{ r: string }>(
          sql`select ${table} || '|' || (m.*)::text as r from ${sql.identifier(table)} m order by 1`,
        );
        // Sums of minutes to 6 decimals: a sum's last digit depends on the order it added in.
        out.push(...found.map((x) => x.r.replace(/\d+\.\d+/g, (n) => String(Number(Number(n).toFixed(6))))));
      }
      return out;
    };
    // A case's cause, freed count and arrival changed; a repair closed; orders completed and reopened.
    await t.platform.db.execute(sql`update rescue_case set cause = 3, freed = freed + 1,
        arrived_at = coalesce(arrived_at, alarm_at) + interval '7 minutes', updated_at = now()
      where id in (select id from rescue_case order by id limit 5)`);
    // Cases turned 困人 and back: lifts enter and leave the lift window (and its counts).
    await t.platform.db.execute(sql`update rescue_case set kind = case when kind = 1 then 3 else 1 end,
        updated_at = now()
      where id in (select id from rescue_case order by id desc limit 6)`);
    await t.platform.db.execute(sql`update repair_order set status = 3, updated_at = now()
      where id in (select id from repair_order order by id limit 3)`);
    await t.platform.db.execute(sql`update maintenance_order set status = case when status = 5 then 0 else 5 end
      where id in (select id from maintenance_order order by id limit 20)`);
    await run();
    const incremental = await months();
    expect(incremental.some((r) => r.startsWith('stats_case_month|'))).toBe(true);
    expect(incremental.some((r) => r.startsWith('stats_case_daily|'))).toBe(true);
    expect(incremental.some((r) => r.startsWith('stats_order_month|'))).toBe(true);
    expect(incremental.some((r) => r.startsWith('stats_lift_window|'))).toBe(true);
    expect(incremental.some((r) => r.startsWith('stats_order_daily|'))).toBe(true);
    expect(
      incremental.some((r) => r.startsWith(`stats_case_window|(${defaultFrom(shanghaiToday())},use*,`)),
    ).toBe(true);
    await t.platform.db.transaction((tx) => refreshStats(tx, { full: true }));
    expect(await months()).toEqual(incremental);

    // Built yesterday, caught up today: yesterday's and today's plan days count as due now.
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.platform.db.transaction((tx) => refreshStats(tx, { full: true, now: yesterday }));
    await run();
    const nextDay = await months();
    await t.platform.db.transaction((tx) => refreshStats(tx, { full: true }));
    expect(await months()).toEqual(nextDay);
  });

  it('moves the windows to a new month, and answers from the months until it has', async () => {
    const city = userOf({});
    const p = periodOf({});
    const read = async (m: typeof CASE_MONTHS, by: { dim: string; needs: string[] } | undefined) => {
      const measure = m.count;
      return (
        await q<{ r: string }>(sql`select concat_ws('|', e.use_company_id, sum(e.${sql.raw(measure)})) as r
          from ${eventRelation(m, city, {}, p, by, 'e')} where ${daySql(p, 'e')} group by e.use_company_id order by 1`)
      ).map((x) => x.r);
    };
    const held = async (table: string) =>
      (await q<{ day: string }>(sql`select distinct day::text as day from ${sql.identifier(table)}`)).map(
        (x) => x.day,
      );
    const use = { dim: 'use', needs: [] };
    // Built in an earlier month: the windows hold that month's window, which today's reads must not take.
    const earlier = new Date(Date.now() - 40 * 86_400_000);
    await t.platform.db.transaction((tx) => refreshStats(tx, { full: true, now: earlier }));
    const then = defaultFrom(shanghaiToday(earlier));
    expect(then).not.toBe(p.from);
    expect(await held('stats_case_window')).toEqual([then]);
    for (const m of [CASE_MONTHS, REPAIR_MONTHS])
      expect(await read(m, use), `${m.table} before the move`).toEqual(await read(m, undefined));
    // The first run of the new month moves them: rebuilt for today's window, as a full rebuild makes them.
    await run();
    expect(await held('stats_case_window')).toEqual([p.from]);
    expect(await held('stats_repair_window')).toEqual([p.from]);
    for (const m of [CASE_MONTHS, REPAIR_MONTHS])
      expect(await read(m, use), `${m.table} after the move`).toEqual(await read(m, undefined));
    const snapshot = async () =>
      (await q<{ r: string }>(sql`select (w.*)::text as r from stats_case_window w order by 1`)).map((x) =>
        x.r.replace(/\d+\.\d+/g, (n) => String(Number(Number(n).toFixed(6)))),
      );
    const moved = await snapshot();
    await t.platform.db.transaction((tx) => refreshStats(tx, { full: true }));
    expect(await snapshot()).toEqual(moved);
    // The ranking of use units reads the window (a row changed there shows), at the city's level.
    await t.platform.db.execute(sql`update stats_case_window set cases = cases + 1000 where dim = 'use*'`);
    expect(await read(CASE_MONTHS, use)).not.toEqual(await read(CASE_MONTHS, undefined));
    await t.platform.db.transaction((tx) => refreshStats(tx, { full: true }));
  }, 600_000);

  it('answers every grouping at every level of the month rollups and the lift counts as the source rows do', async () => {
    await run();
    const [mc] = await q<{ id: number }>(sql`select maintenance_company_id as id from stats_case
      where maintenance_company_id <> 0 group by 1 order by count(*) desc limit 1`);
    const [uc] = await q<{ id: number }>(sql`select use_company_id as id from stats_case
      where use_company_id <> 0 group by 1 order by count(*) desc limit 1`);
    const callers: [string, AuthUser][] = [
      ['city', userOf({})],
      ['district', userOf({ dataScope: 'area', areaCodes: ['450103'] })],
      ['company', userOf({ userType: 'maintenance', dataScope: 'company', companyId: Number(mc?.id) })],
      ['use unit', userOf({ userType: 'use_unit', dataScope: 'company', companyId: Number(uc?.id) })],
    ];
    const filters: Partial<Filters>[] = [{}, { areaCode: '450103' }, { type: 1 }, { useOccasion: '1' }];
    const today = shanghaiToday();
    const periods = [periodOf({}), periodOf({ dateFrom: addDays(today, -75), dateTo: addDays(today, -3) })];
    const needs = [[], ['area_code'], ['maintenance_company_id'], ['lift_type']];
    const levels = new Set<string>();
    for (const m of [CASE_MONTHS, REPAIR_MONTHS, ORDER_MONTHS]) {
      const measures = m.measures('current_date').map((x) => `sum(e.${x.name})`);
      // The base grouping also keyed by the month (a series month by month: never the window).
      const month = { dim: '', columns: [] as string[], monthly: true };
      for (const g of [{ dim: '', columns: [] as string[] }, month, ...m.groupings])
        for (const need of needs)
          for (const [who, u] of callers)
            for (const f of filters)
              for (const p of periods) {
                const monthly = g === month;
                const by = { dim: g.dim, needs: need, monthly };
                levels.add(levelOf(m, u, f, by));
                const key =
                  [...need, ...g.columns]
                    .map((c) => `e.${c}`)
                    .concat(monthly ? [`to_char(e.day, 'YYYY-MM')`] : [])
                    .join(', ') || `''`;
                const read = async (rel: SQL) =>
                  (
                    await q<{
                      r: string;
                    }>(sql`select concat_ws('|', ${sql.raw(key)}, ${sql.raw(measures.join(', '))}) as r
                      from ${rel} where ${whereSql(u, f, 'e', [daySql(p, 'e')])}
                      ${sql.raw(key === `''` ? '' : `group by ${key}`)} order by 1`)
                  ).map((x) => x.r.replace(/\d+\.\d+/g, (n) => String(Number(Number(n).toFixed(6)))));
                const label = `${m.table} ${g.dim || 'base'}${monthly ? ' by month' : ''} by ${need.join() || '-'} ${who} ${JSON.stringify(f)} ${p.from}`;
                const rolled = await read(eventRelation(m, u, f, p, by, 'e'));
                expect(rolled, label).toEqual(await read(eventRelation(m, u, f, p, undefined, 'e')));
              }
    }
    // The cases day by day: every level against the source rows.
    const caseSums = CASE_DAYS.measures('current_date').map((x) => `sum(e.${x.name})`);
    for (const [who, u] of callers)
      for (const f of filters)
        for (const p of periods) {
          levels.add(levelOf(CASE_DAYS, u, f, { dim: '', needs: [] }));
          const read = async (rel: SQL) =>
            (
              await q<{
                r: string;
              }>(sql`select concat_ws('|', e.day, e.kind, ${sql.raw(caseSums.join(', '))}) as r
                from ${rel} where ${whereSql(u, f, 'e', [daySql(p, 'e')])} group by e.day, e.kind order by 1`)
            ).map((x) => x.r.replace(/\d+\.\d+/g, (n) => String(Number(Number(n).toFixed(6)))));
          expect(
            await read(dailyRelation(CASE_DAYS, u, f, p, 'e')),
            `stats_case_daily ${who} ${JSON.stringify(f)} ${p.from}`,
          ).toEqual(await read(eventRelation(CASE_MONTHS, u, f, p, undefined, 'e')));
        }

    // The lift counts: every grouping at every level against stats_lift, one row per lift.
    const counts = LIFT_GROUPS.measures('current_date').map((x) => `sum(l.${x.name})`);
    const dims: (DimName | null)[] = [
      null,
      'area',
      'maintenance',
      'type',
      'occasion',
      'brand',
      'manufacturer',
      'age',
      'use',
    ];
    for (const dim of dims)
      for (const need of needs)
        for (const [who, u] of callers)
          for (const f of filters) {
            levels.add(levelOf(LIFT_GROUPS, u, f, { dim: dim ?? '', needs: need }));
            const key =
              [...need.map((c) => `l.${c}`), ...(dim ? [DIMS[dim].key('l')] : [])].join(', ') || `''`;
            const read = async (rel: SQL) =>
              (
                await q<{
                  r: string;
                }>(sql`select concat_ws('|', ${sql.raw(key)}, ${sql.raw(counts.join(', '))}) as r
                  from ${rel} where ${whereSql(u, f, 'l')}
                  ${sql.raw(key === `''` ? '' : `group by ${key}`)} order by 1`)
              ).map((x) => x.r.replace(/\d+\.\d+/g, (n) => String(Number(Number(n).toFixed(6)))));
            const label = `stats_lift_group ${dim ?? 'all'} by ${need.join() || '-'} ${who} ${JSON.stringify(f)}`;
            expect(await read(liftRelation(u, f, dim, need)), label).toEqual(
              await read(liftRelation(u, f, 'lift')),
            );
          }
    // The parties in scope: distinct counts from the levels against stats_lift's own.
    for (const [who, u] of callers)
      for (const f of filters) {
        const [d] = await q<{ mc: number; uc: number }>(sql`select
            count(distinct l.maintenance_company_id) filter (where l.maintenance_company_id <> 0)::int as mc,
            count(distinct l.use_company_id) filter (where l.use_company_id <> 0)::int as uc
          from stats_lift l where ${whereSql(u, f, 'l', [sql`l.use_status = 1`])}`);
        expect(await partiesInScope(t.platform.db, u, f), `parties ${who} ${JSON.stringify(f)}`).toEqual({
          maintenanceCompanies: d?.mc,
          useUnits: d?.uc,
        });
      }
    // The city, district, company and base levels were each read.
    expect([...levels].sort()).toEqual(['', '*', '.o', '.t', '^', '~']);
  }, 600_000);

  it('answers 检验合格率 per district as a direct count of the reports says, and follows a changed conclusion', async () => {
    const token = await t.login('admin');
    const ask = async () => {
      const res = await t.api<{ records: InspectionRow[]; sum: InspectionRow }>(
        'POST',
        statsRateCalls.elevatorAreaCountData.path,
        { token, body: { page: 1, limit: 500 } },
      );
      expect(res.status, res.body.resultMsg).toBe(200);
      return res.body.data;
    };
    const p = periodOf({});
    const count = async () =>
      q<{ key: string; n: number; passed: number }>(sql`select e.area_code as key, count(*)::int as n,
          count(*) filter (where r.conclusion in ('合格', '复检合格'))::int as passed
        from inspection_report r join elevator e on e.id = r.elevator_id
        where r.state in ('signed', 'pushed') and r.conclusion is not null
          and coalesce(r.inspected_on, ((r.signed_at at time zone 'UTC') + interval '8 hours')::date)
            between ${p.from}::date and ${p.to}::date
        group by 1`);
    const check = async () => {
      const data = await ask();
      const direct = await count();
      const total = direct.reduce((s, r) => s + r.n, 0);
      const passed = direct.reduce((s, r) => s + r.passed, 0);
      expect(data.sum.inspected).toBe(total);
      expect(data.sum.passed).toBe(passed);
      expect(data.sum.passRate).toBeCloseTo(passed / total, 4);
      for (const r of direct) {
        const row = data.records.find((x) => x.key === r.key);
        expect(row?.inspected, r.key).toBe(r.n);
        expect(row?.passed, r.key).toBe(r.passed);
      }
      return { total, passed };
    };
    const before = await check();
    expect(before.total, 'the demo data has inspection reports in the last 12 months').toBeGreaterThan(0);

    const [report] = await q<{
      id: number;
      conclusion: string;
    }>(sql`select id, conclusion from inspection_report
      where state = 'pushed' and conclusion = '合格' and inspected_on between ${p.from}::date and ${p.to}::date
      order by id limit 1`);
    if (!report) throw new Error('no report passed in the period');
    await t.platform.db.execute(
      sql`update inspection_report set conclusion = '不合格', updated_at = now() where id = ${report.id}`,
    );
    await run();
    expect(await check()).toEqual({ total: before.total, passed: before.passed - 1 });
    await t.platform.db.execute(
      sql`update inspection_report set conclusion = ${report.conclusion}, updated_at = now() where id = ${report.id}`,
    );
    await run();
    expect(await check()).toEqual(before);
  });
});
