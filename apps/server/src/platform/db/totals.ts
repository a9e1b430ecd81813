import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.ts';
import { compile, preparedRows, rowsOf } from './sql.ts';

/**
 * Totals of large lists: a page never costs a full count(*). Rows are counted exactly up to
 * COUNT_CAP; past that the total is the planner's estimate, marked approximate (shown as "约 N").
 * Small tables need none of this: their lists count exactly.
 */
export const COUNT_CAP = 1_000;

export type Total = { total: number; approximate: boolean };

/**
 * The total for a page of `table` under `where`. `unfiltered` says nothing restricts the rows (no
 * filter, no data scope): the table's row estimate answers in 0.1 ms.
 *
 * A condition known to match more than COUNT_CAP rows is answered from memory: its total is shown
 * as approximate anyway, and counting up to the cap is what a common search term costs. Past 10 s
 * the remembered total is still answered while one request counts again in the background, and
 * requests asking the same count at the same time share it, so that no burst of them counts at once.
 */
export async function pageTotal(
  db: Queryable,
  table: PgTable,
  where: SQL | undefined,
  unfiltered: boolean,
): Promise<Total> {
  if (unfiltered) {
    const estimate = await tableEstimate(db, table);
    if (estimate > COUNT_CAP) return { total: estimate, approximate: true };
  }
  const key = conditionKey(db, table, where);
  const known = overCap.get(db)?.get(key);
  const age = known ? Date.now() - known.at : Number.POSITIVE_INFINITY;
  if (known && age < 10_000) return { total: known.rows, approximate: true };
  const counting = shared(db, key, () => countUpToCap(db, table, where, key));
  if (known && age < 60_000) {
    counting.catch(() => undefined);
    return { total: known.rows, approximate: true };
  }
  return counting;
}

/** Row estimates per database and table, re-read at most every 10 s (they are estimates anyway). */
const estimates = new WeakMap<Queryable, Map<string, { rows: number; at: number }>>();

async function tableEstimate(db: Queryable, table: PgTable): Promise<number> {
  const name = getTableName(table);
  const known = mapFor(estimates, db).get(name);
  if (known && Date.now() - known.at < 10_000) return known.rows;
  const [est] = rowsOf<{ n: number }>(
    await db.execute(sql`select reltuples::float8 as n from pg_class where oid = ${name}::regclass`),
  );
  const rows = Math.round(Number(est?.n ?? 0));
  mapFor(estimates, db).set(name, { rows, at: Date.now() });
  return rows;
}

async function countUpToCap(
  db: Queryable,
  table: PgTable,
  where: SQL | undefined,
  key: string,
): Promise<Total> {
  const [{ n }] = await preparedRows<{ n: number }>(
    db,
    sql`select count(*)::int as "n" from (select 1 from ${table} where ${where ?? sql`true`} limit ${sql.raw(String(COUNT_CAP + 1))}) "capped"`,
  );
  if (n <= COUNT_CAP) {
    overCap.get(db)?.delete(key);
    return { total: n, approximate: false };
  }
  const total = Math.max(COUNT_CAP + 1, await plannedRows(db, table, where));
  remember(db, key, total);
  return { total, approximate: true };
}

/** Counts under way, by condition, per database: a second asker waits for the first one's answer. */
const countsUnderWay = new WeakMap<Queryable, Map<string, Promise<Total>>>();

/** The map kept for `db` in a per-database store, made on first use. */
function mapFor<V>(store: WeakMap<Queryable, Map<string, V>>, db: Queryable): Map<string, V> {
  let map = store.get(db);
  if (!map) {
    map = new Map();
    store.set(db, map);
  }
  return map;
}

function shared(db: Queryable, key: string, count: () => Promise<Total>): Promise<Total> {
  const underWay = mapFor(countsUnderWay, db);
  const running = underWay.get(key);
  if (running) return running;
  const started = count().finally(() => underWay.delete(key));
  underWay.set(key, started);
  return started;
}

/** Conditions that matched more than COUNT_CAP rows, with the estimate shown, per database. */
const overCap = new WeakMap<Queryable, Map<string, { rows: number; at: number }>>();

function conditionKey(db: Queryable, table: PgTable, where: SQL | undefined): string {
  const { sql: text, params } = compile(db, sql`${where}`);
  return `${getTableName(table)}\u0000${text}\u0000${JSON.stringify(params)}`;
}

function remember(db: Queryable, key: string, rows: number) {
  const cache = mapFor(overCap, db);
  if (cache.size >= 1000) cache.clear();
  cache.set(key, { rows, at: Date.now() });
}

/** The planner's estimate of the rows a condition matches. */
async function plannedRows(db: Queryable, table: PgTable, where: SQL | undefined): Promise<number> {
  const [plan] = rowsOf<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>(
    await db.execute(sql`explain (format json) select 1 from ${table} where ${where ?? sql`true`}`),
  );
  const json = plan['QUERY PLAN'];
  return Math.round((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan['Plan Rows']);
}
