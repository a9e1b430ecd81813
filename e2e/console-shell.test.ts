import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs } from './elevator-support.ts';
import {
  DEMO_PASSWORD,
  launchBrowser,
  type RunningServer,
  screenshot,
  signIn,
  smsCodeFor,
  startServer,
  until,
  watchForeignRequests,
} from './support.ts';

let server: RunningServer;
let browser: Browser;
const foreign: string[][] = [];

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
const topMenuTitles = (page: Page) =>
  page
    .locator('.ant-pro-sider-menu > li.ant-menu-item, .ant-pro-sider-menu > li.ant-menu-submenu')
    .allInnerTexts();
const tagPaths = (page: Page) =>
  page.locator('.tags-view [data-tag]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tag')));

/**
 * Opens the tags' action menu and picks an item. The menu opens on hover: the pointer first leaves
 * and the previous menu finishes closing, or its leave animation holds a second copy of the item
 * that is "visible" to the locator and then hidden under the click.
 */
async function hoverMenu(page: Page, trigger: string, label: string) {
  await page.mouse.move(0, 0);
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await until(async () => (await open.count()) === 0, 'the previous menu to close');
  await page.locator(trigger).hover();
  await open.locator('.ant-dropdown-menu-item', { hasText: label }).click();
}
const tagAction = (page: Page, label: string) => hoverMenu(page, '.tags-actions', label);

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('console shell', () => {
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    ({ context, page } = await newPage());
  });
  after(async () => context.close());

  test('without a token any page redirects to login with the wanted path', async () => {
    await page.goto(`${server.baseUrl}/#/permission/page`);
    await waitForHash(page, '#/login?redirect=/permission/page');
    await page.getByPlaceholder('用户名或手机号').waitFor();
    assert.match(await page.title(), /登录 - 南宁市电梯云监管平台/);
    await screenshot(page, 'sign-in');
  });

  test('a wrong password shows the server message', async () => {
    await page.getByPlaceholder('用户名或手机号').fill('admin');
    await page.getByPlaceholder('密码').fill('Wrong@2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const error = page.locator('.ant-message-error');
    await error.waitFor();
    assert.match((await error.textContent()) ?? '', /用户名或密码错误/);
    assert.match(hashOf(page), /^#\/login/);
  });

  test('admin signs in, lands on the wanted page, and sees the full menu', async () => {
    await page.getByPlaceholder('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await waitForHash(page, '#/permission/page');
    // 用户管理 is built (issue 4); pages not built yet still show the placeholder (see the tags test).
    await page.locator('[data-page="/permission/page"] [data-testid="user-table"]').waitFor();
    assert.match(await page.title(), /^用户管理 - /);
    await screenshot(page, 'users-page');

    await page.locator('.ant-pro-sider-menu').getByText('首页', { exact: true }).click();
    await waitForHash(page, '#/dashboard');
    await page.getByText('平台管理员').first().waitFor();
    assert.match((await page.locator('.dashboard h4').textContent()) ?? '', /平台管理员/);
    const titles = await topMenuTitles(page);
    for (const group of [
      '首页',
      '综合管理',
      '系统设置',
      '基础信息',
      '广告管理',
      '检验机构',
      '电子巡检',
      '运维中心',
    ]) {
      assert.ok(
        titles.some((t) => t.includes(group)),
        `menu has ${group}: ${titles.join(',')}`,
      );
    }
    assert.ok(!titles.some((t) => t.includes('物联网')), 'the iot entry is hidden');
    assert.equal(titles.length, 15);
    await until(async () => (await page.locator('.ant-message-notice').count()) === 0, 'messages to fade');
    await screenshot(page, 'dashboard');
  });

  test('route search opens a page', async () => {
    await page.getByRole('button', { name: '搜索菜单' }).click();
    await page.locator('.route-search input').fill('角色管理');
    await page.locator('.ant-select-item-option', { hasText: '角色管理' }).first().click();
    await waitForHash(page, '#/permission/role');
    await page.locator('.app-breadcrumb', { hasText: '角色管理' }).waitFor();
    assert.match((await page.locator('.app-breadcrumb').textContent()) ?? '', /系统设置[\s\S]*角色管理/);
  });

  test('tags: open three pages, close others, refresh', async () => {
    for (const path of ['/permission/page', '/ad/point', '/ad/task']) {
      await page.goto(`${server.baseUrl}/#${path}`);
      await page.locator(`[data-tag="${path}"]`).waitFor();
    }
    assert.deepEqual(await tagPaths(page), [
      '/dashboard',
      '/permission/page',
      '/permission/role',
      '/ad/point',
      '/ad/task',
    ]);
    // Cached pages stay mounted, hidden.
    assert.equal(await page.locator('[data-page="/ad/point"]').count(), 1);

    await tagAction(page, '关闭其他');
    await until(async () => (await page.locator('.tags-view [data-tag]').count()) === 2, 'two tags');
    assert.deepEqual(await tagPaths(page), ['/dashboard', '/ad/task']);
    assert.equal(await page.locator('[data-page="/ad/point"]').count(), 0);

    await tagAction(page, '刷新');
    await page.locator('[data-page="/ad/task"] .ant-table-thead', { hasText: '订单号' }).waitFor();
    assert.equal(hashOf(page), '#/ad/task');

    await page.locator('[data-tag="/ad/task"] .ant-tag-close-icon').click();
    await waitForHash(page, '#/dashboard');
    assert.deepEqual(await tagPaths(page), ['/dashboard']);
  });

  test('the size switch persists after a reload', async () => {
    await page.locator('.size-select').click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'Small' }).click();
    await page.locator('.ant-message-success', { hasText: 'Switch Size Success' }).waitFor();
    await page.reload();
    await page.locator('.sidebar-toggle').waitFor();
    assert.match((await page.locator('.sidebar-toggle').getAttribute('class')) ?? '', /ant-btn-sm/);
    const size = (await context.cookies()).find((c) => c.name === 'size');
    assert.equal(size?.value, 'small');
  });

  test('log out clears the token and returns to sign-in', async () => {
    await hoverMenu(page, '.user-menu', '退出登录');
    await waitForHash(page, '#/login');
    assert.equal(
      (await context.cookies()).find((c) => c.name === 'Monitor-Token'),
      undefined,
    );
    await page.goto(`${server.baseUrl}/#/dashboard`);
    await waitForHash(page, /^#\/login/);
  });
});

