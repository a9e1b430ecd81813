import { caseFilters, RESCUE_CASE_TOPIC } from '@ec/contract';
import { count, desc, type SQL, sql } from 'drizzle-orm';
import { listCalls } from '../../apps/server/src/modules/rescue/callcentre/service.ts';
import { locateForCallCentre } from '../../apps/server/src/modules/rescue/cases/locate.ts';
import { listCases } from '../../apps/server/src/modules/rescue/cases/read.ts';
import { callRecord } from '../../apps/server/src/modules/rescue/tables.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { rowsOf } from '../../apps/server/src/platform/db/sql.ts';
import { sameDigits, sameNumber } from '../../apps/server/src/platform/masking.ts';
import { rng } from '../../apps/server/src/platform/seed/random.ts';
import { userOf } from '../../apps/server/test/stats-support.ts';
import { liveStream, login, measure, measureLoop, printTable, type Row } from './common.ts';
import {
  inKeptDatabase,
  inScratch,
  openBenchDatabase,
  seedElevators,
  startServerProcess,
} from './server-process.ts';
import { trafficOf } from './traffic.ts';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** How long the live board is driven (the 5 minutes; BENCH_LIVE_SECONDS shortens it). */
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 300);
const AGENTS = 200;
const CHANGES_PER_SECOND = 10;
const MONTHS = 24;
/** Call records of the call centre's agents (BENCH_CALLS), for the masked search by number. */
const CALLS = Number(process.env.BENCH_CALLS ?? 200_000);
const DISTRICTS = ['450102', '450103', '450105', '450107', '450108', '450109', '450110'];

const TARGETS = { locateP99: 20, listP99: 50, liveP99: 1000 };
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const seconds = (t0: number) => (performance.now() - t0) / 1000;

/**
 * Emergency rescue at the size of a city: `elevators` lifts (the registry's bulk loader) and `cases`
 * closed cases over the last two years (set-based SQL). Each beside the health call of the same run:
 *   1. locating a lift by its 6-digit rescue code (elevatorList), as an agent, random codes;
 *   2. the case list filtered by district and month, as an agent and as the 青秀区 regulator;
 *   3. the live board: 200 agents on the SSE stream while cases change 10 times a second (notes and
 *      moves through the API), each change's delivery to every agent timed, and the server's memory
 *      sampled every 10 s over the run.
 */
export async function benchRescue(elevators: number, cases: number) {
  const reuse = process.env.BENCH_REUSE_DATABASE;
  if (reuse) {
    // The live board's test cases of the earlier run stay open in it; the figures are the same calls'.
    await inKeptDatabase('rescue', reuse, (dataDir) => benchIn(dataDir, elevators, cases, true));
    return;
  }
  await inScratch('rescue', (dataDir) => benchIn(dataDir, elevators, cases, false));
}

const open = openBenchDatabase;

/** `n` closed 困人 cases on random lifts over the last 24 months, 100,000 per statement. */
async function loadCases(db: Database['db'], n: number) {
  const [{ first, count }] = rowsOf<{ first: number; count: number }>(
    await db.execute(sql`select min(id)::int as first, count(*)::int as count from elevator`),
  );
  for (let from = 0; from < n; from += 100_000) {
    const to = Math.min(n, from + 100_000);
    await db.execute(sql`
      insert into rescue_case (case_no, source, kind, status, elevator_id, register_code, rescue_code, address,
        area_code, maintenance_company_id, use_company_id, trapped, freed, level, assignee_id, alarm_at,
        dispatched_at, accepted_at, arrived_at, overtime, freed_at, closed_at, cause, back_in_service, version)
      select 'JYB' || g, 1 + (g % 3), 1, 6, e.id, e.register_code, e.rescue_code, e.address, e.area_code,
        e.maintenance_company_id, e.use_company_id, 1, 1, 1, e.maintenance_company_id, t.at,
        t.at + interval '2 minutes', t.at + interval '3 minutes', t.at + t.arrive, t.arrive > interval '30 minutes',
        t.at + t.arrive + interval '6 minutes', t.at + t.arrive + interval '40 minutes', 1 + (g % 7), true, 8
      from generate_series(${from + 1}::int, ${to}::int) g
      join elevator e on e.id = ${first}::int + ((g::bigint * 7919) % ${count}::int)::int
      cross join lateral (select now() - make_interval(mins => ((g::bigint * 104729) % (${MONTHS} * 30 * 1440))::int) as at,
        make_interval(mins => 8 + (g % 25)) as arrive) t`);
    process.stdout.write(`\r  cases ${to}/${n}`);
  }
  process.stdout.write('\n');
  await settle(db);
}

