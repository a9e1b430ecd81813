import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { apiAs } from './elevator-support.ts';
import { type InPage, problemsOf } from './layout-support.ts';
import { launchBrowser, type RunningServer, screenshot, signIn, startServer } from './support.ts';

/**
 * The main lists at 1440 × 900 (issue 11 item 21): their key columns are on screen, left of the
 * fixed 操作 column, and shown whole — headers and cells not clipped (a cell that ends in an
 * ellipsis is meant to, and shows the full text on hover), tags not cut.
 */

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

/** The list tab of a page with review tabs (the first one). */
async function firstTab(page: Page, path: string) {
  const tab = page.locator(`[data-page="${path}"] .ant-tabs-tab`).first();
  await tab.waitFor();
  await tab.click();
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
});
