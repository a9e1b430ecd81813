import { type AdAvailablePoint, type Call, claimCalls, elevatorCalls, type Page } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfUser, q } from './ad-support.ts';
import { type ApiResult, dbKinds, heldTransaction, startTestApp, type TestApp } from './harness.ts';

/**
 * A point copies its lift's use unit (and place), and the copy follows the lift (migration 0056):
 * when the lift's use unit changes — the registry's batch edit, a use unit releasing its claim —
 * a lease of the old use unit no longer lets the point be booked or offered, and one of the new
 * use unit does. A point added in a lift copies the lift as it stands, whatever the caller passed.
 * On PostgreSQL, 50 requests at once changing lifts' use units and adding points in them leave
 * every point with its lift's use unit.
 *
 * The points are the file's own (landing screens, position 4 medium 2) in demo lifts bound to
 * sy_admin1's company by a use claim; the leases are the file's (2046: no other lease reaches it).
 */
describe.each(dbKinds)('a point follows its lift’s use unit on %s', (kind) => {
  let t: TestApp;
  let gg: string;
  let admin: string;
  let sy: string;
  let op: number;
  let unit: number;
  let other: number;
  let custom: number;
  let lifts: number[] = [];
  let leases = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    gg = await t.login('gg_admin1');
    admin = await t.login('admin');
    sy = await t.login('sy_admin1');
    op = await companyOfUser(t, 'gg_admin1');
    unit = await companyOfUser(t, 'sy_admin1');
    [{ id: other }] = await q<{ id: number }>(
      t,
      `select id from enterprise where kind = 'use' and id <> ${unit} order by id limit 1`,
    );
    [{ id: custom }] = await q<{ id: number }>(
      t,
      `select id from ad_custom where company_id = ${op} order by id limit 1`,
    );
    lifts = (
      await q<{ id: number }>(
        t,
        `select e.id from elevator e
         where e.use_company_id = ${unit} and e.status = 1
           and exists (select 1 from elevator_claim c where c.elevator_id = e.id and c.claim_type = 'use'
             and c.state = 3 and c.company_id = ${unit})
           and not exists (select 1 from ad_point p where p.elevator_id = e.id and p.position = 4 and p.medium = 2)
         order by e.id limit 13`,
      )
    ).map((r) => Number(r.id));
    expect(lifts.length).toBe(13);
  });
  afterAll(() => t?.close());

  const ok = <T>(res: ApiResult<T>) => {
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };
  const call = <T>(c: Call, body: Record<string, unknown>, token: string) =>
    t.api<T>(c.method, c.path, { token, body });

  /** A point (landing screen) of the operator in `lift`, through the call. */
  const addPoint = async (lift: number) =>
    ok(
      await t.api<{ id: number; pointNo: string }>('POST', '/adPoint/add', {
        token: gg,
        body: { elevatorId: lift, position: 4, medium: 2, size: '32 英寸', price: 100 },
      }),
    );
  /** A lease (kind 2) of `lift` by `by` to the operator for 2046. */
  const lease = async (lift: number, by: number) => {
    leases++;
    const [s] = await q<{ id: number }>(
      t,
      `insert into signing_record (sign_no, kind, use_company_id, partner_id, start_date, end_date, area_code)
       values ('QYUNIT${op}_${leases}', 2, ${by}, ${op}, '2046-01-01', '2046-12-31', '450100') returning id`,
    );
    await q(t, `insert into signing_elevator (signing_id, elevator_id) values (${s.id}, ${lift})`);
  };
  /** Whether the search for March 2046 offers the point (its code as the keyword). */
  const offered = async (pointNo: string) => {
    const page = ok(
      await t.api<Page<AdAvailablePoint>>('GET', '/adOrder/available', {
        token: gg,
        query: { startDate: '2046-03-01', endDate: '2046-03-31', keyword: pointNo, page: '1', limit: '20' },
      }),
    );
    expect(page.total).toBe(page.records.length);
    return page.records.some((r) => r.pointNo === pointNo);
  };
  const book = (pointId: number, startDate: string, endDate: string) =>
    t.api('POST', '/adOrder/add', {
      token: gg,
      body: { customId: custom, startDate, endDate, pointIds: [pointId] },
    });
  const copied = async (pointId: number) =>
    Number(
      (
        await q<{ use_company_id: number | null }>(
          t,
          `select use_company_id from ad_point where id = ${pointId}`,
        )
      )[0].use_company_id,
    );

  it('the registry changes the use unit: the old unit’s lease no longer covers the point, the new unit’s does', async () => {
    const lift = lifts[0];
    const p = await addPoint(lift);
    await lease(lift, unit);
    expect(await offered(p.pointNo)).toBe(true);
    ok(await call(elevatorCalls.updateBatch, { ids: [lift], useCompanyId: other }, admin));
    expect(await copied(p.id)).toBe(other);
    expect(await offered(p.pointNo)).toBe(false);
    const refused = await book(p.id, '2046-03-01', '2046-03-31');
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toContain(p.pointNo);
    await lease(lift, other);
    expect(await offered(p.pointNo)).toBe(true);
    ok(await book(p.id, '2046-03-01', '2046-03-31'));
  });

  it('the use unit releases its claim: the point has no use unit, no lease covers it', async () => {
    const lift = lifts[1];
    const p = await addPoint(lift);
    await lease(lift, unit);
    expect(await offered(p.pointNo)).toBe(true);
    ok(await call(claimCalls.unSubmitObject, { ids: [lift] }, sy));
    const [{ use_company_id: now }] = await q<{ use_company_id: number | null }>(
      t,
      `select use_company_id from ad_point where id = ${p.id}`,
    );
    expect(now).toBeNull();
    expect(await offered(p.pointNo)).toBe(false);
    expect((await book(p.id, '2046-04-01', '2046-04-30')).status).toBe(409);
  });

  it('a point written with another use unit than its lift’s copies the lift’s', async () => {
    const lift = lifts[2];
    const [p] = await q<{ id: number; use_company_id: number; area_code: string }>(
      t,
      `insert into ad_point (point_no, company_id, elevator_id, position, size, medium, price, register_code,
         area_code, use_company_id, lift_type)
       values ('UNIT-COPY-${lift}', ${op}, ${lift}, 4, '32 英寸', 2, 100, 'X', '450000', ${other}, 2)
       returning id, use_company_id, area_code`,
    );
    expect(Number(p.use_company_id)).toBe(unit);
    const [e] = await q<{ area_code: string }>(t, `select area_code from elevator where id = ${lift}`);
    expect(p.area_code).toBe(e.area_code);
  });

  it.runIf(kind === 'postgres')(
    'a point added while its lift’s use unit is being changed waits for the change and copies the new one',
    async () => {
      const lift = lifts[12];
      const change = await heldTransaction(t.platform.db, (tx) =>
        tx.execute(sql`update elevator set use_company_id = ${other} where id = ${lift}`),
      );
      let added: { id: number } | undefined;
      const adding = addPoint(lift).then((p) => {
        added = p;
      });
      await new Promise((r) => setTimeout(r, 300));
      // The add waits for the lift's change (its row locked by the uncommitted update).
      expect(added).toBeUndefined();
      await change.commit();
      await adding;
      expect(await copied(added!.id)).toBe(other);
    },
  );

  it.runIf(kind === 'postgres')(
    '50 requests at once, use units changed and points added in the same lifts: every point has its lift’s use unit',
    async () => {
      // 25 batch edits of the use unit of three to nine of the lifts, their ids in orders of their
      // own (the lifts are locked in id order: no two edits, nor an edit and an add, deadlock), 25
      // adds of points in all nine lifts.
      const ids = lifts.slice(3, 12);
      const shuffled = (i: number) =>
        ids
          .slice(0, 3 + (i % 7))
          .map((id, k) => ({ id, k: (k * 7 + i * 13) % 11 }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.id);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          i % 2
            ? call(
                elevatorCalls.updateBatch,
                { ids: shuffled(i), useCompanyId: i % 4 === 1 ? other : unit },
                admin,
              )
            : t.api('POST', '/adPoint/batchAddPoint', {
                token: gg,
                body: {
                  elevatorIds: ids,
                  positions: [1 + ((i / 2) % 4)],
                  medium: 1 + (Math.floor(i / 8) % 2),
                  size: '60×90cm',
                  price: 80,
                },
              }),
        ),
      );
      for (const r of results) expect(r.status, r.body.resultMsg).toBe(200);
      const stale = await q<{ id: number }>(
        t,
        `select p.id from ad_point p join elevator e on e.id = p.elevator_id
         where p.elevator_id in (${ids.join(', ')}) and p.use_company_id is distinct from e.use_company_id`,
      );
      expect(stale).toEqual([]);
      const [{ n }] = await q<{ n: number }>(
        t,
        `select count(*)::int n from ad_point where elevator_id in (${ids.join(', ')}) and company_id = ${op}`,
      );
      expect(Number(n)).toBeGreaterThan(ids.length);
    },
  );
});
