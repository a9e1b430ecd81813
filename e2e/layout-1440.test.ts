import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { apiAs } from './elevator-support.ts';
import { launchBrowser, type RunningServer, screenshot, signIn, startServer } from './support.ts';

/**
 * The main lists at 1440 × 900 (issue 11 item 21): their key columns are on screen, left of the
 * fixed 操作 column, and shown whole — headers and cells not clipped (a cell that ends in an
 * ellipsis is meant to, and shows the full text on hover), tags not cut.
 */

/**
 * The browser as the in-page functions use it: the e2e programme compiles without the DOM library,
 * so they name these shapes instead of the DOM's types.
 */
declare namespace InPage {
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

let server: RunningServer;
let browser: Browser;

before(async () => {
  // E2E_BASE_URL runs the checks against a server already running (while adjusting widths).
  const external = process.env.E2E_BASE_URL;
  server = external
    ? { baseUrl: external, port: 0, dataDir: '', output: () => '', stop: async () => undefined }
    : await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, server.baseUrl, username);
  await page.locator('.ant-pro-sider-menu').waitFor();
  return { context, page };
}

async function open(page: Page, path: string) {
  await page.evaluate((p) => {
    (globalThis as unknown as InPage.Window).location.hash = p;
  }, path);
}

/** The visible pages of the signed-in user's menu, as the server gives it. */
async function sidebarPages(page: Page): Promise<string[]> {
  const menu = await page.evaluate(async () => {
    const token = (globalThis as unknown as InPage.Window).document.cookie
      .split('; ')
      .find((c) => c.startsWith('Monitor-Token='))
      ?.slice('Monitor-Token='.length);
    const res = await fetch('/monitor/api/pc/sysMenu/getMenuList', {
      headers: { Authorization: `Bearer ${decodeURIComponent(token ?? '')}` },
    });
    return ((await res.json()) as { data: MenuEntry[] }).data;
  });
  const leaves = (entries: MenuEntry[]): string[] =>
    entries
      .filter((e) => !e.hidden && e.url.startsWith('/'))
      .flatMap((e) => (e.childTree.length ? leaves(e.childTree) : [e.url]));
  return leaves(menu);
}

interface MenuEntry {
  url: string;
  hidden: boolean;
  childTree: MenuEntry[];
}

/** The list tab of a page with review tabs (the first one). */
async function firstTab(page: Page, path: string) {
  const tab = page.locator(`[data-page="${path}"] .ant-tabs-tab`).first();
  await tab.waitFor();
  await tab.click();
}

/**
 * Waits for a table with rows, then lists every problem of the key columns' headers and cells: on
 * screen left of the fixed 操作 column, and whole. With 'all', every column is checked for being
 * whole only (the others may be scrolled to), and an empty list is accepted.
 */
async function problemsOf(table: Locator, titles: string[] | 'all'): Promise<string[]> {
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

async function check(page: Page, table: Locator, titles: string[] | 'all', name: string) {
  const problems = await problemsOf(table, titles);
  if (problems.length) await screenshot(page, `layout-1440-${name}`);
  assert.deepEqual(problems, [], `${name}: ${problems.join('; ')}`);
}

describe('the main lists at 1440 × 900 show their key columns whole', () => {
  test('电梯管理', async () => {
    const { context, page } = await signedInPage('admin');
    await open(page, '/basicInformation/theElevatorManagement');
    await check(
      page,
      page.getByTestId('elevator-management'),
      ['注册代码', '地址', '使用单位', '维保单位', '下次检验日期'],
      'elevators',
    );
    await context.close();
  });

  test('维保记录 of an elevator (its work orders)', async () => {
    // A lift with work orders: the first order's (not every bound lift has a maintenance plan).
    const api = await apiAs(server.baseUrl, 'wb_admin1');
    const orders = await api<{ records: { elevatorId: number }[] }>('GET', '/pc/maintenanceOrder/queryList', {
      page: 1,
      limit: 1,
    });
    const { context, page } = await signedInPage('wb_admin1');
    await open(page, `/basicInformation/elevatorPageDetails?id=${orders.records[0].elevatorId}`);
    await page.getByRole('tab', { name: '维保记录' }).click();
    await check(
      page,
      page.getByTestId('maintenance-orders'),
      ['工单号', '计划日期', '维保人员', '状态'],
      'orders',
    );
    await context.close();
  });

  test('parties lists: 维保单位管理, 使用单位管理, 维保人员管理', async () => {
    const { context, page } = await signedInPage('jg_qingxiu');
    await open(page, '/basicInformation/maintenanceUnit');
    await firstTab(page, '/basicInformation/maintenanceUnit');
    await check(
      page,
      page.getByTestId('maintenance-unit-list'),
      ['单位名称', '联系电话', '备案状态'],
      'maintenance-units',
    );

    await open(page, '/basicInformation/hon');
    await firstTab(page, '/basicInformation/hon');
    await check(
      page,
      page.getByTestId('building-company-list'),
      ['单位名称', '联系电话', '备案状态'],
      'use-units',
    );

    await open(page, '/basicInformation/maintenancePersonnel');
    await firstTab(page, '/basicInformation/maintenancePersonnel');
    await check(
      page,
      page.getByTestId('personnel-list'),
      ['姓名', '手机号', '所属单位', '证书状态', '备案状态'],
      'personnel',
    );
    await context.close();
  });

  test('maintenance lists: 维保记录, 维保审核, 画面核验, 图片核查', async () => {
    const { context, page } = await signedInPage('jg_qingxiu');
    const orderColumns = ['工单号', '注册代码', '地址', '类别', '计划日期', '状态'];
    await open(page, '/basicInformation/maintenanceRecord');
    await check(page, page.getByTestId('maintenance-order-list'), orderColumns, 'maintenance-records');

    await open(page, '/wisdom/maintenanceAudit');
    await check(page, page.getByTestId('maintenance-audit-list'), orderColumns, 'maintenance-audit');

    await open(page, '/customerDept/imageVerification');
    await check(
      page,
      page.getByTestId('order-check-list'),
      ['工单号', '注册代码', '核查类型', '问题说明', '结论'],
      'order-checks',
    );

    await open(page, '/customerDept/check');
    await check(
      page,
      page.getByTestId('picture-check-list'),
      ['工单号', '注册代码', '核查类型', '照片'],
      'picture-checks',
    );
    await context.close();
  });

  test('维保任务 of a maintenance company', async () => {
    const { context, page } = await signedInPage('wb_admin1');
    await open(page, '/components/tinymce');
    await check(
      page,
      page.getByTestId('maintenance-order-list'),
      ['工单号', '注册代码', '地址', '类别', '计划日期', '状态'],
      'maintenance-tasks',
    );
    await context.close();
  });

  test('用户管理', async () => {
    const { context, page } = await signedInPage('admin');
    await open(page, '/permission/page');
    await check(page, page.getByTestId('user-table'), ['用户名', '姓名', '手机号', '状态', '角色'], 'users');
    await context.close();
  });

  for (const username of ['admin', 'jg_qingxiu', 'wb_admin1', 'sy_admin1', 'kf_agent1', 'jy_rescue1']) {
    test(`every list in the sidebar of ${username} shows every header, tag and cell whole`, async (t) => {
      const { context, page } = await signedInPage(username);
      const problems: string[] = [];
      const checked: string[] = [];
      for (const path of await sidebarPages(page)) {
        await open(page, path);
        const content = page.locator(`[data-page="${path}"]`);
        await content.waitFor({ state: 'attached' });
        // A page may hold several spinners (the list's and a side panel's): wait for all of them.
        await page.waitForFunction(
          (p) => !document.querySelector(`[data-page="${p}"] .ant-spin-spinning`),
          path,
          { timeout: 20_000 },
        );
        const table = content.locator('.ant-table-wrapper').first();
        if ((await table.count()) === 0) continue; // not a list (or not built yet)
        for (const p of await problemsOf(table, 'all')) problems.push(`${path} ${p}`);
        checked.push(path);
      }
      assert.ok(checked.length >= 3, `lists checked: ${checked.join(' ')}`);
      if (problems.length) await screenshot(page, `layout-1440-${username}`);
      assert.deepEqual(problems, []);
      await context.close();
      t.diagnostic(`${username}: ${checked.length} lists whole`);
    });
  }
});
