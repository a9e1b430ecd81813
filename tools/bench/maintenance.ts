import fs from 'node:fs';
import { addDays, orderFilters, shanghaiToday } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { overdueCount, refreshLiftStates } from '../../apps/server/src/modules/maintenance/lifts.ts';
import { listOrders } from '../../apps/server/src/modules/maintenance/orders/read.ts';
import {
  GENERATE_ROUND,
  GENERATE_WORKERS,
  generateOrders,
} from '../../apps/server/src/modules/maintenance/plans.ts';
import type { Queryable } from '../../apps/server/src/platform/db/client.ts';
import { rowsOf } from '../../apps/server/src/platform/db/sql.ts';
import { rng } from '../../apps/server/src/platform/seed/random.ts';
import { login, measure, measureLoop, printTable, type Row, randomLoad } from './common.ts';
import {
  inScratch,
  openBenchDatabase,
  SERVER_HEAP_FLAGS,
  seedElevators,
  startServerProcess,
} from './server-process.ts';
import { type BenchUser, type Traffic, trafficOf, USER_NOTES, USERS } from './traffic.ts';

const CONNECTIONS = 32;
/** Seconds of load per case (BENCH_SECONDS); each case is warmed up for a second first, not counted. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP = 1;
/** The district of the overdue count (the 青秀区 regulator's). */
const DISTRICT = '450103';
const PDF_ORDERS = 500;
/** Days between two visits of a lift (特种设备安全监察条例第31条), and two years of them. */
const INTERVAL = 15;
const VISITS_IN_TWO_YEARS = Math.floor(730 / INTERVAL);

const TARGETS = {
  listRps: 1000,
  listP99: 50,
  overdueMs: 100,
  generateS: 60,
  pdfS: 30,
  pdfMb: 400,
};

/**
 * Electronic maintenance at the size of a city: `elevators` lifts (the registry's bulk loader), all
 * bound to the two filed demo maintenance companies and to the demo use units, each with an audited
 * contract valid today and a plan; `orders` work orders of the past two years (one every 15 days per
 * lift, in the order the daily job would have made them: oldest first) with states 0–6 by age, a few
 * checklist lines and the workers' names; the maintained-lift table filled by the daily job's own
 * refresh. Then, each beside the health call of the same run:
 *   1. the order list, page 1, filtered by company + state + month, as wb_admin1 and jg_qingxiu
 *      (32 connections; also straight on the driver, without HTTP);
 *   2. the overdue count of a district (`overdueCount`, on the driver);
 *   3. the daily job's order generation for a half-month with every plan due (`generateOrders`, in
 *      its rounds of 20,000 plans, each its own transaction, two at once, as the job runs it), beside
 *      the half-month before made one round at a time in the same run;
 *   4. a 500-order PDF (batchExportPDF): time and the server process's peak RSS after the list load,
 *      beside, in the same run, a fresh server's export alone and the same list load and export on a
 *      server with V8's default heap limit (without npm start's --max-old-space-size).
 * On PostgreSQL (DATABASE_URL) the bench creates a database of its own on that server (the role needs
 * CREATEDB) and drops it at the end (BENCH_KEEP_DATABASE=1 keeps it, to EXPLAIN the queries); without,
 * a throw-away PGlite folder (small sizes only).
 */
export async function benchMaintenance(elevators: number, orders: number) {
  await inScratch('maint', (dataDir) => benchIn(dataDir, elevators, orders));
}

const open = openBenchDatabase;

/** An integer inlined in SQL (computed here, never user input): the planner sees a constant of the right type. */
const n = (x: number) => sql.raw(String(Math.trunc(x)));

const seconds = (t0: number) => (performance.now() - t0) / 1000;

async function step<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  console.log(`  ${label}: ${seconds(t0).toFixed(1)} s`);
  return out;
}

interface Loaded {
  today: string;
  /** The two filed maintenance companies (wb_admin1's first). */
  companies: [number, number];
  /** Lifts with orders, and the orders of each of them. */
  liftsWithHistory: number;
  visits: number;
  plans: number;
}

