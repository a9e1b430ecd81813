import {
  AD_ORDER_STATE,
  AD_TASK_KIND,
  AD_TASK_STATUS,
  type AdOrderDetail,
  addDays,
  shanghaiToday,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishEndedOrders, LAPSED_REASON } from '../src/modules/ad/orders/service.ts';
import { companyOfUser, freePoints, leaseLifts, nextMonth, q } from './ad-support.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * Orders end by themselves (the `ad-orders-finish` job): an order 投放中 whose last day has passed
 * becomes 已完成, its dates are released, its points go back to 空闲 unless a following order holds
 * them (then 已预订 / 投放中 as that order is), removal tasks are made; an order ending today keeps
 * showing; runs at once on several connections finish each order exactly once.
 */
describe.each(dbKinds)('advertising orders ending by themselves on %s', (kind) => {
  let t: TestApp;
  let gg: string;
  let op: number;
  let custom: number;
  const month = nextMonth();
  const today = shanghaiToday();

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Lease before booking: the demo operator's lifts leased for the tests' far dates.
    await leaseLifts(t, await companyOfUser(t, 'gg_admin1'));
    gg = await t.login('gg_admin1');
    op = await companyOfUser(t, 'gg_admin1');
    [{ id: custom }] = await q<{ id: number }>(
      t,
      `select id from ad_custom where company_id = ${op} order by id limit 1`,
    );
  });
  afterAll(() => t?.close());

  const call = async (method: string, path: string, body: Record<string, unknown>) => {
    const res = await t.api<AdOrderDetail>(method, path, { token: gg, body });
    expect(res.status, `${path}: ${res.body.resultMsg}`).toBe(200);
    return res.body.data;
  };
  /** A confirmed order of the points for the dates; `start` moves it on to 投放中. */
  async function book(pointIds: number[], startDate: string, endDate: string, start = false) {
    const o = await call('POST', '/adOrder/add', { customId: custom, startDate, endDate, pointIds });
    const s = await call('PUT', '/adOrder/submit', { id: o.id, version: o.version });
    const c = await call('PUT', '/adOrder/confirm', { id: o.id, version: s.version });
    return start ? call('PUT', '/adOrder/start', { id: o.id, version: c.version }) : c;
  }
  /** Moves an order's dates (and its lines') into the past, as if the days had gone by. */
  async function endedYesterday(id: number, endDate = addDays(today, -1)) {
    const dates = `start_date = '${addDays(today, -10)}', end_date = '${endDate}'`;
    await q(t, `update ad_order set ${dates} where id = ${id}`);
    await q(t, `update ad_order_point set ${dates} where order_id = ${id}`);
  }
  const detail = async (id: number) =>
    (await t.api<AdOrderDetail>('GET', `/adOrder/${id}`, { token: gg })).body.data;
  const pointState = async (id: number) =>
    (await q<{ state: number }>(t, `select state from ad_point where id = ${id}`))[0].state;
  const removals = async (orderId: number) =>
    Number(
      (
        await q<{ n: number }>(
          t,
          `select count(*)::int n from ad_task where order_id = ${orderId} and kind = ${AD_TASK_KIND.removal}`,
        )
      )[0].n,
    );

  it('finishes an order past its end; a point a following order holds stays 已预订 / 投放中', async () => {
    const pts = (await freePoints(t, op, addDays(today, -10), month.end, 4)).map((p) => p.id);
    expect(pts).toHaveLength(4);
    const [p1, p2, p3, p4] = pts;
    // X shows on p1, p2, p3 for the first days of next month (moved into the past below).
    const x = await book([p1, p2, p3], month.start, addDays(month.start, 4), true);
    // Y (confirmed) books p2 later; Z (showing) books p3 later; W shows on p4 until today.
    const y = await book([p2], addDays(month.start, 20), month.end);
    const z = await book([p3], addDays(month.start, 10), addDays(month.start, 15), true);
    const w = await book([p4], month.start, addDays(month.start, 2), true);
    await endedYesterday(x.id);
    await endedYesterday(w.id, today);

    expect(await t.platform.jobs.runDue('ad-orders-finish')).toBe(true);

    const xd = await detail(x.id);
    expect(xd.status).toBe(AD_ORDER_STATE.finished);
    expect(xd.statusLabel).toBe('已完成');
    expect(xd.version).toBe(x.version + 1);
    expect(xd.lines.every((l) => !l.active)).toBe(true);
    const [{ finished_at }] = await q<{ finished_at: string | null }>(
      t,
      `select finished_at from ad_order where id = ${x.id}`,
    );
    expect(finished_at).not.toBeNull();
    const label = Object.fromEntries(xd.lines.map((l) => [l.pointId, l.pointStateLabel]));
    expect(label[p1]).toBe('空闲');
    expect(label[p2]).toBe('已预订');
    expect(label[p3]).toBe('投放中');
    expect(await removals(x.id)).toBe(3);
    // The others keep their states: W ends today, Y and Z later.
    expect((await detail(w.id)).statusLabel).toBe('投放中');
    expect(await pointState(p4)).toBe(3);
    expect((await detail(y.id)).statusLabel).toBe('已确认');
    expect((await detail(z.id)).statusLabel).toBe('投放中');
    // X's dates are free again: p1 may be booked for them.
    const again = await t.api<AdOrderDetail>('POST', '/adOrder/add', {
      token: gg,
      body: { customId: custom, startDate: addDays(today, 1), endDate: addDays(today, 2), pointIds: [p1] },
    });
    expect(again.status, again.body.resultMsg).toBe(200);

    // Nothing left to do: a second run (any node, any time) changes nothing.
    expect(await t.platform.db.transaction((tx) => finishEndedOrders(tx))).toBe(0);
    expect((await detail(x.id)).version).toBe(xd.version);
    expect(await removals(x.id)).toBe(3);
  });

  it('cancels an order still 已确认 at its end (nothing installed): points freed, installs closed, no removals', async () => {
    const pts = (await freePoints(t, op, addDays(today, -10), month.end, 2)).map((p) => p.id);
    expect(pts).toHaveLength(2);
    const c = await book(pts, month.start, addDays(month.start, 4));
    expect(await pointState(pts[0])).toBe(2);
    await endedYesterday(c.id);

    // The job's run (it ran in the first test and is not due again for 10 minutes).
    expect(await t.platform.db.transaction((tx) => finishEndedOrders(tx))).toBe(1);

    const cd = await detail(c.id);
    expect(cd.statusLabel).toBe('已取消');
    expect(cd.cancelReason).toBe(LAPSED_REASON);
    expect(cd.version).toBe(c.version + 1);
    expect(cd.lines.every((l) => !l.active)).toBe(true);
    for (const p of pts) expect(await pointState(p)).toBe(1);
    const tasks = await q<{ kind: number; status: number }>(
      t,
      `select kind, status from ad_task where order_id = ${c.id} order by id`,
    );
    expect(tasks.map((x) => [x.kind, x.status])).toEqual([
      [AD_TASK_KIND.install, AD_TASK_STATUS.cancelled],
      [AD_TASK_KIND.install, AD_TASK_STATUS.cancelled],
    ]);
    // Its days are free again, and a second run changes nothing.
    expect(await t.platform.db.transaction((tx) => finishEndedOrders(tx))).toBe(0);
    expect((await detail(c.id)).version).toBe(cd.version);
  });

  it('refuses to confirm an order whose days have passed, and to book days gone by', async () => {
    const [p] = (await freePoints(t, op, addDays(today, -10), month.end, 1)).map((x) => x.id);
    const past = await t.api<AdOrderDetail>('POST', '/adOrder/add', {
      token: gg,
      body: { customId: custom, startDate: addDays(today, -1), endDate: addDays(today, 3), pointIds: [p] },
    });
    expect(past.status).toBe(400);
    expect(past.body.resultMsg).toBe('开始日期不能早于今天');
    const o = await call('POST', '/adOrder/add', {
      customId: custom,
      startDate: month.start,
      endDate: addDays(month.start, 1),
      pointIds: [p],
    });
    const moved = await t.api<AdOrderDetail>('PUT', '/adOrder/update', {
      token: gg,
      body: { id: o.id, version: o.version, startDate: addDays(today, -2) },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.resultMsg).toBe('开始日期不能早于今天');
    const s = await call('PUT', '/adOrder/submit', { id: o.id, version: o.version });
    await endedYesterday(o.id);
    const late = await t.api<AdOrderDetail>('PUT', '/adOrder/confirm', {
      token: gg,
      body: { id: o.id, version: s.version },
    });
    expect(late.status).toBe(409);
    expect(late.body.resultMsg).toContain('投放期已过');
    expect((await detail(o.id)).statusLabel).toBe('待审核');
    expect(await pointState(p)).toBe(1);
  });

  it('runs on several connections at once finish each ended order exactly once', async () => {
    const pts = (await freePoints(t, op, addDays(today, -10), month.end, 6)).map((p) => p.id);
    expect(pts).toHaveLength(6);
    const orders = [];
    for (const [i, p] of pts.entries()) {
      const o = await book([p], addDays(month.start, i), addDays(month.start, i + 1), true);
      await endedYesterday(o.id);
      orders.push(o);
    }
    const ids = orders.map((o) => o.id).join(',');
    // 8 runs at once (the scheduler's advisory lock bypassed), each in its own transaction.
    const counts = await Promise.all(
      Array.from({ length: 8 }, () => t.platform.db.transaction((tx) => finishEndedOrders(tx, today, 2))),
    );
    expect(counts.reduce((s, n) => s + n, 0)).toBe(orders.length);
    const rows = await q<{ id: number; status: number; version: number }>(
      t,
      `select id, status, version from ad_order where id in (${ids}) order by id`,
    );
    for (const [i, r] of rows.entries()) {
      expect(r.status).toBe(AD_ORDER_STATE.finished);
      expect(r.version).toBe(orders[i].version + 1);
    }
    const [{ n }] = await q<{ n: number }>(
      t,
      `select count(*)::int n from ad_task where order_id in (${ids}) and kind = ${AD_TASK_KIND.removal}`,
    );
    expect(Number(n)).toBe(orders.length);
    const states = await q<{ state: number }>(t, `select state from ad_point where id in (${pts.join(',')})`);
    expect(states.every((s) => s.state === 1)).toBe(true);
  });

  it("the platform administrator reads the operator's orders and points but writes none of them (403)", async () => {
    const admin = await t.login('admin');
    const [pt] = await freePoints(t, op, month.start, month.end, 1);
    const list = await t.api<{ total: number }>('GET', '/adOrder/getOrderList', {
      token: admin,
      query: { page: '1', limit: '5' },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(0);
    const [{ n: before }] = await q<{ n: number }>(t, 'select count(*)::int n from ad_order');
    const book = await t.api('POST', '/adOrder/add', {
      token: admin,
      body: { customId: custom, startDate: month.start, endDate: month.end, pointIds: [pt.id] },
    });
    expect(book.status).toBe(403);
    expect(book.body.resultMsg).toContain('仅广告运营商');
    const price = await t.api('PUT', '/adPoint/updateBatch', {
      token: admin,
      body: { ids: [pt.id], price: 1 },
    });
    expect(price.status).toBe(403);
    const [{ n: after }] = await q<{ n: number }>(t, 'select count(*)::int n from ad_order');
    expect(after).toBe(before);
    const [{ price: kept }] = await q<{ price: number }>(t, `select price from ad_point where id = ${pt.id}`);
    expect(Number(kept)).toBe(pt.price);
  });
});
