import {
  type CallOutput,
  type CallParsedInput,
  formatDateTime,
  type JobOutcome,
  type JobRow,
  type JobRun,
  type jobCalls,
  jobSchedule,
} from '@ec/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { jobRun, jobState } from '../../../platform/db/tables.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { type JobRunRecord, jobLockKey } from '../../../platform/jobs.ts';
import type { Platform } from '../../../platform/platform.ts';

/**
 * 定时任务: the jobs this node's scheduler has registered (every node registers the same), their
 * state and recorded runs (platform/jobs.ts writes both), and 立即执行.
 */

const outcomeOf = (v: string | null | undefined): JobOutcome | null =>
  v === 'ok' || v === 'failed' ? v : null;

export function runView(r: JobRunRecord): JobRun {
  return {
    id: r.id,
    name: r.name,
    node: r.node,
    manual: r.manual,
    startTime: formatDateTime(r.startedAt),
    endTime: formatDateTime(r.endedAt),
    durationMs: Math.max(0, r.endedAt.getTime() - r.startedAt.getTime()),
    outcome: outcomeOf(r.outcome) ?? 'failed',
    error: r.error,
  };
}

/** The job keys whose advisory lock some session holds now: a run under way on some node. */
async function lockedKeys(db: Queryable): Promise<Set<string>> {
  // A one-key (bigint) advisory lock shows as classid (high half), objid (low half), objsubid 1.
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`
      select ((classid::bigint << 32) | objid::bigint)::text as key
      from pg_locks where locktype = 'advisory' and objsubid = 1 and granted`),
  );
  return new Set(rows.map((r) => r.key));
}

/** A text[] literal (each element quoted and escaped). */
const textArray = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

export async function listJobs(
  platform: Platform,
  db: Queryable,
  { page, limit }: CallParsedInput<typeof jobCalls.query>,
): Promise<CallOutput<typeof jobCalls.query>> {
  const jobs = platform.jobs.list().sort((a, b) => a.name.localeCompare(b.name));
  const shown = jobs.slice((page - 1) * limit, page * limit);
  const names = shown.map((j) => j.name);
  if (names.length === 0) return { records: [], total: jobs.length, page, limit };
  const states = await db.select().from(jobState).where(inArray(jobState.name, names));
  const lastRuns = rowsOf<{
    name: string;
    started_at: string;
    ended_at: string;
    outcome: string;
    error: string | null;
  }>(
    await db.execute(sql`
      select last.* from unnest(${textArray(names)}::text[]) as n(name)
      cross join lateral (
        select name, started_at, ended_at, outcome, error from job_run
        where job_run.name = n.name order by id desc limit 1
      ) last`),
  );
  const locked = await lockedKeys(db);
  const here = new Set(platform.jobs.runningHere());
  const stateOf = new Map(states.map((s) => [s.name, s]));
  const lastOf = new Map(lastRuns.map((r) => [r.name, r]));
  const records: JobRow[] = shown.map((job) => {
    const state = stateOf.get(job.name);
    const last = lastOf.get(job.name);
    return {
      name: job.name,
      label: job.label ?? job.name,
      everyMs: job.everyMs,
      schedule: jobSchedule(job.everyMs),
      running: here.has(job.name) || locked.has(String(jobLockKey(job.name))),
      lastRunTime: last
        ? formatDateTime(last.started_at)
        : state?.lastRunAt
          ? formatDateTime(state.lastRunAt)
          : null,
      lastOutcome: last ? outcomeOf(last.outcome) : outcomeOf(state?.lastStatus),
      lastError: last ? last.error : (state?.lastError ?? null),
      lastDurationMs: last ? Math.max(0, Date.parse(last.ended_at) - Date.parse(last.started_at)) : null,
      failStreak: state?.failStreak ?? 0,
    };
  });
  return { records, total: jobs.length, page, limit };
}

function known(platform: Platform, name: string) {
  if (!platform.jobs.list().some((j) => j.name === name)) throw notFound('定时任务不存在');
}

export async function listRuns(
  platform: Platform,
  db: Queryable,
  { name, outcome, page, limit }: CallParsedInput<typeof jobCalls.runs>,
): Promise<CallOutput<typeof jobCalls.runs>> {
  known(platform, name);
  const where: SQL[] = [eq(jobRun.name, name)];
  if (outcome) where.push(eq(jobRun.outcome, outcome));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(jobRun)
      .where(and(...where))
      .orderBy(desc(jobRun.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: count() })
      .from(jobRun)
      .where(and(...where)),
  ]);
  return { records: rows.map(runView), total, page, limit };
}

/** 立即执行 on this node; 409 while a run is under way here or on another node. */
export async function runJobNow(platform: Platform, name: string): Promise<JobRun> {
  known(platform, name);
  const result = await platform.jobs.runNow(name);
  if (result.state === 'busy')
    throw conflict('该任务正在执行中（本节点或其他节点），请等待本次执行结束后再试');
  if (!result.run) throw new Error(`job ${name} ran (${result.state}) but its run was not recorded`);
  return runView(result.run);
}
