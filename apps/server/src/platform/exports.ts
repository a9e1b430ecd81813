/**
 * Background exports (导出中心, issue 20). A list export declares itself once as an `ExportSource`
 * (its columns, its count and its batches for a user and the call's filters) and its call answers
 * through `exportList`: a result the list's count says is small streams at once, as before (the
 * spec's calls and their 30-second window unchanged); a larger one becomes a job (status 202,
 * EXPORT_QUEUED_MESSAGE) that a worker on any node runs:
 *
 * - claimed with `for update skip locked` (one node per job), at most EXPORT_NODE_SLOTS at once
 *   per node; a user has at most `export.per.user` queued or running (decided under a lock on the
 *   user's row, so concurrent clicks cannot pass it together);
 * - the rows are read again for the user as they are then (their data scope), written as an .xlsx
 *   to a temporary file as they come (memory stays flat), then moved to the storage backend;
 * - progress (rows, heartbeat) is written every second; a job whose heartbeat stops (its node was
 *   restarted or killed) is queued again once, then marked failed with the reason;
 * - cancelling marks the row; the worker sees it at its next progress write and stops;
 * - a finished file can be downloaded by its owner (and the administrator) until `expires_at`,
 *   after which the sweep removes it; the owner gets a message (notify) and a live event.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  EXPORT_PARAMS,
  EXPORT_QUEUED_MESSAGE,
  EXPORT_STATE_LABEL,
  EXPORT_TOPIC,
  type ExportJob,
  type ExportState,
  formatDateTime,
  SUCCESS_CODE,
} from '@ec/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { type AuthUser, hasPermission } from './access.ts';
import { userById } from './auth/session.ts';
import type { Queryable } from './db/client.ts';
import { paginate } from './db/paginate.ts';
import { rowsOf } from './db/sql.ts';
import { exportJob, sysUser } from './db/tables.ts';
import { AppError, notFound, tooManyRequests } from './errors.ts';
import { attachmentHeader, type ExcelColumn, streamXlsx, writeXlsx, XLSX_MIME } from './excel.ts';
import type { HandlerContext } from './http/implement.ts';
import { publishLive, type Recipients } from './live.ts';
import { notify } from './notify.ts';
import { paramNumber } from './params.ts';
import type { Platform } from './platform.ts';

/** A list export, declared by its module (Module.exports) and named in the job row. */
export interface ExportSource<F = never, T = never> {
  /** Unique name, stored on the job (e.g. 'elevator'). */
  name: string;
  /** What the user sees in the export centre (电梯列表). */
  label: string;
  sheetName: string;
  fileName(): string;
  columns: ExcelColumn<T>[];
  /** The rows the export would hold for this user and filters (the list's own count). */
  count(db: Queryable, user: AuthUser, input: F): Promise<number>;
  batches(db: Queryable, user: AuthUser, input: F): AsyncIterable<T[]>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry of sources of every row type
type AnySource = ExportSource<any, any>;
const sources = new Map<string, AnySource>();

/** Registers the modules' export sources (the application, once, from Module.exports). */
export function registerExportSources(...list: AnySource[]) {
  for (const s of list) {
    if (sources.has(s.name) && sources.get(s.name) !== s) throw new Error(`duplicate export ${s.name}`);
    sources.set(s.name, s);
  }
}

/** Jobs a node runs at once. */
export const EXPORT_NODE_SLOTS = 2;
/** A running job whose heartbeat is older than this was interrupted (its node stopped). */
export const EXPORT_STALE_MS = 60_000;
/** An interrupted job is queued again this many times, then marked failed. */
const EXPORT_MAX_ATTEMPTS = 2;
const PROGRESS_EVERY_MS = 1000;

type JobRow = typeof exportJob.$inferSelect;

export function jobView(j: JobRow & { username?: string }): ExportJob {
  const state = j.state as ExportState;
  const total = j.totalRows ?? null;
  return {
    id: j.id,
    name: j.name,
    fileName: j.fileName,
    state,
    stateLabel: EXPORT_STATE_LABEL[state] ?? j.state,
    progress:
      state === 'done'
        ? 100
        : state === 'running' && total
          ? Math.min(99, Math.floor((j.rows / total) * 100))
          : 0,
    rows: j.rows,
    totalRows: total,
    bytes: j.bytes ?? null,
    error: j.error,
    createTime: formatDateTime(j.createdAt),
    finishTime: j.finishedAt ? formatDateTime(j.finishedAt) : null,
    expiresTime: state === 'done' && j.expiresAt ? formatDateTime(j.expiresAt) : null,
    username: j.username ?? '',
  };
}

async function publishJob(db: Queryable, j: JobRow) {
  await publishLive(db, EXPORT_TOPIC, jobView(j), { userIds: [j.userId] } satisfies Recipients);
}

/**
 * Answers an export call: the file at once when the list's count is at most the threshold
 * parameter, else a background job (202 with the job). `input` is stored as the call parsed it.
 * `fileName` names this file instead of the source's usual name (e.g. after the organisation the
 * call exports); the job keeps it.
 */
export async function exportList<F, T>(
  ctx: Pick<HandlerContext, 'user' | 'reply' | 'platform' | 'db'>,
  source: ExportSource<F, T>,
  input: F,
  fileName = source.fileName(),
): Promise<FastifyReply> {
  const { db, user, reply, platform } = ctx;
  const threshold = await paramNumber(db, EXPORT_PARAMS.threshold.key, EXPORT_PARAMS.threshold.fallback);
  const total = await source.count(db, user, input);
  if (total <= threshold) {
    return streamXlsx(reply, {
      fileName,
      sheetName: source.sheetName,
      columns: source.columns,
      batches: source.batches(db, user, input),
    });
  }
  const job = await enqueueExport(platform, user, source, input, total, fileName);
  return reply.code(202).send({
    code: SUCCESS_CODE,
    resultMsg: EXPORT_QUEUED_MESSAGE,
    data: { queued: true, job: jobView({ ...job, username: user.username }) },
  });
}

/** Queues a job for the user, refused when the user already has the limit queued or running. */
export async function enqueueExport<F>(
  platform: Pick<Platform, 'db'>,
  user: AuthUser,
  source: AnySource,
  input: F,
  total: number | null,
  fileName = source.fileName(),
): Promise<JobRow> {
  return platform.db.transaction(async (tx) => {
    // The user's row lock orders concurrent requests of one user: the count below is then exact.
    await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, user.id)).for('update');
    const limit = await paramNumber(tx, EXPORT_PARAMS.perUser.key, EXPORT_PARAMS.perUser.fallback);
    const [{ active }] = rowsOf<{ active: number }>(
      await tx.execute(sql`select count(*)::int as active from export_job
        where user_id = ${user.id} and state in ('queued', 'running')`),
    );
    if (active >= limit)
      throw tooManyRequests(
        `进行中的导出任务已有 ${active} 个（上限 ${limit} 个），请等待完成或取消后再导出`,
      );
    const [job] = await tx
      .insert(exportJob)
      .values({
        userId: user.id,
        source: source.name,
        name: source.label,
        fileName,
        input: (input ?? {}) as object,
        totalRows: total,
      })
      .returning();
    await publishJob(tx, job);
    return job;
  });
}

