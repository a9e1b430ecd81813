import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { consoleSuite, screenshot } from './support.ts';

/**
 * Statistics in the browser against the real server (issue 18): the data screen fills a 1920 × 1080
 * wall display without a scrollbar or a console error; on an analysis page a click on a district
 * lists that district's records (as many as the figure says); the page's .xlsx export holds exactly
 * the table the page shows.
 */

const suite = consoleSuite();
const WALL = { width: 1920, height: 1080 };

/** What the tests read in the page (the test's own types know no DOM). */
interface Box {
  scrollWidth: number;
  scrollHeight: number;
  textContent: string | null;
  getBoundingClientRect(): { width: number };
}
interface InPage {
  document: {
    documentElement: Box;
    body: Box;
    querySelector(s: string): Box | null;
    querySelectorAll(s: string): Iterable<Box>;
  };
  innerWidth: number;
  innerHeight: number;
}

interface Size {
  scrollWidth: number;
  scrollHeight: number;
  innerWidth: number;
  innerHeight: number;
}

/** Signs in and opens a console route once the menu is there (a page opened before is replaced by 首页). */
async function openAs(username: string, route: string, viewport?: { width: number; height: number }) {
  const opened = await suite.open(username, viewport);
  await opened.page.locator('.ant-pro-sider-menu').waitFor();
  await opened.page.goto(`${suite.server.baseUrl}/#${route}`);
  return opened;
}

/** The statistics table's header and rows as the page shows them. */
async function shownTable(table: Locator): Promise<string[][]> {
  const header = await table.locator('.ant-table-thead th').allInnerTexts();
  const rows = table.locator('.ant-table-tbody tr.ant-table-row');
  const out = [header.map((h) => h.trim())];
  for (let i = 0; i < (await rows.count()); i++) {
    out.push((await rows.nth(i).locator('td').allInnerTexts()).map((c) => c.trim()));
  }
  const sum = table.getByTestId('stats-sum');
  if ((await sum.count()) > 0) out.push((await sum.locator('td').allInnerTexts()).map((c) => c.trim()));
  return out;
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

describe('statistics', () => {
  test('the data screen fills 1920 × 1080 without a scrollbar or a console error', async () => {
    const { context, page } = await openAs('admin', '/wisdom/dateKanban', WALL);
    const errors = watchErrors(page);
    try {
      const screen = page.getByTestId('data-screen');
      await screen.waitFor();
      // Its figures are in: today's panel shows numbers, the charts have drawn.
      await page.getByTestId('screen-today').getByText(/\d/).first().waitFor();
      await page.getByTestId('screen-map').locator('svg').first().waitFor();
      // The other panels' charts drawn too (the screen keeps a live connection: no network idle).
      await page.waitForFunction(
        () =>
          [
            ...(globalThis as unknown as InPage).document.querySelectorAll('[data-testid="data-screen"] svg'),
          ].filter((e) => e.getBoundingClientRect().width > 100).length >= 4,
      );
      await page.waitForTimeout(1000);
      const size = await page.evaluate((): Size => {
        const w = globalThis as unknown as InPage;
        const roots = [w.document.documentElement, w.document.body];
        return {
          scrollWidth: Math.max(...roots.map((r) => r.scrollWidth)),
          scrollHeight: Math.max(...roots.map((r) => r.scrollHeight)),
          innerWidth: w.innerWidth,
          innerHeight: w.innerHeight,
        };
      });
      await screenshot(page, 'statistics-data-screen-1920');
      assert.equal(size.innerWidth, WALL.width);
      assert.ok(size.scrollWidth <= size.innerWidth, `no horizontal scrollbar: ${JSON.stringify(size)}`);
      assert.ok(size.scrollHeight <= size.innerHeight, `no vertical scrollbar: ${JSON.stringify(size)}`);
      const box = await screen.boundingBox();
      assert.ok(box && box.width >= WALL.width - 1 && box.height >= WALL.height - 1, 'it covers the window');
      assert.deepEqual(errors, [], 'no console error');
    } finally {
      await context.close();
    }
  });

  test('a click on a district lists its cases; the export holds the table shown', async () => {
    const { context, page } = await openAs('admin', '/elevatorAnalysis/areaStatistics');
    const errors = watchErrors(page);
    try {
      const table = page.getByTestId('stats-table');
      await table.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      const shown = await shownTable(table);
      const header = shown[0] ?? [];
      const trapped = header.indexOf('困人（次）');
      assert.ok(trapped > 0, `the table has the 困人 column: ${header.join(',')}`);

      // A district with trapped cases: its name is a link; a click lists the cases of that district.
      const rows = table.locator('.ant-table-tbody tr.ant-table-row');
      let picked = -1;
      for (let i = 0; i < (await rows.count()); i++) {
        const cells = shown[i + 1] ?? [];
        const n = Number((cells[trapped] ?? '').replace(/,/g, ''));
        if (n > 0 && n <= 200 && (await rows.nth(i).locator('td').first().locator('a').count()) > 0) {
          picked = i;
          break;
        }
      }
      assert.ok(picked >= 0, 'a district with trapped cases');
      const district = shown[picked + 1]?.[0] ?? '';
      const figure = Number((shown[picked + 1]?.[trapped] ?? '').replace(/,/g, ''));
      await rows.nth(picked).locator('td').first().locator('a').click();
      const drawer = page.getByTestId('drill-drawer');
      await drawer.waitFor();
      await page.waitForFunction(() =>
        /^\d+$/.test(
          (globalThis as unknown as InPage).document.querySelector('[data-testid="drill-total"]')
            ?.textContent ?? '',
        ),
      );
      assert.equal(
        Number(await page.getByTestId('drill-total').textContent()),
        figure,
        `${district}: the list's total`,
      );
      const listed = drawer.locator('.ant-table-tbody tr.ant-table-row');
      await listed.first().waitFor();
      const areaCol = (await drawer.locator('.ant-table-thead th').allInnerTexts())
        .map((t) => t.trim())
        .indexOf('区域');
      assert.ok(areaCol >= 0);
      const areas = new Set<string>();
      for (let i = 0; i < (await listed.count()); i++) {
        areas.add(((await listed.nth(i).locator('td').nth(areaCol).textContent()) ?? '').trim());
      }
      assert.deepEqual([...areas], [district], 'every case listed is of the district clicked');
      await screenshot(page, 'statistics-district-drill');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // The export: the same header, rows and cells as the table (counts as numbers, rates as shown).
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('stats-export').click(),
      ]);
      assert.match(download.suggestedFilename(), /\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      assert.ok(sheet, 'one sheet');
      const exported: string[][] = [];
      sheet.eachRow((row) => {
        const values = (row.values as unknown[]).slice(1);
        exported.push(
          values.map((v) => (typeof v === 'number' ? v.toLocaleString('zh-CN') : String(v ?? '').trim())),
        );
      });
      assert.deepEqual(exported, shown, 'the .xlsx rows equal the table shown');
      assert.deepEqual(errors, [], 'no console error');
    } finally {
      await context.close();
    }
  });
});
