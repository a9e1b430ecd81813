import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { type Api, apiAs, messageWith, rowsOf, runSearch, searchField } from './elevator-support.ts';
import {
  DEMO_PASSWORD,
  launchBrowser,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
  until,
  watchForeignRequests,
} from './support.ts';

/**
 * The maintenance worker's phone page (/m/work) on a 375 × 812 screen, against the real server and
 * its demo orders: wb_staff1 is refused a location first, then signs in at the lift with the
 * browser's position, answers every item, takes the required photos, reloads in the middle and
 * finds everything typed, meets a change made meanwhile on another phone (409: the order is
 * reloaded), adds a part and the second worker, signs out at the lift (a reload keeps the sign-out
 * and the drawn signature; the checklist is then fixed), signs with the mouse and submits. The safety
 * officer of the lift's use unit confirms the record in the console with its own drawn signature (on
 * the order page and in the PDF record), and the 青秀区 regulator passes it, then finds it on 画面核验
 * (its on-site time was minutes: 维保时长过短) and marks the finding; 图片核查 has none for it.
 */

let server: RunningServer;
let browser: Browser;
const foreign: string[][] = [];

interface MyOrder {
  id: number;
  orderNo: string;
  status: number;
  address: string;
  areaCode: string | null;
  useCompanyId: number | null;
  latitude: number | null;
  longitude: number | null;
  version: number;
}
interface Detail {
  id: number;
  status: number;
  statusLabel: string;
  version: number;
  items: { itemId: number | null; result: string | null; value: string | null; note: string | null }[];
  photos: { label: string }[];
  parts: { name: string; quantity: number }[];
  workers: string[];
  requiredPhotos: string[];
  signInDistanceM: number | null;
  workerSignatureFileId: string | null;
  confirmSignatureFileId: string | null;
}
interface CheckRow {
  id: number;
  orderId: number;
  orderNo: string;
  kind: string;
  kindLabel: string;
  verdict: number;
}
interface ListPage<T> {
  records: T[];
  total: number;
}

/** The browser as the in-page functions use it (the e2e programme compiles without the DOM library). */
interface InPage {
  document: { documentElement: { scrollWidth: number } };
  innerWidth: number;
  localStorage: { length: number; key(i: number): string | null };
}

const MY_ORDERS = '/pc/maintenanceWork/myOrders';
const ORDER_CHECKS = '/pc/maintenanceOrderCheck/selectMaintenanceOrderCheckList';
const PICTURE_CHECKS = '/pc/maintenceorderPicCheck/queryPage';
const PHONE = { width: 375, height: 812 };

