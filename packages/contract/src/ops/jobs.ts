import { z } from 'zod';
import { defineCall } from '../call.ts';
import { pageOf, paging } from '../common.ts';

/**
 * 定时任务 (issue 20): the scheduled jobs every node runs (each period once across nodes, under an
 * advisory lock), their recorded runs, 立即执行 and, after two failures in a row, a message to the
 * administrators (kind `job`). Administrator only.
 */

export const JOB_PERMISSIONS = {
  list: 'monitor:job:list',
  run: 'monitor:job:run',
} as const;

/** Runs kept per job; older ones are purged as new ones are recorded. */
export const JOB_RUNS_KEPT = 200;
/** Failures in a row that alert the administrators (once per streak). */
export const JOB_ALERT_STREAK = 2;

export const JOB_OUTCOMES = ['ok', 'failed'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];
export const JOB_OUTCOME_LABEL: Record<JobOutcome, string> = { ok: '成功', failed: '失败' };

/** A job's period in Chinese: 每 15 秒, 每 10 分钟, 每 6 小时, 每天, 每 7 天. */
export function jobSchedule(everyMs: number): string {
  const units: [number, string][] = [
    [86_400_000, '天'],
    [3_600_000, '小时'],
    [60_000, '分钟'],
    [1000, '秒'],
  ];
  for (const [ms, unit] of units) {
    if (everyMs >= ms && everyMs % ms === 0) {
      const n = everyMs / ms;
      return n === 1 && unit === '天' ? '每天' : `每 ${n} ${unit}`;
    }
  }
  return `每 ${everyMs} 毫秒`;
}

const jobName = z
  .string({ error: '请指定任务' })
  .trim()
  .min(1, '请指定任务')
  .max(100, '任务名称过长')
  .regex(/^[\w.:-]+$/, '任务名称格式不正确');

export const jobRow = z.object({
  name: z.string(),
  label: z.string(),
  everyMs: z.number().int(),
  /** The period in Chinese (jobSchedule). */
  schedule: z.string(),
  /** Runs under way on some node now (its lock is held). */
  running: z.boolean(),
  /** The start of the latest recorded run. */
  lastRunTime: z.string().nullable(),
  lastOutcome: z.enum(JOB_OUTCOMES).nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** Failed runs since the last successful one. */
  failStreak: z.number().int(),
});
export type JobRow = z.infer<typeof jobRow>;

export const jobRun = z.object({
  id: z.number().int(),
  name: z.string(),
  /** hostname:pid of the node that ran it. */
  node: z.string(),
  /** 定时 (its period came) or 手动 (立即执行). */
  manual: z.boolean(),
  startTime: z.string(),
  endTime: z.string(),
  durationMs: z.number().int(),
  outcome: z.enum(JOB_OUTCOMES),
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRun>;

export const jobCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/job/query',
    permission: JOB_PERMISSIONS.list,
    summary: '定时任务列表',
    input: z.object({ ...paging }),
    output: pageOf(jobRow),
  }),
  runs: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/job/runs',
    permission: JOB_PERMISSIONS.list,
    summary: '定时任务执行记录',
    input: z.object({
      ...paging,
      name: jobName,
      outcome: z.enum(JOB_OUTCOMES, { error: '执行结果应为 ok 或 failed' }).optional(),
    }),
    output: pageOf(jobRun),
  }),
  run: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/job/run',
    permission: JOB_PERMISSIONS.run,
    summary: '立即执行定时任务',
    input: z.object({ name: jobName }),
    output: jobRun,
  }),
};