describe('a maintenance company account', () => {
  test('sees only its menu and gets /401 for an admin-only page', async () => {
    const { context, page } = await newPage();
    await signIn(page, server.baseUrl, 'wb_admin1');
    await waitForHash(page, '#/dashboard');
    await page.locator('.ant-pro-sider-menu').waitFor();
    const titles = await topMenuTitles(page);
    assert.ok(
      titles.some((t) => t.includes('基础信息')),
      titles.join(','),
    );
    assert.ok(!titles.some((t) => t.includes('系统设置')), titles.join(','));
    assert.ok(titles.length < 14);

    await page.goto(`${server.baseUrl}/#/permission/page`);
    await waitForHash(page, '#/401');
    await page.getByText('抱歉，您没有权限访问该页面。').waitFor();
    await context.close();
  });
});

describe('change password', () => {
  test('works end to end and the new password signs in', async () => {
    const { context, page } = await newPage();
    await signIn(page, server.baseUrl, 'sy_admin1');
    await waitForHash(page, '#/dashboard');
    await hoverMenu(page, '.user-menu', '修改密码');
    const form = page.locator('.change-password-form');
    await form.waitFor();

    // The spec's messages show before anything is sent.
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('请输入旧密码').waitFor();
    await form.getByText('请输入新密码').waitFor();
    await form.getByText('请再次输入密码').waitFor();
    await form.locator('#rePassword').fill('x');
    await form.locator('#password').fill('abc123');
    await form.getByText('您输入的密码过于简单，请尝试其他密码。').waitFor();

    await form.locator('#currPassword').fill(DEMO_PASSWORD);
    await form.locator('#password').fill('Lift2026new');
    await form.locator('#rePassword').fill('Lift2026new');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-success', { hasText: '修改密码成功' }).waitFor();

    await hoverMenu(page, '.user-menu', '退出登录');
    await waitForHash(page, '#/login');

    await signIn(page, server.baseUrl, 'sy_admin1', DEMO_PASSWORD);
    await page.locator('.ant-message-error').waitFor();
    await signIn(page, server.baseUrl, 'sy_admin1', 'Lift2026new');
    await waitForHash(page, '#/dashboard');
    await context.close();
  });
});

