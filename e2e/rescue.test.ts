import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { type Api, apiAs, runSearch, searchField } from './elevator-support.ts';
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
 * Emergency rescue in two browsers against the real server: kf_agent1 takes a call on 应急处置
 * (/yjcz), locates the lift by its 6-digit rescue code and dispatches level 1 with the keyboard
 * alone; the lift's maintenance company (wb_admin1) sees the case appear on its phone page
 * (/m/rescue) without reloading, accepts, arrives (with the phone's position) and frees; the agent's
 * board follows every move live, and the agent closes the case with a cause.
 */

let server: RunningServer;
let browser: Browser;
const foreign: string[][] = [];

interface Lift {
  id: number;
  registerCode: string;
  rescueCode: string | null;
  address: string;
  maintenanceCompanyId: number | null;
  openCaseId: number | null;
}
interface Detail {
  id: number;
  caseNo: string;
  status: number;
  level: number;
  elevatorId: number | null;
  trapped: number;
  freed: number | null;
  callerPhone: string | null;
  cause: number | null;
  causeLabel: string | null;
  backInService: boolean | null;
  arriveDistance: number | null;
  latitude: number | null;
  longitude: number | null;
  version: number;
  steps: { action: string }[];
}
interface InPage {
  document: { activeElement: { getAttribute(name: string): string | null } | null };
  __rescueMarker?: number;
}

const PHONE_NO = '13907719601';
const PHONE = { width: 375, height: 812 };

/** The aria-label of the focused element. */
const focusedLabel = (page: Page) =>
  page.evaluate(
    () => (globalThis as unknown as InPage).document.activeElement?.getAttribute('aria-label') ?? null,
  );

/** Picks `option` in the antd select labelled `label` inside `scope`, until the select shows it. */
async function choose(scope: Locator, label: string, option: string) {
  const page = scope.page();
  const field = scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) });
  await until(async () => {
    const shown = field.locator('.ant-select-selection-item');
    if ((await shown.count()) > 0 && (await shown.first().textContent()) === option) return true;
    if (await field.locator('input').isDisabled()) return false;
    await field.click();
    const item = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first();
    await item.click({ timeout: 2_000 }).catch(() => undefined);
    return false;
  }, `${label} showing ${option}`);
}

/** Marks the page: the mark is gone if the page reloads. */
const mark = (page: Page) =>
  page.evaluate(() => {
    (globalThis as unknown as InPage).__rescueMarker = 1;
  });
const marked = (page: Page) => page.evaluate(() => (globalThis as unknown as InPage).__rescueMarker === 1);

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  assert.deepEqual(foreign.flat(), [], 'no request left the server');
});

