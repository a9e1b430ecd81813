import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { compile, rowsOf } from '../../../platform/db/sql.ts';
import { FRESH_UP_TO } from '../../../platform/db/totals.ts';
import { adPoint } from '../points/tables.ts';
import { adOrderPoint } from './tables.ts';

/**
 * The availability search's held points for a new range, counted in the server from the holding
 * lines of the points matching a search's filters, read once and remembered (issue 19's bench: a new
 * range each request). Counting them in the database costs about 1 µs a held line of the range
 * (the gist bitmap scan, then each line's point probed by primary key for the filters): 20,000
 * lines at 100,000 points, 15–25 ms of a shared machine's CPU on every new range. The lines of the
 * points a search's filters match do not depend on the range: read once (one join, all the holding
 * lines of those points whatever their dates: at the bench 20,000 of them in about 40 ms), they
 * answer every range by a pass over them (sorted by point, so a point held twice in the range is
 * counted once; the order being edited left out), 20,000 lines in under a millisecond.
 *
 * Used only where the platform's totals remember theirs (`above`: FRESH_UP_TO points matching the
 * filters, platform/db/totals.ts), with the same lag: the lines are remembered for `ms` (10 s), so
 * such a total may miss a booking or a cancellation of the last 10 s, as a remembered total does
 * already; totals of fewer points are counted in the database every time. The page (which points
 * are free) is always read afresh. At most `maxLines` lines are held for one search (else it is
 * counted in the database), and at most `maxSearches` searches per database.
 */
export const heldMemory = {
  above: FRESH_UP_TO,
  ms: 10_000,
  maxLines: 500_000,
  maxSearches: 32,
};

/** The holding lines of the matching points, sorted by point then start: parallel arrays. */
interface HeldLines {
  point: Int32Array;
  order: Int32Array;
  /** Days since 1970-01-01 (dayOf). */
  start: Int32Array;
  end: Int32Array;
}

/** An ISO date ('YYYY-MM-DD') as days since 1970-01-01. */
const dayOf = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;

const memory = new WeakMap<Queryable, Map<string, { at: number; lines: Promise<HeldLines | null> }>>();

async function loadLines(db: Queryable, where: SQL | undefined): Promise<HeldLines | null> {
  const rows = rowsOf<{ p: number; o: number; s: string; e: string }>(
    await db.execute(sql`select l.point_id as "p", l.order_id as "o", l.start_date::text as "s", l.end_date::text as "e"
      from ${adOrderPoint} l join ${adPoint} on ${adPoint.id} = l.point_id
      where l.active and ${where ?? sql`true`}
      order by l.point_id, l.start_date
      limit ${heldMemory.maxLines + 1}`),
  );
  if (rows.length > heldMemory.maxLines) return null;
  const lines: HeldLines = {
    point: new Int32Array(rows.length),
    order: new Int32Array(rows.length),
    start: new Int32Array(rows.length),
    end: new Int32Array(rows.length),
  };
  rows.forEach((r, i) => {
    lines.point[i] = Number(r.p);
    lines.order[i] = Number(r.o);
    lines.start[i] = dayOf(r.s);
    lines.end[i] = dayOf(r.e);
  });
  return lines;
}

/**
 * The number of points matching `where` (a condition on ad_point that does not depend on the range)
 * that a holding line books on a day of [start, end], the lines of order `except` left out; null
 * when the search is not one to remember (`matching` points up to `above`, or too many lines): the
 * caller then counts in the database.
 */
export async function rememberedHeld(
  db: Queryable,
  where: SQL | undefined,
  matching: number,
  range: { start: string; end: string; except?: number | null },
): Promise<number | null> {
  if (matching <= heldMemory.above) return null;
  const searches = memory.get(db) ?? new Map<string, { at: number; lines: Promise<HeldLines | null> }>();
  memory.set(db, searches);
  const { sql: text, params } = compile(db, sql`${where}`);
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const now = Date.now();
  let known = searches.get(key);
  if (!known || now - known.at >= heldMemory.ms) {
    if (!known && searches.size >= heldMemory.maxSearches) searches.clear();
    // Requests asking at once share one read; a failed read is not remembered.
    const read = { at: now, lines: loadLines(db, where) };
    known = read;
    searches.set(key, read);
    read.lines.catch(() => {
      if (searches.get(key) === read) searches.delete(key);
    });
  }
  const lines = await known.lines;
  if (!lines) return null;
  const start = dayOf(range.start);
  const end = dayOf(range.end);
  const except = range.except ?? -1;
  let n = 0;
  let last = -1;
  for (let i = 0; i < lines.point.length; i++) {
    const p = lines.point[i];
    if (p === last || lines.start[i] > end || lines.end[i] < start || lines.order[i] === except) continue;
    n++;
    last = p;
  }
  return n;
}
