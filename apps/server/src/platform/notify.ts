/**
 * The message centre's write side: `notify` is how a module tells the people concerned that
 * something needs them (a claim to review, a case dispatched, an export finished). It runs in the
 * caller's transaction, so a message exists exactly when the write it reports committed.
 *
 * Who receives a message: the users named by the event (`userIds`: an export's owner, the staff of
 * a dispatched unit), and the holders of the roles the kind's rule names (`notification_rule`, set by
 * the administrator) whose role's data scope covers the record (`areaCode`, `companyIds`, `ownerIds`:
 * all-scope roles everything, area roles their districts, company roles their organisations, self
 * roles their own records). A disabled kind reaches nobody. One row per recipient, so each reads and
 * clears its own; a live event tells each recipient's open consoles (NOTICE_TOPIC). Kinds whose rule
 * says SMS are also texted by the operations module's sender (rate-limited, recorded on the row).
 */
import { NOTICE_KINDS, NOTICE_TOPIC, type NoticeKind } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from './db/client.ts';
import { rowsOf } from './db/sql.ts';
import { publishLive, type Recipients } from './live.ts';

export interface NoticeEvent {
  kind: NoticeKind;
  title: string;
  body?: string | null;
  /** The console route (hash path) that shows the record. */
  link?: string | null;
  /** Names the event for producers that run again (a daily check): one message per user and key. */
  dedupKey?: string | null;
  /** Users who receive it whatever the rule's roles (the rule must be enabled). */
  userIds?: number[];
  /** Only `userIds` receive it, none of the rule's role holders (a decision told to its applicant). */
  usersOnly?: boolean;
  /** The record's district, for area-scoped role holders. */
  areaCode?: string | null;
  /** The record's organisations (maintenance company, use unit …), for company-scoped role holders. */
  companyIds?: number[];
  /** The record's own users, for self-scoped role holders. */
  ownerIds?: number[];
}

/** Recipients per live event: pg_notify payloads are limited to 8,000 bytes. */
const LIVE_CHUNK = 500;

const intArray = (ids: number[] | undefined) =>
  sql`${`{${(ids ?? []).filter((n) => Number.isInteger(n)).join(',')}}`}::int[]`;

/** Writes the message for every recipient; returns the recipients' user ids. */
export async function notify(db: Queryable, e: NoticeEvent): Promise<number[]> {
  if (!(e.kind in NOTICE_KINDS)) throw new Error(`unknown notice kind ${e.kind}`);
  const rows = rowsOf<{ id: number; user_id: number }>(
    await db.execute(sql`
      with rule as (
        select kind, roles, sms from notification_rule where kind = ${e.kind} and enabled
      ), recipients as (
        select u.id from rule join sys_user u on u.id = any(${intArray(e.userIds)}) and u.status = 1
        union
        select u.id
        from rule
        join sys_role r on r.role_key = any(rule.roles) and r.status = 1 and not ${e.usersOnly ?? false}
        join sys_user_role ur on ur.role_id = r.id
        join sys_user u on u.id = ur.user_id and u.status = 1
        where r.data_scope = 'all'
          or (r.data_scope = 'area' and ${e.areaCode ?? null}::text = any(u.area_codes))
          or (r.data_scope = 'company' and u.company_id = any(${intArray(e.companyIds)}))
          or (r.data_scope = 'self' and u.id = any(${intArray(e.ownerIds)}))
      )
      insert into notification (user_id, kind, title, body, link, dedup_key, sms_state)
      select recipients.id, ${e.kind}, ${e.title}, ${e.body ?? null}, ${e.link ?? null}, ${e.dedupKey ?? null},
        case when (select sms from rule) then 'pending' end
      from recipients
      on conflict (user_id, kind, dedup_key) where dedup_key is not null do nothing
      returning id, user_id`),
  );
  const userIds = rows.map((r) => Number(r.user_id));
  for (let i = 0; i < rows.length; i += LIVE_CHUNK) {
    const chunk = rows.slice(i, i + LIVE_CHUNK);
    await publishLive(db, NOTICE_TOPIC, { kind: e.kind, title: e.title }, {
      userIds: chunk.map((r) => Number(r.user_id)),
    } satisfies Recipients);
  }
  return userIds;
}
