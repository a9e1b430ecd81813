/**
 * Catalogue coverage: which rows of docs/catalogue.tsv the server answers. A row counts when a
 * running server registered a handler for it, not when the contract merely declares it: the tool
 * builds the application on an empty in-memory database (no demo data, nothing listens) and reads
 * its route table. `npm run coverage` prints `implemented/total` and the rows of each domain
 * (`--missing` lists the rows without a handler).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX, allCalls, type Call } from '@ec/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/client.ts';

export interface CatalogueRow {
  method: string;
  path: string;
  domain: string;
}

export function readCatalogue(
  file = path.resolve(import.meta.dirname, '../docs/catalogue.tsv'),
): CatalogueRow[] {
  const [, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\n');
  return lines.map((line) => {
    const [method, p, domain] = line.split('\t');
    return { method, path: p, domain };
  });
}

export const matches = (row: CatalogueRow, call: Pick<Call, 'method' | 'path'>) =>
  row.path === call.path && (row.method === 'ANY' || row.method === call.method);

/** `METHOD /monitor/api/a/:b`: how a call appears in the route table. */
export const routeOf = (call: Pick<Call, 'method' | 'path'>) =>
  `${call.method} ${API_PREFIX}${call.path.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * `METHOD /monitor/api/path/:param` of every route an application registered, read from Fastify's
 * route tree: a line below another continues its path (`query` then `├── AuditList`). HEAD, which
 * Fastify adds to every GET by itself, is left out.
 */
export function registeredRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = line.match(/^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2];
    stack.push(full);
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.add(`${method} ${full}`);
  }
  return routes;
}

/** The declared calls that a freshly built server answers. */
export async function handledCalls(): Promise<Call[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-coverage-'));
  const database = await openDatabase({ kind: 'pglite' });
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    seedDemo: false,
    jobsEnabled: false,
  };
  const { app } = await buildApp(config, { database });
  try {
    await app.ready();
    const routes = registeredRoutes(app);
    return allCalls.filter((c) => routes.has(routeOf(c)));
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function coverage(calls: Pick<Call, 'method' | 'path'>[], rows = readCatalogue()) {
  const byDomain = new Map<string, { total: number; implemented: number; missing: string[] }>();
  for (const row of rows) {
    const entry = byDomain.get(row.domain) ?? { total: 0, implemented: 0, missing: [] };
    entry.total++;
    if (calls.some((c) => matches(row, c))) entry.implemented++;
    else entry.missing.push(`${row.method} ${row.path}`);
    byDomain.set(row.domain, entry);
  }
  const extra = calls.filter((c) => !rows.some((r) => matches(r, c))).map((c) => `${c.method} ${c.path}`);
  const implemented = [...byDomain.values()].reduce((n, d) => n + d.implemented, 0);
  return { implemented, total: rows.length, byDomain, extra };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const handled = await handledCalls();
  const unhandled = allCalls.filter((c) => !handled.includes(c));
  const { implemented, total, byDomain, extra } = coverage(handled);
  console.log(`catalogue coverage (rows with a handler): ${implemented}/${total}`);
  for (const [domain, d] of [...byDomain].sort()) {
    console.log(`  ${domain.padEnd(18)} ${String(d.implemented).padStart(3)}/${d.total}`);
    if (process.argv.includes('--missing')) for (const m of d.missing) console.log(`      - ${m}`);
  }
  console.log(`calls outside the catalogue (paths we chose, listed in docs/paths.md): ${extra.length}`);
  for (const e of extra) console.log(`  + ${e}`);
  // test/handlers.test.ts fails on these; listed here too so that the count above is explained.
  if (unhandled.length > 0) {
    console.log(`declared calls without a handler: ${unhandled.length}`);
    for (const c of unhandled) console.log(`  ! ${c.method} ${c.path}`);
  }
}
