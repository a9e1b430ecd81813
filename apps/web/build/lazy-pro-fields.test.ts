import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LAZY_PRO_FIELDS, rewriteProFieldIndex } from './lazy-pro-fields.ts';

const require = createRequire(import.meta.url);
const index = fs.readFileSync(
  require.resolve('@ant-design/pro-field/es/index.js', {
    paths: [require.resolve('@ant-design/pro-components')],
  }),
  'utf8',
);

describe('lazy pro-field value types', () => {
  const out = rewriteProFieldIndex(index, 'extras', 'helper');

  it('no longer imports the rare renderers statically, and keeps the common ones', () => {
    for (const name of LAZY_PRO_FIELDS) expect(out.index).not.toContain(`from "./components/${name}"`);
    for (const name of ['Text', 'Select', 'Digit', 'Options', 'IndexColumn', 'Status'])
      expect(out.index).toContain(`from "./components/${name}"`);
  });

  it('loads every one of them from the extras module, which re-exports each', () => {
    for (const name of LAZY_PRO_FIELDS) {
      expect(out.extras).toContain(`from "./components/${name}"`);
      expect(out.index).toMatch(new RegExp(`const Field${name} = lazyField\\(`));
    }
    // The time picker module also exports the range renderer.
    expect(out.extras).toContain('export { FieldTimeRangePicker as FieldTimeRangePicker }');
  });

  it('fails loudly when pro-field changes its imports', () => {
    expect(() =>
      rewriteProFieldIndex(index.replace('./components/Slider', './components/Slide'), 'x', 'h'),
    ).toThrow(/Slider/);
  });
});
