import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md: a feature never imports another feature (what two features share lives in
 * components/ or lib/; the app composes pages of several). Every static and dynamic import of every
 * file under features/ is resolved and must stay in its own feature's folder or leave features/.
 */
const features = path.resolve(import.meta.dirname, '../features');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const IMPORT = /(?:from\s+|import\s*\()\s*['"](\.{1,2}\/[^'"]+)['"]/g;

describe('feature boundaries', () => {
  it('finds no import from one feature into another', () => {
    const crossings: string[] = [];
    for (const file of filesUnder(features)) {
      const own = path.relative(features, file).split(path.sep)[0];
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = path.relative(features, path.resolve(path.dirname(file), spec));
        if (target.startsWith('..')) continue;
        const feature = target.split(path.sep)[0];
        if (feature !== own) crossings.push(`${path.relative(features, file)} → ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
