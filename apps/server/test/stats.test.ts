import {
  type CountsOutput,
  rescueCaseCalls,
  shanghaiToday,
  statsAnalysisCalls,
  statsDesignedCalls,
  statsRateCalls,
  statsScreenCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultFrom } from '../src/modules/statistics/query.ts';
import { ROLLUP_EVERY_MS, refreshStats, STALENESS_BOUND_SECONDS } from '../src/modules/statistics/rollup.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/*
 * Statistics (issue 18), on the demo data: every call answers (happy), is refused without its
 * permission, refuses bad input with a Chinese message; a per-call scope sweep (a regulator's and a
 * company's unfiltered figure equal the platform's filtered to their scope, and a filter outside
 * the scope is 403); figures against direct counts over random filters; a new case in the counts
 * after one job run. The drill-down agreement with the registry, the case list and the order list
 * is stats-drill.test.ts.
 */

const ALL = { ...statsScreenCalls, ...statsAnalysisCalls, ...statsRateCalls, ...statsDesignedCalls };
type Name = keyof typeof ALL & string;
const DASHBOARDS: Name[] = ['regulatorDashboard', 'companyDashboard', 'useUnitDashboard'];
const FILTERABLE = (Object.keys(ALL) as Name[]).filter((n) => !DASHBOARDS.includes(n));

/**
 * The figure without its freshness and the minutes an open case has waited (two reads a moment
 * apart differ only there: a wait is rounded to 0.1 minute, which a read 6 s later may cross).
 */
const figure = (d: unknown) =>
  JSON.parse(JSON.stringify(d, (k, v) => (k === 'meta' || k === 'waitedMinutes' ? undefined : v)));

