import { createHash } from 'node:crypto';
import { type AnyColumn, fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { type PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Queryable } from './client.ts';

/** `%term%` for ILIKE with the user's % and _ taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The area codes under `areaCode` as a range, so that an index on the code is searched, not scanned
 * (a LIKE prefix is not, under a non-C collation). GB/T 2260 codes go by pairs of digits: a province
 * 45 0000 holds its cities, a city 4501 00 its districts and zones (450103, 45010051); a code that
 * does not end in 00 (a district, 450110 included) holds only itself.
 */
export function areaRange(areaCode: string): { from: string; to: string } {
  const prefix = areaCode.replace(/(00)+$/, '') || areaCode;
  const last = prefix.charCodeAt(prefix.length - 1);
  return { from: prefix, to: prefix.slice(0, -1) + String.fromCharCode(last + 1) };
}

/**
 * A condition: the area code column is under `areaCode` (see areaRange). A district's is an equality,
 * so that an index on (area, time) also hands over its rows in time order (the case list, the board).
 */
export function inArea(column: AnyColumn | SQL, areaCode: string): SQL {
  if (!areaCode.endsWith('00')) return sql`${column} = ${areaCode}`;
  const { from, to } = areaRange(areaCode);
  return sql`(${column} >= ${from} and ${column} < ${to})`;
}

/** Rows of a raw `execute` result; node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The constraint a unique violation hit (node-postgres and PGlite, wrapped by drizzle or not), else null. */
export function uniqueViolation(err: unknown): string | null {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}

/** Whether `db` is PostgreSQL's connection pool (not PGlite, not a transaction): statements may run on several connections. */
export function onPool(db: Queryable): db is Queryable & { $client: pg.Pool } {
  return (db as { $client?: unknown }).$client instanceof pg.Pool && !(db instanceof PgTransaction);
}

/**
 * The rows of a hot read query whose SQL text varies with the request (a list under the user's
 * filters, its sorting): the caller builds it with drizzle on every call. A statement whose text never
 * changes, on the hottest paths, belongs in `fixedStatement`. On PostgreSQL it runs as a named
 * prepared statement, named after its text: each query shape is parsed once per connection and,
 * after a few runs, planned once (planning a list query with its joins costs several times running
 * it). Elsewhere (PGlite, a transaction) it is a plain query. Rows come with the driver's own types,
 * so select text, numbers and epochs.
 */
export async function preparedRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const named = await namedQuery<T>(db, () => {
    const { sql: text, params } = compile(db, query);
    return { text, values: params };
  });
  return named ?? rowsOf<T>(await db.execute(query));
}

/**
 * A hot read statement whose text never changes (only its values do), for the hottest paths: it is
 * compiled to SQL text once per process instead of once per call. Drizzle rebuilds and re-walks a
 * statement's SQL on every call, which for a statement with joins and sub-selects costs more of the
 * server's CPU than the database spends running it (issue 14: locating a lift by rescue code). A
 * statement whose text varies with filters belongs in `preparedRows`. `build` receives each value as
 * a placeholder the first time; the statement then runs by name with the values filled in (on
 * PostgreSQL, prepared per connection as `preparedRows` does). Elsewhere (PGlite, a transaction) it
 * is a plain query with the values as parameters. `build` must not branch on the values. Rows come as
 * from `preparedRows`.
 */
export function fixedStatement<V extends Record<string, unknown>, T>(build: (values: V) => SQL) {
  let compiled: { text: string; params: unknown[] } | undefined;
  const each = (values: V, wrap: (key: string, value: unknown) => unknown) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, wrap(k, v)])) as V;
  return async (db: Queryable, values: V): Promise<T[]> => {
    const named = await namedQuery<T>(db, () => {
      if (!compiled) {
        const { sql: text, params } = compile(db, build(each(values, (k) => sql.placeholder(k))));
        compiled = { text, params };
      }
      return { text: compiled.text, values: fillPlaceholders(compiled.params, values) };
    });
    // sql.param: an array stays one parameter (a bare array in a template becomes a list).
    return named ?? rowsOf<T>(await db.execute(build(each(values, (_k, v) => sql.param(v)))));
  };
}

/**
 * The one place that decides how a named statement runs: on a node-postgres pool, outside a
 * transaction, the statement `statement()` gives runs by name (prepared per connection) and its rows
 * are answered; elsewhere (PGlite, a transaction) nothing runs and the
 * answer is null, for the caller to run it as a plain query. `statement` is called only in the first
 * case, so that the text is compiled only when it is run by name.
 */
async function namedQuery<T>(
  db: Queryable,
  statement: () => { text: string; values: unknown[] },
): Promise<T[] | null> {
  if (!onPool(db)) return null;
  const { text, values } = statement();
  return (await db.$client.query<T & pg.QueryResultRow>({ name: statementName(text), text, values })).rows;
}

/** Statement names by text: hashing a list query's text costs more than finding it here. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    // Query shapes are few (filters combine into a bounded set); the bound guards against a bug.
    if (statementNames.size >= 10_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** The text and parameters the driver will receive for `query`. */
export const compile = (db: Queryable, query: SQL) =>
  (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
