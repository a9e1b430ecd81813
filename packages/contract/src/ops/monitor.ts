import { z } from 'zod';
import { optionalText, timeBound } from '../admin/shared.ts';
import { defineCall } from '../call.ts';
import { idField, nothing, pageOf, paging, queryBool } from '../common.ts';

/**
 * The console's housekeeping (issue 20): 登录日志, every sign-in attempt with its outcome, kept for
 * `monitor.loginlog.retentionDays` and purged by a daily job; and 在线用户, the sessions (tokens) not
 * revoked and not expired, which the administrator can end (强制下线) on every node. Designed calls.
 */

export const LOGIN_METHODS = ['password', 'sms'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];
export const LOGIN_METHOD_LABEL: Record<LoginMethod, string> = { password: '密码', sms: '短信验证码' };

/** Why a sign-in failed, as the log records it (the user was told less: see platform/auth/service.ts). */
export const LOGIN_FAILURE = {
  unknownAccount: '账号不存在',
  wrongPassword: '密码错误',
  /** The wrong password that reached the limit and locked the account. */
  lockedNow: '密码错误次数过多，账号已锁定',
  /** A try while the account is locked. */
  locked: '账号已锁定',
  /** A try beyond the limit while the others of the window are still being checked. */
  tooManyTries: '尝试次数过多',
  disabled: '账号已停用',
  smsCode: '验证码错误或已过期',
} as const;

export const MONITOR_PARAMS = {
  /** Sign-in log rows older than this many days are removed by the daily job. */
  loginLogRetentionDays: { key: 'monitor.loginlog.retentionDays', fallback: 180 },
} as const;

/** How often a session's last activity is written at most (the page says so). */
export const LAST_SEEN_EVERY_SECONDS = 60;

export const loginLogRow = z.object({
  id: z.number().int(),
  /** As typed at sign-in; a phone is shown masked. */
  username: z.string(),
  userId: z.number().int().nullable(),
  success: z.boolean(),
  /** Why it failed (null on success). */
  reason: z.string().nullable(),
  method: z.enum(LOGIN_METHODS),
  methodLabel: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createTime: z.string(),
});
export type LoginLogRow = z.infer<typeof loginLogRow>;

const loginLogFilters = {
  username: optionalText(64),
  success: queryBool.optional(),
  ip: optionalText(64),
  startTime: timeBound('开始时间').optional(),
  endTime: timeBound('结束时间').optional(),
};

export const onlineSession = z.object({
  /** The session's id (never its token). */
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  realName: z.string(),
  /** The account's company, else its office. */
  orgName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  loginTime: z.string(),
  lastSeenTime: z.string(),
  expiresTime: z.string(),
  /** The session this request came with (it cannot be ended here: sign out instead). */
  current: z.boolean(),
});
export type OnlineSession = z.infer<typeof onlineSession>;

export const loginLogCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/loginLog/query',
    permission: 'monitor:loginlog:list',
    summary: '登录日志列表',
    input: z.object({ ...paging, ...loginLogFilters }),
    output: pageOf(loginLogRow),
  }),
  export: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/loginLog/export',
    permission: 'monitor:loginlog:export',
    summary: '导出登录日志',
    input: z.object(loginLogFilters),
    output: z.unknown(),
    result: 'file',
  }),
};

export const onlineCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/online/query',
    permission: 'monitor:online:list',
    summary: '在线用户列表',
    input: z.object({ ...paging, username: optionalText(64), ip: optionalText(64) }),
    output: pageOf(onlineSession),
  }),
  forceLogout: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/online/forceLogout',
    permission: 'monitor:online:forceLogout',
    summary: '强制下线',
    input: z.object({ id: idField('会话编号') }),
    output: nothing,
  }),
};
