import {
  type CallParsedInput,
  formatDateTime,
  LOGIN_METHOD_LABEL,
  type LoginLogRow,
  type LoginMethod,
  type loginLogCalls,
  MONITOR_PARAMS,
  parseShanghaiTime,
  shanghaiToday,
} from '@ec/contract';
import { and, count, desc, eq, gte, ilike, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable, Tx } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern, rowsOf } from '../../../platform/db/sql.ts';
import { loginLog, sysParam } from '../../../platform/db/tables.ts';
import type { ExcelColumn } from '../../../platform/excel.ts';
import type { ExportSource } from '../../../platform/exports.ts';
import { maskedUsername } from '../../../platform/masking.ts';
import { paramNumber } from '../../../platform/params.ts';

/**
 * 登录日志: the sign-in attempts the auth service records (platform/auth/service.ts writes them,
 * this module reads, exports and purges them).
 */

type Row = typeof loginLog.$inferSelect;
type Filters = CallParsedInput<typeof loginLogCalls.export>;

const methodLabel = (m: string) => LOGIN_METHOD_LABEL[m as LoginMethod] ?? m;

const rowView = (r: Row): LoginLogRow => ({
  id: r.id,
  // A sign-in with a phone logs the phone: shown masked, as the operation log shows it.
  username: maskedUsername(r.username) ?? '',
  userId: r.userId,
  success: r.success,
  reason: r.reason,
  method: r.method as LoginMethod,
  methodLabel: methodLabel(r.method),
  ip: r.ip,
  userAgent: r.userAgent,
  createTime: formatDateTime(r.createdAt),
});

function conditionsOf(f: Partial<Filters>): SQL | undefined {
  const filters: SQL[] = [];
  if (f.username) filters.push(ilike(loginLog.username, likePattern(f.username)));
  if (f.ip) filters.push(ilike(loginLog.ip, likePattern(f.ip)));
  if (f.success !== undefined) filters.push(eq(loginLog.success, f.success));
  const start = f.startTime ? parseShanghaiTime(f.startTime) : null;
  const end = f.endTime ? parseShanghaiTime(f.endTime, true) : null;
  if (start) filters.push(gte(loginLog.createdAt, start));
  if (end) filters.push(lte(loginLog.createdAt, end));
  return and(...filters);
}

/** The attempts, newest first, filtered by name, outcome, IP and time. */
export function listLoginLog(db: Queryable, f: CallParsedInput<typeof loginLogCalls.query>) {
  const where = conditionsOf(f);
  return paginate(
    db,
    f,
    (w) =>
      db
        .select()
        .from(loginLog)
        .where(where)
        .orderBy(desc(loginLog.createdAt), desc(loginLog.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: loginLog, where },
    rowView,
  );
}

const COLUMNS: ExcelColumn<Row>[] = [
  { header: '登录时间', width: 20, value: (r) => r.createdAt },
  { header: '登录账号', width: 18, value: (r) => maskedUsername(r.username) },
  { header: '登录方式', width: 12, value: (r) => methodLabel(r.method) },
  { header: '结果', width: 8, value: (r) => (r.success ? '成功' : '失败') },
  { header: '失败原因', width: 28, value: (r) => r.reason },
  { header: 'IP', width: 16, value: (r) => r.ip },
  { header: '浏览器', width: 48, value: (r) => r.userAgent },
];

/** Newest first, by id (the log is appended in time order), a batch at a time. */
async function* newestFirst(db: Queryable, where: SQL | undefined, size = 1000): AsyncGenerator<Row[]> {
  let before: number | null = null;
  for (;;) {
    const rows: Row[] = await db
      .select()
      .from(loginLog)
      .where(and(where, before === null ? undefined : lt(loginLog.id, before)))
      .orderBy(desc(loginLog.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    before = rows[rows.length - 1].id;
  }
}

/** 导出 of the sign-in log by the list's filters (large results run in the background). */
export const loginLogExport: ExportSource<Partial<Filters>, Row> = {
  name: 'login-log',
  label: '登录日志',
  sheetName: '登录日志',
  fileName: () => `登录日志_${shanghaiToday()}.xlsx`,
  columns: COLUMNS,
  count: async (db, _user: AuthUser, f) =>
    (await db.select({ n: count() }).from(loginLog).where(conditionsOf(f)))[0]?.n ?? 0,
  batches: (db, _user, f) => newestFirst(db, conditionsOf(f)),
};

/** The retention parameter, on every installation. */
export async function seedMonitorParams(tx: Tx) {
  await tx
    .insert(sysParam)
    .values({
      configKey: MONITOR_PARAMS.loginLogRetentionDays.key,
      value: String(MONITOR_PARAMS.loginLogRetentionDays.fallback),
      name: '登录日志保留天数',
      remark: '超过此天数的登录日志由每日定时任务删除',
      builtIn: true,
    })
    .onConflictDoNothing();
}

/**
 * Removes the attempts older than the retention (days, at least one: a parameter of 0 keeps the
 * default rather than emptying the log). Returns how many went.
 */
export async function purgeLoginLog(db: Queryable, now = new Date()): Promise<number> {
  const { key, fallback } = MONITOR_PARAMS.loginLogRetentionDays;
  const set = await paramNumber(db, key, fallback);
  const days = set >= 1 ? Math.floor(set) : fallback;
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)`;
  const [gone] = rowsOf<{ n: number }>(
    await db.execute(
      sql`with gone as (delete from ${loginLog} where ${loginLog.createdAt} < ${cutoff} returning 1)
        select count(*)::int as n from gone`,
    ),
  );
  return Number(gone?.n ?? 0);
}
