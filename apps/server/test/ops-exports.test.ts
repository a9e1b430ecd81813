import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { EXPORT_PARAMS, EXPORT_QUEUED_MESSAGE, type ExportJob } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { ExportWorker, sweepExports } from '../src/platform/exports.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

type Page<T> = { records: T[]; total: number };

/**
 * Background exports (issue 20): an export larger than the threshold becomes a job (202), run by a
 * worker, downloadable by its owner (and the administrator) only, until it expires; cancellable;
 * limited per user (decided under the user's row lock: 50 concurrent requests, on PostgreSQL); a
 * job whose node stopped is queued again, then failed with the reason.
 */
describe.each(dbKinds)('background exports on %s', (kind) => {
  let t: TestApp;
  let worker: ExportWorker;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const setParam = (key: string, value: number) =>
    query(`insert into sys_param (config_key, value, name) values ('${key}', '${value}', '${key}')
      on conflict (config_key) do update set value = excluded.value`);
  const exportLifts = (token: string, body: Record<string, unknown> = {}) =>
    t.api<{ queued: true; job: ExportJob }>('POST', '/pc/elevator/export', { token, body });
  const jobs = (token: string) =>
    t.api<Page<ExportJob>>('GET', '/pc/exportJob/query', { token, query: { page: 1, limit: 50 } });
  const download = (token: string, id: number) =>
    t.inject({
      method: 'GET',
      url: `/monitor/api/pc/exportJob/download/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const sheetRows = (payload: Buffer) => {
    const book = XLSX.read(payload, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]], { raw: false });
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    worker = new ExportWorker(t.platform);
  }, 180_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  it('streams a small export at once, and queues a large one that its owner downloads', async () => {
    const admin = await t.login('admin');
    const use = await t.login('sy_admin1');
    const small = await exportLifts(use);
    expect(small.status).toBe(200);
    const direct = sheetRows(
      (
        await t.inject({
          method: 'POST',
          url: '/monitor/api/pc/elevator/export',
          headers: { authorization: `Bearer ${use}`, 'content-type': 'application/json' },
          payload: '{}',
        })
      ).rawPayload,
    );
    expect(direct.length).toBeGreaterThan(3);

    await setParam(EXPORT_PARAMS.threshold.key, 3);
    const queued = await exportLifts(use);
    expect(queued.status).toBe(202);
    expect(queued.body.resultMsg).toBe(EXPORT_QUEUED_MESSAGE);
    const job = queued.body.data.job;
    expect(job).toMatchObject({
      state: 'queued',
      stateLabel: '排队中',
      name: '电梯台账',
      totalRows: direct.length,
    });
    // Listed for its owner and the administrator, not for another use unit.
    expect((await jobs(use)).body.data.records.map((j) => j.id)).toContain(job.id);
    expect((await jobs(admin)).body.data.records.map((j) => j.id)).toContain(job.id);
    const stranger = await t.login('sy_admin2');
    expect((await jobs(stranger)).body.data.records.map((j) => j.id)).not.toContain(job.id);
    // Not ready yet.
    expect((await download(use, job.id)).statusCode).toBe(409);

    await worker.tick();
    const done = (await jobs(use)).body.data.records.find((j) => j.id === job.id)!;
    expect(done).toMatchObject({ state: 'done', progress: 100, rows: direct.length });
    expect(done.bytes).toBeGreaterThan(1000);
    expect(done.expiresTime).not.toBeNull();
    // The file holds the same rows as the direct export: the owner's scope, read again.
    const file = await download(use, job.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(sheetRows(file.rawPayload)).toEqual(direct);
    // Another user's download is refused as if the job did not exist; the administrator may.
    expect((await download(stranger, job.id)).statusCode).toBe(404);
    expect((await download(admin, job.id)).statusCode).toBe(200);
    // Its owner was told, in the message centre.
    const notices = await t.api<Page<{ kind: string; title: string; link: string }>>(
      'GET',
      '/pc/notice/query',
      {
        token: use,
        query: { page: 1, limit: 10, kind: 'export' },
      },
    );
    expect(notices.body.data.records[0]).toMatchObject({ kind: 'export', link: '/ops/export' });
    expect(notices.body.data.records[0].title).toContain(`${direct.length} 行`);
  });

  it('runs the operation log’s large export in the background too, the log flushed first', async () => {
    const admin = await t.login('admin');
    await setParam(EXPORT_PARAMS.threshold.key, 3);
    const queued = await t.api<{ job: ExportJob }>('GET', '/pc/operationRecord/export', { token: admin });
    expect(queued.status).toBe(202);
    await worker.tick();
    const done = (await jobs(admin)).body.data.records.find((j) => j.id === queued.body.data.job.id)!;
    expect(done).toMatchObject({ state: 'done', name: '操作记录' });
    const [{ n }] = await query<{ n: number }>('select count(*)::int as n from operation_log');
    expect(sheetRows((await download(admin, done.id)).rawPayload).length).toBeGreaterThanOrEqual(n - 1);
  });

  it.each([
    ['处置工单', '/pc/serviceUserOrder/export'],
    ['故障报修', '/pc/elevatorIssuesRepairs/export'],
  ])(
    'runs a large export of %s in the background, holding the district regulator’s rows only',
    async (name, url) => {
      const regulator = await t.login('jg_qingxiu');
      await setParam(EXPORT_PARAMS.threshold.key, 20_000);
      const small = await t.inject({
        method: 'GET',
        url: `/monitor/api${url}`,
        headers: { authorization: `Bearer ${regulator}` },
      });
      expect(small.statusCode).toBe(200);
      const direct = sheetRows(small.rawPayload);
      expect(direct.length).toBeGreaterThan(1);
      await setParam(EXPORT_PARAMS.threshold.key, 1);
      const queued = await t.api<{ job: ExportJob }>('GET', url, { token: regulator });
      expect(queued.status).toBe(202);
      expect(queued.body.data.job).toMatchObject({ name, totalRows: direct.length });
      await worker.tick();
      const done = (await jobs(regulator)).body.data.records.find((j) => j.id === queued.body.data.job.id)!;
      expect(done).toMatchObject({ state: 'done', rows: direct.length });
      expect(sheetRows((await download(regulator, done.id)).rawPayload)).toEqual(direct);
    },
  );

  it('cancels a queued job, which then never runs; removes an ended one with its file', async () => {
    const use = await t.login('sy_admin1');
    await setParam(EXPORT_PARAMS.threshold.key, 3);
    const { job } = (await exportLifts(use)).body.data;
    const cancelled = await t.api<ExportJob>('POST', `/pc/exportJob/cancel/${job.id}`, { token: use });
    expect(cancelled.body.data.state).toBe('cancelled');
    expect((await t.api('POST', `/pc/exportJob/cancel/${job.id}`, { token: use })).status).toBe(409);
    await worker.tick();
    const [row] = await query<{ state: string; storage_key: string | null }>(
      `select state, storage_key from export_job where id = ${job.id}`,
    );
    expect(row).toEqual({ state: 'cancelled', storage_key: null });
    // Another user can neither cancel nor remove it.
    const stranger = await t.login('sy_admin2');
    expect((await t.api('DELETE', `/pc/exportJob/${job.id}`, { token: stranger })).status).toBe(404);
    expect((await t.api('DELETE', `/pc/exportJob/${job.id}`, { token: use })).status).toBe(200);
    expect(await query(`select id from export_job where id = ${job.id}`)).toEqual([]);
  });

  it('refuses more than the per-user limit of jobs in progress', async () => {
    const officer = await t.login('wb_admin1');
    await setParam(EXPORT_PARAMS.threshold.key, 0);
    await setParam(EXPORT_PARAMS.perUser.key, 2);
    const first = await exportLifts(officer);
    const second = await exportLifts(officer);
    const third = await exportLifts(officer);
    expect([first.status, second.status, third.status]).toEqual([202, 202, 429]);
    expect(third.body.resultMsg).toContain('上限 2 个');
    // Another user is not limited by it.
    expect((await exportLifts(await t.login('sy_admin1'))).status).toBe(202);
    await query(`update export_job set state = 'cancelled' where state = 'queued'`);
  });

  it('fails a job whose finishing write fails, and keeps no file of it', async () => {
    const use = await t.login('sy_admin1');
    await setParam(EXPORT_PARAMS.threshold.key, 3);
    await setParam(EXPORT_PARAMS.perUser.key, 5);
    const { job } = (await exportLifts(use)).body.data;
    // The finishing transaction fails after the file is stored (its notice is refused).
    await query(`create function refuse_export_notice() returns trigger language plpgsql as $$
      begin raise exception 'notice refused'; end $$`);
    await query(`create trigger refuse_export_notice before insert on notification
      for each row when (new.kind = 'export') execute function refuse_export_notice()`);
    try {
      await worker.tick();
    } finally {
      await query('drop trigger refuse_export_notice on notification');
      await query('drop function refuse_export_notice()');
    }
    const [row] = await query<{ state: string; storage_key: string | null }>(
      `select state, storage_key from export_job where id = ${job.id}`,
    );
    expect(row).toEqual({ state: 'failed', storage_key: null });
    const folder = path.join(t.platform.config.dataDir, 'files', 'ex');
    const left = fs.existsSync(folder)
      ? fs.readdirSync(folder).filter((f) => f.startsWith(`export-${job.id}-`))
      : [];
    expect(left).toEqual([]);
  });

  it('queues a job again when its node stopped, then fails it with the reason; removes expired files', async () => {
    const use = await t.login('sy_admin1');
    await setParam(EXPORT_PARAMS.threshold.key, 3);
    await setParam(EXPORT_PARAMS.perUser.key, 3);
    const { job } = (await exportLifts(use)).body.data;
    // Claimed by a node that then stopped: running, its heartbeat old.
    await query(`update export_job set state = 'running', node = 'gone:1', attempts = 1,
      heartbeat_at = now() - interval '5 minutes' where id = ${job.id}`);
    expect(await sweepExports(t.platform)).toMatchObject({ requeued: 1, failed: 0 });
    await worker.tick();
    const [done] = await query<{ state: string; attempts: number }>(
      `select state, attempts from export_job where id = ${job.id}`,
    );
    expect(done).toEqual({ state: 'done', attempts: 2 });

    const second = (await exportLifts(use)).body.data.job;
    await query(`update export_job set state = 'running', node = 'gone:1', attempts = 2,
      heartbeat_at = now() - interval '5 minutes' where id = ${second.id}`);
    expect(await sweepExports(t.platform)).toMatchObject({ requeued: 0, failed: 1 });
    const failed = (await jobs(use)).body.data.records.find((j) => j.id === second.id)!;
    expect(failed).toMatchObject({ state: 'failed', stateLabel: '失败' });
    expect(failed.error).toContain('服务重启');

    // Past its time the file goes and the link answers 410.
    const [{ storage_key }] = await query<{ storage_key: string }>(
      `select storage_key from export_job where id = ${job.id}`,
    );
    await query(`update export_job set expires_at = now() - interval '1 minute' where id = ${job.id}`);
    expect((await sweepExports(t.platform)).expired).toBe(1);
    expect((await download(use, job.id)).statusCode).toBe(410);
    await expect(t.platform.storage.get(storage_key)).rejects.toThrow();
  });

  it.runIf(kind === 'postgres')(
    'lets 50 concurrent exports of one user queue only up to the limit',
    async () => {
      const use = await t.login('sy_admin2');
      await setParam(EXPORT_PARAMS.threshold.key, 0);
      await setParam(EXPORT_PARAMS.perUser.key, 3);
      const answers = await Promise.all(Array.from({ length: 50 }, () => exportLifts(use)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 202)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(47);
      const [{ n }] = await query<{ n: number }>(
        `select count(*)::int as n from export_job j join sys_user u on u.id = j.user_id
       where u.username = 'sy_admin2' and j.state = 'queued'`,
      );
      expect(n).toBe(3);
    },
  );
});
