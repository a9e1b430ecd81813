import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { dayRunsQuery } from '../../apps/server/src/modules/iot/read.ts';
import type { Db } from '../../apps/server/src/platform/db/client.ts';
import { rowsOf } from '../../apps/server/src/platform/db/sql.ts';

/*
 * The iot bench's look at the disk (PostgreSQL on this machine only): the pages one lift's day read
 * touches, and its time cold and warm. "Cold" is made without restarting anything:
 *   - the history's files (every leaf partition and its indexes, each 1 GB segment) are checkpointed,
 *     then dropped from the kernel's page cache with posix_fadvise(DONTNEED) (python3's os module:
 *     `echo 3 > drop_caches` is not allowed in this container);
 *   - PostgreSQL's shared buffers are refilled by pg_prewarm(mode 'buffer') of a filler table twice
 *     their size (the buffer ring of a sequential scan would leave them alone), and pg_buffercache
 *     counts what is left of the history in them (0 when cold).
 */

const FADVISE = `import os, sys
n = 0
for p in sys.argv[1:]:
    try:
        fd = os.open(p, os.O_RDONLY)
    except FileNotFoundError:
        continue
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)
    n += 1
print(n)`;

interface PlanFigures {
  ms: number;
  execMs: number;
  hit: number;
  read: number;
  ioMs: number | null;
  /** Which history leaves the plan reads, and how: `Index Scan iot_history_20261129_recv (…_lift_at_idx)`. */
  scans: string[];
  /** Partitions pruned at execution (`Subplans Removed`), when the plan prunes then. */
  removed: number;
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** The scans of a plan's leaves (relation, and index when one is used), and its run-time pruning. */
function planScans(node: PlanNode, out = { scans: [] as string[], removed: 0 }) {
  const relation = node['Relation Name'];
  const index = node['Index Name'];
  if (typeof relation === 'string')
    out.scans.push(`${node['Node Type']} ${relation}${typeof index === 'string' ? ` (${index})` : ''}`);
  else if (typeof index === 'string') out.scans.push(`  ${node['Node Type']} ${index}`); // under a bitmap heap scan
  if (typeof node['Subplans Removed'] === 'number') out.removed += node['Subplans Removed'];
  for (const child of node.Plans ?? []) planScans(child, out);
  return out;
}

async function historyFiles(db: Db): Promise<string[]> {
  const [{ dir }] = rowsOf<{ dir: string }>(
    await db.execute(sql`select current_setting('data_directory') as dir`),
  );
  const rels = rowsOf<{ file: string; bytes: string }>(
    await db.execute(sql`with leaves as (select relid from pg_partition_tree('iot_history') where isleaf)
      select pg_relation_filepath(r) as file, pg_relation_size(r)::text as bytes from (
        select relid as r from leaves union all
        select i.indexrelid from pg_index i join leaves l on l.relid = i.indrelid) x`),
  );
  const files: string[] = [];
  for (const r of rels) {
    const base = path.join(dir, r.file);
    const segments = Math.max(1, Math.ceil(Number(r.bytes) / 2 ** 30));
    for (let s = 0; s < segments; s++) files.push(s === 0 ? base : `${base}.${s}`);
  }
  return files;
}

/** Empties PostgreSQL's buffers and the kernel's cache of the history; answers the history's buffers left. */
export async function evictHistory(db: Db): Promise<{ files: number; buffersLeft: number }> {
  await db.execute(sql`create extension if not exists pg_prewarm`);
  await db.execute(sql`create extension if not exists pg_buffercache`);
  const [{ filler }] = rowsOf<{ filler: boolean }>(
    await db.execute(sql`select to_regclass('iot_bench_filler') is not null as filler`),
  );
  if (!filler) {
    // Twice the shared buffers, in rows of about 1 kB.
    await db.execute(sql`create table iot_bench_filler as select g, repeat('x', 1000) as pad
      from generate_series(1, (select (setting::bigint * 8192 * 2 / 1100)::int from pg_settings where name = 'shared_buffers')) g`);
  }
  await db.execute(sql`checkpoint`);
  const files = await historyFiles(db);
  const run = spawnSync('python3', ['-c', FADVISE, ...files], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`fadvise failed: ${run.stderr}`);
  await db.execute(sql`select pg_prewarm('iot_bench_filler', 'buffer')`);
  const [{ left }] = rowsOf<{ left: number }>(
    await db.execute(sql`select count(*)::int as left from pg_buffercache b
      where b.reldatabase = (select oid from pg_database where datname = current_database())
        and b.relfilenode in (select pg_relation_filenode(relid) from pg_partition_tree('iot_history') where isleaf
          union all select pg_relation_filenode(i.indexrelid) from pg_index i
            join pg_partition_tree('iot_history') t on t.relid = i.indrelid and t.isleaf)`),
  );
  return { files: Number(run.stdout.trim()), buffersLeft: left };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the day's runs (the statement GET /iot/lift/history runs). */
export async function explainDay(db: Db, elevatorId: number, date: string): Promise<PlanFigures> {
  const from = new Date(`${date}T00:00:00+08:00`);
  const to = new Date(from.getTime() + 86_400_000);
  const q = dayRunsQuery('lift', elevatorId, from, to, 200);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local track_io_timing = on`);
    const t0 = performance.now();
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await tx.execute(sql`explain (analyze, buffers, format json) ${q}`),
    );
    const ms = performance.now() - t0;
    const doc = (
      typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN']
    ) as {
      Plan: PlanNode & Record<string, number>;
      'Execution Time': number;
    }[];
    const plan = doc[0].Plan;
    return {
      ms,
      execMs: doc[0]['Execution Time'],
      hit: plan['Shared Hit Blocks'],
      read: plan['Shared Read Blocks'],
      ioMs: plan['I/O Read Time'] ?? null,
      ...planScans(plan),
    };
  });
}

/** The day read cold (after `evictHistory`) then warm, `times` each; printed and answered. */
export async function dayOnDisk(db: Db, elevatorId: number, date: string, label: string, times = 3) {
  const out: { cold: PlanFigures[]; warm: PlanFigures[]; left: number[] } = { cold: [], warm: [], left: [] };
  for (let i = 0; i < times; i++) {
    const { buffersLeft } = await evictHistory(db);
    out.left.push(buffersLeft);
    out.cold.push(await explainDay(db, elevatorId, date));
  }
  for (let i = 0; i < times; i++) out.warm.push(await explainDay(db, elevatorId, date));
  const fmt = (p: PlanFigures) =>
    `${p.ms.toFixed(1)} ms (executor ${p.execMs.toFixed(1)} ms, I/O ${p.ioMs?.toFixed(1) ?? '?'} ms), pages hit ${p.hit} + read ${p.read} = ${p.hit + p.read}`;
  console.log(`\niot bench, one lift's day on disk (${label}; EXPLAIN (ANALYZE, BUFFERS) of its runs):`);
  for (const [i, p] of out.cold.entries())
    console.log(`  cold ${i + 1} (history buffers left ${out.left[i]}): ${fmt(p)}`);
  for (const [i, p] of out.warm.entries()) console.log(`  warm ${i + 1}: ${fmt(p)}`);
  // Whether the read keeps to the day's partitions and reads them by the lift-and-time index.
  const [{ leaves }] = rowsOf<{ leaves: number }>(
    await db.execute(sql`select count(*)::int as leaves from pg_partition_tree('iot_history') where isleaf`),
  );
  const last = out.warm[out.warm.length - 1];
  const read = last.scans.filter((scan) => !scan.startsWith(' ')).length;
  console.log(
    `  plan: ${read} of ${leaves} history leaves read${last.removed ? ` (${last.removed} pruned at execution)` : ''}:`,
  );
  for (const scan of last.scans) console.log(`    ${scan}`);
  return out;
}

/** The history's size on disk, per kind of leaf. */
export async function historySizes(db: Db) {
  return rowsOf<{ part: string; rels: number; heap: string; indexes: string }>(
    await db.execute(sql`select regexp_replace(c.relname, '^iot_history_[0-9]+', '') as part, count(*)::int as rels,
        pg_size_pretty(sum(pg_relation_size(c.oid))) as heap,
        pg_size_pretty(sum(pg_indexes_size(c.oid))) as indexes
      from pg_partition_tree('iot_history') t join pg_class c on c.oid = t.relid
      where t.isleaf group by 1 order by 1`),
  );
}
