import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { apiAs, rowsOf, settle, totalText } from './elevator-support.ts';
import { consoleSuite, screenshot, until } from './support.ts';

/**
 * Statistics in the browser against the real server (issue 18): the data screen fills a 1920 × 1080
 * wall display without a scrollbar or a console error; on an analysis page a click on a district
 * lists that district's records (as many as the figure says); the page's .xlsx export holds exactly
 * the table the page shows; the list page a drill-down opens (在列表中打开) has the figure's filters and
 * total, a district regulator's map included; printing holds every row of the table.
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

/** A number as the pages write it (1,234 → 1234). */
const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/**
 * On 区域统计 (areaStatistics), the first district whose 困人 count is between 1 and `max` and whose
 * name is a drill-down link: its name, its count, the link, and the table as shown.
 */
async function pickTrappedDistrict(page: Page, max = Number.POSITIVE_INFINITY) {
  const table = page.getByTestId('stats-table');
  await table.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  const shown = await shownTable(table);
  const header = shown[0] ?? [];
  const trapped = header.indexOf('困人（次）');
  assert.ok(trapped > 0, `the table has the 困人 column: ${header.join(',')}`);
  const rows = table.locator('.ant-table-tbody tr.ant-table-row');
  for (let i = 0; i < (await rows.count()); i++) {
    const n = count(shown[i + 1]?.[trapped] ?? '');
    const link = rows.nth(i).locator('td').first().locator('a');
    if (n > 0 && n <= max && (await link.count()) > 0)
      return { district: shown[i + 1]?.[0] ?? '', figure: n, link, shown };
  }
  throw new Error('no district with trapped cases');
}

/** The drill-down's total, once its list has answered. */
async function drillTotal(page: Page): Promise<number> {
  await page.getByTestId('drill-drawer').waitFor();
  await page.waitForFunction(() =>
    /^\d+$/.test(
      (globalThis as unknown as InPage).document.querySelector('[data-testid="drill-total"]')?.textContent ??
        '',
    ),
  );
  return Number(await page.getByTestId('drill-total').textContent());
}

/** The values of a column (by its header) of the rows a table shows. */
async function columnOf(scope: Locator, header: string): Promise<string[]> {
  const headers = (await scope.locator('.ant-table-thead th').allInnerTexts()).map((t) => t.trim());
  const col = headers.indexOf(header);
  assert.ok(col >= 0, `a ${header} column: ${headers.join(',')}`);
  const rows = rowsOf(scope);
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++)
    out.push(((await rows.nth(i).locator('td').nth(col).textContent()) ?? '').trim());
  return out;
}

/** 在列表中打开: the list page (the first of `testIds` the user has), its total once settled (`共 N 条`). */
async function openInList(page: Page, ...testIds: string[]): Promise<{ list: Locator; total: number }> {
  await page.getByTestId('drill-open-list').click();
  const list = page.locator(testIds.map((t) => `[data-testid="${t}"]`).join(', ')).first();
  await list.waitFor();
  await rowsOf(list).first().waitFor();
  await settle(list);
  const text = await totalText(list).textContent();
  assert.match(text ?? '', /^共 [\d,]+ 条$/, `an exact total: ${text}`);
  return { list, total: count(text) };
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** The data screen at `viewport`: its figures and charts in, no scrollbar, the window covered, no error. */
async function dataScreenFills(viewport: { width: number; height: number }) {
  const { context, page } = await openAs('admin', '/wisdom/dateKanban', viewport);
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
    await screenshot(page, `statistics-data-screen-${viewport.width}`);
    assert.equal(size.innerWidth, viewport.width);
    assert.ok(size.scrollWidth <= size.innerWidth, `no horizontal scrollbar: ${JSON.stringify(size)}`);
    assert.ok(size.scrollHeight <= size.innerHeight, `no vertical scrollbar: ${JSON.stringify(size)}`);
    const box = await screen.boundingBox();
    assert.ok(
      box && box.width >= viewport.width - 1 && box.height >= viewport.height - 1,
      `it covers the window: ${JSON.stringify(box)}`,
    );
    assert.deepEqual(errors, [], 'no console error');
  } finally {
    await context.close();
  }
}

