import type { Queryable } from '../../../platform/db/client.ts';
import type { EventRollup } from '../rollups.ts';

/**
 * A source of the statistics rollups: one file under sources/ (the registry, rescue, maintenance;
 * IoT or advertising later). `refresh` brings the source's rollup rows up to date from the rows
 * changed since `since` (null: rebuild all), reading the owning module only through its api.ts,
 * and answers the change time to resume from next run.
 */
export interface StatsSource {
  name: string;
  refresh(db: Queryable, since: Date | null, ctx: RefreshContext): Promise<Date | null>;
}

export interface RefreshContext {
  /** The Shanghai day of this run (yyyy-MM-dd). */
  today: string;
  /** The run started (the cursors move to it, less the overlap). */
  startedAt: Date;
  /** The day changed since the last run (date-dependent state is refreshed in full). */
  newDay: boolean;
  /** The Shanghai day of the source's last run (null: none). */
  lastDay: string | null;
  /**
   * Asks for a rollup that several sources feed (the lift window) to be rebuilt once, after every
   * source has run: a source rebuilding it itself would read the next source's rows before their
   * own rebuild, and the next source would rebuild it again.
   */
  rebuildAfter(m: EventRollup): void;
  /**
   * Whether `m` is to be rebuilt after every source (rebuildAfter): a source then need not move its
   * window first (the rebuild makes today's).
   */
  willRebuild(m: EventRollup): boolean;
}

/** Rows changed this long before a run's start are read again next run (transactions in flight). */
export const CURSOR_OVERLAP_MS = 60_000;

export const nextCursor = (ctx: RefreshContext) => new Date(ctx.startedAt.getTime() - CURSOR_OVERLAP_MS);

/** Shanghai calendar day of a timestamptz expression, as SQL text. */
export const SH_DAY = (col: string) => `((${col} at time zone 'UTC') + interval '8 hours')::date`;
