import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { type Api, apiAs, messageWith, rowsOf, runSearch, searchField, settle } from './elevator-support.ts';
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
 * Electronic maintenance in the console, against the real server and its demo orders: the 青秀区
 * regulator passes a record on 维保审核, the use unit's safety officer confirms a record from its
 * detail page, the regulator marks a finding 误报 on the order check page (and a finding decided
 * meanwhile is refused with the server's reason), and a confirmed record's detail shows its
 * tamper-evidence check as intact.
 */

let server: RunningServer;
let browser: Browser;
const foreign: string[][] = [];

interface OrderRow {
  id: number;
  orderNo: string;
  status: number;
  version: number;
  statusLabel: string;
}
interface CheckRow {
  id: number;
  orderNo: string;
  kindLabel: string;
  verdict: number;
}
interface ListPage<T> {
  records: T[];
  total: number;
}

const ORDERS = '/pc/maintenanceOrder/queryList';
const ORDER_CHECKS = '/pc/maintenanceOrderCheck/selectMaintenanceOrderCheckList';

async function newPage(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  foreign.push(watchForeignRequests(context, server.baseUrl));
  const page = await context.newPage();
  await signIn(page, server.baseUrl, username);
  await page.locator('.ant-pro-sider-menu').waitFor();
  return { context, page };
}

/** Opens a console route (hash URL) in the signed-in page. */
const open = (page: Page, path: string) => page.goto(`${server.baseUrl}/#${path}`);

/** The first page of `path` the user's menu grants, as the console links (else the first). */
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

/** Searches an order or check list by its keyword (工单号 or 注册代码). */
async function searchKeyword(list: Locator, keyword: string) {
  await searchField(list, '关键字').locator('input').fill(keyword);
  await runSearch(list);
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('维保审核: the 青秀区 regulator passes a record awaiting audit', () => {
  test('batch-passes a selected order and sees it move to 审核通过', async () => {
    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const awaiting = await api<ListPage<OrderRow>>('GET', ORDERS, { status: 4, page: 1, limit: 5 });
    const target = awaiting.records[0];
    assert.ok(target, 'the demo data has a record awaiting audit in 青秀区');
    const path = await grantedPath(api, ['/wisdom/maintenanceAudit', '/components/markdown']);

    const { context, page } = await newPage('jg_qingxiu');
    await open(page, path);
    const list = page.getByTestId('maintenance-audit-list');
    await rowsOf(list).first().waitFor();
    await searchKeyword(list, target.orderNo);
    const row = rowsOf(list).filter({ hasText: target.orderNo });
    await row.waitFor();
    await row.locator('[data-testid="order-status"]', { hasText: '已完成' }).waitFor();
    await row.locator('.ant-checkbox-input').check();
    await list.getByText('已选择 1 条维保记录').waitFor();
    await screenshot(page, 'maintenance-audit-selected');

    await list.getByTestId('batch-pass').click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '确认审核通过' });
    await dialog.locator('textarea').fill('记录齐全，审核通过');
    await dialog.getByRole('button', { name: '审核通过' }).click();
    await messageWith(page, '已审核 1 条');
    // It leaves the list awaiting audit and shows under 审核通过.
    await until(
      async () => (await rowsOf(list).filter({ hasText: target.orderNo }).count()) === 0,
      'the row to leave',
    );
    await list.getByTestId('audit-state').getByText('审核通过').click();
    await settle(list);
    const passed = rowsOf(list).filter({ hasText: target.orderNo });
    await passed.locator('[data-testid="order-status"]', { hasText: '审核通过' }).waitFor();
    // A passed record is chosen and exported as the regulator's PDF.
    await passed.locator('.ant-checkbox-input').check();
    const downloading = page.waitForEvent('download');
    await list.getByTestId('export-pdf').click();
    const file = await downloading;
    assert.match(file.suggestedFilename(), /\.pdf$/);
    const bytes = await readFile((await file.path()) as string);
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-', 'the download is a PDF');

    const now = await api<ListPage<OrderRow>>('GET', ORDERS, {
      keyword: target.orderNo,
      page: 1,
      limit: 5,
    });
    assert.equal(now.records.find((r) => r.id === target.id)?.status, 5);
    await context.close();
  });

  test('批量导出PDF with nothing selected exports the filtered list, after a confirmation that states the count', async () => {
    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const awaiting = await api<ListPage<OrderRow & { registerCode: string }>>('GET', ORDERS, {
      status: 4,
      page: 1,
      limit: 1,
    });
    const code = awaiting.records[0]?.registerCode;
    assert.ok(code, 'a record awaiting audit');
    // What the page will list: awaiting audit (its fixed filter) and the lift's register code.
    const expected = await api<ListPage<OrderRow>>('GET', ORDERS, {
      status: 4,
      keyword: code,
      page: 1,
      limit: 50,
    });
    const path = await grantedPath(api, ['/wisdom/maintenanceAudit', '/components/markdown']);
    const { context, page } = await newPage('jg_qingxiu');
    await open(page, path);
    const list = page.getByTestId('maintenance-audit-list');
    await rowsOf(list).first().waitFor();
    await searchKeyword(list, code);
    await settle(list);
    assert.equal(await list.locator('.ant-checkbox-input:checked').count(), 0, 'nothing selected');
    await list.getByTestId('export-pdf').click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await confirm
      .getByText(`将导出当前筛选条件下的全部 ${expected.total} 张工单`, { exact: false })
      .waitFor();
    const downloading = page.waitForEvent('download');
    await confirm.getByRole('button', { name: `导出 ${expected.total} 张` }).click();
    const file = await downloading;
    assert.equal(
      file.suggestedFilename(),
      expected.total === 1
        ? `维保记录_${expected.records[0].orderNo}.pdf`
        : `维保记录_${expected.total}张.pdf`,
    );
    const bytes = await readFile((await file.path()) as string);
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-', 'the download is a PDF');
    await context.close();
  });

  test('a reject may leave the reason blank: the field is offered, the order goes back to the company', async () => {
    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const awaiting = await api<ListPage<OrderRow>>('GET', ORDERS, { status: 4, page: 1, limit: 5 });
    const target = awaiting.records[0];
    assert.ok(target, 'another record awaiting audit');
    const path = await grantedPath(api, ['/wisdom/maintenanceAudit', '/components/markdown']);
    const { context, page } = await newPage('jg_qingxiu');
    await open(page, path);
    const list = page.getByTestId('maintenance-audit-list');
    await rowsOf(list).first().waitFor();
    await searchKeyword(list, target.orderNo);
    const row = rowsOf(list).filter({ hasText: target.orderNo });
    await row.getByRole('button', { name: /^驳\s*回$/ }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '确认驳回' });
    // The reason's field is there, and optional.
    await dialog.getByText('驳回原因').waitFor();
    assert.equal(await dialog.locator('textarea').inputValue(), '');
    await dialog.getByRole('button', { name: /^驳\s*回$/ }).click();
    await messageWith(page, '已审核 1 条（已驳回');
    const now = await api<ListPage<OrderRow>>('GET', ORDERS, {
      keyword: target.orderNo,
      page: 1,
      limit: 5,
    });
    assert.equal(now.records.find((r) => r.id === target.id)?.status, 6);
    await context.close();
  });
});

