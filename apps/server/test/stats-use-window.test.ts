import { addDays, shanghaiToday } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computedUseUnitRanking, useUnitRanking } from '../src/modules/statistics/aggregates.ts';
import { defaultFrom, type Filters, type Period, periodOf } from '../src/modules/statistics/query.ts';
import { USE_UNIT_SORTS } from '../src/modules/statistics/rates.ts';
import { refreshStats } from '../src/modules/statistics/rollup.ts';
import { USE_WINDOW, windowLevel } from '../src/modules/statistics/rollups.ts';
import type { AuthUser } from '../src/platform/access.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { userOf } from './stats-support.ts';

/*
 * The use-unit window (stats_use_window, rollups.ts USE_WINDOW): the use-unit rankings over the
 * default period (elevatorUserData, buildingCompayFaultAnalysis) read a page of it in its order; the
 * answer equals the computed one (the lift counts joined with the case and repair rollups) for the
 * city, a district regulator, a regulator of two districts, a maintenance company and the filters the
 * window answers, page by page and in every order, after lifts, cases and repairs change and after a
 * day's and a month's first run; the incremental window equals a rebuild's. Where it cannot answer
 * (another period, a filter by lift type, occasion or use unit, a district and a company at once, a
 * use unit's own figures, a window of another month) the computation answers. Its totals per level
 * (stats_use_window_total, kept by triggers) are a rebuild's too, and the count and sum row they give
 * are the computed ones.
 */

/** The orders the two calls rank in: elevatorUserData's sorts each way, buildingCompayFaultAnalysis's top. */
const ORDERS = (p: Period): [string, SQL][] => {
  const sorts = USE_UNIT_SORTS(p.months);
  const out: [string, SQL][] = [];
  for (const [name, expr] of Object.entries(sorts))
    for (const dir of ['desc', 'asc']) out.push([`${name} ${dir}`, sql.raw(`${expr} ${dir} nulls last`)]);
  out.push(['top', sql`a.trapped desc nulls last, a.faults desc nulls last, a.lifts desc nulls last`]);
  return out;
};