/** A small PNG of one colour with some noise: every photo differs (the duplicate check). */
function png(seed: number, w = 64, h = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  let s = seed * 7919 + Date.now();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w * 3; x++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      raw[y * (w * 3 + 1) + 1 + x] = ((seed * 53 + x) % 200) + (s % 55);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** No horizontal scroll: nothing is wider than the phone's screen. */
async function assertNoSideScroll(page: Page, where: string) {
  const { scroll, view } = await page.evaluate(() => {
    const w = globalThis as unknown as InPage;
    return { scroll: w.document.documentElement.scrollWidth, view: w.innerWidth };
  });
  assert.ok(scroll <= view, `${where}: the page is ${scroll} px wide on a ${view} px screen`);
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

/** An order's PDF record as `username` exports it (batchExportPDF). */
async function orderPdf(username: string, id: number): Promise<Uint8Array> {
  const password = createHash('sha256').update(DEMO_PASSWORD).digest('hex');
  const login = await fetch(`${server.baseUrl}/monitor/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const res = await fetch(`${server.baseUrl}/monitor/api/pc/maintenanceOrder/batchExportPDF`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ids: [id] }),
  });
  assert.equal(res.status, 200, `the PDF record: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** Draws a stroke across a signature pad with the mouse. */
async function drawSignature(page: Page, pad: Locator) {
  await pad.evaluate((el) =>
    (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'center' }),
  );
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let k = 1; k <= 12; k++) await page.mouse.move(box.x + 30 + k * 20, y - (k % 4) * 15, { steps: 3 });
  await page.mouse.up();
}

/** The first page of `candidates` the user's menu grants. */
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

async function consolePage(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  foreign.push(watchForeignRequests(context, server.baseUrl));
  const page = await context.newPage();
  await signIn(page, server.baseUrl, username);
  await page.locator('.ant-pro-sider-menu').waitFor();
  return { context, page };
}

const saveState = (page: Page) => page.getByTestId('work-save-state');
const waitSaved = (page: Page) =>
  until(
    async () => /^已保存 \d/.test((await saveState(page).textContent()) ?? ''),
    'the progress saved',
    20_000,
  );
const step = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: '作业步骤' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();

/** Answers an item card: the result, its measured value and its note when it takes them. */
async function answer(card: Locator, result: string, value = '9', note = '现场处理完毕') {
  await card.getByRole('button', { name: result, exact: true }).click();
  const measured = card.locator('input[inputmode="decimal"]');
  if ((await measured.count()) > 0) await measured.fill(value);
  const textarea = card.locator('textarea');
  if ((await textarea.count()) > 0) await textarea.fill(note);
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('维保作业 on a phone: wb_staff1 maintains a lift, the use unit confirms, the regulator passes', () => {
  let target: MyOrder;
  let staff: Api;
  let officer: Api;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    staff = await apiAs(server.baseUrl, 'wb_staff1');
    officer = await apiAs(server.baseUrl, 'aq_officer1');
    const me = await officer<{ companyId: number | null }>('GET', '/pc/sysUser/getUserInfo');
    const mine = await staff<MyOrder[]>('GET', MY_ORDERS);
    // An order not started, at a lift with coordinates, of aq_officer1's unit, in 青秀区.
    const fits = (o: MyOrder) => o.status === 0 && o.latitude !== null && o.longitude !== null;
    target =
      mine.find((o) => fits(o) && o.useCompanyId === me.companyId && o.areaCode?.startsWith('450103')) ??
      (mine.find((o) => fits(o) && o.useCompanyId === me.companyId) as MyOrder);
    assert.ok(target, 'wb_staff1 has an order to do today at a lift of use unit 1 with coordinates');

    context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    foreign.push(watchForeignRequests(context, server.baseUrl));
    page = await context.newPage();
  });
  after(async () => context?.close());

  test('a user without the work permission (the regulator) is sent to 401', async () => {
    const { context: c, page: p } = await consolePage('jg_qingxiu');
    await p.goto(`${server.baseUrl}/#/m/work`);
    await until(() => new URL(p.url()).hash === '#/401', 'the 401 page');
    await c.close();
  });

  test('lists the day’s orders and opens one, on a 375 px screen', async () => {
    await signIn(page, server.baseUrl, 'wb_staff1');
    await until(() => new URL(page.url()).hash.startsWith('#/dashboard'), 'the dashboard');
    await page.goto(`${server.baseUrl}/#/m/work`);
    const card = page.getByTestId('work-order-card').filter({ hasText: target.orderNo });
    await card.waitFor();
    await assertNoSideScroll(page, 'the order list');
    await screenshot(page, 'work-orders-375');
    // The phone page carries no console layout.
    assert.equal(await page.locator('.ant-pro-sider-menu, .ant-layout-sider').count(), 0);
    await card.click();
    await page.getByTestId('work-order-header').getByText(target.orderNo).waitFor();
  });

  test('a refused location says so in Chinese; with the position the sign-in shows the distance', async () => {
    await page.getByRole('button', { name: '签到', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(/定位权限被拒绝/)
      .waitFor();

    await context.grantPermissions(['geolocation'], { origin: server.baseUrl });
    // About 30 m north of the lift.
    await context.setGeolocation({
      latitude: target.latitude! + 0.00027,
      longitude: target.longitude!,
      accuracy: 15,
    });
    await page.getByRole('button', { name: '签到', exact: true }).click();
    const distance = page.getByTestId('work-distance');
    await distance.waitFor();
    const metres = Number((await distance.textContent())?.replace(/\D/g, ''));
    assert.ok(metres >= 20 && metres <= 40, `signed in ${metres} m from the lift`);
    assert.equal(await distance.getAttribute('data-far'), 'false');
    await assertNoSideScroll(page, 'the sign-in');
    await screenshot(page, 'work-signed-in-375');
  });

  test('answers the items; a reload in the middle keeps everything typed', async () => {
    await step(page, '项目');
    const cards = page.getByTestId('work-item');
    await cards.first().waitFor();
    const total = await cards.count();
    assert.ok(total >= 10, `the checklist has ${total} items`);
    const half = Math.floor(total / 2);
    // The first is 异常 with a note, the second 已调整, the rest 正常 (with values where measured).
    await answer(cards.nth(0), '异常', '9', '轿厢照明灯管闪烁，已报修');
    await answer(cards.nth(1), '已调整', '8', '间隙调整至 0.5 mm');
    for (let i = 2; i < half; i++) await answer(cards.nth(i), '正常');
    await assertNoSideScroll(page, 'the checklist');

    // Reload at once, before any save could land: the phone's copy brings it all back.
    await page.reload();
    await cards.first().waitFor();
    await saveState(page)
      .getByText(/已恢复本机/)
      .waitFor();
    assert.equal(
      await cards.nth(0).getByRole('button', { name: '异常', exact: true }).getAttribute('aria-pressed'),
      'true',
    );
    assert.equal(await cards.nth(0).locator('textarea').inputValue(), '轿厢照明灯管闪烁，已报修');
    assert.equal(await cards.nth(1).locator('textarea').inputValue(), '间隙调整至 0.5 mm');
    const pressed = await page.locator('[data-testid="work-item"] button[aria-pressed="true"]').count();
    assert.equal(pressed, half, 'every answer is still there');
    // And the restored copy goes up to the server.
    await waitSaved(page);

    for (let i = half; i < total; i++) await answer(cards.nth(i), '正常');
    await waitSaved(page);
    await screenshot(page, 'work-items-375');
  });

  test('a change made on another phone meanwhile: 409, the message, the order reloaded', async () => {
    const [row] = (await staff<MyOrder[]>('GET', MY_ORDERS)).filter((o) => o.id === target.id);
    // The other phone saves a remark with the version it holds.
    await staff('PUT', '/pc/maintenanceWork/progress', {
      id: target.id,
      version: row.version,
      remark: '另一台手机',
    });
    const cards = page.getByTestId('work-item');
    await cards.nth(2).getByRole('button', { name: '无此项', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(/已重新加载工单/)
      .waitFor({ timeout: 20_000 });
    // The record as the server has it: item 3 is 正常 again, the earlier answers are there.
    await until(
      async () =>
        (await cards
          .nth(2)
          .getByRole('button', { name: '正常', exact: true })
          .getAttribute('aria-pressed')) === 'true',
      'the reloaded answer',
    );
    assert.equal(await cards.nth(0).locator('textarea').inputValue(), '轿厢照明灯管闪烁，已报修');
  });

  test('takes the required photos, adds a part and the second worker', async () => {
    await step(page, '照片');
    const tiles = page.getByTestId('work-photo');
    await tiles.first().waitFor();
    const count = await tiles.count();
    assert.ok(count >= 1, 'photos are required');
    for (let i = 0; i < count; i++) {
      const tile = tiles.nth(i);
      const label = (await tile.getAttribute('data-label')) ?? `照片${i}`;
      await tile
        .locator('input[type="file"]')
        .setInputFiles({ name: `${label}.png`, mimeType: 'image/png', buffer: png(i + 1) });
      await tile.getByText('已上传').waitFor({ timeout: 20_000 });
      await tile.locator('img').waitFor();
    }
    await assertNoSideScroll(page, 'the photos');
    await screenshot(page, 'work-photos-375');

    await step(page, '配件');
    await page.getByRole('button', { name: /添加配件/ }).click();
    const part = page.getByTestId('work-part').first();
    await part.locator('label', { hasText: '名称' }).locator('input').fill('门锁触点');
    await part.locator('label', { hasText: '型号' }).locator('input').fill('MS-20');
    await part.locator('label', { hasText: '数量' }).locator('input').fill('2');
    const coworker = page.getByRole('combobox', { name: '第二作业人员' });
    await until(async () => (await coworker.locator('option').count()) > 1, 'the coworkers');
    const second = await coworker.locator('option').nth(1).getAttribute('value');
    await coworker.selectOption(second!);
    await waitSaved(page);
    await assertNoSideScroll(page, 'the parts');
  });

  test('signs out at the lift; a reload keeps the sign-out, the step and the signature; submits', async () => {
    await step(page, '签退');
    const checklist = page.getByTestId('work-checklist');
    await checklist.waitFor();
    assert.match((await checklist.textContent()) ?? '', /均已填写完整/, 'nothing is missing');
    // Before the sign-out there is nothing to submit yet.
    await step(page, '提交');
    await page.getByTestId('work-submit-wait').waitFor();
    assert.equal(await page.getByRole('button', { name: '提交', exact: true }).isDisabled(), true);
    await step(page, '签退');
    // About 40 m east of the lift this time.
    await context.setGeolocation({
      latitude: target.latitude!,
      longitude: target.longitude! + 0.0004,
      accuracy: 10,
    });
    await page.getByRole('button', { name: '签退', exact: true }).click();
    await page
      .getByRole('status')
      .getByText(/已签退/)
      .waitFor({ timeout: 20_000 });
    await page.getByTestId('work-submit-summary').waitFor();
    await step(page, '签退');
    const out = page.getByTestId('work-sign-out-distance');
    const metres = Number((await out.textContent())?.replace(/\D/g, ''));
    assert.ok(metres >= 30 && metres <= 55, `signed out ${metres} m from the lift`);
    assert.equal(await out.getAttribute('data-far'), 'false');
    await screenshot(page, 'work-signed-out-375');
    const signedOut = await staff<Detail & { signOutTime: string | null }>(
      'GET',
      '/pc/maintenanceOrder/queryDetail/info',
      { id: target.id },
    );
    assert.ok(signedOut.signOutTime, 'the sign-out is on the server');
    assert.equal(signedOut.status, 2);

    await step(page, '提交');
    const pad = page.getByTestId('signature-pad');
    // In the middle of the screen, clear of the fixed footer.
    await pad.evaluate((el) =>
      (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'center' }),
    );
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 120);
    await page.mouse.down();
    for (let k = 1; k <= 12; k++)
      await page.mouse.move(box.x + 30 + k * 20, box.y + 120 - (k % 4) * 20, { steps: 3 });
    await page.mouse.up();
    await page.locator('[data-testid="signature-state"][data-signed="true"]').waitFor();

    // A reload: the order is signed out, the page is back at 提交 with the signature drawn.
    await page.reload();
    await page.getByTestId('work-submit-summary').waitFor();
    await page.locator('[data-testid="signature-state"][data-signed="true"]').waitFor();
    // The record is fixed: the checklist cannot be answered again.
    await step(page, '项目');
    await page.getByTestId('work-fixed').waitFor();
    assert.equal(await page.getByTestId('work-item').count(), 0);
    await step(page, '提交');
    await page.locator('[data-testid="signature-state"][data-signed="true"]').waitFor();
    await screenshot(page, 'work-sign-375');
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page
      .getByRole('status')
      .getByText(/已提交/)
      .waitFor({ timeout: 20_000 });
    await page.getByTestId('work-finished').waitFor();
    await assertNoSideScroll(page, 'the submitted order');
    await screenshot(page, 'work-submitted-375');

    // Out of the day's list; on the server with everything entered.
    assert.ok(!(await staff<MyOrder[]>('GET', MY_ORDERS)).some((o) => o.id === target.id));
    const d = await officer<Detail>('GET', '/pc/maintenanceOrder/queryDetail/info', { id: target.id });
    assert.equal(d.status, 3);
    assert.ok(d.items.every((i) => i.result !== null));
    assert.equal(d.items[0].result, '异常');
    assert.equal(d.items[0].note, '轿厢照明灯管闪烁，已报修');
    assert.deepEqual(d.photos.map((p) => p.label).sort(), [...d.requiredPhotos].sort());
    assert.deepEqual(d.parts, [{ name: '门锁触点', model: 'MS-20', quantity: 2 }]);
    assert.equal(d.workers.length, 2);
    assert.ok(d.workerSignatureFileId);
    // The phone's copy is gone with the submission.
    const left = await page.evaluate(() => {
      const store = (globalThis as unknown as InPage).localStorage;
      const keys: string[] = [];
      for (let i = 0; i < store.length; i++) keys.push(store.key(i) ?? '');
      return keys.filter((k) => k.startsWith('ec:maintenance-work:'));
    });
    assert.deepEqual(left, []);
  });

  test('aq_officer1 confirms the record on its detail page', async () => {
    const path = await grantedPath(officer, [
      '/basicInformation/workOrderNo',
      '/components/tinymceDetails',
      '/components/markdownDetails',
    ]);
    const { context: c, page: p } = await consolePage('aq_officer1');
    await p.goto(`${server.baseUrl}/#${path}?id=${target.id}`);
    const detail = p.getByTestId('work-order');
    await detail.getByText(`维保工单 · ${target.orderNo}`).waitFor();
    await detail.locator('[data-testid="order-status"]', { hasText: '待确认' }).first().waitFor();
    // The button's name is its icon's label and its text ("check 确认").
    await detail.getByRole('button', { name: /确\s*认$/ }).click();
    const dialog = p.locator('.ant-modal:visible', { hasText: '确认维保记录' });
    // The safety officer signs with the mouse, as the worker did on the phone.
    await dialog.getByTestId('signature-state').getByText('请在上方空白处签名').waitFor();
    await drawSignature(p, dialog.getByTestId('signature-pad'));
    await dialog.locator('[data-testid="signature-state"][data-signed="true"]').waitFor();
    await dialog.locator('textarea').fill('已现场核对，情况属实');
    await screenshot(p, 'maintenance-confirm-signed');
    await dialog.getByRole('button', { name: /^确\s*认$/ }).click();
    await messageWith(p, '已确认维保记录');
    await detail.locator('[data-testid="order-status"]', { hasText: '已完成' }).first().waitFor();
    // The order page shows the drawn signature beside the confirmation.
    await detail.getByTestId('order-signoff').getByRole('img', { name: '使用单位签名' }).waitFor();
    await c.close();
    const d = await officer<Detail>('GET', '/pc/maintenanceOrder/queryDetail/info', { id: target.id });
    assert.equal(d.status, 4);
    assert.ok(d.confirmSignatureFileId, 'the confirmation carries its signature');
    assert.notEqual(d.confirmSignatureFileId, d.workerSignatureFileId);
    // The PDF record has both signatures drawn (a missing one reads 未签字).
    const text = await pdfText(await orderPdf('admin', target.id));
    assert.match(text, new RegExp(target.orderNo));
    assert.match(text, /使用单位签字（/);
    assert.doesNotMatch(text, /未签字/);
  });

  test('the 青秀区 regulator passes it on 维保审核', async () => {
    const regulator = await apiAs(server.baseUrl, 'jg_qingxiu');
    const path = await grantedPath(regulator, ['/wisdom/maintenanceAudit', '/components/markdown']);
    const { context: c, page: p } = await consolePage('jg_qingxiu');
    await p.goto(`${server.baseUrl}/#${path}`);
    const list = p.getByTestId('maintenance-audit-list');
    await rowsOf(list).first().waitFor();
    await searchField(list, '关键字').locator('input').fill(target.orderNo);
    await runSearch(list);
    const row = rowsOf(list).filter({ hasText: target.orderNo });
    await row.locator('[data-testid="order-status"]', { hasText: '已完成' }).waitFor();
    await row.locator('.ant-checkbox-input').check();
    await list.getByTestId('batch-pass').click();
    const dialog = p.locator('.ant-modal:visible', { hasText: '确认审核通过' });
    await dialog.locator('textarea').fill('记录齐全');
    await dialog.getByRole('button', { name: '审核通过' }).click();
    await messageWith(p, '已审核 1 条');
    await c.close();
    const now = await regulator<ListPage<{ id: number; status: number }>>(
      'GET',
      '/pc/maintenanceOrder/queryList',
      {
        keyword: target.orderNo,
        page: 1,
        limit: 5,
      },
    );
    assert.equal(now.records.find((r) => r.id === target.id)?.status, 5);
  });

  test('the regulator finds its 维保时长过短 on 画面核验, marks it, and 图片核查 has nothing for it', async () => {
    const regulator = await apiAs(server.baseUrl, 'jg_qingxiu');
    // Signed in and out within minutes: below the half-month visit's minimum on site.
    const found = await regulator<ListPage<CheckRow>>('GET', ORDER_CHECKS, {
      keyword: target.orderNo,
      page: 1,
      limit: 20,
    });
    const short = found.records.find((r) => r.orderId === target.id && r.kind === 'short_duration');
    assert.ok(short, `a 维保时长过短 finding for ${target.orderNo}: ${found.records.map((r) => r.kind)}`);

    const path = await grantedPath(regulator, ['/customerDept/imageVerification']);
    const { context: c, page: p } = await consolePage('jg_qingxiu');
    await p.goto(`${server.baseUrl}/#${path}`);
    const list = p.getByTestId('order-check-list');
    await rowsOf(list).first().waitFor();
    await searchField(list, '关键字').locator('input').fill(target.orderNo);
    await runSearch(list);
    const row = rowsOf(list).filter({ hasText: target.orderNo }).filter({ hasText: '维保时长过短' });
    await row.locator('[data-testid="check-verdict"]', { hasText: '待核查' }).waitFor();
    await row.getByText(/现场作业 \d+ 分钟，低于 \d+ 分钟/).waitFor();
    await row.getByTestId('mark').click();
    const dialog = p.locator('.ant-modal:visible', { hasText: '核查标记' });
    await dialog.getByText('确认违规', { exact: true }).click();
    await dialog.locator('textarea').fill('签到至签退仅数分钟');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await messageWith(p, '已标记 1 条为确认违规');
    await row.locator('[data-testid="check-verdict"]', { hasText: '确认违规' }).waitFor();
    assert.equal(await row.getByTestId('mark').count(), 0);
    await screenshot(p, 'maintenance-work-order-check');

    // Its photos were all taken and new: the picture check lists nothing for it.
    const picturePath = await grantedPath(regulator, ['/customerDept/check']);
    await p.goto(`${server.baseUrl}/#${picturePath}`);
    const pictures = p.getByTestId('picture-check-list');
    await pictures.locator('.ant-table').waitFor();
    await searchField(pictures, '关键字').locator('input').fill(target.orderNo);
    await runSearch(pictures);
    await pictures.getByText('暂无图片核查记录').waitFor();
    await c.close();
    const decided = await regulator<ListPage<CheckRow>>('GET', ORDER_CHECKS, {
      keyword: target.orderNo,
      page: 1,
      limit: 20,
    });
    assert.equal(decided.records.find((r) => r.id === short.id)?.verdict, 1);
    const pictureRows = await regulator<ListPage<CheckRow>>('GET', PICTURE_CHECKS, {
      keyword: target.orderNo,
      page: 1,
      limit: 20,
    });
    assert.equal(pictureRows.records.filter((r) => r.orderId === target.id).length, 0);
  });
});

test('the worker page asked no other host', () => {
  assert.deepEqual(foreign.flat(), []);
});
