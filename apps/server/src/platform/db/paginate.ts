import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.ts';

/** What every list call takes: the page (from 1) and its size (the contract bounds both). */
export interface PageQuery {
  page: number;
  limit: number;
}

/** What every list call answers (the contract's `pageOf`). */
export interface Page<T> {
  records: T[];
  total: number;
  page: number;
  limit: number;
}

/** How a list counts its rows: the table and condition (count(*)), or a query of its own. */
export type PageTotal = { from: PgTable; where: SQL | undefined } | (() => Promise<number>);

/**
 * One page of a list and its exact total, for the lists of bounded tables (a company's staff, the
 * contracts, the dictionaries…). `rows` reads the page's window (`limit`, `offset`) in the list's
 * order; it is not run when the page lies past the last row. The registry's list, whose table grows
 * to millions of rows, estimates large totals instead (`totals.ts`).
 */
/** count(*) of `table` under `where`: a list's total, and the same count for its export. */
export async function countRows(db: Queryable, table: PgTable, where: SQL | undefined): Promise<number> {
  return (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
}

export async function paginate<Row, Out = Row>(
  db: Queryable,
  p: PageQuery,
  rows: (window: { limit: number; offset: number }) => Promise<Row[]>,
  total: PageTotal,
  toRecord?: (row: Row) => Out,
): Promise<Page<Out>> {
  const offset = (p.page - 1) * p.limit;
  const counted = typeof total === 'function' ? await total() : await countRows(db, total.from, total.where);
  const found = counted > offset ? await rows({ limit: p.limit, offset }) : [];
  const records = toRecord ? found.map(toRecord) : (found as unknown as Out[]);
  return { records, total: counted, page: p.page, limit: p.limit };
}
