import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  type Api,
  apiAs,
  createElevator,
  expectCount,
  expectValue,
  fillTemplate,
  messageWith,
  ONE_PAGE_PDF,
  readDownload,
  rowsOf,
  runSearch,
  searchField,
  settle,
  templateHeaders,
  testCode,
  totalText,
} from './elevator-support.ts';
import { launchBrowser, type RunningServer, screenshot, signIn, startServer } from './support.ts';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const MANAGEMENT = '/basicInformation/theElevatorManagement';
const MAINTENANCE_CLAIM = '/basicInformation/elevatorMaintenance';
const REGULATION_CLAIM = '/basicInformation/regulationClaim';

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

/** A signed-in page of its own (own cookies) for `username`. */
async function pageAs(username: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    acceptDownloads: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${username}] page error:`, e.message));
  await signIn(page, server.baseUrl, username);
  await page.waitForURL(/#\/dashboard/);
  return page;
}

/** Opens a console page and returns its kept-alive container. */
async function open(page: Page, path: string): Promise<Locator> {
  await page.goto(`${server.baseUrl}/#${path}`);
  const scope = page.locator(`[data-page="${path}"]`);
  await scope.locator('.ant-table-wrapper').first().waitFor();
  await settle(scope);
  return scope;
}

async function searchCode(scope: Locator, code: string) {
  await searchField(scope, '注册代码').locator('input').fill(code);
  await runSearch(scope);
}

const rowWith = (scope: Locator, text: string) => rowsOf(scope).filter({ hasText: text });

