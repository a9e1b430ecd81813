import {
  API_KEY_ONLY,
  API_PREFIX,
  type Call,
  CONTROL_CHARS,
  CONTROL_CHARS_MESSAGE,
  isWrite,
  PUBLIC,
  SIGNED_IN,
  SUCCESS_CODE,
  SUCCESS_MSG,
} from '@ec/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuthUser, hasPermission } from '../access.ts';
import { apiKeyOf, authenticateApiKey, logApiKeyUse } from '../auth/api-keys.ts';
import { authenticate } from '../auth/session.ts';
import { assertPasswordSettled } from '../auth/temporary.ts';
import type { Queryable } from '../db/client.ts';
import { type AppError, badRequest, forbidden, unauthorized } from '../errors.ts';
import type { Platform } from '../platform.ts';
import type { Implementation } from './implement.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    call?: Call;
  }
}

export const toRouteUrl = (path: string) => API_PREFIX + path.replace(/\{(\w+)\}/g, ':$1');

/** Field-named Chinese messages from a zod failure. */
export function validationError(error: z.ZodError): AppError {
  const errors = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(请求)',
    message: issue.message,
  }));
  const first = errors[0];
  return badRequest(first ? `${first.field}：${first.message}` : '请求参数不正确', errors);
}

/** The path of the first string holding a control character, searched to a bounded depth. */
function controlCharField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return CONTROL_CHARS.test(value) ? path || '(请求)' : null;
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  for (const [k, v] of Object.entries(value)) {
    const found = controlCharField(v, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Every string of every request is checked once here, before any call's schema sees it. */
function refuseControlChars(input: Record<string, unknown>) {
  const field = controlCharField(input, '');
  if (field)
    throw badRequest(`${field}：${CONTROL_CHARS_MESSAGE}`, [{ field, message: CONTROL_CHARS_MESSAGE }]);
}

/** RFC 2046: a boundary of 1 to 70 characters. Without one the multipart parser cannot even start. */
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^\s;"]{1,70})(?:;|\s*$)/i;
function refuseMissingBoundary(call: Call, req: FastifyRequest) {
  if (call.encoding !== 'multipart') return;
  const type = req.headers['content-type'] ?? '';
  if (/^multipart\//i.test(type) && !BOUNDARY.test(type)) {
    throw badRequest('上传请求的 multipart 分隔符（boundary）缺失或不正确');
  }
}

function inputOf(call: Call, req: FastifyRequest): Record<string, unknown> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const params = (req.params ?? {}) as Record<string, unknown>;
  if (call.method === 'GET' || call.method === 'DELETE' || call.encoding === 'multipart') {
    return { ...query, ...params };
  }
  const body = req.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest('请求体应为对象');
  }
  return { ...query, ...(body as Record<string, unknown> | undefined), ...params };
}

export const FILING_REQUIRED = '请先完成初始备案，审核通过后才能使用此功能';

/** Registers each implementation under /monitor/api with authentication, permission and validation. */
export function registerCalls(
  app: FastifyInstance,
  platform: Platform,
  implementations: Implementation[],
): InFlight {
  const inFlight = new InFlight();
  const seen = new Set<string>();
  if (!app.hasRequestDecorator('apiKey')) app.decorateRequest('apiKey', null);
  if (!app.hasRequestDecorator('apiKeyRow')) app.decorateRequest('apiKeyRow', null);
  for (const { call, handler, options } of implementations) {
    const key = `${call.method} ${call.path}`;
    if (seen.has(key)) throw new Error(`重复实现的接口：${key}`);
    seen.add(key);
    const checkOutput = platform.config.validateResponses;
    // A write may change what authentication reads (a logout, a role, a disabled user…): this
    // server forgets the tokens it keeps before answering, other servers on NOTIFY auth_changed.
    const writes = isWrite(call);

    app.route({
      method: call.method,
      url: toRouteUrl(call.path),
      config: {
        call,
        ...(call.rateLimited
          ? { rateLimit: { max: platform.config.rateLimitPerMinute, timeWindow: 60_000 } }
          : {}),
      },
      // A partner's request is logged as its key's use with the status it gets, refusals included.
      ...(call.apiKeyScope
        ? {
            onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
              await logApiKeyUse(platform.db, req, reply).catch((err) =>
                req.log.error({ err }, 'API key use not logged'),
              );
              return payload;
            },
          }
        : {}),
      handler: (req: FastifyRequest, reply: FastifyReply) =>
        inFlight.track(async () => {
          // A call that accepts a key: a request carrying one is the key's, not a session's.
          const key = call.apiKeyScope ? apiKeyOf(req) : undefined;
          if (key && call.apiKeyScope) {
            await authenticateApiKey(platform.db, req, key, call.apiKeyScope);
            req.user = null;
          } else if (call.permission === API_KEY_ONLY) {
            // A console session is a credential, just not one this call takes: 403, not 401.
            if (req.headers.authorization)
              throw forbidden('此接口仅接受 API 密钥（请求头 X-Api-Key），不接受登录会话');
            throw unauthorized('请在 X-Api-Key 请求头中提供 API 密钥');
          } else if (call.permission !== PUBLIC) {
            const user = await authenticate(platform, req, call.result === 'file');
            if (!user) throw unauthorized();
            // A temporary password opens only its own change (platform/auth/temporary.ts).
            assertPasswordSettled(user, call);
            if (call.permission !== SIGNED_IN) {
              if (!hasPermission(user, call.permission)) throw forbidden();
              // Filing interception, server side: until the filing passes, only the calls any signed-in
              // user may make (the filing, auth, files, dictionaries, areas…) are open.
              if (user.needIntercept) throw forbidden(FILING_REQUIRED);
            }
            req.user = user;
          } else {
            req.user = await authenticate(platform, req, false);
          }
          refuseMissingBoundary(call, req);
          const input = inputOf(call, req);
          refuseControlChars(input);
          const parsed = call.input.safeParse(input);
          if (!parsed.success) throw validationError(parsed.error);
          let data: unknown;
          try {
            const run = async (db: Queryable) =>
              handler(parsed.data as never, { user: req.user as AuthUser, req, reply, platform, db });
            data = options.tx ? await platform.db.transaction(run) : await run(platform.db);
          } finally {
            if (writes) platform.sessions.clear();
          }
          if (call.result === 'file') return reply;
          if (checkOutput) {
            const checked = call.output.safeParse(data);
            if (!checked.success) {
              req.log.error(
                { issues: checked.error.issues, path: call.path },
                'response does not match the contract',
              );
              throw new Error(`response of ${call.path} does not match the contract`);
            }
          }
          return { code: SUCCESS_CODE, resultMsg: SUCCESS_MSG, data: data ?? null };
        }),
    });
  }
  return inFlight;
}

/**
 * Handlers still running. A request whose client went away keeps running after its connection has
 * closed, so shutdown waits for this count, not only for the connections, before it closes the
 * database under them.
 */
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  async track<T>(run: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await run();
    } finally {
      if (--this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    }
  }

  /** Resolves once no handler runs, or after `timeoutMs` in any case. */
  drained(timeoutMs = 15_000): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
