import type {
  ElevatorRow,
  MaintenanceOrderDetail,
  MaintenanceOrderRecord,
  MaintenanceOrderRow,
  Page,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

describe.each(dbKinds)('maintenance work orders of the registry on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let own: ElevatorRow;
  let foreign: ElevatorRow;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 400 });
    for (const u of ['admin', 'jg_qingxiu', 'wb_admin1', 'wb_admin2', 'gg_admin1'])
      tokens[u] = await t.login(u);
    // A lift of company 1 with a confirmed (已完成) visit: under contract, so it has a plan and history.
    const done = await t.api<Page<MaintenanceOrderRow>>('GET', '/pc/maintenanceOrder/queryList', {
      token: tokens.wb_admin1,
      query: { status: 4, page: 1, limit: 1 },
    });
    const mine = await t.api<Page<ElevatorRow>>('POST', '/pc/elevator/queryList', {
      token: tokens.wb_admin1,
      body: { page: 1, limit: 500 },
    });
    own = mine.body.data.records.find((r) => r.id === done.body.data.records[0].elevatorId)!;
    const theirOrders = await t.api<Page<MaintenanceOrderRow>>('GET', '/pc/maintenanceOrder/queryList', {
      token: tokens.wb_admin2,
      query: { page: 1, limit: 1 },
    });
    const theirs = await t.api<Page<ElevatorRow>>('POST', '/pc/elevator/queryList', {
      token: tokens.wb_admin2,
      body: { page: 1, limit: 500 },
    });
    foreign = theirs.body.data.records.find((r) => r.id === theirOrders.body.data.records[0].elevatorId)!;
  });
  afterAll(() => t.close());

  const ordersOf = (user: string, elevatorId: unknown, extra: Record<string, unknown> = {}) =>
    t.api<Page<MaintenanceOrderRow>>('POST', '/pc/elevator/queryDetail/maintenanceOrderInfo', {
      token: tokens[user],
      body: { elevatorId, ...extra },
    });

  it("lists an elevator's work orders newest plan first, every 15 days, with the next one planned", async () => {
    const res = await ordersOf('wb_admin1', own.id, { limit: 50 });
    expect(res.status).toBe(200);
    const orders = res.body.data.records;
    expect(res.body.data.total).toBe(orders.length);
    expect(orders.length).toBeGreaterThanOrEqual(4);
    expect(orders.every((o) => o.elevatorId === own.id && o.registerCode === own.registerCode)).toBe(true);
    expect(orders.every((o) => o.maintenanceCompanyName === own.maintenanceCompanyName)).toBe(true);
    const dates = orders.map((o) => o.planDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Half-month maintenance: no two visits more than 15 days apart (TSG T5002-2017).
    for (let i = 1; i < dates.length; i++) {
      expect((Date.parse(dates[i - 1]) - Date.parse(dates[i])) / 86_400_000).toBeLessThanOrEqual(15);
    }
    const [next] = orders;
    expect(next.statusLabel).toBe('待维保');
    expect(next.signInTime).toBeNull();
    const done = orders.filter((o) => o.status >= 3 && o.status !== 6);
    expect(done.length).toBeGreaterThan(0);
    for (const o of done) {
      expect(o.workers.length).toBeGreaterThanOrEqual(2);
      expect(o.durationMinutes).toBeGreaterThan(0);
      expect(o.signOutTime! > o.signInTime!).toBe(true);
    }
    expect(orders.map((o) => o.kindLabel)).toContain('半月保养');

    const paged = await ordersOf('wb_admin1', own.id, { limit: 2, page: 2 });
    expect(paged.body.data.records.map((o) => o.id)).toEqual(orders.slice(2, 4).map((o) => o.id));
  });

  it('shows a work order item by item, and its log in the order things happened', async () => {
    const orders = (await ordersOf('admin', own.id, { limit: 50 })).body.data.records;
    const done = orders.find((o) => o.statusLabel === '已完成' && o.workers.length >= 2)!;
    const res = await t.api<MaintenanceOrderDetail>('GET', '/pc/maintenanceOrder/queryDetail/info', {
      token: tokens.wb_admin1,
      query: { id: done.id },
    });
    expect(res.status).toBe(200);
    const order = res.body.data;
    expect(order).toMatchObject({ id: done.id, orderNo: done.orderNo, address: own.address });
    expect(order.items.length).toBeGreaterThanOrEqual(31);
    expect(
      order.items.every((i) => ['正常', '已调整', '已更换', '异常', '无此项'].includes(i.result ?? '')),
    ).toBe(true);
    expect(order.confirmedBy).toBeTruthy();
    expect(order.confirmTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const log = await t.api<Page<MaintenanceOrderRecord>>(
      'GET',
      '/pc/maintenanceOrder/queryDetail/queryOrderRecord',
      { token: tokens.wb_admin1, query: { orderId: done.id, page: 1, limit: 10 } },
    );
    expect(log.status).toBe(200);
    expect(log.body.data.records.map((r) => r.action)).toEqual([
      '创建工单',
      '现场签到',
      '现场签退',
      '提交维保记录',
      '使用单位确认',
    ]);
    const times = log.body.data.records.map((r) => r.time);
    expect([...times].sort()).toEqual(times);
    expect(log.body.data.records[4].operator).toBe(order.confirmedBy);
    // Signed out before it was submitted, and where: the demo's electronic visits as the phone makes them.
    expect(order.signOutTime! <= order.submitTime!).toBe(true);
    expect(order.signOutDistanceM).not.toBeNull();
  });

  it('answers 404 for another company’s elevator or order, and for ones that do not exist', async () => {
    expect((await ordersOf('wb_admin1', foreign.id)).status).toBe(404);
    expect((await ordersOf('wb_admin2', foreign.id)).status).toBe(200);
    const theirOrder = (await ordersOf('wb_admin2', foreign.id)).body.data.records[0];
    const detail = await t.api('GET', '/pc/maintenanceOrder/queryDetail/info', {
      token: tokens.wb_admin1,
      query: { id: theirOrder.id },
    });
    expect(detail.status).toBe(404);
    expect(detail.body.resultMsg).toBe('工单不存在或无权访问');
    const log = await t.api('GET', '/pc/maintenanceOrder/queryDetail/queryOrderRecord', {
      token: tokens.wb_admin1,
      query: { orderId: theirOrder.id },
    });
    expect(log.status).toBe(404);
    expect(
      (
        await t.api('GET', '/pc/maintenanceOrder/queryDetail/info', {
          token: tokens.admin,
          query: { id: 99999999 },
        })
      ).status,
    ).toBe(404);
    // The district regulator sees the orders of elevators in its district only.
    const inDistrict = own.areaCode === '450103';
    expect((await ordersOf('jg_qingxiu', own.id)).status).toBe(inDistrict ? 200 : 404);
    // Accounts without the registry permission are refused outright.
    expect((await ordersOf('gg_admin1', own.id)).status).toBe(403);
  });

  it('refuses bad input with the field named', async () => {
    const missing = await ordersOf('admin', undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.resultMsg).toMatch(/^elevatorId：/);
    const bad = await t.api('GET', '/pc/maintenanceOrder/queryDetail/info', {
      token: tokens.admin,
      query: { id: 'abc' },
    });
    expect(bad.status).toBe(400);
    expect((await ordersOf('admin', own.id, { limit: 0 })).status).toBe(400);
  });
});
