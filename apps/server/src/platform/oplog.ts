import { isWrite } from '@ec/contract';
import type { FastifyInstance } from 'fastify';
import { operationLog } from './db/tables.ts';
import type { Platform } from './platform.ts';

/** Keys whose values never reach the log; `code` alone is not one (area, credit and dictionary codes are). */
const SECRET_KEY = /pass|psw|pwd|token|secret|smscode|verifycode|captcha|authorization/i;
const MAX_STRING = 200;
const MAX_KEYS = 50;

/** Parameters worth keeping in the log: secrets replaced, long strings cut, depth bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value !== 'object') return value;
  if (depth > 3) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, 20).map((v) => redact(v, depth + 1));
    return value.length > 20 ? [...items, `…共 ${value.length} 项`] : items;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value).slice(0, MAX_KEYS)) {
    out[k] = SECRET_KEY.test(k) ? '******' : redact(v, depth + 1);
  }
  return out;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The refusal message of a failed call, kept for the operation log. */
    failureMessage?: string;
  }
}

type LogEntry = typeof operationLog.$inferInsert;

/** Entries waiting for the next write; one multi-row INSERT per flush, not one per request. */
const FLUSH_EVERY_MS = 200;
const MAX_BATCH = 500;

/**
 * The operation log's writer. Requests only queue their entry (no database round trip, no commit
 * per request); a timer writes the queue every 200 ms in one INSERT, and close() writes what is
 * left. Readers of the log call flush() first, so a user always sees their own last operation.
 */
export class OperationLogWriter {
  private queue: LogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly platform: Pick<Platform, 'db' | 'log'>,
    private readonly everyMs = FLUSH_EVERY_MS,
  ) {}

  record(entry: LogEntry) {
    this.queue.push(entry);
    if (this.queue.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.everyMs);
  }

  /** Writes every queued entry; resolves once they are stored (or the failure is logged). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    // Writes stay in order: each waits for the previous one.
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.platform.db.insert(operationLog).values(batch);
      } catch (err) {
        this.platform.log.error({ err, entries: batch.length }, 'operation log write failed');
      }
    });
    return this.writing;
  }
}

/** Records every write call (`isWrite`) with who, where, what, outcome and duration. */
export function registerOperationLog(app: FastifyInstance, writer: OperationLogWriter) {
  app.addHook('onResponse', async (req, reply) => {
    const call = req.routeOptions.config.call;
    if (!call || !isWrite(call)) return;
    const isMultipart = call.encoding === 'multipart';
    const params = redact({
      ...(req.query as object),
      ...(req.params as object),
      ...(isMultipart ? {} : (req.body as object)),
    });
    writer.record({
      userId: req.user?.id ?? null,
      username:
        req.user?.username ??
        (call.path === '/oauth/token'
          ? String((req.body as { username?: unknown } | undefined)?.username ?? '').slice(0, 64)
          : null),
      ip: req.ip,
      method: call.method,
      path: call.path,
      summary: call.summary,
      params: params as object,
      status: reply.statusCode,
      success: reply.statusCode < 400,
      message: req.failureMessage ?? null,
      durationMs: Math.round(reply.elapsedTime),
      requestId: req.id,
    });
  });
}
