import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Api, apiAs, messageWith, rowsOf, runSearch, searchField } from './elevator-support.ts';
import {
  launchBrowser,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
  until,
  watchForeignRequests,
} from './support.ts';

/**
 * Maintenance plans and templates in the console, against the real server and its demo data:
 * wb_admin1 changes a lift's plan on 维保电梯资料 (an interval over 15 days is refused in the
 * dialog), filters the lifts without a plan, and reads the templates without editing them; the
 * platform administrator adds an item to a template and sees the template's version go up, on the
 * items page and on the versions page.
 */

let server: RunningServer;
let browser: Browser;
const foreign: string[][] = [];

interface Lift {
  elevatorId: number;
  registerCode: string;
  elevatorType: number;
  variety: string | null;
  planId: number | null;
  intervalDays: number | null;
  workerIds: number[];
  workers: string[];
  flags: string[];
}
interface Template {
  id: number;
  name: string;
  version: number;
  itemCounts: Record<string, number>;
}
interface TemplateDetail extends Template {
  items: { name: string; kind: number }[];
  versions: { version: number; itemCount: number }[];
}
interface ListPage<T> {
  records: T[];
  total: number;
}

const LIFTS = '/pc/maintenancePlan/queryList';

async function grantedPath(api: Api, candidates: string[]): Promise<string> {
  interface Entry {
    url: string;
    childTree: Entry[];
  }
  const menu = await api<Entry[]>('GET', '/pc/sysMenu/getMenuList');
  const urls = new Set<string>();
  const walk = (entries: Entry[]) => {
    for (const e of entries) {
      urls.add(e.url);
      walk(e.childTree);
    }
  };
  walk(menu);
  const found = candidates.find((c) => urls.has(c));
  assert.ok(found, `none of ${candidates.join(', ')} is in the menu`);
  return found;
}

async function newPage(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  foreign.push(watchForeignRequests(context, server.baseUrl));
  const page = await context.newPage();
  await signIn(page, server.baseUrl, username);
  await page.locator('.ant-pro-sider-menu').waitFor();
  return { context, page };
}

