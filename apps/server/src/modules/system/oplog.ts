import { type CallParsedInput, formatDateTime, type oplogCalls, parseShanghaiTime } from '@ec/contract';
import { and, asc, count, eq, gt, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { operationLog } from '../../platform/db/tables.ts';
import { notFound } from '../../platform/errors.ts';
import { type ExcelColumn, keysetBatches } from '../../platform/excel.ts';
import { type ExportSource, exportList } from '../../platform/exports.ts';
import type { HandlerContext } from '../../platform/http/implement.ts';
import { maskedUsername, maskNumbersIn } from '../../platform/masking.ts';
import type { Platform } from '../../platform/platform.ts';
import { orderOf } from './shared.ts';

type LogRow = typeof operationLog.$inferSelect;

const recordView = (r: LogRow) => ({
  id: r.id,
  userId: r.userId,
  // Phones and ID numbers in the log are masked by the one policy (masking.ts), sign-in names too.
  username: maskedUsername(r.username),
  ip: r.ip,
  method: r.method,
  path: r.path,
  summary: r.summary,
  status: r.status,
  success: r.success,
  message: r.message,
  durationMs: r.durationMs,
  requestId: r.requestId,
  createTime: formatDateTime(r.createdAt),
});

function filtersOf(input: CallParsedInput<typeof oplogCalls.export>): SQL[] {
  const filters: SQL[] = [];
  if (input.username) filters.push(ilike(operationLog.username, likePattern(input.username)));
  if (input.userId) filters.push(eq(operationLog.userId, input.userId));
  if (input.path) filters.push(ilike(operationLog.path, likePattern(input.path)));
  if (input.method) filters.push(eq(operationLog.method, input.method));
  if (input.success !== undefined) filters.push(eq(operationLog.success, input.success));
  const start = input.startTime ? parseShanghaiTime(input.startTime) : null;
  const end = input.endTime ? parseShanghaiTime(input.endTime, true) : null;
  if (start) filters.push(gte(operationLog.createdAt, start));
  if (end) filters.push(lte(operationLog.createdAt, end));
  return filters;
}

const EXPORT_COLUMNS: ExcelColumn<LogRow>[] = [
  { header: '时间', width: 20, value: (r) => r.createdAt },
  { header: '用户', value: (r) => maskedUsername(r.username) },
  { header: 'IP', width: 16, value: (r) => r.ip },
  { header: '请求方式', width: 10, value: (r) => r.method },
  { header: '接口', width: 36, value: (r) => r.path },
  { header: '操作', width: 24, value: (r) => r.summary },
  { header: '结果', width: 8, value: (r) => (r.success ? '成功' : '失败') },
  { header: '状态码', width: 8, value: (r) => r.status },
  { header: '说明', width: 36, value: (r) => r.message },
  { header: '耗时（毫秒）', width: 12, value: (r) => r.durationMs },
  { header: '请求编号', width: 38, value: (r) => r.requestId },
];

export async function listOperations(
  db: Queryable,
  oplog: Platform['oplog'],
  input: CallParsedInput<typeof oplogCalls.query>,
) {
  await oplog.flush();
  const where = and(...filtersOf(input));
  const order = orderOf(
    { createTime: operationLog.createdAt, durationMs: operationLog.durationMs },
    operationLog.id,
    input.sortField,
    input.sortOrder,
  );
  return paginate(
    db,
    input,
    (w) =>
      db
        .select()
        .from(operationLog)
        .where(where)
        .orderBy(...order)
        .limit(w.limit)
        .offset(w.offset),
    { from: operationLog, where },
    recordView,
  );
}

export async function operationDetail(
  db: Queryable,
  oplog: Platform['oplog'],
  { id }: CallParsedInput<typeof oplogCalls.detail>,
) {
  await oplog.flush();
  const [row] = await db.select().from(operationLog).where(eq(operationLog.id, id));
  if (!row) throw notFound('操作记录不存在');
  return { ...recordView(row), params: maskNumbersIn(row.params ?? null) };
}

type OplogFilters = CallParsedInput<typeof oplogCalls.export>;

/**
 * 导出操作记录 by filter: a large log runs in the background (platform/exports.ts); the platform's
 * record of writes is the administrator's, scope-free as the list is.
 */
export const oplogExport: ExportSource<OplogFilters, LogRow> = {
  name: 'oplog',
  label: '操作记录',
  sheetName: '操作记录',
  fileName: () => `操作记录_${formatDateTime(new Date()).slice(0, 10)}.xlsx`,
  columns: EXPORT_COLUMNS,
  count: async (db, _user, input) =>
    (
      await db
        .select({ n: count() })
        .from(operationLog)
        .where(and(...filtersOf(input)))
    )[0]?.n ?? 0,
  batches: (db, _user, input) => {
    const filters = filtersOf(input);
    return keysetBatches((afterId, size) =>
      db
        .select()
        .from(operationLog)
        .where(and(...filters, gt(operationLog.id, afterId)))
        .orderBy(asc(operationLog.id))
        .limit(size),
    );
  },
};

/** The log's pending writes are flushed first, so that the export holds the latest. */
export async function exportOperations(
  ctx: Pick<HandlerContext, 'user' | 'reply' | 'platform' | 'db'>,
  input: OplogFilters,
) {
  await ctx.platform.oplog.flush();
  return exportList(ctx, oplogExport, input);
}
