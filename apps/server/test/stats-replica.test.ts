import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rescueCaseCalls, type ScreenSummary, statsDesignedCalls } from '@ec/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaOf } from '../src/modules/statistics/query.ts';
import { refreshStats } from '../src/modules/statistics/rollup.ts';
import { attachReplica, openReplica } from '../src/platform/db/replica.ts';
import { startTestApp, type TestApp } from './harness.ts';

/*
 * The read replica (DATABASE_READ_URL) against a real PostgreSQL streaming replica that the test
 * makes: pg_basebackup of the local server (TEST_DATABASE_URL) into a temporary folder, started on
 * another port as the postgres user, removed afterwards. The statistics read it (meta.source
 * replica), see the primary's writes once replayed, and say how far behind it is while replay
 * waits. Skipped, with the reason, where that cannot be done here.
 */

const BIN = (() => {
  try {
    for (const v of fs.readdirSync('/usr/lib/postgresql').sort().reverse()) {
      const dir = `/usr/lib/postgresql/${v}/bin`;
      if (fs.existsSync(`${dir}/pg_basebackup`) && fs.existsSync(`${dir}/pg_ctl`)) return dir;
    }
  } catch {}
  return null;
})();
const PORT = 5439;
const PRIMARY_PORT = 5438;

const run = (bin: string, args: string[]) =>
  spawnSync('runuser', ['-u', 'postgres', '--', `${BIN}/${bin}`, ...args], { encoding: 'utf8' });
const firstLine = (r: ReturnType<typeof spawnSync>) =>
  String(r.stderr ?? '')
    .trim()
    .split('\n')[0];

const startCluster = (data: string, port: number, dir: string, extra = '') =>
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    `${data}.log`,
    '-w',
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} ${extra}`,
    'start',
  ]);

/**
 * The replica: pg_basebackup of the local server (TEST_DATABASE_URL). Where that server refuses
 * replication connections (its pg_hba.conf has no `replication` entry), the test makes its own
 * primary (initdb on PRIMARY_PORT, which allows them) and copies that one: a real streaming replica
 * either way; `primaryUrl` then says where the test app's database lives.
 */
function prepare(): { dir: string; primaryUrl: string | null } | string {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set (the replica copies that server)';
  if (!BIN) return 'the PostgreSQL binaries (pg_basebackup, pg_ctl) are not installed';
  if (process.getuid?.() !== 0)
    return 'the test runs the replica as the postgres user and needs root to switch to it';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-replica-'));
  fs.chmodSync(dir, 0o777);
  const fail = (why: string) => {
    run('pg_ctl', ['-D', `${dir}/primary`, '-m', 'immediate', 'stop']);
    fs.rmSync(dir, { recursive: true, force: true });
    return why;
  };
  const u = new URL(process.env.TEST_DATABASE_URL);
  let primaryUrl: string | null = null;
  let backup = run('pg_basebackup', [
    '-h',
    u.hostname,
    '-p',
    u.port || '5432',
    '-U',
    u.username || 'postgres',
    '-D',
    `${dir}/replica`,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  if (backup.status !== 0 && /pg_hba/.test(String(backup.stderr))) {
    fs.rmSync(`${dir}/replica`, { recursive: true, force: true });
    const init = run('initdb', ['-D', `${dir}/primary`, '-U', 'postgres', '-A', 'trust']);
    if (init.status !== 0) return fail(`initdb failed (${firstLine(init)})`);
    const started = startCluster(
      `${dir}/primary`,
      PRIMARY_PORT,
      dir,
      '-c wal_level=replica -c max_wal_senders=4',
    );
    if (started.status !== 0) return fail(`the primary did not start (${firstLine(started)})`);
    primaryUrl = `postgres://postgres@127.0.0.1:${PRIMARY_PORT}/postgres`;
    backup = run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(PRIMARY_PORT),
      '-U',
      'postgres',
      '-D',
      `${dir}/replica`,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
  }
  if (backup.status !== 0) return fail(`pg_basebackup failed (${firstLine(backup)})`);
  const start = startCluster(`${dir}/replica`, PORT, dir, '-c hot_standby=on');
  if (start.status !== 0) return fail(`the replica did not start (${firstLine(start)})`);
  return { dir, primaryUrl };
}

const prepared = prepare();
const reason = typeof prepared === 'string' ? prepared : null;

