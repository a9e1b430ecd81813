import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Api, apiAs, messageWith, rowsOf, runSearch, searchField, settle } from './elevator-support.ts';
import {
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
 * The call centre's agent and repairs in the console, against the real server and its demo data:
 * kf_agent1 goes off and on duty on 坐席上下线 and records a call (the pop-up of the number opens and
 * the call is in today's list); the use unit sy_admin1 reports a fault of its lift on 维修记录; the
 * regulator of that lift's district finds the repair in its list; the use unit signs for two of its lifts
 * on 使用单位签约管理 and takes one out again on 签约详情.
 *
 * Until the seed's roles grant them (base.ts), the administrator grants 坐席上下线 to the call centre's
 * role and 维修记录 to the use unit's role through 角色管理's call, as an administrator would.
 */

let server: RunningServer;
let browser: Browser;
const foreign: string[][] = [];

interface ListPage<T> {
  records: T[];
  total: number;
}
interface MenuNode {
  id: number;
  url: string;
  children?: MenuNode[];
  childTree?: MenuNode[];
}

async function newPage(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  foreign.push(watchForeignRequests(context, server.baseUrl));
  const page = await context.newPage();
  await signIn(page, server.baseUrl, username);
  await page.locator('.ant-pro-sider-menu').waitFor();
  return { context, page };
}

const open = (page: Page, path: string) => page.goto(`${server.baseUrl}/#${path}`);

/** Grants the menu entries at `paths` (with their buttons) to the role `roleKey`, if it lacks them. */
async function grant(admin: Api, roleKey: string, paths: string[]) {
  const tree = await admin<MenuNode[]>('GET', '/pc/sysMenu/tree');
  const ids: number[] = [];
  const walk = (nodes: MenuNode[], inside: boolean) => {
    for (const n of nodes) {
      const hit = inside || paths.includes(n.url);
      if (hit) ids.push(n.id);
      walk(n.children ?? n.childTree ?? [], hit);
    }
  };
  walk(tree, false);
  assert.ok(ids.length >= paths.length, `menu entries for ${paths.join(', ')}`);
  const roles = await admin<ListPage<{ id: number; roleKey: string }>>('GET', '/pc/sysRole/query', {
    roleKey,
    page: 1,
    limit: 10,
  });
  const role = roles.records.find((r) => r.roleKey === roleKey);
  assert.ok(role, `role ${roleKey}`);
  const detail = await admin<{
    roleKey: string;
    name: string;
    dataScope: string;
    roleType: string | null;
    menuIds: number[];
  }>('GET', `/pc/sysRole/detail/${role.id}`);
  if (ids.every((id) => detail.menuIds.includes(id))) return;
  await admin('POST', '/pc/sysRole/save', {
    id: role.id,
    roleKey: detail.roleKey,
    name: detail.name,
    dataScope: detail.dataScope,
    roleType: detail.roleType ?? '',
    menuIds: [...new Set([...detail.menuIds, ...ids])],
  });
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiAs(server.baseUrl, 'admin');
  await grant(admin, 'callcenter', ['/service', '/serviceDetail', '/serviceEdit']);
  await grant(admin, 'use_admin', ['/basicInformation/repairs', '/userunit', '/userunitDetail']);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  assert.deepEqual(foreign.flat(), [], 'no request left the server');
});

describe('坐席上下线: kf_agent1 goes on duty and records a call', () => {
  test('switches off and on duty, records a call and sees it with its pop-up', async () => {
    const api = await apiAs(server.baseUrl, 'kf_agent1');
    const { context, page } = await newPage('kf_agent1');
    await open(page, '/serviceDetail');
    const duty = page.getByTestId('duty-switch');
    await duty.waitFor();
    await until(async () => (await duty.getAttribute('aria-checked')) === 'true', 'kf_agent1 on duty (seed)');
    await duty.click();
    await messageWith(page, '已下线');
    await until(async () => (await duty.getAttribute('aria-checked')) === 'false', 'the switch off');
    await duty.click();
    await messageWith(page, '已上线');
    await until(async () => (await duty.getAttribute('aria-checked')) === 'true', 'the switch on');
    const agents = await api<ListPage<{ username: string; online: boolean }>>(
      'GET',
      '/pc/serviceUser/query',
      {
        page: 1,
        limit: 50,
      },
    );
    assert.equal(agents.records.find((a) => a.username === 'kf_agent1')?.online, true);

    const phone = `139${String(Date.now()).slice(-8)}`;
    const form = page.getByTestId('call-form');
    await form.getByTestId('call-phone').fill(phone);
    await form.getByTestId('call-save').click();
    await messageWith(page, `已记录与 ${phone} 的通话`);
    const popup = page.getByTestId('call-popup');
    await popup.getByText(phone).waitFor();
    await screenshot(page, 'call-centre-popup');
    await page.locator('.ant-drawer-close').click();
    const calls = page.getByTestId('today-calls');
    await settle(calls);
    await rowsOf(calls).filter({ hasText: phone }).waitFor();
    const recorded = await api<ListPage<{ phone: string; directionLabel: string; agentId: number }>>(
      'GET',
      '/pc/serviceUser/callRecords',
      { phone, page: 1, limit: 5 },
    );
    assert.equal(recorded.records.length, 1);
    assert.equal(recorded.records[0].directionLabel, '呼入');
    await context.close();
  });
});

describe('应急处置: kf_agent1 opens a case from a call pop-up on the live board', () => {
  test('opens /yjcz?token=, sees the caller, 新建工单 fills the number, and the case lists the call', async () => {
    const api = await apiAs(server.baseUrl, 'kf_agent1');
    const phone = `138${String(Date.now()).slice(-8)}`;
    const made = await api<{ id: number; token: string }>('POST', '/pc/serviceUser/callPhoneRecord', {
      phone,
      direction: 1,
      startedAt: new Date().toISOString(),
    });
    const { context, page } = await newPage('kf_agent1');
    // The telephony pop-up opens the board with the call's token.
    await open(page, `/yjcz?token=${encodeURIComponent(made.token)}`);
    const popup = page.getByTestId('call-popup');
    await popup.getByText(phone).waitFor();
    assert.equal((await popup.getByTestId('call-popup-case').textContent())?.trim(), '—');
    await popup.getByTestId('call-popup-new-case').click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '新建工单' });
    await dialog.getByTestId('new-case-form').waitFor();
    assert.equal(await dialog.getByLabel('来电号码').inputValue(), phone);
    await dialog.getByRole('button', { name: /建单/ }).click();
    await messageWith(page, '已建单');
    const savedText = await page.locator('.ant-message-notice', { hasText: '已建单' }).first().textContent();
    const caseNo = /JY\d+/.exec(savedText ?? '')?.[0];
    assert.ok(caseNo, 'the case number in the message');
    // The board shows the new case; its 通话记录 lists the call.
    await page.getByRole('tab', { name: '通话记录（1）' }).click();
    await page.locator('.ant-tabs-tabpane-active').getByText(phone).waitFor();
    await screenshot(page, 'call-centre-board-case-from-call');
    const cases = await api<ListPage<{ id: number; caseNo: string }>>(
      'GET',
      '/pc/serviceUserOrder/orderList',
      {
        keyword: caseNo,
        page: 1,
        limit: 5,
      },
    );
    const opened = cases.records.find((c) => c.caseNo === caseNo);
    assert.ok(opened, `case ${caseNo} listed`);
    const detail = await api<{ calls: { id: number; phone: string }[] }>(
      'GET',
      `/pc/serviceUserOrder/detail/${opened.id}`,
    );
    assert.deepEqual(
      detail.calls.map((c) => c.id),
      [made.id],
    );

    // 客服呼叫中心: the 通话记录 tab finds the call by its number with its case; 详情 shows the agent's calls.
    await open(page, '/service');
    // The tab of this page (the board's case drawer, kept open in its own tag, has a 通话记录（1）).
    await page.locator('[data-page="/service"]').getByRole('tab', { name: '通话记录', exact: true }).click();
    const records = page.getByTestId('call-records');
    await settle(records);
    await searchField(records, '电话号码').locator('input').fill(phone);
    await runSearch(records);
    await rowsOf(records).filter({ hasText: caseNo }).waitFor();
    await page.getByRole('tab', { name: '坐席' }).click();
    const agents = page.getByTestId('agent-list');
    await settle(agents);
    await rowsOf(agents).filter({ hasText: 'kf_agent1' }).getByRole('button', { name: '详情' }).click();
    const detailDrawer = page.getByTestId('agent-detail');
    await detailDrawer.getByTestId('agent-detail-calls').getByText(caseNo).waitFor();
    await detailDrawer.getByTestId('agent-detail-shifts').getByText('上线').first().waitFor();
    await screenshot(page, 'call-centre-agent-detail');
    await context.close();
  });
});

