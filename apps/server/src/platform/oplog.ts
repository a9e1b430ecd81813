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

/** At most this many entries per INSERT. */
const MAX_BATCH = 500;

/**
 * The operation log's writer, durable and batched by group commit. A write call's entry is stored
 * before its answer leaves the server (the hook awaits `record`), so an acknowledged write always has
 * its log entry, even if the process is killed right after. Entries that arrive while an INSERT is
 * running wait for the next one, which takes them all at once: under load many requests share one
 * round trip and one commit, and an idle server writes each entry at once, with no timer.
 */
export class OperationLogWriter {
  private queue: { entry: LogEntry; done: () => void }[] = [];
  private writing: Promise<void> | null = null;

  constructor(private readonly platform: Pick<Platform, 'db' | 'log'>) {}

  /** Resolves once the entry is stored (or its failure is logged: a log failure never fails the call). */
  record(entry: LogEntry): Promise<void> {
    const stored = new Promise<void>((done) => this.queue.push({ entry, done }));
    this.writing ??= this.drain();
    return stored;
  }

  /** Resolves once every entry recorded so far is stored. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.platform.db.insert(operationLog).values(batch.map((b) => b.entry));
      } catch (err) {
        this.platform.log.error({ err, entries: batch.length }, 'operation log write failed');
      }
      for (const b of batch) b.done();
    }
    this.writing = null;
  }
}

/** Records every write call (`isWrite`) with who, where, what, outcome and duration. */
export function registerOperationLog(app: FastifyInstance, writer: OperationLogWriter) {
  // onSend, not onResponse: the entry is stored before the answer is sent, so that no client is told
  // "done" about a write whose log entry a crash could still lose.
  app.addHook('onSend', async (req, reply) => {
    const call = req.routeOptions.config.call;
    if (!call || !isWrite(call)) return;
    const isMultipart = call.encoding === 'multipart';
    const params = redact({
      ...(req.query as object),
      ...(req.params as object),
      ...(isMultipart ? {} : (req.body as object)),
    });
    await writer.record({
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
