/**
 * The server's import boundaries (issue 12 item 3), read from the import graph of src/:
 *
 * - A module (src/modules/<a>/) uses another module only through its api.ts. The one exception: a
 *   module's tables.ts (or a part's) may import another module's tables.ts, for a foreign key the database keeps
 *   (the file says why at its top). Nothing else of another module: not its tables from a service,
 *   not its scope, service, rows or seed.
 * - The platform (src/platform/) knows no domain: it imports nothing under src/modules/ and not the
 *   application's schema (src/schema.ts), which gathers every module's tables.
 *
 * Every import counts, `import type` and `export … from` and `import()` included: each couples the
 * files as much as the others. The failure lists every offending import, one per line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const SOURCE_FILE = /\.(ts|mts|js|mjs)$/;

/** One import: the importing file and the imported one, both relative to src/ with forward slashes. */
interface Edge {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

/** The relative imports of every source file of src/ (packages such as `@ec/contract` are not edges). */
function importGraph(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(SRC)) {
    // TypeScript's own pre-parser: imports in comments and strings are not imports.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const from = relative(SRC, file).split('\\').join('/');
      edges.push({ from, to: posix.normalize(posix.join(posix.dirname(from), fileName)) });
    }
  }
  return edges;
}

/** `modules/<name>/…` → name; null outside a module's folder (modules/index.ts lists the modules). */
function moduleOf(path: string): string | null {
  const m = /^modules\/([^/]+)\/.+/.exec(path);
  return m ? m[1] : null;
}

/** A module's tables.ts, or a part's (modules/<module>/<part>/tables.ts) in a module built in parts. */
const isTables = (path: string) => /^modules\/[^/]+\/([^/]+\/)?tables\.ts$/.test(path);

/** Why an import crosses a boundary, or null when it may. */
function violation({ from, to }: Edge): string | null {
  if (from.startsWith('platform/')) {
    if (to.startsWith('modules/') || to === 'schema.ts') return 'the platform imports no domain';
    return null;
  }
  const a = moduleOf(from);
  const b = moduleOf(to);
  if (a === null || b === null || a === b) return null;
  if (to === `modules/${b}/api.ts`) return null;
  if (isTables(from) && isTables(to)) return null;
  return `module ${a} may use module ${b} only through modules/${b}/api.ts`;
}

const offences = (edges: Edge[]) =>
  edges.flatMap((e) => {
    const why = violation(e);
    return why ? [`src/${e.from} → src/${e.to} (${why})`] : [];
  });

describe('module boundaries', () => {
  it('tells an import across a boundary from one that may cross it', () => {
    const refused: Edge[] = [
      { from: 'modules/maintenance/service.ts', to: 'modules/elevator/tables.ts' },
      { from: 'modules/maintenance/service.ts', to: 'modules/elevator/scope.ts' },
      { from: 'modules/parties/seed.ts', to: 'modules/elevator/tables.ts' },
      { from: 'modules/parties/tables.ts', to: 'modules/elevator/service.ts' },
      { from: 'modules/parties/companies/service.ts', to: 'modules/system/users.ts' },
      { from: 'platform/db/client.ts', to: 'schema.ts' },
      { from: 'platform/workflow/audit.ts', to: 'modules/elevator/api.ts' },
    ];
    const allowed: Edge[] = [
      { from: 'modules/maintenance/service.ts', to: 'modules/elevator/api.ts' },
      { from: 'modules/parties/companies/routes.ts', to: 'modules/system/api.ts' },
      { from: 'modules/maintenance/tables.ts', to: 'modules/elevator/tables.ts' },
      { from: 'modules/elevator/claims.ts', to: 'modules/elevator/tables.ts' },
      { from: 'modules/parties/contracts/service.ts', to: 'modules/parties/tables.ts' },
      { from: 'modules/elevator/service.ts', to: 'platform/db/tables.ts' },
      { from: 'modules/index.ts', to: 'modules/elevator/index.ts' },
      { from: 'schema.ts', to: 'modules/elevator/tables.ts' },
      { from: 'app.ts', to: 'modules/index.ts' },
      { from: 'platform/http/register.ts', to: 'platform/module.ts' },
    ];
    expect(refused.filter((e) => violation(e) === null)).toEqual([]);
    expect(allowed.filter((e) => violation(e) !== null)).toEqual([]);
  });

  it('reads the import graph of src/ (type-only, re-export and dynamic imports included)', () => {
    const edges = importGraph();
    const has = (from: string, to: string) => edges.some((e) => e.from === from && e.to === to);
    expect(edges.length).toBeGreaterThan(200);
    // A value import across modules, a type-only import and the module list: the reader sees them all.
    expect(has('modules/maintenance/plans.ts', 'modules/elevator/api.ts')).toBe(true);
    expect(has('platform/module.ts', 'platform/http/implement.ts')).toBe(true);
    expect(has('modules/index.ts', 'modules/elevator/index.ts')).toBe(true);
  });

  it('holds in src/: modules meet through api.ts, and the platform imports no module', () => {
    const found = offences(importGraph());
    expect(found, `imports across a boundary:\n${found.join('\n')}\n`).toEqual([]);
  });
});
