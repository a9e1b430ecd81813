import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../call.ts';
import { idList, nothing, pageOf, paging, queryBool } from '../common.ts';

/**
 * The message centre (消息中心): in-console messages for the events that need someone, one row per
 * recipient (so each reads its own), delivered live on NOTICE_TOPIC; and the administrator's rules
 * (which roles receive which kind, which kinds also go out by SMS). Designed calls (issue 20).
 */

/** The kinds of message, their label, the roles that receive them by default and the SMS default. */
export const NOTICE_KINDS = {
  review: { label: '待审核', roles: ['admin', 'regulator'], sms: false },
  maintenance: { label: '维保工单', roles: ['maintenance_admin'], sms: false },
  rescue: { label: '救援派单', roles: ['rescue', 'maintenance_admin'], sms: true },
  expiry: {
    label: '证书合同到期',
    roles: ['maintenance_admin', 'use_admin', 'inspection_admin'],
    sms: false,
  },
  inspection: { label: '定期检验', roles: ['use_admin', 'regulator'], sms: false },
  export: { label: '导出完成', roles: [], sms: false },
  job: { label: '定时任务告警', roles: ['admin'], sms: false },
} as const satisfies Record<string, { label: string; roles: string[]; sms: boolean }>;
export type NoticeKind = keyof typeof NOTICE_KINDS;
export const NOTICE_KIND_KEYS = Object.keys(NOTICE_KINDS) as [NoticeKind, ...NoticeKind[]];
export const noticeKind = z.enum(NOTICE_KIND_KEYS, { error: '消息类型不正确' });

/** Live topic: a new message for the user (data: its kind and the user's unread count). */
export const NOTICE_TOPIC = 'notice.new';

export const noticeRow = z.object({
  id: z.number().int(),
  kind: noticeKind,
  kindLabel: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  /** The console route that shows the record (hash path), if any. */
  link: z.string().nullable(),
  createTime: z.string(),
  read: z.boolean(),
});
export type NoticeRow = z.infer<typeof noticeRow>;

export const noticeEvent = z.object({ id: z.number().int(), kind: noticeKind, title: z.string() });

export const noticeRule = z.object({
  kind: noticeKind,
  kindLabel: z.string(),
  /** Role keys whose holders receive this kind (within their data scope). */
  roles: z.array(z.string()),
  sms: z.boolean(),
  enabled: z.boolean(),
});
export type NoticeRule = z.infer<typeof noticeRule>;

const noticeFilters = {
  kind: noticeKind.optional(),
  read: queryBool.optional(),
};

export const noticeCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/notice/query',
    permission: SIGNED_IN,
    summary: '我的消息',
    input: z.object({ ...paging, ...noticeFilters }),
    output: pageOf(noticeRow),
  }),
  unread: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/notice/unread',
    permission: SIGNED_IN,
    summary: '未读消息数（按类型）',
    input: z.object({}),
    output: z.object({ total: z.number().int(), byKind: z.record(z.string(), z.number().int()) }),
  }),
  read: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/notice/read',
    permission: SIGNED_IN,
    summary: '标记消息已读',
    input: z.object({ ids: idList }),
    output: z.object({ updated: z.number().int() }),
  }),
  readAll: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/notice/readAll',
    permission: SIGNED_IN,
    summary: '全部标记已读',
    input: z.object({ kind: noticeKind.optional() }),
    output: z.object({ updated: z.number().int() }),
  }),
  rules: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/noticeRule/list',
    permission: 'system:notice:rule',
    summary: '消息规则',
    input: z.object({}),
    output: z.array(noticeRule),
  }),
  updateRule: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/noticeRule/update',
    permission: 'system:notice:rule',
    summary: '修改消息规则',
    input: z.object({
      kind: noticeKind,
      roles: z.array(z.string().trim().min(1).max(64)).max(50, '角色过多'),
      sms: z.boolean(),
      enabled: z.boolean(),
    }),
    output: nothing,
  }),
};
