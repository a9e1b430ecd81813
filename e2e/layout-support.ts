import type { Locator } from 'playwright-core';

/*
 * What a list must show at 1440 × 900 (issue 11 item 21), checked in the page itself: used by
 * layout-1440.test.ts on the main lists and by menus.test.ts on every list of every sidebar.
 */

/**
 * The browser as the in-page functions use it: the e2e programme compiles without the DOM library,
 * so they name these shapes instead of the DOM's types.
 */
export declare namespace InPage {
  interface Rect {
    left: number;
    right: number;
    width: number;
  }
  interface Node {
    classList: { contains(name: string): boolean };
    textContent: string | null;
    children: ArrayLike<Node>;
    scrollWidth: number;
    clientWidth: number;
    getBoundingClientRect(): Rect;
    getAttribute(name: string): string | null;
    querySelector(selector: string): Node | null;
    querySelectorAll(selector: string): ArrayLike<Node>;
  }
  interface Window {
    document: {
      cookie: string;
      createRange(): { selectNodeContents(node: Node): void; getBoundingClientRect(): Rect };
    };
    location: { hash: string };
    innerWidth: number;
    getComputedStyle(node: Node): { paddingLeft: string; paddingRight: string };
  }
}

/**
 * Waits for a table with rows, then lists every problem of the key columns' headers and cells: on
 * screen left of the fixed 操作 column, and whole. With 'all', every column is checked for being
 * whole only (the others may be scrolled to), and an empty list is accepted.
 */
export async function problemsOf(table: Locator, titles: string[] | 'all'): Promise<string[]> {
  if (titles === 'all') {
    await table
      .locator('.ant-table-tbody tr.ant-table-row, .ant-table-placeholder')
      .first()
      .waitFor({ state: 'attached', timeout: 20_000 });
  } else {
    await table.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
  }
  await table.locator('.ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
  return table.evaluate((element, titles) => {
    const root = element as unknown as InPage.Node;
    const w = globalThis as unknown as InPage.Window;
    const problems: string[] = [];
    const onScreen = titles !== 'all';
    const scroller = root.querySelector('.ant-table-content, .ant-table-body');
    if (!scroller) return ['no table'];
    const view = scroller.getBoundingClientRect();
    const heads = Array.from(root.querySelectorAll('.ant-table-thead > tr > th'));
    const fixedRight = heads.find((th) => th.classList.contains('ant-table-cell-fix-right'));
    const right = Math.min(view.right, w.innerWidth, fixedRight?.getBoundingClientRect().left ?? Infinity);
    const left = Math.max(view.left, 0);
    const rows = Array.from(root.querySelectorAll('.ant-table-tbody > tr.ant-table-row')).slice(0, 10);
    const wanted =
      titles === 'all'
        ? heads
            .map((th) => (th.querySelector('.ant-table-column-title') ?? th).textContent?.trim() ?? '')
            .filter((t) => t && t !== '操作')
        : titles;
    for (const title of wanted) {
      const index = heads.findIndex(
        (th) => (th.querySelector('.ant-table-column-title') ?? th).textContent?.trim() === title,
      );
      if (index < 0) {
        problems.push(`${title}: no such column`);
        continue;
      }
      const th = heads[index];
      const box = th.getBoundingClientRect();
      if (onScreen && (box.left < left - 1 || box.right > right + 1)) {
        problems.push(
          `${title}: header at ${Math.round(box.left)}–${Math.round(box.right)}, visible ${Math.round(left)}–${Math.round(right)}`,
        );
      }
      const label = th.querySelector('.ant-table-column-title') ?? th;
      // The text's extent, not scrollWidth: a fixed column's shadow is wider than its cell.
      const words = w.document.createRange();
      words.selectNodeContents(label);
      const said = words.getBoundingClientRect();
      const labelBox = label.getBoundingClientRect();
      const pad = label === th ? Number.parseFloat(w.getComputedStyle(th).paddingRight) : 0;
      if (said.right > labelBox.right - pad + 1) problems.push(`${title}: header text cut`);
      for (const [r, row] of rows.entries()) {
        const td = row.children[index] as InPage.Node | undefined;
        if (!td) continue;
        const cell = td.getBoundingClientRect();
        if (onScreen && cell.right > right + 1)
          problems.push(`${title} row ${r + 1}: cell under the fixed column or off screen`);
        const text = (td.textContent ?? '').trim();
        // Where the content really is (a fixed cell's shadow would count in scrollWidth).
        const range = w.document.createRange();
        range.selectNodeContents(td);
        const content = range.getBoundingClientRect();
        const style = w.getComputedStyle(td);
        const inner = {
          left: cell.left + Number.parseFloat(style.paddingLeft) - 1,
          right: cell.right - Number.parseFloat(style.paddingRight) + 1,
        };
        const cut = content.width > 0 && (content.left < inner.left || content.right > inner.right);
        const ellipsis =
          td.classList.contains('ant-table-cell-ellipsis') || !!td.querySelector('.ant-typography-ellipsis');
        if (ellipsis) {
          // Cut on purpose: the full text must be on hover.
          const hover = td.getAttribute('title') ?? td.querySelector('[title]')?.getAttribute('title');
          if (cut && !hover) problems.push(`${title} row ${r + 1}: "${text}" cut without a tooltip`);
        } else if (cut) {
          problems.push(`${title} row ${r + 1}: "${text}" cut`);
        }
        for (const tag of Array.from(td.querySelectorAll('.ant-tag'))) {
          const t = tag.getBoundingClientRect();
          if (tag.scrollWidth > tag.clientWidth + 1 || t.right > cell.right + 1 || t.left < cell.left - 1) {
            problems.push(`${title} row ${r + 1}: tag "${tag.textContent}" cut`);
          }
        }
      }
    }
    return problems;
  }, titles);
}
