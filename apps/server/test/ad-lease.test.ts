import {
  type AdAvailablePoint,
  type AdOrderDetail,
  type Call,
  type Page,
  type SigningDetail,
  signingCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireLeased } from '../src/modules/ad/orders/leases.ts';
import { companyOfUser, leasedEveryDay, q } from './ad-support.ts';
import { type ApiResult, dbKinds, heldTransaction, startTestApp, type TestApp } from './harness.ts';

/**
 * Lease before booking (docs/paths.md): a point is booked for dates only when leases (租赁签约,
 * kind 2) of its lift by the lift's use unit to the point's operator cover every day of them —
 * checked on add, update, add points and confirm, with the leases locked `for share`; the
 * availability search offers only such points; a lease an order not finished or cancelled needs
 * cannot be deleted, shortened or lose the lift (409 naming the order); and 50 requests at once,
 * half booking, half taking lifts out of the lease, leave no active line outside a lease.
 *
 * The points are the file's own (landing posters, position 4 medium 1: no demo point takes that
 * place) in demo lifts with a use unit; the leases are made through the signing calls by the
 * platform administrator. Dates in 2035–2036: no demo lease reaches them.
 */
const S = signingCalls;

describe.each(dbKinds)('lease before booking on %s', (kind) => {
  let t: TestApp;
  let gg: string;
  let admin: string;
  let op: number;
  let custom: number;
  /** The file's points: id, code, lift and use unit. */
  let points: { id: number; point_no: string; elevator_id: number; use_company_id: number }[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    gg = await t.login('gg_admin1');
    admin = await t.login('admin');
    op = await companyOfUser(t, 'gg_admin1');
    [{ id: custom }] = await q<{ id: number }>(
      t,
      `select id from ad_custom where company_id = ${op} order by id limit 1`,
    );
    points = (
      await q<{ id: number; point_no: string; elevator_id: number; use_company_id: number }>(
        t,
        `insert into ad_point (point_no, company_id, elevator_id, position, size, medium, price, register_code,
           lift_name, address, area_code, use_company_id, lift_type, use_occasion, longitude, latitude)
         select e.register_code || '-HP', ${op}, e.id, 4, '60×90cm', 1, 100, e.register_code, e.name, e.address,
           e.area_code, e.use_company_id, e.type, e.use_occasion, e.longitude, e.latitude
         from elevator e where e.use_company_id is not null
           and exists (select 1 from enterprise u where u.id = e.use_company_id and u.area_code is not null)
         order by e.id limit 30
         returning id, point_no, elevator_id, use_company_id`,
      )
    ).map((p) => ({ ...p, id: Number(p.id), elevator_id: Number(p.elevator_id) }));
    expect(points.length).toBe(30);
  });
  afterAll(() => t?.close());

  const send = <T = unknown>(call: Call, input: Record<string, unknown>, token = admin) =>
    call.method === 'GET' || call.method === 'DELETE'
      ? t.api<T>(call.method, call.path, {
          token,
          query: Object.fromEntries(
            Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
          ),
        })
      : t.api<T>(call.method, call.path, { token, body: input });
  const order = <T = AdOrderDetail>(method: string, path: string, body: Record<string, unknown>) =>
    method === 'GET'
      ? t.api<T>(method, path, {
          token: gg,
          query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
        })
      : t.api<T>(method, path, { token: gg, body });
  const ok = <T>(res: ApiResult<T>) => {
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };

  /** A lease of lifts by their (one) use unit to the operator, through the signing call. */
  const lease = async (lifts: number[], startDate: string, endDate: string) => {
    const unit = points.find((p) => p.elevator_id === lifts[0])?.use_company_id;
    return ok(
      await send<SigningDetail>(S.saves, {
        kind: 2,
        useCompanyId: unit,
        partnerId: op,
        startDate,
        endDate,
        elevatorIds: lifts,
      }),
    );
  };
  const book = (pointIds: number[], startDate: string, endDate: string) =>
    order('POST', '/adOrder/add', { customId: custom, startDate, endDate, pointIds });

  /** Active lines whose lift no lease covers on one of their days (the tests' own day-by-day SQL). */
  const uncovered = () =>
    q<{ id: number }>(
      t,
      `select l.id from ad_order_point l join ad_point p on p.id = l.point_id
       where l.active and not ${leasedEveryDay('p', 'l.start_date', 'l.end_date')}`,
    );

  it('the demo and its orders keep the rule: every active line lies inside a lease', async () => {
    expect(await uncovered()).toEqual([]);
    const [{ n }] = await q<{ n: number }>(t, 'select count(*)::int n from ad_order_point where active');
    expect(Number(n)).toBeGreaterThan(0);
  });

  it('refuses a point without a lease (409 naming it), and one leased for part of the dates', async () => {
    const [a, b] = points;
    const none = await book([a.id, b.id], '2035-03-01', '2035-03-31');
    expect(none.status).toBe(409);
    expect(none.body.resultMsg).toContain('租赁');
    expect(none.body.resultMsg).toContain(a.point_no);
    expect(none.body.resultMsg).toContain(b.point_no);
    // Half the month leased: still refused, naming the point.
    await lease([a.elevator_id], '2035-03-01', '2035-03-15');
    const part = await book([a.id], '2035-03-01', '2035-03-31');
    expect(part.status).toBe(409);
    expect(part.body.resultMsg).toContain(a.point_no);
    // A lease of another operator's... of the same lift to nobody (a service agreement) does not count.
    ok(
      await send(S.saves, {
        kind: 1,
        useCompanyId: a.use_company_id,
        startDate: '2035-03-16',
        endDate: '2035-03-31',
        elevatorIds: [a.elevator_id],
      }),
    );
    expect((await book([a.id], '2035-03-01', '2035-03-31')).status).toBe(409);
    const [{ n }] = await q<{ n: number }>(
      t,
      `select count(*)::int n from ad_order_point where point_id in (${a.id}, ${b.id})`,
    );
    expect(Number(n)).toBe(0);
  });

  it('books when two leases together cover the dates; the search offers exactly the leased points', async () => {
    const [a, b] = points;
    // The renewal from the 16th joins the lease of 1–15 of the last test.
    const renewal = await lease([a.elevator_id], '2035-03-16', '2035-04-30');
    const free = await order<Page<AdAvailablePoint>>('GET', '/adOrder/available', {
      startDate: '2035-03-01',
      endDate: '2035-03-31',
      keyword: '',
      page: 1,
      limit: 500,
    });
    const mine = new Set(points.map((p) => p.id));
    const offered = ok(free);
    expect(offered.records.filter((r) => mine.has(r.id)).map((r) => r.id)).toEqual([a.id]);
    expect(offered.total).toBe(offered.records.length);
    // Of the operator's other points only those in the same lift (the demo leases end sooner).
    const sameLift = await q<{ id: number }>(
      t,
      `select id from ad_point where company_id = ${op} and elevator_id = ${a.elevator_id} and state not in (4, 5) order by id`,
    );
    expect(offered.records.map((r) => r.id)).toEqual(sameLift.map((r) => Number(r.id)));
    // From the 1st of February the lease does not reach: nothing offered.
    const earlier = ok(
      await order<Page<AdAvailablePoint>>('GET', '/adOrder/available', {
        startDate: '2035-02-20',
        endDate: '2035-03-10',
        page: 1,
        limit: 20,
      }),
    );
    expect(earlier.records).toEqual([]);
    expect(earlier.total).toBe(0);

    const o = ok(await book([a.id], '2035-03-01', '2035-03-31'));
    expect(o.pointCount).toBe(1);
    // Adding an unleased point, or moving the dates past the leases: 409, the draft unchanged.
    const add = await order('POST', '/adOrder/addUserOrder', {
      id: o.id,
      version: o.version,
      pointIds: [b.id],
    });
    expect(add.status).toBe(409);
    expect(add.body.resultMsg).toContain(b.point_no);
    const moved = await order('PUT', '/adOrder/update', {
      id: o.id,
      version: o.version,
      endDate: '2035-05-31',
    });
    expect(moved.status).toBe(409);
    expect(moved.body.resultMsg).toContain(a.point_no);
    const kept = ok(
      await order('PUT', '/adOrder/update', { id: o.id, version: o.version, endDate: '2035-04-30' }),
    );
    expect(kept.endDate).toBe('2035-04-30');
    expect(renewal.id).toBeGreaterThan(0);
  });

  it('refuses deleting, shortening or emptying a lease a draft needs (409 naming the order); allows what keeps it covered', async () => {
    const [, , c] = points;
    const l = await lease([c.elevator_id], '2035-06-01', '2035-08-31');
    const o = ok(await book([c.id], '2035-07-01', '2035-07-31'));
    const del = await send(S.delete, { ids: [l.id] });
    expect(del.status).toBe(409);
    expect(del.body.resultMsg).toContain(o.orderNo);
    const edit = (extra: Record<string, unknown>, version = l.version) =>
      send<SigningDetail>(S.saves, {
        id: l.id,
        version,
        kind: 2,
        useCompanyId: c.use_company_id,
        partnerId: op,
        startDate: '2035-06-01',
        endDate: '2035-08-31',
        elevatorIds: [c.elevator_id],
        ...extra,
      });
    const shorter = await edit({ endDate: '2035-07-20' });
    expect(shorter.status).toBe(409);
    expect(shorter.body.resultMsg).toContain(o.orderNo);
    expect((await edit({ kind: 1 })).status).toBe(409);
    expect((await edit({ elevatorIds: [] })).status).toBe(409);
    const [{ id: link }] = await q<{ id: number }>(
      t,
      `select id from signing_elevator where signing_id = ${l.id} and elevator_id = ${c.elevator_id}`,
    );
    const out = await send(S.deleteElevatorById, { id: link });
    expect(out.status).toBe(409);
    expect(out.body.resultMsg).toContain(o.orderNo);
    // Nothing half-written: the lease as it was.
    const [row] = await q<{ end_date: string; links: number; version: number }>(
      t,
      `select to_char(end_date, 'YYYY-MM-DD') end_date, version,
         (select count(*)::int from signing_elevator where signing_id = ${l.id}) links
       from signing_record where id = ${l.id}`,
    );
    expect(row).toMatchObject({ end_date: '2035-08-31', links: 1, version: l.version });
    // Shortened to the order's last day, the lease still covers it: allowed.
    const fits = ok(await edit({ endDate: '2035-07-31', share: 35 }));
    expect(fits.endDate).toBe('2035-07-31');
    // Cancelled, the order needs the lease no more: deleted.
    ok(await order('PUT', '/adOrder/cancel', { id: o.id, version: o.version, reason: '客户取消' }));
    expect(ok(await send<{ deleted: number }>(S.delete, { ids: [l.id] })).deleted).toBe(1);
  });

  it('checks again on confirm: a draft whose lease went meanwhile (its use unit removed, say) is refused', async () => {
    const [, , , d] = points;
    const l = await lease([d.elevator_id], '2035-09-01', '2035-09-30');
    const o = ok(await book([d.id], '2035-09-01', '2035-09-30'));
    const s = ok(await order('PUT', '/adOrder/submit', { id: o.id, version: o.version }));
    // Around the calls (as a cascade from the use unit would): the lease gone.
    await q(t, `delete from signing_record where id = ${l.id}`);
    const confirm = await order('PUT', '/adOrder/confirm', { id: o.id, version: s.version });
    expect(confirm.status).toBe(409);
    expect(confirm.body.resultMsg).toContain(d.point_no);
    const [row] = await q<{ status: number; state: number }>(
      t,
      `select o.status, p.state from ad_order o, ad_point p where o.id = ${o.id} and p.id = ${d.id}`,
    );
    expect(row).toMatchObject({ status: 2, state: 1 });
    // Leased again: confirmed.
    await lease([d.elevator_id], '2035-08-01', '2035-10-31');
    expect(ok(await order('PUT', '/adOrder/confirm', { id: o.id, version: s.version })).status).toBe(3);
  });

  /** Leases of the race's lifts for a year, one per use unit; the link of each lift by its id. */
  async function leaseYear(race: typeof points, year: number) {
    const links = new Map<number, number>();
    for (const u of new Set(race.map((p) => p.use_company_id))) {
      const l = await lease(
        race.filter((p) => p.use_company_id === u).map((p) => p.elevator_id),
        `${year}-01-01`,
        `${year}-12-31`,
      );
      for (const x of l.lifts) links.set(x.elevatorId, x.id);
    }
    return links;
  }
  const activeLines = async (race: typeof points, year: number) =>
    Number(
      (
        await q<{ n: number }>(
          t,
          `select count(*)::int n from ad_order_point where active and start_date between '${year}-01-01' and '${year}-12-31'
             and point_id in (${race.map((p) => p.id).join(',')})`,
        )
      )[0].n,
    );

  it('50 requests at once, half booking, half taking the lifts out of their lease: one of each pair wins, no line outside a lease', async () => {
    const race = points.slice(5, 30);
    expect(race).toHaveLength(25);
    const links = await leaseYear(race, 2036);
    // Point i booked in March–April and its lift taken out of the lease, at once.
    const results = await Promise.all(
      race.flatMap((p, i) => [
        book([p.id], `2036-03-${String(1 + (i % 20)).padStart(2, '0')}`, '2036-04-30'),
        send(S.deleteElevatorById, { id: links.get(p.elevator_id) }),
      ]),
    );
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    for (const [i, p] of race.entries()) {
      const [booked, removed] = [results[2 * i], results[2 * i + 1]];
      // Exactly one of the pair: the booking (the lift stays leased) or the removal (nothing booked).
      expect([booked.status, removed.status].sort(), p.point_no).toEqual([200, 409]);
      if (removed.status === 409) expect(removed.body.resultMsg).toContain('AD');
      if (booked.status === 409) expect(booked.body.resultMsg).toContain(p.point_no);
    }
    expect(await uncovered()).toEqual([]);
    expect(await activeLines(race, 2036)).toBe(
      results.filter((r, i) => i % 2 === 0 && r.status === 200).length,
    );
  });

  it('50 requests at once, 25 bookings of all 25 points (a week each) and 25 removals of their lifts: no line outside a lease', async () => {
    const race = points.slice(5, 30);
    for (const year of [2037, 2038]) {
      const links = await leaseYear(race, year);
      const ids = race.map((p) => p.id);
      const week = (i: number) => {
        const from = new Date(Date.UTC(year, 0, 1 + 7 * i));
        const to = new Date(Date.UTC(year, 0, 7 + 7 * i));
        return [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)] as const;
      };
      const results = await Promise.all(
        race.flatMap((p, i) => [
          book(ids, ...week(i)),
          send(S.deleteElevatorById, { id: links.get(p.elevator_id) }),
        ]),
      );
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const booked = results.filter((r, i) => i % 2 === 0 && r.status === 200).length;
      const removed = results.filter((r, i) => i % 2 === 1 && r.status === 200).length;
      // A booking holds all 25 points or none; once one is booked no lift of it can go, and once a
      // lift is gone no booking of all 25 can be made.
      expect(await uncovered(), `${year}`).toEqual([]);
      expect(await activeLines(race, year)).toBe(booked * 25);
      expect(booked === 0 || removed === 0, `${year}: ${booked} booked, ${removed} removed`).toBe(true);
      expect(booked + removed).toBeGreaterThan(0);
    }
  });

  it.runIf(kind === 'postgres')(
    'a lease edit waits for a booking in progress (its leases locked for share), then sees it and refuses',
    async () => {
      const p = points[4];
      const l = await lease([p.elevator_id], '2039-01-01', '2039-12-31');
      // A booking's transaction: the lease check (lock and read) and its line, then held open.
      const booking = await heldTransaction(t.platform.db, async (tx) => {
        await requireLeased(
          tx,
          [
            {
              id: p.id,
              pointNo: p.point_no,
              companyId: op,
              elevatorId: p.elevator_id,
              useCompanyId: p.use_company_id,
            },
          ],
          '2039-05-01',
          '2039-05-31',
        );
        await tx.execute(sql`insert into ad_order (order_no, company_id, custom_id, start_date, end_date, status)
          values ('ADLOCKTEST', ${op}, ${custom}, '2039-05-01', '2039-05-31', 1)`);
        await tx.execute(sql`insert into ad_order_point (order_id, point_id, start_date, end_date, price, amount)
          select id, ${p.id}, '2039-05-01', '2039-05-31', 100, 500 from ad_order where order_no = 'ADLOCKTEST'`);
      });
      let settled = false;
      const removal = send(S.delete, { ids: [l.id] }).then((r) => {
        settled = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 400));
      // The delete waits for the booking's lock.
      expect(settled).toBe(false);
      await booking.commit();
      const res = await removal;
      expect(res.status).toBe(409);
      expect(res.body.resultMsg).toContain('ADLOCKTEST');
      expect(await uncovered()).toEqual([]);
    },
  );
});