async function benchIn(dataDir: string, elevatorCount: number, orderCount: number) {
  const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const t0 = performance.now();
  console.log(`\nloading ${elevatorCount} elevators and ${orderCount} work orders on ${kind}`);
  await step(`${elevatorCount} elevators (the registry's bulk loader)`, async () =>
    seedElevators(dataDir, elevatorCount),
  );
  let database = await open(dataDir);
  const loaded = await load(database.db, orderCount);
  const loadSeconds = seconds(t0);
  console.log(`loaded in ${loadSeconds.toFixed(0)} s`);

  const { today } = loaded;
  const traffic = await trafficOf(database.db);
  const cases = listCases(traffic, loaded);

  // Straight on the driver, before the server starts (PGlite has one connection).
  const direct = new Map<string, Row>();
  for (const c of cases) {
    await measureLoop('warm-up', WARM_UP, CONNECTIONS, () =>
      listOrders(database.db, traffic.users[c.who], orderFilters.parse(c.filters(99)())),
    );
    const next = c.filters(1);
    direct.set(
      c.label,
      await measureLoop('  same SQL straight to the driver', SECONDS, CONNECTIONS, () =>
        listOrders(database.db, traffic.users[c.who], orderFilters.parse(next())),
      ),
    );
  }
  const overdue = await overdueCount(database.db, DISTRICT, today);
  const [{ lifts }] = rowsOf<{ lifts: number }>(
    await database.db.execute(
      sql`select count(*)::int as lifts from maintenance_lift where area_code = ${DISTRICT}`,
    ),
  );
  await measureLoop('warm-up', WARM_UP, 1, () => overdueCount(database.db, DISTRICT, today));
  const overdueRow = await measureLoop(`overdueCount('${DISTRICT}'), driver, 1 connection`, SECONDS, 1, () =>
    overdueCount(database.db, DISTRICT, today),
  );
  overdueRow.note = `${overdue} of ${lifts} lifts overdue; target p99 ≤ ${TARGETS.overdueMs} ms: ${met(overdueRow.p99 <= TARGETS.overdueMs)}`;
  const pdfIds = await idsToPrint(database.db, orderCount);
  await database.close();

  // The export alone on a fresh server (nothing before it but the start and a login).
  const freshServer = await startServerProcess(dataDir);
  let fresh: PdfRun;
  try {
    fresh = await exportPdf(freshServer, pdfIds);
  } finally {
    await freshServer.stop();
  }
  // The same list load and export on a server with V8's default heap limit (as the bench ran it
  // before 2026-11-29, without npm start's --max-old-space-size): the same run's "before".
  const defaultServer = await startServerProcess(dataDir, {}, []);
  let v8Default: PdfRun & { afterLists: number; lists: Row[] };
  try {
    const lists = await listLoad(defaultServer.api, cases);
    const afterLists = defaultServer.rssMb();
    v8Default = { ...(await exportPdf(defaultServer, pdfIds)), afterLists, lists };
  } finally {
    await defaultServer.stop();
  }

  const server = await startServerProcess(dataDir);
  const { api } = server;
  const rows: Row[] = [];
  let baseline: Row;
  let pdf: PdfRun;
  let listRows: Row[] = [];
  try {
    baseline = await measure('baseline GET /health', {
      url: `${api}/health`,
      duration: 3,
      connections: CONNECTIONS,
    });
    rows.push(baseline);
    listRows = await listLoad(api, cases);
    for (const [c, row] of listRows.entries()) rows.push(row, direct.get(cases[c].label)!);
    rows.push(overdueRow);
    const rssAfterLists = server.rssMb();

    pdf = await exportPdf(server, pdfIds);
    printTable(
      `maintenance, ${elevatorCount} elevators, ${orderCount} work orders, ${kind} (loaded in ${loadSeconds.toFixed(0)} s), ` +
        `${CONNECTIONS} connections (server RSS after the lists: ${rssAfterLists.toFixed(0)} MB)`,
      rows,
      baseline,
    );
    console.log(
      '  busiest: the largest filter (the company wb_admin1 belongs to, 审核通过, two months ago);\n' +
        '  random: per request a month of the last 24, a state 0–6 and a company (jg_qingxiu: either filed\n' +
        '  maintenance company; wb_admin1: its own); the driver rows replay the same draws without HTTP.',
    );
  } finally {
    await server.stop();
  }

  // The daily job's generation, on the driver as the job runs it (bounded rounds, each its own
  // transaction, GENERATE_WORKERS at once), last: it writes. First, in the same run, one round at a
  // time (as before 2026-11-29) for this half-month; then the job's way for the next half-month (on a
  // table one half-month larger: any bias is against it).
  database = await open(dataDir);
  const t3 = performance.now();
  const madeOneByOne = await generateOrders(database.db, today, INTERVAL - 1, GENERATE_ROUND, 1);
  const oneByOneSeconds = seconds(t3);
  const t2 = performance.now();
  const made = await generateOrders(database.db, addDays(today, INTERVAL), INTERVAL - 1);
  const generateSeconds = seconds(t2);
  await database.close();

  const ratio = `(baseline ${baseline.rps.toFixed(0)} req/s in the same run)`;
  console.log(
    `\noverdue count of ${DISTRICT}: p50 ${overdueRow.p50.toFixed(1)} ms, p99 ${overdueRow.p99.toFixed(1)} ms ${ratio}`,
  );
  console.log(
    `generateOrders, a half-month with every plan due: ${generateSeconds.toFixed(1)} s, ${made} orders made for ${loaded.plans} plans due` +
      ` (${GENERATE_WORKERS} rounds at once)` +
      ` — target ≤ ${TARGETS.generateS} s: ${met(generateSeconds <= TARGETS.generateS)}` +
      `${made < loaded.plans ? `; ${loaded.plans - made} plans moved on WITHOUT an order` : ''} ${ratio}`,
  );
  console.log(
    `  same run, the half-month before, one round at a time: ${oneByOneSeconds.toFixed(1)} s, ${madeOneByOne} orders made`,
  );
  const pdfLine = (p: PdfRun) =>
    `HTTP ${p.status}, ${p.seconds.toFixed(1)} s, ${p.mb.toFixed(1)} MB, server RSS ${p.before.toFixed(0)} MB before, peak ${p.peak.toFixed(0)} MB` +
    (p.reset ? '' : ' (VmHWM could not be reset: the peak includes what came before)');
  console.log(
    `batchExportPDF of ${pdfIds.length} orders after the lists: ${pdfLine(pdf)} — targets ≤ ${TARGETS.pdfS} s: ` +
      `${met(pdf.status === 200 && pdf.seconds <= TARGETS.pdfS)}, ≤ ${TARGETS.pdfMb} MB: ${met(pdf.peak <= TARGETS.pdfMb)} ${ratio}`,
  );
  console.log(`  same run, a fresh server, the export alone: ${pdfLine(fresh)}`);
  console.log(
    `  same run, V8's default heap limit (no ${SERVER_HEAP_FLAGS.join(' ') || 'heap flag'}): server RSS ${v8Default.afterLists.toFixed(0)} MB after the same lists; export ${pdfLine(v8Default)}`,
  );
  // What the heap bound costs the lists (more full collections): the same cases in the same run.
  const listFigures = (r: Row[]) =>
    r.map((x) => `${x.rps.toFixed(0)} req/s p99 ${x.p99.toFixed(0)} ms`).join(', ');
  console.log(`  the lists' four cases with V8's default heap: ${listFigures(v8Default.lists)}`);
  console.log(`  the lists' four cases with ${SERVER_HEAP_FLAGS.join(' ')}: ${listFigures(listRows)}`);
}