describe('维修记录: a use unit reports a fault, the district regulator sees it', () => {
  test('sy_admin1 saves a repair of its lift; its regulator finds it', async () => {
    const sy = await apiAs(server.baseUrl, 'sy_admin1');
    const [lift] = await sy<{ id: number; registerCode: string; address: string }[]>(
      'GET',
      '/pc/elevatorIssuesRepairs/lifts',
      {},
    );
    assert.ok(lift, 'use unit 1 has a lift');
    const { context, page } = await newPage('sy_admin1');
    await open(page, '/basicInformation/repairs');
    const list = page.getByTestId('repair-list');
    await settle(list);
    await list.getByRole('button', { name: /故障报修/ }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '故障报修' });
    await dialog.getByTestId('repair-lift').click();
    await page.keyboard.type(lift.registerCode);
    await page.locator('.ant-select-item-option', { hasText: lift.registerCode }).first().click();
    await dialog.getByTestId('repair-hitch-type').click();
    await page.locator('.ant-select-item-option', { hasText: '门系统故障' }).first().click();
    await dialog.locator('textarea').fill('3 楼厅门关不上');
    await dialog.getByRole('button', { name: /提交报修/ }).click();
    await messageWith(page, '已报修，报修单号');
    const title = page.locator('.ant-drawer-title', { hasText: '报修单' });
    await title.waitFor();
    const repairNo = ((await title.textContent()) ?? '').replace('报修单', '').trim();
    assert.match(repairNo, /^BX\d{14,}$/);
    await page.getByTestId('repair-detail').getByText('门系统故障').waitFor();
    await screenshot(page, 'repair-saved');
    await context.close();

    // The regulator of the lift's district (jg_<district>) finds it.
    const admin = await apiAs(server.baseUrl, 'admin');
    const repairs = await admin<ListPage<{ repairNo: string; areaCode: string }>>(
      'GET',
      '/pc/elevatorIssuesRepairs/queryPage',
      { keyword: repairNo, page: 1, limit: 5 },
    );
    const areaCode = repairs.records[0]?.areaCode;
    const users = await admin<ListPage<{ username: string; areaCodes?: string[]; userType?: string }>>(
      'GET',
      '/pc/sysUser/query',
      { page: 1, limit: 100 },
    );
    const regulator =
      users.records.find((u) => u.username.startsWith('jg_') && (u.areaCodes ?? []).includes(areaCode))
        ?.username ?? 'jg_qingxiu';
    const reg = await newPage(regulator);
    await open(reg.page, '/basicInformation/repairs');
    const regList = reg.page.getByTestId('repair-list');
    await settle(regList);
    await searchField(regList, '关键字').locator('input').fill(repairNo);
    await runSearch(regList);
    const row = rowsOf(regList).filter({ hasText: repairNo });
    await row.waitFor();
    await row.getByText('待处理').waitFor();
    await screenshot(reg.page, 'repair-regulator');
    await reg.context.close();
  });
});

