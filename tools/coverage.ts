/**
 * Catalogue coverage: which rows of docs/catalogue.tsv have a declaration in the contract.
 * `npm run coverage` prints `implemented/total` and the rows of each domain.
 */
import fs from 'node:fs';
import path from 'node:path';
import { allCalls, type Call } from '@ec/contract';

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

export const matches = (row: CatalogueRow, call: Call) =>
  row.path === call.path && (row.method === 'ANY' || row.method === call.method);

export function coverage(calls: Call[] = allCalls, rows = readCatalogue()) {
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
  const { implemented, total, byDomain, extra } = coverage();
  console.log(`catalogue coverage: ${implemented}/${total}`);
  for (const [domain, d] of [...byDomain].sort()) {
    console.log(`  ${domain.padEnd(18)} ${String(d.implemented).padStart(3)}/${d.total}`);
    if (process.argv.includes('--missing')) for (const m of d.missing) console.log(`      - ${m}`);
  }
  console.log(`calls outside the catalogue (paths we chose, listed in docs/paths.md): ${extra.length}`);
  for (const e of extra) console.log(`  + ${e}`);
}