describe('维保工单详情: the use unit confirms, the record is intact', () => {
  test('aq_officer1 confirms a record awaiting confirmation', async () => {
    const api = await apiAs(server.baseUrl, 'aq_officer1');
    const awaiting = await api<ListPage<OrderRow>>('GET', ORDERS, { status: 3, page: 1, limit: 5 });
    const target = awaiting.records[0];
    assert.ok(target, 'the demo data has a record awaiting use unit 1’s confirmation');
    const path = await grantedPath(api, [
      '/basicInformation/workOrderNo',
      '/components/tinymceDetails',
      '/components/markdownDetails',
    ]);

    const { context, page } = await newPage('aq_officer1');
    await open(page, `${path}?id=${target.id}`);
    const detail = page.getByTestId('work-order');
    await detail.getByText(`维保工单 · ${target.orderNo}`).waitFor();
    await detail.locator('[data-testid="order-status"]', { hasText: '待确认' }).first().waitFor();
    // Items, workers and photos are on the page before the confirmation.
    await detail.getByTestId('work-order-items').locator('.ant-table-row').first().waitFor();
    await detail.getByTestId('order-workers').locator('.ant-table-row').first().waitFor();
    // The button's name is its icon's label and its text ("check 确认").
    await detail.getByRole('button', { name: /确\s*认$/ }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '确认维保记录' });
    await dialog.locator('textarea').fill('已现场核对');
    await dialog.getByRole('button', { name: /^确\s*认$/ }).click();
    await messageWith(page, '已确认维保记录');
    await detail.locator('[data-testid="order-status"]', { hasText: '已完成' }).first().waitFor();
    await detail.getByTestId('confirmed-by').waitFor();
    await detail.getByText('备注：已现场核对').waitFor();
    // Only an order awaiting confirmation offers 确认.
    assert.equal(await detail.getByRole('button', { name: /确\s*认$/ }).count(), 0);
    await screenshot(page, 'maintenance-order-confirmed');

    const now = await api<ListPage<OrderRow>>('GET', ORDERS, {
      keyword: target.orderNo,
      page: 1,
      limit: 5,
    });
    assert.equal(now.records.find((r) => r.id === target.id)?.status, 4);
    await context.close();
  });

  test('a record confirmed meanwhile is refused with the server’s reason and shown as it is now', async () => {
    const api = await apiAs(server.baseUrl, 'aq_officer1');
    const awaiting = await api<ListPage<OrderRow & { version: number }>>('GET', ORDERS, {
      status: 3,
      page: 1,
      limit: 5,
    });
    const target = awaiting.records[0];
    assert.ok(target, 'another record awaiting confirmation');
    const path = await grantedPath(api, ['/basicInformation/workOrderNo', '/components/tinymceDetails']);
    const { context, page } = await newPage('aq_officer1');
    await open(page, `${path}?id=${target.id}`);
    const detail = page.getByTestId('work-order');
    await detail.locator('[data-testid="order-status"]', { hasText: '待确认' }).first().waitFor();
    // Confirmed from another screen while this one shows it awaiting confirmation.
    await api('PUT', '/pc/maintenanceOrder/confirm', { id: target.id, version: target.version });
    await detail.getByRole('button', { name: /确\s*认$/ }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '确认维保记录' });
    await dialog.getByRole('button', { name: /^确\s*认$/ }).click();
    await messageWith(page, '不能确认');
    await detail.locator('[data-testid="order-status"]', { hasText: '已完成' }).first().waitFor();
    await until(async () => (await page.locator('.ant-modal:visible').count()) === 0, 'the dialog to close');
    await context.close();
  });

  test('a confirmed record shows the green 记录完整 badge', async () => {
    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const approved = await api<ListPage<OrderRow>>('GET', ORDERS, { status: 5, page: 1, limit: 1 });
    const target = approved.records[0];
    assert.ok(target, 'an approved record in 青秀区');
    const verdict = await api<{ intact: boolean }>('GET', '/pc/maintenanceOrder/verifyChain', {
      orderId: target.id,
    });
    assert.equal(verdict.intact, true);
    const path = await grantedPath(api, [
      '/basicInformation/workOrderNo',
      '/components/markdownDetails',
      '/components/tinymceDetails',
    ]);
    const { context, page } = await newPage('jg_qingxiu');
    await open(page, `${path}?id=${target.id}`);
    const badge = page.getByTestId('work-order').locator('[data-testid="chain-badge"][data-intact="true"]');
    await badge.getByText('记录完整').waitFor();
    assert.match((await badge.getAttribute('class')) ?? '', /\bant-tag-success\b/, 'the badge is green');
    await screenshot(page, 'maintenance-order-detail');
    await context.close();
  });
});

