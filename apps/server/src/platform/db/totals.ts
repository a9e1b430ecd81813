import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.ts';
import { compile, preparedRows, rowsOf } from './sql.ts';

/**
 * Totals of large lists: a page never costs a full count(*). Rows are counted exactly while counting
 * costs little: up to COUNT_CAP rows, and only as long as the count keeps within COUNT_BUDGET_MS.
 * Past either, the total is the planner's estimate, marked approximate (shown as "约 N").
 * Small tables need none of this: their lists count exactly.
 *
 * The count runs in stages capped at 1,000, 10,000 and 100,000 rows (STAGES). A stage runs only if
 * the one before it, ten times smaller, took under a tenth of the budget: counting costs about the
 * same per row within one plan, so no stage is expected to take more than the budget, and a plan
 * that reads the table itself for every row (a text search, a filter no index covers) stops early
 * instead of spending half a second on a total. On 1,000,000 elevators an index-only count of
 * 50,000 rows takes about 5 ms. A table of at most FRESH_UP_TO rows is always counted exactly.
 *
 * A condition whose last count was exact, within the budget, at a stage past the first is counted
 * again from that stage (the stage that held it): a list of 5,000 rows is one capped count of
 * 10,000, not a count of 1,000 first and then one of 10,000 (issue 14: the call centre's case list
 * by district and month, a round trip saved on every call). A condition not counted yet starts at
 * the stage that held the last exact count of the same statement with other values (another
 * district or month). The count stays as exact as before; only stages expected to overflow are
 * skipped. If that stage overruns the budget or the count no longer fits it, the next count starts
 * from the first stage again.
 */
export const COUNT_CAP = 100_000;
export const COUNT_BUDGET_MS = 15;
const STAGES = [1_000, 10_000, COUNT_CAP] as const;
/**
 * An exact total above this many rows is remembered for MEMORY_MS and answered from memory, so that
 * paging through a list of 50,000 rows does not count them again on every page: such a total may
 * lag another user's write by up to 10 s. Totals up to this size are counted afresh every time.
 */
export const FRESH_UP_TO = 10_000;
const MEMORY_MS = 10_000;

export type Total = { total: number; approximate: boolean };

/**
 * The total for a page of `table` under `where`. `unfiltered` says nothing restricts the rows (no
 * filter, no data scope): the table's row estimate answers in 0.1 ms.
 *
 * A condition known to match more than COUNT_CAP rows (or to cost more than the budget) is answered
 * from memory: its total is shown as approximate anyway. Past 10 s the remembered total is still
 * answered while one request counts again in the background, and requests asking the same count at
 * the same time share it, so that no burst of them counts at once.
 *
 * Options, both rarely needed:
 * - `budgetMs` (default COUNT_BUDGET_MS) is the time the staged count may take before the total is
 *   estimated instead;
 * - `count`, when given, is the caller's own exact count of `where`'s rows, for a total that must
 *   never be estimated and that the caller counts more cheaply than a scan of the rows (e.g. by a
 *   difference of two counts): it replaces the staged count and the budget (`budgetMs` is then
 *   unused), and its total is remembered and shared like any exact total (above FRESH_UP_TO, for
 *   10 s); an estimate remembered for the same condition is not answered to it. `table` and `where`
 *   then only name the condition, for the memory.
 */
