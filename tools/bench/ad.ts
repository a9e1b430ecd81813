import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../apps/server/src/platform/db/client.ts';
import { rowsOf } from '../../apps/server/src/platform/db/sql.ts';
import { leaseOperatorLifts } from './ad-leases.ts';
import { login, measure, measureLoop, printTable } from './common.ts';
import {
  inKeptDatabase,
  inScratch,
  openBenchDatabase,
  seedElevators,
  startServerProcess,
} from './server-process.ts';

/**
 * Advertising bookings at city size (issue 19): `points` points (100,000; four per lift over
 * points / 4 lifts of the registry's bulk loader) of the demo operator (gg_admin1's company), their
 * lifts leased to it by their use units for 2030–2032 (lease before booking), a fifth of them booked
 * by orders whose dates cross next month. Beside GET /health of the same run:
 *   1. the availability search (GET /adOrder/available: the points free on every day of a range,
 *      first page and total), city-wide and in one district — target p99 ≤ 50 ms; then a new range
 *      each request (no total remembered), city-wide and in one district;
 *   2. 32 concurrent orders booking the same 50 free points for overlapping dates: exactly one may
 *      win, and no two active lines of a point overlap in the database afterwards.
 * On PostgreSQL with DATABASE_URL (a scratch database, dropped), else a PGlite folder.
 * BENCH_REUSE_DATABASE=<name> measures on a database an earlier run kept (BENCH_KEEP_DATABASE=1)
 * without loading it again; the earlier runs' race orders (next September) stay in it.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const RACERS = 32;
const TARGET_P99 = 50;
const START = '2031-06-01';
const END = '2031-06-30';
/** The points' lifts are leased to the operator over every date the bench books or searches. */
const LEASE_START = '2030-01-01';
const LEASE_END = '2032-12-31';

export async function benchAd(points = 100_000) {
  const reuse = process.env.BENCH_REUSE_DATABASE;
  if (reuse) await inKeptDatabase('ad', reuse, (dataDir) => benchIn(dataDir, points, true));
  else await inScratch('ad', (dataDir) => benchIn(dataDir, points, false));
}

async function benchIn(dataDir: string, points: number, reused: boolean) {
  const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  let operatorId: number;
  if (reused) {
    const database = await openBenchDatabase(dataDir);
    try {
      operatorId = await operatorOf(database.db);
      const [n] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int n from ad_point where company_id = ${operatorId}`),
      );
      points = n.n;
      // A database kept before points followed their lift's use unit (migration 0055 took the bulk
      // lifts' away from their points): the lifts get one; before leases were required: leases (once).
      await giveUseUnits(
        database.db,
        sql`(select elevator_id from ad_point where company_id = ${operatorId})`,
      );
      await leaseOperatorLifts(database.db, operatorId, LEASE_START, LEASE_END);
    } finally {
      await database.close();
    }
    console.log(`\n${points} advertising points already loaded on ${kind}`);
  } else {
    const lifts = Math.ceil(points / 4);
    console.log(`\nloading ${lifts} lifts and ${points} advertising points on ${kind}`);
    const t0 = performance.now();
    seedElevators(dataDir, lifts);
    const database = await openBenchDatabase(dataDir);
    try {
      operatorId = await load(database.db, points);
    } finally {
      await database.close();
    }
    console.log(`  loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const server = await startServerProcess(dataDir);
  try {
    const api = server.api;
    const headers = {
      authorization: `Bearer ${await login(api, 'gg_admin1')}`,
      'content-type': 'application/json',
    };
    const baseline = await measure('baseline GET /health', {
      url: `${api}/health`,
      duration: SECONDS,
      connections: CONNECTIONS,
    });
    const search = (q: string) =>
      `${api}/adOrder/available?startDate=${START}&endDate=${END}&page=1&limit=20${q}`;
    await measure('warm-up', { url: search(''), headers, duration: 2, connections: CONNECTIONS });
    const rows = [
      baseline,
      await measure(`available ${START}…${END}, all ${points}`, {
        url: search(''),
        headers,
        duration: SECONDS,
        connections: CONNECTIONS,
      }),
      await measure('available, one district (450103)', {
        url: search('&areaCode=450103'),
        headers,
        duration: SECONDS,
        connections: CONNECTIONS,
      }),
      await measure('available, screens only', {
        url: search('&medium=2'),
        headers,
        duration: SECONDS,
        connections: CONNECTIONS,
      }),
    ];
    // A range no request asked before (up to 2,745 of them around the booked June): no total is
    // remembered, every request counts the free points. Beside the target, not in it: the three
    // cases above repeat one search, as a user paging through it or several asking the same.
    // Both loops ask the same ranges in the same order (the district's totals are its own: nothing
    // the first loop counted is remembered for it), so that their figures compare.
    const freshRange = (label: string, q: string) => {
      let asked = 0;
      return measureLoop(label, SECONDS, CONNECTIONS, async () => {
        const i = asked++;
        const from = new Date(Date.UTC(2031, 4, 1 + (i % 61)));
        const to = new Date(from.getTime() + (Math.floor(i / 61) % 45) * 86_400_000);
        const day = (d: Date) => d.toISOString().slice(0, 10);
        const res = await fetch(
          `${api}/adOrder/available?startDate=${day(from)}&endDate=${day(to)}&page=1&limit=20${q}`,
          { headers },
        );
        if (!res.ok) throw new Error(String(res.status));
        await res.arrayBuffer();
      });
    };
    const fresh = [
      await freshRange('available, a new range each request', ''),
      await freshRange('available, a new range each request, one district', '&areaCode=450103'),
    ];
    printTable(
      `advertising availability on ${kind} (${CONNECTIONS} connections, ${SECONDS} s each)`,
      [...rows, ...fresh],
      baseline,
    );
    const worst = Math.max(...rows.slice(1).map((r) => r.p99));
    console.log(
      `availability p99 ${worst.toFixed(1)} ms — target ≤ ${TARGET_P99} ms: ${worst <= TARGET_P99 ? 'met' : 'NOT met'}`,
    );

    // The race: 32 orders, the same 50 free points, overlapping dates.
    const free = (await (
      await fetch(`${api}/adOrder/available?startDate=2031-09-01&endDate=2031-09-30&page=1&limit=50`, {
        headers,
      })
    ).json()) as { data: { records: { id: number }[] } };
    const ids = free.data.records.map((r) => r.id);
    const custom = (
      (await (await fetch(`${api}/adCustom/all`, { headers })).json()) as { data: { id: number }[] }
    ).data[0].id;
    const r0 = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        fetch(`${api}/adOrder/add`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            customId: custom,
            startDate: `2031-09-${String(1 + (i % 20)).padStart(2, '0')}`,
            endDate: '2031-09-30',
            pointIds: ids,
          }),
        }).then((r) => r.status),
      ),
    );
    const took = performance.now() - r0;
    const check = await openBenchDatabase(dataDir);
    try {
      const [o] = rowsOf<{ overlapping: number; held: number }>(
        await check.db.execute(sql`select
          (select count(*)::int from ad_order_point a join ad_order_point b on a.point_id = b.point_id and a.id < b.id
             and a.active and b.active and daterange(a.start_date, a.end_date, '[]') && daterange(b.start_date, b.end_date, '[]')) as overlapping,
          (select count(*)::int from ad_order_point where active and point_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
             and start_date >= '2031-09-01') held`),
      );
      const won = statuses.filter((s) => s === 200).length;
      const refused = statuses.filter((s) => s === 409).length;
      console.log(
        `\n${RACERS} concurrent orders booking the same ${ids.length} points (operator ${operatorId}): ` +
          `${won} won, ${refused} refused (409), others ${RACERS - won - refused}; ` +
          `lines held ${o.held} (expected ${ids.length}), overlapping active lines in the database ${o.overlapping}; ${took.toFixed(0)} ms — ` +
          `${won === 1 && o.overlapping === 0 && o.held === ids.length ? 'met' : 'NOT met'}`,
      );
    } finally {
      await check.close();
    }
  } finally {
    await server.stop();
  }
}

