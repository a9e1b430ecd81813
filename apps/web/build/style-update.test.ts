import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapUpdateCSS } from './style-update.ts';

const require = createRequire(import.meta.url);
const source = require.resolve('rc-util/es/Dom/dynamicCSS.js', {
  paths: [require.resolve('@ant-design/cssinjs')],
});
const code = fs.readFileSync(source, 'utf8');

type DynamicCSS = {
  updateCSS: (css: string, key: string, option?: object) => HTMLStyleElement;
  removeCSS: (key: string, option?: object) => void;
};

describe('rc-util updateCSS, wrapped', () => {
  // The rewritten module, its relative imports pointed at rc-util's own files.
  const file = path.join(import.meta.dirname, `.style-update-${process.pid}.test-module.mjs`);
  let css: DynamicCSS;
  beforeAll(async () => {
    const dir = path.dirname(source);
    fs.writeFileSync(
      file,
      wrapUpdateCSS(code).replace(
        /from "\.\/([\w-]+)"/g,
        (_all, name: string) => `from ${JSON.stringify(path.join(dir, `${name}.js`))}`,
      ),
    );
    css = (await import(/* @vite-ignore */ file)) as DynamicCSS;
  });
  afterAll(() => fs.rmSync(file, { force: true }));

  const option = { mark: 'data-css-hash', prepend: 'queue' };
  const readsOf = (node: HTMLStyleElement) => {
    let reads = 0;
    const proto = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
    Object.defineProperty(node, 'innerHTML', {
      configurable: true,
      get() {
        reads++;
        return proto.get!.call(this);
      },
      set(v: string) {
        proto.set!.call(this, v);
      },
    });
    return () => reads;
  };

  it('returns the element already written for the same key and text without reading it back', () => {
    const first = css.updateCSS('.a{color:red}', 'k1', option);
    expect(document.head.contains(first)).toBe(true);
    expect(first.getAttribute('data-css-hash')).toBe('k1');
    const reads = readsOf(first);
    expect(css.updateCSS('.a{color:red}', 'k1', option)).toBe(first);
    expect(reads()).toBe(0);
    expect(document.head.querySelectorAll('style[data-css-hash="k1"]')).toHaveLength(1);
  });

  it('writes a changed text to the same element', () => {
    const node = css.updateCSS('.b{color:red}', 'k2', option);
    expect(css.updateCSS('.b{color:blue}', 'k2', option)).toBe(node);
    expect(node.innerHTML).toBe('.b{color:blue}');
    expect(css.updateCSS('.b{color:blue}', 'k2', option)).toBe(node);
  });

  it('creates the element again once it was removed', () => {
    const node = css.updateCSS('.c{color:red}', 'k3', option);
    css.removeCSS('k3', option);
    expect(document.head.contains(node)).toBe(false);
    const again = css.updateCSS('.c{color:red}', 'k3', option);
    expect(again).not.toBe(node);
    expect(document.head.contains(again)).toBe(true);
    expect(again.innerHTML).toBe('.c{color:red}');
  });

  it('fails loudly when rc-util changes the function', () => {
    expect(() =>
      wrapUpdateCSS(code.replace('export function updateCSS(', 'export function updateStyle(')),
    ).toThrow(/updateCSS/);
  });
});
