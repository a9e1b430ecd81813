import type { Plugin } from 'vite';

/**
 * antd's CSS-in-JS calls rc-util's `updateCSS(css, key)` from the insertion effect of every
 * component instance that uses a style, not once per style: the first list page (some 2,400
 * components) made thousands of calls. Each one listed the `<style>` elements of the head, looked
 * for its key among them by attribute, and read the found element's `innerHTML` back (serialising
 * up to tens of KB of CSS) to compare it with the text it already held: about a tenth of the main
 * thread's time from the sign-in click to the list's rows.
 *
 * This plugin wraps rc-util's `updateCSS`: a call whose key and text are those of the element it
 * wrote last, still in place, returns that element at once; every other call (a new key, a changed
 * text, a removed element, a CSP nonce) goes through rc-util's own function unchanged.
 */
const DYNAMIC_CSS = /[\\/]rc-util[\\/]es[\\/]Dom[\\/]dynamicCSS\.js$/;

const ORIGINAL = 'export function updateCSS(css, key) {';

const WRAPPER = `
/* ec:style-update — the element each key was last written to, and its text. */
var ecWritten = new Map();
export function updateCSS(css, key) {
  var option = arguments.length > 2 && arguments[2] !== undefined ? arguments[2] : {};
  var mark = getMark(option);
  var id = mark + "|" + key;
  var known = ecWritten.get(id);
  if (known && known.css === css && !(option.csp && option.csp.nonce) && known.node.isConnected) {
    var container = getContainer(option);
    if (known.node.parentNode === (containerCache.get(container) || container) && known.node.getAttribute(mark) === key) {
      return known.node;
    }
  }
  var node = rcUpdateCSS(css, key, option);
  ecWritten.set(id, { node: node, css: css });
  return node;
}
`;

/** Rewrites rc-util's dynamicCSS module; fails the build when it no longer has the expected function. */
export function wrapUpdateCSS(code: string): string {
  if (!code.includes(ORIGINAL) || !/function getMark\(/.test(code) || !code.includes('containerCache'))
    throw new Error('style-update: rc-util/es/Dom/dynamicCSS.js no longer defines updateCSS as expected');
  return code.replace(ORIGINAL, 'function rcUpdateCSS(css, key) {') + WRAPPER;
}

export function styleUpdate(): Plugin {
  return {
    name: 'ec:style-update',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!DYNAMIC_CSS.test(file)) return null;
      return { code: wrapUpdateCSS(code), map: null };
    },
  };
}
