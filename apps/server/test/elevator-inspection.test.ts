import {
  type ElevatorRow,
  formatDate,
  INSPECT_STATE_LABEL,
  type InspectionCounts,
  inspectStateOf,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

type Page = { records: ElevatorRow[]; total: number; approximate: boolean };

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * 超期未检 and 即将到期 (item 23): a lift in use whose next inspection date has passed, or falls
 * within 30 days. The list filters on it and the counts give it, each within the caller's scope.
 */
describe.each(dbKinds)('inspection due and overdue on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const today = formatDate(new Date());
  /** The elevators whose dates the test sets, by role in the test. */
  const lifts: Record<string, { id: number; areaCode: string; maintenanceCompanyId: number | null }> = {};

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of ['admin', 'jg_qingxiu', 'wb_admin1', 'wb_admin2', 'sy_admin1', 'jy_admin1'])
      tokens[u] = await t.login(u);
    const db = t.platform.db;
    // Everything inspected recently, then a few lifts of each company and district given dates.
    await db.execute(
      sql`update elevator set next_inspect_date = ${addDays(today, 200)}::date, use_status = 1`,
    );
    const rows = rowsOf<{
      id: number;
      areaCode: string;
      maintenanceCompanyId: number | null;
      username: string;
    }>(
      await db.execute(sql`select e.id, e.area_code as "areaCode", e.maintenance_company_id as "maintenanceCompanyId",
          u.username
        from elevator e join sys_user u on u.company_id = e.maintenance_company_id
        where u.username in ('wb_admin1', 'wb_admin2') order by e.id`),
    );
    const of = (username: string, inQingxiu: boolean) =>
      rows.filter((r) => r.username === username && (r.areaCode === '450103') === inQingxiu);
    const [a1, a2, a3, a4] = of('wb_admin1', true);
    const [b1] = of('wb_admin1', false);
    const [c1, c2] = of('wb_admin2', false);
    const [d1] = of('wb_admin2', true);
    Object.assign(lifts, { a1, a2, a3, a4, b1, c1, c2, d1 });
    for (const [lift, next, useStatus] of [
      [a1, addDays(today, -1), 1], // overdue since yesterday
      [a2, today, 1], // due today: not yet overdue
      [a3, addDays(today, 30), 1], // due, last day of the window
      [a4, addDays(today, 31), 1], // neither
      [b1, addDays(today, -90), 1], // overdue, outside 青秀区
      [c1, addDays(today, -5), 2], // overdue date but 停用: neither
      [c2, addDays(today, 10), 1], // due, company 2
      [d1, addDays(today, -3), 1], // overdue, company 2 in 青秀区
    ] as const) {
      await db.execute(
        sql`update elevator set next_inspect_date = ${next}::date, use_status = ${useStatus} where id = ${lift.id}`,
      );
    }
  }, 120_000);
  afterAll(() => t?.close());

  const list = async (user: string, filters: Record<string, unknown>) => {
    const res = await t.api<Page>('POST', '/pc/elevator/queryList', {
      token: tokens[user],
      body: { page: 1, limit: 100, ...filters },
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };
  const counts = async (user: string) => {
    const res = await t.api<InspectionCounts>('POST', '/pc/elevator/inspectionCounts', {
      token: tokens[user],
      body: {},
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };
  const ids = (page: Page) => page.records.map((r) => r.id).sort((x, y) => x - y);
  const sorted = (...xs: { id: number }[]) => xs.map((x) => x.id).sort((x, y) => x - y);

  it('filters the list to 超期未检 or 即将到期 lifts in use, inside the caller’s scope', async () => {
    const { a1, a2, a3, b1, c2, d1 } = lifts;
    expect(ids(await list('admin', { inspectState: 'overdue' }))).toEqual(sorted(a1, b1, d1));
    expect(ids(await list('admin', { inspectState: 'due' }))).toEqual(sorted(a2, a3, c2));
    expect(ids(await list('jg_qingxiu', { inspectState: 'overdue' }))).toEqual(sorted(a1, d1));
    expect(ids(await list('jg_qingxiu', { inspectState: 'due' }))).toEqual(sorted(a2, a3));
    expect(ids(await list('wb_admin1', { inspectState: 'overdue' }))).toEqual(sorted(a1, b1));
    expect(ids(await list('wb_admin2', { inspectState: 'overdue' }))).toEqual(sorted(d1));
    expect(ids(await list('wb_admin2', { inspectState: 'due' }))).toEqual(sorted(c2));
    // Combined with other filters, and its total exact.
    const combined = await list('admin', { inspectState: 'overdue', areaCode: '450103' });
    expect(ids(combined)).toEqual(sorted(a1, d1));
    expect(combined).toMatchObject({ total: 2, approximate: false });
  });

  it('counts overdue and due lifts per role, agreeing with the filtered lists', async () => {
    expect(await counts('admin')).toEqual({ overdue: 3, due: 3 });
    expect(await counts('jg_qingxiu')).toEqual({ overdue: 2, due: 2 });
    expect(await counts('wb_admin1')).toEqual({ overdue: 2, due: 2 });
    expect(await counts('wb_admin2')).toEqual({ overdue: 1, due: 1 });
    // A use unit sees only its own lifts; an inspection organisation none of the registry's.
    const sy = await counts('sy_admin1');
    const mine = await list('sy_admin1', { inspectState: 'overdue' });
    expect(sy.overdue).toBe(mine.total);
    for (const user of ['admin', 'jg_qingxiu', 'wb_admin1', 'wb_admin2']) {
      const c = await counts(user);
      expect(c.overdue).toBe((await list(user, { inspectState: 'overdue' })).total);
      expect(c.due).toBe((await list(user, { inspectState: 'due' })).total);
    }
  });

  it('pages a short filtered list in the order asked for, and an empty page past its end', async () => {
    // Few matches: the page is found among all of them, fetched and sorted (elevator/list.ts).
    const due = await list('admin', {
      inspectState: 'due',
      sortField: 'nextInspectDate',
      sortOrder: 'ascend',
    });
    expect(due.records.map((r) => r.nextInspectDate)).toEqual([
      addDays(today, 0),
      addDays(today, 10),
      addDays(today, 30),
    ]);
    const byCode = await list('admin', {
      inspectState: 'overdue',
      sortField: 'registerCode',
      sortOrder: 'descend',
    });
    const codes = byCode.records.map((r) => r.registerCode);
    expect(codes).toEqual([...codes].sort().reverse());
    const second = await t.api<Page>('POST', '/pc/elevator/queryList', {
      token: tokens.admin,
      body: { page: 2, limit: 2, inspectState: 'overdue' },
    });
    expect(second.body.data.records.map((r) => r.id)).toEqual([sorted(lifts.a1, lifts.b1, lifts.d1)[0]]);
    const past = await t.api<Page>('POST', '/pc/elevator/queryList', {
      token: tokens.admin,
      body: { page: 5, limit: 10, inspectState: 'overdue' },
    });
    expect(past.body.data).toMatchObject({ records: [], total: 3, approximate: false });
  });

  it('refuses an unknown inspection state with a Chinese message', async () => {
    const res = await t.api('POST', '/pc/elevator/queryList', {
      token: tokens.admin,
      body: { page: 1, limit: 10, inspectState: 'late' },
    });
    expect(res.status).toBe(400);
    expect(res.body.resultMsg).toContain('检验状态');
  });

  it('tags rows the way the filter selects them (one rule in the contract)', async () => {
    const overdue = await list('admin', { inspectState: 'overdue' });
    for (const row of overdue.records) expect(inspectStateOf(row, today)).toBe('overdue');
    const due = await list('admin', { inspectState: 'due' });
    for (const row of due.records) expect(INSPECT_STATE_LABEL[inspectStateOf(row, today)!]).toBe('即将到期');
  });
});

describe('demo inspection dates', () => {
  it('spread over the coming year with a few percent overdue', async () => {
    const t = await startTestApp('pglite', { demoElevators: 600 });
    try {
      const [s] = rowsOf<{ n: number; overdue: number; year: number }>(
        await t.platform.db.execute(sql`select count(*)::int as n,
            count(*) filter (where next_inspect_date < ${formatDate(new Date())}::date)::int as overdue,
            count(*) filter (where next_inspect_date between ${formatDate(new Date())}::date
              and ${addDays(formatDate(new Date()), 366)}::date)::int as year
          from elevator`),
      );
      expect(s.n).toBe(600);
      expect(s.overdue / s.n).toBeGreaterThan(0.01);
      expect(s.overdue / s.n).toBeLessThan(0.1);
      expect(s.year + s.overdue).toBe(s.n);
    } finally {
      await t.close();
    }
  }, 120_000);
});