describe('elevator registry (电梯管理)', () => {
  let page: Page;
  let scope: Locator;
  let templatePath: string;

  before(async () => {
    page = await pageAs('jg_qingxiu');
    scope = await open(page, MANAGEMENT);
  });

  test('batch buttons ask for a selection first', async () => {
    await scope.getByRole('button', { name: /^启\s*用$/ }).click();
    await messageWith(page, '请先选择要操作的数据');
  });

  test('the regulator downloads the template, fills 20 rows, imports them and finds them', async () => {
    const downloading = page.waitForEvent('download');
    await scope.getByRole('button', { name: '下载模板' }).click();
    const template = await downloading;
    assert.equal(template.suggestedFilename(), '电梯导入模板.xlsx');
    templatePath = await template.path();
    const headers = await templateHeaders(templatePath);
    assert.ok(headers.includes('注册代码*') && headers.includes('所在区域*'), headers.join(','));

    const rows = Array.from({ length: 20 }, (_, i) => ({
      注册代码: testCode('2099', i + 1),
      应急救援识别码: String(i + 1).padStart(6, '0'),
      电梯名称: `导入测试${i + 1}号梯`,
      电梯类型: i % 4 === 3 ? '扶梯' : '直梯',
      使用场所: '住宅',
      所在区域: '青秀区',
      详细地址: `南宁市青秀区导入测试路${i + 1}号`,
      小区名称: '导入测试小区',
      上次检验日期: '2025-06-01',
    }));
    const file = await fillTemplate(templatePath, rows);

    const choosing = page.waitForEvent('filechooser');
    await scope.getByRole('button', { name: /导\s*入$/ }).click();
    await (await choosing).setFiles({
      name: '电梯导入.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await messageWith(page, '成功导入 20 台电梯');

    await searchCode(scope, '31104501032099');
    await totalText(scope).filter({ hasText: '共 20 条' }).waitFor();
    // Newest first: the last row of the file heads the list.
    const first = rowWith(scope, testCode('2099', 20));
    await first.waitFor();
    assert.match((await first.textContent()) ?? '', /导入测试20号梯/);
    assert.match((await first.textContent()) ?? '', /青秀区/);
    // Next inspection derived from the last one.
    assert.match((await first.textContent()) ?? '', /2026-06-01/);
    await screenshot(page, 'elevator-import-found');

    // Server-side sort: ascending by 注册代码 puts the file's first row first.
    await scope.getByRole('columnheader', { name: '注册代码' }).click();
    await rowsOf(scope)
      .first()
      .filter({ hasText: testCode('2099', 1) })
      .waitFor();
    await scope.getByRole('columnheader', { name: '注册代码' }).click();
    await rowsOf(scope)
      .first()
      .filter({ hasText: testCode('2099', 20) })
      .waitFor();
    await scope.getByRole('columnheader', { name: '注册代码' }).click();
  });

  test('an edit carries the version it read; a stale one shows the conflict and reloads', async () => {
    const code = testCode('2099', 5);
    await searchCode(scope, code);
    await expectCount(rowsOf(scope), 1);
    await rowWith(scope, code).getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `编辑电梯 ${code}` });
    await dialog.getByLabel('电梯名称').waitFor();
    assert.equal(await dialog.getByLabel('电梯名称').inputValue(), '导入测试5号梯');

    // Someone else saves the same elevator meanwhile.
    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const { records } = await api<{ records: { id: number }[] }>('POST', '/pc/elevator/queryList', {
      registerCode: code,
    });
    const current = await api<Record<string, unknown>>('POST', '/pc/elevator/queryDetail/info', {
      elevatorId: records[0].id,
    });
    const fields = Object.fromEntries(Object.entries(current).filter(([, v]) => v !== null));
    await api('PUT', '/pc/elevator/update', { ...fields, name: '他人修改的名称' });

    await dialog.getByLabel('电梯名称').fill('我的修改');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('电梯信息已被他人修改，请刷新后重试').first().waitFor();
    await dialog.getByRole('button', { name: '载入最新数据' }).click();
    await expectValue(dialog.getByLabel('电梯名称'), '他人修改的名称');
    await dialog.getByLabel('电梯名称').fill('我的修改');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await messageWith(page, '电梯信息已修改');
    await rowWith(scope, '我的修改').waitFor();
  });

  test('a file with bad rows is refused with the row report', async () => {
    const file = await fillTemplate(templatePath, [
      { 注册代码: 'BAD-CODE', 电梯类型: '直梯', 所在区域: '青秀区', 详细地址: '南宁市青秀区坏数据路1号' },
      {
        注册代码: testCode('2097', 1),
        电梯类型: '直梯',
        所在区域: '火星区',
        详细地址: '南宁市青秀区坏数据路2号',
      },
      {
        注册代码: testCode('2097', 2),
        应急救援识别码: '12',
        电梯类型: '直梯',
        所在区域: '青秀区',
        详细地址: '南宁市青秀区坏数据路3号',
      },
      { 注册代码: testCode('2099', 1), 电梯类型: '直梯', 所在区域: '青秀区', 详细地址: '已存在' },
    ]);
    const choosing = page.waitForEvent('filechooser');
    await scope.getByRole('button', { name: /导\s*入$/ }).click();
    await (await choosing).setFiles({
      name: '坏数据.xlsx',
      mimeType: 'application/octet-stream',
      buffer: file,
    });

    const report = page.getByRole('dialog').filter({ hasText: '导入结果' });
    await report.waitFor();
    assert.match((await report.textContent()) ?? '', /共 4 行数据，其中 4 行有误/);
    const lines = report.locator('.ant-table-tbody tr.ant-table-row');
    const rowNumbers = await lines.locator('td:first-child').allTextContents();
    assert.deepEqual([...new Set(rowNumbers)].sort(), ['2', '3', '4', '5']);
    const text = (await report.locator('.ant-table-tbody').textContent()) ?? '';
    assert.match(text, /注册代码/);
    assert.match(text, /未知的区域「火星区」/);
    assert.match(text, /应急救援识别码应为 6 位数字/);
    assert.match(text, /平台上已存在/);
    await screenshot(page, 'elevator-import-report');

    const downloading = page.waitForEvent('download');
    await report.getByRole('button', { name: /下载错误报告/ }).click();
    const sheet = await readDownload(await downloading);
    assert.equal(sheet.length, rowNumbers.length);
    assert.deepEqual(Object.keys(sheet[0]), ['行号', '列', '问题']);
    await report.getByRole('button', { name: 'Close' }).click();

    // Nothing of the bad file was stored.
    await searchCode(scope, '31104501032097');
    await expectCount(rowsOf(scope), 0);
  });

  test('export downloads an .xlsx whose rows match the filtered list', async () => {
    await scope.getByRole('button', { name: /重\s*置/ }).click();
    await settle(scope);
    await scope.getByText('展开').click();
    await searchField(scope, '电梯类型').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '扶梯' }).click();
    await searchField(scope, '关键字').locator('input').fill('民族大道');
    await runSearch(scope);

    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const list = await api<{ records: { registerCode: string }[]; total: number }>(
      'POST',
      '/pc/elevator/queryList',
      { page: 1, limit: 500, type: 2, keyword: '民族大道' },
    );
    const total = list.total;
    assert.ok(total > 0, 'the filter finds escalators');
    await totalText(scope)
      .filter({ hasText: `共 ${total} 条` })
      .waitFor();

    const downloading = page.waitForEvent('download');
    await scope.getByRole('button', { name: /导\s*出$/ }).click();
    const file = await downloading;
    assert.match(file.suggestedFilename(), /^电梯台账_.*\.xlsx$/);
    const rows = await readDownload(file);
    assert.equal(rows.length, total);
    assert.ok(rows.every((r) => r['电梯类型'] === '扶梯' && String(r['详细地址']).includes('民族大道')));
    assert.deepEqual(
      rows.map((r) => String(r['注册代码'])).sort(),
      list.records.map((r) => r.registerCode).sort(),
    );
    await screenshot(page, 'elevator-export-filter');
  });

  test('the 下次检验日期 range filter narrows the list to elevators due in that range', async () => {
    await scope.getByRole('button', { name: /重\s*置/ }).click();
    await settle(scope);
    if (await scope.getByText('展开').isVisible()) await scope.getByText('展开').click();
    // The range picker is one of the value types that load on first use (build/lazy-pro-fields.ts).
    const range = searchField(scope, '下次检验日期');
    await range.locator('input').first().click();
    await range.locator('input').first().fill('2026-12-01');
    await range.locator('input').first().press('Enter');
    await range.locator('input').nth(1).fill('2026-12-31');
    await range.locator('input').nth(1).press('Enter');
    await runSearch(scope);

    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const list = await api<{ records: { nextInspectDate: string }[]; total: number }>(
      'POST',
      '/pc/elevator/queryList',
      { page: 1, limit: 10, nextInspectFrom: '2026-12-01', nextInspectTo: '2026-12-31' },
    );
    const all = await api<{ total: number }>('POST', '/pc/elevator/queryList', { page: 1, limit: 1 });
    assert.ok(list.total > 0 && list.total < all.total, 'the range holds some elevators, not all');
    await totalText(scope)
      .filter({ hasText: `共 ${list.total} 条` })
      .waitFor();
    const shown = await rowsOf(scope).allTextContents();
    assert.ok(
      shown.length > 0 && shown.every((row) => /2026-12-\d\d/.test(row)),
      'every row is due in December',
    );
  });

  test('超期未检: the count above the list filters it, and every row shown carries the tag', async () => {
    await scope.getByRole('button', { name: /重\s*置/ }).click();
    await settle(scope);
    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const counts = await api<{ overdue: number; due: number }>('POST', '/pc/elevator/inspectionCounts', {});
    assert.ok(counts.overdue > 0, 'the demo district has overdue lifts');
    const overdue = scope.getByTestId('inspect-count-overdue');
    await overdue.filter({ hasText: `超期未检 ${counts.overdue.toLocaleString('zh-CN')} 台` }).waitFor();
    await overdue.click();
    await settle(scope);
    await totalText(scope)
      .filter({ hasText: `共 ${counts.overdue.toLocaleString('en-US')} 条` })
      .waitFor();
    const shown = await rowsOf(scope).allTextContents();
    assert.ok(
      shown.length > 0 && shown.every((row) => row.includes('超期未检')),
      'every row is tagged 超期未检',
    );
  });
});

