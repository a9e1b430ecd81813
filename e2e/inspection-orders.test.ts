import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { type Api, apiAs, messageWith, rowsOf, settle } from './elevator-support.ts';
import { consoleSuite, screenshot, signIn } from './support.ts';

/**
 * 检验申请 against the real server: sy_admin1 applies for its lift inside the 30-day window with the
 * three required attachments (the form refuses it without them first); jy_admin1 accepts it, quotes
 * it from the tariff, previews and issues the charge notice and distributes it to jy_inspector1 with
 * an on-site date; jy_inspector1 finds it in its task list.
 */

const suite = consoleSuite();
const O = '/inspection/tbInspectionOrder';

/** The smallest valid PNG: one transparent pixel. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface OrderRow {
  id: number;
  orderNo: string;
  state: string;
  elevatorId: number;
  orgId: number;
  orgName: string | null;
  quoteAmount: number | null;
  inspectorName: string | null;
  plannedDate: string | null;
}

const shanghaiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const yuan = (fen: number) =>
  `${Math.floor(fen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(fen % 100).padStart(2, '0')}`;

async function newPage(user: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await suite.open();
  await signIn(page, suite.server.baseUrl, user);
  await page.locator('.ant-pro-sider-menu').waitFor();
  return { context, page };
}

/** Picks the option containing `text` of the Select labelled `label` (typing it first). */
async function choose(scope: Locator, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  // Typing into the focused search opens the list (a chosen value covers the input itself).
  await input.focus();
  await input.fill(text);
  const page = scope.page();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

/** Confirms the Popconfirm a button opened. */
async function confirm(page: Page) {
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

describe('检验申请: from the use unit’s application to the inspector’s task', () => {
  test('sy_admin1 applies; jy_admin1 accepts, quotes, issues the notice, distributes; jy_inspector1 sees it', async () => {
    const sy: Api = await apiAs(suite.server.baseUrl, 'sy_admin1');
    const jy: Api = await apiAs(suite.server.baseUrl, 'jy_admin1');
    const today = shanghaiToday();

    // The demo keeps one lift of sy_admin1 in jy_admin1's district free, 20 days before its date.
    const jyOrders = await jy<{ records: OrderRow[] }>('GET', `${O}/organization/query`, {
      page: 1,
      limit: 1,
    });
    const org = { id: jyOrders.records[0].orgId, name: jyOrders.records[0].orgName ?? '' };
    const mine = await sy<{ records: OrderRow[] }>('GET', `${O}/useUnit/query`, { page: 1, limit: 100 });
    const busy = new Set(
      mine.records
        .filter((o) => !['reported', 'closed', 'cancelled'].includes(o.state))
        .map((o) => o.elevatorId),
    );
    const lifts = await sy<{ records: { id: number; registerCode: string; nextInspectDate: string }[] }>(
      'POST',
      '/pc/elevator/queryElevatorList',
      { page: 1, limit: 50, nextInspectFrom: addDays(today, 20), nextInspectTo: addDays(today, 20) },
    );
    const lift = lifts.records.find((l) => !busy.has(l.id));
    assert.ok(lift, 'a lift of sy_admin1 inside its application window with no open order');
    const later = await sy<{ records: { id: number; registerCode: string; nextInspectDate: string }[] }>(
      'POST',
      '/pc/elevator/queryElevatorList',
      { page: 1, limit: 50, nextInspectFrom: addDays(today, 40) },
    );
    const early = later.records.find((l) => !busy.has(l.id));
    assert.ok(early, 'a lift of sy_admin1 whose window has not opened');

    const inspectors = await jy<{ id: number; name: string; username: string | null }[]>(
      'GET',
      '/inspection/tbInspector/list',
    );
    const inspector = inspectors.find((i) => i.username === 'jy_inspector1');
    assert.ok(inspector, 'jy_inspector1 is a passed inspector of jy_admin1');

    // --- sy_admin1 applies
    let orderId: number;
    let orderNo: string;
    {
      const { context, page } = await newPage('sy_admin1');
      try {
        await page.goto(`${suite.server.baseUrl}/#/organization/inspection`);
        await page.getByTestId('inspection-orders').waitFor();
        await page.getByRole('button', { name: /申请定期检验/ }).click();
        const form = page.getByTestId('apply-form');
        await form.waitFor();
        await choose(form, '电梯', lift.registerCode);
        await form.getByTestId('apply-lift-facts').getByText(lift.nextInspectDate, { exact: true }).waitFor();
        await form
          .getByTestId('apply-lift-facts')
          .getByText(/在申请期内/)
          .waitFor();
        await choose(form, '检验机构', org.name);
        // Without the required attachments the form says which are missing.
        await form.getByTestId('apply-submit').click();
        await form.getByText('请上传申请表').waitFor();
        await form.getByText('请上传维保单位自检报告').waitFor();
        for (const [key, label] of [
          ['applicationForm', '申请表'],
          ['maintenanceContract', '维保合同'],
          ['selfCheckReport', '维保单位自检报告'],
        ]) {
          const box = form.getByTestId(`apply-file-${key}`);
          await box
            .locator('input[type="file"]')
            .setInputFiles({ name: `${label}.png`, mimeType: 'image/png', buffer: PNG_1PX });
          // Stored: the widget's item is done (no longer uploading).
          await box.locator('.ant-upload-list-item-done').waitFor({ state: 'attached' });
          await box.locator('.ant-upload-list-item-uploading').waitFor({ state: 'detached' });
        }
        await screenshot(page, 'inspection-order-apply');
        // A lift whose window has not opened: the page says so, and the server's refusal is shown.
        await choose(form, '电梯', early.registerCode);
        await form
          .getByTestId('apply-lift-facts')
          .getByText(/起可申请/)
          .waitFor();
        await form.getByTestId('apply-submit').click();
        await form
          .getByTestId('apply-refusal')
          .getByText(`下次检验日期为 ${early.nextInspectDate}，须在该日期前 30 日内`, { exact: false })
          .waitFor();
        await screenshot(page, 'inspection-order-refused');
        await choose(form, '电梯', lift.registerCode);
        await form
          .getByTestId('apply-lift-facts')
          .getByText(/在申请期内/)
          .waitFor();
        await form.getByTestId('apply-submit').click();
        await messageWith(page, '申请已提交');
        const detail = page.getByTestId('order-detail');
        await detail.waitFor();
        await detail.getByTestId('order-state').getByText('待受理').waitFor();
        await page.getByTestId('order-attachments').getByText('维保合同.png').first().waitFor();
        orderId = Number(new URL(page.url().replace('/#', '')).searchParams.get('id'));
        assert.ok(orderId > 0);
        // Its list shows it with its state; 撤回 is offered while it waits.
        await page.goto(`${suite.server.baseUrl}/#/organization/inspection`);
        const list = page.getByTestId('inspection-orders');
        await settle(list);
        const row = rowsOf(list).filter({ hasText: lift.registerCode }).first();
        await row.getByText('待受理').waitFor();
        await row.getByRole('button', { name: '撤回' }).waitFor();
      } finally {
        await context.close();
      }
      const created = await sy<OrderRow & { attachments: { key: string; files: unknown[] }[] }>(
        'GET',
        `${O}/get/${orderId}`,
      );
      assert.equal(created.state, 'applied');
      assert.equal(created.elevatorId, lift.id);
      assert.equal(created.orgId, org.id);
      assert.equal(created.attachments.find((a) => a.key === 'selfCheckReport')?.files.length, 1);
      orderNo = created.orderNo;
    }

    // --- jy_admin1 accepts, quotes, issues the charge notice and distributes
    {
      const { context, page } = await newPage('jy_admin1');
      try {
        // A stale action: another tab accepts a waiting application while this one shows it; the
        // page's 受理 is refused with the reason, and the page reloads to the state it is in now.
        const waiting = await jy<{ records: OrderRow[] }>('GET', `${O}/organization/query`, {
          page: 1,
          limit: 20,
          state: 'applied',
        });
        const other = waiting.records.find((o) => o.id !== orderId);
        assert.ok(other, 'a demo application waits for jy_admin1');
        await page.goto(`${suite.server.baseUrl}/#/organization/acceptanceDetail?id=${other.id}`);
        await page.getByTestId('order-state').getByText('待受理').waitFor();
        await jy('POST', `${O}/acceptance`, { id: other.id });
        await page.getByTestId('order-accept').click();
        await confirm(page);
        await messageWith(page, /当前状态.*已受理/);
        await page.getByTestId('order-state').getByText('已受理').waitFor();
        assert.equal(await page.getByTestId('order-accept').count(), 0);

        await page.goto(`${suite.server.baseUrl}/#/organization/Acceptance`);
        const list = page.getByTestId('acceptance-orders');
        await settle(list);
        const row = rowsOf(list).filter({ hasText: orderNo });
        await row.getByText('待受理').waitFor();
        await row.getByRole('button', { name: '详情' }).click();

        const detail = page.getByTestId('order-detail');
        const state = detail.getByTestId('order-state');
        await state.getByText('待受理').waitFor();
        // Only the actions of 待受理: no quote, notice or distribution yet.
        const actions = detail.getByTestId('order-actions');
        await actions.getByRole('button', { name: '受 理' }).waitFor();
        assert.equal(await actions.getByRole('button', { name: /报\s*价/ }).count(), 0);
        assert.equal(await actions.getByRole('button', { name: /分\s*配/ }).count(), 0);

        // 退回 needs its reason; cancelled, nothing changes.
        await actions.getByRole('button', { name: '退 回' }).click();
        const back = page.getByTestId('send-back-dialog');
        await back.getByRole('button', { name: /保\s*存/ }).click();
        await back.getByText('请填写退回原因').waitFor();
        await back.getByRole('button', { name: /取\s*消/ }).click();
        await back.waitFor({ state: 'hidden' });

        await page.getByTestId('order-accept').click();
        await confirm(page);
        await messageWith(page, '已受理');
        await state.getByText('已受理').waitFor();

        await page.getByTestId('order-quote').click();
        await confirm(page);
        await messageWith(page, '已报价');
        await state.getByText('已报价').waitFor();
        const quoted = await jy<{ amount: number; lines: unknown[] }>('GET', `${O}/chargeData`, {
          id: orderId,
        });
        assert.ok(quoted.amount > 0 && quoted.lines.length > 0, 'the quote is computed from the tariff');
        await page
          .getByTestId('order-quote-card')
          .getByTestId('quote-total')
          .getByText(yuan(quoted.amount))
          .waitFor();
        await screenshot(page, 'inspection-order-quoted');

        await page.getByTestId('order-notice').click();
        const notice = page.getByTestId('notice-dialog');
        await notice.getByText('签发后编号').waitFor();
        await notice.getByTestId('quote-total').getByText(yuan(quoted.amount)).waitFor();
        await notice.getByTestId('notice-sign').click();
        await messageWith(page, '收费通知单已签发');
        await state.getByText('待缴费').waitFor();
        await page.getByTestId('order-notice-card').getByText('未缴费').waitFor();

        await page.getByTestId('order-distribute').click();
        const dialog = page.getByTestId('distribute-dialog');
        const date = dialog.getByLabel('现场检验日期');
        await date.click();
        await date.fill(addDays(today, 2));
        await date.press('Enter');
        await choose(dialog, '检验人员', inspector.name);
        await dialog.getByRole('button', { name: /保\s*存/ }).click();
        await messageWith(page, '保存成功');
        await state.getByText('已分配').waitFor();
        await page.getByTestId('order-inspector').getByText(inspector.name).waitFor();
        await page.getByTestId('order-history').getByText('分配检验人员').first().waitFor();
        await screenshot(page, 'inspection-order-distributed');
      } finally {
        await context.close();
      }
      const done = await jy<OrderRow>('GET', `${O}/get/${orderId}`);
      assert.equal(done.state, 'distributed');
      assert.equal(done.inspectorName, inspector.name);
      assert.equal(done.plannedDate, addDays(today, 2));
      assert.equal(
        done.quoteAmount,
        (await jy<{ amount: number }>('GET', `${O}/chargeData`, { id: orderId })).amount,
      );
    }

    // --- jy_inspector1 finds it among its tasks
    {
      const { context, page } = await newPage('jy_inspector1');
      try {
        await page.goto(`${suite.server.baseUrl}/#/organization/inspection`);
        const list = page.getByTestId('inspection-orders');
        await settle(list);
        const row = rowsOf(list).filter({ hasText: orderNo });
        await row.getByText('已分配').waitFor();
        await row.getByText(addDays(today, 2)).waitFor();
        // A reader: no buttons of the organisation on its detail.
        await row.getByRole('button', { name: '详情' }).click();
        await page.getByTestId('order-detail').getByText(orderNo).waitFor();
        assert.equal(await page.getByTestId('order-actions').getByRole('button').count(), 0);
        await screenshot(page, 'inspection-order-inspector');
      } finally {
        await context.close();
      }
    }
  });
});
