import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiAs, messageWith, rowsOf, runSearch, searchField, settle } from './elevator-support.ts';
import { PNG_1PX } from './inspection-support.ts';
import { closeDropdown, consoleSuite, pickOption, screenshot, until } from './support.ts';

/**
 * Advertising bookings in the console against the real server (no mocks): gg_admin1 adds a customer
 * on 广告客户, books 10 points for next month on 广告订单 (the availability search and the server's
 * price in the dialog), submits and confirms the order; the order holds its 10 points, 已预订. Its
 * 10 install tasks show on 投放任务, where one is 指派 to the field worker 韦立新; on his phone page
 * (#/m/ad, 375 × 812, the phone's position at the lift), signed in as gg_worker1 (广告安装人员, bound
 * to 韦立新: his own tasks only), the task's point gets its QR code bound, a wrong code is refused
 * with the server's reason, and the log goes with a photo; 投放日志 approves it and 广告点位 shows
 * the point 投放中.
 */
const PHONE = { width: 375, height: 812 };

interface OrderDetail {
  id: number;
  orderNo: string;
  status: number;
  pointCount: number;
  amount: number;
  lines: { pointState: number; startDate: string; endDate: string }[];
}
interface Page<T> {
  records: T[];
  total: number;
}
interface TaskRow {
  id: number;
  pointId: number;
  pointName: string;
  kindLabel: string;
  statusLabel: string;
  qrCode: string | null;
}

const suite = consoleSuite();

