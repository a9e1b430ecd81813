import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idParam, nothing, pageOf, paging, queryBool } from '../common.ts';
import { optionalId, optionalText, sorting, timeBound } from './shared.ts';

/** The operation log (/pc/operationRecord). */

export const OPLOG_SORT_FIELDS = ['createTime', 'durationMs'] as const;

export const operationRecord = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  summary: z.string().nullable(),
  status: z.number().int(),
  success: z.boolean(),
  message: z.string().nullable(),
  durationMs: z.number().int(),
  requestId: z.string().nullable(),
  createTime: z.string(),
});
/** With the recorded parameters (secrets already removed when they were written). */
export const operationRecordDetail = operationRecord.extend({ params: z.unknown() });

const oplogFilters = {
  username: optionalText(64),
  userId: optionalId('用户编号').optional(),
  path: optionalText(200),
  method: z.enum(['POST', 'PUT', 'DELETE'], { error: '请求方式应为 POST、PUT 或 DELETE' }).optional(),
  success: queryBool.optional(),
  startTime: timeBound('开始时间').optional(),
  endTime: timeBound('结束时间').optional(),
};

export const oplogCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/operationRecord/query',
    permission: 'system:oplog:list',
    summary: '操作记录列表',
    input: z.object({ ...paging, ...oplogFilters, ...sorting(OPLOG_SORT_FIELDS) }),
    output: pageOf(operationRecord),
  }),
  detail: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/operationRecord/detail/{id}',
    permission: 'system:oplog:list',
    summary: '操作记录详情',
    input: idParam,
    output: operationRecordDetail,
  }),
  export: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/operationRecord/export',
    permission: 'system:oplog:list',
    summary: '导出操作记录',
    input: z.object(oplogFilters),
    output: nothing,
    result: 'file',
  }),
};