describe('live pages', () => {
  test('an order confirmed elsewhere appears on the open 维保审核 page without a reload', async () => {
    const officer = await apiAs(server.baseUrl, 'aq_officer1');
    const awaiting = await officer<ListPage<OrderRow>>('GET', ORDERS, { status: 3, page: 1, limit: 5 });
    const target = awaiting.records[0];
    assert.ok(target, 'a record awaiting the use unit’s confirmation');
    const admin = await apiAs(server.baseUrl, 'admin');
    const path = await grantedPath(admin, ['/wisdom/maintenanceAudit', '/components/markdown']);
    const { context, page } = await newPage('admin');
    await open(page, path);
    const list = page.getByTestId('maintenance-audit-list');
    await rowsOf(list).first().waitFor();
    await searchKeyword(list, target.orderNo);
    await list.locator('.ant-table-placeholder').waitFor();
    let reloads = 0;
    page.on('framenavigated', () => reloads++);
    // The use unit confirms on its own screen: the regulator's list shows it, awaiting audit.
    await officer('PUT', '/pc/maintenanceOrder/confirm', { id: target.id, version: target.version });
    await rowsOf(list)
      .filter({ hasText: target.orderNo })
      .locator('[data-testid="order-status"]', { hasText: '已完成' })
      .waitFor({ timeout: 10_000 });
    assert.equal(reloads, 0, 'no reload');
    await context.close();
  });
});

