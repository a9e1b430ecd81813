import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../call.ts';
import { idParam, nothing, pageOf, paging } from '../common.ts';
import { messages } from '../messages.ts';

/**
 * The export centre (导出中心): list exports that would take longer than a few seconds run as
 * background jobs (the export call answers 202 with the job, EXPORT_QUEUED_MESSAGE); the user lists
 * them with their progress, downloads the file while its link is valid, cancels or removes them.
 * Designed calls (issue 20).
 */

export const EXPORT_STATES = ['queued', 'running', 'done', 'failed', 'cancelled', 'expired'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
export const EXPORT_STATE_LABEL: Record<ExportState, string> = {
  queued: '排队中',
  running: '生成中',
  done: '已完成',
  failed: '失败',
  cancelled: '已取消',
  expired: '已过期',
};
/** Jobs in these states count against the per-user limit. */
export const EXPORT_ACTIVE_STATES: ExportState[] = ['queued', 'running'];

export const EXPORT_QUEUED_MESSAGE = messages.exportQueued;

/** Live topic: a job of the user's changed (state or progress). */
export const EXPORT_TOPIC = 'export.job';

export const EXPORT_PARAMS = {
  /** A list export with more rows than this (by the list's count) runs in the background. */
  threshold: { key: 'export.background.threshold', fallback: 20_000 },
  /** How long a finished file can be downloaded, hours; then it is removed. */
  keepHours: { key: 'export.keep.hours', fallback: 24 },
  /** Queued or running jobs one user may have at once. */
  perUser: { key: 'export.per.user', fallback: 3 },
} as const;

export const exportJob = z.object({
  id: z.number().int(),
  name: z.string(),
  fileName: z.string(),
  state: z.enum(EXPORT_STATES),
  stateLabel: z.string(),
  /** 0–100 while running. */
  progress: z.number().int(),
  rows: z.number().int(),
  totalRows: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
  /** Until when the file can be downloaded (done jobs). */
  expiresTime: z.string().nullable(),
  /** The account that asked (the administrator sees everyone's). */
  username: z.string(),
});
export type ExportJob = z.infer<typeof exportJob>;

/** What an export call answers with status 202 when its rows go to a background job. */
export const exportQueued = z.object({ queued: z.literal(true), job: exportJob });
export type ExportQueued = z.infer<typeof exportQueued>;

export const exportCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/exportJob/query',
    permission: SIGNED_IN,
    summary: '导出任务列表',
    input: z.object({ ...paging, state: z.enum(EXPORT_STATES).optional() }),
    output: pageOf(exportJob),
  }),
  active: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/exportJob/active',
    permission: SIGNED_IN,
    summary: '进行中与未下载的导出任务数',
    input: z.object({}),
    output: z.object({ running: z.number().int(), ready: z.number().int() }),
  }),
  download: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/exportJob/download/{id}',
    permission: SIGNED_IN,
    summary: '下载导出文件',
    input: idParam,
    output: nothing,
    result: 'file',
  }),
  cancel: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/exportJob/cancel/{id}',
    permission: SIGNED_IN,
    summary: '取消导出任务',
    input: idParam,
    output: exportJob,
  }),
  remove: defineCall({
    domain: 'system',
    method: 'DELETE',
    path: '/pc/exportJob/{id}',
    permission: SIGNED_IN,
    summary: '删除导出任务及文件',
    input: idParam,
    output: nothing,
  }),
};