/**
 * Statistics and the visibility map, as autovacuum leaves them on a table of settled cases (the
 * page totals are index-only counts; the registry's loader vacuums the lifts the same way). A vacuum
 * cannot mark pages all-visible while another session's snapshot is older than the load: it is
 * repeated, a few seconds apart, until 95% of the pages are, or for two minutes at most.
 */
async function settle(db: Database['db']) {
  await db.execute(sql`vacuum analyze rescue_case`);
  for (let attempt = 0; ; attempt++) {
    const [v] = rowsOf<{ visible: number }>(
      await db.execute(sql`select relallvisible::float8 / greatest(relpages, 1) as visible
        from pg_class where relname = 'rescue_case' and relkind = 'r'`),
    );
    if (Number(v.visible) >= 0.95 || attempt === 24) {
      console.log(`  all-visible pages of the case table: ${(Number(v.visible) * 100).toFixed(0)}%`);
      return;
    }
    await new Promise((r) => setTimeout(r, 5000));
    await db.execute(sql`vacuum rescue_case`);
  }
}

/**
 * `n` call records over the last 24 months, taken by kf_agent1 (its centre's list sees them all),
 * 100,000 per statement: mobiles, and every fourth a landline kept with its dash.
 */
async function loadCalls(db: Database['db'], n: number) {
  const [{ have }] = rowsOf<{ have: number }>(
    await db.execute(sql`select count(*)::int as have from call_record`),
  );
  for (let from = have; from < n; from += 100_000) {
    const to = Math.min(n, from + 100_000);
    await db.execute(sql`
      insert into call_record (token, phone, direction, started_at, agent_id)
      select 'bench-' || g,
        case when g % 4 = 0 then '0771-' || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0')
          else '13' || lpad(((g::bigint * 104729) % 1000000000)::text, 9, '0') end,
        1 + g % 2, now() - make_interval(mins => ((g::bigint * 7919) % (${MONTHS} * 30 * 1440))::int), u.id
      from generate_series(${from + 1}::int, ${to}::int) g
      cross join (select id from sys_user where username = 'kf_agent1') u`);
    process.stdout.write(`\r  call records ${to}/${n}`);
  }
  process.stdout.write('\n');
  await db.execute(sql`vacuum analyze call_record`);
}

/**
 * A masked viewer's search of the call records by a whole number (written with dashes and spaces):
 * the service's list (count and page), and the same two statements on the number's generated copy
 * (sameDigits, indexed) and, as before migration 0062, on the expression around the column
 * (sameNumber), which scans every call record.
 */
async function callSearchRows(db: Database['db']): Promise<Row[]> {
  const numbers = rowsOf<{ phone: string }>(
    await db.execute(sql`select phone from call_record order by md5(id::text) limit 5000`),
  ).map((r) => r.phone.replace(/^(\d{3})(\d{4})/, '$1-$2 '));
  const [kf] = rowsOf<{ id: number; companyId: number }>(
    await db.execute(sql`select id, company_id as "companyId" from sys_user where username = 'kf_agent1'`),
  );
  // kf_agent1's centre, in a role that lists the calls but handles no case: numbers masked.
  const masked = userOf({
    id: kf.id,
    userType: 'callcenter',
    companyId: kf.companyId,
    dataScope: 'company',
    permissions: new Set(['rescue:agent:list']),
  });
  const r = rng(11);
  const pick = () => numbers[Math.floor(r() * numbers.length)];
  const countAndPage = async (where: SQL) => {
    await db.select({ n: count() }).from(callRecord).where(where);
    await db
      .select()
      .from(callRecord)
      .where(where)
      .orderBy(desc(callRecord.startedAt), desc(callRecord.id))
      .limit(10);
  };
  const loops = 8;
  const before = await measureLoop(`  same, old sameNumber(phone), driver`, SECONDS, loops, () =>
    countAndPage(sameNumber(callRecord.phone, pick())),
  );
  const after = await measureLoop(`  same, sameDigits(phone_digits), driver`, SECONDS, loops, () =>
    countAndPage(sameDigits(callRecord.phoneDigits, pick())),
  );
  const service = await measureLoop(`  listCalls(masked, whole number), driver`, SECONDS, loops, () =>
    listCalls(db, masked, { page: 1, limit: 10, phone: pick() }),
  );
  after.note = `${CALLS} calls; p50 ${(before.p50 / Math.max(after.p50, 0.001)).toFixed(0)}x lower than sameNumber's`;
  return [service, after, before];
}

