import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiAs } from './elevator-support.ts';
import { consoleSuite, signIn, until } from './support.ts';

/**
 * 首页 per role against the real server: each account's home shows its own side's figures (a
 * regulator its districts, a maintenance company its lifts, a use unit its lifts with their due
 * dates), and the lift count on the page equals the total of that account's own elevator list.
 */

const suite = consoleSuite();
const D = '/pc/stats/dashboard';

/** The 「title」 figure's value as the page shows it. */
async function figure(page: import('playwright-core').Page, title: string): Promise<number> {
  const card = page.getByTestId('dashboard-figures').locator('.ant-statistic').filter({ hasText: title });
  const text = await card.locator('.ant-statistic-content-value').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** The lifts in use (使用状态 在用) of the account's own elevator list: what the figures count. */
async function liftTotal(username: string): Promise<number> {
  const api = await apiAs(suite.server.baseUrl, username);
  const { total } = await api<{ total: number }>('POST', '/pc/elevator/queryList', {
    page: 1,
    limit: 1,
    useStatus: 1,
  });
  return total;
}

describe('首页: each side sees its own figures', () => {
  test('wb_admin1 (a maintenance company) sees its own lifts and to-do, not the city’s', async () => {
    const wb = await apiAs(suite.server.baseUrl, 'wb_admin1');
    const mine = await wb<{ lifts: number; todo: { key: string }[] }>('GET', `${D}/company`);
    const own = await liftTotal('wb_admin1');
    assert.equal(mine.lifts, own, 'the dashboard counts the lifts in use its elevator list holds');
    assert.ok(own < (await liftTotal('admin')), 'a company maintains part of the city only');

    const { context, page } = await suite.open();
    try {
      await signIn(page, suite.server.baseUrl, 'wb_admin1');
      await page.getByTestId('dashboard-figures').waitFor();
      assert.equal(await figure(page, '在用维保电梯'), own);
      await page.getByTestId('dashboard-todo').waitFor();
      assert.equal(await page.getByText('监管概况').count(), 0, 'no regulator figures for a company');
    } finally {
      await context.close();
    }
  });

  test('jg_qingxiu (a district regulator) sees its district; sy_admin1 its lifts with their due dates', async () => {
    const own = await liftTotal('jg_qingxiu');
    const { context, page } = await suite.open();
    try {
      await signIn(page, suite.server.baseUrl, 'jg_qingxiu');
      await page.getByText('监管概况').waitFor();
      assert.equal(await figure(page, '在用电梯'), own);
    } finally {
      await context.close();
    }

    const sy = await suite.open();
    try {
      await signIn(sy.page, suite.server.baseUrl, 'sy_admin1');
      await sy.page.getByText('本单位电梯').waitFor();
      const lifts = await liftTotal('sy_admin1');
      assert.equal(await figure(sy.page, '在用电梯'), lifts);
      const rows = sy.page.locator('.ant-table-tbody tr.ant-table-row');
      await rows.first().waitFor();
      assert.equal(await rows.count(), Math.min(lifts, 10), 'its lifts, ten to a page');
    } finally {
      await sy.context.close();
    }
  });
});

describe('工作台: the to-do list and every page, found by name', () => {
  test('admin sees its to-do items and finds 电梯台账 by typing part of its name', async () => {
    const admin = await apiAs(suite.server.baseUrl, 'admin');
    const { todo } = await admin<{ todo: { label: string }[] }>('GET', `${D}/regulator`);
    assert.ok(todo.length > 0, 'the regulator has to-do items');

    const { context, page } = await suite.open();
    try {
      await signIn(page, suite.server.baseUrl, 'admin');
      await page.getByTestId('dashboard-figures').waitFor();
      await page.evaluate(() => {
        (globalThis as unknown as { location: { hash: string } }).location.hash = '/dashboardMain';
      });
      const here = page.locator('[data-page="/dashboardMain"]');
      await here.getByTestId('dashboard-todo').waitFor();
      const items = here.locator('[data-testid^="dashboard-todo-"]');
      await items.first().waitFor();
      assert.deepEqual(
        (await items.allInnerTexts()).map((t) => t.split('\n')[0]),
        todo.map((t) => t.label),
        'the same to-do items as the home page, in its order',
      );
      assert.equal(await here.getByText('建设中').count(), 0);

      const cards = here.locator('[data-testid^="workbench-page-"]');
      const all = await cards.count();
      assert.ok(all > 50, `admin's pages listed (${all})`);
      await here.getByTestId('workbench-search').fill('台账');
      await until(async () => (await cards.count()) < all, 'the search to narrow the pages');
      const names = await cards.allInnerTexts();
      assert.ok(names.length > 0 && names.every((n) => n.includes('台账')), names.join(' '));

      await here.getByTestId('workbench-search').fill('没有这个页面');
      await here.getByText('没有名称含「没有这个页面」的页面').waitFor();

      await here.getByTestId('workbench-search').fill('电梯台账');
      await here.getByTestId('workbench-page-/basicInformation/thelEevatorList').click();
      await until(
        () => decodeURIComponent(new URL(page.url()).hash) === '#/basicInformation/thelEevatorList',
        'the card to open 电梯台账',
      );
    } finally {
      await context.close();
    }
  });
});