describe('使用单位签约管理: a use unit signs for its lifts and takes one out', () => {
  test('sy_admin1 saves a signing with two lifts, then removes one after a confirmation', async () => {
    const sy = await apiAs(server.baseUrl, 'sy_admin1');
    const { context, page } = await newPage('sy_admin1');
    await open(page, '/userunit');
    const list = page.getByTestId('signing-list');
    await settle(list);
    await list.getByRole('button', { name: /新增签约/ }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '新增使用单位签约' });
    const dates: [string, string][] = [
      ['signing-start', '2026-01-01'],
      ['signing-end', '2026-12-31'],
    ];
    for (const [id, day] of dates) {
      await dialog.getByTestId(id).click();
      await page.keyboard.type(day);
      await page.keyboard.press('Enter');
    }
    await dialog.getByTestId('signing-lifts').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().click();
    await options.nth(1).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await messageWith(page, '已保存签约');
    const detail = page.getByTestId('signing-detail');
    await detail.waitFor();
    const lifts = page.getByTestId('signing-lifts-table');
    await until(async () => (await rowsOf(lifts).count()) === 2, 'two lifts on the signing');
    const title = (await page.locator('.ant-card-head-title', { hasText: '签约 QY' }).textContent()) ?? '';
    const signNo = title.replace('签约', '').trim();
    await screenshot(page, 'signing-detail');

    await rowsOf(lifts).first().getByTestId('signing-lift-remove').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /移\s*除/ })
      .click();
    await messageWith(page, '已移除电梯');
    await until(async () => (await rowsOf(lifts).count()) === 1, 'one lift left');
    const found = await sy<ListPage<{ signNo: string; liftCount: number }>>(
      'GET',
      '/pc/signLease/queryPage',
      {
        keyword: signNo,
        page: 1,
        limit: 5,
      },
    );
    assert.equal(found.records[0]?.liftCount, 1);
    await context.close();
  });
});

