import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { READ_ONLY_CHECK, rewriteEllipsisCheck } from './ellipsis-check.ts';

const require = createRequire(import.meta.url);
const util = fs.readFileSync(require.resolve('antd/es/typography/Base/util.js'), 'utf8');

describe('the read-only ellipsis check', () => {
  it("replaces antd's check, which adds and removes an element between two reads, and keeps the rest", () => {
    expect(util).toContain('ele.appendChild(childDiv)');
    const out = rewriteEllipsisCheck(util);
    expect(out).toContain(READ_ONLY_CHECK);
    expect(out).not.toContain('appendChild');
    expect(out).not.toContain('removeChild');
    expect(out).toContain('export function toList(val)');
    expect(out).toContain('export const isValidText');
  });

  it('reports a cut text by its scroll size and leaves the page untouched', async () => {
    const mod = (await import(
      `data:text/javascript,${encodeURIComponent(rewriteEllipsisCheck(util).replace(/process\.env\.NODE_ENV/g, '"production"'))}`
    )) as { isEleEllipsis: (e: unknown) => boolean };
    const box = (scrollWidth: number, clientWidth: number, scrollHeight = 20, clientHeight = 20) => ({
      scrollWidth,
      clientWidth,
      scrollHeight,
      clientHeight,
    });
    expect(mod.isEleEllipsis(box(300, 120))).toBe(true);
    expect(mod.isEleEllipsis(box(120, 120))).toBe(false);
    expect(mod.isEleEllipsis(box(100, 120, 66, 44))).toBe(true); // a line clamp
  });

  it('fails the build when antd changed the function', () => {
    expect(() => rewriteEllipsisCheck('export const isValidText = () => true;')).toThrow(/isEleEllipsis/);
  });
});