/** yyyy-MM of `back` months before now (Shanghai). */
function monthBack(back: number) {
  const d = new Date(Date.now() + 8 * 3_600_000);
  const k = d.getUTCFullYear() * 12 + d.getUTCMonth() - back;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
}

async function benchIn(dataDir: string, elevatorCount: number, caseCount: number, loaded: boolean) {
  const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  let database: Database;
  if (loaded) {
    database = await open(dataDir);
    const [n] = rowsOf<{ lifts: number; cases: number }>(
      await database.db.execute(
        sql`select (select count(*) from elevator)::int as lifts, (select count(*) from rescue_case)::int as cases`,
      ),
    );
    console.log(`reusing ${n.lifts} elevators and ${n.cases} rescue cases on ${kind}`);
    await settle(database.db);
  } else {
    console.log(`\nloading ${elevatorCount} elevators and ${caseCount} rescue cases on ${kind}`);
    const t0 = performance.now();
    seedElevators(dataDir, elevatorCount);
    database = await open(dataDir);
    // The bulk loader gives no rescue codes: every lift gets one, distinct (7919 is prime to 10^6).
    await database.db.execute(
      sql`update elevator set rescue_code = lpad(((id::bigint * 7919) % 1000000)::text, 6, '0') where rescue_code is null`,
    );
    await loadCases(database.db, caseCount);
    await loadCalls(database.db, CALLS);
    console.log(`loaded in ${seconds(t0).toFixed(0)} s`);
  }
  const codes = rowsOf<{ code: string }>(
    await database.db.execute(
      sql`select rescue_code as code from elevator where rescue_code is not null order by md5(id::text) limit 5000`,
    ),
  ).map((r) => r.code);
  const traffic = await trafficOf(database.db);
  const agentUser = traffic.users.jg_qingxiu; // a reviewer's scope is what the list's SQL sees for an area
  const r = rng(7);
  const draw = () => ({
    page: 1,
    limit: 10,
    areaCode: DISTRICTS[Math.floor(r() * DISTRICTS.length)],
    month: monthBack(Math.floor(r() * MONTHS)),
  });
  const direct: Row[] = [
    // The whole of what elevatorList answers (the lift, its companies, area, grid and open case).
    await measureLoop('  locateForCallCentre(rescue code), driver', SECONDS, CONNECTIONS, () =>
      locateForCallCentre(database.db, codes[Math.floor(r() * codes.length)], 20),
    ),
    await measureLoop('  listCases(district + month), driver, jg_qingxiu', SECONDS, CONNECTIONS, () =>
      listCases(database.db, agentUser, caseFilters.parse({ ...draw(), areaCode: '450103' })),
    ),
  ];
  if (loaded) await loadCalls(database.db, CALLS);
  const calls = await callSearchRows(database.db);
  await database.close();

  const server = await startServerProcess(dataDir);
  const { api } = server;
  const path = new URL(api).pathname;
  const rows: Row[] = [];
  try {
    const baseline = await measure('baseline GET /health', {
      url: `${api}/health`,
      duration: 3,
      connections: CONNECTIONS,
    });
    rows.push(baseline);
    const agent = await login(api, 'kf_agent1');
    const regulator = await login(api, 'jg_qingxiu');
    const get = (name: string, token: string, next: () => string) =>
      measure(name, {
        url: `${api}/health`,
        duration: SECONDS,
        connections: CONNECTIONS,
        requests: [
          {
            method: 'GET',
            headers: { authorization: `Bearer ${token}` },
            setupRequest: (req) => ({ ...req, path: next() }),
          },
        ],
      });
    const locate = await get(
      'elevatorList by rescue code, kf_agent1',
      agent,
      () => `${path}/pc/serviceUserOrder/elevatorList?keyword=${codes[Math.floor(r() * codes.length)]}`,
    );
    locate.note = `target p99 ≤ ${TARGETS.locateP99} ms: ${met(locate.p99 <= TARGETS.locateP99 && locate.errors === 0)}`;
    rows.push(locate, direct[0]);
    for (const [who, token, only] of [
      ['kf_agent1', agent, undefined],
      ['jg_qingxiu', regulator, '450103'],
    ] as const) {
      const list = await get(`orderList district + month, ${who}`, token, () => {
        const f = draw();
        return `${path}/pc/serviceUserOrder/orderList?page=1&limit=10&areaCode=${only ?? f.areaCode}&month=${f.month}`;
      });
      list.note = `target p99 ≤ ${TARGETS.listP99} ms: ${met(list.p99 <= TARGETS.listP99 && list.errors === 0)}`;
      rows.push(list);
    }
    rows.push(direct[1], ...calls);
    printTable(
      `rescue, ${elevatorCount} elevators, ${caseCount} closed cases, ${kind}, ${CONNECTIONS} connections`,
      rows,
      baseline,
    );

    await benchLive(api, server, baseline);
  } finally {
    await server.stop();
  }
}