describe('claims: a maintenance company claims, the district regulator decides', () => {
  let regulatorApi: Api;
  const codes = [1, 2, 3].map((n) => testCode('2098', n));

  before(async () => {
    regulatorApi = await apiAs(server.baseUrl, 'jg_qingxiu');
    for (const [i, registerCode] of codes.entries()) {
      await regulatorApi('POST', '/pc/elevator/save', {
        registerCode,
        type: 1,
        areaCode: '450103',
        address: `南宁市青秀区认领测试路${i + 1}号`,
        name: `认领测试${i + 1}号梯`,
      });
    }
  });

  test('wb_admin1 claims 3 elevators on 维保认领', async () => {
    const page = await pageAs('wb_admin1');
    const scope = await open(page, MAINTENANCE_CLAIM);
    const claimable = scope.getByTestId('claimable-maintenance');
    await searchCode(claimable, '31104501032098');
    await expectCount(rowsOf(claimable), 3);

    await claimable.getByRole('button', { name: /^认\s*领$/ }).click();
    await messageWith(page, '请先选择要操作的数据');

    await claimable.locator('thead .ant-checkbox-input').check();
    await claimable.getByRole('button', { name: /^认\s*领$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: '提交认领' }).click();
    await messageWith(page, '认领已提交，等待监管部门审核');
    await settle(claimable);
    await expectCount(rowsOf(claimable), 0);

    await scope.getByRole('tab', { name: '我的认领' }).click();
    const mine = scope.getByTestId('my-claims-maintenance');
    await searchCode(mine, '31104501032098');
    await expectCount(rowsOf(mine).filter({ hasText: '待审核' }), 3);
    await screenshot(page, 'claim-submitted');
  });

  test('jg_qingxiu passes 2 and rejects 1 with a reason on 监管认领', async () => {
    const page = await pageAs('jg_qingxiu');
    const scope = await open(page, REGULATION_CLAIM);
    await searchCode(scope, '31104501032098');
    await expectCount(rowsOf(scope), 3);

    /** The decision call the dialog's 确定 sends: which one, and for which claim. */
    const decisionOf = async (dialog: Locator) => {
      const [request] = await Promise.all([
        page.waitForRequest((r) => /\/elevatorClaim\/audit(Pass|Reject)$/.test(new URL(r.url()).pathname)),
        dialog.getByRole('button', { name: /确\s*定/ }).click(),
      ]);
      return {
        path: new URL(request.url()).pathname,
        body: request.postDataJSON() as Record<string, unknown>,
      };
    };

    for (const code of codes.slice(0, 2)) {
      await rowWith(scope, code).getByRole('button', { name: '审核' }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: code });
      await dialog.waitFor();
      assert.match((await decisionOf(dialog)).path, /\/auditPass$/);
      await messageWith(page, '已通过认领');
      await dialog.waitFor({ state: 'hidden' });
    }
    // Opened at once after the last one closed (its closing may still be animating): the choice made
    // here is the one sent.
    await rowWith(scope, codes[2]).getByRole('button', { name: '审核' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: codes[2] });
    await dialog.getByText('驳回', { exact: true }).click();
    await dialog.getByPlaceholder('选填').fill('使用登记证与现场不符，请核实后重新认领');
    assert.equal(await dialog.getByRole('radio', { name: '驳回' }).isChecked(), true);
    await screenshot(page, 'claim-audit-dialog');
    const rejection = await decisionOf(dialog);
    assert.match(rejection.path, /\/auditReject$/);
    assert.equal(rejection.body.auditDescription, '使用登记证与现场不符，请核实后重新认领');
    await messageWith(page, '已驳回认领');
    await settle(scope);
    await expectCount(rowsOf(scope), 0);
  });

  test('wb_admin1 sees 2 bound, the rejection reason and the history', async () => {
    const page = await pageAs('wb_admin1');
    const scope = await open(page, MAINTENANCE_CLAIM);
    await scope.getByRole('tab', { name: '我的认领' }).click();
    const mine = scope.getByTestId('my-claims-maintenance');
    await searchCode(mine, '31104501032098');
    await expectCount(rowsOf(mine), 2);
    await expectCount(rowsOf(mine).filter({ hasText: '已认领' }), 2);
    await expectCount(rowWith(mine, codes[2]), 0);

    await scope.getByRole('tab', { name: '认领记录' }).click();
    const records = scope.getByTestId('claim-records-maintenance');
    await searchCode(records, '31104501032098');
    await expectCount(rowsOf(records), 3);
    await expectCount(rowsOf(records).filter({ hasText: '已通过' }), 2);
    const rejected = rowWith(records, codes[2]);
    assert.match((await rejected.textContent()) ?? '', /已驳回/);
    assert.match((await rejected.textContent()) ?? '', /使用登记证与现场不符/);

    await rejected.getByRole('button', { name: '审核历史' }).click();
    const history = page.getByTestId('claim-history');
    // The dialog opens before its history arrives: wait for the steps themselves.
    await history.getByTestId('claim-history-step').nth(1).waitFor();
    const steps = await history.getByTestId('claim-history-step').allTextContents();
    assert.equal(steps.length, 2);
    assert.match(steps[0], /提交审核/);
    assert.match(steps[1], /审核驳回[\s\S]*使用登记证与现场不符/);
    await screenshot(page, 'claim-history');

    // The bound ones are now in the company's ledger.
    const ledger = await apiAs(server.baseUrl, 'wb_admin1');
    const bound = await ledger<{ total: number }>('POST', '/pc/elevator/queryList', {
      page: 1,
      limit: 10,
      registerCode: '31104501032098',
    });
    assert.equal(bound.total, 2);
  });

  test('jg_qingxiu removes the finished, rejected record on 监管认领管理', async () => {
    const page = await pageAs('jg_qingxiu');
    const scope = await open(page, '/basicInformation/regulationClaimManager');
    await searchCode(scope, codes[2]);
    await expectCount(rowsOf(scope), 1);
    await rowsOf(scope).first().locator('.ant-checkbox-input').check();
    await scope.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await messageWith(page, '已删除 1 条认领记录');
    await expectCount(rowsOf(scope), 0);
  });
});