interface PdfRun {
  seconds: number;
  mb: number;
  status: number;
  before: number;
  peak: number;
  /** Whether the peak counts from the export (VmHWM reset). */
  reset: boolean;
}

/** The 500-order PDF as the administrator; the peak RSS counts from here (VmHWM reset after the login). */
async function exportPdf(
  server: Awaited<ReturnType<typeof startServerProcess>>,
  ids: number[],
): Promise<PdfRun> {
  const admin = await login(server.api);
  const reset = resetPeakRss(server.pid);
  const before = server.rssMb();
  const t1 = performance.now();
  const res = await fetch(`${server.api}/pc/maintenanceOrder/batchExportPDF`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ids }),
  });
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  return {
    seconds: seconds(t1),
    mb: bytes / 1e6,
    status: res.status,
    before,
    peak: server.peakRssMb(),
    reset,
  };
}

/** The list cases over HTTP at CONNECTIONS connections, each warmed up first; a row per case. */
async function listLoad(api: string, cases: ListCase[]): Promise<Row[]> {
  const path = `${new URL(api).pathname}/pc/maintenanceOrder/queryList`;
  const tokens = new Map<BenchUser, string>();
  for (const who of USERS) tokens.set(who, await login(api, who));
  const rows: Row[] = [];
  for (const c of cases) {
    const row = await randomLoad(`queryList: ${c.who}, ${c.label.split(': ')[1]}`, {
      url: `${api}/pc/maintenanceOrder/queryList`,
      duration: SECONDS,
      warmUp: WARM_UP,
      connections: CONNECTIONS,
      method: 'GET',
      headers: { authorization: `Bearer ${tokens.get(c.who)}` },
      setup: (seed) => {
        const next = c.filters(seed);
        return (req) => ({ ...req, path: `${path}?${query(next())}` });
      },
    });
    row.note = `${USER_NOTES[c.who]}; target ≥ ${TARGETS.listRps} req/s, p99 ≤ ${TARGETS.listP99} ms: ${met(
      row.rps >= TARGETS.listRps && row.p99 <= TARGETS.listP99 && row.errors === 0,
    )}`;
    rows.push(row);
  }
  return rows;
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

const query = (f: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(f).map(([k, v]): [string, string] => [k, String(v)])).toString();

interface ListCase {
  who: BenchUser;
  label: string;
  /** A generator of request filters; the same seed gives the same draws. */
  filters: (seed: number) => () => Record<string, unknown>;
}

/** yyyy-MM of the month `back` months before `day`'s. */
function monthBefore(day: string, back: number) {
  const [y, m] = day.split('-').map(Number);
  const k = y * 12 + (m - 1) - back;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
}

function listCases(t: Traffic, loaded: Loaded): ListCase[] {
  const busiest = {
    page: 1,
    limit: 10,
    maintenanceCompanyId: t.wb1,
    status: 5,
    month: monthBefore(loaded.today, 2),
  };
  return USERS.flatMap((who) => [
    { who, label: `${who}: busiest company + state + month`, filters: () => () => busiest },
    {
      who,
      label: `${who}: random company + state + month`,
      filters: (seed: number) => {
        const r = rng(seed * 7919 + USERS.indexOf(who));
        const companies = who === 'wb_admin1' ? [t.wb1] : loaded.companies;
        return () => ({
          page: 1,
          limit: 10,
          maintenanceCompanyId: companies[Math.floor(r() * companies.length)],
          status: Math.floor(r() * 7),
          month: monthBefore(loaded.today, Math.floor(r() * 24)),
        });
      },
    },
  ]);
}

/** Up to 500 submitted orders spread over the table, for the PDF. */
async function idsToPrint(db: Queryable, orderCount: number) {
  const [{ first }] = rowsOf<{ first: number }>(
    await db.execute(sql`select min(id)::int as first from maintenance_order`),
  );
  const step = Math.max(1, Math.floor(orderCount / (PDF_ORDERS * 2)));
  const candidates = Array.from({ length: PDF_ORDERS * 2 }, (_, i) => first + i * step);
  return rowsOf<{ id: number }>(
    await db.execute(sql`select id from maintenance_order
      where id = any(${`{${candidates.join(',')}}`}::int[]) and status >= 3 order by id limit ${PDF_ORDERS}`),
  ).map((r) => r.id);
}

/** Resets the process's peak RSS (VmHWM) to its current RSS: `echo 5 > /proc/PID/clear_refs`. */
function resetPeakRss(pid: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * The maintenance data, in set-based SQL: lifts bound to companies, contracts, plans, orders (with
 * the order table's secondary indexes dropped during the load and rebuilt from their stored
 * definitions, and, for a superuser, foreign-key triggers off: the rows are consistent by
 * construction), then the maintained-lift table by the daily job's refresh, and statistics.
 */
async function load(db: Queryable, orderCount: number): Promise<Loaded> {
  const today = shanghaiToday();
  const [range] = rowsOf<{ first: number; last: number; n: number }>(
    await db.execute(
      sql`select min(id)::int as first, max(id)::int as last, count(*)::int as n from elevator`,
    ),
  );
  if (range.n === 0 || range.last - range.first + 1 !== range.n)
    throw new Error('the bench needs a fresh registry with consecutive elevator ids');
  const base = range.first - 1;
  const companies = rowsOf<{ id: number; kind: string; filed: boolean }>(
    await db.execute(sql`select e.id, e.kind, coalesce(bool_or(u.filing_state = 3), false) as filed
      from enterprise e left join sys_user u on u.company_id = e.id and u.user_type = e.kind
      group by e.id, e.kind order by e.id`),
  );
  const [wb1, wb2] = companies.filter((c) => c.kind === 'maintenance' && c.filed).map((c) => c.id);
  const uses = companies.filter((c) => c.kind === 'use').map((c) => c.id);
  if (wb2 === undefined || uses.length === 0) throw new Error('the demo companies are missing');

  // A lift of a company outside the two filed ones goes to one of them; every lift gets a use unit.
  await step('lifts bound to the two filed maintenance companies and the demo use units', () =>
    db.execute(sql`update elevator set
      maintenance_company_id = case when maintenance_company_id in (${n(wb1)}, ${n(wb2)}) then maintenance_company_id
        when id % 2 = 0 then ${n(wb1)} else ${n(wb2)} end,
      maintenance_claim_state = 3,
      use_company_id = (array[${sql.raw(uses.join(', '))}])[1 + id % ${n(uses.length)}],
      use_claim_state = 3`),
  );
  await step('contracts (one per company pair and district) and their lifts', async () => {
    await db.execute(sql`insert into maintenance_contract (contract_no, maintenance_company_id, use_company_id,
        area_code, start_date, end_date, plan_type, filing_state, sign_date)
      select 'HTBENCH-' || m || '-' || u || '-' || a, m, u, a, ${today}::date - 300, ${today}::date + 430,
        'HALF_MONTH', 3, ${today}::date - 310
      from (select distinct maintenance_company_id m, use_company_id u, area_code a from elevator) x`);
    await db.execute(sql`insert into maintenance_contract_elevator (contract_id, elevator_id, start_date, end_date, active)
      select c.id, e.id, c.start_date, c.end_date, true from elevator e
      join maintenance_contract c on c.maintenance_company_id = e.maintenance_company_id
        and c.use_company_id = e.use_company_id and c.area_code = e.area_code`);
  });

  const visits = Math.max(VISITS_IN_TWO_YEARS, Math.ceil(orderCount / range.n));
  const liftsWithHistory = Math.ceil(orderCount / visits);
  // Orders are made oldest first, a half-month slot for every lift with history at a time; the
  // oldest slot is the one cut short (`skip` lifts have no visit in it).
  const skip = visits * liftsWithHistory - orderCount;
  const templates = rowsOf<{ id: number; appendix: string }>(
    await db.execute(sql`select id, appendix from maintenance_content order by id`),
  );
  const template = (appendix: string) => templates.find((t) => t.appendix === appendix)?.id;
  const [lift, escalator] = [template('A'), template('D')];
  await step(`${range.n} plans (two filed workers each, due within the coming half-month)`, () =>
    db.execute(sql`insert into maintenance_plan (elevator_id, maintenance_company_id, content_id, interval_days,
        first_date, next_date, visit_seq, worker_ids, enabled)
      select e.id, e.maintenance_company_id, case when e.type = 2 then ${n(escalator!)} else ${n(lift!)} end, ${n(INTERVAL)},
        case when e.id - ${n(base)} <= ${n(liftsWithHistory)} then ${today}::date - ${n(INTERVAL * visits)} + e.id % ${n(INTERVAL)}
          else ${today}::date + e.id % ${n(INTERVAL)} end,
        ${today}::date + e.id % ${n(INTERVAL)},
        case when e.id - ${n(base)} > ${n(liftsWithHistory)} then 0
          when e.id - ${n(base)} - 1 < ${n(skip)} then ${n(visits - 1)} else ${n(visits)} end,
        array[w.ids[1 + e.id % w.n], w.ids[1 + (e.id + 1) % w.n]], true
      from elevator e join (
        select s.company_id, array_agg(s.user_id order by s.user_id) as ids, count(*)::int as n
        from staff_profile s join sys_user u on u.id = s.user_id
        where s.role = 'staff' and s.employed = 1 and u.filing_state = 3 group by s.company_id
      ) w on w.company_id = e.maintenance_company_id`),
  );
  const [{ plans }] = rowsOf<{ plans: number }>(
    await db.execute(sql`select count(*)::int as plans from maintenance_plan`),
  );
  if (plans !== range.n) throw new Error(`only ${plans} of ${range.n} lifts have a plan (workers missing?)`);

  const item = (seq: number, name: string, result: string | null) => ({ seq, name, kind: 1, result });
  const names = ['机房、滑轮间环境', '手动紧急操作装置', '驱动主机', '制动器各销轴部位', '编码器'];
  const doneItems = JSON.stringify(names.map((n, k) => item(k + 1, n, k === 3 ? '已调整' : '正常')));
  const openItems = JSON.stringify(names.map((n, k) => item(k + 1, n, k < 2 ? '正常' : null)));
  const [{ superuser }] = rowsOf<{ superuser: boolean }>(
    await db.execute(sql`select current_setting('is_superuser') = 'on' as superuser`),
  );
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = 'maintenance_order' and indexname <> 'maintenance_order_pkey'`),
  );
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.name}"`));
  console.log(
    `  orders: ${liftsWithHistory} lifts with a visit every ${INTERVAL} days for ${visits} visits (the others joined lately)`,
  );
  const CHUNK = 1_000_000;
  const t0 = performance.now();
  for (let from = 0; from < orderCount; from += CHUNK) {
    const to = Math.min(orderCount, from + CHUNK);
    await db.transaction(async (tx) => {
      if (superuser) await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`set local work_mem = '256MB'`);
      await tx.execute(sql`
        insert into maintenance_order (order_no, elevator_id, plan_id, maintenance_company_id, use_company_id, area_code,
          kind, status, plan_date, content_id, content_version, worker_ids, workers, sign_in_at, sign_out_at, items,
          confirmed_by, confirmed_at, audited_by, audited_at, created_at)
        select 'WB' || to_char(o.d, 'YYYYMMDD') || (1000000 + o.g)::text, o.e, p.id, l.maintenance_company_id,
          l.use_company_id, l.area_code,
          case when o.seq % 24 = 0 then 4 when o.seq % 12 = 0 then 3 when o.seq % 6 = 0 then 2 else 1 end,
          o.s, o.d, p.content_id, 1, p.worker_ids, array[w1.real_name, w2.real_name],
          case when o.s >= 1 then (o.d + time '09:00' + o.h * interval '3 minutes') at time zone 'Asia/Shanghai' end,
          case when o.s >= 3 then (o.d + time '10:15' + o.h * interval '3 minutes') at time zone 'Asia/Shanghai' end,
          case when o.s >= 3 then ${doneItems}::jsonb when o.s >= 1 then ${openItems}::jsonb else '[]'::jsonb end,
          case when o.s >= 4 then '韦春' end,
          case when o.s >= 4 then (o.d + 1 + time '16:00') at time zone 'Asia/Shanghai' end,
          case when o.s >= 5 then '陈云' end,
          case when o.s >= 5 then (o.d + 3 + time '11:00') at time zone 'Asia/Shanghai' end,
          (o.d - 14 + time '02:00') at time zone 'Asia/Shanghai'
        from (
          select x.*, case when ${today}::date - x.d > 30
              then case when x.h < 80 then 5 when x.h < 92 then 4 when x.h < 95 then 6 when x.h < 98 then 3 else 0 end
              else case when x.h < 15 then 0 when x.h < 20 then 1 when x.h < 25 then 2 when x.h < 60 then 3
                when x.h < 90 then 4 else 5 end
            end as s
          from (
            select g, ${n(base)} + 1 + (g + ${n(skip)}) % ${n(liftsWithHistory)} as e,
              (g + ${n(skip)}) / ${n(liftsWithHistory)} + 1 - case when (g + ${n(skip)}) % ${n(liftsWithHistory)} < ${n(skip)} then 1 else 0 end as seq,
              ${today}::date - ${n(INTERVAL)} * (${n(visits)} - (g + ${n(skip)}) / ${n(liftsWithHistory)})
                + (${n(base)} + 1 + (g + ${n(skip)}) % ${n(liftsWithHistory)}) % ${n(INTERVAL)} as d,
              abs(hashint4(g)) % 100 as h
            from generate_series(${n(from)}, ${n(to - 1)}) g
          ) x
        ) o
        join elevator l on l.id = o.e
        join maintenance_plan p on p.elevator_id = o.e
        join sys_user w1 on w1.id = p.worker_ids[1]
        join sys_user w2 on w2.id = p.worker_ids[2]`);
    });
    console.log(`  ${to} orders: ${seconds(t0).toFixed(0)} s`);
  }
  await step(`${indexes.length} order indexes rebuilt`, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      for (const i of indexes) await tx.execute(sql.raw(i.definition));
    }),
  );
  // The order-number sequence where the orders above would have left it.
  await db.execute(sql`select setval('maintenance_order_no_seq', ${n(1_000_000 + orderCount)})`);
  await step('maintenance_lift (the daily job: refreshLiftStates)', () => refreshLiftStates(db));
  await step('vacuum analyze', () => settle(db));
  return { today, companies: [wb1, wb2], liftsWithHistory, visits, plans };
}