interface Frame {
  id: number;
  at: number;
}

/** One agent's stream: the arrival time of every rescue.case event, by case id and arrival order. */
function listen(api: string, token: string, frames: Frame[], signal: AbortSignal) {
  return liveStream(api, token, [RESCUE_CASE_TOPIC], signal, (_topic, data) => {
    frames.push({ id: (data as { id: number }).id, at: performance.now() });
  });
}

/**
 * 200 agents (kf_agent1..3's sessions, many streams each, as a call centre's screens) on the stream;
 * the driver writes a note on one of 20 open cases every 100 ms (each note is a committed change the
 * board must show) and records when it sent it; every agent's arrival of that change is timed from
 * the send (so HTTP and the transaction are in the figure).
 */
async function benchLive(api: string, server: Awaited<ReturnType<typeof startServerProcess>>, baseline: Row) {
  const tokens = await Promise.all(['kf_agent1', 'kf_agent2', 'kf_agent3'].map((u) => login(api, u)));
  const driver = tokens[0];
  const call = async (method: string, p: string, body: unknown) => {
    const res = await fetch(`${api}${p}`, {
      method,
      headers: { authorization: `Bearer ${driver}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { data: { case: { id: number } } };
  };
  const caseIds: number[] = [];
  for (let i = 0; i < 20; i++)
    caseIds.push(
      (await call('PUT', '/pc/serviceUserOrder/saveOrder', { kind: 3, description: `压测 ${i}` })).data.case
        .id,
    );

  const ac = new AbortController();
  const streams: Frame[][] = Array.from({ length: AGENTS }, () => []);
  await Promise.all(streams.map((frames, i) => listen(api, tokens[i % 3], frames, ac.signal)));
  await new Promise((r) => setTimeout(r, 1000));
  const sent: Frame[] = [];
  const rss: number[] = [server.rssMb()];
  const sampler = setInterval(() => rss.push(server.rssMb()), 10_000);
  const t0 = performance.now();
  let k = 0;
  while (performance.now() - t0 < LIVE_SECONDS * 1000) {
    const id = caseIds[k % caseIds.length];
    const at = performance.now();
    sent.push({ id, at });
    await call('POST', '/pc/rescueCase/note', { id, note: `变化 ${k}` });
    k++;
    const next = t0 + (k * 1000) / CHANGES_PER_SECOND;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  await new Promise((r) => setTimeout(r, 2000));
  clearInterval(sampler);
  rss.push(server.rssMb());
  ac.abort();

  // The i-th event of a case on a stream is the i-th change sent for that case.
  const latencies: number[] = [];
  let missing = 0;
  const sentBy = new Map<number, number[]>();
  for (const s of sent) sentBy.set(s.id, [...(sentBy.get(s.id) ?? []), s.at]);
  for (const frames of streams) {
    const seen = new Map<number, number>();
    for (const f of frames) {
      const i = seen.get(f.id) ?? 0;
      seen.set(f.id, i + 1);
      const at = sentBy.get(f.id)?.[i];
      if (at !== undefined) latencies.push(f.at - at);
    }
    for (const [id, times] of sentBy) missing += Math.max(0, times.length - (seen.get(id) ?? 0));
  }
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? Number.NaN;
  const rate = sent.length / LIVE_SECONDS;
  console.log(
    `\nlive board: ${AGENTS} agents on SSE, ${sent.length} changes in ${LIVE_SECONDS} s (${rate.toFixed(1)}/s), ` +
      `${latencies.length} deliveries, ${missing} missing — delivery p50 ${q(0.5).toFixed(0)} ms, p99 ${q(0.99).toFixed(0)} ms, ` +
      `max ${q(1).toFixed(0)} ms; target p99 ≤ ${TARGETS.liveP99} ms with none missing: ${met(q(0.99) <= TARGETS.liveP99 && missing === 0)}` +
      ` (baseline ${baseline.rps.toFixed(0)} req/s in the same run)`,
  );
  const first = rss[1] ?? rss[0];
  console.log(
    `server RSS over the run (every 10 s): ${rss.map((m) => m.toFixed(0)).join(' ')} MB — ` +
      `growth after the first sample ${(rss[rss.length - 1] - first).toFixed(0)} MB`,
  );
}
