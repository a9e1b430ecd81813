import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idParam, pageOf, paging, queryBool, requiredText, text } from '../common.ts';
import { fileIdField, version } from '../fields.ts';
import {
  PATROL_PERMISSIONS as P,
  PATROL_MAX_PHOTOS,
  PATROL_NOTICE_STATES,
  PATROL_RECIPIENTS,
} from './rules.ts';

/*
 * 整改通知: a 不符合 found on patrol, for the use unit (or the lift's maintenance company) to put
 * right by a deadline. States: open 待整改 → answered 待复核 (the recipient's evidence: text and
 * photos) → closed 已销号 (the regulator); the regulator reopens an answered or closed notice with a
 * reason (待整改 again). Each move one conditional UPDATE; history kept.
 */

const N = '/pc/pollingNotice';
const domain = 'polling';
const noticeId = idField('整改通知编号');

export const patrolNoticeRow = z.object({
  id: z.number().int(),
  noticeNo: z.string(),
  taskId: z.number().int(),
  taskNo: z.string(),
  targetName: z.string(),
  address: z.string().nullable(),
  areaCode: z.string(),
  areaName: z.string().nullable(),
  contentName: z.string(),
  /** What was found (the result's remark). */
  problem: z.string().nullable(),
  requirement: z.string().nullable(),
  recipient: z.enum(PATROL_RECIPIENTS),
  recipientLabel: z.string(),
  recipientCompanyId: z.number().int(),
  recipientName: z.string().nullable(),
  deadline: z.string(),
  /** Still open past its deadline. */
  overdue: z.boolean(),
  state: z.enum(PATROL_NOTICE_STATES),
  stateLabel: z.string(),
  answeredAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createTime: z.string(),
  version: z.number().int(),
});
export type PatrolNoticeRow = z.infer<typeof patrolNoticeRow>;

export const patrolNoticeEvent = z.object({
  action: z.string(),
  actionLabel: z.string(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  text: z.string().nullable(),
  photos: z.array(z.string()),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type PatrolNoticeEvent = z.infer<typeof patrolNoticeEvent>;

export const patrolNoticeDetail = patrolNoticeRow.extend({
  /** The finding's photos. */
  photos: z.array(z.string()),
  answerText: z.string().nullable(),
  answerPhotos: z.array(z.string()),
  history: z.array(patrolNoticeEvent),
});
export type PatrolNoticeDetail = z.infer<typeof patrolNoticeDetail>;

const act = z.object({ id: noticeId, version: version.optional() });

export const patrolNoticeCalls = {
  queryList: defineCall({
    domain,
    method: 'POST',
    path: `${N}/queryList`,
    permission: P.noticeList,
    summary: '整改通知列表',
    reads: true,
    input: z.object({
      ...paging,
      state: z.enum(PATROL_NOTICE_STATES, { error: '未知的整改状态' }).optional(),
      taskId: idField('巡检任务编号').optional(),
      /** Words of the lift, use unit or content. */
      keyword: text(50).optional(),
      overdue: queryBool.optional(),
    }),
    output: pageOf(patrolNoticeRow),
  }),
  queryDetail: defineCall({
    domain,
    method: 'POST',
    path: `${N}/queryDetail`,
    permission: P.noticeList,
    summary: '整改通知详情（含回复与处理记录）',
    reads: true,
    input: idParam,
    output: patrolNoticeDetail,
  }),
  answer: defineCall({
    domain,
    method: 'POST',
    path: `${N}/answer`,
    permission: P.noticeAnswer,
    summary: '回复整改通知（整改说明与照片）',
    input: act.extend({
      text: requiredText('整改说明', 1000),
      photos: z
        .array(fileIdField('整改照片'))
        .max(PATROL_MAX_PHOTOS, `最多 ${PATROL_MAX_PHOTOS} 张照片`)
        .optional(),
    }),
    output: patrolNoticeDetail,
  }),
  close: defineCall({
    domain,
    method: 'POST',
    path: `${N}/close`,
    permission: P.noticeHandle,
    summary: '整改通知销号',
    input: act.extend({ remark: text(500).nullable().optional() }),
    output: patrolNoticeDetail,
  }),
  reopen: defineCall({
    domain,
    method: 'POST',
    path: `${N}/reopen`,
    permission: P.noticeHandle,
    summary: '整改通知退回重新整改',
    input: act.extend({ reason: requiredText('退回原因', 500) }),
    output: patrolNoticeDetail,
  }),
};
