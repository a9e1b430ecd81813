import os from 'node:os';
import { formatDateTime, JOB_ALERT_STREAK, JOB_RUNS_KEPT, type JobOutcome } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db, Tx } from './db/client.ts';
import { rowsOf } from './db/sql.ts';
import { jobRun, jobState } from './db/tables.ts';
import { notify } from './notify.ts';

/** The period of a daily job (`everyMs`). */
export const DAILY = 86_400_000;

export interface JobDefinition {
  name: string;
  /** What the job does, in Chinese (the 定时任务 page). */
  label?: string;
  /** How often the job is due. */
  everyMs: number;
  /** The job's work; on PostgreSQL it runs inside the transaction that holds the job's lock. */
  run(db: Db | Tx): Promise<void>;
  /**
   * Jobs that cannot run inside a transaction (VACUUM). They are still guarded by the period slot,
   * and on PostgreSQL by the job's lock, held by a connection of their own while they run.
   */
  outsideTransaction?: boolean;
}

/** A stable 32-bit key for the advisory lock of a job name. */
export function jobLockKey(name: string): number {
  let h = 0;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/**
 * A small in-process scheduler. Every node runs the same timers; each run takes a transaction
 * advisory lock and records the period slot it served, so a job runs once per period however many
 * nodes share the database.
 */
export class Scheduler {
  private readonly jobs = new Map<string, JobDefinition>();
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  private started = false;

  /** Adds a job; one added after `start` (a module's service that needs the platform) is timed at once. */
  register(job: JobDefinition) {
    if (this.jobs.has(job.name)) throw new Error(`duplicate job ${job.name}`);
    this.jobs.set(job.name, job);
    if (this.started) this.schedule(job);
  }

  list() {
    return [...this.jobs.values()];
  }

  start() {
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  private schedule(job: JobDefinition) {
    const timer = setInterval(() => void this.track(this.runDue(job.name)), Math.min(job.everyMs, 60_000));
    timer.unref();
    this.timers.push(timer);
  }

  async stop() {
    this.started = false;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await Promise.allSettled([...this.running]);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
    return p;
  }

  /**
   * Runs the job if its current period has not been served by any node yet.
   * Returns true when this call did the work.
   */
  async runDue(name: string, now = Date.now()): Promise<boolean> {
    const job = this.job(name);
    const result = await this.attempt(job, String(Math.floor(now / job.everyMs)), false);
    return result.state === 'ran';
  }

  /**
   * 立即执行: runs the job at once on this node, whatever its period, unless a run is under way here
   * or on another node (its advisory lock is held): then `busy`. The run serves the current period.
   */
  async runNow(name: string): Promise<RunResult> {
    const job = this.job(name);
    return this.attempt(job, String(Math.floor(Date.now() / job.everyMs)), true);
  }

  /** Jobs under way on this node (outside-transaction jobs hold no lock while they run). */
  runningHere(): string[] {
    return [...this.active];
  }

  private job(name: string): JobDefinition {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    return job;
  }

  private readonly active = new Set<string>();

  private async attempt(job: JobDefinition, slot: string, manual: boolean): Promise<RunResult> {
    const { name } = job;
    if (this.active.has(name)) return { state: 'busy' };
    this.active.add(name);
    const started = new Date();
    // A job that runs outside the slot's transaction holds a session lock on a connection of its
    // own for the whole run (PostgreSQL); on PGlite one process is the only node and `active` guards.
    let holder: LockHolder | null = null;
    try {
      if (job.outsideTransaction) {
        const taken = await holdLock(this.db, jobLockKey(name));
        if (taken === false) return { state: 'busy' };
        holder = taken;
      }
      const held = holder !== null;
      const state = await this.db.transaction(async (tx) => {
        if (!held) {
          const [{ locked }] = rowsOf<{ locked: boolean }>(
            await tx.execute(sql`select pg_try_advisory_xact_lock(${jobLockKey(name)}) as locked`),
          );
          if (!locked) return 'busy' as const;
        }
        const claimed = await tx
          .insert(jobState)
          .values({ name, lastSlot: slot, lastRunAt: started, lastStatus: 'running', runs: 1 })
          .onConflictDoUpdate({
            target: jobState.name,
            set: {
              lastSlot: slot,
              lastRunAt: started,
              lastStatus: 'running',
              runs: sql`${jobState.runs} + 1`,
            },
            // A manual run does not wait for the next period.
            setWhere: manual ? undefined : sql`${jobState.lastSlot} is distinct from ${slot}`,
          })
          .returning({ name: jobState.name });
        if (claimed.length === 0) return 'served' as const;
        if (!job.outsideTransaction) {
          await job.run(tx);
          await tx.update(jobState).set(SUCCEEDED).where(sql`${jobState.name} = ${name}`);
        }
        return 'ran' as const;
      });
      if (state !== 'ran') return { state };
      if (job.outsideTransaction) {
        await job.run(this.db);
        await this.db.update(jobState).set(SUCCEEDED).where(sql`${jobState.name} = ${name}`);
      }
      return { state, run: await this.record(job, { started, manual, outcome: 'ok', error: null }) };
    } catch (err) {
      this.log.error({ err, job: name }, 'scheduled job failed');
      const error = String((err as Error)?.message ?? err).slice(0, 2000);
      const run = await this.record(job, { started, manual, outcome: 'failed', error }).catch((e) => {
        this.log.error({ err: e, job: name }, 'recording a failed job run failed');
        return undefined;
      });
      return { state: 'failed', run };
    } finally {
      if (holder) await holder.release();
      this.active.delete(name);
    }
  }

  /**
   * Records a run after its transaction ended (a failed run's record outlives its rollback), keeps
   * the last JOB_RUNS_KEPT, and counts failures in a row: the run that makes it JOB_ALERT_STREAK
   * tells the administrators, once per streak (the counter is updated atomically and the message
   * is keyed by the streak's start).
   */
  private async record(
    job: JobDefinition,
    r: { started: Date; manual: boolean; outcome: JobOutcome; error: string | null },
  ): Promise<JobRunRecord> {
    const { name } = job;
    return this.db.transaction(async (tx) => {
      const ended = new Date();
      const [run] = await tx
        .insert(jobRun)
        .values({
          name,
          node: NODE,
          manual: r.manual,
          startedAt: r.started,
          endedAt: ended,
          outcome: r.outcome,
          error: r.error,
        })
        .returning();
      await tx.execute(sql`
        delete from job_run where name = ${name} and id <= (
          select id from job_run where name = ${name} order by id desc offset ${JOB_RUNS_KEPT} limit 1)`);
      if (r.outcome === 'failed') {
        // The job's own transaction (the claim) was rolled back, or (outside-transaction jobs) committed.
        const [streak] = await tx
          .insert(jobState)
          .values({
            name,
            lastRunAt: r.started,
            lastStatus: 'failed',
            lastError: r.error,
            runs: 1,
            failStreak: 1,
            failSince: r.started,
          })
          .onConflictDoUpdate({
            target: jobState.name,
            set: {
              lastRunAt: r.started,
              lastStatus: 'failed',
              lastError: r.error,
              runs: job.outsideTransaction ? jobState.runs : sql`${jobState.runs} + 1`,
              failStreak: sql`${jobState.failStreak} + 1`,
              failSince: sql`case when ${jobState.failStreak} = 0 then ${r.started.toISOString()}::timestamptz else ${jobState.failSince} end`,
            },
          })
          .returning({ failStreak: jobState.failStreak, failSince: jobState.failSince });
        if (streak.failStreak === JOB_ALERT_STREAK) {
          const label = job.label ?? name;
          await notify(tx, {
            kind: 'job',
            title: `定时任务「${label}」连续 ${JOB_ALERT_STREAK} 次执行失败`,
            body: `最近一次错误（节点 ${NODE}，${formatDateTime(r.started)}）：${r.error ?? '未知错误'}`,
            link: '/ops/job',
            dedupKey: `job-failed:${name}:${streak.failSince?.getTime() ?? r.started.getTime()}`,
          });
        }
      }
      return run;
    });
  }
}

interface LockHolder {
  release(): Promise<void>;
}

/**
 * On PostgreSQL, takes the session advisory lock `key` on a pooled connection kept for the run:
 * the holder, or false when another session holds it. Null on PGlite (one connection, one node).
 */
async function holdLock(db: Db, key: number): Promise<LockHolder | false | null> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  const client = await pool.connect();
  let locked = false;
  try {
    locked = (await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]))
      .rows[0].locked;
  } finally {
    if (!locked) client.release();
  }
  if (!locked) return false;
  return {
    async release() {
      try {
        await client.query('select pg_advisory_unlock($1)', [key]);
        client.release();
      } catch (err) {
        // The connection is closed, not returned: its session (and lock) ends with it.
        client.release(err as Error);
      }
    },
  };
}

/** This node's name in the run records. */
export const NODE = `${os.hostname()}:${process.pid}`;

const SUCCEEDED = { lastStatus: 'ok', lastError: null, failStreak: 0, failSince: null };

export type JobRunRecord = typeof jobRun.$inferSelect;

/**
 * `ran` (this call did the work; `run` its record), `failed` (it ran and failed), `busy` (under
 * way here or on another node), `served` (its period has already run).
 */
export type RunResult =
  | { state: 'ran'; run: JobRunRecord }
  | { state: 'failed'; run?: JobRunRecord }
  | { state: 'busy' | 'served'; run?: undefined };
