import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { type Api, messageWith, rowsOf, settle } from './elevator-support.ts';

/*
 * Steps of the periodic inspection's flow shared by its browser tests: dates in Shanghai, the
 * console's Select and Popconfirm, a use unit's application through 检验工单 and the organisation's
 * acceptance, quote, charge notice, payment and distribution through the order's detail page.
 */

export const O = '/inspection/tbInspectionOrder';
export const R = '/inspection/tbInspectionReport';

/** The smallest valid PNG: one transparent pixel. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const shanghaiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export interface OrderRow {
  id: number;
  orderNo: string;
  state: string;
  elevatorId: number;
  orgId: number;
  orgName: string | null;
  quoteAmount: number | null;
  payState: string | null;
  inspectorName: string | null;
  plannedDate: string | null;
}

export interface Lift {
  id: number;
  registerCode: string;
  nextInspectDate: string;
}

/** Picks the option containing `text` of the Select labelled `label` (typing it first). */
export async function choose(scope: Locator, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.focus();
  await input.fill(text);
  await scope
    .page()
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

/** Confirms the Popconfirm a button opened. */
export async function confirm(page: Page) {
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

/**
 * A lift of sy_admin1 inside its application window (the demo keeps one, 20 days before its date)
 * with no open order, and jy_admin1's organisation.
 */
export async function liftToApplyFor(sy: Api, jy: Api) {
  const today = shanghaiToday();
  const jyOrders = await jy<{ records: OrderRow[] }>('GET', `${O}/organization/query`, { page: 1, limit: 1 });
  const org = { id: jyOrders.records[0].orgId, name: jyOrders.records[0].orgName ?? '' };
  const mine = await sy<{ records: OrderRow[] }>('GET', `${O}/useUnit/query`, { page: 1, limit: 100 });
  const busy = new Set(
    mine.records
      .filter((o) => !['reported', 'closed', 'cancelled'].includes(o.state))
      .map((o) => o.elevatorId),
  );
  const lifts = await sy<{ records: Lift[] }>('POST', '/pc/elevator/queryElevatorList', {
    page: 1,
    limit: 50,
    nextInspectFrom: addDays(today, 20),
    nextInspectTo: addDays(today, 20),
  });
  const lift = lifts.records.find((l) => !busy.has(l.id));
  assert.ok(lift, 'a lift of sy_admin1 inside its application window with no open order');
  return { lift, org };
}

/** sy_admin1 on 检验工单 → 申请定期检验: the lift, the organisation, the three required attachments. */
export async function applyThroughPage(page: Page, baseUrl: string, lift: Lift, orgName: string) {
  await page.goto(`${baseUrl}/#/organization/inspection`);
  await page.getByTestId('inspection-orders').waitFor();
  await page.getByRole('button', { name: /申请定期检验/ }).click();
  const form = page.getByTestId('apply-form');
  await form.waitFor();
  await choose(form, '电梯', lift.registerCode);
  await form
    .getByTestId('apply-lift-facts')
    .getByText(/在申请期内/)
    .waitFor();
  await choose(form, '检验机构', orgName);
  for (const [key, label] of [
    ['applicationForm', '申请表'],
    ['maintenanceContract', '维保合同'],
    ['selfCheckReport', '维保单位自检报告'],
  ]) {
    const box = form.getByTestId(`apply-file-${key}`);
    await box
      .locator('input[type="file"]')
      .setInputFiles({ name: `${label}.png`, mimeType: 'image/png', buffer: PNG_1PX });
    await box.locator('.ant-upload-list-item-done').waitFor({ state: 'attached' });
    await box.locator('.ant-upload-list-item-uploading').waitFor({ state: 'detached' });
  }
  await form.getByTestId('apply-submit').click();
  await messageWith(page, '申请已提交');
  await page.getByTestId('order-detail').getByTestId('order-state').getByText('待受理').waitFor();
  const orderId = Number(new URL(page.url().replace('/#', '')).searchParams.get('id'));
  assert.ok(orderId > 0, 'the detail of the new application opened');
  return orderId;
}

/**
 * jy_admin1 on 报检受理 → the order's detail: 受理, 报价, 收费通知 (signed), 登记缴费 (paid today), 分配
 * to `inspectorName` with the on-site date `plannedDate`.
 */
export async function acceptToDistribute(
  page: Page,
  baseUrl: string,
  orderNo: string,
  inspectorName: string,
  plannedDate: string,
) {
  await page.goto(`${baseUrl}/#/organization/Acceptance`);
  const list = page.getByTestId('acceptance-orders');
  await settle(list);
  const row = rowsOf(list).filter({ hasText: orderNo });
  await row.getByRole('button', { name: '详情' }).click();
  const state = page.getByTestId('order-detail').getByTestId('order-state');
  await state.getByText('待受理').waitFor();

  await page.getByTestId('order-accept').click();
  await confirm(page);
  await state.getByText('已受理').waitFor();

  await page.getByTestId('order-quote').click();
  await confirm(page);
  await state.getByText('已报价').waitFor();

  await page.getByTestId('order-notice').click();
  const notice = page.getByTestId('notice-dialog');
  await notice.getByTestId('notice-sign').click();
  await messageWith(page, '收费通知单已签发');
  await state.getByText('待缴费').waitFor();

  // The charge is paid (a report is released only once its charge is paid or exempt).
  await page.getByTestId('order-payment').click();
  const payment = page.getByTestId('payment-dialog');
  await payment.getByRole('button', { name: /保\s*存/ }).click();
  await payment.waitFor({ state: 'hidden' });
  await page.getByTestId('order-notice-card').getByText('已缴费').waitFor();

  await page.getByTestId('order-distribute').click();
  const dialog = page.getByTestId('distribute-dialog');
  const date = dialog.getByLabel('现场检验日期');
  await date.click();
  await date.fill(plannedDate);
  await date.press('Enter');
  await choose(dialog, '检验人员', inspectorName);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await messageWith(page, '保存成功');
  await state.getByText('已分配').waitFor();
}

/** The text of every page of a PDF (pdf.js, as the server's PDF tests read theirs). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: bytes, isEvalSupported: false }).promise;
  let out = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    out += `${content.items.map((i) => ('str' in i ? i.str : '')).join('')}\n`;
  }
  return out;
}
