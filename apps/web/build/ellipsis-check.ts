import type { Plugin } from 'vite';

/**
 * antd's Typography decides whether a CSS-ellipsised text is cut (to offer its tooltip) by adding
 * an element to the text, reading two rectangles and removing it again. Each check thus changes the
 * page before it reads it, so every check lays the whole page out afresh: a list whose columns
 * use `ellipsis` (ProTable wraps those cells in Typography) measured each cell up to three times
 * (mount, visibility, resize), and 10 rows of the elevator list spent 200–700 ms in layout. This
 * plugin replaces the check with one that only reads (the text's scroll size against its box), so
 * that the checks of one render share a single layout.
 */
const TYPOGRAPHY_UTIL = /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]util\.js$/;
const MEASURE = /export function isEleEllipsis\(ele\) \{[\s\S]*?\n\}\n/;

export const READ_ONLY_CHECK = `export function isEleEllipsis(ele) {
  // Read-only (see apps/web/build/ellipsis-check.ts): cut horizontally (one line) or vertically (line clamp).
  return ele.scrollWidth > ele.clientWidth || ele.scrollHeight > ele.clientHeight;
}
`;

/** The util module with the read-only check; fails the build when antd's code changed shape. */
export function rewriteEllipsisCheck(code: string): string {
  if (!MEASURE.test(code))
    throw new Error('ellipsis-check: antd no longer defines isEleEllipsis as expected');
  return code.replace(MEASURE, READ_ONLY_CHECK);
}

export function ellipsisCheck(): Plugin {
  return {
    name: 'ec:ellipsis-check',
    enforce: 'pre',
    transform(code, id) {
      if (!TYPOGRAPHY_UTIL.test(id.split('?')[0] ?? '')) return null;
      return { code: rewriteEllipsisCheck(code), map: null };
    },
  };
}
