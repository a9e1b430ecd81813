import { AD_ORDER_STATE, AD_POINT_STATE, type AdPointDetail, adOrderCalls, adPointCalls } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmOrder, finishEndedOrders } from '../src/modules/ad/orders/service.ts';
import type { AuthUser } from '../src/platform/access.ts';
import { companyOfUser, leaseLifts } from './ad-support.ts';
import { confirmedOrder, type MadeOrder, query } from './ad-tasks-support.ts';
import { dbKinds, heldTransaction, startTestApp, type TestApp } from './harness.ts';

/**
 * A point's state against the orders holding it (audit 2, findings 6 and 8e): the paths that write it
 * from the orders (confirm, start, cancel, finish, a removal's review) lock the points first, so a
 * confirm of one order and a cancel of another on the same point never leave it 空闲 under the
 * confirmed one; a state set by hand cannot contradict the orders (空闲 while an order 已确认 /
 * 投放中 holds the point is 409; 维修 / 停用 always; 空闲 from 维修 / 停用 puts the point back to
 * what its orders make it).
 */
const N = 25;

describe.each(dbKinds)('advertising point states and their orders under %s', (kind) => {
  let t: TestApp;
  let gg: string;
  let ggId: number;
  let ggUser: AuthUser;
  let seq = 0;
  const send = <T>(call: { method: string; path: string }, body: Record<string, unknown>) =>
    t.api<T>(call.method, call.path, { token: gg, body });
  const count = (results: { status: number }[]) => {
    const c: Record<number, number> = {};
    for (const r of results) c[r.status] = (c[r.status] ?? 0) + 1;
    return c;
  };
  const versionOf = async (orderId: number) =>
    (await query<{ version: number }>(t, `select version from ad_order where id = ${orderId}`))[0].version;
  const stateOf = async (pointId: number) =>
    (await query<{ state: number }>(t, `select state from ad_point where id = ${pointId}`))[0].state;

  /**
   * `n` fresh points of the operator, each 已预订 by a confirmed order O3 of its own (`year`'s January)
   * and named by an order O2 of its own in 待审核 (its March); the lifts leased for both.
   */
  /** O3s in `year`'s January, each point's O2 in March of `o2Year` (`year` by default). */
  async function pairs(n: number, year: number, o2Year = year) {
    const o3: MadeOrder[] = [];
    for (let i = 0; i < n; i++)
      o3.push(
        await confirmedOrder(t, ggId, { points: 1, startDate: `${year}-01-01`, endDate: `${year}-01-31` }),
      );
    const points = o3.map((o) => o.pointIds[0]);
    await leaseLifts(t, ggId, '2020-01-01', '2099-12-31', `p.id in (${points.join(', ')})`);
    await query(t, `update ad_point set state = ${AD_POINT_STATE.booked} where id in (${points.join(', ')})`);
    const o2: number[] = [];
    for (const [i, pointId] of points.entries()) {
      seq++;
      const [o] = await query<{ id: number }>(
        t,
        `insert into ad_order (order_no, company_id, custom_id, start_date, end_date, status, amount, point_count)
         values ('PS${process.pid % 1000}${seq}${Date.now() % 100000}', ${ggId}, ${o3[i].customId}, '${o2Year}-03-01',
           '${o2Year}-03-31', ${AD_ORDER_STATE.submitted}, 700, 1) returning id`,
      );
      await query(
        t,
        `insert into ad_order_point (order_id, point_id, start_date, end_date, price, amount)
         values (${o.id}, ${pointId}, '${o2Year}-03-01', '${o2Year}-03-31', 700, 700)`,
      );
      o2.push(o.id);
    }
    return { o3, o2, points };
  }

  /** Points whose state is not what their orders make it (空闲 / 已预订 / 投放中; 维修 / 停用 aside). */
  const wrongStates = (ids: number[]) =>
    query<{ id: number; state: number; expected: number }>(
      t,
      `select p.id, p.state,
         case when exists (select 1 from ad_order_point l join ad_order o on o.id = l.order_id
                           where l.point_id = p.id and l.active and o.status = ${AD_ORDER_STATE.showing}) then ${AD_POINT_STATE.showing}
              when exists (select 1 from ad_order_point l join ad_order o on o.id = l.order_id
                           where l.point_id = p.id and l.active and o.status = ${AD_ORDER_STATE.confirmed}) then ${AD_POINT_STATE.booked}
              else ${AD_POINT_STATE.free} end as expected
       from ad_point p where p.id in (${ids.join(', ')}) and p.state not in (${AD_POINT_STATE.repair}, ${AD_POINT_STATE.disabled})
       order by p.id`,
    ).then((rows) => rows.filter((r) => Number(r.state) !== Number(r.expected)));

  /** Points 空闲 while an order 已确认 / 投放中 holds them. */
  const freeUnderOrders = (ids: number[]) =>
    query<{ id: number }>(
      t,
      `select p.id from ad_point p where p.id in (${ids.join(', ')}) and p.state = ${AD_POINT_STATE.free}
         and exists (select 1 from ad_order_point l join ad_order o on o.id = l.order_id
                     where l.point_id = p.id and l.active and o.status in (${AD_ORDER_STATE.confirmed}, ${AD_ORDER_STATE.showing}))`,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    ggId = await companyOfUser(t, 'gg_admin1');
    gg = await t.login('gg_admin1');
    const [u] = await query<{ id: number }>(t, `select id from sys_user where username = 'gg_admin1'`);
    ggUser = {
      id: u.id,
      username: 'gg_admin1',
      realName: '广告运营商',
      userType: 'ad',
      companyId: ggId,
      areaCodes: [],
      dataScope: 'company',
      roles: [],
      permissions: new Set(['*:*:*']),
      tokenHash: '',
      needIntercept: false,
      mustChangePassword: false,
    };
  }, 900_000);
  afterAll(() => t?.close());

  it('refuses 空闲 by hand on a point an order 已确认 holds, allows 维修 / 停用, and 空闲 from 维修 restores 已预订', async () => {
    const { o3, points } = await pairs(3, 2061);
    const [a, b, c] = points;
    const [free] = await query<{ id: number; version: number }>(
      t,
      `select id, version from ad_point where company_id = ${ggId} and state = ${AD_POINT_STATE.free}
         and not exists (select 1 from ad_order_point l join ad_order o on o.id = l.order_id
                         where l.point_id = ad_point.id and l.active and o.status in (3, 4))
       order by id limit 1`,
    );
    const version = async (id: number) =>
      (await query<{ version: number }>(t, `select version from ad_point where id = ${id}`))[0].version;

    const refused = await send(adPointCalls.updatePoint, { id: a, version: await version(a), state: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toContain('不能手动设为空闲');
    expect(refused.body.resultMsg).toContain(o3[0].orderNo);
    expect(await stateOf(a)).toBe(AD_POINT_STATE.booked);

    // A batch naming one such point changes none of them.
    const batch = await send(adPointCalls.updateBatch, { ids: [free.id, b], state: 1, price: 321 });
    expect(batch.status).toBe(409);
    expect(await stateOf(b)).toBe(AD_POINT_STATE.booked);
    const [{ price }] = await query<{ price: number }>(t, `select price from ad_point where id = ${free.id}`);
    expect(price).not.toBe(321);

    // 维修 / 停用 by hand while booked; the orders keep their dates.
    const repair = await send<AdPointDetail>(adPointCalls.updatePoint, {
      id: a,
      version: await version(a),
      state: AD_POINT_STATE.repair,
    });
    expect(repair.status, repair.body.resultMsg).toBe(200);
    expect(repair.body.data.state).toBe(AD_POINT_STATE.repair);
    const off = await send(adPointCalls.updateBatch, { ids: [b], state: AD_POINT_STATE.disabled });
    expect(off.status, off.body.resultMsg).toBe(200);
    expect(await stateOf(b)).toBe(AD_POINT_STATE.disabled);

    // Back in service: the state its orders make it (已预订), not 空闲.
    const back = await send<AdPointDetail>(adPointCalls.updatePoint, {
      id: a,
      version: await version(a),
      state: AD_POINT_STATE.free,
    });
    expect(back.status, back.body.resultMsg).toBe(200);
    expect(back.body.data.state).toBe(AD_POINT_STATE.booked);
    const backBatch = await send(adPointCalls.updateBatch, { ids: [b, free.id], state: AD_POINT_STATE.free });
    expect(backBatch.status, backBatch.body.resultMsg).toBe(200);
    expect(await stateOf(b)).toBe(AD_POINT_STATE.booked);
    expect(await stateOf(free.id)).toBe(AD_POINT_STATE.free);

    // A point 已预订 that no order holds any more (a stale state) may be set 空闲.
    await query(t, `update ad_order_point set active = false where order_id = ${o3[2].orderId}`);
    const stale = await send(adPointCalls.updateBatch, { ids: [c], state: AD_POINT_STATE.free });
    expect(stale.status, stale.body.resultMsg).toBe(200);
    expect(await stateOf(c)).toBe(AD_POINT_STATE.free);
  });

  it.runIf(kind === 'postgres')(
    'a cancel of O3 waits for a confirm of O2 on the same point in progress, then leaves the point 已预订',
    async () => {
      const { o3, o2, points } = await pairs(1, 2062);
      const [point] = points;
      const confirming = await heldTransaction(t.platform.db, (tx) => confirmOrder(tx, ggUser, o2[0], 0));
      let settled = false;
      const cancel = send(adOrderCalls.cancel, {
        id: o3[0].orderId,
        version: await versionOf(o3[0].orderId),
        reason: '并发测试',
      }).then((r) => {
        settled = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 400));
      // The cancel waits for the point's lock, which the confirm holds.
      expect(settled).toBe(false);
      await confirming.commit();
      const res = await cancel;
      expect(res.status, res.body.resultMsg).toBe(200);
      expect(await stateOf(point)).toBe(AD_POINT_STATE.booked);
      expect(await wrongStates([point])).toEqual([]);
    },
  );

  it.runIf(kind === 'postgres')(
    'the finish job waits for a confirm of O2 on a point of the ended O3 in progress, then leaves the point 已预订',
    async () => {
      // O3 ended (2025); O2 still ahead (a confirm of an order whose days have passed is refused).
      const { o3, o2, points } = await pairs(1, 2025, 2067);
      const [point] = points;
      await query(t, `update ad_order set status = ${AD_ORDER_STATE.showing} where id = ${o3[0].orderId}`);
      await query(t, `update ad_point set state = ${AD_POINT_STATE.showing} where id = ${point}`);
      const confirming = await heldTransaction(t.platform.db, (tx) => confirmOrder(tx, ggUser, o2[0], 0));
      let settled = false;
      const finishing = t.platform.db
        .transaction((tx) => finishEndedOrders(tx))
        .then((n) => {
          settled = true;
          return n;
        });
      await new Promise((r) => setTimeout(r, 400));
      expect(settled).toBe(false);
      await confirming.commit();
      expect(await finishing).toBeGreaterThanOrEqual(1);
      const [{ status }] = await query<{ status: number }>(
        t,
        `select status from ad_order where id = ${o3[0].orderId}`,
      );
      expect(status).toBe(AD_ORDER_STATE.finished);
      expect(await stateOf(point)).toBe(AD_POINT_STATE.booked);
      expect(await wrongStates([point])).toEqual([]);
    },
  );

  it.runIf(kind === 'postgres')(
    '25 points, 50 requests at once (cancel each O3, confirm each O2): every point is what its orders make it',
    async () => {
      for (const year of [2063, 2064]) {
        const { o3, o2, points } = await pairs(N, year);
        const results = await Promise.all(
          o3.flatMap((o, i) => [
            send(adOrderCalls.cancel, { id: o.orderId, version: 0, reason: '并发测试' }),
            send(adOrderCalls.confirm, { id: o2[i], version: 0 }),
          ]),
        );
        const failed = results.find((r) => r.status !== 200);
        expect(count(results), JSON.stringify(failed?.body)).toEqual({ 200: 2 * N });
        expect(await freeUnderOrders(points), `${year}`).toEqual([]);
        expect(await wrongStates(points), `${year}`).toEqual([]);
      }
    },
  );

  it.runIf(kind === 'postgres')(
    '25 points, 50 requests at once (空闲 by hand, confirm of the order holding each): none is 空闲 under a confirmed order',
    async () => {
      const { o3, o2, points } = await pairs(N, 2066);
      // Free the points of the O3s (their dates released) so that only each O2 will hold its point.
      const ids = o3.map((o) => o.orderId).join(', ');
      await query(t, `update ad_order set status = ${AD_ORDER_STATE.cancelled} where id in (${ids})`);
      await query(t, `update ad_order_point set active = false where order_id in (${ids})`);
      await query(t, `update ad_point set state = ${AD_POINT_STATE.free} where id in (${points.join(', ')})`);
      const results = await Promise.all(
        points.flatMap((pointId, i) => [
          send(adPointCalls.updateBatch, { ids: [pointId], state: AD_POINT_STATE.free }),
          send(adOrderCalls.confirm, { id: o2[i], version: 0 }),
        ]),
      );
      const manual = results.filter((_, i) => i % 2 === 0);
      const confirms = results.filter((_, i) => i % 2 === 1);
      expect(count(confirms)).toEqual({ 200: N });
      expect(manual.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect(await freeUnderOrders(points)).toEqual([]);
      expect(await wrongStates(points)).toEqual([]);
    },
  );
});