describe("租赁签约管理: a lease names the use unit's advertising share", () => {
  test('sy_admin1 leases a lift to the advertising operator at 42.5 %, shown on the list and the detail', async () => {
    const sy = await apiAs(server.baseUrl, 'sy_admin1');
    const [partner] = await sy<{ id: number; name: string }[]>('GET', '/pc/signLease/partners');
    assert.ok(partner, 'an advertising operator to lease to');
    const { context, page } = await newPage('sy_admin1');
    await open(page, '/contract');
    const list = page.getByTestId('signing-list');
    await settle(list);
    await list.getByRole('button', { name: /新增签约/ }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '新增租赁签约' });
    await pickOption(page, dialog.getByTestId('signing-partner'), partner.name);
    for (const [id, day] of [
      ['signing-start', '2026-01-01'],
      ['signing-end', '2027-12-31'],
    ]) {
      await dialog.getByTestId(id).click();
      await page.keyboard.type(day);
      await page.keyboard.press('Enter');
    }
    // antd's InputNumber puts the test id on its input.
    await dialog.locator('input[data-testid="signing-share"]').fill('42.5');
    await dialog.getByTestId('signing-lifts').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await messageWith(page, '已保存签约');
    const detail = page.getByTestId('signing-detail');
    await detail.getByText('42.5%').waitFor();
    const title = (await page.locator('.ant-card-head-title', { hasText: '签约 QY' }).textContent()) ?? '';
    const signNo = title.replace('签约', '').trim();
    const found = await sy<ListPage<{ signNo: string; share: number | null; partnerId: number | null }>>(
      'GET',
      '/pc/signLease/queryPage',
      { keyword: signNo, kind: 2, page: 1, limit: 5 },
    );
    assert.deepEqual(
      found.records.map((r) => [r.share, r.partnerId]),
      [[42.5, partner.id]],
    );
    await context.close();
  });
});
