import { type Call, elevatorCalls, adOrderCalls as O } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfUser, q } from './ad-support.ts';
import { type ApiResult, dbKinds, heldTransaction, startTestApp, type TestApp } from './harness.ts';

/**
 * One lock order for points: a booking (add, confirm) locks its points by lift, then id, and a
 * change of lifts' use units (the trigger copying it into their points) locks the points of the
 * lifts its statement changed in the same order before writing them (migration 0064). Before, the
 * row trigger of migration 0056 wrote them in the order its scans found them (the place index within
 * a lift: position, medium; lift after lift in the heap's order), so a booking holding one point and
 * waiting for another, and a use-unit change holding that other and waiting for the first,
 * deadlocked (PostgreSQL 40P01: one of the requests failed with a 500; nothing retries it).
 *
 * Each lift gets two points of its own: A, added first (lower id), a poster in the hall (position
 * 4); B, added second (higher id), a screen on the right wall (position 2): the place index finds
 * B first. A held
 * write on A (a state set by hand, say) lines up the booking, then the use-unit change, behind A, so
 * that when it commits the two proceed in the order that deadlocked. The test database's deadlock
 * counter (pg_stat_database) must not move.
 */
describe.each(dbKinds)(
  'a booking and a change of the lift’s use unit lock points in one order on %s',
  (kind) => {
    let t: TestApp;
    let gg: string;
    let admin: string;
    let op: number;
    let unit: number;
    let other: number;
    let custom: number;
    let lifts: number[] = [];
    let nextLift = 0;
    const YEAR = 2047;

    beforeAll(async () => {
      t = await startTestApp(kind);
      gg = await t.login('gg_admin1');
      admin = await t.login('admin');
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
      // Lifts of the use unit with no poster in the hall nor screen on the right wall (the test's two points).
      lifts = (
        await q<{ id: number }>(
          t,
          `select e.id from elevator e
         where e.use_company_id = ${unit} and e.status = 1
           and not exists (select 1 from ad_point p where p.elevator_id = e.id and (p.position, p.medium) in ((4, 1), (2, 2)))
         order by e.id limit 10`,
        )
      ).map((r) => Number(r.id));
      expect(lifts.length).toBe(10);
      // Leases of every lift by both use units for the year: a booking is covered whichever it has.
      for (const [k, by] of [unit, other].entries()) {
        const [s] = await q<{ id: number }>(
          t,
          `insert into signing_record (sign_no, kind, use_company_id, partner_id, start_date, end_date, area_code)
         values ('QYORDER${op}_${k}_${process.pid % 100000}', 2, ${by}, ${op}, '${YEAR}-01-01', '${YEAR}-12-31', '450100')
         returning id`,
        );
        await q(
          t,
          `insert into signing_elevator (signing_id, elevator_id)
         select ${s.id}, unnest(array[${lifts.join(', ')}])`,
        );
      }
    }, 600_000);
    afterAll(() => t?.close());

    const call = <T>(c: Call, body: Record<string, unknown>, token = gg) =>
      t.api<T>(c.method, c.path, { token, body });
    const ok = <T>(res: ApiResult<T>) => {
      expect(res.status, res.body.resultMsg).toBe(200);
      return res.body.data;
    };

    /**
     * A lift with points A (added first: lower id; a poster in the hall, position 4 medium 1) and B
     * (added second: higher id; a screen on the right wall, position 2 medium 2): the place index
     * (elevator, position, medium) finds B before A.
     */
    async function liftWithPoints() {
      const lift = lifts[nextLift++];
      const add = async (position: number, medium: number) =>
        ok(
          await call<{ id: number }>({ method: 'POST', path: '/adPoint/add' } as Call, {
            elevatorId: lift,
            position,
            medium,
            size: '60×90cm',
            price: 100,
          }),
        ).id;
      const a = await add(4, 1);
      const b = await add(2, 2);
      expect(a).toBeLessThan(b);
      return { lift, a, b };
    }

    const changeUseUnit = (lift: number, to: number) =>
      call(elevatorCalls.updateBatch, { ids: [lift], useCompanyId: to }, admin);

    /** The day `n` days after 1 January of the year (yyyy-MM-dd). */
    const day = (n: number) => new Date(Date.UTC(YEAR, 0, 1 + n)).toISOString().slice(0, 10);
    /** A draft booking `pointIds` for five days from day `from` of the year. */
    const book = (pointIds: number[], from: number) =>
      call<{ id: number; version: number }>(O.add, {
        customId: custom,
        startDate: day(from),
        endDate: day(from + 4),
        pointIds,
      });

    /** The test database's deadlocks so far (the statistics of other backends arrive within a second or so). */
    const deadlocks = async () =>
      Number(
        (
          await q<{ n: number }>(
            t,
            `select deadlocks::int n from pg_stat_database where datname = current_database()`,
          )
        )[0].n,
      );
    /** Whether the counter moved from `before`, waiting long enough for the statistics to arrive. */
    async function deadlocksSince(before: number) {
      for (let i = 0; i < 12; i++) {
        const now = await deadlocks();
        if (now !== before) return now - before;
        await new Promise((r) => setTimeout(r, 250));
      }
      return 0;
    }

    /**
     * Runs `request` behind an uncommitted write on point `a`, then the use-unit change of `lift`
     * behind it too; commits the write. Both answers, and the deadlocks counted meanwhile.
     */
    async function behindHeldWrite<T>(a: number, lift: number, request: () => Promise<ApiResult<T>>) {
      const before = await deadlocks();
      const held = await heldTransaction(t.platform.db, (tx) =>
        tx.execute(sql`update ad_point set updated_at = now() where id = ${a}`),
      );
      const first = request();
      await new Promise((r) => setTimeout(r, 300));
      const change = changeUseUnit(lift, other);
      await new Promise((r) => setTimeout(r, 300));
      await held.commit();
      const [res, changed] = await Promise.all([first, change]);
      return { res, changed, deadlocks: await deadlocksSince(before) };
    }

    it.runIf(kind === 'postgres')(
      'a booking of two points of a lift and a change of its use unit both pass, no deadlock',
      async () => {
        const { lift, a, b } = await liftWithPoints();
        const { res, changed, deadlocks } = await behindHeldWrite(a, lift, () => book([a, b], 0));
        expect({ request: res.status, change: changed.status, deadlocks }).toEqual({
          request: 200,
          change: 200,
          deadlocks: 0,
        });
        const points = await q<{ use_company_id: number }>(
          t,
          `select use_company_id from ad_point where id in (${a}, ${b})`,
        );
        expect(points.map((p) => Number(p.use_company_id))).toEqual([other, other]);
      },
    );

    it.runIf(kind === 'postgres')(
      'a confirm of an order of two points of a lift and a change of its use unit both pass, no deadlock',
      async () => {
        const { lift, a, b } = await liftWithPoints();
        const draft = ok(await book([a, b], 10));
        const submitted = ok(
          await call<{ version: number }>(O.submit, { id: draft.id, version: draft.version }),
        );
        const { res, changed, deadlocks } = await behindHeldWrite(a, lift, () =>
          call(O.confirm, { id: draft.id, version: submitted.version }),
        );
        expect({ request: res.status, change: changed.status, deadlocks }).toEqual({
          request: 200,
          change: 200,
          deadlocks: 0,
        });
      },
    );

    it.runIf(kind === 'postgres')(
      'a booking of points of two lifts and a change of both lifts’ use units both pass, no deadlock',
      async () => {
        // P in the higher lift, added first (lower id); Q in the lower lift, added second. The change
        // writes the lower lift first (Q), then the higher (P): the booking takes Q first too.
        const [low, high] = [lifts[nextLift++], lifts[nextLift++]];
        expect(low).toBeLessThan(high);
        const add = async (lift: number) =>
          ok(
            await call<{ id: number }>({ method: 'POST', path: '/adPoint/add' } as Call, {
              elevatorId: lift,
              position: 4,
              medium: 1,
              size: '60×90cm',
              price: 100,
            }),
          ).id;
        const p = await add(high);
        const q2 = await add(low);
        expect(p).toBeLessThan(q2);
        const before = await deadlocks();
        const held = await heldTransaction(t.platform.db, (tx) =>
          tx.execute(sql`update ad_point set updated_at = now() where id = ${p}`),
        );
        const booking = book([p, q2], 20);
        await new Promise((r) => setTimeout(r, 300));
        const change = call(elevatorCalls.updateBatch, { ids: [high, low], useCompanyId: other }, admin);
        await new Promise((r) => setTimeout(r, 300));
        await held.commit();
        const [res, changed] = await Promise.all([booking, change]);
        expect({
          request: res.status,
          change: changed.status,
          deadlocks: await deadlocksSince(before),
        }).toEqual({
          request: 200,
          change: 200,
          deadlocks: 0,
        });
      },
    );

    it.runIf(kind === 'postgres')(
      '50 requests at once, bookings of points of several lifts and changes of their use units: no deadlock',
      async () => {
        const made = [];
        for (let i = 0; i < 4; i++) made.push(await liftWithPoints());
        const liftIds = made.map((m) => m.lift);
        const points = made.flatMap((m) => [m.a, m.b]);
        const before = await deadlocks();
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            i % 2
              ? call(
                  elevatorCalls.updateBatch,
                  { ids: liftIds.slice(0, 1 + (i % 4)), useCompanyId: i % 4 === 1 ? other : unit },
                  admin,
                )
              : // Each booking its own days: no two overlap, only the locks meet.
                book(
                  points.filter((_, k) => (k + i) % 3 !== 0),
                  30 + (i / 2) * 10,
                ),
          ),
        );
        const failed = results.filter((r) => r.status !== 200).map((r) => r.body.resultMsg);
        expect({ failed: failed.length, deadlocks: await deadlocksSince(before) }).toEqual({
          failed: 0,
          deadlocks: 0,
        });
      },
    );

    it('a booking of points of a lift after a change of its use unit copies and passes', async () => {
      const { lift, a, b } = await liftWithPoints();
      ok(await changeUseUnit(lift, other));
      ok(await book([b, a], 350));
      const points = await q<{ use_company_id: number }>(
        t,
        `select use_company_id from ad_point where id in (${a}, ${b})`,
      );
      expect(points.map((p) => Number(p.use_company_id))).toEqual([other, other]);
    });
  },
);
