import {
  type CallParsedInput,
  EXPORT_PARAMS,
  formatDateTime,
  NOTICE_KIND_KEYS,
  NOTICE_KINDS,
  NOTICE_TOPIC,
  type NoticeKind,
  type NoticeRule,
  type noticeCalls,
} from '@ec/contract';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable, Tx } from '../../platform/db/client.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import { notification, notificationRule, sysParam, sysRole } from '../../platform/db/tables.ts';
import { badRequest } from '../../platform/errors.ts';
import { recipientsTopic } from '../../platform/live.ts';
import type { Platform } from '../../platform/platform.ts';

type Row = typeof notification.$inferSelect;

const rowView = (r: Row) => ({
  id: r.id,
  kind: r.kind as NoticeKind,
  kindLabel: NOTICE_KINDS[r.kind as NoticeKind]?.label ?? r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  createTime: formatDateTime(r.createdAt),
  read: r.readAt !== null,
});

/** A notice's live event reaches exactly its recipients. */
export const noticeTopic = recipientsTopic(NOTICE_TOPIC);

/** The user's own messages, newest first; every filter within them. */
export function listNotices(db: Queryable, user: AuthUser, f: CallParsedInput<typeof noticeCalls.query>) {
  const filters: SQL[] = [eq(notification.userId, user.id)];
  if (f.kind) filters.push(eq(notification.kind, f.kind));
  if (f.read === true) filters.push(isNotNull(notification.readAt));
  if (f.read === false) filters.push(isNull(notification.readAt));
  const where = and(...filters);
  return paginate(
    db,
    f,
    (w) =>
      db
        .select()
        .from(notification)
        .where(where)
        .orderBy(desc(notification.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: notification, where },
    rowView,
  );
}

export async function unreadNotices(db: Queryable, user: AuthUser) {
  const rows = await db
    .select({ kind: notification.kind, n: sql<number>`count(*)::int` })
    .from(notification)
    .where(and(eq(notification.userId, user.id), isNull(notification.readAt)))
    .groupBy(notification.kind);
  const byKind = Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
  return { total: rows.reduce((s, r) => s + Number(r.n), 0), byKind };
}

/** Marks the user's own messages read (another user's ids change nothing). */
export async function readNotices(db: Queryable, user: AuthUser, ids: number[]) {
  const done = await db
    .update(notification)
    .set({ readAt: new Date() })
    .where(and(eq(notification.userId, user.id), inArray(notification.id, ids), isNull(notification.readAt)))
    .returning({ id: notification.id });
  return { updated: done.length };
}

export async function readAllNotices(db: Queryable, user: AuthUser, kind?: NoticeKind) {
  const done = await db
    .update(notification)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notification.userId, user.id),
        isNull(notification.readAt),
        kind ? eq(notification.kind, kind) : undefined,
      ),
    )
    .returning({ id: notification.id });
  return { updated: done.length };
}

/** The rules as stored, every kind listed (a kind without a row has its defaults). */
export async function listRules(db: Queryable): Promise<NoticeRule[]> {
  const rows = await db.select().from(notificationRule);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return NOTICE_KIND_KEYS.map((kind) => {
    const r = byKind.get(kind);
    const d = NOTICE_KINDS[kind];
    return {
      kind,
      kindLabel: d.label,
      roles: r?.roles ?? [...d.roles],
      sms: r?.sms ?? d.sms,
      enabled: r?.enabled ?? true,
    };
  });
}

export async function updateRule(db: Queryable, f: CallParsedInput<typeof noticeCalls.updateRule>) {
  const roles = [...new Set(f.roles)];
  if (roles.length > 0) {
    const known = new Set(
      (await db.select({ key: sysRole.roleKey }).from(sysRole).where(inArray(sysRole.roleKey, roles))).map(
        (r) => r.key,
      ),
    );
    const missing = roles.filter((r) => !known.has(r));
    if (missing.length > 0) throw badRequest(`角色不存在：${missing.join('、')}`);
  }
  await db
    .insert(notificationRule)
    .values({ kind: f.kind, roles, sms: f.sms, enabled: f.enabled })
    .onConflictDoUpdate({
      target: notificationRule.kind,
      set: { roles, sms: f.sms, enabled: f.enabled, updatedAt: new Date() },
    });
  return null;
}