describe('应急处置: a call, a dispatch by keyboard, the rescue on a phone, the board live, the close', () => {
  let agent: Api;
  let lift: Lift;
  /** A second lift of the same company, for the race between two agents. */
  let other: Lift;
  let caseId: number;
  let agentContext: BrowserContext;
  let board: Page;
  let phoneContext: BrowserContext;
  let phone: Page;

  const boardRow = (): Locator => board.locator(`[data-testid="board-case"][data-case-id="${caseId}"]`);
  const boardStatus = () => boardRow().getAttribute('data-status');
  const caseNow = () => agent<Detail>('GET', `/pc/serviceUserOrder/detail/${caseId}`);

  before(async () => {
    agent = await apiAs(server.baseUrl, 'kf_agent1');
    const admin = await apiAs(server.baseUrl, 'admin');
    const wb = await apiAs(server.baseUrl, 'wb_admin1');
    const me = await wb<{ companyId: number | null }>('GET', '/pc/sysUser/getUserInfo');
    assert.ok(me.companyId, 'wb_admin1 belongs to a maintenance company');
    // A lift that company maintains, with a rescue code and no open case, as the agent locates it.
    const page = await admin<{ records: { rescueCode: string | null }[] }>('POST', '/pc/elevator/queryList', {
      maintenanceCompanyId: me.companyId,
      page: 1,
      limit: 50,
    });
    for (const row of page.records) {
      if (!row.rescueCode) continue;
      const found = await agent<Lift[]>('GET', '/pc/serviceUserOrder/elevatorList', {
        keyword: row.rescueCode,
      });
      const fit = found.find(
        (l) =>
          l.rescueCode === row.rescueCode && l.maintenanceCompanyId === me.companyId && l.openCaseId === null,
      );
      if (!fit) continue;
      if (!lift) lift = fit;
      else {
        other = fit;
        break;
      }
    }
    assert.ok(lift && other, 'two demo lifts of wb_admin1’s company have a rescue code and no open case');

    agentContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    foreign.push(watchForeignRequests(agentContext, server.baseUrl));
    board = await agentContext.newPage();
    phoneContext = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    foreign.push(watchForeignRequests(phoneContext, server.baseUrl));
    phone = await phoneContext.newPage();
  });
  after(async () => {
    await agentContext?.close();
    await phoneContext?.close();
  });

  test('the rescuer’s phone page is open before the call, and a user without the permission gets 401', async () => {
    await signIn(phone, server.baseUrl, 'wb_admin1');
    await until(() => new URL(phone.url()).hash.startsWith('#/dashboard'), 'the dashboard');
    await phone.goto(`${server.baseUrl}/#/m/rescue`);
    await phone.getByTestId('rescue-page').waitFor();
    await until(
      async () => !/正在加载/.test((await phone.getByTestId('rescue-page').textContent()) ?? ''),
      'the list',
    );
    await mark(phone);

    const other = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const p = await other.newPage();
    await signIn(p, server.baseUrl, 'jy_inspector1');
    await until(() => new URL(p.url()).hash.startsWith('#/dashboard'), 'the inspector’s dashboard');
    await p.goto(`${server.baseUrl}/#/m/rescue`);
    await until(() => new URL(p.url()).hash === '#/401', 'the 401 page');
    await other.close();
  });

  test('kf_agent1 opens a case, locates the lift by its rescue code and dispatches level 1, by keyboard alone', async () => {
    await signIn(board, server.baseUrl, 'kf_agent1');
    await until(() => new URL(board.url()).hash.startsWith('#/dashboard'), 'the dashboard');
    await board.goto(`${server.baseUrl}/#/yjcz`);
    await board.getByTestId('rescue-board').waitFor();
    await board.getByTestId('shortcuts').getByText('Ctrl+Enter').waitFor();
    await mark(board);
    await board.locator('body').click({ position: { x: 5, y: 5 } });

    // N: a new case, the caller's number first.
    await board.keyboard.press('n');
    await board.getByTestId('new-case-form').waitFor();
    await until(async () => (await focusedLabel(board)) === '来电号码', 'the phone field focused');
    await board.keyboard.type(PHONE_NO);
    await board.keyboard.press('Enter'); // → the kind (困人 already chosen)
    await board.keyboard.press('Enter'); // → the people trapped
    await until(async () => (await focusedLabel(board)) === '被困人数', 'the trapped field focused');
    await board.keyboard.press('Control+A');
    await board.keyboard.type('2');
    await board.keyboard.press('Enter'); // → the description
    await board.keyboard.type('电梯停在 5 楼与 6 楼之间，里面有老人');
    await board.keyboard.press('Enter'); // saves
    await board.getByTestId('case-panel').waitFor();
    caseId = Number(await board.getByTestId('case-panel').getAttribute('data-case-id'));
    assert.ok(caseId > 0);
    await boardRow().waitFor();

    // The locate box has the focus: the rescue code, Enter; the first lift is chosen, the count takes Enter.
    await until(async () => /定位电梯/.test((await focusedLabel(board)) ?? ''), 'the locate box focused');
    await board.keyboard.type(lift.rescueCode!);
    await board.keyboard.press('Enter');
    await board.getByTestId('lift-facts').getByText(lift.registerCode, { exact: false }).waitFor();
    await until(async () => /被困人数/.test((await focusedLabel(board)) ?? ''), 'the trapped count focused');
    await board.keyboard.press('Enter');
    await until(async () => /一级派遣/.test((await focusedLabel(board)) ?? ''), 'the level-1 button focused');
    const located = await caseNow();
    assert.equal(located.elevatorId, lift.id);
    assert.equal(located.trapped, 2);
    assert.equal(located.callerPhone, PHONE_NO);

    await screenshot(board, 'rescue-board-located');
    await board.keyboard.press('Control+Enter');
    await until(async () => (await boardStatus()) === '2', 'the board showing 待接单');
    const dispatched = await caseNow();
    assert.equal(dispatched.status, 2);
    assert.equal(dispatched.level, 1);
    await boardRow().getByTestId('accept-timer').waitFor();
    await screenshot(board, 'rescue-board-dispatched');
  });

  test('wb_admin1 sees the case appear without reloading, accepts, arrives with its position and frees', async () => {
    const card = phone.locator(`[data-testid="rescue-case"][data-case-id="${caseId}"]`);
    await card.waitFor({ timeout: 5_000 });
    assert.ok(await marked(phone), 'the phone page did not reload');
    await card.getByText(lift.address).waitFor();
    await card.getByText(/接单剩余 \d{2}:\d{2}/).waitFor();
    const { scroll, view } = await phone.evaluate(() => {
      const w = globalThis as unknown as {
        document: { documentElement: { scrollWidth: number } };
        innerWidth: number;
      };
      return { scroll: w.document.documentElement.scrollWidth, view: w.innerWidth };
    });
    assert.ok(scroll <= view, `the phone page is ${scroll} px wide on a ${view} px screen`);
    await screenshot(phone, 'rescue-phone-dispatched');

    await card.getByTestId('rescue-accept').click();
    await until(async () => (await card.getAttribute('data-status')) === '3', 'accepted on the phone');
    await until(async () => (await boardStatus()) === '3', 'the board showing 已接单');

    await phoneContext.grantPermissions(['geolocation'], { origin: server.baseUrl });
    // About 30 m north of the lift, when the demo gives its coordinates.
    const here = await caseNow();
    const near = here.latitude !== null && here.longitude !== null;
    await phoneContext.setGeolocation({
      latitude: near ? here.latitude! + 0.00027 : 22.817,
      longitude: near ? here.longitude! : 108.366,
      accuracy: 10,
    });
    await card.getByTestId('rescue-arrive').click();
    await until(async () => (await card.getAttribute('data-status')) === '4', 'arrived on the phone', 20_000);
    await until(async () => (await boardStatus()) === '4', 'the board showing 已到达');

    await card.getByLabel('解救人数').fill('2');
    await card.getByTestId('rescue-free').click();
    // A freed case leaves the phone's list of cases to work on; the page says it was recorded.
    await phone.getByTestId('rescue-said').getByText('已记录解救完成', { exact: false }).waitFor();
    await until(async () => (await card.count()) === 0, 'the freed case leaving the phone’s list');
    await until(async () => (await boardStatus()) === '5', 'the board showing 已解救');
    assert.ok(await marked(phone), 'the phone page did not reload');
    assert.ok(await marked(board), 'the board did not reload');
    await screenshot(phone, 'rescue-phone-freed');

    const freed = await caseNow();
    assert.equal(freed.freed, 2);
    if (near) {
      assert.ok(
        freed.arriveDistance !== null && freed.arriveDistance >= 20 && freed.arriveDistance <= 40,
        `arrived ${freed.arriveDistance} m from the lift`,
      );
    }
  });

  test('the agent closes the case with a cause; it leaves the board', async () => {
    await boardRow().click();
    await board.getByTestId('close-case').click();
    const dialog = board.getByRole('dialog').filter({ has: board.getByTestId('close-form') });
    await dialog.waitFor();
    await choose(dialog, '困人原因', '外部原因');
    await choose(dialog, '具体原因', '停电');
    await dialog.getByRole('textbox', { name: '回访结果' }).fill('回访乘客，情绪稳定');
    await dialog.getByRole('button', { name: '关闭工单' }).click();
    await until(async () => (await boardRow().count()) === 0, 'the case leaving the board');

    const closed = await caseNow();
    assert.equal(closed.status, 6);
    assert.equal(closed.cause, 1);
    assert.equal(closed.backInService, true);
    assert.ok(closed.steps.length >= 5, `the history holds every step (${closed.steps.length})`);
    assert.ok(await marked(board), 'the board did not reload');
  });

  test('处置工单记录 finds the closed case by its number and shows its history and close', async () => {
    const closed = await caseNow();
    await board.goto(`${server.baseUrl}/#/getrecore`);
    const list = board.getByTestId('rescue-case-list');
    await list.waitFor();
    // The board stays alive in its hidden tab, but its shortcuts do not answer on another page.
    await board
      .locator('.ant-pro-table-list-toolbar')
      .first()
      .click({ position: { x: 5, y: 5 } });
    await board.keyboard.press('n');
    await board.waitForTimeout(400);
    assert.equal(await board.getByTestId('new-case-form').count(), 0, 'N opened no case from the list page');
    await searchField(list, '关键字').locator('input').fill(closed.caseNo);
    await runSearch(list);
    await list.getByTestId('case-link').filter({ hasText: closed.caseNo }).click();
    const drawer = board.locator('.ant-drawer-content').filter({ hasText: closed.caseNo });
    await drawer.getByText('外部原因', { exact: false }).waitFor();
    await drawer.getByRole('tab', { name: /处理记录/ }).click();
    await drawer.getByTestId('case-steps').getByText('关闭', { exact: true }).waitFor();

    // A closed case is immutable: its correction is a note, added here, where it still is.
    const note = '更正：来电人为乘客家属';
    const box = drawer.getByRole('textbox', { name: '工单备注' });
    await box.fill(note);
    await box.press('Enter');
    await drawer.getByTestId('case-steps').getByText(note, { exact: false }).waitFor();
    await until(async () => (await box.inputValue()) === '', 'the note box emptied');
    const noted = await caseNow();
    assert.equal(noted.status, 6, 'the case stays closed');
    assert.equal(noted.steps.at(-1)?.action, '备注');
    assert.equal(noted.steps.length, closed.steps.length + 1);
    await screenshot(board, 'rescue-case-drawer');
    // Closed again: the page stays alive in its tab, and an open drawer would cover the next pages.
    await drawer.locator('.ant-drawer-close').click();
    await until(async () => !(await drawer.isVisible()), 'the drawer closed');
  });

  test('电梯信息 locates the lift by its rescue code and lists its cases', async () => {
    const closed = await caseNow();
    await board.goto(`${server.baseUrl}/#/getrecoreDianti`);
    const page = board.getByTestId('rescue-lift-info');
    await page.waitFor();
    await page.getByLabel(/定位电梯/).fill(lift.rescueCode!);
    await page.getByLabel(/定位电梯/).press('Enter');
    await page.getByTestId('lift-facts').getByText(lift.registerCode, { exact: false }).waitFor();
    await page.getByTestId('lift-cases').getByText(closed.caseNo).waitFor();
  });

  test('a second agent acting on a screen behind the server gets its 409 message, and the case reloads', async () => {
    // kf_agent2's board without live events: its screen stays behind what kf_agent1 does.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    foreign.push(watchForeignRequests(context, server.baseUrl));
    await context.route('**/live/events**', (route) => route.abort());
    const second = await context.newPage();
    const opened = await agent<{ case: Detail; joined: boolean }>('PUT', '/pc/serviceUserOrder/saveOrder', {
      kind: 1,
      elevatorId: other.id,
      trapped: 1,
      callerPhone: '13907719602',
    });
    assert.equal(opened.joined, false);
    const id = opened.case.id;
    await signIn(second, server.baseUrl, 'kf_agent2');
    await until(() => new URL(second.url()).hash.startsWith('#/dashboard'), 'the dashboard');
    await second.goto(`${server.baseUrl}/#/yjcz`);
    const row = second.locator(`[data-testid="board-case"][data-case-id="${id}"]`);
    await row.click();
    const dispatch = second.getByTestId('dispatch-1');
    await until(async () => !(await dispatch.isDisabled()), 'level 1 offered');

    await agent('POST', '/pc/rescueCase/dispatch', { id, version: opened.case.version, level: 1 });
    assert.equal(await row.getAttribute('data-status'), '1', 'the second screen is behind');
    await dispatch.click();
    const refused = second.locator('.ant-message-error');
    await refused.waitFor();
    assert.match((await refused.textContent()) ?? '', /[\u4e00-\u9fa5]/, 'the server’s Chinese message');
    await until(async () => (await row.getAttribute('data-status')) === '2', 'the case reloaded as 待接单');
    await second.getByTestId('case-panel').getByText('待接单').first().waitFor();
    await context.close();
  });

  test('the board narrows to a district, counts agents going on and off duty, and lists the latest calls live', async () => {
    type Row = { id: number; areaCode: string | null; areaName: string | null };
    type BoardAnswer = { cases: Row[]; agentsOnline: number };
    const open = async () => (await agent<BoardAnswer>('GET', '/pc/rescueCase/board')).cases;
    // Open cases in two districts at least: the demo's, and one more on a lift of another district.
    const districts = (rows: Row[]) => new Set(rows.map((r) => r.areaCode).filter(Boolean));
    let cases = await open();
    if (districts(cases).size < 2) {
      const admin = await apiAs(server.baseUrl, 'admin');
      const lifts = await admin<{ records: { id: number; areaCode: string | null }[] }>(
        'POST',
        '/pc/elevator/queryList',
        { page: 1, limit: 100 },
      );
      const seen = districts(cases);
      const elsewhere = lifts.records.find((l) => l.areaCode && !seen.has(l.areaCode));
      assert.ok(elsewhere, 'a demo lift in a district without an open case');
      await agent('PUT', '/pc/serviceUserOrder/saveOrder', { kind: 1, elevatorId: elsewhere.id, trapped: 1 });
      cases = await open();
    }
    const located = cases.filter((c) => c.areaCode && c.areaName);
    const district = located[0]!;
    const inside = cases.filter((c) => c.areaCode === district.areaCode).map((c) => c.id);
    const outside = cases.filter((c) => c.areaCode !== district.areaCode).map((c) => c.id);
    assert.ok(outside.length > 0, 'an open case outside the district');

    await board.goto(`${server.baseUrl}/#/yjcz`);
    const list = board.getByTestId('board-list');
    const shown = async () =>
      (
        await list
          .getByTestId('board-case')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-case-id')))
      )
        .map(Number)
        .sort((a, b) => a - b);
    await until(async () => (await shown()).length === cases.length, 'every open case on the board');

    await board.getByTestId('rescue-board').locator('.ant-cascader .ant-select-selector').click();
    await board.locator('.ant-cascader-menu-item[title="南宁市"]').click();
    await board.locator(`.ant-cascader-menu-item[title="${district.areaName}"]`).click();
    await board.keyboard.press('Escape');
    const want = [...inside].sort((a, b) => a - b);
    await until(
      async () => JSON.stringify(await shown()) === JSON.stringify(want),
      `only ${district.areaName}'s cases on the board`,
    );
    assert.ok(await marked(board), 'the board did not reload');
    await screenshot(board, 'rescue-board-district');

    // 在岗坐席 follows kf_agent1 going off (or on) duty, without reloading.
    const onDuty = board.getByTestId('rescue-board').getByText(/^在岗坐席 /);
    const before = (await agent<BoardAnswer>('GET', '/pc/rescueCase/board')).agentsOnline;
    await until(
      async () => (await onDuty.textContent()) === `在岗坐席 ${before}`,
      'the count of agents on duty',
    );
    const toggled = await agent<{ online: boolean }>('POST', '/pc/serviceUser/onOffLine', {});
    const now = (await agent<BoardAnswer>('GET', '/pc/rescueCase/board')).agentsOnline;
    assert.notEqual(now, before);
    await until(
      async () => (await onDuty.textContent()) === `在岗坐席 ${now}`,
      'the count following the duty',
    );
    await agent('POST', '/pc/serviceUser/onOffLine', { online: !toggled.online });

    // 最近通话: ten at most, newest first; a call recorded now comes first.
    const calls = board.getByTestId('recent-calls');
    await calls.waitFor();
    const number = '13907719688';
    await agent('POST', '/pc/serviceUser/callPhoneRecord', {
      phone: number,
      direction: 1,
      startedAt: new Date().toISOString(),
    });
    const firstRow = calls.locator('.ant-table-tbody tr.ant-table-row').first();
    await until(async () => ((await firstRow.textContent()) ?? '').includes(number), 'the new call first');
    assert.ok((await calls.locator('.ant-table-tbody tr.ant-table-row').count()) <= 10);
    assert.ok(await marked(board), 'the board did not reload');
  });
});