export async function pageTotal(
  db: Queryable,
  table: PgTable,
  where: SQL | undefined,
  unfiltered: boolean,
  { budgetMs = COUNT_BUDGET_MS, count }: { budgetMs?: number; count?: () => Promise<number> } = {},
): Promise<Total> {
  if (unfiltered && !count) {
    const estimate = await tableEstimate(db, table);
    if (estimate > COUNT_CAP) return { total: estimate, approximate: true };
  }
  const key = conditionKey(db, table, where);
  let known = remembered.get(db)?.get(key);
  if (count && known?.total.approximate) known = undefined;
  const age = known ? Date.now() - known.at : Number.POSITIVE_INFINITY;
  if (known && age < MEMORY_MS) return known.total;
  // An exact asker never shares an estimating count under way for the same condition.
  const counting = count
    ? shared(db, `${key}\u0000exact`, () => countExactly(db, key, count))
    : shared(db, key, () => countWithinBudget(db, table, where, key, budgetMs));
  if (known?.total.approximate && age < 60_000) {
    counting.catch(() => undefined);
    return known.total;
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

/**
 * Counts `where`'s rows, at most `cap` of them: cap + 1 means "more than cap". The matches come from
 * a materialized CTE, which the planner plans for all of them and which is read only as far as the
 * cap: under a plain `select 1 … limit cap` it counts on meeting matches early and scans the table
 * in any order, which reads all of it when the filters exclude each other (a district and a term
 * naming another district: 2 s on 1,000,000 rows instead of 20 ms). Dense matches still stop at
 * the cap (an index-only scan of 1,001 entries).
 */
async function countUpTo(db: Queryable, table: PgTable, where: SQL | undefined, cap: number) {
  const [{ n }] = await preparedRows<{ n: number }>(
    db,
    sql`with "matches" as materialized (select 1 from ${table} where ${where ?? sql`true`})
      select count(*)::int as "n" from (select 1 from "matches" limit ${sql.raw(String(cap + 1))}) "capped"`,
  );
  return n;
}

async function countWithinBudget(
  db: Queryable,
  table: PgTable,
  where: SQL | undefined,
  key: string,
  budgetMs: number,
): Promise<Total> {
  // A table of at most FRESH_UP_TO rows costs little to count whatever the plan.
  const budget = (await tableEstimate(db, table)) <= FRESH_UP_TO ? Number.POSITIVE_INFINITY : budgetMs;
  let counted = 0;
  const stages = mapFor(exactStages, db);
  const shape = shapeOf(key);
  const from = stages.get(key) ?? stages.get(shape) ?? 0;
  for (let stage = from; stage < STAGES.length; stage++) {
    const cap = STAGES[stage];
    const started = performance.now();
    counted = await countUpTo(db, table, where, cap);
    const took = performance.now() - started;
    // A stage started from a hint that overran the budget: neither hint is kept.
    if (stage === from && from > 0 && took > budget) stages.delete(shape);
    if (counted <= cap) {
      const total = { total: counted, approximate: false };
      if (counted > FRESH_UP_TO) remember(db, key, total);
      else remembered.get(db)?.delete(key);
      // The stage that holds this count starts the next one, if this one kept within the budget.
      const holds = STAGES.findIndex((c) => counted <= c);
      if (holds > 0 && took <= budget) {
        keepStage(stages, key, holds);
        keepStage(stages, shape, holds);
      } else stages.delete(key);
      return total;
    }
    // The next stage counts ten times as many rows: only if that should keep within the budget.
    if (took * 10 > budget) break;
  }
  stages.delete(key);
  const total = { total: Math.max(counted, await plannedRows(db, table, where)), approximate: true };
  remember(db, key, total);
  return total;
}

/**
 * The stage (an index of STAGES, past the first) that held each condition's last exact count, per
 * database: the next count of the condition starts there. Also by the condition's shape (its text
 * without the values): a condition not counted yet starts at the stage that held the last exact
 * count of its shape (the same statement for another district or month, which costs about the same
 * per row, and the stage's cap bounds the rows).
 */
const exactStages = new WeakMap<Queryable, Map<string, number>>();

/** A condition's key without its values (conditionKey: table, text, values; JSON escapes NUL). */
const shapeOf = (key: string) => key.slice(0, key.lastIndexOf('\u0000'));

function keepStage(stages: Map<string, number>, key: string, stage: number) {
  if (stages.size >= 1000 && !stages.has(key)) stages.clear();
  stages.set(key, stage);
}

/** The caller's exact count, remembered above FRESH_UP_TO like the staged count's exact totals. */
async function countExactly(db: Queryable, key: string, count: () => Promise<number>): Promise<Total> {
  const total = { total: await count(), approximate: false };
  if (total.total > FRESH_UP_TO) remember(db, key, total);
  else remembered.get(db)?.delete(key);
  return total;
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

/**
 * Totals answered from memory, per database: estimates of conditions over the cap or the budget, and
 * exact totals above FRESH_UP_TO.
 */
const remembered = new WeakMap<Queryable, Map<string, { total: Total; at: number }>>();

function conditionKey(db: Queryable, table: PgTable, where: SQL | undefined): string {
  const { sql: text, params } = compile(db, sql`${where}`);
  return `${getTableName(table)}\u0000${text}\u0000${JSON.stringify(params)}`;
}

function remember(db: Queryable, key: string, total: Total) {
  const cache = mapFor(remembered, db);
  if (cache.size >= 1000) cache.clear();
  cache.set(key, { total, at: Date.now() });
}

/** The planner's estimate of the rows a condition matches. */
async function plannedRows(db: Queryable, table: PgTable, where: SQL | undefined): Promise<number> {
  const [plan] = rowsOf<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>(
    await db.execute(sql`explain (format json) select 1 from ${table} where ${where ?? sql`true`}`),
  );
  const json = plan['QUERY PLAN'];
  return Math.round((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan['Plan Rows']);
}
