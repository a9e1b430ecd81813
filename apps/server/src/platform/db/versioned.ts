/**
 * Optimistic versions, decided by the database. A versioned record (a `version integer` column) is
 * changed by one UPDATE whose WHERE holds both its key and the version the writer saw:
 *
 *   update … set …, version = version + 1 where <key> and version = $expected returning *
 *
 * Of any number of concurrent writers holding one version, PostgreSQL lets exactly one match: the
 * others wait for its row lock, re-read the row, no longer match and get zero rows, which is a 409
 * with a Chinese message. Comparing the version in code after a SELECT (read, decide, write) lets
 * every writer that read before the first commit through; never do that.
 *
 * When the request carries no version, pass the one read at the start of the call: whatever the
 * call decided from that read (state, uniqueness, rights) then holds when it writes.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { conflict } from '../errors.ts';
import type { Queryable } from './client.ts';

/** The 409 answer when the version moved on (someone else saved first). */
export const STALE_VERSION_MESSAGE = '该记录已被他人修改，请刷新后重试';

type Versioned = PgTable & { version: PgColumn };

/**
 * Updates the row `where` selects if its version is still `expectedVersion`, raising the version by
 * one; returns the updated row. Zero rows (the version moved on, or the row is gone) → 409 `message`.
 * `expectedVersion` undefined updates without the check (still raising the version); use it only for
 * writes that no reader decided (e.g. a batch toggle).
 */
export async function versionedUpdate<T extends Versioned>(
  q: Queryable,
  table: T,
  where: SQL | undefined,
  expectedVersion: number | undefined,
  set: PgUpdateSetSource<T>,
  message = STALE_VERSION_MESSAGE,
): Promise<T['$inferSelect']> {
  const rows = (await q
    .update(table)
    .set({ ...set, version: sql`${table.version} + 1` } as PgUpdateSetSource<T>)
    .where(and(where, expectedVersion === undefined ? undefined : eq(table.version, expectedVersion)))
    .returning()) as T['$inferSelect'][];
  if (rows.length === 0) throw conflict(message);
  return rows[0];
}

/**
 * The fields a partial update sent: keys whose value is `undefined` (not sent) are left out, so a
 * `set` built from them never changes a column the request did not name. `null` and '' are sent values.
 */
export function sentFields<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
