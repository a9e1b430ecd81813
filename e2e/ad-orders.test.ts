import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiAs, messageWith, rowsOf, runSearch, searchField, settle } from './elevator-support.ts';
import { consoleSuite, screenshot, until } from './support.ts';

/**
 * Changing advertising orders in the console against the real server (no mocks): gg_admin1 edits
 * a draft on 广告订单 (修改: the booking dialog holding the draft's points, two more checked), adds a
 * point to it (追加点位) and removes one (移除); on 广电意向客户 an accepted lead gets 下单, the booking
 * dialog with the lead's customer chosen, and the order marks the lead 已成交.
 */
interface OrderDetail {
  id: number;
  orderNo: string;
  status: number;
  version: number;
  pointCount: number;
  amount: number;
  intentionId: number | null;
  customId: number;
  lines: { pointId: number; pointNo: string }[];
}
interface Page<T> {
  records: T[];
  total: number;
}
interface Lead {
  id: number;
  version: number;
  status: number;
  customId: number | null;
  orderId: number | null;
  customerName: string;
}

const suite = consoleSuite();

/** The first day of the month `ahead` months from today (Shanghai), and its 14th. */
function monthAhead(ahead: number): [string, string] {
  const now = new Date(Date.now() + 8 * 3600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
  const ymd = first.toISOString().slice(0, 8);
  return [`${ymd}01`, `${ymd}14`];
}

describe('changing advertising orders in the console', () => {
  test('gg_admin1 edits a draft (修改), adds a point and removes one', async () => {
    const api = await apiAs(suite.server.baseUrl, 'gg_admin1');
    const name = `修改订单客户${Date.now() % 100000}`;
    const custom = await api<{ id: number }>('POST', '/adCustom/add', { name, contactPhone: '13977105567' });
    const [startDate, endDate] = monthAhead(3);
    const free = await api<Page<{ id: number }>>('GET', '/adOrder/available', {
      startDate,
      endDate,
      page: 1,
      limit: 3,
    });
    const made = await api<OrderDetail>('POST', '/adOrder/add', {
      customId: custom.id,
      startDate,
      endDate,
      pointIds: free.records.map((p) => p.id),
    });
    assert.equal(made.pointCount, 3);

    const { page, context } = await suite.open('gg_admin1');
    await page.locator('.ant-pro-sider-menu').waitFor();
    await page.goto(`${suite.server.baseUrl}/#/ad/order`);
    const orders = page.getByTestId('ad-order-list');
    await orders.waitFor();
    await searchField(orders, '关键字').locator('input').fill(made.orderNo);
    await runSearch(orders);
    const row = rowsOf(orders).filter({ hasText: made.orderNo });
    await row.getByTestId('order-edit').click();

    const dialog = page.locator('.ad-booking');
    await dialog.waitFor();
    await dialog
      .locator('.ant-modal-title')
      .filter({ hasText: `修改订单 ${made.orderNo}` })
      .waitFor();
    const quote = dialog.getByTestId('booking-quote');
    // The draft's own points are listed as free for it and come checked.
    await quote.filter({ hasText: /已选 3 个点位，/ }).waitFor({ timeout: 15_000 });
    const points = dialog.getByTestId('booking-points');
    await settle(points);
    const boxes = rowsOf(points).locator('.ant-checkbox-input');
    const checked = await boxes.evaluateAll((els) =>
      els.map((e) => (e as unknown as { checked: boolean }).checked),
    );
    const fresh = checked.flatMap((c, i) => (c ? [] : [i])).slice(0, 2);
    assert.equal(fresh.length, 2, 'two more free points on the first page');
    for (const i of fresh) await boxes.nth(i).check();
    await quote.filter({ hasText: /已选 5 个点位，\d+ 天.*合计 \d+ 元/ }).waitFor({ timeout: 15_000 });
    const shown = Number((await quote.textContent())?.match(/合计 (\d+) 元/)?.[1]);
    await dialog.getByRole('button', { name: /保存修改/ }).click();
    await messageWith(page, `已修改订单 ${made.orderNo}（5 个点位`);
    await dialog.waitFor({ state: 'detached' });
    // The list refreshed: the row shows the 5 points.
    await rowsOf(orders)
      .filter({ hasText: made.orderNo })
      .filter({ hasText: String(shown) })
      .waitFor();
    let order = await api<OrderDetail>('GET', `/adOrder/${made.id}`);
    assert.equal(order.pointCount, 5);
    assert.equal(order.amount, shown, 'the amount the dialog showed is the order’s');

    // 追加点位 from the drawer: one more point for the draft's own dates.
    await rowsOf(orders).filter({ hasText: made.orderNo }).getByTestId('order-link').click();
    const drawer = page.locator('.ad-order-drawer');
    await drawer.getByTestId('order-status').filter({ hasText: '草稿' }).waitFor();
    await drawer.getByRole('button', { name: /追加点位/ }).click();
    await dialog.waitFor();
    await dialog.getByTestId('booking-quote').filter({ hasText: '已有 5 个点位' }).waitFor();
    await settle(points);
    await rowsOf(points).first().locator('.ant-checkbox-input').check();
    await dialog.getByRole('button', { name: /追\s*加/ }).click();
    await messageWith(page, '已追加 1 个点位');
    await expectLines(drawer, 6);

    // 移除 a line, confirmed.
    const line = order.lines[0].pointNo;
    await rowsOf(drawer).filter({ hasText: line }).getByTestId('order-line-remove').click();
    await page
      .locator('.ant-popconfirm')
      .filter({ hasText: `从订单移除点位 ${line}` })
      .getByRole('button', { name: /移\s*除/ })
      .click();
    await messageWith(page, `已移除点位 ${line}，订单剩 5 个点位`);
    await expectLines(drawer, 5);
    await screenshot(page, 'ad-order-edited');
    order = await api<OrderDetail>('GET', `/adOrder/${made.id}`);
    assert.equal(order.pointCount, 5);
    assert.ok(!order.lines.some((l) => l.pointNo === line), 'the removed point left the order');
    await context.close();
  });

  test('an accepted lead gets 下单 and turns 已成交', async () => {
    const api = await apiAs(suite.server.baseUrl, 'gg_admin1');
    const name = `意向下单客户${Date.now() % 100000}`;
    const [startDate, endDate] = monthAhead(2);
    const lead = await api<Lead>('POST', '/gxgdOrder/save', { customerName: name, startDate, endDate });
    const accepted = await api<Lead>('PUT', '/adIntention/accepted', { id: lead.id, version: lead.version });
    assert.ok(accepted.customId, 'accepting made its customer');

    const { page, context } = await suite.open('gg_admin1');
    await page.locator('.ant-pro-sider-menu').waitFor();
    await page.goto(`${suite.server.baseUrl}/#/ad/gxgdintention`);
    const list = page.getByTestId('ad-intention-list');
    await list.waitFor();
    await searchField(list, '关键字').locator('input').fill(name);
    await runSearch(list);
    const row = rowsOf(list).filter({ hasText: name });
    await row.filter({ hasText: '已受理' }).waitFor();
    await row.getByTestId('intention-book').click();

    const dialog = page.locator('.ad-booking');
    await dialog.waitFor();
    await dialog
      .locator('.ant-modal-title')
      .filter({ hasText: `为 ${name} 下单` })
      .waitFor();
    // The lead's customer is chosen and its dates are the lead's.
    await dialog
      .getByTestId('booking-custom')
      .locator('.ant-select-selection-item')
      .filter({ hasText: name })
      .waitFor();
    const points = dialog.getByTestId('booking-points');
    await dialog
      .locator('.ant-pagination-total-text')
      .filter({ hasText: `${startDate} 至 ${endDate}` })
      .waitFor();
    await settle(points);
    await rowsOf(points).nth(0).locator('.ant-checkbox-input').check();
    await rowsOf(points).nth(1).locator('.ant-checkbox-input').check();
    await dialog
      .getByTestId('booking-quote')
      .filter({ hasText: /已选 2 个点位，/ })
      .waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: /预\s*订/ }).click();
    await messageWith(page, `意向客户「${name}」已成交`);
    // The list refreshed: the lead is 已成交 and offers no more actions.
    await row.filter({ hasText: '已成交' }).waitFor();
    assert.equal(await row.getByTestId('intention-book').count(), 0);
    await screenshot(page, 'ad-intention-won');

    const leads = await api<Page<Lead>>('POST', '/adIntention/getGxgdIntentionList', {
      keyword: name,
      page: 1,
      limit: 10,
    });
    const won = leads.records[0];
    assert.equal(won.status, 3, '已成交');
    assert.ok(won.orderId, 'the lead names its order');
    const order = await api<OrderDetail>('GET', `/adOrder/${won.orderId}`);
    assert.equal(order.intentionId, lead.id);
    assert.equal(order.customId, accepted.customId);
    assert.equal(order.pointCount, 2);
    await context.close();
  });

  test('points chosen on 点位地图 are booked together (加入预订, 预订)', async () => {
    const api = await apiAs(suite.server.baseUrl, 'gg_admin1');
    const name = `地图预订客户${Date.now() % 100000}`;
    await api('POST', '/adCustom/add', { name, contactPhone: '13977105568' });
    // The dialog opens on next month: the points free for it are the ones to choose from.
    const [startDate] = monthAhead(1);
    const endDate = new Date(Date.UTC(Number(startDate.slice(0, 4)), Number(startDate.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    const free = await api<Page<{ id: number; pointNo: string }>>('GET', '/adOrder/available', {
      startDate,
      endDate,
      page: 1,
      limit: 500,
    });
    const freeIds = new Set(free.records.map((p) => p.id));

    const { page, context } = await suite.open('gg_admin1');
    await page.locator('.ant-pro-sider-menu').waitFor();
    await page.goto(`${suite.server.baseUrl}/#/ad/pointMap`);
    const map = page.getByTestId('ad-point-map');
    await map.waitFor();
    // Zoomed in far enough, each point is drawn on its own.
    const drawn = map.locator('[data-testid^="map-point-"]');
    await until(
      async () => {
        if ((await drawn.count()) > 0) return true;
        await map.getByRole('button', { name: '放大' }).click();
        return false;
      },
      'single points drawn on the map',
      20_000,
    );
    const ids = (await drawn.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))).map(
      (t) => Number(t.replace('map-point-', '')),
    );
    const picks = ids.filter((id) => freeIds.has(id)).slice(0, 2);
    assert.equal(picks.length, 2, 'two points on the map free next month');
    const chosen: string[] = [];
    for (const id of picks) {
      await map.getByTestId(`map-point-${id}`).dispatchEvent('click');
      // The drawer offers 加入预订 once the point is read; its title names the point.
      const drawer = page.locator('.ant-drawer-content').filter({ has: page.getByTestId('ad-map-choose') });
      const choose = drawer.getByTestId('ad-map-choose').filter({ hasText: '加入预订' });
      await choose.waitFor();
      chosen.push(((await drawer.locator('.ant-drawer-title').textContent()) ?? '').replace(/^点位\s*/, ''));
      await choose.click();
      await drawer.waitFor({ state: 'detached' });
    }
    const bar = page.getByTestId('ad-map-chosen');
    await bar.filter({ hasText: `已选 2 个点位：${chosen.join('、')}` }).waitFor();
    await bar.getByTestId('ad-map-book').click();

    const dialog = page.locator('.ad-booking');
    await dialog.waitFor();
    for (const no of chosen) await dialog.getByTestId('booking-map-choice').filter({ hasText: no }).waitFor();
    await dialog
      .getByTestId('booking-quote')
      .filter({ hasText: /已选 2 个点位，\d+ 天（\d+ 个计费周期），合计 \d+ 元/ })
      .waitFor({ timeout: 15_000 });
    await dialog.getByTestId('booking-custom').click();
    await dialog.getByTestId('booking-custom').locator('input').fill(name);
    await page.locator('.ant-select-dropdown').getByTitle(name).click();
    await dialog.getByRole('button', { name: /预\s*订/ }).click();
    await messageWith(page, '已预订 2 个点位');
    await dialog.waitFor({ state: 'detached' });
    await bar.waitFor({ state: 'detached' });
    await screenshot(page, 'ad-map-booked');

    const orders = await api<Page<{ id: number }>>('GET', '/adOrder/getOrderList', {
      keyword: name,
      page: 1,
      limit: 10,
    });
    assert.equal(orders.records.length, 1);
    const order = await api<OrderDetail>('GET', `/adOrder/${orders.records[0].id}`);
    assert.deepEqual(order.lines.map((l) => l.pointId).sort(), [...picks].sort());
    await context.close();
  });
});

async function expectLines(drawer: ReturnType<typeof rowsOf>, n: number) {
  const rows = rowsOf(drawer);
  const deadline = Date.now() + 15_000;
  while ((await rows.count()) !== n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} order lines, saw ${await rows.count()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
