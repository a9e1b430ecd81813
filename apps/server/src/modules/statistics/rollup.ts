import { shanghaiToday } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { STALENESS_BOUND_SECONDS } from './query.ts';
import { type EventRollup, rebuildRollup } from './rollups.ts';
import { inspectionSource } from './sources/inspection.ts';
import { maintenanceSource } from './sources/maintenance.ts';
import { registrySource } from './sources/registry.ts';
import { caseSource, repairSource } from './sources/rescue.ts';
import type { StatsSource } from './sources/source.ts';

/**
 * The rollups' sources, in order: the registry first (the others copy its lift attributes). A new
 * source (IoT alarms, advertising) is one file under sources/ added here.
 */
export const STATS_SOURCES: StatsSource[] = [
  registrySource,
  caseSource,
  repairSource,
  maintenanceSource,
  inspectionSource,
];

/** How often the job runs, and the staleness bound the figures state (docs/statistics.md). */
export const ROLLUP_EVERY_MS = 30_000;
export { STALENESS_BOUND_SECONDS };

/**
 * Brings every source's rollup rows up to date: from each one's cursor, or all of them (`full`,
 * the demo seed and a first start). Returns what it did per source (rows are the sources' business).
 */
export async function refreshStats(db: Queryable, opts: { full?: boolean; now?: Date } = {}) {
  const startedAt = opts.now ?? new Date();
  const today = shanghaiToday(startedAt);
  const cursors = new Map(
    rowsOf<{ source: string; changed_up_to: string | null; day: string | null }>(
      await db.execute(sql`select source, changed_up_to::text, day::text from stats_cursor`),
    ).map((r) => [r.source, r]),
  );
  const rebuilds = new Set<EventRollup>();
  const rebuildAfter = (m: EventRollup) => rebuilds.add(m);
  const willRebuild = (m: EventRollup) => rebuilds.has(m);
  const caughtUp: { source: string; next: Date | null }[] = [];
  for (const source of STATS_SOURCES) {
    const cursor = cursors.get(source.name);
    const since = opts.full || !cursor?.changed_up_to ? null : new Date(cursor.changed_up_to);
    const newDay = !cursor || cursor.day !== today;
    const next = await source.refresh(db, since, {
      today,
      startedAt,
      newDay,
      lastDay: cursor?.day ?? null,
      rebuildAfter,
      willRebuild,
    });
    caughtUp.push({ source: source.name, next });
  }
  for (const m of rebuilds) await rebuildRollup(db, m, today);
  // The cursors last, once every rollup is written: their rows' state is what remembered answers
  // are kept under (remembered.ts). A run that stops before them is done again (its upserts add
  // each changed row's difference, which a second pass finds to be none).
  for (const { source, next } of caughtUp)
    await db.execute(sql`insert into stats_cursor (source, changed_up_to, caught_up_at, day)
      values (${source}, ${next ? next.toISOString() : null}::timestamptz, ${startedAt.toISOString()}::timestamptz, ${today}::date)
      on conflict (source) do update set changed_up_to = excluded.changed_up_to,
        caught_up_at = excluded.caught_up_at, day = excluded.day`);
  return caughtUp.map((c) => c.source);
}

export const rollupJob: JobDefinition = {
  name: 'stats.rollup',
  label: '统计数据汇总',
  everyMs: ROLLUP_EVERY_MS,
  run: async (db) => {
    await refreshStats(db);
  },
};