describe('batch edit, attachments and data sync', () => {
  test('批量修改 asks for a selection, then changes the 2 selected elevators and only them', async () => {
    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const codes = [1, 2, 3].map((n) => testCode('2096', n));
    for (const code of codes) await createElevator(api, code);

    const page = await pageAs('jg_qingxiu');
    const scope = await open(page, MANAGEMENT);
    await scope.getByRole('button', { name: /批量修改/ }).click();
    await messageWith(page, '请先选择要操作的数据');

    await searchCode(scope, '31104501032096');
    await expectCount(rowsOf(scope), 3);
    for (const code of codes.slice(0, 2)) await rowWith(scope, code).locator('.ant-checkbox-input').check();
    await scope.getByRole('button', { name: /批量修改/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '批量修改（已选 2 台电梯）' });
    await dialog.waitFor();
    await dialog.locator('.ant-form-item').filter({ hasText: '使用状态' }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '报废' }).click();
    await dialog.getByRole('button', { name: /^确\s*(认|定)$/ }).click();

    const confirm = page.getByRole('dialog').filter({ hasText: '确定修改选中的 2 台电梯吗？' });
    await confirm.waitFor();
    assert.match(
      (await confirm.getByTestId('batch-edit-summary').textContent()) ?? '',
      /使用状态改为「报废」/,
    );
    await screenshot(page, 'elevator-batch-edit-confirm');
    await confirm.getByRole('button', { name: '修改 2 台' }).click();
    await messageWith(page, '已修改 2 台电梯');

    await expectCount(rowsOf(scope).filter({ hasText: '报废' }), 2);
    for (const code of codes.slice(0, 2))
      assert.match((await rowWith(scope, code).textContent()) ?? '', /报废/);
    assert.doesNotMatch((await rowWith(scope, codes[2]).textContent()) ?? '', /报废/);
    const stored = await api<{ records: { registerCode: string; useStatus: number }[] }>(
      'POST',
      '/pc/elevator/queryList',
      { page: 1, limit: 10, registerCode: '31104501032096' },
    );
    assert.deepEqual(stored.records.map((r) => [r.registerCode, r.useStatus]).sort(), [
      [codes[0], 3],
      [codes[1], 3],
      [codes[2], 1],
    ]);
  });

  test('an attachment uploaded on the elevator detail is listed, opens in the PDF viewer and is removed', async () => {
    const api = await apiAs(server.baseUrl, 'jg_qingxiu');
    const id = await createElevator(api, testCode('2096', 20), { name: '附件测试梯' });
    const page = await pageAs('jg_qingxiu');
    await page.goto(`${server.baseUrl}/#/basicInformation/elevatorPageDetails?id=${id}`);
    const detail = page.getByTestId('elevator-detail');
    await detail.getByText(`电梯详情 · ${testCode('2096', 20)}`).waitFor();
    await detail.getByRole('tab', { name: '附件' }).click();
    const tab = detail.getByTestId('elevator-attachments');
    await tab.getByText('暂无附件').waitFor();

    const choosing = page.waitForEvent('filechooser');
    await tab.getByRole('button', { name: /上传附件/ }).click();
    await (await choosing).setFiles({
      name: '年检报告.pdf',
      mimeType: 'application/pdf',
      buffer: ONE_PAGE_PDF,
    });
    await messageWith(page, '已上传附件：年检报告.pdf');
    const row = rowsOf(tab).filter({ hasText: '年检报告.pdf' });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const listed = await api<{ fileName: string }[]>('POST', '/pc/elevator/attachment/list', {
      elevatorId: id,
    });
    assert.deepEqual(
      listed.map((a) => a.fileName),
      ['年检报告.pdf'],
    );

    await row.getByRole('button', { name: /预览/ }).click();
    const preview = page.getByRole('dialog').filter({ hasText: '年检报告.pdf' });
    await preview.locator('.pdf-page-counter', { hasText: '1 / 1' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'elevator-attachment-preview');
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: /删\s*除/ }).click();
    const popconfirm = page
      .locator('.ant-popconfirm')
      .filter({ hasText: '确定删除附件「年检报告.pdf」吗？' });
    await popconfirm.getByRole('button', { name: /删\s*除/ }).click();
    await messageWith(page, '已删除附件：年检报告.pdf');
    await tab.getByText('暂无附件').waitFor();
    assert.deepEqual(await api('POST', '/pc/elevator/attachment/list', { elevatorId: id }), []);
  });

  test('the platform admin corrects registration data and pushes a batch on 电梯数据同步', async () => {
    const api = await apiAs(server.baseUrl, 'admin');
    const code = testCode('2096', 30);
    const id = await createElevator(api, code, {
      useCertNo: '梯11桂A00001(20)',
      lastInspectDate: '2025-05-01',
    });

    const page = await pageAs('admin');
    await page.goto(`${server.baseUrl}/#/equ/manage`);
    const correction = page.getByTestId('sync-correction');
    await correction.getByPlaceholder('输入注册代码、设备代码或应急救援识别码').fill(code);
    await correction.getByRole('button', { name: /查找电梯/ }).click();
    const current = correction.getByTestId('sync-current');
    await current.getByText('梯11桂A00001(20)').waitFor();
    assert.match((await current.textContent()) ?? '', /2026-05-01/);

    await correction.getByLabel('使用登记证编号').fill('梯11桂A08888(26)');
    const last = correction.getByLabel('上次检验日期');
    await last.click();
    await last.fill('2026-03-15');
    await last.press('Enter');
    await screenshot(page, 'elevator-sync-correction');
    await correction.getByRole('button', { name: /提交修正/ }).click();
    await messageWith(page, `电梯 ${code} 的登记信息已修正`);
    await current.getByText('梯11桂A08888(26)').waitFor();
    // Only the last inspection changed: the next one follows it by a year.
    assert.match((await current.textContent()) ?? '', /2027-03-15/);
    const fixed = await api<{ useCertNo: string; lastInspectDate: string; nextInspectDate: string }>(
      'POST',
      '/pc/elevator/queryDetail/info',
      { elevatorId: id },
    );
    assert.deepEqual(
      [fixed.useCertNo, fixed.lastInspectDate, fixed.nextInspectDate],
      ['梯11桂A08888(26)', '2026-03-15', '2027-03-15'],
    );

    const batch = page.getByTestId('sync-batch');
    await batch.getByRole('tab', { name: '粘贴 JSON' }).click();
    const added = testCode('2096', 31);
    await batch.getByTestId('sync-json').fill(
      JSON.stringify([
        {
          registerCode: code,
          type: 1,
          areaCode: '450103',
          address: '南宁市青秀区同步更新路 1 号',
          floors: 26,
        },
        { registerCode: added, type: 2, areaCode: '450103', address: '南宁市青秀区同步新增路 2 号' },
      ]),
    );
    await batch.getByRole('button', { name: /校验数据/ }).click();
    await batch
      .getByTestId('sync-preview')
      .getByText(/共 2 条，校验通过/)
      .waitFor();
    await batch.getByRole('button', { name: /开始同步（2 条）/ }).click();
    await messageWith(page, '同步完成：新增 1 台，更新 1 台');
    const result = batch.getByTestId('sync-result');
    await result.waitFor();
    assert.match((await result.textContent()) ?? '', /新增1台[\s\S]*更新1台/);
    const after = await api<{ records: { registerCode: string; address: string; type: number }[] }>(
      'POST',
      '/pc/elevator/queryList',
      { page: 1, limit: 10, registerCode: testCode('2096', 3).slice(0, 16) },
    );
    const byCode = new Map(after.records.map((r) => [r.registerCode, r]));
    assert.equal(byCode.get(code)?.address, '南宁市青秀区同步更新路 1 号');
    assert.equal(byCode.get(added)?.type, 2);
  });
});