/**
 * A lift of the bulk loader has no use unit: the bench's lifts (`ids`, a subquery) get one of the
 * demo's, by their id, before points copy it (a point is booked only in a lift its use unit leases
 * to the operator, and follows its lift's use unit: migration 0055). Idempotent.
 */
async function giveUseUnits(db: Queryable, ids: SQL) {
  const units = rowsOf<{ id: number }>(
    await db.execute(sql`select id from enterprise where kind = 'use' order by id limit 50`),
  ).map((u) => u.id);
  if (units.length === 0) return;
  await db.execute(sql`update elevator e set use_company_id = (${sql.raw(`array[${units.join(',')}]::int[]`)})[1 + e.id % ${units.length}]
    where e.use_company_id is null and e.id in ${ids}`);
}

/** The demo operator: gg_admin1's company. */
async function operatorOf(db: Queryable): Promise<number> {
  const [op] = rowsOf<{ id: number }>(
    await db.execute(sql`select company_id id from sys_user where username = 'gg_admin1'`),
  );
  return op.id;
}

/** gg_admin1's company's points over the lifts (four places each) and orders booking a fifth of them. */
async function load(db: Queryable, points: number): Promise<number> {
  const op = { id: await operatorOf(db) };
  await giveUseUnits(db, sql`(select id from elevator order by id limit ${Math.ceil(points / 4)})`);
  await db.execute(sql`insert into ad_point (point_no, company_id, elevator_id, position, size, medium, price,
      register_code, lift_name, address, area_code, use_company_id, lift_type, use_occasion, longitude, latitude)
    select e.register_code || '-B' || pos, ${op.id}, e.id, pos, '60×90cm', case when pos = 3 then 2 else 1 end,
      80 + (e.id % 5) * 20, e.register_code, e.name, e.address, e.area_code,
      e.use_company_id, e.type,
      e.use_occasion, e.longitude, e.latitude
    from (select * from elevator order by id limit ${Math.ceil(points / 4)}) e
    cross join generate_series(1, 4) pos
    on conflict do nothing`);
  const [cust] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into ad_custom (company_id, name) values (${op.id}, '基准测试客户')
      on conflict (company_id, name) do update set remark = null returning id`),
  );
  // One point in five booked by orders of 50 points that cross next June in three ways.
  const booked = Math.floor(points / 5 / 50);
  await db.execute(sql`insert into ad_order (order_no, company_id, custom_id, start_date, end_date, status, amount, point_count)
    select 'BENCH' || g, ${op.id}, ${cust.id},
      (array['2031-05-20', '2031-06-10', '2031-06-25']::date[])[1 + g % 3],
      (array['2031-06-05', '2031-06-20', '2031-07-15']::date[])[1 + g % 3], 3, 0, 50
    from generate_series(0, ${booked - 1}) g`);
  await db.execute(sql`insert into ad_order_point (order_id, point_id, start_date, end_date, price, amount)
    select o.id, p.id, o.start_date, o.end_date, p.price, p.price * 4
    from (select id, price, row_number() over (order by id) - 1 as k from ad_point where company_id = ${op.id}) p
    join ad_order o on o.order_no = 'BENCH' || (p.k / 5 / 50)
    where p.k % 5 = 0`);
  await leaseOperatorLifts(db, op.id, LEASE_START, LEASE_END);
  await db.execute(sql`analyze`);
  return op.id;
}