const formItem = (page: Page, label: string) =>
  page.locator('.ant-modal:visible .ant-form-item', { has: page.locator(`label:text-is("${label}")`) });

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('维保电梯资料: wb_admin1 edits a lift’s plan', () => {
  test('changes the interval and the workers; more than 15 days is refused', async () => {
    const api = await apiAs(server.baseUrl, 'wb_admin1');
    const lifts = await api<ListPage<Lift>>('GET', LIFTS, { page: 1, limit: 500 });
    const target = lifts.records.find((l) => l.planId !== null && l.workerIds.length > 0);
    assert.ok(target, 'wb_admin1 maintains a lift with a plan');
    const path = await grantedPath(api, ['/components/information']);

    const { context, page } = await newPage('wb_admin1');
    await page.goto(`${server.baseUrl}/#${path}`);
    const list = page.getByTestId('maintained-lifts');
    await rowsOf(list).first().waitFor();
    await searchField(list, '关键字').locator('input').fill(target.registerCode);
    await runSearch(list);
    const row = rowsOf(list).filter({ hasText: target.registerCode });
    await row.getByRole('button', { name: '修改计划' }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: `修改维保计划：${target.registerCode}` });
    await dialog.getByTestId('plan-form').waitFor();

    const interval = formItem(page, '维保间隔（天）').locator('input');
    await interval.fill('16');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText(/维保间隔为 1–15 天/).waitFor();
    const next = target.intervalDays === 12 ? 13 : 12;
    await interval.fill(String(next));

    // The templates offered are the lift's variety's appendix only (31xx A, 32xx B, 3430 C, 33xx D).
    await formItem(page, '维保内容').locator('.ant-select').click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await offered.first().waitFor();
    const labels = await offered.allTextContents();
    const appendix =
      target.variety === '3430'
        ? 'C'
        : target.variety?.startsWith('32')
          ? 'B'
          : target.variety?.startsWith('33') || target.elevatorType === 2
            ? 'D'
            : 'A';
    const fits = new RegExp(`附件${appendix}`);
    const foreign = new RegExp(`附件[${'ABCD'.replace(appendix, '')}]`);
    assert.ok(
      labels.some((l) => fits.test(l)),
      `${fits} is offered: ${labels}`,
    );
    assert.ok(!labels.some((l) => foreign.test(l)), `${foreign} is not offered: ${labels}`);
    await dialog.locator('.ant-modal-title').click();

    // One more worker of the company (or one less, when every filed worker is already on it).
    const workers = formItem(page, '维保人员');
    await workers.locator('.ant-select').click();
    const free = page.locator(
      '.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-selected)',
    );
    let expectedWorkers: number;
    await free
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    // Clicking the dialog's title closes the dropdown (Escape would close the dialog).
    const closeDropdown = () => dialog.locator('.ant-modal-title').click();
    if ((await free.count()) > 0) {
      await free.first().click();
      expectedWorkers = target.workerIds.length + 1;
      await closeDropdown();
    } else {
      await closeDropdown();
      await workers.locator('.ant-select-selection-item-remove').last().click();
      expectedWorkers = target.workerIds.length - 1;
    }
    await screenshot(page, 'maintenance-plan-dialog');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await messageWith(page, `已保存 ${target.registerCode} 的维保计划`);
    await row.getByText(`${next} 天`).waitFor();

    const now = await api<Lift>('GET', '/pc/maintenancePlan/queryDetail', { elevatorId: target.elevatorId });
    assert.equal(now.intervalDays, next);
    assert.equal(now.workerIds.length, expectedWorkers);
    await context.close();
  });

  test('filters the lifts without a plan', async () => {
    const api = await apiAs(server.baseUrl, 'wb_admin1');
    const without = await api<ListPage<Lift>>('GET', LIFTS, { flag: 'no_plan', page: 1, limit: 10 });
    const path = await grantedPath(api, ['/components/information']);
    const { context, page } = await newPage('wb_admin1');
    await page.goto(`${server.baseUrl}/#${path}`);
    const list = page.getByTestId('maintained-lifts');
    await rowsOf(list).first().waitFor();
    // The flag filter is under the collapsed part of the search form.
    const expand = list.getByText('展开');
    if (await expand.isVisible()) await expand.click();
    await searchField(list, '状态标记').locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '无维保计划' })
      .click();
    await runSearch(list);
    if (without.total === 0) {
      await list.getByText('暂无维保电梯').waitFor();
    } else {
      await until(
        async () => (await rowsOf(list).count()) === Math.min(10, without.total),
        'the filtered rows',
      );
      const rows = await rowsOf(list).all();
      for (const r of rows) await r.locator('.ant-tag', { hasText: '无维保计划' }).waitFor();
      await rowsOf(list).first().getByRole('button', { name: '新建计划' }).waitFor();
    }
    await context.close();
  });
});

