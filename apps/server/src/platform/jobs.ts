import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from './db/client.ts';
import { rowsOf } from './db/sql.ts';
import { jobState } from './db/tables.ts';

export interface JobDefinition {
  name: string;
  /** How often the job is due. */
  everyMs: number;
  /** The job's work; on PostgreSQL it runs inside the transaction that holds the job's lock. */
  run(db: Db | Tx): Promise<void>;
  /** Jobs that cannot run inside a transaction (VACUUM). They are still guarded by the period slot. */
  outsideTransaction?: boolean;
}

/** A stable 32-bit key for the advisory lock of a job name. */
function lockKey(name: string): number {
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
    const job = this.jobs.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    const slot = String(Math.floor(now / job.everyMs));
    try {
      const ran = await this.db.transaction(async (tx) => {
        const [{ locked }] = rowsOf<{ locked: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey(name)}) as locked`),
        );
        if (!locked) return false;
        const claimed = await tx
          .insert(jobState)
          .values({ name, lastSlot: slot, lastRunAt: new Date(), lastStatus: 'running', runs: 1 })
          .onConflictDoUpdate({
            target: jobState.name,
            set: {
              lastSlot: slot,
              lastRunAt: new Date(),
              lastStatus: 'running',
              runs: sql`${jobState.runs} + 1`,
            },
            setWhere: sql`${jobState.lastSlot} is distinct from ${slot}`,
          })
          .returning({ name: jobState.name });
        if (claimed.length === 0) return false;
        if (!job.outsideTransaction) await job.run(tx);
        await tx
          .update(jobState)
          .set({ lastStatus: 'ok', lastError: null })
          .where(sql`${jobState.name} = ${name}`);
        return true;
      });
      if (ran && job.outsideTransaction) await job.run(this.db);
      return ran;
    } catch (err) {
      this.log.error({ err, job: name }, 'scheduled job failed');
      await this.db
        .update(jobState)
        .set({ lastStatus: 'failed', lastError: String((err as Error).message).slice(0, 500) })
        .where(sql`${jobState.name} = ${name}`)
        .catch(() => undefined);
      return false;
    }
  }
}