/** Every installation: the export centre's parameters (系统参数), editable on 参数管理. */
export async function seedExportParams(tx: Tx) {
  const P = EXPORT_PARAMS;
  await tx
    .insert(sysParam)
    .values([
      {
        configKey: P.threshold.key,
        value: String(P.threshold.fallback),
        name: '后台导出阈值（行）',
        remark: '列表导出的行数超过此值时转为后台导出任务，在导出中心查看进度和下载',
        builtIn: true,
      },
      {
        configKey: P.keepHours.key,
        value: String(P.keepHours.fallback),
        name: '导出文件保留时长（小时）',
        remark: '后台导出完成后可下载的时长，过期后文件删除',
        builtIn: true,
      },
      {
        configKey: P.perUser.key,
        value: String(P.perUser.fallback),
        name: '每人同时进行的导出任务数',
        remark: '排队中和生成中的导出任务超过此数时，新的导出被拒绝',
        builtIn: true,
      },
    ])
    .onConflictDoNothing();
}

/** Every installation: the default rule of each kind (an administrator's changes are kept). */
export async function seedNoticeRules(tx: Tx) {
  await tx
    .insert(notificationRule)
    .values(
      NOTICE_KIND_KEYS.map((kind) => ({
        kind,
        roles: [...NOTICE_KINDS[kind].roles],
        sms: NOTICE_KINDS[kind].sms,
      })),
    )
    .onConflictDoNothing();
}

/** Texts a user receives at most per hour from the message centre; the rest are recorded as skipped. */
export const SMS_PER_HOUR = 5;
const SMS_BATCH = 50;

/**
 * Sends the pending SMS of the message centre, a batch per run. It runs as the scheduled job
 * `notice-sms`: once per period across nodes, inside the transaction that holds the job's lock, so
 * the hourly count and the send are never raced by another node. A run that fails rolls back and
 * its messages stay pending for the next (a gateway that took a text and then failed may send it
 * twice; none is lost). Returns how many were sent.
 */
export async function sendPendingSms(
  db: Queryable,
  sms: Platform['sms'],
  log: Platform['log'],
): Promise<number> {
  const pending = rowsOf<{
    id: number;
    user_id: number;
    title: string;
    phone: string | null;
    recent: number;
  }>(
    await db.execute(sql`
      select n.id, n.user_id, n.title, u.phone,
        (select count(*)::int from notification s
          where s.user_id = n.user_id and s.sms_state = 'sent' and s.sms_at > now() - interval '1 hour') as recent
      from notification n join sys_user u on u.id = n.user_id
      where n.sms_state = 'pending'
      order by n.id limit ${SMS_BATCH}`),
  );
  const sentTo = new Map<number, number>();
  let sent = 0;
  for (const row of pending) {
    const before = Number(row.recent) + (sentTo.get(row.user_id) ?? 0);
    let state: 'sent' | 'skipped' | 'failed' = 'skipped';
    if (row.phone && before < SMS_PER_HOUR) {
      try {
        await sms.send(row.phone, `【电梯云监管平台】${row.title}，请登录平台查看。`);
        state = 'sent';
        sent++;
        sentTo.set(row.user_id, (sentTo.get(row.user_id) ?? 0) + 1);
      } catch (err) {
        log.warn({ err, notification: row.id }, 'notice SMS not sent');
        state = 'failed';
      }
    }
    await db
      .update(notification)
      .set({ smsState: state, smsAt: new Date() })
      .where(eq(notification.id, Number(row.id)));
  }
  return sent;
}