describe('advertising bookings in the console', () => {
  test('gg_admin1 books 10 points and confirms the order; a task is done on the phone page, approved, the point 投放中 (list and map)', async () => {
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

    // 投放任务, filtered by the order: its 10 install tasks, 待执行 (the order's drawer closed first:
    // the console keeps its visited pages, and the drawer would lie over the next one).
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    // 投放任务, filtered by the order: its 10 install tasks, 待执行.
    await page.goto(`${suite.server.baseUrl}/#/ad/task`);
    const tasks = page.getByTestId('ad-task-list');
    await tasks.waitFor();
    await searchField(tasks, '关键字').locator('input').fill(order.orderNo);
    const installs = rowsOf(tasks).filter({ hasText: order.orderNo }).filter({ hasText: '安装' });
    await until(
      async () => {
        await runSearch(tasks);
        return (await installs.filter({ hasText: '待执行' }).count()) === 10;
      },
      `the 10 install tasks of ${order.orderNo} to be listed`,
      45_000,
    );
    await screenshot(page, 'ad-order-tasks');
    const made = await api<Page<TaskRow>>('GET', '/adTask/getTaskList', {
      orderId: order.id,
      kind: 1,
      limit: 20,
    });
    assert.equal(made.total, 10, 'one install task per booked point');
    // A point not bound yet if there is one (a point whose earlier poster was installed keeps its code).
    const task = made.records.find((r) => !r.qrCode) ?? made.records[0];
    const point = await api<{ pointNo: string; latitude: number | null; longitude: number | null }>(
      'GET',
      `/adPoint/${task.pointId}`,
    );
    // A code bound before (a point whose earlier poster was installed) is undone by the operator.
    if (task.qrCode) await api('PUT', '/adTask/unBindQrCode', { id: task.id });

    // 指派: the task goes to 韦立新, the field worker the demo binds to gg_worker1.
    const workerApi = await apiAs(suite.server.baseUrl, 'gg_worker1');
    const own = await workerApi<{ mine?: { workerId: number | null; workerName: string | null } }>(
      'GET',
      '/adTask/getTaskList',
      { mine: true, limit: 1 },
    );
    const workerName = own.mine?.workerName;
    assert.ok(workerName, 'gg_worker1 is bound to a field worker');
    await searchField(tasks, '关键字').locator('input').fill(task.pointName);
    await runSearch(tasks);
    const taskRow = rowsOf(tasks).filter({ hasText: task.pointName }).filter({ hasText: '待执行' }).first();
    await taskRow.getByTestId('ad-task-assign').click();
    const assign = page.locator('.ad-task-assign');
    await assign.waitFor();
    await pickOption(page, assign.getByTestId('ad-task-worker'), workerName, workerName);
    await closeDropdown(page);
    await assign.getByRole('button', { name: /指\s*派/ }).click();
    await messageWith(page, `已指派给 ${workerName}`);
    await assign.waitFor({ state: 'detached' });

    // The field worker on site, on the phone page: from 首页 to 广告投放作业, the position at the lift.
    const code = `E2E-${Date.now()}`;
    const phone = await suite.open('gg_worker1', PHONE);
    try {
      await phone.context.grantPermissions(['geolocation'], { origin: suite.server.baseUrl });
      await phone.context.setGeolocation({
        latitude: point.latitude ?? 22.817,
        longitude: point.longitude ?? 108.366,
        accuracy: 10,
      });
      const p = phone.page;
      await p
        .getByTestId('dashboard-ad-work')
        .getByRole('button', { name: /进入广告投放作业/ })
        .click();
      await p.getByTestId('ad-work-page').waitFor();
      // His own tasks: the header names him, the list holds the task given to him.
      await p.locator('header').filter({ hasText: workerName }).waitFor();
      await p.getByLabel('关键字').fill(task.pointName);
      await p.getByRole('button', { name: /查\s*询/ }).click();
      await p.getByTestId('ad-work-task').filter({ hasText: task.pointName }).click();
      await p.getByTestId('ad-work-task-state').filter({ hasText: '待执行' }).waitFor();
      // The point's code bound (scanned or typed); 解绑 is the operator's, not shown to him.
      assert.equal(await p.getByTestId('ad-work-unbind').count(), 0);
      await p.getByTestId('ad-work-code').fill(code);
      await p.getByTestId('ad-work-bind').click();
      await p
        .getByTestId('ad-work-notice')
        .filter({ hasText: `已绑定二维码 ${code}` })
        .waitFor();
      // The poster's photo; the log is his own.
      await p
        .getByTestId('ad-work-photo-input')
        .setInputFiles({ name: '安装.png', mimeType: 'image/png', buffer: PNG_1PX });
      await p.getByTestId('ad-photo').first().waitFor();
      // A code that is not the point's: the server's reason, and the task stays 待执行.
      await p.getByTestId('ad-work-code').fill('E2E-WRONG-0001');
      await p.getByTestId('ad-work-submit').click();
      await p.getByTestId('ad-work-error').filter({ hasText: '扫描的二维码不是该点位的二维码' }).waitFor();
      await p.getByTestId('ad-work-task-state').filter({ hasText: '待执行' }).waitFor();
      // The point's code: the log is sent, the task 待审核, the distance to the lift measured.
      await p.getByTestId('ad-work-code').fill(code);
      await p.getByTestId('ad-work-submit').click();
      await p.getByTestId('ad-work-notice').filter({ hasText: '日志已提交，任务待审核' }).waitFor();
      await p.getByTestId('ad-work-task-state').filter({ hasText: '待审核' }).waitFor();
      await p.getByTestId('ad-work-log').filter({ hasText: '待审核' }).filter({ hasText: code }).waitFor();
      await screenshot(p, 'ad-work-submitted-375');
    } finally {
      await phone.context.close();
    }
    const sent = await api<{
      statusLabel: string;
      qrCode: string | null;
      logs: { status: number; distanceM: number | null; far: boolean; workerName: string | null }[];
    }>('GET', `/adTask/${task.id}`);
    assert.equal(sent.statusLabel, '待审核');
    assert.equal(sent.logs[0]?.workerName, workerName, 'the log is the field worker’s');
    assert.equal(sent.qrCode, code, 'the point carries the bound code');
    assert.equal(sent.logs.length, 1, 'the refused wrong code left no log');
    assert.equal(sent.logs[0].far, false, 'sent at the lift');

    // An account bound to no field worker (gg_admin1) is told so on the phone page, and sees no task.
    await page.goto(`${suite.server.baseUrl}/#/m/ad`);
    await page.getByTestId('ad-work-reason').filter({ hasText: '当前账号未绑定小程序安装人员' }).waitFor();
    assert.equal(await page.getByTestId('ad-work-task').count(), 0, 'not the operator’s tasks');

    // 投放日志: gg_admin1 approves the log; 广告点位 shows the point 投放中.
    await page.goto(`${suite.server.baseUrl}/#/ad/taskLog`);
    const logs = page.getByTestId('ad-task-log-list');
    await logs.waitFor();
    await searchField(logs, '关键字').locator('input').fill(task.pointName);
    const pending = rowsOf(logs).filter({ hasText: task.pointName }).filter({ hasText: '待审核' }).first();
    await until(
      async () => {
        await runSearch(logs);
        return (await pending.count()) > 0;
      },
      `the log of ${task.pointName} to be listed`,
      45_000,
    );
    await pending.getByTestId('ad-photo').locator('img').first().waitFor({ timeout: 15_000 });
    await pending.getByTestId('ad-log-approve').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await messageWith(page, '已审核通过');

    await page.goto(`${suite.server.baseUrl}/#/ad/point`);
    const pointList = page.getByTestId('ad-point-list');
    await pointList.waitFor();
    await searchField(pointList, '关键字').locator('input').fill(point.pointNo);
    const showing = rowsOf(pointList).filter({ hasText: point.pointNo }).filter({ hasText: '投放中' });
    await until(
      async () => {
        await runSearch(pointList);
        return (await showing.count()) > 0;
      },
      `${point.pointNo} to show 投放中`,
      45_000,
    );
    await screenshot(page, 'ad-point-showing');
    const after = await api<{ state: number }>('GET', `/adPoint/${task.pointId}`);
    assert.equal(after.state, 3, 'the point is 投放中');
    // Its order's first approved install moved the order on: 已确认 → 投放中.
    const showingOrder = await api<OrderDetail>('GET', `/adOrder/${order.id}`);
    assert.equal(showingOrder.status, 4, 'the order is 投放中');

    // 点位地图: the map's points hold it 投放中, and its 投放中 count is the points drawn in that state.
    assert.ok(point.latitude !== null && point.longitude !== null, 'the demo point has a position');
    const mapData = page.waitForResponse(
      (r) => r.url().includes('/adPoint/getPointAll') && r.request().method() === 'GET',
    );
    await page.goto(`${suite.server.baseUrl}/#/ad/pointMap`);
    const drawn = ((await (await mapData).json()) as { data: { points: [number, number, number, number][] } })
      .data;
    const onMap = drawn.points.find(([id]) => id === task.pointId);
    assert.equal(onMap?.[3], 3, 'the map draws the point 投放中');
    const showingOnMap = drawn.points.filter(([, , , s]) => s === 3).length;
    await page
      .getByTestId('ad-map-counts')
      .locator('.ant-statistic')
      .filter({ hasText: '投放中' })
      .locator('.ant-statistic-content')
      .filter({ hasText: new RegExp(`^\\s*${showingOnMap.toLocaleString('en-US')}\\s*$`) })
      .waitFor();
    await page.getByTestId('ad-point-map').waitFor();
    await screenshot(page, 'ad-map-showing');
    await context.close();
  });
});
