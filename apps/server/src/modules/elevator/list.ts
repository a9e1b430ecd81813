import {
  addDays,
  type ElevatorFilters,
  type ElevatorRow,
  formatDate,
  INSPECT_DUE_DAYS,
  type InspectionCounts,
  type InspectState,
} from '@ec/contract';
import { and, asc, desc, eq, getTableName, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { likePattern, preparedRows } from '../../platform/db/sql.ts';
import { enterprise } from '../../platform/db/tables.ts';
import { pageTotal, type Total } from '../../platform/db/totals.ts';
import { LIST_ROW_FROM } from './rows.ts';
import { bigrams, normalise, scopeGram } from './search.ts';
import { elevator, SCOPED_GRAMS_INDEX, scopedGrams } from './tables.ts';

/**
 * Matches past which a term counts as common: its page is found by walking the primary key (about
 * 10 × 1,000,000 / matches rows tested for a first page of 10) rather than by sorting every match.
 */
const COMMON_TERM_MATCHES = 1_000;

/**
 * Exact totals up to this many rows: the page is found among all the matches, fetched and sorted
 * (pageRows), instead of by walking an index in the list's order.
 */
const FEW_MATCHES = 2_000;

/** A term of several grams, whose frequency the planner cannot estimate (see listElevators). */
const isMultiGram = (term: string | undefined) => term !== undefined && bigrams(term).length > 1;

const SORT_COLUMNS = {
  id: elevator.id,
  registerCode: elevator.registerCode,
  nextInspectDate: elevator.nextInspectDate,
  createTime: elevator.createdAt,
  areaCode: elevator.areaCode,
} as const;

/** Codes: a full code matches exactly, a shorter one as a prefix (a btree range, not a scan). */
function codeCondition(
  column: typeof elevator.registerCode | typeof elevator.deviceCode,
  value: string,
): SQL {
  const v = value.toUpperCase();
  if (v.length >= 18) return eq(column, v);
  return and(gte(column, v), sql`${column} < ${`${v}\uffff`}`)!;
}

const haystack = sql`concat_ws(' ', ${elevator.address}, ${elevator.community}, ${elevator.name})`;

/**
 * Contains-search over address, community and name, served by the bigram index; `scopeGrams` are
 * scope tokens (search.ts scopeGram) the rows must also hold, each one the same as a condition that
 * is applied anyway (they make the index probe narrower, never the result). Not `indexed`, it
 * is a plain case-insensitive substring test that the planner expects to match often, so that it
 * walks the primary key newest first and stops at the page: the plan for a term known to be common.
 */
export function textSearch(
  term: string,
  indexed = true,
  scopeGrams: readonly string[] = [],
): SQL | undefined {
  const grams = bigrams(term);
  const like = ilike(haystack, likePattern(term.trim()));
  if (grams.length === 0) return normalise(term) ? like : undefined;
  if (!indexed) {
    const needle = term.trim().toLowerCase();
    // A term without letters of two cases (Chinese, digits) needs no lower() of every row it tests.
    return needle === needle.toUpperCase()
      ? sql`strpos(${haystack}, ${needle}) > 0`
      : sql`strpos(lower(${haystack}), ${needle}) > 0`;
  }
  // With the caller's scope tokens (a district, a company): the probe finds the term's lifts within
  // the scope only, instead of all of the term's lifts, to be dropped row by row after the fetch.
  const contains = sql`${scopedGrams} @> ${sql.param([...scopeGrams, ...grams])}::text[]`;
  // One gram is the whole (normalised) term: the index answer is exact, and without the ILIKE the
  // planner sees how common the term is and walks the primary key instead of sorting every match.
  if (normalise(term).length === 2) return contains;
  return and(contains, like);
}

/**
 * The keyword also finds the lifts of a use unit or maintenance company whose name contains it (a
 * regulator types 万象物业 or 安顺电梯). The companies are looked up once per statement (an InitPlan
 * over the small enterprise table), and the lifts by their company indexes, OR-ed with the text search.
 */
function keywordSearch(
  term: string,
  indexed: boolean,
  scopeGrams: readonly string[],
  namedCompanies?: readonly number[],
): SQL | undefined {
  const text = textSearch(term, indexed, scopeGrams);
  if (normalise(term).length < 2) return text;
  // Companies looked up beforehand (listElevators): with none, the text search alone, whose grams
  // the planner can weigh; OR-ed with company branches it takes the keyword for an unselective one.
  if (namedCompanies?.length === 0) return text;
  const companies = namedCompanies
    ? sql`${sql.param([...namedCompanies])}::int[]`
    : sql`array(select ${enterprise.id} from ${enterprise} where ${ilike(enterprise.name, likePattern(term.trim()))})`;
  return or(
    text,
    sql`${elevator.useCompanyId} = any(${companies})`,
    sql`${elevator.maintenanceCompanyId} = any(${companies})`,
  );
}

/** The ids of the companies whose name contains the keyword (keywordSearch), from the small table. */
async function companiesNamed(db: Queryable, keyword: string | undefined) {
  if (!keyword || normalise(keyword).length < 2) return undefined;
  const rows = await preparedRows<{ id: number }>(
    db,
    sql`select ${enterprise.id} as "id" from ${enterprise} where ${ilike(enterprise.name, likePattern(keyword.trim()))}`,
  );
  return rows.map((r) => r.id);
}

/**
 * 超期未检 / 即将到期 in SQL, the contract's inspectStateOf: a lift in use whose next inspection
 * date has passed, or falls within INSPECT_DUE_DAYS. Today is Asia/Shanghai's, sent as a parameter.
 */
export function inspectCondition(state: InspectState, today = formatDate(new Date())): SQL {
  const inUse = eq(elevator.useStatus, 1);
  return state === 'overdue'
    ? and(inUse, sql`${elevator.nextInspectDate} < ${today}::date`)!
    : and(
        inUse,
        sql`${elevator.nextInspectDate} between ${today}::date and ${addDays(today, INSPECT_DUE_DAYS)}::date`,
      )!;
}

/** How many lifts in use within `scope` are overdue for inspection or due within INSPECT_DUE_DAYS. */
export async function countInspections(db: Queryable, scope: SQL): Promise<InspectionCounts> {
  const count = async (state: InspectState) => {
    const [{ n }] = await preparedRows<{ n: number }>(
      db,
      sql`select count(*)::int as "n" from ${elevator} where ${and(scope, inspectCondition(state))}`,
    );
    return n;
  };
  const [overdue, due] = await Promise.all([count('overdue'), count('due')]);
  return { overdue, due };
}

/** The filters' own scope tokens: a district, a maintenance company, a use unit asked for. */
function filterGrams(f: Partial<ElevatorFilters>): string[] {
  const out: string[] = [];
  if (f.areaCode) out.push(scopeGram.area(f.areaCode));
  if (f.maintenanceCompanyId) out.push(scopeGram.maintenance(f.maintenanceCompanyId));
  if (f.useCompanyId) out.push(scopeGram.use(f.useCompanyId));
  return out;
}

/**
 * The filters as conditions. `scopeGrams`: the caller's scope as tokens (scope.ts
 * elevatorScopeGrams), added with the filters' own to a text search's index probe.
 */
export function filterConditions(
  f: Partial<ElevatorFilters>,
  textIndexed = true,
  scopeGrams: readonly string[] = [],
  namedCompanies?: readonly number[],
): SQL[] {
  const c: (SQL | undefined)[] = [];
  const grams = [...new Set([...scopeGrams, ...filterGrams(f)])];
  if (f.registerCode) c.push(codeCondition(elevator.registerCode, f.registerCode));
  if (f.deviceCode) c.push(codeCondition(elevator.deviceCode, f.deviceCode));
  if (f.useCertNo) c.push(ilike(elevator.useCertNo, likePattern(f.useCertNo)));
  if (f.rescueCode)
    c.push(
      f.rescueCode.length === 6
        ? eq(elevator.rescueCode, f.rescueCode)
        : ilike(elevator.rescueCode, `${f.rescueCode.replace(/\D/g, '')}%`),
    );
  if (f.keyword) c.push(keywordSearch(f.keyword, textIndexed, grams, namedCompanies));
  if (f.address) c.push(textSearch(f.address, textIndexed, grams));
  if (f.areaCode) c.push(eq(elevator.areaCode, f.areaCode));
  if (f.useCompanyId) c.push(eq(elevator.useCompanyId, f.useCompanyId));
  if (f.maintenanceCompanyId) c.push(eq(elevator.maintenanceCompanyId, f.maintenanceCompanyId));
  if (f.type) c.push(eq(elevator.type, f.type));
  if (f.status !== undefined) c.push(eq(elevator.status, f.status));
  if (f.useStatus) c.push(eq(elevator.useStatus, f.useStatus));
  if (f.maintenanceClaimState !== undefined)
    c.push(eq(elevator.maintenanceClaimState, f.maintenanceClaimState));
  if (f.useClaimState !== undefined) c.push(eq(elevator.useClaimState, f.useClaimState));
  if (f.useOccasion) c.push(eq(elevator.useOccasion, f.useOccasion));
  if (f.nextInspectFrom) c.push(gte(elevator.nextInspectDate, f.nextInspectFrom));
  if (f.nextInspectTo) c.push(lte(elevator.nextInspectDate, f.nextInspectTo));
  if (f.inspectState) c.push(inspectCondition(f.inspectState));
  return c.filter((x): x is SQL => x !== undefined);
}

export function orderOf(f: Partial<ElevatorFilters>) {
  const column = SORT_COLUMNS[f.sortField ?? 'id'];
  const direction = f.sortOrder === 'ascend' ? asc : desc;
  return f.sortField && f.sortField !== 'id'
    ? [direction(column), direction(elevator.id)]
    : [direction(elevator.id)];
}

/**
 * One page's rows in two statements: the page's ids (one table, an index walk; a deep page skips
 * its offset without joining the rows it skips), then the joins for those ids. Apart, each plans
 * cheaply or once: PostgreSQL plans a LIMIT/OFFSET statement afresh on every run (its generic plan
 * assumes a tenth of the table), and planning the joins with it cost 0.5 ms per page, three times
 * running it. The ids statement has no join to plan; the rows statement has no limit, so it keeps
 * one generic plan per connection.
 */
async function pageRows(
  db: Queryable,
  condition: SQL,
  order: SQL,
  f: ElevatorFilters,
  few = false,
  test?: SQL,
) {
  // Few matches: a materialized CTE, which the planner plans for all the matches, fetches them
  // through whichever index finds them, and only they are sorted. Without it, a LIMIT invites the
  // planner to walk the order's index hoping to meet matches early, which reads the whole table
  // when there are a handful or none (2 s for a term absent from the caller's district).
  // The CTE carries every column a list sorts on, under the table's name, so that the order applies.
  // `test` (few only) is applied to the CTE's rows, where no index can serve it (sampledTotal).
  const cte = few
    ? sql`with "matches" as materialized (select ${CTE_COLUMNS} from "elevator" where ${condition}) `
    : sql``;
  const source = few
    ? sql`"matches" "elevator"${test ? sql` where ${test}` : sql``}`
    : sql`"elevator" where ${condition}`;
  const ids = await preparedRows<{ id: number }>(
    db,
    sql`${cte}select "elevator"."id" as "id" from ${source}
      order by ${order} limit ${f.limit} offset ${(f.page - 1) * f.limit}`,
  );
  if (ids.length === 0) return [];
  return preparedRows<ElevatorRow>(
    db,
    sql`${LIST_ROW_FROM} where "elevator"."id" = any(${sql.param(ids.map((r) => r.id))}::int[]) order by ${order}`,
  );
}

/**
 * The columns a CTE of lifts carries: those a list sorts on and those a term's test reads (the
 * indexed expression scopedGrams, the text, the companies a keyword also names).
 */
const CTE_COLUMNS = sql.raw(
  ['id', 'register_code', 'next_inspect_date', 'created_at', 'area_code', 'address', 'community', 'name']
    .concat(['search_grams', 'maintenance_company_id', 'use_company_id'])
    .map((c) => `"${c}"`)
    .join(', '),
);

/**
 * Estimating a common term's total before any count. Counting a term's matches costs the index probe
 * of all its grams and of the scope's token: a gram held by a fifth of the city (青秀, 南宁, 大道, 1号)
 * is a posting list of 200,000 lifts, 15–200 ms to read on 1,000,000 lifts however few lifts the
 * whole term matches. So a term whose every gram the statistics of the gram index (pg_stats of
 * SCOPED_GRAMS_INDEX) place in at least FEW_MATCHES lifts is not counted through that index:
 * - the lifts of the scope and the other filters (the base) are counted first (pageTotal: an
 *   index-only count, remembered for 10 s when large);
 * - a base of at most BASE_TESTED lifts is tested whole for the term, row by row: exact total;
 * - a larger base is sampled: pages drawn at random (TABLESAMPLE SYSTEM, REPEATABLE so that every
 *   page of the list is given the same total) holding about SAMPLE_ROWS of its lifts, and at most
 *   SAMPLE_MAX_PERCENT of the table's pages (a base of 5,000–50,000 lifts, e.g. a district and a
 *   company, gets fewer: 1 % of a 1,000,000-lift table is about 525 pages, 2–4 ms, where the count
 *   through the gram index took 20–45 ms; at 4 % the sample took 15 ms, wasted when the term
 *   turns out rare and is counted after all), are tested. With at least SAMPLE_MATCHES matches
 *   (±32 %) and an estimate of at least COMMON_TERM_MATCHES, the total is the matching share of the
 *   sample times the base, marked approximate ("约 N"), and nothing else is counted;
 * - otherwise (a term rarer than its grams) the term is counted as before (pageTotal). The newest
 *   lifts are no sample: a bulk import puts thousands of alike addresses side by side.
 * The grams' own frequencies cannot give the number: their product (the planner's estimate) takes
 * 五象大道 for 738 lifts where 37,033 match, and the rarest gram's count takes 15号淡 for 42,386 where
 * 445 match (1,000,000 lifts, docs/benchmarks.md).
 */
const BASE_TESTED = 5_000;
const SAMPLE_ROWS = 2_000;
const SAMPLE_MAX_PERCENT = 1;
const SAMPLE_MATCHES = 10;
/** Gram statistics are re-read every 10 minutes (ANALYZE renews them), every 10 s while missing. */
const GRAM_STATS_MS = 600_000;
const NO_STATS_MS = 10_000;
const gramStats = new WeakMap<Queryable, { lifts: Map<string, number>; at: number }>();

/** How many lifts hold each common gram, from the gram index's statistics (none before ANALYZE). */
async function commonGrams(db: Queryable): Promise<Map<string, number>> {
  const known = gramStats.get(db);
  const age = known ? Date.now() - known.at : Number.POSITIVE_INFINITY;
  if (known && age < (known.lifts.size > 0 ? GRAM_STATS_MS : NO_STATS_MS)) return known.lifts;
  const [row] = await preparedRows<{ grams: string[] | null; freqs: number[] | null; rows: number }>(
    db,
    sql`select s.most_common_elems::text::text[] as "grams", s.most_common_elem_freqs::float8[] as "freqs",
        c.reltuples::float8 as "rows"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_stats s on s.schemaname = n.nspname and s.tablename = ${SCOPED_GRAMS_INDEX}
      where c.oid = ${getTableName(elevator)}::regclass`,
  );
  const lifts = new Map<string, number>();
  if (row?.grams && row.freqs)
    for (const [i, gram] of row.grams.entries()) lifts.set(gram, Number(row.freqs[i]) * Number(row.rows));
  gramStats.set(db, { lifts, at: Date.now() });
  return lifts;
}

/** Whether the statistics place every gram of `term` in at least FEW_MATCHES lifts. */
function mayBeCommon(lifts: Map<string, number>, term: string) {
  const grams = bigrams(term);
  return grams.length > 0 && grams.every((g) => (lifts.get(g) ?? 0) >= FEW_MATCHES);
}

/**
 * The total of `base` and `test` (the terms' conditions as the list applies them, tested on rows a
 * CTE or a sub-select gives, so that no index serves them), and whether the base was tested whole;
 * undefined when the sample says the term is rare.
 */
async function sampledTotal(
  db: Queryable,
  base: SQL,
  baseUnfiltered: boolean,
  test: SQL,
): Promise<(Total & { whole: boolean }) | undefined> {
  const all = await pageTotal(db, elevator, base, baseUnfiltered);
  const whole = !all.approximate && all.total <= BASE_TESTED;
  // The whole base: a materialized CTE, planned for all its lifts (its index, then the heap). A large
  // base: pages drawn at random (the same ones every time), about SAMPLE_ROWS of its lifts, at most
  // SAMPLE_MAX_PERCENT of the table.
  const percent = Math.min(SAMPLE_MAX_PERCENT, (100 * SAMPLE_ROWS) / Math.max(1, all.total));
  const lifts = whole
    ? sql`with "base" as materialized (select ${CTE_COLUMNS} from "elevator" where ${base})
        select count(*)::int as "rows", (count(*) filter (where ${test}))::int as "matches" from "base" "elevator"`
    : sql`select count(*)::int as "rows", (count(*) filter (where ${test}))::int as "matches"
        from "elevator" tablesample system (${sql.raw(percent.toFixed(4))}) repeatable (0) where ${base}`;
  const [s] = await preparedRows<{ rows: number; matches: number }>(db, lifts);
  if (whole) return { total: s.matches, approximate: false, whole };
  if (s.matches < SAMPLE_MATCHES) return undefined;
  const total = Math.round((all.total * s.matches) / s.rows);
  return total >= COMMON_TERM_MATCHES ? { total, approximate: true, whole } : undefined;
}

/**
 * One page of elevators within `scope` (the caller's data scope, always applied) and the filters.
 * `scopeIsAll` says the scope restricts nothing, so an unfiltered total may be estimated.
 * `scopeGrams`: the scope as search tokens where it is one district or company (elevatorScopeGrams).
 */
export async function listElevators(
  db: Queryable,
  scope: SQL,
  scopeIsAll: boolean,
  f: ElevatorFilters,
  extra: SQL[] = [],
  scopeGrams: readonly string[] = [],
) {
  const named = await companiesNamed(db, f.keyword);
  const conditions = [...filterConditions(f, true, scopeGrams, named), ...extra];
  const where = and(scope, ...conditions) ?? scope;
  const unfiltered = scopeIsAll && conditions.length === 0;
  const order = sql.join(orderOf(f), sql`, `);
  const page = (rows: ElevatorRow[], total: Total) => ({
    records: rows,
    ...total,
    page: f.page,
    limit: f.limit,
  });
  // A term the gram statistics call common: sampled before any count (sampledTotal), and then its
  // page is found by testing rows, not by the index probe of its grams.
  const terms = [f.keyword, f.address].filter((t): t is string => !!t);
  if (terms.length > 0) {
    const lifts = await commonGrams(db);
    if (terms.every((t) => mayBeCommon(lifts, t))) {
      const others = [...filterConditions({ ...f, keyword: undefined, address: undefined }), ...extra];
      const base = and(scope, ...others) ?? scope;
      const termsOnly = { keyword: f.keyword, address: f.address };
      // The exact test (the list's own conditions) for a count, on rows no index gives.
      const test = and(...filterConditions(termsOnly, true, [], named))!;
      const sampled = await sampledTotal(db, base, scopeIsAll && others.length === 0, test);
      if (sampled?.whole) {
        const total = { total: sampled.total, approximate: false };
        if (total.total <= (f.page - 1) * f.limit) return page([], total);
        return page(await pageRows(db, base, order, f, true, test), total);
      }
      if (sampled) {
        // Many matches: the page is found by walking the primary key and testing rows, which stops
        // at the page (a term of one gram: its gram unscoped, which the planner knows is common).
        const walk = and(
          base,
          ...filterConditions(termsOnly, !isMultiGram(f.keyword) && !isMultiGram(f.address), [], named),
        )!;
        return page(await pageRows(db, walk, order, f), { total: sampled.total, approximate: true });
      }
    }
  }
  // The total first: it decides how the page is found.
  const total = await pageTotal(db, elevator, where, unfiltered);
  const counted = (rows: ElevatorRow[]) => page(rows, total);
  if (!total.approximate && total.total <= (f.page - 1) * f.limit) return counted([]);
  if (!total.approximate && total.total <= FEW_MATCHES)
    return counted(await pageRows(db, where, order, f, true));
  // The planner multiplies the frequencies of a term's grams and takes a common term for a rare
  // one: it would fetch and sort every match (half a second for 46,000 of a million rows). The
  // count (remembered for 10 s when large) tells; a common term's page is found by walking the
  // primary key and testing rows, which stops at the page.
  const commonTerm = (isMultiGram(f.keyword) || isMultiGram(f.address)) && total.total > COMMON_TERM_MATCHES;
  const condition = commonTerm
    ? (and(scope, ...filterConditions(f, false, [], named), ...extra) ?? scope)
    : where;
  return counted(await pageRows(db, condition, order, f));
}
