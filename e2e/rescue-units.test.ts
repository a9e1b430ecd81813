import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type Api, apiAs } from './elevator-support.ts';
import {
  launchBrowser,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
  watchForeignRequests,
} from './support.ts';

/**
 * Rescue grids in the console against the real server: the platform administrator draws a grid on
 * the offline map of Nanning by clicking its corners, names it and assigns it to a rescue unit; the
 * grid board then shows it with that unit. No map tiles: no request leaves the server.
 */

let server: RunningServer;
let browser: Browser;
const foreign: string[][] = [];

interface Grid {
  id: number;
  name: string;
  unitId: number | null;
  unitName: string | null;
  ring: [number, number][];
}
interface ScreenPoint {
  matrixTransform(m: unknown): { x: number; y: number };
}
interface InPage {
  document: { querySelector(s: string): { getScreenCTM(): unknown } | null };
  DOMPoint: new (x: number, y: number) => ScreenPoint;
}

const GRID_NAME = '宾阳南部网格';
const UNIT = '南宁市良庆区电梯应急救援站';
/**
 * A square in 宾阳县, north-east of the demo grids (one per urban district), inside the page's map,
 * as [longitude, latitude].
 */
const CORNERS: [number, number][] = [
  [108.6, 22.96],
  [108.66, 22.96],
  [108.66, 23.0],
  [108.6, 23.0],
];

/** The screen point of a [longitude, latitude] on the map (the page's own projection, features/rescue-units/map.ts). */
async function screenPoint(page: Page, [lng, lat]: [number, number]) {
  return page.evaluate(
    ([lng, lat]) => {
      const g = globalThis as unknown as InPage;
      const svg = g.document.querySelector('[data-testid="nanning-map"]');
      const m = svg?.getScreenCTM();
      if (!m) throw new Error('no map');
      const x = (lng - 108.0) * Math.cos((22.8 * Math.PI) / 180) * 1000;
      const y = (23.02 - lat) * 1000;
      const p = new g.DOMPoint(x, y).matrixTransform(m);
      return { x: p.x, y: p.y };
    },
    [lng, lat] as [number, number],
  );
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  assert.deepEqual(foreign.flat(), [], 'no request left the server');
});

describe('救援网格 and 值班表: draw a grid on the offline map, see it on the board; a station keeps its roster', () => {
  let admin: Api;

  before(async () => {
    admin = await apiAs(server.baseUrl, 'admin');
  });

  test('the administrator draws a grid by clicking its corners and assigns it to a rescue unit', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    foreign.push(watchForeignRequests(context, server.baseUrl));
    const page = await context.newPage();
    try {
      await signIn(page, server.baseUrl, 'admin');
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${server.baseUrl}/#/rescue/rescueGrid`);
      const map = page.getByTestId('nanning-map');
      await map.waitFor();
      // The demo grids are on the map before anything is drawn.
      await page.locator('[data-testid^="map-grid-"]').first().waitFor();
      await page.getByTestId('grid-new').click();
      for (const corner of CORNERS) {
        const p = await screenPoint(page, corner);
        await page.mouse.click(p.x, p.y);
      }
      await page.getByText('已选 4 个').waitFor();
      await page.getByTestId('grid-name').fill(GRID_NAME);
      await page.getByTestId('grid-unit').click();
      await page.keyboard.type('良庆区');
      await page.locator('.ant-select-item-option', { hasText: UNIT }).click();
      await page.getByTestId('grid-save').click();
      await page.locator('.ant-message').getByText('网格已保存').waitFor();
      await page.getByTestId('grid-list').getByText(GRID_NAME).waitFor();
      await screenshot(page, 'rescue-grid-drawn');

      const grids = await admin<{ records: Grid[] }>('GET', '/pc/rescue/grid/list', { keyword: GRID_NAME });
      assert.equal(grids.records.length, 1);
      const grid = grids.records[0];
      assert.equal(grid.unitName, UNIT);
      assert.equal(grid.ring.length, 4);
      // The clicked corners land within a few hundred metres of the intended ones.
      grid.ring.forEach(([lng, lat], i) => {
        assert.ok(Math.abs(lng - CORNERS[i][0]) < 0.003, `corner ${i} longitude ${lng}`);
        assert.ok(Math.abs(lat - CORNERS[i][1]) < 0.003, `corner ${i} latitude ${lat}`);
      });
      const hit = await admin<{ gridId: number | null; unitName: string | null }>(
        'GET',
        '/pc/rescue/grid/gridOf',
        {
          longitude: 108.63,
          latitude: 22.98,
        },
      );
      assert.equal(hit.gridId, grid.id);
      assert.equal(hit.unitName, UNIT);

      // The board shows the new grid with its unit and who of that unit is on duty now.
      await page.goto(`${server.baseUrl}/#/rescue/rescueGridBoard`);
      const card = page.getByTestId(`board-card-${grid.id}`);
      await card.waitFor();
      await card.getByText(GRID_NAME).waitFor();
      await card.getByText(UNIT).waitFor();
      assert.match((await card.textContent()) ?? '', /网格内电梯：\d+ 台/);
      assert.doesNotMatch((await card.textContent()) ?? '', /无人值班/);
      await page.getByTestId('grid-board').getByTestId(`map-grid-${grid.id}`).waitFor();
      await screenshot(page, 'rescue-grid-board');
    } finally {
      await context.close();
    }
  });

  test("a rescue station's user puts a rescuer on tonight's shift from its own unit's roster", async () => {
    const rescuer = await apiAs(server.baseUrl, 'jy_rescue1');
    const units = await rescuer<{ records: { id: number; name: string }[] }>('GET', '/pc/rescue/unit/list', {
      page: 1,
      limit: 50,
    });
    assert.equal(units.records.length, 1, 'a station sees its own unit only');
    const unit = units.records[0];
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const week = await rescuer<{
      staff: { id: number; name: string; teamName: string | null }[];
      entries: { staffId: number; day: string; shift: number }[];
    }>('GET', '/pc/rescue/duty/week', { unitId: unit.id });
    const tonight = week.entries.filter((e) => e.day === today && e.shift === 2).map((e) => e.staffId);
    const extra = week.staff.find((s) => !tonight.includes(s.id));
    assert.ok(extra, 'someone of the unit is off tonight');

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    foreign.push(watchForeignRequests(context, server.baseUrl));
    const page = await context.newPage();
    try {
      await signIn(page, server.baseUrl, 'jy_rescue1');
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${server.baseUrl}/#/rescue/rescueUnit`);
      const list = page.getByTestId('rescue-units');
      await list.getByText(unit.name).waitFor();
      await list.getByRole('button', { name: '详情' }).first().click();
      const drawer = page.getByTestId('unit-drawer');
      await drawer.getByRole('tab', { name: '值班表' }).click();
      const select = drawer.getByTestId(`roster-${today}-2`);
      await select.click();
      const label = extra.teamName ? `${extra.name}（${extra.teamName}）` : extra.name;
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).click();
      await page.locator('.ant-message').getByText(`已更新 ${today} 夜班`).waitFor();
      await screenshot(page, 'rescue-roster');
      const after = await rescuer<{ entries: { staffId: number; day: string; shift: number }[] }>(
        'GET',
        '/pc/rescue/duty/week',
        { unitId: unit.id },
      );
      const now = after.entries.filter((e) => e.day === today && e.shift === 2).map((e) => e.staffId);
      assert.deepEqual([...now].sort(), [...tonight, extra.id].sort());
    } finally {
      await context.close();
    }
  });
});
