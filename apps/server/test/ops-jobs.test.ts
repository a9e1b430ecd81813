import os from 'node:os';
import { type JobRow, type JobRun, jobCalls, type Page } from '@ec/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/platform/db/client.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { type JobDefinition, jobLockKey, NODE, type RunResult, Scheduler } from '../src/platform/jobs.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { userWithPages } from './system-support.ts';

/**
 * 定时任务 (issue 20): every run recorded (ok and failed, the failed one despite its rollback),
 * 立即执行 (409 while the job runs here or its lock is held elsewhere, 404 for an unknown job), one
 * message to the administrators per failure streak of two or more, administrator only.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HOUR = 3600_000;

describe.each(dbKinds)('定时任务 on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let okRuns = 0;
  let failing = true;
  /** While set, test-gate waits in its run until released. */
  let gate: { entered: () => void; release?: () => void } | null = null;

  const q = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const jobNotices = (label: string) =>
    q<{ user_id: number; n: number }>(
      `select user_id, count(*)::int as n from notification
        where kind = 'job' and title like '%${label}%' group by user_id`,
    );
  const runsOf = async (name: string, extra: Record<string, string | number> = {}) => {
    const res = await t.api<Page<JobRun>>('GET', jobCalls.runs.path, {
      token: admin,
      query: { name, limit: 50, ...extra },
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };
  const jobList = async () => {
    const res = await t.api<Page<JobRow>>('GET', jobCalls.query.path, {
      token: admin,
      query: { limit: 100 },
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };
  const runNow = (name: string) => t.api<JobRun>('POST', jobCalls.run.path, { token: admin, body: { name } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    t.platform.jobs.register({
      name: 'test-ok',
      label: '测试任务（成功）',
      everyMs: HOUR,
      run: async () => {
        okRuns++;
      },
    });
    t.platform.jobs.register({
      name: 'test-fail',
      label: '测试任务（失败）',
      everyMs: HOUR,
      run: async (db) => {
        // Written in the job's transaction, then rolled back with it.
        await db.execute(sql`create table if not exists ops_jobs_probe (id int)`);
        if (failing) throw new Error('故意失败：测试');
      },
    });
    t.platform.jobs.register({
      name: 'test-gate',
      label: '测试任务（等待）',
      everyMs: HOUR,
      outsideTransaction: true,
      run: async () => {
        const g = gate;
        if (!g) return;
        await new Promise<void>((r) => {
          g.release = r;
          g.entered();
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every registered job with its Chinese label and schedule', async () => {
    const page = await jobList();
    expect(page.total).toBe(t.platform.jobs.list().length);
    const byName = new Map(page.records.map((r) => [r.name, r]));
    for (const job of t.platform.jobs.list()) {
      const row = byName.get(job.name);
      expect(row, job.name).toBeDefined();
      expect(row?.label, job.name).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(byName.get('rescue-escalate')).toMatchObject({ schedule: '每 15 秒', label: '救援派单超时升级' });
    expect(byName.get('ad-orders-finish')?.schedule).toBe('每 10 分钟');
    expect(byName.get('maintenance-daily')?.schedule).toBe('每天');
    expect(byName.get('test-ok')).toMatchObject({
      running: false,
      lastRunTime: null,
      lastOutcome: null,
      failStreak: 0,
      schedule: '每 1 小时',
    });
    // Paged like every list.
    const second = await t.api<Page<JobRow>>('GET', jobCalls.query.path, {
      token: admin,
      query: { page: 2, limit: 3 },
    });
    expect(second.body.data.records.map((r) => r.name)).toEqual(page.records.slice(3, 6).map((r) => r.name));
  });

  it('records a successful run', async () => {
    const now = Math.floor(Date.now() / HOUR) * HOUR;
    expect(await t.platform.jobs.runDue('test-ok', now)).toBe(true);
    // Served for this period: no second run, no second record.
    expect(await t.platform.jobs.runDue('test-ok', now + 1000)).toBe(false);
    expect(okRuns).toBe(1);
    const runs = await runsOf('test-ok');
    expect(runs.total).toBe(1);
    expect(runs.records[0]).toMatchObject({
      name: 'test-ok',
      node: `${os.hostname()}:${process.pid}`,
      manual: false,
      outcome: 'ok',
      error: null,
    });
    expect(runs.records[0].durationMs).toBeGreaterThanOrEqual(0);
    const row = (await jobList()).records.find((r) => r.name === 'test-ok');
    expect(row).toMatchObject({ lastOutcome: 'ok', failStreak: 0, lastError: null });
    expect(row?.lastRunTime).toBe(runs.records[0].startTime);
  });

  it('records a failed run although its transaction rolled back; one failure alerts nobody', async () => {
    expect(await t.platform.jobs.runDue('test-fail')).toBe(false);
    const runs = await runsOf('test-fail');
    expect(runs.total).toBe(1);
    expect(runs.records[0]).toMatchObject({ outcome: 'failed', error: '故意失败：测试', node: NODE });
    // The job's own write was rolled back.
    expect(await q(`select 1 from pg_tables where tablename = 'ops_jobs_probe'`)).toHaveLength(0);
    const row = (await jobList()).records.find((r) => r.name === 'test-fail');
    expect(row).toMatchObject({ lastOutcome: 'failed', lastError: '故意失败：测试', failStreak: 1 });
    expect(await jobNotices('测试任务（失败）')).toHaveLength(0);
  });

  it('alerts the administrators once when a job fails twice in a row, and again only after a new streak', async () => {
    // The failed period was not served: the next tick runs it again.
    expect(await t.platform.jobs.runDue('test-fail')).toBe(false);
    let notices = await jobNotices('测试任务（失败）');
    const [adminUser] = await q<{ id: number }>(`select id from sys_user where username = 'admin'`);
    expect(notices.map((n) => n.user_id)).toContain(adminUser.id);
    expect(notices.every((n) => n.n === 1)).toBe(true);
    const [notice] = await q<{ title: string; body: string; link: string }>(
      `select title, body, link from notification where kind = 'job' and user_id = ${adminUser.id}`,
    );
    expect(notice.title).toBe('定时任务「测试任务（失败）」连续 2 次执行失败');
    expect(notice.body).toContain('故意失败：测试');
    expect(notice.link).toBe('/ops/job');
    // A third failure is the same streak: no new message.
    await t.platform.jobs.runDue('test-fail');
    notices = await jobNotices('测试任务（失败）');
    expect(notices.every((n) => n.n === 1)).toBe(true);
    expect((await jobList()).records.find((r) => r.name === 'test-fail')?.failStreak).toBe(3);
    // Through the admin's message centre too.
    const mine = await t.api<Page<{ kind: string; title: string }>>('GET', '/pc/notice/query', {
      token: admin,
      query: { kind: 'job' },
    });
    expect(mine.body.data.records.filter((r) => r.title.includes('测试任务（失败）'))).toHaveLength(1);

    // A success ends the streak; two new failures are a new streak and a new message.
    failing = false;
    expect(await t.platform.jobs.runDue('test-fail')).toBe(true);
    expect((await jobList()).records.find((r) => r.name === 'test-fail')?.failStreak).toBe(0);
    failing = true;
    const nextPeriod = Date.now() + HOUR;
    await t.platform.jobs.runDue('test-fail', nextPeriod);
    expect((await jobNotices('测试任务（失败）')).every((n) => n.n === 1)).toBe(true);
    await t.platform.jobs.runDue('test-fail', nextPeriod);
    expect((await jobNotices('测试任务（失败）')).every((n) => n.n === 2)).toBe(true);
    const failed = await runsOf('test-fail', { outcome: 'failed' });
    expect(failed.total).toBe(5);
    expect((await runsOf('test-fail', { outcome: 'ok' })).total).toBe(1);
  });

  it('runs a job at once (立即执行), recorded as manual, whatever its period', async () => {
    const before = okRuns;
    const res = await runNow('test-ok');
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'test-ok', manual: true, outcome: 'ok', node: NODE });
    expect(okRuns).toBe(before + 1);
    // A failing job answers its failed run.
    const failed = await runNow('test-fail');
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ outcome: 'failed', error: '故意失败：测试', manual: true });
  });

  it('refuses 立即执行 (409) while the job runs on this node', async () => {
    let entered: () => void = () => {};
    const inRun = new Promise<void>((r) => {
      entered = r;
    });
    const g: { entered: () => void; release?: () => void } = { entered };
    gate = g;
    const first = t.platform.jobs.runNow('test-gate');
    await inRun;
    const res = await runNow('test-gate');
    expect(res.status).toBe(409);
    expect(res.body.resultMsg).toContain('正在执行');
    expect((await jobList()).records.find((r) => r.name === 'test-gate')?.running).toBe(true);
    gate = null;
    g.release?.();
    expect((await first).state).toBe('ran');
    expect((await jobList()).records.find((r) => r.name === 'test-gate')?.running).toBe(false);
    // Free again once the run ended.
    const again = await runNow('test-gate');
    expect(again.status).toBe(200);
  }, 20_000);

  it.runIf(kind === 'postgres')('refuses 立即执行 (409) while another node holds the job lock', async () => {
    const url = ((t.platform.db as { $client?: pg.Pool }).$client as pg.Pool).options.connectionString;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      for (const name of ['test-ok', 'test-gate']) {
        await other.query('select pg_advisory_lock($1)', [jobLockKey(name)]);
        const res = await runNow(name);
        expect(res.status, name).toBe(409);
        expect(res.body.resultMsg).toBe('该任务正在执行中（本节点或其他节点），请等待本次执行结束后再试');
        expect((await jobList()).records.find((r) => r.name === name)?.running).toBe(true);
        await other.query('select pg_advisory_unlock($1)', [jobLockKey(name)]);
      }
      const res = await runNow('test-ok');
      expect(res.status).toBe(200);
    } finally {
      await other.end();
    }
  });

  it('keeps the last 200 runs of a job', async () => {
    await q(`insert into job_run (name, node, started_at, ended_at, outcome)
      select 'test-ok', 'old:1', now() - interval '1 day', now() - interval '1 day', 'ok'
      from generate_series(1, 250)`);
    expect((await runNow('test-ok')).status).toBe(200);
    const [{ n, old }] = await q<{ n: number; old: number }>(
      `select count(*)::int as n, count(*) filter (where node = 'old:1')::int as old
        from job_run where name = 'test-ok'`,
    );
    expect(n).toBe(200);
    expect(old).toBe(199);
    expect((await runsOf('test-ok')).records[0].node).toBe(NODE);
    // Other jobs' runs are untouched.
    expect((await runsOf('test-fail')).total).toBe(7);
  });

  it('answers 404 for an unknown job and 400 with a Chinese message for bad input', async () => {
    const unknown = await runNow('no-such-job');
    expect(unknown.status).toBe(404);
    expect(unknown.body.resultMsg).toBe('定时任务不存在');
    const unknownRuns = await t.api('GET', jobCalls.runs.path, {
      token: admin,
      query: { name: 'no-such-job' },
    });
    expect(unknownRuns.status).toBe(404);
    const blank = await t.api('POST', jobCalls.run.path, { token: admin, body: { name: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.resultMsg).toContain('请指定任务');
    const missing = await t.api('GET', jobCalls.runs.path, { token: admin, query: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.resultMsg).toContain('请指定任务');
    const odd = await t.api('POST', jobCalls.run.path, { token: admin, body: { name: 'a b' } });
    expect(odd.status).toBe(400);
    expect(odd.body.resultMsg).toContain('任务名称格式不正确');
    const outcome = await t.api('GET', jobCalls.runs.path, {
      token: admin,
      query: { name: 'test-ok', outcome: 'maybe' },
    });
    expect(outcome.status).toBe(400);
    expect(outcome.body.resultMsg).toContain('执行结果应为 ok 或 failed');
  });

  it('refuses every call (403) to anyone but the administrator', async () => {
    const before = okRuns;
    const other = await userWithPages(t, admin, ['/ops/notice', '/ops/export']);
    for (const token of [other.token, await t.login('sy_admin1')]) {
      expect((await t.api('GET', jobCalls.query.path, { token })).status).toBe(403);
      expect((await t.api('GET', jobCalls.runs.path, { token, query: { name: 'test-ok' } })).status).toBe(
        403,
      );
      expect((await t.api('POST', jobCalls.run.path, { token, body: { name: 'test-ok' } })).status).toBe(403);
    }
    expect(okRuns).toBe(before);
  });
});

/**
 * Many nodes at once on PostgreSQL: 50 立即执行 at the same moment, half through the API of one node
 * and half from 25 other schedulers (each a node of its own) on the same database. A job never runs
 * twice at the same time, in its transaction's lock or (outside-transaction jobs) its session lock;
 * 50 failing runs at once give one message per administrator.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('定时任务 across 26 nodes on PostgreSQL', () => {
  let t: TestApp;
  let admin: string;
  let second: Database;
  let inside = 0;
  let most = 0;
  let ran = 0;
  const slowJob = (name: string, outsideTransaction: boolean): JobDefinition => ({
    name,
    label: `并发测试（${name}）`,
    everyMs: HOUR,
    outsideTransaction,
    run: async () => {
      inside++;
      ran++;
      most = Math.max(most, inside);
      await sleep(150);
      inside--;
    },
  });
  const failJob: JobDefinition = {
    name: 'race-fail',
    label: '并发测试（失败）',
    everyMs: HOUR,
    run: async () => {
      throw new Error('并发失败');
    },
  };
  const jobs = [slowJob('race-tx', false), slowJob('race-outside', true), failJob];
  let nodes: Scheduler[];

  beforeAll(async () => {
    t = await startTestApp('postgres');
    admin = await t.login('admin');
    for (const job of jobs) t.platform.jobs.register(job);
    const url = ((t.platform.db as { $client?: pg.Pool }).$client as pg.Pool).options.connectionString;
    second = await openDatabase({ kind: 'postgres', url: url as string, poolSize: 20 });
    nodes = Array.from({ length: 25 }, () => {
      const s = new Scheduler(second.db, t.app.log);
      for (const job of jobs) s.register(job);
      return s;
    });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const race = async (name: string) => {
    const answers = await Promise.all([
      ...Array.from({ length: 25 }, () =>
        t.api<JobRun>('POST', jobCalls.run.path, { token: admin, body: { name } }).then((r) => r.status),
      ),
      ...nodes.map((n) => n.runNow(name).then((r: RunResult) => (r.state === 'busy' ? 409 : 200))),
    ]);
    return answers;
  };

  for (const name of ['race-tx', 'race-outside']) {
    it(`never runs ${name} twice at the same time`, async () => {
      inside = 0;
      most = 0;
      ran = 0;
      const answers = await race(name);
      expect(answers.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const done = answers.filter((s) => s === 200).length;
      expect(done).toBeGreaterThanOrEqual(1);
      expect(done).toBeLessThan(50);
      expect(most).toBe(1);
      expect(ran).toBe(done);
      const [{ n }] = rowsOf<{ n: number }>(
        await t.platform.db.execute(sql`select count(*)::int as n from job_run where name = ${name}`),
      );
      expect(n).toBe(done);
    }, 60_000);
  }

  it('sends one message per administrator for 50 failing runs at once', async () => {
    const answers = await race('race-fail');
    expect(answers.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const failed = answers.filter((s) => s === 200).length;
    expect(failed).toBeGreaterThanOrEqual(2);
    const [state] = rowsOf<{ fail_streak: number }>(
      await t.platform.db.execute(sql`select fail_streak from job_state where name = 'race-fail'`),
    );
    expect(state.fail_streak).toBe(failed);
    const notices = rowsOf<{ user_id: number; n: number }>(
      await t.platform.db.execute(sql`
        select user_id, count(*)::int as n from notification
        where kind = 'job' and title like '%并发测试（失败）%' group by user_id`),
    );
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices.every((r) => r.n === 1)).toBe(true);
  }, 60_000);
});
