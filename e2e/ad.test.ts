import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiAs, messageWith, rowsOf, settle } from './elevator-support.ts';
import { consoleSuite, screenshot } from './support.ts';

/**
 * Advertising bookings in the console against the real server (no mocks): gg_admin1 adds a customer
 * on 广告客户, books 10 points for next month on 广告订单 (the availability search and the server's
 * price in the dialog), submits and confirms the order; the order holds its 10 points, 已预订.
 */
interface OrderDetail {
  id: number;
  status: number;
  pointCount: number;
  amount: number;
  lines: { pointState: number; startDate: string; endDate: string }[];
}
interface Page<T> {
  records: T[];
  total: number;
}

const suite = consoleSuite();

describe('advertising bookings in the console', () => {
  test('gg_admin1 creates a customer, books 10 points for next month and confirms the order', async () => {
    const api = await apiAs(suite.server.baseUrl, 'gg_admin1');
    const name = `浏览器测试客户${Date.now() % 100000}`;
    const { page, context } = await suite.open('gg_admin1');
    // Signed in once the console's menu is there: a page opened before would be replaced by 首页.
    await page.locator('.ant-pro-sider-menu').waitFor();

    await page.goto(`${suite.server.baseUrl}/#/ad/custom`);
    const customs = page.getByTestId('ad-custom-list');
    await customs.waitFor();
    await customs.getByRole('button', { name: /新增客户/ }).click();
    const form = page.locator('.ad-custom-form');
    await form.getByLabel('客户名称').fill(name);
    await form.getByLabel('联系电话').fill('13977105566');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await messageWith(page, '已保存客户');
    await settle(customs);
    await rowsOf(customs).filter({ hasText: name }).first().waitFor();

    await page.goto(`${suite.server.baseUrl}/#/ad/order`);
    const orders = page.getByTestId('ad-order-list');
    await orders.waitFor();
    await orders.getByRole('button', { name: /预订点位/ }).click();
    const dialog = page.locator('.ad-booking');
    await dialog.waitFor();
    await dialog.getByTestId('booking-custom').click();
    // The options are a virtual list: search for the customer so that its option is drawn.
    await dialog.getByTestId('booking-custom').locator('input').fill(name);
    await page.locator('.ant-select-dropdown').getByTitle(name).click();
    const points = dialog.getByTestId('booking-points');
    await settle(points);
    const rows = rowsOf(points);
    await rows.first().waitFor();
    for (let i = 0; i < 10; i++) await rows.nth(i).locator('.ant-checkbox-input').check();
    const quote = dialog.getByTestId('booking-quote');
    await quote
      .filter({ hasText: /已选 10 个点位，\d+ 天（\d+ 个计费周期），合计 \d+ 元/ })
      .waitFor({ timeout: 15_000 });
    const shown = Number((await quote.innerText()).match(/合计 (\d+) 元/)?.[1]);
    await screenshot(page, 'ad-booking');
    await dialog.getByRole('button', { name: /预\s*订/ }).click();
    await messageWith(page, '已预订 10 个点位');

    const drawer = page.locator('.ad-order-drawer');
    await drawer.getByTestId('order-status').filter({ hasText: '草稿' }).waitFor();
    await drawer.getByRole('button', { name: /提交审核/ }).click();
    await drawer.getByTestId('order-status').filter({ hasText: '待审核' }).waitFor();
    await drawer.getByRole('button', { name: /确认订单/ }).click();
    await drawer.getByTestId('order-status').filter({ hasText: '已确认' }).waitFor();
    await screenshot(page, 'ad-order-confirmed');

    const list = await api<Page<{ id: number; customName: string }>>('GET', '/adOrder/getOrderList', {
      keyword: name,
      page: 1,
      limit: 10,
    });
    assert.equal(list.records.length, 1);
    const order = await api<OrderDetail>('GET', `/adOrder/${list.records[0].id}`);
    assert.equal(order.status, 3, '已确认');
    assert.equal(order.pointCount, 10);
    assert.equal(order.amount, shown, 'the amount the dialog showed is the order’s');
    assert.ok(
      order.lines.every((l) => l.pointState === 2),
      'its points are 已预订',
    );
    const now = new Date(Date.now() + 8 * 3600_000);
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    assert.ok(
      order.lines.every((l) => l.startDate.startsWith(next)),
      'booked for next month',
    );
    await context.close();
  });
});
