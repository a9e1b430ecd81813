import { AD_POINT_STATE, type AdAvailablePoint, type AdOrderDetail, type Page } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldMemory } from '../src/modules/ad/orders/held.ts';
import { companyOfUser, leasedEveryDay, leaseLifts, q, secondOperator } from './ad-support.ts';
import { type DbKind, dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * The availability search (GET /adOrder/available) against a direct count: orders crossing the
 * range at its start, inside it, at its end, on either side of it, a point booked twice inside it and
 * a cancelled order; the total is the number of the operator's bookable points that no holding line
 * books on a day of the range, with and without filters, and the pages list exactly those points by id.
 * The total is the points matching the filters less the held ones matching them: points held in the
 * range that the filters leave out (under repair, another district or medium, another operator's) are
 * booked too, so that subtracting them would show.
 */
describe.each(
  dbKinds.flatMap((kind) => [
    [kind, 'counted in the database'],
    [kind, 'from the held lines in memory'],
  ]),
)('advertising availability search on %s, held points %s', (kind, held) => {
  let t: TestApp;
  let gg: string;
  let op: number;
  const start = '2041-03-01';
  const end = '2041-03-31';

  // The held points of a search of more than FRESH_UP_TO points come from its holding lines read
  // into the server (orders/held.ts): here for every search, read afresh, against the same counts.
  const memory = { ...heldMemory };
  beforeAll(async () => {
    if (held !== 'counted in the database') Object.assign(heldMemory, { above: -1, ms: 0 });
    t = await startTestApp(kind as DbKind);
    // Lease before booking: the demo operator's lifts leased for the tests' far dates.
    await leaseLifts(t, await companyOfUser(t, 'gg_admin1'));
    gg = await t.login('gg_admin1');
    op = await companyOfUser(t, 'gg_admin1');
  });
  afterAll(async () => {
    Object.assign(heldMemory, memory);
    await t?.close();
  });

  const get = <T>(path: string, query: Record<string, string | number>, token = gg) =>
    t.api<T>('GET', path, {
      token,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  const send = <T>(method: string, path: string, body: Record<string, unknown>) =>
    t.api<T>(method, path, { token: gg, body });

  /**
   * The free points by a query of its own (dates compared as columns, not ranges), in id order: the
   * operator's, or every operator's for the platform (`company` null).
   */
  const freeIds = async (filters = '', exceptOrder?: number, company: number | null = op) =>
    (
      await q<{ id: number }>(
        t,
        `select p.id from ad_point p where ${company === null ? 'true' : `p.company_id = ${company}`}
         and p.state not in (4, 5) ${filters}
         and ${leasedEveryDay('p', `'${start}'`, `'${end}'`)}
         and p.id not in (select l.point_id from ad_order_point l where l.active
           and l.start_date <= '${end}' and l.end_date >= '${start}'
           ${exceptOrder ? `and l.order_id <> ${exceptOrder}` : ''})
         order by p.id`,
      )
    ).map((r) => Number(r.id));

  /** Every page of the search, `limit` points a page: the ids in order and each page's total. */
  async function search(filters: Record<string, string | number> = {}, token = gg, limit = 7) {
    const ids: number[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page++) {
      const res = await get<Page<AdAvailablePoint>>(
        '/adOrder/available',
        { startDate: start, endDate: end, page, limit, ...filters },
        token,
      );
      expect(res.status, res.body.resultMsg).toBe(200);
      totals.add(res.body.data.total);
      ids.push(...res.body.data.records.map((r) => r.id));
      if (res.body.data.records.length < limit) break;
    }
    expect(totals.size).toBe(1);
    return { ids, total: [...totals][0] };
  }

  it('counts and lists the points free on every day of the range', async () => {
    const points = (
      await q<{ id: number; area_code: string; medium: number }>(
        t,
        `select id, area_code, medium from ad_point p where company_id = ${op} and state not in (4, 5)
           and ${leasedEveryDay('p', "'2041-02-01'", "'2041-04-30'")} order by id`,
      )
    ).map((p) => ({ ...p, id: Number(p.id) }));
    expect(points.length).toBeGreaterThan(20);
    const [custom] = await q<{ id: number }>(t, `select id from ad_custom where company_id = ${op} limit 1`);
    const book = async (from: string, to: string, pointIds: number[]) => {
      const res = await send<AdOrderDetail>('POST', '/adOrder/add', {
        customId: custom.id,
        startDate: from,
        endDate: to,
        pointIds,
      });
      expect(res.status, res.body.resultMsg).toBe(200);
      return res.body.data;
    };
    const id = (i: number) => points[i].id;
    const before = await search();
    expect(before.ids).toEqual(await freeIds());
    // Crossing the start, inside, crossing the end (the last day only), around the whole range.
    await book('2041-02-20', '2041-03-01', [id(1), id(2)]);
    await book('2041-03-10', '2041-03-12', [id(3)]);
    await book('2041-03-31', '2041-04-15', [id(4), id(5), id(6)]);
    const around = await book('2041-02-01', '2041-04-30', [id(7), id(8)]);
    // Twice inside the range: one point, counted once.
    await book('2041-03-02', '2041-03-05', [id(9)]);
    await book('2041-03-20', '2041-03-25', [id(9)]);
    // Outside the range on either side: free.
    await book('2041-02-01', '2041-02-28', [id(10)]);
    await book('2041-04-01', '2041-04-30', [id(11)]);
    // Cancelled: free again.
    const cancelled = await book('2041-03-01', '2041-03-31', [id(12)]);
    const cancel = await send('PUT', '/adOrder/cancel', {
      id: cancelled.id,
      version: cancelled.version,
      reason: '客户取消',
    });
    expect(cancel.status, cancel.body.resultMsg).toBe(200);
    // Under repair: not bookable whatever its orders.
    await q(t, `update ad_point set state = ${AD_POINT_STATE.repair} where id = ${id(13)}`);
    // Held in the range, then under repair: the filters leave it out, so it is not subtracted either.
    await book('2041-03-05', '2041-03-06', [id(14)]);
    await q(t, `update ad_point set state = ${AD_POINT_STATE.repair} where id = ${id(14)}`);
    // Held in the range in another district than point 1 and with another medium than point 4: the
    // searches by point 1's district and by point 4's medium must not subtract them.
    const area = points[1].area_code;
    const medium = points[4].medium;
    const elsewhere = points.findIndex((p, i) => i > 14 && p.area_code !== area);
    const otherMedium = points.findIndex((p, i) => i > 14 && i !== elsewhere && p.medium !== medium);
    expect(elsewhere).toBeGreaterThan(14);
    expect(otherMedium).toBeGreaterThan(14);
    await book('2041-03-15', '2041-03-16', [id(elsewhere), id(otherMedium)]);
    // Another operator's point held in the range: not the operator's, not subtracted from its total.
    const second = await secondOperator(t, 2);
    const secondToken = await t.login(second.username);
    const secondCustom = await t.api<{ id: number }>('POST', '/adCustom/add', {
      token: secondToken,
      body: { name: '第二运营商的客户' },
    });
    expect(secondCustom.status, secondCustom.body.resultMsg).toBe(200);
    const secondOrder = await t.api('POST', '/adOrder/add', {
      token: secondToken,
      body: {
        customId: secondCustom.body.data.id,
        startDate: start,
        endDate: end,
        pointIds: [second.pointIds[0]],
      },
    });
    expect(secondOrder.status, secondOrder.body.resultMsg).toBe(200);

    const after = await search();
    const expected = await freeIds();
    expect(after.total).toBe(expected.length);
    expect(after.ids).toEqual(expected);
    // Eleven points booked on a day of the range, two under repair (one of them booked too).
    const taken = [1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 14, elsewhere, otherMedium];
    expect(after.total).toBe(before.total - taken.length);
    for (const i of taken) expect(after.ids).not.toContain(id(i));
    for (const i of [0, 10, 11, 12]) expect(after.ids).toContain(id(i));

    // With a district, with a medium: the same count restricted.
    const byArea = await search({ areaCode: area });
    expect(byArea.total).toBe((await freeIds(`and p.area_code = '${area}'`)).length);
    expect(byArea.ids).toEqual(await freeIds(`and p.area_code = '${area}'`));
    const byMedium = await search({ medium });
    expect(byMedium.ids).toEqual(await freeIds(`and p.medium = ${medium}`));
    expect(byMedium.total).toBe(byMedium.ids.length);

    // Editing the order around the range: its own two points count as free.
    const editing = await search({ orderId: around.id });
    expect(editing.ids).toEqual(await freeIds('', around.id));
    expect(editing.total).toBe(after.total + 2);

    // The platform searches every operator's points: the second operator's booked one is taken, its
    // other one free.
    const platform = await search({}, await t.login('admin'), 500);
    expect(platform.ids).toEqual(await freeIds('', undefined, null));
    expect(platform.total).toBe(platform.ids.length);
    expect(platform.ids).not.toContain(second.pointIds[0]);
    expect(platform.ids).toContain(second.pointIds[1]);
  });
});
