import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  type Api,
  apiAs,
  expectCount,
  messageWith,
  rowsOf,
  runSearch,
  searchField,
  settle,
} from './elevator-support.ts';
import {
  closeDropdown,
  launchBrowser,
  pickOption,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
  watchForeignRequests,
} from './support.ts';

/**
 * Emergency codes in the console, against the real server: the platform generates a batch on
 * 应急码认领; the administrator grants the use units' role the code pages; use unit 1 claims codes,
 * unbinds a lift's old code and binds a new one on 绑定记录, and prints the lift's signboard — the
 * downloaded PDF's text holds the code; a passer-by opens the signboard's public page on a phone
 * without signing in and reports a trapped passenger, which opens a case at the 96333 centre.
 */

let server: RunningServer;
let browser: Browser;
const foreign: string[][] = [];

interface Page_<T> {
  records: T[];
  total: number;
}
interface MenuNode {
  id: number;
  url: string;
  type: string;
  children: MenuNode[];
}
interface CodeLift {
  id: number;
  registerCode: string;
  address: string;
  rescueCode: string | null;
}

const CODE_PAGES = ['/emergencyCode/claimCode', '/emergencyCode/bindRecord', '/emergencyCode/signboard'];

async function newPage(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    acceptDownloads: true,
  });
  foreign.push(watchForeignRequests(context, server.baseUrl));
  const page = await context.newPage();
  await signIn(page, server.baseUrl, username);
  await page.locator('.ant-pro-sider-menu').waitFor();
  return { context, page };
}

async function open(page: Page, path: string): Promise<Locator> {
  await page.goto(`${server.baseUrl}/#${path}`);
  const scope = page.locator(`[data-page="${path}"]`);
  await scope.locator('.ant-table-wrapper').first().waitFor();
  await settle(scope);
  return scope;
}

async function search(scope: Locator, label: string, value: string) {
  await searchField(scope, label).locator('input').fill(value);
  await runSearch(scope);
}

/** Picks an option of a ProFormSelect in a dialog by typing and choosing the match. */
async function choose(page: Page, dialog: Locator, label: string, typed: string, option: string) {
  const item = dialog.locator('.ant-form-item').filter({ hasText: label });
  await pickOption(page, item.locator('.ant-select'), option, typed);
  await closeDropdown(page);
}