describe('画面核验: the regulator decides the findings', () => {
  test('marks a finding 误报 and sees it decided', async () => {
    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const undecided = await api<ListPage<CheckRow>>('GET', ORDER_CHECKS, { verdict: 0, page: 1, limit: 10 });
    const target = undecided.records[0];
    assert.ok(target, 'an undecided finding in 青秀区');

    const path = await grantedPath(api, ['/customerDept/imageVerification']);
    const { context, page } = await newPage('jg_qingxiu');
    await open(page, path);
    const list = page.getByTestId('order-check-list');
    await rowsOf(list).first().waitFor();
    await searchKeyword(list, target.orderNo);
    const row = rowsOf(list).filter({ hasText: target.orderNo }).filter({ hasText: target.kindLabel });
    await row.locator('[data-testid="check-verdict"]', { hasText: '待核查' }).waitFor();
    await row.getByTestId('mark').click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '核查标记' });
    // The verdict is required.
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请选择核查结论').waitFor();
    await dialog.getByText('误报', { exact: true }).click();
    await dialog.locator('textarea').fill('现场核实为定位漂移');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await messageWith(page, '已标记 1 条为误报');
    await row.locator('[data-testid="check-verdict"]', { hasText: '误报' }).waitFor();
    await row.getByText('现场核实为定位漂移').waitFor();
    // Decided: it cannot be marked again.
    assert.equal(await row.getByTestId('mark').count(), 0);
    await screenshot(page, 'maintenance-order-check');

    const now = await api<ListPage<CheckRow>>('GET', ORDER_CHECKS, {
      keyword: target.orderNo,
      page: 1,
      limit: 20,
    });
    assert.equal(now.records.find((r) => r.id === target.id)?.verdict, 2);
    await context.close();
  });

  test('a finding decided meanwhile is refused with the server’s reason', async () => {
    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const undecided = await api<ListPage<CheckRow>>('GET', ORDER_CHECKS, { verdict: 0, page: 1, limit: 10 });
    const target = undecided.records[0];
    assert.ok(target, 'another undecided finding');

    const path = await grantedPath(api, ['/customerDept/imageVerification']);
    const { context, page } = await newPage('jg_qingxiu');
    await open(page, path);
    const list = page.getByTestId('order-check-list');
    await rowsOf(list).first().waitFor();
    await searchKeyword(list, target.orderNo);
    const row = rowsOf(list).filter({ hasText: target.orderNo }).filter({ hasText: target.kindLabel });
    await row.getByTestId('mark').waitFor();
    // Another regulator decides it while this page shows it undecided.
    await api('PUT', '/pc/maintenanceOrderCheck/update', {
      id: target.id,
      verdict: 1,
      note: '另一位监管人员已核查',
    });
    await row.getByTestId('mark').click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '核查标记' });
    await dialog.getByText('误报', { exact: true }).click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await messageWith(page, '不能重复核查');
    // The list is refreshed: the finding shows the other decision and offers no 标记.
    await row.locator('[data-testid="check-verdict"]', { hasText: '确认违规' }).waitFor();
    assert.equal(await row.getByTestId('mark').count(), 0);
    await context.close();
  });
});

test('the maintenance pages asked no other host', () => {
  assert.deepEqual(foreign.flat(), []);
});

describe('tamper evidence in the browser', () => {
  test('a record edited in the database behind the server turns the badge red', async () => {
    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const approved = await api<ListPage<OrderRow>>('GET', ORDERS, { status: 5, page: 1, limit: 1 });
    const target = approved.records[0];
    assert.ok(target, 'an approved record in 青秀区');
    // Stop the server, change one note of the record straight in its database, start it again.
    const { dataDir, port } = server;
    await server.stop({ keepData: true });
    server = await startServer({
      dataDir,
      port,
      prepare: async (db) => {
        await db.execute(
          sql`update maintenance_order set items = jsonb_set(items, '{0,note}', '"事后改写"') where id = ${target.id}`,
        );
      },
    });

    const path = await grantedPath(await apiAs(server.baseUrl, 'jg_qingxiu'), [
      '/basicInformation/workOrderNo',
      '/components/tinymceDetails',
    ]);
    const { context, page } = await newPage('jg_qingxiu');
    await open(page, `${path}?id=${target.id}`);
    const badge = page.getByTestId('work-order').locator('[data-testid="chain-badge"][data-intact="false"]');
    await badge.getByText('记录被篡改').waitFor();
    assert.match((await badge.textContent()) ?? '', /已被修改/, 'the badge says what broke');
    await screenshot(page, 'maintenance-order-tampered');
    await context.close();
  });
});