describe('maintenance work orders (维保记录, 维保工单详情, 维保日志)', () => {
  test('wb_admin1 opens an elevator’s 维保记录, a finished work order item by item, and its log', async () => {
    const api = await apiAs(server.baseUrl, 'wb_admin1');
    // An elevator bound since the demo data was made (claims in earlier tests bind new ones, without orders).
    const { records: elevators } = await api<{ records: { id: number; registerCode: string }[] }>(
      'POST',
      '/pc/elevator/queryList',
      { page: 1, limit: 50, sortField: 'id', sortOrder: 'ascend' },
    );
    type Orders = { records: { id: number; orderNo: string; statusLabel: string }[]; total: number };
    let mine = elevators[0];
    let orders: Orders = { records: [], total: 0 };
    for (const e of elevators) {
      mine = e;
      orders = await api<Orders>('POST', '/pc/elevator/queryDetail/maintenanceOrderInfo', {
        elevatorId: e.id,
        page: 1,
        limit: 10,
      });
      if (orders.records.some((o) => o.statusLabel === '已完成')) break;
    }
    const done = orders.records.find((o) => o.statusLabel === '已完成');
    assert.ok(done, 'a demo elevator of wb_admin1 has a finished work order');

    const page = await pageAs('wb_admin1');
    await page.goto(`${server.baseUrl}/#/basicInformation/elevatorPageDetails?id=${mine.id}`);
    const detail = page.getByTestId('elevator-detail');
    await detail.getByRole('tab', { name: '维保记录' }).click();
    const table = detail.getByTestId('maintenance-orders');
    await table.locator('.ant-pagination-total-text', { hasText: `共 ${orders.total} 条` }).waitFor();
    assert.equal(await rowsOf(table).count(), Math.min(10, orders.total));
    await screenshot(page, 'elevator-maintenance-orders');

    await rowsOf(table).filter({ hasText: done.orderNo }).getByRole('button', { name: done.orderNo }).click();
    const order = page.getByTestId('work-order');
    await order.getByText(`维保工单 · ${done.orderNo}`).waitFor();
    const items = order.getByTestId('work-order-items');
    await items.locator('.ant-table-row').first().waitFor();
    assert.ok((await items.locator('.ant-table-row').count()) >= 31, 'every half-month item is listed');
    assert.match((await order.textContent()) ?? '', /已完成/);
    await screenshot(page, 'maintenance-work-order');

    await order.getByRole('button', { name: /维保日志/ }).click();
    const log = page.getByTestId('order-log');
    await log.getByText(`维保日志 · ${done.orderNo}`).waitFor();
    // The title and the steps come from two calls: wait for the steps themselves.
    await log.getByTestId('order-log-step').nth(4).waitFor();
    const steps = await log.getByTestId('order-log-step').allTextContents();
    assert.deepEqual(
      steps.map((s) => s.match(/^(创建工单|现场签到|现场签退|提交维保记录|使用单位确认)/)?.[1]),
      ['创建工单', '现场签到', '现场签退', '提交维保记录', '使用单位确认'],
    );
  });

  test('a work order of another company’s elevator is refused', async () => {
    const other = await apiAs(server.baseUrl, 'wb_admin2');
    const [theirs] = (
      await other<{ records: { id: number }[] }>('POST', '/pc/elevator/queryList', {
        page: 1,
        limit: 1,
        sortField: 'id',
        sortOrder: 'ascend',
      })
    ).records;
    const [order] = (
      await other<{ records: { id: number }[] }>('POST', '/pc/elevator/queryDetail/maintenanceOrderInfo', {
        elevatorId: theirs.id,
      })
    ).records;
    const page = await pageAs('wb_admin1');
    await page.goto(`${server.baseUrl}/#/basicInformation/workOrderNo?id=${order.id}`);
    await page.getByText('工单不存在或无权访问').first().waitFor();
  });
});

