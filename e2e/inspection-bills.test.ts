import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Api, apiAs, messageWith, rowsOf } from './elevator-support.ts';
import { consoleSuite, screenshot, signIn } from './support.ts';

/**
 * 检验账单 against the real server: jy_admin1 issues the charge notice of a quoted order (through the
 * API, as the orders' page would), then on the 检验账单 page generates this month's bill for that
 * order's use unit (the dialog shows the notice it will gather first), records the payment of the
 * bill's unpaid charges with a confirmation and sees it 已结清; sy_admin1 finds the bill, read only.
 */

const suite = consoleSuite();
const O = '/inspection/tbInspectionOrder';

interface OrderRow {
  id: number;
  orderNo: string;
  state: string;
  useUnitId: number;
  useUnitName: string | null;
  version: number;
}
interface Charge {
  noticeId: number;
  noticeNo: string;
  payState: string;
  amount: number;
}
interface Preview {
  useUnitId: number;
  useUnitName: string | null;
  charges: Charge[];
  unpaidAmount: number;
}
interface Bill {
  id: number;
  billNo: string;
  state: string;
  useUnitId: number;
  unpaidAmount: number;
  charges: Charge[];
}

const shanghaiMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 7);

describe('检验账单: generate a bill, record its payment, see it settled', () => {
  test('jy_admin1 generates this month’s bill of a use unit and records its payment; sy_admin1 reads it', async () => {
    const jy: Api = await apiAs(suite.server.baseUrl, 'jy_admin1');
    const month = shanghaiMonth();

    // A quoted order of jy_admin1 (the demo has one): its notice issued now is unpaid and in no bill.
    const quoted = await jy<{ records: OrderRow[] }>('GET', `${O}/organization/query`, {
      page: 1,
      limit: 20,
      state: 'quoted',
    });
    const order = quoted.records[0];
    assert.ok(order, 'a quoted order of jy_admin1 in the demo');
    await jy('POST', `${O}/signChargeNotice`, { id: order.id, version: order.version });
    const preview = await jy<{ preview: Preview }>('POST', '/inspectBill/create', {
      useUnitId: order.useUnitId,
      month,
      dryRun: true,
    });
    const notice = preview.preview.charges.find((c) => c.noticeNo === `SF${order.orderNo.slice(2)}`);
    assert.ok(notice, 'the new notice is among the charges the bill would gather');
    assert.equal(notice.payState, 'unpaid');
    const unitName = preview.preview.useUnitName ?? '';
    assert.ok(unitName);

    const { context, page } = await suite.open();
    let bill: Bill | null = null;
    try {
      await signIn(page, suite.server.baseUrl, 'jy_admin1');
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${suite.server.baseUrl}/#/organization/bill`);
      const table = page.getByTestId('inspection-bills');
      await table.waitFor();
      // The page is built (no 建设中) and titled 检验账单 in the menu.
      await page.locator('.ant-pro-sider-menu').getByText('检验账单').first().waitFor();
      assert.equal(await page.getByText('建设中').count(), 0);
      await page.getByTestId('bill-figures').waitFor();

      await page
        .getByRole('button', { name: /生成账单/ })
        .first()
        .click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '生成检验账单' });
      await dialog.waitFor();
      await dialog.getByText('请选择使用单位').waitFor();
      await dialog.getByTestId('bill-create-unit').click();
      await page.keyboard.type(unitName.slice(0, 6));
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: unitName })
        .first()
        .click();
      // The charges it will gather, the new notice among them, before anything is saved.
      const shown = dialog.getByTestId('bill-create-preview');
      await shown.getByText(/将收录/).waitFor();
      // Oldest first, ten a page: the month's other notices (the demo's year of inspections) may
      // fill page 1, so the user turns to the last page, where the notice just issued is.
      const pages = shown.locator('.ant-pagination-item');
      if ((await pages.count()) > 1) await pages.last().click();
      await shown.getByText(notice.noticeNo).waitFor();
      // With the charges shown, 生成账单 is enabled.
      await dialog.locator('.ant-modal-title').click();
      await dialog
        .locator('.ant-modal-footer button:not([disabled])')
        .filter({ hasText: '生成账单' })
        .waitFor();
      await screenshot(page, 'inspection-bill-create');
      await dialog.getByRole('button', { name: /生成账单/ }).click();
      await messageWith(page, '账单已生成');

      // The new bill opens: 待缴费 or 部分缴费 with the notice unpaid.
      const drawer = page.locator('.ant-drawer-content');
      await drawer.getByText(/检验账单 ZD/).waitFor();
      const title = ((await drawer.locator('.ant-drawer-title').textContent()) ?? '').trim();
      const billNo = title.replace('检验账单', '').trim();
      assert.match(billNo, /^ZD\d{6}-\d{6}$/);
      await drawer
        .getByTestId('bill-detail-state')
        .getByText(/待缴费|部分缴费/)
        .waitFor();
      const row = drawer.getByTestId('bill-charges').locator('tr').filter({ hasText: notice.noticeNo });
      await row.getByText('未缴费').waitFor();

      // 全部登记缴费, confirmed: every unpaid charge of the bill is paid, the bill 已结清.
      await drawer.getByTestId('bill-detail-pay').click();
      const pay = page.locator('.ant-modal').filter({ hasText: '登记缴费' }).last();
      await pay
        .getByTestId('bill-payment-summary')
        .getByText(/将登记缴费/)
        .waitFor();
      await page.waitForTimeout(500); // the dialog's opening animation, for the screenshot only
      await screenshot(page, 'inspection-bill-payment');
      await pay.getByRole('button', { name: /确认登记缴费/ }).click();
      const ok = page.locator('.ant-modal-confirm').filter({ hasText: '缴费已登记' });
      await ok.waitFor();
      await ok.getByRole('button').click();
      await ok.waitFor({ state: 'hidden' });
      await drawer.getByTestId('bill-detail-state').getByText('已结清').waitFor();
      await row.getByText('已缴费').waitFor();
      await screenshot(page, 'inspection-bill-settled');
      await drawer.locator('.ant-drawer-close').click();
      // The list shows it settled.
      const listed = rowsOf(table).filter({ hasText: billNo });
      await listed.getByText('已结清').waitFor();

      const bills = await jy<{ records: { id: number; billNo: string }[] }>('GET', '/inspectBill/list', {
        billNo,
        page: 1,
        limit: 5,
      });
      bill = await jy<Bill>('GET', `/inspectBill/${bills.records[0].id}`);
      assert.equal(bill.state, 'settled');
      assert.equal(bill.unpaidAmount, 0);
      assert.ok(bill.charges.every((c) => c.payState !== 'unpaid'));
      assert.equal(bill.charges.find((c) => c.noticeId === notice.noticeId)?.payState, 'paid');
    } finally {
      await context.close();
    }

    assert.ok(bill);
    const billNo = bill.billNo;
    // The bill's use unit (one of the demo's two) reads it, with no 生成账单 and no 登记缴费; the other does not.
    const seen: string[] = [];
    for (const u of ['sy_admin1', 'sy_admin2']) {
      const api = await apiAs(suite.server.baseUrl, u);
      const found = await api<{ records: { id: number }[] }>('GET', '/inspectBill/list', {
        billNo,
        page: 1,
        limit: 5,
      });
      if (found.records.length > 0) seen.push(u);
    }
    assert.equal(seen.length, 1, `only the bill's use unit reads it (${seen.join(', ')})`);
    const { context: c2, page: p2 } = await suite.open();
    try {
      await signIn(p2, suite.server.baseUrl, seen[0]);
      await p2.locator('.ant-pro-sider-menu').waitFor();
      await p2.goto(`${suite.server.baseUrl}/#/organization/bill`);
      const t2 = p2.getByTestId('inspection-bills');
      await rowsOf(t2).filter({ hasText: billNo }).first().getByText('已结清').waitFor();
      assert.equal(await p2.getByRole('button', { name: /生成账单/ }).count(), 0);
      assert.equal(await p2.getByTestId('bill-row-pay').count(), 0);
    } finally {
      await c2.close();
    }
  });
});