describe.each(dbKinds)('the use-unit window on %s', (kind) => {
  let t: TestApp;
  let wb1: number;
  let wb2: number;
  const q = async <T>(query: SQL) => ((await t.platform.db.execute(query)) as unknown as { rows: T[] }).rows;
  const run = () => t.platform.db.transaction((tx) => refreshStats(tx));
  const full = (now?: Date) => t.platform.db.transaction((tx) => refreshStats(tx, { full: true, now }));
  /** The window and its totals (kept by triggers), as text to compare. */
  const snapshot = async () =>
    (
      await q<{ r: string }>(sql`select 'w' || (w.*)::text as r from stats_use_window w
        union all select 't' || (t.*)::text from stats_use_window_total t order by 1`)
    ).map((x) => x.r);

  /** The scopes and filters the window answers, each with a page size that makes several pages. */
  const windowed = (): [string, AuthUser, Partial<Filters>][] => [
    ['the city', userOf({}), {}],
    ['a district filter', userOf({}), { areaCode: '450103' }],
    ['a district regulator', userOf({ dataScope: 'area', areaCodes: ['450103'] }), {}],
    ['a regulator of two districts', userOf({ dataScope: 'area', areaCodes: ['450103', '450107'] }), {}],
    [
      'the same, one of them filtered',
      userOf({ dataScope: 'area', areaCodes: ['450103', '450107'] }),
      { areaCode: '450107' },
    ],
    ['a maintenance company', userOf({ userType: 'maintenance', dataScope: 'company', companyId: wb1 }), {}],
    ['a company filter', userOf({}), { maintenanceCompanyId: wb2 }],
  ];

  /** Every scope's answer from the window equals the computed one, page by page, in every order. */
  const agree = async (when: string) => {
    const p = periodOf({});
    let compared = 0;
    for (const [who, user, f] of windowed()) {
      expect(windowLevel(USE_WINDOW, user, f, p), `${who}: the window answers`).toBeDefined();
      for (const [order, sqlOrder] of ORDERS(p)) {
        const first = await computedUseUnitRanking(t.platform.db, user, f, p, sqlOrder, 7, 0);
        const pages = Math.ceil(first.total / 7) + 1;
        for (let page = 0; page < pages; page++) {
          const label = `${when}: ${who}, ${order}, page ${page + 1}`;
          const got = await useUnitRanking(t.platform.db, user, f, p, sqlOrder, 7, page * 7);
          const want = await computedUseUnitRanking(t.platform.db, user, f, p, sqlOrder, 7, page * 7);
          expect(got, label).toEqual(want);
          compared += got.rows.length;
        }
      }
      // Something to rank in every scope.
      const all = await computedUseUnitRanking(t.platform.db, user, f, p, sql`a.trapped desc`, 1, 0);
      expect(all.total, who).toBeGreaterThan(1);
      expect(all.sum.trapped, who).toBeGreaterThan(0);
    }
    expect(compared).toBeGreaterThan(100);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const companies = await q<{ id: number }>(sql`select maintenance_company_id as id from elevator
      where maintenance_company_id is not null group by 1 order by count(*) desc limit 2`);
    wb1 = Number(companies[0]?.id);
    wb2 = Number(companies[1]?.id);
    await run();
  }, 900_000);
  afterAll(() => t?.close());

  it('ranks the use units of the default period from the window as the computation does, after events change', async () => {
    expect(await snapshot()).not.toEqual([]);
    await agree('as seeded');

    // Cases turned 困人 and back, moved to another use unit, moved out of the window and into it.
    const [use] = await q<{ id: number }>(sql`select use_company_id as id from elevator
      where use_company_id is not null group by 1 order by count(*), 1 limit 1`);
    expect(use?.id).toBeDefined();
    await t.platform.db.execute(sql`update rescue_case set kind = case when kind = 1 then 3 else 1 end,
        updated_at = now() where id in (select id from rescue_case order by id desc limit 9)`);
    await t.platform.db.execute(sql`update rescue_case set use_company_id = ${use?.id}, updated_at = now()
      where id in (select id from rescue_case where kind = 1 order by id limit 7)`);
    await t.platform.db.execute(sql`update rescue_case set alarm_at = alarm_at - interval '400 days',
        updated_at = now() where id in (select id from rescue_case where kind = 1 order by id desc limit 4)`);
    // Repairs out of the window and back, and handed to another company.
    await t.platform.db.execute(sql`update repair_order set created_at = created_at - interval '400 days',
        updated_at = now() where id in (select id from repair_order order by id limit 3)`);
    await t.platform.db.execute(sql`update repair_order set maintenance_company_id = ${wb2}, updated_at = now()
      where id in (select id from repair_order order by id desc limit 3)`);
    // Lifts stopped, handed to another use unit and district, overdue for maintenance and inspection.
    await t.platform.db.execute(sql`update elevator set use_status = 2, updated_at = now()
      where id in (select id from elevator where use_status = 1 order by id limit 4)`);
    await t.platform.db.execute(sql`update elevator set use_company_id = ${use?.id}, area_code = '450107',
        next_inspect_date = ${addDays(shanghaiToday(), -3)}::date, updated_at = now()
      where id in (select id from elevator where use_status = 1 order by id desc limit 5)`);
    await t.platform.db.execute(sql`update maintenance_lift set due_date = ${addDays(shanghaiToday(), -20)}::date,
        updated_at = now() where elevator_id in (select elevator_id from maintenance_lift order by elevator_id limit 6)`);
    const before = await snapshot();
    await run();
    const incremental = await snapshot();
    expect(incremental).not.toEqual(before);
    await agree('after changes');
    // The totals are the window's rows summed per level, district and company.
    const summed = await q<{
      r: string;
    }>(sql`select concat_ws('|', dim, day, area_code, maintenance_company_id,
        count(*), sum(lifts), sum(overdue_inspection), sum(overdue_maintenance), sum(trapped), sum(faults)) as r
      from stats_use_window group by dim, day, area_code, maintenance_company_id order by 1`);
    const kept = await q<{ r: string }>(sql`select concat_ws('|', dim, day, area_code, maintenance_company_id,
        use_units, lifts, overdue_inspection, overdue_maintenance, trapped, faults) as r
      from stats_use_window_total order by 1`);
    expect(kept).toEqual(summed);
    // The incremental window is a rebuild's.
    await full();
    expect(await snapshot()).toEqual(incremental);
  }, 900_000);

  it('is rebuilt on a new day (its overdue counts are the day’s) and moved on a month’s first run', async () => {
    // Built yesterday: a lift due yesterday is not overdue yet; today's first run makes it so.
    await t.platform.db.execute(sql`update maintenance_lift set due_date = ${addDays(shanghaiToday(), -1)}::date,
        updated_at = now() where elevator_id in (select elevator_id from maintenance_lift order by elevator_id desc limit 3)`);
    await full(new Date(Date.now() - 86_400_000));
    const yesterday = await snapshot();
    await run();
    const today = await snapshot();
    expect(today).not.toEqual(yesterday);
    await agree('on a new day');
    await full();
    expect(await snapshot()).toEqual(today);

    // Built in an earlier month: not read (the computation answers) until the first run moves it.
    const earlier = new Date(Date.now() - 40 * 86_400_000);
    await full(earlier);
    const then = defaultFrom(shanghaiToday(earlier));
    const p = periodOf({});
    expect(then).not.toBe(p.from);
    const held = await q<{ day: string }>(sql`select distinct day::text as day from stats_use_window`);
    expect(held.map((r) => r.day)).toEqual([then]);
    const city = userOf({});
    const order = sql`a.trapped desc nulls last`;
    await t.platform.db.execute(sql`update stats_use_window set trapped = trapped + 1000`);
    expect(await useUnitRanking(t.platform.db, city, {}, p, order, 10, 0)).toEqual(
      await computedUseUnitRanking(t.platform.db, city, {}, p, order, 10, 0),
    );
    await run();
    expect(
      (await q<{ day: string }>(sql`select distinct day::text as day from stats_use_window`)).map(
        (r) => r.day,
      ),
    ).toEqual([p.from]);
    await agree('after the move');
    const moved = await snapshot();
    await full();
    expect(await snapshot()).toEqual(moved);
  }, 900_000);

  it('falls back to the computation where the window cannot answer, and is read where it can', async () => {
    const p = periodOf({});
    const order = sql`a.trapped desc nulls last`;
    const city = userOf({});
    const [anyLift] = await q<{ type: 1 | 2; occ: string; uc: number; area: string; mc: number }>(sql`
      select type, coalesce(use_occasion, '') as occ, use_company_id as uc, area_code as area,
        maintenance_company_id as mc from elevator where use_status = 1 and use_company_id is not null
        and maintenance_company_id is not null order by id limit 1`);
    expect(anyLift).toBeDefined();
    const uc = Number(anyLift?.uc);
    const computed = await computedUseUnitRanking(t.platform.db, city, {}, p, order, 1, 0);
    // A change written to the window by hand (no run): the windowed answers show it.
    await t.platform.db.execute(
      sql`update stats_use_window set trapped = trapped + 1000 where use_company_id = ${uc}`,
    );
    const read = await useUnitRanking(t.platform.db, city, {}, p, order, 1, 0);
    expect(read.rows[0]?.key).toBe(String(uc));
    expect(read.sum.trapped).toBe(computed.sum.trapped + 1000);
    // Where the window cannot answer, it is not read: the answers are the computed ones.
    const other: Period = periodOf({ dateFrom: addDays(p.from, 1), dateTo: p.to });
    const month: Period = periodOf({ month: shanghaiToday().slice(0, 7) });
    const fallbacks: [string, AuthUser, Partial<Filters>, Period][] = [
      ['another period', city, {}, other],
      ['this month', city, {}, month],
      ['a lift type', city, { type: anyLift?.type }, p],
      ['a use occasion', city, { useOccasion: anyLift?.occ }, p],
      ['a use unit', city, { useCompanyId: anyLift?.uc }, p],
      ['a district and a company', city, { areaCode: anyLift?.area, maintenanceCompanyId: anyLift?.mc }, p],
      [
        'a district regulator filtering a company',
        userOf({ dataScope: 'area', areaCodes: [anyLift?.area ?? ''] }),
        { maintenanceCompanyId: anyLift?.mc },
        p,
      ],
      [
        'the use unit itself',
        userOf({ userType: 'use_unit', dataScope: 'company', companyId: anyLift?.uc }),
        {},
        p,
      ],
    ];
    for (const [label, user, f, period] of fallbacks) {
      expect(windowLevel(USE_WINDOW, user, f, period), label).toBeUndefined();
      const got = await useUnitRanking(t.platform.db, user, f, period, order, 5, 0);
      // Each scope holds the use unit changed by hand: a read of the window would differ.
      expect(got, label).toEqual(await computedUseUnitRanking(t.platform.db, user, f, period, order, 5, 0));
    }
    // The window's levels keep no district and company at once, and it holds no use unit's own rows.
    expect(USE_WINDOW.levels.map((l) => l.suffix)).toEqual(['*', '~', '^']);
    await full();
  }, 900_000);
});