describe('单位电梯: one use unit’s elevators, from 使用单位管理', () => {
  test('the admin opens 单位电梯 of a unit and sees exactly its elevators', async () => {
    const page = await pageAs('admin');
    await page.goto(`${server.baseUrl}/#/basicInformation/hon`);
    const units = page.locator('[data-page="/basicInformation/hon"]');
    // A demo use unit bound to elevators (the first demo use unit).
    const unitName = '南宁青秀万象物业服务有限公司';
    const row = units.locator('.ant-table-row', { hasText: unitName }).first();
    await row.waitFor();
    await row.getByRole('button', { name: '单位电梯' }).click();
    await page.waitForURL(/#\/basicInformation\/myTheElevator\?id=\d+/);
    const id = Number(new URL(page.url().replace('#/', '')).searchParams.get('id'));
    const api = await apiAs(server.baseUrl, 'admin');
    const expected = await api<{ records: { registerCode: string }[]; total: number }>(
      'POST',
      '/pc/elevator/queryList',
      { page: 1, limit: 10, useCompanyId: id },
    );
    assert.ok(expected.total > 0, 'the demo unit has elevators');
    const list = page.getByTestId('unit-elevators');
    await page.getByText(`单位电梯 · ${unitName}`).waitFor();
    await totalText(list)
      .filter({ hasText: `共 ${expected.total} 条` })
      .waitFor();
    const shown = await rowsOf(list).allTextContents();
    for (const e of expected.records)
      assert.ok(
        shown.some((r) => r.includes(e.registerCode)),
        e.registerCode,
      );
    // The page fixes the unit: its search form offers no 使用单位 field that would do nothing.
    await list.getByText('展开').click();
    await searchField(list, '维保单位').waitFor();
    assert.equal(await searchField(list, '使用单位').count(), 0);
  });
});