describe('change phone', () => {
  test('asks for the phone first, counts down, refuses a wrong code and saves with the right one', async () => {
    const { context, page } = await newPage();
    await signIn(page, server.baseUrl, 'aq_officer1');
    await waitForHash(page, '#/dashboard');
    await hoverMenu(page, '.user-menu', '修改手机号');
    const form = page.locator('.change-phone-form');
    await form.waitFor();

    // No code is sent before the phone validates.
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByText('请输入手机号').waitFor();
    await form.locator('#phone').fill('1390771');
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByText('请输入正确的手机号码').waitFor();
    assert.equal(smsCodeFor(server, '1390771'), null);

    const phone = '13907719999';
    await form.locator('#phone').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    // Sent: the button waits 60 s, counting down.
    await form.getByRole('button', { name: /\d+秒后重新获取/ }).waitFor();
    assert.equal(await form.getByRole('button', { name: /\d+秒后重新获取/ }).isDisabled(), true);
    await until(() => smsCodeFor(server, phone) !== null, 'the SMS code in the server output');
    const code = smsCodeFor(server, phone)!;

    await form.locator('#smsCode').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-error').waitFor();

    await form.locator('#smsCode').fill(code);
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-success', { hasText: '更新成功' }).waitFor();

    // The dialog shows the new phone, masked (the user menu opened anew, after the first has closed).
    await hoverMenu(page, '.user-menu', '修改手机号');
    await page.locator('.change-phone-form').getByText('139****9999').waitFor();
    await context.close();
  });
});

describe('find password', () => {
  test('resets the password with the SMS code: the old one is refused, the new one signs in', async () => {
    const api = await apiAs(server.baseUrl, 'kf_agent1');
    const { telephone: phone } = await api<{ telephone: string | null }>('GET', '/pc/sysUser/getUserInfo');
    assert.ok(phone, 'the demo call-centre agent has a phone');
    const { context, page } = await newPage();
    await page.goto(`${server.baseUrl}/#/findPassWord`);
    const form = page.locator('.find-password-form');
    await form.waitFor();
    await form.locator('#phone').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByRole('button', { name: /\d+秒后重新获取/ }).waitFor();
    await until(() => smsCodeFor(server, phone) !== null, 'the SMS code in the server output');
    await form.locator('#smsCode').fill(smsCodeFor(server, phone)!);
    const fresh = 'Agent@2027';
    await form.locator('#password').fill(fresh);
    await form.locator('#rePassword').fill(fresh);
    await form.locator('button[type="submit"]').click();
    await page.locator('.ant-message-success', { hasText: '密码已重置' }).waitFor();
    await waitForHash(page, '#/login');

    await signIn(page, server.baseUrl, 'kf_agent1');
    await page.locator('.ant-message-error', { hasText: '用户名或密码错误' }).waitFor();
    await signIn(page, server.baseUrl, 'kf_agent1', fresh);
    await waitForHash(page, '#/dashboard');
    await context.close();
  });
});

describe('network', () => {
  test('no request went to any host but the server', () => {
    assert.deepEqual(foreign.flat(), []);
  });
});