describe('维保项目: the administrator adds an item and the template’s version goes up', () => {
  test('adds an item on the items page, then sees the new version on the versions page', async () => {
    const api = await apiAs(server.baseUrl, 'admin');
    const templates = await api<ListPage<Template>>('GET', '/pc/maintenanceContent/queryList', {
      page: 1,
      limit: 50,
    });
    const target = templates.records[0];
    assert.ok(target, 'the demo data has templates');
    const itemsPath = await grantedPath(api, ['/components/split-pane', '/wisdom/maintenanceProject']);

    const { context, page } = await newPage('admin');
    await page.goto(`${server.baseUrl}/#${itemsPath}?id=${target.id}`);
    const pane = page.getByTestId('template-items');
    const version = pane.getByTestId('template-version');
    await version.getByText(`第 ${target.version} 版`).waitFor();
    await pane.locator('.ant-table-row').first().waitFor();

    const name = `浏览器测试项目${Date.now() % 100_000}`;
    await pane.getByRole('button', { name: /新增维保项目/ }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '新增维保项目' });
    await formItem(page, '维保项目名称').locator('input').fill(name);
    await formItem(page, '维保基本要求').locator('textarea').fill('清洁，润滑，无异响');
    await formItem(page, '需填测量值').locator('.ant-switch').click();
    await formItem(page, '单位').locator('input').fill('mm');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await messageWith(page, `已升至第 ${target.version + 1} 版`);
    await version.getByText(`第 ${target.version + 1} 版`).waitFor();
    await pane.locator('.ant-table-row', { hasText: name }).getByText('需测量（mm）').waitFor();
    await screenshot(page, 'maintenance-template-items');

    const detail = await api<TemplateDetail>('GET', '/pc/maintenanceContent/queryDetail', { id: target.id });
    assert.equal(detail.version, target.version + 1);
    assert.ok(detail.items.some((i) => i.name === name && i.kind === 1));

    const versionsPath = await grantedPath(api, ['/components/split-pane-content']);
    await page.goto(`${server.baseUrl}/#${versionsPath}?id=${target.id}`);
    const versions = page.getByTestId('template-versions');
    const newest = versions.locator('.ant-table-row').first();
    await newest.getByText(`第 ${target.version + 1} 版`).waitFor();
    await newest.getByText('当前').waitFor();
    await newest.getByText(`${detail.items.length} 项`).waitFor();
    await context.close();
  });
});

describe('维保内容: the templates', () => {
  test('wb_admin1 reads them without editing', async () => {
    const api = await apiAs(server.baseUrl, 'wb_admin1');
    const path = await grantedPath(api, ['/components/json-editor']);
    const { context, page } = await newPage('wb_admin1');
    await page.goto(`${server.baseUrl}/#${path}`);
    const list = page.getByTestId('template-list');
    await rowsOf(list).first().waitFor();
    await list.getByText('维保内容（只读）').waitFor();
    assert.equal(await list.getByRole('button', { name: /新增维保内容/ }).count(), 0);
    assert.equal(await rowsOf(list).first().getByRole('button', { name: '编辑' }).count(), 0);
    assert.equal(await rowsOf(list).first().getByRole('button', { name: '删除' }).count(), 0);
    await context.close();
  });

  test('the administrator adds one, cannot delete one a plan uses, deletes the new one', async () => {
    const api = await apiAs(server.baseUrl, 'admin');
    const all = await api<ListPage<Template & { planCount: number }>>(
      'GET',
      '/pc/maintenanceContent/queryList',
      {
        page: 1,
        limit: 50,
      },
    );
    const used = all.records.find((t) => t.planCount > 0);
    assert.ok(used, 'a template that plans use');
    const path = await grantedPath(api, ['/wisdom/maintenanceContent', '/components/json-editor']);
    const { context, page } = await newPage('admin');
    await page.goto(`${server.baseUrl}/#${path}`);
    const list = page.getByTestId('template-list');
    await rowsOf(list).first().waitFor();

    await rowsOf(list).filter({ hasText: used.name }).getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await messageWith(page, '正被维保计划使用，不能删除');

    const name = `浏览器测试维保内容${Date.now() % 100_000}`;
    await list.getByRole('button', { name: /新增维保内容/ }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '新增维保内容' });
    await formItem(page, '维保内容名称').locator('input').fill(name);
    await formItem(page, '适用附件').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '附件C' }).click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await messageWith(page, `已保存「${name}」`);
    const row = rowsOf(list).filter({ hasText: name });
    await row.getByText('附件C 杂物电梯').waitFor();
    await row.getByText('0 个').waitFor();
    await screenshot(page, 'maintenance-templates');

    await row.getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await messageWith(page, `已删除「${name}」`);
    await until(async () => (await rowsOf(list).filter({ hasText: name }).count()) === 0, 'the row to go');
    await context.close();
  });
});

test('the plan pages asked no other host', () => {
  assert.deepEqual(foreign.flat(), []);
});