const SETTLED_TABLES = [
  'elevator',
  'maintenance_contract_elevator',
  'maintenance_plan',
  'maintenance_order',
  'maintenance_lift',
];

/**
 * Statistics and the visibility map, as autovacuum leaves them on a table at rest (the counts are
 * index-only scans). A vacuum cannot mark pages all-visible while another session's snapshot is older
 * than the load (other work on a shared server): it is repeated, a few seconds apart, until 95% of
 * the order table's pages are, or for two minutes at most.
 */
async function settle(db: Queryable) {
  for (const table of SETTLED_TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
  for (let attempt = 0; ; attempt++) {
    const [v] = rowsOf<{ visible: number }>(
      await db.execute(sql`select coalesce(min(relallvisible::float8 / greatest(relpages, 1)), 1) as visible
        from pg_class where relname in ('maintenance_order', 'maintenance_lift') and relkind = 'r'`),
    );
    if (Number(v.visible) >= 0.95 || attempt === 24) {
      console.log(
        `  all-visible pages of the order and lift tables: ${(Number(v.visible) * 100).toFixed(0)}%`,
      );
      return;
    }
    await new Promise((r) => setTimeout(r, 5000));
    for (const table of ['maintenance_order', 'maintenance_lift'])
      await db.execute(sql.raw(`vacuum ${table}`));
  }
}
