/**
 * Every statistics call's database time, statement by statement: each figure computed once (as with
 * STATS_REMEMBERED=0) as the platform's regulator over the default period, on DATABASE_URL's database,
 * every statement it sends run under EXPLAIN (ANALYZE) first, then for real. Prints per call the sum
 * of the statements' planning and execution ms (the median of RUNS runs), the statements and, with
 * STATS_EXPLAIN_PLANS=1, the slowest statement's plan.
 * `DATABASE_URL=postgres://…/ec_bench_stats_… node --import tsx tools/bench/stats-explain.ts [call …]`
 */
import { type SQL, sql } from 'drizzle-orm';
import { figures } from '../../apps/server/src/modules/statistics/figures.ts';
import type { ReadSide } from '../../apps/server/src/modules/statistics/query.ts';
import { openDatabase, type Queryable } from '../../apps/server/src/platform/db/client.ts';
import { rowsOf } from '../../apps/server/src/platform/db/sql.ts';
import { userOf } from '../../apps/server/test/stats-support.ts';

const RUNS = Number(process.env.STATS_EXPLAIN_RUNS ?? 3);
const user = userOf({ username: 'admin', realName: 'admin' });
const extra = process.env.STATS_EXPLAIN_INPUT ? JSON.parse(process.env.STATS_EXPLAIN_INPUT) : {};

/** Each call's figure with its input as the server parses it (defaults filled in), by the call's name. */
type Computed = (side: ReadSide) => Promise<unknown>;
const CALLS: Record<string, Computed> = Object.fromEntries(
  figures.map(({ call, answer }) => {
    const input = call.input.parse(extra);
    return [call.path.split('/').pop() as string, (side: ReadSide) => answer(side, user, input)];
  }),
);

interface Statement {
  ms: number;
  text: string;
  plan: string;
}

/** A Queryable whose execute runs each statement under EXPLAIN ANALYZE first, recording its time. */
function explaining(db: Queryable, out: Statement[]): Queryable {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (q: SQL) => {
        const [r] = rowsOf<{ 'QUERY PLAN': unknown }>(
          await target.execute(sql`explain (analyze, format json) ${q}`),
        );
        const json = r?.['QUERY PLAN'];
        const plan = (typeof json === 'string' ? JSON.parse(json) : json) as {
          'Planning Time': number;
          'Execution Time': number;
        }[];
        const [first] = plan;
        const text = await target.execute(sql`explain (analyze, costs off) ${q}`);
        out.push({
          ms: (first?.['Planning Time'] ?? 0) + (first?.['Execution Time'] ?? 0),
          text: (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect
            .sqlToQuery(q)
            .sql.replace(/\s+/g, ' ')
            .slice(0, 160),
          plan: rowsOf<{ 'QUERY PLAN': string }>(text)
            .map((x) => x['QUERY PLAN'])
            .join('\n'),
        });
        return target.execute(q);
      };
    },
  });
}

/** A Queryable whose execute records how long each statement was awaited. */
function timing(db: Queryable, out: number[]): Queryable {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (q: SQL) => {
        const t0 = performance.now();
        const r = await target.execute(q);
        out.push(performance.now() - t0);
        return r;
      };
    },
  });
}

const WALL_RUNS = Number(process.env.STATS_EXPLAIN_WALL_RUNS ?? 15);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the kept bench database');
const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
const only = process.argv.slice(2);
try {
  console.log(
    `call                                 db ms  awaited  wall ms  statements (ms each)   input ${JSON.stringify(extra)}`,
  );
  for (const [name, figure] of Object.entries(CALLS)) {
    if (only.length > 0 && !only.includes(name)) continue;
    const runs: Statement[][] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        const out: Statement[] = [];
        await figure({ db: explaining(database.db, out), source: 'primary', lagSeconds: null });
        runs.push(out);
      }
    } catch (err) {
      // The company and use-unit dashboards answer only their own accounts, not the regulator.
      console.log(`${name.padEnd(36)} not for the regulator: ${(err as Error).message}`);
      continue;
    }
    const totals = runs.map((r) => r.reduce((s, x) => s + x.ms, 0));
    // The figure as a server computes it (no EXPLAIN): wall ms in this process, and per statement.
    const walls: number[] = [];
    let lastAwaited: number[] = [];
    const waits: number[] = [];
    for (let i = 0; i < WALL_RUNS; i++) {
      const out: number[] = [];
      const t0 = performance.now();
      await figure({ db: timing(database.db, out), source: 'primary', lagSeconds: null });
      walls.push(performance.now() - t0);
      waits.push(out.reduce((s, x) => s + x, 0));
      lastAwaited = out;
    }
    const mid = runs[totals.indexOf(median(totals))] as Statement[];
    console.log(
      `${name.padEnd(36)} ${median(totals).toFixed(1).padStart(7)} ${median(waits).toFixed(1).padStart(7)} ${median(walls).toFixed(1).padStart(7)}  ${mid.map((s) => s.ms.toFixed(1)).join(' + ')}`,
    );
    if (process.env.STATS_EXPLAIN_AWAITED === '1')
      console.log(`  awaited: ${lastAwaited.map((x) => x.toFixed(1)).join(' + ')}`);
    if (process.env.STATS_EXPLAIN_PLANS === '1') {
      const slowest = [...mid].sort((a, b) => b.ms - a.ms)[0];
      if (slowest) console.log(`  slowest: ${slowest.text}\n${slowest.plan.replace(/^/gm, '    ')}\n`);
    }
  }
} finally {
  await database.close();
}