describe.skipIf(reason !== null)(
  `statistics on a streaming replica${reason ? ` (skipped: ${reason})` : ''}`,
  () => {
    const dir = typeof prepared === 'string' ? '' : prepared.dir;
    const primaryUrl = typeof prepared === 'string' ? null : prepared.primaryUrl;
    const savedUrl = process.env.TEST_DATABASE_URL;
    let t: TestApp;
    let replicaUrl: string;
    let token: string;
    let agent: string;
    let detach: () => Promise<void>;

    beforeAll(async () => {
      // The test app's database lives on the server the replica copies.
      if (primaryUrl) process.env.TEST_DATABASE_URL = primaryUrl;
      t = await startTestApp('postgres');
      const rows = (await t.platform.db.execute(sql`select current_database() as db`)) as unknown as {
        rows: { db: string }[];
      };
      replicaUrl = `postgres://postgres@127.0.0.1:${PORT}/${rows.rows[0]?.db}`;
      // The database was created after the base backup: wait until the replica has it (up to 2 min:
      // creating it from the template streams the whole template).
      for (let i = 0; i < 600; i++) {
        const c = new pg.Client({ connectionString: replicaUrl });
        try {
          await c.connect();
          await c.end();
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      // What the statistics module's start does with DATABASE_READ_URL.
      detach = attachReplica(t.platform, openReplica(replicaUrl, 2));
      token = await t.login('admin');
      agent = await t.login('kf_agent1');
    }, 300_000);

    afterAll(async () => {
      await detach?.();
      await t?.close();
      process.env.TEST_DATABASE_URL = savedUrl;
      if (dir) {
        run('pg_ctl', ['-D', `${dir}/replica`, '-m', 'immediate', 'stop']);
        if (primaryUrl) run('pg_ctl', ['-D', `${dir}/primary`, '-m', 'immediate', 'stop']);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    const summary = async () => {
      const res = await t.api<ScreenSummary>('GET', statsDesignedCalls.screenSummary.path, { token });
      expect(res.status, res.body.resultMsg).toBe(200);
      return res.body.data;
    };
    const onReplica = async (q: string) => {
      const c = new pg.Client({ connectionString: replicaUrl });
      await c.connect();
      try {
        return (await c.query(q)).rows;
      } finally {
        await c.end();
      }
    };
    const newCase = async () => {
      const res = await t.api('PUT', rescueCaseCalls.saveOrder.path, {
        token: agent,
        body: { kind: 3, callerPhone: '13900003333', description: '咨询' },
      });
      expect(res.status, res.body.resultMsg).toBe(200);
      await refreshStats(t.platform.db);
    };
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 100; i++) {
        if (await check()) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the replica did not catch up in 10 s');
    };

    it("reads the figures from the replica and sees the primary's writes once replayed", async () => {
      const before = await summary();
      expect(before.meta.source).toBe('replica');
      await newCase();
      // Replayed: the new case counts, and the lag (read at most once a second) says 0.
      await until(async () => {
        const s = await summary();
        return s.todayCases === before.todayCases + 1 && s.meta.replicaLagSeconds === 0;
      });
      const after = await summary();
      expect(after.todayCases).toBe(before.todayCases + 1);
      expect(after.meta.behind).toBe(false);
    }, 120_000);

    it('says how far behind the replica is while its replay waits', async () => {
      const before = await summary();
      await onReplica('select pg_wal_replay_pause()');
      try {
        await new Promise((r) => setTimeout(r, 2_500));
        await newCase();
        await new Promise((r) => setTimeout(r, 1_200));
        const paused = await summary();
        // The primary counts the new case; the replica does not yet, and says it is behind.
        expect(paused.todayCases).toBe(before.todayCases);
        expect(paused.meta.replicaLagSeconds).toBeGreaterThanOrEqual(2);
        // Past the bound, the figure is flagged (the same arithmetic with a lag of 90 s).
        const meta = await metaOf(
          { db: t.platform.db, source: 'replica', lagSeconds: 90 },
          { from: '2026-01-01', to: '2026-01-01' },
        );
        expect(meta.behind).toBe(true);
      } finally {
        await onReplica('select pg_wal_replay_resume()');
      }
      await until(async () => (await summary()).todayCases === before.todayCases + 1);
    }, 120_000);

    it('keeps every write on the primary', async () => {
      const rows = await onReplica('select pg_is_in_recovery() as standby');
      expect(rows[0]?.standby).toBe(true);
    });
  },
);
