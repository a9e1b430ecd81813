import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  closeDropdown,
  launchBrowser,
  pickOption,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
  until,
  watchForeignRequests,
} from './support.ts';

/**
 * System settings (issue 4) in a real browser against the real server: roles and users decide the
 * sidebar, dictionary changes reach the selects of other pages, the platform title reaches the
 * sidebar, and the operation log shows what the administrator just did.
 */

let server: RunningServer;
let browser: Browser;
const foreign: string[][] = [];

const ROLE_NAME = '电梯管理专员';
const ROLE_KEY = 'elevator_only';
const USERNAME = 'e2e_elevator';
const REAL_NAME = '电梯专员小李';
const NEW_PASSWORD = 'Elevator2026x';
const DICT_KEY = 'e2e_occasion';
const DICT_VALUE = '端到端测试场所';
const PLATFORM_TITLE = '南宁电梯安全云平台（测试）';

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  foreign.push(watchForeignRequests(context, server.baseUrl));
  const page = await context.newPage();
  return { context, page };
}

const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);
const waitForHash = (page: Page, hash: string | RegExp) =>
  until(
    () => (typeof hash === 'string' ? hashOf(page) === hash : hash.test(hashOf(page))),
    `hash ${hash} (at ${page.url()})`,
  );

/** Opens a console page by its hash path and waits until it is the visible one. */
async function open(page: Page, path: string): Promise<Locator> {
  await page.goto(`${server.baseUrl}/#${path}`);
  await waitForHash(page, `#${path}`);
  const shown = page.locator(`[data-page="${path}"]`);
  await shown.waitFor();
  return shown;
}

const topMenuTitles = (page: Page) =>
  page
    .locator('.ant-pro-sider-menu > li.ant-menu-item, .ant-pro-sider-menu > li.ant-menu-submenu')
    .allInnerTexts();

/** A form item of the open dialog, by its label. */
const dialogItem = (page: Page, label: string) =>
  page.locator('.ant-modal:visible .ant-form-item').filter({
    has: page.locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }),
  });

/** Picks an option of a select; `search` types first (long lists are virtual: far options are not rendered). */
/** A text box of a list page's search form, by its label. */
const searchField = (scope: Locator, label: string) =>
  scope.locator('.ant-pro-table-search .ant-form-item', { hasText: label }).locator('input');

async function expectSuccess(page: Page, text: string | RegExp) {
  await page.locator('.ant-message-success', { hasText: text }).first().waitFor();
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  assert.deepEqual(foreign.flat(), [], 'the console asks no other host');
});