/** The text of every page of a PDF (pdf.js, as the server's PDF tests read theirs). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: bytes, isEvalSupported: false }).promise;
  let out = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    out += `${content.items.map((i) => ('str' in i ? i.str : '')).join('')}\n`;
  }
  return out;
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

describe('应急码: generate, claim, bind, print, and report from the public page', () => {
  let admin: Api;
  let unit: Api;
  let claimed: string[] = [];
  let lift: CodeLift;

  before(async () => {
    admin = await apiAs(server.baseUrl, 'admin');
    // The administrator grants the use units' role the code pages (and their buttons).
    const tree = await admin<MenuNode[]>('GET', '/pc/sysMenu/tree');
    const ids: number[] = [];
    const walk = (nodes: MenuNode[], inside: boolean) => {
      for (const n of nodes) {
        const hit = inside || CODE_PAGES.includes(n.url);
        if (hit) ids.push(n.id);
        walk(n.children, hit);
      }
    };
    walk(tree, false);
    assert.ok(ids.length >= 3, 'the code pages are in the menu');
    const roles = await admin<Page_<{ id: number; roleKey: string }>>('GET', '/pc/sysRole/query', {
      roleKey: 'use_admin',
      page: 1,
      limit: 10,
    });
    const role = roles.records.find((r) => r.roleKey === 'use_admin');
    assert.ok(role, 'the use units’ role exists');
    const detail = await admin<{
      id: number;
      roleKey: string;
      name: string;
      dataScope: string;
      roleType: string | null;
      menuIds: number[];
    }>('GET', `/pc/sysRole/detail/${role.id}`);
    await admin('POST', '/pc/sysRole/save', {
      id: detail.id,
      roleKey: detail.roleKey,
      name: detail.name,
      dataScope: detail.dataScope,
      roleType: detail.roleType ?? '',
      menuIds: [...new Set([...detail.menuIds, ...ids])],
    });
    unit = await apiAs(server.baseUrl, 'sy_admin1');
    const lifts = await unit<Page_<CodeLift>>('GET', '/pc/emergencyCode/lift/list', {
      bound: 'true',
      page: 1,
      limit: 50,
    });
    // A lift with no rescue under way (a report would join the open case instead of opening one).
    for (const l of lifts.records) {
      const open = await admin<Page_<unknown>>('GET', '/pc/serviceUserOrder/orderList', {
        elevatorId: l.id,
        open: 'true',
        page: 1,
        limit: 1,
      });
      if (open.total === 0) {
        lift = l;
        break;
      }
    }
    assert.ok(lift?.rescueCode, 'use unit 1 has a lift with a code and no open case');
  });

  test('the platform generates a batch of codes on 应急码认领', async () => {
    const { context, page } = await newPage('admin');
    const scope = await open(page, '/emergencyCode/claimCode');
    await scope.getByTestId('generate-codes').click();
    const dialog = page.locator('.generate-dialog');
    await dialog.locator('.ant-form-item').filter({ hasText: '生成数量' }).locator('input').fill('20');
    await dialog.getByRole('button', { name: /生\s*成/ }).click();
    await messageWith(page, /已生成批次 .+，共 20 个应急码/);
    const batches = await admin<Page_<{ batchNo: string; quantity: number }>>(
      'GET',
      '/pc/emergencyCode/batch/list',
      {
        page: 1,
        limit: 10,
      },
    );
    const batch = batches.records.find((b) => b.quantity === 20);
    assert.ok(batch, 'the new batch holds 20 codes');
    await scope.getByRole('tab', { name: '生成批次' }).click();
    await expectCount(rowsOf(scope.getByTestId('batch-list')).filter({ hasText: batch.batchNo }), 1);
    await screenshot(page, 'emergency-code-generate');
    await context.close();
  });

  test('use unit 1 claims codes, unbinds a lift’s old code and binds a new one', async () => {
    const { context, page } = await newPage('sy_admin1');
    let scope = await open(page, '/emergencyCode/claimCode');
    await scope.getByTestId('claim-codes').click();
    const claim = page.locator('.claim-dialog');
    await claim.locator('.ant-form-item').filter({ hasText: '认领数量' }).locator('input').fill('2');
    await claim.getByRole('button', { name: /认\s*领/ }).click();
    await messageWith(page, '已认领 2 个应急码');
    const mine = await unit<Page_<{ code: string }>>('GET', '/pc/emergencyCode/list', {
      state: 'claimed',
      temporary: 'false',
      page: 1,
      limit: 50,
    });
    claimed = mine.records.map((r) => r.code);
    assert.ok(claimed.length >= 2, 'the claimed codes are listed as 已认领');

    scope = await open(page, '/emergencyCode/bindRecord');
    await search(scope, '应急码', lift.rescueCode ?? '');
    const bindRow = rowsOf(scope).filter({ hasText: '绑定' }).first();
    await bindRow.getByTestId('unbind').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await messageWith(page, `应急码 ${lift.rescueCode} 已解绑`);

    await scope.getByTestId('bind-code-button').click();
    const bind = page.locator('.bind-dialog');
    await choose(page, bind, '应急码', claimed[0], claimed[0]);
    await choose(page, bind, '电梯', lift.registerCode, lift.registerCode);
    await bind.getByRole('button', { name: /绑\s*定/ }).click();
    await messageWith(page, `应急码 ${claimed[0]} 已绑定`);
    const now = await unit<Page_<CodeLift>>('GET', '/pc/emergencyCode/lift/list', {
      keyword: lift.registerCode,
      page: 1,
      limit: 5,
    });
    assert.equal(now.records.find((l) => l.id === lift.id)?.rescueCode, claimed[0]);
    await screenshot(page, 'emergency-code-bind');
    await context.close();
  });

  test('the signboard PDF downloads and its text holds the new code, 96333 and the address', async () => {
    const { context, page } = await newPage('sy_admin1');
    const scope = await open(page, '/emergencyCode/signboard');
    await search(scope, '注册代码', lift.registerCode);
    await expectCount(rowsOf(scope), 1);
    const downloading = page.waitForEvent('download');
    await rowsOf(scope).first().getByTestId('print-one').click();
    const file = await downloading;
    assert.match(file.suggestedFilename(), /\.pdf$/);
    const text = await pdfText(new Uint8Array(await readFile((await file.path()) as string)));
    assert.ok(text.includes(claimed[0]), 'the signboard shows the code');
    assert.ok(text.includes('96333'), 'the signboard shows 96333');
    assert.ok(
      text.replace(/\s/g, '').includes(lift.address.replace(/\s/g, '').slice(0, 8)),
      'and the address',
    );
    await context.close();
  });

  test('a passer-by reports a trapped passenger from the public page, and a case opens', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-CN' });
    foreign.push(watchForeignRequests(context, server.baseUrl));
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/#/r/${claimed[0]}`);
    await page.getByTestId('lift-address').waitFor();
    assert.equal(await page.getByTestId('lift-address').textContent(), lift.address);
    await page.getByTestId('kind-trapped').click();
    await page.getByTestId('report-phone').fill('13907719777');
    await page.getByTestId('report-note').fill('电梯停在 5 楼和 6 楼之间');
    await page.getByTestId('report-submit').click();
    await page.getByTestId('report-done').waitFor();
    assert.match((await page.getByTestId('report-done').textContent()) ?? '', /已通知 96333.*不要扒门/);
    await screenshot(page, 'emergency-code-public-report');
    const cases = await admin<Page_<{ source: number; kind: number; rescueCode: string | null }>>(
      'GET',
      '/pc/serviceUserOrder/orderList',
      { elevatorId: lift.id, open: 'true', page: 1, limit: 10 },
    );
    const opened = cases.records.find((c) => c.source === 4);
    assert.ok(opened, 'a case from 扫码上报 is open for the lift');
    assert.equal(opened.rescueCode, claimed[0]);
    assert.equal(opened.kind, 1);
    await context.close();
  });
});