/** A cancelled job, seen by the worker at its next progress write. */
class Cancelled extends Error {}

/** Runs queued jobs on this node (EXPORT_NODE_SLOTS at once) and sweeps interrupted and expired ones. */
export class ExportWorker {
  private running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  readonly node = `${os.hostname()}:${process.pid}`;

  constructor(
    private readonly platform: Pick<Platform, 'db' | 'storage' | 'log' | 'config'>,
    private readonly tempDir = path.join(platform.config.dataDir, 'export-tmp'),
  ) {}

  start(everyMs = 1000) {
    this.timer = setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running]);
  }

  /** Claims and starts what this node has room for; resolves when those jobs have ended. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    const started: Promise<void>[] = [];
    try {
      while (this.running.size < EXPORT_NODE_SLOTS) {
        const job = await this.claim();
        if (!job) break;
        const run = this.run(job).finally(() => this.running.delete(run));
        this.running.add(run);
        started.push(run);
      }
    } catch (err) {
      this.platform.log.error({ err }, 'export worker: claim failed');
    } finally {
      this.ticking = false;
    }
    await Promise.allSettled(started);
  }

  private async claim(): Promise<JobRow | null> {
    const rows = rowsOf<{ id: number }>(
      await this.platform.db.execute(sql`
        update export_job set state = 'running', node = ${this.node}, attempts = attempts + 1,
          started_at = coalesce(started_at, now()), heartbeat_at = now(), rows = 0
        where id = (select id from export_job where state = 'queued' order by id limit 1 for update skip locked)
        returning id`),
    );
    if (rows.length === 0) return null;
    const [job] = await this.platform.db
      .select()
      .from(exportJob)
      .where(eq(exportJob.id, Number(rows[0].id)));
    return job ?? null;
  }

  private async run(job: JobRow) {
    const { db, storage, log } = this.platform;
    const temp = path.join(this.tempDir, `${job.id}-${process.pid}.xlsx`);
    try {
      const source = sources.get(job.source);
      if (!source) throw new AppError(500, '该导出已不再提供');
      const user = await userById(db, job.userId);
      if (!user) throw new AppError(403, '账号已停用，导出终止');
      let rows = 0;
      let last = Date.now();
      const progress = async (final = false) => {
        const alive = await db
          .update(exportJob)
          .set({ rows, heartbeatAt: new Date() })
          .where(and(eq(exportJob.id, job.id), eq(exportJob.state, 'running'), eq(exportJob.node, this.node)))
          .returning();
        if (alive.length === 0) throw new Cancelled();
        if (!final) await publishJob(db, alive[0]);
      };
      async function* counted() {
        for await (const batch of source!.batches(db, user!, job.input as never)) {
          yield batch;
          rows += batch.length;
          if (Date.now() - last >= PROGRESS_EVERY_MS) {
            last = Date.now();
            await progress();
          }
        }
      }
      fs.mkdirSync(this.tempDir, { recursive: true });
      const out = fs.createWriteStream(temp);
      try {
        await writeXlsx(out, { sheetName: source.sheetName, columns: source.columns, batches: counted() });
      } catch (err) {
        out.destroy();
        throw err;
      }
      if (!out.closed) await once(out, 'close');
      await progress(true);
      const bytes = fs.statSync(temp).size;
      const key = `export-${job.id}-${Date.now().toString(36)}`;
      await storage.putFile(key, temp, XLSX_MIME);
      const keepHours = await paramNumber(db, EXPORT_PARAMS.keepHours.key, EXPORT_PARAMS.keepHours.fallback);
      const finished = await db
        .transaction(async (tx) => {
          const [done] = await tx
            .update(exportJob)
            .set({
              state: 'done',
              rows,
              bytes,
              storageKey: key,
              finishedAt: new Date(),
              expiresAt: new Date(Date.now() + keepHours * 3600_000),
              error: null,
            })
            .where(
              and(eq(exportJob.id, job.id), eq(exportJob.state, 'running'), eq(exportJob.node, this.node)),
            )
            .returning();
          if (!done) return null;
          await publishJob(tx, done);
          await notify(tx, {
            kind: 'export',
            title: `导出完成：${done.name}（${rows} 行）`,
            body: `文件 ${done.fileName} 可在导出中心下载，有效期 ${keepHours} 小时`,
            link: '/ops/export',
            userIds: [done.userId],
          });
          return done;
        })
        .catch(async (err) => {
          // The job's row is as it was (running): the stored file would belong to nothing. It goes,
          // and the failure is the job's (below).
          await storage.delete(key).catch(() => undefined);
          throw err;
        });
      // Cancelled between the last progress write and the end: the file goes.
      if (!finished) await storage.delete(key);
    } catch (err) {
      fs.rmSync(temp, { force: true });
      if (err instanceof Cancelled) return;
      log.error({ err, job: job.id }, 'export job failed');
      const reason =
        err instanceof AppError ? err.message : `导出失败：${(err as Error).message}`.slice(0, 300);
      const [failed] = await db
        .update(exportJob)
        .set({ state: 'failed', error: reason, finishedAt: new Date() })
        .where(and(eq(exportJob.id, job.id), eq(exportJob.state, 'running'), eq(exportJob.node, this.node)))
        .returning()
        .catch(() => []);
      if (failed) await publishJob(db, failed).catch(() => undefined);
    }
  }
}

/**
 * The export centre's housekeeping (a scheduled job, once per period across nodes): jobs whose
 * node stopped are queued again (or failed with the reason after EXPORT_MAX_ATTEMPTS); finished
 * files past their time are removed and their jobs marked expired. Returns what it changed.
 */
