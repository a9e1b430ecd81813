/**
 * State moves of a domain record with a `status` and a `version` (a work order, a rescue case …):
 * the move is one UPDATE conditional on the id, the states it may start from and, when the caller
 * pins it, the version its screen showed. Whoever commits first wins; the other UPDATE matches no
 * row and the caller gets 404 (no such record), or 409 with what stood in the way (the state the
 * record is in now, or a newer version). No lock is held between reading and writing.
 *
 * The filing audits have their own case table (workflow.ts); this is for records whose state lives
 * on the record itself.
 */
import { and, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { conflict, notFound } from '../errors.ts';
import { STALE_MESSAGE } from '../workflow.ts';

interface StatefulTable extends PgTable {
  id: Column;
  status: Column;
  version: Column;
}

export interface Move<T extends StatefulTable> {
  id: number;
  /** The version the caller's screen showed; omitted, any version may move. */
  version?: number;
  from: readonly number[];
  to: number;
  /** Further columns the move writes. */
  set?: PgUpdateSetSource<T>;
  /** Further conditions (e.g. the record is in the caller's scope). */
  where?: SQL;
  /** What the move does, for the refusal: "签到" → 当前状态为「已完成」，不能签到. */
  verb: string;
  labels: Record<number, string>;
  missing: string;
}

export async function moveState<T extends StatefulTable>(
  db: Queryable,
  table: T,
  m: Move<T>,
): Promise<T['$inferSelect']> {
  const conditions = [eq(table.id, m.id), inArray(table.status, [...m.from]), m.where];
  if (m.version !== undefined) conditions.push(eq(table.version, m.version));
  const set = { ...m.set, status: m.to, version: sql`${table.version} + 1` } as PgUpdateSetSource<T>;
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's update builder is not generic over a table union
  const rows = (await (db as any)
    .update(table)
    .set(set)
    .where(and(...conditions))
    .returning()) as T['$inferSelect'][];
  if (rows.length > 0) return rows[0];
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const [now] = (await (db as any)
    .select({ status: table.status, version: table.version })
    .from(table)
    .where(and(eq(table.id, m.id), m.where))) as { status: number; version: number }[];
  if (!now) throw notFound(m.missing);
  if (!m.from.includes(now.status))
    throw conflict(`当前状态为「${m.labels[now.status] ?? now.status}」，不能${m.verb}`);
  throw conflict(STALE_MESSAGE);
}