describe('system settings as the platform administrator', () => {
  let context: BrowserContext;
  let page: Page;
  let oneTimePassword = '';

  before(async () => {
    ({ context, page } = await newPage());
    await signIn(page, server.baseUrl, 'admin');
    await waitForHash(page, '#/dashboard');
  });
  after(async () => context.close());

  test('a role that may only see 电梯管理', async () => {
    const roles = await open(page, '/permission/role');
    await roles.getByRole('button', { name: '新增角色' }).click();
    await dialogItem(page, '角色名称').locator('input').fill(ROLE_NAME);
    await dialogItem(page, '角色标识').locator('input').fill(ROLE_KEY);
    await pickOption(page, dialogItem(page, '数据范围'), '全部数据');

    const tree = page.locator('.ant-modal:visible .menu-tree-picker');
    await tree.locator('.menu-tree-search input').fill('电梯管理');
    await tree.locator('.menu-tree-search input').press('Enter');
    const node = tree.locator('.ant-tree-treenode').filter({
      has: page.locator('.menu-node-name', { hasText: /^电梯管理$/ }),
    });
    await node.locator('.ant-tree-checkbox').click();
    // The page, its buttons and its directory are granted together.
    await until(
      async () => Number(/已选 (\d+) 项/.exec((await tree.textContent()) ?? '')?.[1]) >= 2,
      'the page and its directory',
    );
    await screenshot(page, 'system-role-form');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expectSuccess(page, '角色已创建');
    await searchField(roles, '角色标识').fill(ROLE_KEY);
    await roles.getByRole('button', { name: /查\s*询/ }).click();
    const row = roles.locator('.ant-table-row', { hasText: ROLE_KEY });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /全部数据/);
  });

  test('a user with that role gets a one-time password', async () => {
    const users = await open(page, '/permission/page');
    await users.getByRole('button', { name: '新增用户' }).click();
    await dialogItem(page, '用户名').locator('input').fill(USERNAME);
    await dialogItem(page, '姓名').locator('input').fill(REAL_NAME);
    await pickOption(page, dialogItem(page, '角色'), ROLE_NAME, ROLE_NAME);
    await closeDropdown(page);
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /保\s*存/ })
      .click();

    const shown = page.locator('[data-testid="one-time-password"]');
    await shown.waitFor();
    oneTimePassword = ((await shown.textContent()) ?? '').trim();
    assert.match(oneTimePassword, /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/);
    await screenshot(page, 'system-one-time-password');
    await page.getByRole('button', { name: '我已记下' }).click();
    const row = users.locator('.ant-table-row', { hasText: USERNAME });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', new RegExp(ROLE_NAME));
  });

  test('the new user changes the one-time password first, then sees only 电梯管理', async () => {
    assert.ok(oneTimePassword, 'the previous test created the user');
    const { context: other, page: theirs } = await newPage();
    try {
      await signIn(theirs, server.baseUrl, USERNAME, oneTimePassword);
      // The one-time password leads to its change and nothing else, whatever the address.
      const form = theirs.locator('.temporary-password-form');
      await form.waitFor();
      assert.equal(await theirs.locator('.ant-pro-sider-menu').count(), 0);
      await theirs.goto(`${server.baseUrl}/#/basicInformation/theElevatorManagement`);
      await form.waitFor();
      await theirs.goto(`${server.baseUrl}/#/dashboard`);
      await form.waitFor();
      await screenshot(theirs, 'system-temporary-password');
      await form.getByLabel('临时密码').fill(oneTimePassword);
      await form.getByLabel('新密码').fill(NEW_PASSWORD);
      await form.getByLabel('确认密码').fill(NEW_PASSWORD);
      await form.getByRole('button', { name: '修改密码并进入系统' }).click();
      // The console opens where the user was going.
      await waitForHash(theirs, '#/dashboard');
      await theirs.locator('.ant-pro-sider-menu').waitFor();
      assert.deepEqual(
        (await topMenuTitles(theirs)).map((t) => t.trim()),
        ['基础信息'],
      );
      await theirs.locator('.ant-pro-sider-menu').getByText('基础信息', { exact: true }).click();
      const pages = theirs.locator('.ant-pro-sider-menu .ant-menu-sub .ant-menu-item');
      await pages.first().waitFor();
      assert.deepEqual(
        (await pages.allInnerTexts()).map((t) => t.trim()),
        ['电梯管理'],
      );
      await pages.first().click();
      await waitForHash(theirs, '#/basicInformation/theElevatorManagement');
      await theirs.locator('[data-page="/basicInformation/theElevatorManagement"] .ant-table').waitFor();
      await screenshot(theirs, 'system-restricted-user');

      await theirs.goto(`${server.baseUrl}/#/permission/page`);
      await waitForHash(theirs, '#/401');
    } finally {
      await other.close();
    }
  });

  test('a new dictionary value appears in a select on another page', async () => {
    const values = await open(page, '/permission/dictionaryValue');
    await pickOption(page, values.locator('.dict-type-select'), '使用场所（use_occasion）', 'use_occasion');
    await values.locator('.ant-table-row', { hasText: '住宅' }).first().waitFor();
    await values.getByRole('button', { name: '新增字典值' }).click();
    assert.match((await dialogItem(page, '所属字典').textContent()) ?? '', /use_occasion/);
    await dialogItem(page, '字典键').locator('input').fill(DICT_KEY);
    await dialogItem(page, '字典值').locator('input').fill(DICT_VALUE);
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expectSuccess(page, '字典值已新增');
    await values.locator('.ant-table-row', { hasText: DICT_VALUE }).waitFor();

    // The elevator form's 使用场所 select reads the console's dictionary cache.
    const elevators = await open(page, '/basicInformation/theElevatorManagement');
    await elevators
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const occasion = dialogItem(page, '使用场所');
    await occasion.locator('.ant-select-selector').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DICT_VALUE })
      .waitFor();
    await screenshot(page, 'system-dictionary-in-select');
    await closeDropdown(page);
    await page.locator('.ant-modal:visible .ant-modal-close').click();
  });

  test('a new platform title replaces the sidebar title', async () => {
    const platform = await open(page, '/permission/platformSet');
    const title = platform.locator('#title');
    await title.fill(PLATFORM_TITLE);
    await platform.locator('.platform-preview', { hasText: PLATFORM_TITLE }).waitFor();
    await platform.getByRole('button', { name: /保\s*存/ }).click();
    await expectSuccess(page, '平台设置已保存');
    await page.locator('.sidebar-logo', { hasText: PLATFORM_TITLE }).waitFor();
    await until(() => page.title().then((t) => t.endsWith(PLATFORM_TITLE)), 'the document title');
    await screenshot(page, 'system-platform-title');

    // It is the server's record, not only this tab's state.
    await page.reload();
    await page.locator('.sidebar-logo', { hasText: PLATFORM_TITLE }).waitFor();
  });

  test('the administrator finds their own actions in 操作记录', async () => {
    const log = await open(page, '/permission/operationRecord');
    await searchField(log, '操作人').fill('admin');
    await log.getByRole('button', { name: /查\s*询/ }).click();
    const rows = log.locator('.ant-table-row');
    for (const action of ['新增或修改角色', '新增或修改用户', '保存字典值', '设置平台标题与标识']) {
      await rows.filter({ hasText: action }).first().waitFor();
    }
    for (const text of await rows.allInnerTexts()) assert.match(text, /admin/);
    await screenshot(page, 'system-operation-record');

    await rows.filter({ hasText: '新增或修改角色' }).first().getByRole('button', { name: '详情' }).click();
    const detail = page.locator('.oplog-detail');
    await detail.waitFor();
    assert.match((await detail.textContent()) ?? '', new RegExp(ROLE_KEY));
    assert.match((await detail.textContent()) ?? '', /\/pc\/sysRole\/save/);
  });
});