export async function sweepExports(
  platform: Pick<Platform, 'db' | 'storage'>,
  staleMs = EXPORT_STALE_MS,
): Promise<{ requeued: number; failed: number; expired: number }> {
  const { db, storage } = platform;
  const stale = new Date(Date.now() - staleMs);
  const interrupted = rowsOf<{ id: number; state: string }>(
    await db.execute(sql`
      update export_job set
        state = case when attempts >= ${EXPORT_MAX_ATTEMPTS} then 'failed' else 'queued' end,
        error = case when attempts >= ${EXPORT_MAX_ATTEMPTS} then '导出服务重启，任务中断，请重新导出' end,
        finished_at = case when attempts >= ${EXPORT_MAX_ATTEMPTS} then now() end,
        node = null
      where state = 'running' and heartbeat_at < ${stale.toISOString()}::timestamptz
      returning id, state`),
  );
  const expired = rowsOf<{ id: number; storage_key: string | null }>(
    await db.execute(sql`
      update export_job set state = 'expired'
      where state = 'done' and expires_at < now()
      returning id, storage_key`),
  );
  for (const e of expired) if (e.storage_key) await storage.delete(e.storage_key);
  // Files of jobs removed by their users are deleted with the row (removeExport).
  return {
    requeued: interrupted.filter((r) => r.state === 'queued').length,
    failed: interrupted.filter((r) => r.state === 'failed').length,
    expired: expired.length,
  };
}

