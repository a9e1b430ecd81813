import type { AdAvailablePoint, Page } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldMemory } from '../src/modules/ad/orders/held.ts';
import { leasedEveryDay, q, secondOperator } from './ad-support.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * The availability search counts its leased points under the range's stretch between lease
 * boundaries (rescue/api.ts leaseStretchOf), not under the range itself: this checks, for every
 * range between dates on and beside the boundaries of leases that begin and end on different days
 * per lift (a renewal joined to its lease, a lease of a few days, a lift taken out of its
 * lease, a point held inside the leases), that the total and the points listed are exactly those
 * a day-by-day count of its own finds. An off-by-one at a boundary, or a stretch that crossed one,
 * shows as a wrong total.
 */
describe.each(dbKinds)('the search under lease boundaries on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let op: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const second = await secondOperator(t, 16, false);
    op = second.companyId;
    token = await t.login(second.username);
    // The operator's points' lifts, numbered; each gets leases of its own by its use unit (2045: no
    // other lease reaches it), the plans below in turn.
    const lifts = await q<{ elevator_id: number; use_company_id: number }>(
      t,
      `select elevator_id, use_company_id from ad_point where company_id = ${op} order by id`,
    );
    expect(lifts.length).toBe(16);
    const plans: [string, string][][] = [
      // A lease and its renewal from the next day: joined.
      [
        ['2045-01-01', '2045-01-31'],
        ['2045-02-01', '2045-02-28'],
      ],
      [['2045-01-10', '2045-03-15']],
      [['2045-01-20', '2045-01-25']],
      // A gap of a day between two leases.
      [
        ['2045-01-05', '2045-01-19'],
        ['2045-01-21', '2045-02-10'],
      ],
    ];
    let n = 0;
    for (const [i, lift] of lifts.entries())
      for (const [start, end] of plans[i % plans.length]) {
        n++;
        const [s] = await q<{ id: number }>(
          t,
          `insert into signing_record (sign_no, kind, use_company_id, partner_id, start_date, end_date, area_code)
           values ('QYSTRETCH${op}_${n}', 2, ${lift.use_company_id}, ${op}, '${start}', '${end}', '450100') returning id`,
        );
        await q(
          t,
          `insert into signing_elevator (signing_id, elevator_id) values (${s.id}, ${lift.elevator_id})`,
        );
      }
    // One lift out of its leases, one point under repair, one point held inside the leases.
    await q(
      t,
      `delete from signing_elevator where elevator_id = ${lifts[1].elevator_id}
      and signing_id in (select id from signing_record where sign_no like 'QYSTRETCH${op}_%')`,
    );
    await q(
      t,
      `update ad_point set state = 4 where id = (select id from ad_point where company_id = ${op} order by id offset 1 limit 1)`,
    );
    const [custom] = await q<{ id: number }>(
      t,
      `insert into ad_custom (company_id, name) values (${op}, '租期边界客户') returning id`,
    );
    const [order] = await q<{ id: number }>(
      t,
      `insert into ad_order (order_no, company_id, custom_id, start_date, end_date, status, amount, point_count)
       values ('STRETCH${op}', ${op}, ${custom.id}, '2045-01-12', '2045-01-14', 1, 0, 1) returning id`,
    );
    await q(
      t,
      `insert into ad_order_point (order_id, point_id, start_date, end_date, price, amount)
       select ${order.id}, p.id, '2045-01-12', '2045-01-14', p.price, p.price from ad_point p
       where p.company_id = ${op} and p.state not in (4, 5) and ${leasedEveryDay('p', `'2045-01-12'`, `'2045-01-14'`)}
       order by p.id limit 1`,
    );
  });
  afterAll(() => t?.close());

  const expected = async (start: string, end: string) =>
    (
      await q<{ id: number }>(
        t,
        `select p.id from ad_point p where p.company_id = ${op} and p.state not in (4, 5)
         and ${leasedEveryDay('p', `'${start}'`, `'${end}'`)}
         and p.id not in (select l.point_id from ad_order_point l where l.active
           and l.start_date <= '${end}' and l.end_date >= '${start}')
         order by p.id`,
      )
    ).map((r) => Number(r.id));

  it('every range between the boundaries: the total and the points are the day-by-day count', async () => {
    const days = [
      '2044-12-31',
      '2045-01-01',
      '2045-01-09',
      '2045-01-10',
      '2045-01-13',
      '2045-01-19',
      '2045-01-20',
      '2045-01-21',
      '2045-01-25',
      '2045-01-26',
      '2045-01-31',
      '2045-02-01',
      '2045-02-10',
      '2045-02-11',
      '2045-02-28',
      '2045-03-01',
      '2045-03-15',
      '2045-03-16',
    ];
    let nonEmpty = 0;
    // Twice: the held points counted in the database, then from the held lines read into the
    // server (orders/held.ts, for a search of more than FRESH_UP_TO points; here every search).
    const memory = { ...heldMemory };
    try {
      for (const inMemory of [false, true]) {
        if (inMemory) Object.assign(heldMemory, { above: -1, ms: 0 });
        for (const [i, start] of days.entries())
          for (const end of days.slice(i)) {
            const res = await t.api<Page<AdAvailablePoint>>('GET', '/adOrder/available', {
              token,
              query: { startDate: start, endDate: end, page: '1', limit: '50' },
            });
            expect(res.status, res.body.resultMsg).toBe(200);
            const want = await expected(start, end);
            const got = res.body.data;
            expect({ inMemory, start, end, total: got.total, ids: got.records.map((r) => r.id) }).toEqual({
              inMemory,
              start,
              end,
              total: want.length,
              ids: want,
            });
            if (want.length) nonEmpty++;
          }
      }
    } finally {
      Object.assign(heldMemory, memory);
    }
    // The ranges tell the leases apart: many find some points, and not all the same number.
    expect(nonEmpty).toBeGreaterThan(40);
    // 2 × 171 searches, each beside a count of its own: minutes on a loaded machine's PGlite.
  }, 240_000);
});