describe.each(dbKinds)('statistics on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof ALL>;
  let wb1: number;
  let sy1: number;
  const q = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.platform.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await startTestApp(kind);
    p = new CallProber(t, ALL);
    await p.signIn(['jg_qingxiu', 'wb_admin1', 'sy_admin1', 'wb_staff1', 'kf_agent1']);
    const [a] = await q<{ id: number }>(
      sql`select company_id as id from sys_user where username = 'wb_admin1'`,
    );
    const [b] = await q<{ id: number }>(
      sql`select company_id as id from sys_user where username = 'sy_admin1'`,
    );
    wb1 = Number(a?.id);
    sy1 = Number(b?.id);
    // The first file of a run builds the seeded template (minutes on a loaded machine).
  }, 900_000);
  afterAll(() => t?.close());

  const input = (name: Name, extra: Record<string, unknown> = {}) =>
    ALL[name].method === 'POST' ? { page: 1, limit: 500, ...extra } : extra;

  it('answers every call for the platform (the dashboards for their own side)', async () => {
    for (const name of FILTERABLE) {
      const res = await p.send('admin', name, input(name));
      expect(res.status, `${name}: ${res.body.resultMsg}`).toBe(200);
      expect((res.body.data as { meta: { source: string } }).meta.source).toBe('primary');
    }
    const own: [Name, string][] = [
      ['regulatorDashboard', 'jg_qingxiu'],
      ['companyDashboard', 'wb_admin1'],
      ['useUnitDashboard', 'sy_admin1'],
    ];
    for (const [name, user] of own) {
      const res = await p.send(user, name, {});
      expect(res.status, `${user} ${name}: ${res.body.resultMsg}`).toBe(200);
    }
    // The demo data makes the charts mean something.
    const area = (await p.send<CountsOutput>('admin', 'countElevatorGroupbyArea', {})).body.data;
    expect(area.total).toBeGreaterThan(0);
    const causes = (await p.send<CountsOutput>('admin', 'elevatorHitchType', {})).body.data;
    expect(causes.total).toBeGreaterThan(0);
  }, 300_000);

  it('refuses a caller without the permission, and the dashboards of another side', async () => {
    for (const name of FILTERABLE) {
      if (p.may('wb_staff1', name)) continue;
      const res = await p.send('wb_staff1', name, input(name));
      expect(res.status, `wb_staff1 ${name}`).toBe(403);
    }
    expect((await p.send('admin', 'companyDashboard', {})).status).toBe(403);
    expect((await p.send('wb_admin1', 'useUnitDashboard', {})).status).toBe(403);
    expect((await p.send('sy_admin1', 'regulatorDashboard', {})).status).toBe(403);
  }, 300_000);

  it('refuses bad input with a Chinese message', async () => {
    for (const name of FILTERABLE.filter((n) => n !== 'mapPoints' && n !== 'screenSummary')) {
      const bad = await p.send('admin', name, input(name, { month: '2026-13' }));
      expect(bad.status, name).toBe(400);
      expect(bad.body.resultMsg).toMatch(/月份格式/);
      const reversed = await p.send(
        'admin',
        name,
        input(name, { dateFrom: '2026-05-02', dateTo: '2026-05-01' }),
      );
      expect(reversed.status, name).toBe(400);
      const type = await p.send('admin', name, input(name, { type: 3 }));
      expect(type.status, name).toBe(400);
    }
    const map = await p.send('admin', 'mapPoints', { zoom: 30 });
    expect(map.status).toBe(400);
    expect(map.body.resultMsg).toMatch(/缩放级别/);
    const box = await p.send('admin', 'mapPoints', { minLng: 109, maxLng: 108 });
    expect(box.status).toBe(400);
  }, 300_000);

  describe('data scope, call by call', () => {
    /** The actor's unfiltered figure equals the platform's filtered to the actor's scope; a foreign filter is 403. */
    const scoped = (name: Name) => async (actor: string) => {
      const own =
        actor === 'jg_qingxiu'
          ? { areaCode: '450103' }
          : actor === 'wb_admin1'
            ? { maintenanceCompanyId: wb1 }
            : { useCompanyId: sy1 };
      const foreign =
        actor === 'jg_qingxiu'
          ? { areaCode: '450102' }
          : actor === 'wb_admin1'
            ? { maintenanceCompanyId: sy1 }
            : { useCompanyId: wb1 };
      const mine = await p.send(actor, name, input(name));
      if (!p.may(actor, name)) {
        expect(mine.status, `${actor} ${name}`).toBe(403);
        return;
      }
      expect(mine.status, `${actor} ${name}: ${mine.body.resultMsg}`).toBe(200);
      const control = await p.send('admin', name, input(name, own));
      expect(control.status, `admin ${name}`).toBe(200);
      expect(figure(mine.body.data), `${actor} ${name} = the platform's figure of its scope`).toEqual(
        figure(control.body.data),
      );
      const refused = await p.send(actor, name, input(name, foreign));
      expect(refused.status, `${actor} ${name} with a filter outside its scope`).toBe(403);
    };
    const probes = Object.fromEntries(FILTERABLE.map((n) => [n, scoped(n)])) as Probes<typeof ALL>;
    probes.regulatorDashboard = async (a) => {
      const res = await p.send(a, 'regulatorDashboard', {});
      if (a !== 'jg_qingxiu') return expect(res.status, a).toBe(403);
      const control = await p.send('admin', 'regulatorDashboard', { areaCode: '450103' });
      expect(figure(res.body.data)).toEqual(figure(control.body.data));
      expect((await p.send(a, 'regulatorDashboard', { areaCode: '450102' })).status).toBe(403);
    };
    probes.companyDashboard = async (a) => {
      const res = await p.send(a, 'companyDashboard', {});
      expect(res.status, a).toBe(a === 'wb_admin1' ? 200 : 403);
      if (a === 'wb_admin1') {
        const lifts = await p.send<CountsOutput>('admin', 'countElevatorGroupbyArea', {
          maintenanceCompanyId: wb1,
        });
        expect((res.body.data as { lifts: number }).lifts).toBe(lifts.body.data.total);
      }
    };
    probes.useUnitDashboard = async (a) => {
      const res = await p.send(a, 'useUnitDashboard', {});
      expect(res.status, a).toBe(a === 'sy_admin1' ? 200 : 403);
      if (a === 'sy_admin1') {
        const lifts = await p.send<CountsOutput>('admin', 'countElevatorGroupbyArea', { useCompanyId: sy1 });
        expect((res.body.data as { lifts: number }).lifts).toBe(lifts.body.data.total);
      }
    };

    it('has a probe for every call', () => p.expectProbeForEveryCall(probes));
    it.each(['jg_qingxiu', 'wb_admin1', 'sy_admin1'])(
      '%s sees only its own',
      (actor) => p.sweep(actor, probes, async () => q(sql`select count(*) from stats_case`)),
      600_000,
    );
  });

  it('counts what a direct count of the sources counts, over random filters', async () => {
    const today = shanghaiToday();
    const areas = ['450103', '450102', '450105', '450107', undefined];
    const occasions = (
      await q<{ o: string }>(
        sql`select distinct use_occasion as o from elevator where use_occasion is not null limit 5`,
      )
    ).map((r) => r.o);
    let seed = 7;
    const pick = <T>(xs: T[]): T => {
      seed = (seed * 48271) % 2147483647;
      return xs[seed % xs.length] as T;
    };
    for (let i = 0; i < 12; i++) {
      const f: Record<string, string | number | undefined> = {
        areaCode: pick(areas),
        type: pick([1, 2, undefined]),
        useOccasion: pick([...occasions, undefined, undefined]),
      };
      const months = Array.from({ length: 12 }, (_, k) => {
        const d = new Date(`${today.slice(0, 7)}-15T00:00:00Z`);
        d.setUTCMonth(d.getUTCMonth() - k);
        return d.toISOString().slice(0, 7);
      });
      const month = pick(months);
      const lift = sql`e.use_status = 1
        ${f.areaCode ? sql`and e.area_code = ${f.areaCode}` : sql``}
        ${f.type ? sql`and e.type = ${f.type}` : sql``}
        ${f.useOccasion ? sql`and e.use_occasion = ${f.useOccasion}` : sql``}`;
      const [lifts] = await q<{ n: string }>(sql`select count(*) as n from elevator e where ${lift}`);
      const area = await p.send<CountsOutput>('admin', 'countElevatorGroupbyArea', f);
      expect(area.body.data.total, JSON.stringify(f)).toBe(Number(lifts?.n));

      const shDay = sql.raw(`((c.alarm_at at time zone 'UTC') + interval '8 hours')::date`);
      const [cases] = await q<{ n: string }>(sql`select count(*) as n from rescue_case c
        left join elevator e on e.id = c.elevator_id
        where c.kind = 1 and to_char(${shDay}, 'YYYY-MM') = ${month}
        ${f.areaCode ? sql`and c.area_code = ${f.areaCode}` : sql``}
        ${f.type ? sql`and e.type = ${f.type}` : sql``}
        ${f.useOccasion ? sql`and e.use_occasion = ${f.useOccasion}` : sql``}`);
      const causes = await p.send<CountsOutput>('admin', 'elevatorHitchType', { ...f, month });
      expect(causes.body.data.total, `cases ${JSON.stringify(f)} ${month}`).toBe(Number(cases?.n));

      const [orders] = await q<{ n: string; c: string }>(sql`select count(*) as n,
          count(*) filter (where o.status in (3, 4, 5)) as c from maintenance_order o
        left join elevator e on e.id = o.elevator_id
        where to_char(o.plan_date, 'YYYY-MM') = ${month}
        ${f.areaCode ? sql`and o.area_code = ${f.areaCode}` : sql``}
        ${f.type ? sql`and e.type = ${f.type}` : sql``}
        ${f.useOccasion ? sql`and e.use_occasion = ${f.useOccasion}` : sql``}`);
      const info = await p.send<{ sum: { planned: number } }>('admin', 'elevatorMaintenanceInfoQuery', {
        ...f,
        month,
        page: 1,
        limit: 50,
      });
      expect(info.body.data.sum.planned, `orders ${JSON.stringify(f)} ${month}`).toBe(Number(orders?.n));

      // The lift ranking: its sum row is the month's 困人 cases, its first lift the one with most.
      const ranking = await p.send<{
        total: number;
        records: { key: string; trappedCases: number }[];
        sum: { trappedCases: number };
      }>('admin', 'elevatorRateQuery', { ...f, month, page: 1, limit: 5 });
      expect(ranking.body.data.sum.trappedCases, `ranking ${JSON.stringify(f)} ${month}`).toBe(
        Number(cases?.n),
      );
      const perLift = await q<{ id: number; n: string }>(sql`select c.elevator_id as id, count(*) as n
        from rescue_case c left join elevator e on e.id = c.elevator_id
        where c.kind = 1 and to_char(${shDay}, 'YYYY-MM') = ${month}
        ${f.areaCode ? sql`and c.area_code = ${f.areaCode}` : sql``}
        ${f.type ? sql`and e.type = ${f.type}` : sql``}
        ${f.useOccasion ? sql`and e.use_occasion = ${f.useOccasion}` : sql``}
        group by 1 order by 2 desc, 1 limit 1`);
      if (perLift[0]) expect(ranking.body.data.records[0].trappedCases).toBe(Number(perLift[0].n));
    }
  }, 600_000);

  it('ranks the lifts of the default period (the lift window) as a direct ranking of the cases and repairs does', async () => {
    await t.platform.db.transaction((tx) => refreshStats(tx));
    const today = shanghaiToday();
    const from = defaultFrom(today);
    const caseDay = sql.raw(`((c.alarm_at at time zone 'UTC') + interval '8 hours')::date`);
    const repairDay = sql.raw(`((r.created_at at time zone 'UTC') + interval '8 hours')::date`);
    type Ranking = {
      total: number;
      records: { key: string; trappedCases: number; faults: number; arrived: number }[];
      sum: { trappedCases: number; faults: number; within30: number };
    };
    const cases: [string, Record<string, unknown>, ReturnType<typeof sql>][] = [
      ['admin', {}, sql`true`],
      ['admin', { areaCode: '450103' }, sql`x.area_code = '450103'`],
      ['jg_qingxiu', {}, sql`x.area_code = '450103'`],
      ['admin', { maintenanceCompanyId: wb1 }, sql`x.maintenance_company_id = ${wb1}`],
      // A district and a company at once: no window level keeps both, the source rows rank.
      [
        'jg_qingxiu',
        { maintenanceCompanyId: wb1 },
        sql`x.area_code = '450103' and x.maintenance_company_id = ${wb1}`,
      ],
    ];
    for (const [who, f, scope] of cases)
      for (const [sortField, page, sortOrder] of [
        [undefined, 1, 'descend'],
        [undefined, 2, 'descend'],
        ['faults', 1, 'descend'],
        // The other orders each way (each read from its own index of the window: tables.ts sortIndexes).
        ['faults', 2, 'ascend'],
        ['trappedCases', 2, 'ascend'],
        ['faultPer100', 1, 'descend'],
        ['faultPer100', 2, 'ascend'],
        ['arrived', 1, 'descend'],
        ['arrived', 2, 'ascend'],
      ] as const) {
        const label = `${who} ${JSON.stringify(f)} ${sortField ?? 'trapped'} ${sortOrder} page ${page}`;
        // The ranking's order over the direct counts (rates.ts LIFT_SORTS), ties by the lift's id.
        const orders: Record<string, string> = {
          faults: 'sum(faults)',
          faultPer100: 'sum(trapped) + sum(faults)',
          arrived: 'sum(arrived)',
        };
        const key = orders[sortField ?? ''] ?? 'sum(trapped)';
        const direct = await q<{ id: number; trapped: number; faults: number; arrived: number }>(sql`
          with x as (
            select c.elevator_id as id, c.area_code, c.maintenance_company_id, 1 as trapped, 0 as faults,
              (c.arrived_at is not null)::int as arrived
            from rescue_case c where c.kind = 1 and ${caseDay} between ${from}::date and ${today}::date
            union all
            select r.elevator_id, r.area_code, r.maintenance_company_id, 0, 1, 0
            from repair_order r where ${repairDay} between ${from}::date and ${today}::date)
          select id, sum(trapped)::int as trapped, sum(faults)::int as faults, sum(arrived)::int as arrived
          from x where ${scope} group by id
          order by ${sql.raw(key)} ${sql.raw(sortOrder === 'ascend' ? 'asc' : 'desc')}, id`);
        const res = await p.send<Ranking>(who, 'elevatorRateQuery', {
          ...f,
          page,
          limit: 5,
          ...(sortField ? { sortField, sortOrder } : {}),
        });
        expect(res.status, label).toBe(200);
        const got = res.body.data;
        expect(got.total, label).toBe(direct.length);
        expect(
          got.records.map((r) => [Number(r.key), r.trappedCases, r.faults, r.arrived]),
          label,
        ).toEqual(direct.slice((page - 1) * 5, page * 5).map((r) => [r.id, r.trapped, r.faults, r.arrived]));
        expect(got.sum.trappedCases, label).toBe(direct.reduce((n, r) => n + r.trapped, 0));
        expect(got.sum.faults, label).toBe(direct.reduce((n, r) => n + r.faults, 0));
      }
    // The lifts' ranking read the window (it holds this month's window after the run).
    const [held] = await q<{ n: number }>(
      sql`select count(*)::int as n from stats_lift_window where dim = '*' and day = ${from}::date`,
    );
    expect(held?.n).toBeGreaterThan(0);
  }, 600_000);

  it('ranks the use units (elevatorUserData, buildingCompayFaultAnalysis) as a direct ranking of lifts, cases and repairs does', async () => {
    await t.platform.db.transaction((tx) => refreshStats(tx));
    const today = shanghaiToday();
    type Direct = { key: string; lifts: number; trapped: number; faults: number; oi: number; om: number };
    const direct = async (scope: ReturnType<typeof sql>, from: string, to: string) =>
      q<Direct>(sql`
        with x as (
          select l.use_company_id as k, 1 as lifts, 0 as trapped, 0 as faults,
            (l.inspection_due < ${today}::date)::int as oi, (l.maintenance_due < ${today}::date)::int as om,
            l.area_code
          from stats_lift l where l.use_status = 1
          union all
          select c.use_company_id, 0, 1, 0, 0, 0, c.area_code from stats_case c
          where c.kind = 1 and c.day between ${from}::date and ${to}::date
          union all
          select r.use_company_id, 0, 0, 1, 0, 0, r.area_code from stats_repair r
          where r.day between ${from}::date and ${to}::date)
        select k::text as key, sum(lifts)::int as lifts, sum(trapped)::int as trapped, sum(faults)::int as faults,
          sum(oi)::int as oi, sum(om)::int as om
        from x where ${scope} group by k`);
    const from = defaultFrom(today);
    const periods: [Record<string, unknown>, string, string][] = [
      [{}, from, today],
      [{ dateFrom: '2026-03-10', dateTo: '2026-08-20' }, '2026-03-10', '2026-08-20'],
    ];
    const callers: [string, Record<string, unknown>, ReturnType<typeof sql>][] = [
      ['admin', {}, sql`true`],
      ['admin', { areaCode: '450103' }, sql`area_code = '450103'`],
      ['jg_qingxiu', {}, sql`area_code = '450103'`],
    ];
    for (const [who, filter, scope] of callers)
      for (const [period, pFrom, pTo] of periods) {
        const all = await direct(scope, pFrom, pTo);
        const f = { ...filter, ...period };
        // buildingCompayFaultAnalysis: the top 50 by 困人, faults, lifts.
        const top = await p.send<{
          rows: { key: string; lifts: number; trappedCases: number; faults: number }[];
        }>(who, 'buildingCompayFaultAnalysis', f);
        expect(top.status, `${who} ${JSON.stringify(f)}`).toBe(200);
        const expected = [...all]
          .sort(
            (a, b) =>
              b.trapped - a.trapped || b.faults - a.faults || b.lifts - a.lifts || (a.key < b.key ? -1 : 1),
          )
          .slice(0, 50);
        expect(
          top.body.data.rows.map((r) => [r.key, r.lifts, r.trappedCases, r.faults]),
          `top ${who} ${JSON.stringify(f)}`,
        ).toEqual(expected.map((r) => [r.key, r.lifts, r.trapped, r.faults]));
        // elevatorUserData: pages in several orders, the count and the sum row.
        for (const [sortField, sortOrder, page] of [
          [undefined, undefined, 1],
          ['lifts', 'ascend', 2],
          ['overdueMaintenance', 'descend', 1],
          ['faults', 'descend', 3],
        ] as const) {
          const label = `${who} ${JSON.stringify(f)} ${sortField ?? '-'} ${sortOrder ?? ''} ${page}`;
          const res = await p.send<{
            total: number;
            records: {
              key: string;
              lifts: number;
              trappedCases: number;
              faults: number;
              overdueMaintenance: number;
            }[];
            sum: { lifts: number; trappedCases: number; faults: number; overdueInspection: number };
          }>(who, 'elevatorUserData', {
            ...f,
            page,
            limit: 10,
            ...(sortField ? { sortField, sortOrder } : {}),
          });
          expect(res.status, label).toBe(200);
          const value = (r: Direct) =>
            sortField === 'lifts'
              ? r.lifts
              : sortField === 'overdueMaintenance'
                ? r.om
                : sortField === 'faults'
                  ? r.faults
                  : r.trapped;
          const dir = sortOrder === 'ascend' ? 1 : -1;
          const sorted = [...all].sort((a, b) => dir * (value(a) - value(b)) || (a.key < b.key ? -1 : 1));
          expect(res.body.data.total, label).toBe(all.length);
          expect(
            res.body.data.records.map((r) => [
              r.key,
              r.lifts,
              r.trappedCases,
              r.faults,
              r.overdueMaintenance,
            ]),
            label,
          ).toEqual(
            sorted.slice((page - 1) * 10, page * 10).map((r) => [r.key, r.lifts, r.trapped, r.faults, r.om]),
          );
          expect(res.body.data.sum, label).toMatchObject({
            lifts: all.reduce((n, r) => n + r.lifts, 0),
            trappedCases: all.reduce((n, r) => n + r.trapped, 0),
            faults: all.reduce((n, r) => n + r.faults, 0),
            overdueInspection: all.reduce((n, r) => n + r.oi, 0),
          });
        }
      }
  }, 600_000);

  it('counts causes, arrival bands and agents as a direct count does, over random periods', async () => {
    const today = shanghaiToday();
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const dayBack = (n: number) => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - n);
      return d.toISOString().slice(0, 10);
    };
    const shDay = sql.raw(`((c.alarm_at at time zone 'UTC') + interval '8 hours')::date`);
    const minutes = sql.raw('(extract(epoch from (c.arrived_at - c.alarm_at)) / 60.0)');
    // The platform (the city's rows, or a district's) and a district regulator (its district's) read
    // different levels of the month rollups (every level: stats-rollup.test.ts).
    for (let i = 0; i < 8; i++) {
      // Periods with whole months inside (read from the month rollup) and partial months at the ends.
      const to = dayBack(next(40));
      const dateFrom = dayBack(next(330) + 40);
      const who = i % 2 === 0 ? 'admin' : 'jg_qingxiu';
      const areaCode = who === 'jg_qingxiu' ? '450103' : [undefined, '450102', '450105'][next(3)];
      const f = { dateFrom, dateTo: to, ...(areaCode && who === 'admin' ? { areaCode } : {}) };
      const label = `${who} ${JSON.stringify(f)}`;
      const where = sql`${shDay} between ${dateFrom}::date and ${to}::date
        ${areaCode ? sql`and c.area_code = ${areaCode}` : sql``}`;

      const repairs = await q<{ n: string }>(sql`select count(*) as n from repair_order c
        where ((c.created_at at time zone 'UTC') + interval '8 hours')::date between ${dateFrom}::date and ${to}::date
        ${areaCode ? sql`and c.area_code = ${areaCode}` : sql``}`);
      const hitch = await p.send<CountsOutput>(who, 'getHitchType', f);
      expect(hitch.status, label).toBe(200);
      expect(hitch.body.data.total, `repairs ${label}`).toBe(Number(repairs[0]?.n));

      const causes = await q<{ k: string; n: string }>(sql`select coalesce(c.cause, 0)::text || '|' ||
          coalesce(nullif(c.cause_detail, ''), '未填') as k, count(*) as n
        from rescue_case c where c.kind = 1 and ${where} group by 1`);
      const faults = await p.send<{ rows: { key: string; details: { key: string; value: number }[] }[] }>(
        who,
        'faultTypeAnalysis',
        f,
      );
      expect(faults.status, label).toBe(200);
      const got = new Map<string, number>();
      for (const r of faults.body.data.rows) for (const d of r.details) got.set(`${r.key}|${d.key}`, d.value);
      expect(got, `causes ${label}`).toEqual(new Map(causes.map((r) => [r.k, Number(r.n)])));

      const bands = await q<{ k: string; n: string }>(sql`select case when c.arrived_at is null then 'none'
          when ${minutes} <= 10 then '0-10' when ${minutes} <= 20 then '10-20'
          when ${minutes} <= 30 then '20-30' else '30+' end as k, count(*) as n
        from rescue_case c where c.kind = 1 and ${where} group by 1`);
      const times = await p.send<{ buckets: { key: string; value: number }[] }>(who, 'rescueTimeAnalysis', f);
      expect(times.status, label).toBe(200);
      const want = new Map(bands.map((r) => [r.k, Number(r.n)]));
      for (const b of times.body.data.buckets)
        expect(b.value, `band ${b.key} ${label}`).toBe(want.get(b.key) ?? 0);

      const sources = await q<{ k: string; n: string }>(sql`select 'source:' || c.source as k, count(*) as n
        from rescue_case c where ${where} group by 1`);
      const agents = await q<{
        k: string;
        n: string;
        t: string;
      }>(sql`select coalesce(c.agent_id, 0)::text as k,
          count(*) as n, count(*) filter (where c.kind = 1) as t
        from rescue_case c where ${where} group by 1`);
      const seats = await p.send<{
        rows: { key: string; cases: number; trappedCases: number }[];
        sources: { key: string; value: number }[];
      }>(who, 'seatDisposal', f);
      expect(seats.status, label).toBe(200);
      expect(
        new Map(seats.body.data.rows.map((r) => [r.key, [r.cases, r.trappedCases]])),
        `agents ${label}`,
      ).toEqual(new Map(agents.map((r) => [r.k, [Number(r.n), Number(r.t)]])));
      const bySource = new Map(sources.map((r) => [r.k, Number(r.n)]));
      for (const x of seats.body.data.sources)
        expect(x.value, `${x.key} ${label}`).toBe(bySource.get(x.key) ?? 0);
    }
  }, 600_000);

  it(`shows a new case within the staleness bound (${STALENESS_BOUND_SECONDS} s): the job runs every ${ROLLUP_EVERY_MS / 1000} s`, async () => {
    const job = t.platform.jobs.list().find((j) => j.name === 'stats.rollup');
    expect(job?.everyMs).toBeLessThanOrEqual(STALENESS_BOUND_SECONDS * 1000);
    const before = (await p.send<{ todayCases: number }>('admin', 'screenSummary', {})).body.data.todayCases;
    const saved = await t.api('PUT', rescueCaseCalls.saveOrder.path, {
      token: p.tokens.kf_agent1,
      body: { kind: 3, callerPhone: '13900002222', description: '咨询' },
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    // What the job does on its next run (≤ 30 s away).
    await refreshStats(t.platform.db);
    const after = (
      await p.send<{ todayCases: number; meta: { staleSeconds: number; behind: boolean } }>(
        'admin',
        'screenSummary',
        {},
      )
    ).body.data;
    expect(after.todayCases).toBe(before + 1);
    expect(after.meta.staleSeconds).toBeLessThanOrEqual(STALENESS_BOUND_SECONDS);
    expect(after.meta.behind).toBe(false);
  }, 300_000);

  it('remembers a figure until the job runs again, per data scope, its freshness made at each read', async () => {
    await refreshStats(t.platform.db);
    type Counts = { total: number; meta: { staleSeconds: number; behind: boolean } };
    const read = async (user: string, f: Record<string, unknown> = {}) => {
      const res = await p.send<Counts>(user, 'countElevatorGroupbyArea', f);
      expect(res.status, res.body.resultMsg).toBe(200);
      return res.body.data;
    };
    const city = await read('admin');
    const district = await read('admin', { areaCode: '450103' });
    expect(district.total).toBeGreaterThan(0);
    // A change the job did not make (written to the rollup by hand, the cursors as they were).
    await t.platform.db.execute(sql`update stats_lift_group set lifts = lifts * 2`);
    try {
      expect((await read('admin')).total, 'remembered').toBe(city.total);
      expect((await read('admin', { areaCode: '450103' })).total, 'remembered').toBe(district.total);
      // Another scope's figure is its own: the district's regulator reads the table as it is now.
      expect((await read('jg_qingxiu')).total, 'another scope').toBe(2 * district.total);
      // Read later in the same state: the figure from memory, how stale it is from the clock.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 65_000 });
      try {
        const later = await read('admin');
        expect(later.total).toBe(city.total);
        expect(later.meta.staleSeconds).toBeGreaterThanOrEqual(65);
        expect(later.meta.behind).toBe(true);
      } finally {
        vi.useRealTimers();
      }
      // A run of the job rewrites the cursors (whatever its clock): the figures read the rollups again.
      await t.platform.db.execute(sql`update stats_cursor set caught_up_at = caught_up_at`);
      expect((await read('admin')).total, 'after a run').toBe(2 * city.total);
    } finally {
      await t.platform.db.execute(sql`update stats_lift_group set lifts = lifts / 2`);
      await refreshStats(t.platform.db);
    }
  });

  it('says how far behind a figure is past its bound', async () => {
    await t.platform.db.execute(sql`update stats_cursor set caught_up_at = now() - interval '5 minutes'`);
    const res = await p.send<{ meta: { staleSeconds: number; behind: boolean } }>('admin', 'regulation', {});
    expect(res.body.data.meta.behind).toBe(true);
    expect(res.body.data.meta.staleSeconds).toBeGreaterThanOrEqual(299);
    await refreshStats(t.platform.db);
  });

  it('gives each lift on the screen and the map the first state that applies, as a count lift by lift does', async () => {
    const [l1, l2, l3] = await q<{ id: number }>(
      sql`select elevator_id as id from stats_lift where use_status = 1 and area_code = '450103'
        and maintenance_company_id = ${wb1} order by elevator_id limit 3`,
    );
    const ids = [l1?.id, l2?.id, l3?.id].map(Number);
    // 1: stopped, overdue, trapped; 2: stopped, a repair open; 3: overdue, trapped and a repair open.
    await t.platform.db.execute(sql`update elevator set use_status = 2, updated_at = now()
      where id in (${ids[0]}, ${ids[1]})`);
    await t.platform.db.execute(sql`update maintenance_lift set due_date = current_date - 40, updated_at = now()
      where elevator_id in (${ids[0]}, ${ids[2]})`);
    await refreshStats(t.platform.db);
    await t.platform.db.execute(sql`insert into stats_case (case_id, case_no, day, hour, weekday, alarm_at,
        elevator_id, area_code, maintenance_company_id, use_company_id, lift_type, use_occasion, brand,
        manufacturer, built_year, kind, status, source, agent_id, cause, cause_detail, freed)
      select -elevator_id, 'T' || elevator_id, current_date, 9, 1, now(), elevator_id, area_code,
        maintenance_company_id, use_company_id, lift_type, use_occasion, brand, manufacturer, built_year,
        1, 2, 1, 0, 0, '', 0
      from stats_lift where elevator_id in (${ids[0]}, ${ids[2]})`);
    await t.platform.db.execute(sql`insert into stats_repair (repair_id, day, elevator_id, area_code,
        maintenance_company_id, use_company_id, lift_type, use_occasion, brand, manufacturer, built_year,
        hitch_type, status)
      select -elevator_id, current_date, elevator_id, area_code, maintenance_company_id, use_company_id,
        lift_type, use_occasion, brand, manufacturer, built_year, '', 1
      from stats_lift where elevator_id in (${ids[1]}, ${ids[2]})`);
    try {
      // The screen and the map are the regulators' (the city, a district).
      for (const user of ['admin', 'jg_qingxiu']) {
        const area = user === 'jg_qingxiu' ? '450103' : null;
        const direct = await q<{ s: number; n: number }>(sql`select s, count(*)::int as n from (select case
            when exists (select 1 from stats_case c where c.elevator_id = l.elevator_id and c.kind = 1 and c.status < 6) then 1
            when exists (select 1 from stats_repair r where r.elevator_id = l.elevator_id and r.status < 3) then 2
            when l.maintenance_due < current_date then 3 when l.use_status = 2 then 4 else 5 end as s
          from stats_lift l where l.use_status in (1, 2)
            and (${area}::text is null or l.area_code = ${area})) x group by s`);
        const expected = [1, 2, 3, 4, 5].map((s) => direct.find((r) => r.s === s)?.n ?? 0);
        const [inUse] = await q<{ n: number }>(sql`select count(*)::int as n from stats_lift l
          where l.use_status = 1 and (${area}::text is null or l.area_code = ${area})`);
        const screen = await p.send<{ liftsByState: { value: number }[] }>(user, 'screenSummary', {});
        expect(screen.status, `${user}: ${screen.body.resultMsg}`).toBe(200);
        expect(
          screen.body.data.liftsByState.map((x) => x.value),
          user,
        ).toEqual(expected);
        const map = await p.send<{
          districts: { trapped: number; fault: number; overdue: number; stopped: number; lifts: number }[];
        }>(user, 'mapPoints', { zoom: 1 });
        const d = map.body.data.districts;
        const sum = (k: 'trapped' | 'fault' | 'overdue' | 'stopped' | 'lifts') =>
          d.reduce((a, x) => a + x[k], 0);
        expect([sum('trapped'), sum('fault'), sum('overdue'), sum('stopped')], user).toEqual(
          expected.slice(0, 4),
        );
        // A marker's number is its lifts in use (the registry list it opens, stats-drill.test.ts);
        // the stopped ones are drawn and counted by state.
        expect(sum('lifts'), user).toBe(inUse?.n);
        expect(sum('lifts'), user).toBeLessThan(expected.reduce((a, n) => a + n, 0));
      }
      const admin = await p.send<{ liftsByState: { value: number }[] }>('admin', 'screenSummary', {});
      expect(admin.body.data.liftsByState[0]?.value).toBeGreaterThanOrEqual(2);
      expect(admin.body.data.liftsByState[1]?.value).toBeGreaterThanOrEqual(1);
    } finally {
      await t.platform.db.execute(sql`delete from stats_case where case_id < 0`);
      await t.platform.db.execute(sql`delete from stats_repair where repair_id < 0`);
    }
  });

  it('keeps the city at full zoom-out small (one marker per district)', async () => {
    const res = await p.send<{ mode: string; districts: unknown[] }>('admin', 'mapPoints', { zoom: 1 });
    expect(res.body.data.mode).toBe('district');
    expect(res.raw.length).toBeLessThan(200_000);
    const near = await p.send<{ mode: string; points: unknown[] }>('admin', 'mapPoints', {
      zoom: 15,
      minLng: 107,
      maxLng: 110,
      minLat: 22,
      maxLat: 24,
    });
    expect(['points', 'grid']).toContain(near.body.data.mode);
  });
});