describe('statistics', () => {
  // The wall display it is made for, a 4K wall, and a laptop it scales down to.
  for (const [size, name] of [
    [WALL, '1920 × 1080'],
    [{ width: 3840, height: 2160 }, '3840 × 2160'],
    [{ width: 1366, height: 768 }, 'a 1366 × 768 laptop'],
  ] as const)
    test(`the data screen fills ${name} without a scrollbar or a console error`, () => dataScreenFills(size));

  test('a click on a district lists its cases; the export holds the table shown', async () => {
    const { context, page } = await openAs('admin', '/elevatorAnalysis/areaStatistics');
    const errors = watchErrors(page);
    try {
      // A district with trapped cases: its name is a link; a click lists the cases of that district.
      const { district, figure, link, shown } = await pickTrappedDistrict(page, 200);
      await link.click();
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

  test('zoomed in on the map, a click on a lift opens that lift’s detail', async () => {
    const { context, page } = await openAs('jg_qingxiu', '/wisdom/mapKanban');
    const errors = watchErrors(page);
    try {
      const map = page.getByTestId('map-kanban');
      const bubble = page.getByTestId('map-aggregate-450103');
      await bubble.waitFor();
      const at = await bubble.boundingBox();
      assert.ok(at, 'the district is on the map');
      // The wheel zooms at the pointer: over 青秀区 until its lifts are drawn one by one.
      await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
      const points = map.locator('[data-testid^="map-point-"]');
      for (let i = 0; i < 20 && (await points.count()) === 0; i++) {
        await page.mouse.wheel(0, -200);
        await page.waitForTimeout(200);
      }
      // The last point drawn is on top of the others.
      const point = points.last();
      await point.waitFor();
      const id = Number((await point.getAttribute('data-testid'))?.replace('map-point-', ''));
      assert.ok(id > 0, 'a lift point');
      const api = await apiAs(suite.server.baseUrl, 'jg_qingxiu');
      const lift = await api<{ registerCode: string; areaCode: string }>(
        'POST',
        '/pc/elevator/queryDetail/info',
        { elevatorId: id },
      );
      assert.equal(lift.areaCode, '450103', 'the map shows the regulator’s lifts only');
      await point.click();
      await page.getByTestId('elevator-detail').getByText(`电梯详情 · ${lift.registerCode}`).waitFor();
      assert.match(page.url(), new RegExp(`[?&]id=${id}(&|$)`));
      assert.deepEqual(errors, [], 'no console error');
    } finally {
      await context.close();
    }
  });

  test('a district regulator clicks a district on the map: the drawer and the list hold its lifts, as many as the map shows', async () => {
    const { context, page } = await openAs('jg_qingxiu', '/wisdom/mapKanban');
    const errors = watchErrors(page);
    try {
      await page.getByTestId('map-kanban').waitFor();
      // Zoomed out, the map counts the lifts of each district of the regulator's scope: 青秀区's.
      const bubble = page.getByTestId('map-aggregate-450103');
      await bubble.waitFor();
      await until(async () => count(await bubble.textContent()) > 0, 'the district count');
      const figure = count(await bubble.textContent());
      await bubble.click();
      assert.equal(await drillTotal(page), figure, 'the drawer lists as many lifts as the map shows');
      const drawer = page.getByTestId('drill-drawer');
      await rowsOf(drawer).first().waitFor();
      assert.deepEqual([...new Set(await columnOf(drawer, '区域'))], ['青秀区'], 'the lifts of 青秀区');

      // 在列表中打开: the registry list, filtered by the district in its search form, the same total.
      const { list, total } = await openInList(page, 'elevator-management', 'elevator-ledger');
      assert.match(page.url(), /areaCode=450103/);
      assert.equal(total, figure, 'the list holds as many lifts as the map shows');
      assert.deepEqual([...new Set(await columnOf(list, '区域'))], ['青秀区']);
      const area = list.locator('.ant-pro-query-filter .ant-form-item').filter({ hasText: '区域' }).first();
      assert.match((await area.textContent()) ?? '', /青秀区/, 'the search form shows the district');
      await screenshot(page, 'statistics-map-district-list');
      assert.deepEqual(errors, [], 'no console error');
    } finally {
      await context.close();
    }
  });

  test('在列表中打开 opens the cases list with the drill-down’s filters and total; 重置 widens it', async () => {
    const { context, page } = await openAs('admin', '/elevatorAnalysis/areaStatistics');
    const errors = watchErrors(page);
    try {
      const { district, figure, link } = await pickTrappedDistrict(page);
      await link.click();
      const inDrawer = await drillTotal(page);
      assert.equal(inDrawer, figure);

      const { list, total } = await openInList(page, 'rescue-case-list');
      const url = new URL(page.url().replace('/#/', '/'));
      assert.equal(url.pathname, '/getrecore');
      const query = url.searchParams;
      assert.match(query.get('areaCode') ?? '', /^\d+$/);
      assert.equal(query.get('kind'), '1');
      const from = query.get('dateFrom') ?? '';
      const to = query.get('dateTo') ?? '';
      assert.match(`${from} ${to}`, /^\d{4}-\d{2}-\d{2} \d{4}-\d{2}-\d{2}$/, 'the figure’s period');
      assert.equal(total, inDrawer, 'the list page holds the drawer’s records');
      assert.deepEqual([...new Set(await columnOf(list, '区域'))], [district]);
      assert.deepEqual([...new Set(await columnOf(list, '类型'))], ['困人']);
      // The filters are the search form's, shown there (opened): the district, the kind, the period.
      const field = (label: string) =>
        list.locator('.ant-pro-query-filter .ant-form-item').filter({ hasText: label }).first();
      assert.match((await field('区域').textContent()) ?? '', new RegExp(district));
      assert.match((await field('类型').textContent()) ?? '', /困人/);
      const period = await field('报警日期')
        .locator('input')
        .evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value));
      assert.deepEqual(period, [from, to], 'the period in the form');
      await screenshot(page, 'statistics-drill-open-list');

      // 重置: every case again (more than the district's).
      await list.getByRole('button', { name: /重\s*置/ }).click();
      await until(async () => count(await totalText(list).textContent()) > total, 'the whole list');
      assert.deepEqual(errors, [], 'no console error');
    } finally {
      await context.close();
    }
  });

  test('a filter the list’s form lacks is shown above it and sent; 清除 widens the list', async () => {
    // The registry's 维保记录 (work orders) by a use unit: its form has no 使用单位 field.
    const api = await apiAs(suite.server.baseUrl, 'admin');
    type Orders = {
      total: number;
      records: { useCompanyId: number | null; useCompanyName: string | null }[];
    };
    const sample = await api<Orders>('GET', '/pc/maintenanceOrder/queryList', { page: 1, limit: 50 });
    const unit = sample.records.find((r) => r.useCompanyId && r.useCompanyName);
    assert.ok(unit?.useCompanyId, 'an order of a use unit');
    const ofUnit = await api<Orders>('GET', '/pc/maintenanceOrder/queryList', {
      page: 1,
      limit: 1,
      useCompanyId: unit.useCompanyId,
    });
    assert.ok(ofUnit.total > 0 && ofUnit.total < sample.total, 'the unit has some of the orders');

    const { context, page } = await openAs(
      'admin',
      `/basicInformation/maintenanceRecord?useCompanyId=${unit.useCompanyId}&month=2026-13`,
    );
    const errors = watchErrors(page);
    try {
      const list = page.getByTestId('maintenance-order-list');
      await rowsOf(list).first().waitFor();
      await settle(list);
      const notice = list.getByTestId('url-filters');
      await notice.getByText(`使用单位：${unit.useCompanyName}`).waitFor();
      assert.match((await notice.textContent()) ?? '', /按统计图表筛选/);
      assert.doesNotMatch((await notice.textContent()) ?? '', /月份/, 'a malformed month is dropped');
      assert.equal(count(await totalText(list).textContent()), ofUnit.total, 'the list is the unit’s');
      assert.deepEqual([...new Set(await columnOf(list, '使用单位'))], [unit.useCompanyName]);
      await screenshot(page, 'statistics-list-url-notice');

      await notice.getByTestId('url-filters-clear').click();
      await notice.waitFor({ state: 'detached' });
      await until(
        async () => count(await totalText(list).textContent()) === sample.total,
        'every order again',
      );
      assert.doesNotMatch(page.url(), /useCompanyId/, 'the URL no longer holds it');
      assert.deepEqual(errors, [], 'no console error');
    } finally {
      await context.close();
    }
  });
});