/** The administrator sees every user's jobs; anyone else only their own. */
const mayManageAll = (user: AuthUser) => hasPermission(user, 'system:export:all');

/** A job the user may see (their own, or any for the administrator); 404 otherwise. */
export async function jobFor(db: Queryable, user: AuthUser, id: number): Promise<JobRow> {
  const [job] = await db.select().from(exportJob).where(eq(exportJob.id, id));
  if (!job || (job.userId !== user.id && !mayManageAll(user))) throw notFound('导出任务不存在');
  return job;
}

export function listExports(
  db: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; state?: ExportState },
) {
  const where = and(
    mayManageAll(user) ? undefined : eq(exportJob.userId, user.id),
    f.state ? eq(exportJob.state, f.state) : undefined,
  );
  return paginate(
    db,
    f,
    (w) =>
      db
        .select({ job: exportJob, username: sysUser.username })
        .from(exportJob)
        .innerJoin(sysUser, eq(sysUser.id, exportJob.userId))
        .where(where)
        .orderBy(desc(exportJob.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: exportJob, where },
    (r) => jobView({ ...r.job, username: r.username }),
  );
}

export async function activeExports(db: Queryable, user: AuthUser) {
  const [row] = rowsOf<{ running: number; ready: number }>(
    await db.execute(sql`select
        count(*) filter (where state in ('queued', 'running'))::int as running,
        count(*) filter (where state = 'done' and finished_at > now() - interval '1 day')::int as ready
      from export_job where user_id = ${user.id}`),
  );
  return { running: row.running, ready: row.ready };
}

/** Streams a finished file to its owner (or the administrator). */
export async function downloadExport(
  platform: Pick<Platform, 'db' | 'storage'>,
  user: AuthUser,
  id: number,
  reply: FastifyReply,
) {
  const job = await jobFor(platform.db, user, id);
  if (job.state === 'expired' || (job.state === 'done' && job.expiresAt && job.expiresAt < new Date()))
    throw new AppError(410, '导出文件已过期，请重新导出');
  if (job.state !== 'done' || !job.storageKey) throw new AppError(409, '导出尚未完成，完成后再下载');
  const body = await platform.storage.open(job.storageKey);
  reply.type(XLSX_MIME).header('Content-Disposition', attachmentHeader(job.fileName));
  if (job.bytes) reply.header('Content-Length', String(job.bytes));
  return reply.send(body);
}

export async function cancelExport(db: Queryable, user: AuthUser, id: number) {
  await jobFor(db, user, id);
  const [job] = await db
    .update(exportJob)
    .set({ state: 'cancelled', finishedAt: new Date(), node: null })
    .where(and(eq(exportJob.id, id), sql`${exportJob.state} in ('queued', 'running')`))
    .returning();
  if (!job) throw new AppError(409, '任务已结束，不能取消');
  await publishJob(db, job);
  return jobView({ ...job, username: user.username });
}

/** Removes a job that is no longer queued or running, with its file. */
export async function removeExport(platform: Pick<Platform, 'db' | 'storage'>, user: AuthUser, id: number) {
  await jobFor(platform.db, user, id);
  const [job] = await platform.db
    .delete(exportJob)
    .where(and(eq(exportJob.id, id), sql`${exportJob.state} not in ('queued', 'running')`))
    .returning();
  if (!job) throw new AppError(409, '任务进行中，请先取消');
  if (job.storageKey) await platform.storage.delete(job.storageKey);
  return null;
}
