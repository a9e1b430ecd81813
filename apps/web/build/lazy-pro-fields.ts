import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * ProComponents' `ProField` imports every value type's renderer statically, so the first
 * list page pulled in the cascader, colour picker, image viewer, slider, tree select and
 * date pickers whether it showed them or not. This plugin turns those imports in
 * pro-field's index into components that load on first render (src/lib/lazy-field.tsx),
 * all from one extra chunk. Text, text area, select, checkbox, radio, switch, digit, money,
 * percent, options, status and index stay in the page: lists and forms show them at once,
 * and antd's own inputs are on the page anyway.
 */
export const LAZY_PRO_FIELDS = [
  'Cascader',
  'Code',
  'ColorPicker',
  'DatePicker',
  'DigitRange',
  'FromNow',
  'Image',
  'Progress',
  'RangePicker',
  'Rate',
  'Second',
  'Segmented',
  'Slider',
  'TimePicker',
  'TreeSelect',
] as const;

const PRO_FIELD_INDEX = /[\\/]@ant-design[\\/]pro-field[\\/]es[\\/]index\.js$/;
/** The one module the lazy fields load from: it re-exports each renderer under its name. */
const EXTRAS = '\0ec-pro-field-extras';

/** Rewrites pro-field's index; fails the build when an expected import is missing. */
export function rewriteProFieldIndex(
  code: string,
  extras: string,
  helper: string,
): { index: string; extras: string } {
  let index = code;
  const reexports: string[] = [];
  for (const name of LAZY_PRO_FIELDS) {
    let found = false;
    // `import FieldX from "./components/X";` or `import FieldX, { FieldY } from "./components/X";`
    index = index.replace(
      new RegExp(`import (Field\\w+)(?:, \\{ (Field\\w+) \\})? from "\\./components/${name}";`),
      (_all, main: string, extra?: string) => {
        found = true;
        const lines: string[] = [];
        for (const [local, exported] of [[main, 'default'], ...(extra ? [[extra, extra]] : [])] as const) {
          reexports.push(`export { ${exported} as ${local} } from "./components/${name}";`);
          lines.push(
            `const ${local} = lazyField(() => import(${JSON.stringify(extras)}).then((m) => ({ default: m.${local} })));`,
          );
        }
        return lines.join('\n');
      },
    );
    if (!found)
      throw new Error(`lazy-pro-fields: pro-field no longer imports ./components/${name} as expected`);
  }
  return {
    index: `import { lazyField } from ${JSON.stringify(helper)};\n${index}`,
    extras: reexports.join('\n'),
  };
}

export function lazyProFields(): Plugin {
  const helper = fileURLToPath(new URL('../src/lib/lazy-field.tsx', import.meta.url));
  let indexId = '';
  let extras = '';
  return {
    name: 'ec:lazy-pro-fields',
    enforce: 'pre',
    resolveId(source) {
      return source === EXTRAS ? EXTRAS : null;
    },
    load(id) {
      // The re-exports resolve relative to pro-field's own folder.
      if (id === EXTRAS)
        return extras.replaceAll('"./components/', `"${indexId.replace(/index\.js$/, '')}components/`);
      return null;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!PRO_FIELD_INDEX.test(file)) return null;
      indexId = file;
      const out = rewriteProFieldIndex(code, EXTRAS, helper);
      extras = out.extras;
      return { code: out.index, map: null };
    },
  };
}
