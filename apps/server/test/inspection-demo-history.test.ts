import { addDays, addMonths, inspectionReportCalls, shanghaiToday, statsRateCalls } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoQuoter } from '../src/modules/inspection/bills/seed.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * The demo's year of periodic inspections (issue 18: the statistics chart them): every lift in use of
 * a use unit last inspected in the past twelve months has its report by the demo organisation on the
 * registry's date, spread over the year, mostly 合格, the 不合格 ones re-inspected 复检合格 two weeks
 * later; 检验合格率 (elevatorAreaCountData) counts exactly the seeded reports, as the report list does,
 * over the year and month by month.
 */
describe.each(dbKinds)('demo inspection history on %s', (kind) => {
  let t: TestApp;
  let stats: CallProber<typeof statsRateCalls>;
  let reports: CallProber<typeof inspectionReportCalls>;
  const today = shanghaiToday();
  const yearAgo = addMonths(today, -12);
  const q = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.platform.db.execute(text));

  beforeAll(async () => {
    t = await startTestApp(kind);
    stats = new CallProber(t, statsRateCalls);
    await stats.signIn(['admin']);
    reports = new CallProber(t, inspectionReportCalls);
    await reports.signIn(['admin', 'jy_admin1']);
  }, 600_000);
  afterAll(() => t?.close());

  it('gives every lift in use of a use unit inspected in the past year its report, as the registry dates it', async () => {
    // Lifts in use with a use unit, last inspected in the past year, and no order of the orders' demo.
    const registered = await q<{ id: number; last: string; next: string }>(sql`select e.id,
        to_char(e.last_inspect_date, 'YYYY-MM-DD') as last, to_char(e.next_inspect_date, 'YYYY-MM-DD') as next
      from elevator e where e.use_company_id is not null and e.use_status = 1
        and e.next_inspect_date > ${today}::date and e.next_inspect_date <= ${addMonths(today, 12)}::date
        and not exists (select 1 from inspection_order o where o.elevator_id = e.id and o.state <> 'reported')
      order by e.id`);
    // Those the organisation can quote (its charge notice follows): an escalator without its rise
    // height in the parameters is left out.
    const [{ org }] = await q<{ org: number }>(
      sql`select company_id as org from sys_user where username = 'jy_admin1'`,
    );
    const quote = await t.platform.db.transaction((tx) =>
      demoQuoter(
        tx,
        registered.map((l) => l.id),
        today,
      ),
    );
    const due = registered.filter((l) => quote(org, l.id)?.ok);
    const last = await q<{ elevator_id: number; on: string; next: string; conclusion: string; org: string }>(
      sql`select distinct on (r.elevator_id) r.elevator_id, to_char(r.inspected_on, 'YYYY-MM-DD') as on,
          to_char(r.next_inspection_date, 'YYYY-MM-DD') as next, r.conclusion, u.username as org
        from inspection_report r join sys_user u on u.company_id = r.org_id and u.username = 'jy_admin1'
        order by r.elevator_id, r.attempt desc`,
    );
    expect(due.length).toBeGreaterThan(10);
    expect(last.map((r) => r.elevator_id)).toEqual(due.map((l) => l.id));
    const byLift = new Map(last.map((r) => [r.elevator_id, r]));
    for (const lift of due) {
      const r = byLift.get(lift.id)!;
      // The registry's dates are the last report's: inspected on its last date, next as the report says.
      expect(
        [r.on, r.next, r.conclusion === '合格' || r.conclusion === '复检合格'],
        `lift ${lift.id}`,
      ).toEqual([lift.last, lift.next, true]);
      expect(r.on >= yearAgo && r.on <= today, `lift ${lift.id} ${r.on}`).toBe(true);
    }
    // Spread over the year: most months hold some.
    const months = new Set(last.map((r) => r.on.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(8);
  });

  it('re-inspects each 不合格 two weeks later on the same order: 复检合格', async () => {
    const rows = await q<{
      order_id: number;
      attempt: number;
      conclusion: string;
      on: string;
      deadline: string | null;
    }>(
      sql`select order_id, attempt, conclusion, to_char(inspected_on, 'YYYY-MM-DD') as on,
          to_char(rectification_deadline, 'YYYY-MM-DD') as deadline
        from inspection_report order by order_id, attempt`,
    );
    const failed = rows.filter((r) => r.conclusion === '不合格');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length / rows.length).toBeLessThan(0.2);
    for (const f of failed) {
      const re = rows.find((r) => r.order_id === f.order_id && r.attempt === 2);
      expect(f.attempt).toBe(1);
      expect(f.deadline).not.toBeNull();
      expect(re).toMatchObject({ conclusion: '复检合格', on: addDays(f.on, 14) });
    }
    expect(rows.filter((r) => r.conclusion === '复检合格')).toHaveLength(failed.length);
    // Each report's results give its conclusion: a 不合格 has a key item 不符合.
    const [bad] = await q<{ n: number }>(sql`select count(*)::int as n from inspection_report r
      where r.conclusion = '不合格' and not exists (select 1 from inspection_result x
        where x.report_id = r.id and x.key_item and x.result = '不符合')`);
    expect(bad.n).toBe(0);
  });

  it('检验合格率 counts the seeded reports, as the report list does, over the year and month by month', async () => {
    const [seeded] = await q<{ n: number; passed: number }>(sql`select count(*)::int as n,
        count(*) filter (where conclusion in ('合格', '复检合格'))::int as passed
      from inspection_report where state = 'pushed' and inspected_on >= ${yearAgo}::date`);
    expect(seeded.n).toBeGreaterThan(10);
    type Figure = { sum: { inspected: number; passed: number; passRate: number | null } };
    const figure = async (f: Record<string, string>) => {
      const res = await stats.send<Figure>('admin', 'elevatorAreaCountData', { page: 1, limit: 100, ...f });
      expect(res.status, res.body.resultMsg).toBe(200);
      return res.body.data.sum;
    };
    const list = async (f: Record<string, string>) => {
      const res = await reports.send<{ total: number }>('admin', 'query', { page: 1, limit: 10, ...f });
      expect(res.status, res.body.resultMsg).toBe(200);
      return res.body.data.total;
    };
    const year = await figure({ dateFrom: yearAgo, dateTo: today });
    expect(year).toMatchObject({ inspected: seeded.n, passed: seeded.passed });
    expect(year.passRate).toBeCloseTo(seeded.passed / seeded.n, 4);
    // The list holds exactly these reports (the demo's are all concluded and within the year).
    expect(await list({})).toBe(seeded.n);
    const passedListed = (await list({ conclusion: '合格' })) + (await list({ conclusion: '复检合格' }));
    expect(passedListed).toBe(seeded.passed);
    // Month by month, the figure and the list filtered to the month agree.
    for (let m = 0; m <= 12; m++) {
      const month = addMonths(today, -m).slice(0, 7);
      const [fig, listed] = [await figure({ month }), await list({ month })];
      expect(fig.inspected, month).toBe(listed);
    }
  });
});
