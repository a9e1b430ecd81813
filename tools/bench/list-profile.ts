/**
 * Where a random-filter list request's time goes: the bench's draws (traffic.ts randomFilters) run
 * one at a time on one connection, each statement timed. `node --import tsx tools/bench/list-profile.ts
 * [draws]` with DATABASE_URL naming a loaded database (e.g. the one BENCH_REUSE_DATABASE names).
 * Prints per user the statement kinds by total time, and the slowest draws.
 */
import { elevatorFilters } from '@ec/contract';
import { listElevators } from '../../apps/server/src/modules/elevator/list.ts';
import { elevatorScope, elevatorScopeGrams } from '../../apps/server/src/modules/elevator/scope.ts';
import { openDatabase } from '../../apps/server/src/platform/db/client.ts';
import { randomFilters, trafficOf, USERS } from './traffic.ts';

const draws = Number(process.argv[2] ?? 300);
const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL ?? '', poolSize: 2 });
const db = database.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } };
const client = db.$client;
const original = client.query.bind(client);
let log: { kind: string; ms: number }[] = [];
const kindOf = (text: string) => {
  const t = text.replace(/\s+/g, ' ');
  if (t.includes('tablesample')) return 'sample';
  if (t.includes('"base" as materialized')) return 'base tested whole';
  if (t.includes('from "matches" limit')) return 'staged count';
  if (t.includes('"matches" as materialized') && t.includes('order by')) return 'page ids (few, CTE)';
  if (t.startsWith('select "elevator"."id" as "id" from')) return 'page ids';
  if (t.includes('= any(') && t.includes('join')) return 'page rows';
  if (t.includes('from "enterprise"')) return 'companies named';
  if (t.includes('pg_stats')) return 'gram stats';
  if (t.startsWith('explain')) return 'planned rows';
  return t.slice(0, 60);
};
client.query = async (...args: unknown[]) => {
  const q = args[0] as string | { text: string };
  const text = typeof q === 'string' ? q : q.text;
  const t0 = performance.now();
  try {
    return await original(...args);
  } finally {
    log.push({ kind: kindOf(text), ms: performance.now() - t0 });
  }
};
const traffic = await trafficOf(database.db);
for (const who of USERS) {
  const scope = elevatorScope(traffic.users[who]);
  const grams = elevatorScopeGrams(traffic.users[who]);
  const next = randomFilters(traffic, who, 1);
  const perKind = new Map<string, { n: number; ms: number }>();
  const each: { f: Record<string, unknown>; ms: number; total: string; stmts: string }[] = [];
  for (let i = 0; i < draws; i++) {
    const f = next();
    log = [];
    const t0 = performance.now();
    const out = await listElevators(database.db, scope, false, elevatorFilters.parse(f), [], grams);
    const ms = performance.now() - t0;
    for (const s of log) {
      const k = perKind.get(s.kind) ?? { n: 0, ms: 0 };
      k.n++;
      k.ms += s.ms;
      perKind.set(s.kind, k);
    }
    each.push({
      f,
      ms,
      total: `${out.approximate ? '约' : ''}${out.total}`,
      stmts: log.map((s) => `${s.kind} ${s.ms.toFixed(1)}`).join('; '),
    });
  }
  const sorted = [...each].sort((a, b) => a.ms - b.ms);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].ms.toFixed(1);
  const sum = each.reduce((s, e) => s + e.ms, 0);
  console.log(
    `\n${who}: ${draws} draws, mean ${(sum / draws).toFixed(2)} ms, p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}`,
  );
  for (const [k, v] of [...perKind].sort((a, b) => b[1].ms - a[1].ms))
    console.log(
      `  ${k.padEnd(24)} n=${String(v.n).padStart(4)} total ${v.ms.toFixed(0).padStart(6)} ms, mean ${(v.ms / v.n).toFixed(2)}`,
    );
  console.log('  slowest:');
  for (const e of sorted.slice(-12).reverse())
    console.log(`   ${e.ms.toFixed(1).padStart(7)} ms ${JSON.stringify(e.f)} → ${e.total} [${e.stmts}]`);
}
await database.close();
