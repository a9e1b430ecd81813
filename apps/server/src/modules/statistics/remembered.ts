import { type StatsMeta, shanghaiToday } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AuthUser } from '../../platform/access.ts';
import { metaAt, type ReadSide, rows, STALENESS_BOUND_SECONDS, sideOf } from './query.ts';

/*
 * Figures answered from memory while the rollups stay as they are. A statistics call reads only the
 * rollup tables (stats_*), which only the rollup job writes: its answer is a function of the
 * rollups' state, the day, the caller's data scope and the call's input. The state is told by the
 * job's cursors: every run rewrites each source's row of stats_cursor once all its rollups are
 * written (rollup.ts refreshStats; one transaction on PostgreSQL), so the rows' `xmin` (the writing
 * transaction) changes with every run whatever clock the run had, and reads the same on a replica. An answer is kept under that state: the next
 * run makes it unreachable (LRU and a TTL free it). Each API node keeps its own; the nodes agree,
 * since they read the same rollups. Requests for the same figure at once share one computation.
 */

/** The answers kept per database read (the primary, a replica: their states are their own). */
const kept = new WeakMap<object, LRUCache<string, Promise<unknown>>>();

function answersOf(db: object, max: number) {
  let answers = kept.get(db);
  if (!answers) {
    answers = new LRUCache({ max, ttl: STALENESS_BOUND_SECONDS * 1000 });
    kept.set(db, answers);
  }
  return answers;
}

/** What of the caller decides its figures: the data scope (query.ts scopeSql, checkFilters). */
const scopeKey = (user: AuthUser) => [
  sideOf(user),
  user.userType,
  user.dataScope,
  user.companyId,
  [...user.areaCodes].sort(),
];

/**
 * The answer of the statistics call `call` for `user` and `input`: the one computed for the same
 * rollup state, day, scope and input when this node has it, else `answer()`'s. Its `meta` is always
 * made now (how stale the figures are is a matter of the time of reading). `keep`: how many answers
 * the node keeps per database (config STATS_REMEMBERED; 0: none, every request computes); `answer`
 * computes it on the read side it is given. The
 * map's points (large, asked per zoom and view) are not kept (routes.ts); an answer is a few KB.
 */
export async function remembered<T>(
  call: string,
  side: ReadSide,
  user: AuthUser,
  input: unknown,
  keep: number,
  answer: (side: ReadSide) => Promise<T>,
): Promise<T> {
  if (keep <= 0) return answer(side);
  const [state] = await rows<{ at: string | null; written: string | null }>(
    side.db,
    sql`select min(caught_up_at)::text as at, string_agg(xmin::text, ',' order by source) as written
      from stats_cursor`,
  );
  const answers = answersOf(side.db, keep);
  const key = JSON.stringify([call, state?.written ?? '', shanghaiToday(), scopeKey(user), input]);
  let found = answers.get(key) as Promise<T> | undefined;
  if (!found) {
    // The state just read is the answer's too (metaOf reads no cursor again).
    const computing = answer({ ...side, caughtUpAt: state?.at ?? null });
    found = computing;
    answers.set(key, computing);
    // A refusal or a failure is not kept (the next request computes again).
    computing.catch(() => {
      if (answers.get(key) === computing) answers.delete(key);
    });
  }
  const a = await found;
  const meta = (a as { meta?: StatsMeta }).meta;
  return meta ? { ...a, meta: metaAt(side, meta, state?.at ?? null) } : a;
}
