import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { listsUntil, login, printTable, timer } from './common.ts';
import { inScratch, openBenchDatabase, seedElevators, startServerProcess } from './server-process.ts';

const CONNECTIONS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Other users' list calls keep the console's per-call target while an export runs (p99, ms). */
const LIST_P99_TARGET = 100;
/** The export's second half may peak this much above its first half and still count as flat (MB). */
const FLAT_MB = 64;
const LIFTS = 20_000;

/**
 * A background export at the size the issue names (5,000,000 rows on PostgreSQL; --export-rows N):
 * the sign-in log filled with N attempts over the last 30 days (set-based SQL), the server in its own
 * process with its workers on (JOBS on), then
 *   1. other users' list calls alone (the same-run baseline): a maintenance company's 电梯管理 list;
 *   2. the administrator's 导出 of the whole log, which the server queues (202) and runs in the
 *      background, while the same list calls go on; the server's memory is sampled every half second
 *      and read at every tenth of the rows;
 *   3. the file downloaded from 导出中心 and read back: its sheets (Excel holds 1,048,576 rows a sheet)
 *      and every row counted, so the figure is the rows the user gets.
 */
export async function benchExports(rows: number) {
  await inScratch('exports', async (dataDir) => {
    seedElevators(dataDir, LIFTS);
    const t0 = performance.now();
    await fillLoginLog(dataDir, rows);
    console.log(
      `  sign-in log: ${rows.toLocaleString()} rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    const server = await startServerProcess(dataDir, { JOBS: 'on' });
    try {
      await run(server, rows, dataDir);
    } finally {
      await server.stop();
    }
  });
}

async function fillLoginLog(dataDir: string, rows: number) {
  const { db, close } = await openBenchDatabase(dataDir);
  try {
    const chunk = 500_000;
    for (let from = 1; from <= rows; from += chunk) {
      const to = Math.min(rows, from + chunk - 1);
      // Spread over the last 30 days (the retention purge keeps 180), one in twenty failed.
      await db.execute(sql`
        insert into login_log (username, user_id, success, reason, method, ip, user_agent, created_at)
        select 'user' || (g % 5000), null, g % 20 <> 0,
          case when g % 20 = 0 then '密码错误' end,
          case when g % 7 = 0 then 'sms' else 'password' end,
          '10.' || (g % 250) || '.' || (g % 199) || '.' || (g % 251),
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
          now() - interval '30 days' + (g::float / ${rows}) * interval '30 days'
        from generate_series(${from}::int, ${to}::int) g`);
    }
    await db.execute(sql`analyze login_log`);
  } finally {
    await close();
  }
}

interface Server {
  api: string;
  rssMb(): number;
  peakRssMb(): number;
}

async function run(server: Server, rows: number, dataDir: string) {
  const { api } = server;
  const admin = await login(api, 'admin');
  const company = await login(api, 'wb_admin1');
  const list = async () => {
    const res = await fetch(`${api}/pc/elevator/queryList`, {
      method: 'POST',
      headers: { authorization: `Bearer ${company}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, limit: 10 }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(String(res.status));
  };
  const call = async <T>(method: string, url: string) => {
    const res = await fetch(`${api}${url}`, { method, headers: { authorization: `Bearer ${admin}` } });
    return { status: res.status, body: (await res.json()) as { resultMsg: string; data: T } };
  };

  await listsUntil(list, timer(1), CONNECTIONS); // warm-up
  const baseline = await listsUntil(list, timer(SECONDS), CONNECTIONS);
  baseline.name = 'elevator queryList (wb_admin1) alone (baseline)';

  // What the user asks for: the whole log as it is now (the bench's own sign-ins included).
  const asked = (await call<{ total: number }>('GET', '/pc/loginLog/query?page=1&limit=1')).body.data.total;
  const rssBefore = server.rssMb();
  const queued = await call<{ job: Job }>('GET', '/pc/loginLog/export');
  if (queued.status !== 202) throw new Error(`export not queued: ${queued.status} ${queued.body.resultMsg}`);
  const id = queued.body.data.job.id;
  const t0 = performance.now();
  const samples: { rows: number; rss: number }[] = [];
  let job = queued.body.data.job;
  const watching = (async () => {
    while (job.state === 'queued' || job.state === 'running') {
      await timer(0.5);
      const seen = await call<{ records: Job[] }>('GET', '/pc/exportJob/query?page=1&limit=5');
      job = seen.body.data.records.find((j) => j.id === id) ?? job;
      samples.push({ rows: job.rows, rss: server.rssMb() });
    }
  })();
  const during = await listsUntil(list, watching, CONNECTIONS);
  const seconds = (performance.now() - t0) / 1000;
  during.name = 'elevator queryList (wb_admin1) during the export';
  if (job.state !== 'done') throw new Error(`export ${job.state}: ${job.error}`);

  const file = path.join(dataDir, 'downloaded.xlsx');
  const res = await fetch(`${api}/pc/exportJob/download/${id}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  if (!res.ok || !res.body) throw new Error(`download ${res.status}`);
  await fs.promises.writeFile(file, res.body as unknown as NodeJS.ReadableStream);
  const sheets = await countRows(file);
  const dataRows = sheets.reduce((n, s) => n + s.rows - 1, 0);

  const rss = samples.map((s) => s.rss);
  // The highest RSS in each tenth of the rows: the garbage collector's saw-tooth, and any trend.
  const peaks = Array.from({ length: 10 }, (_, i) => {
    const inTenth = samples.filter((s) => s.rows >= (rows * i) / 10 && s.rows < (rows * (i + 1)) / 10);
    return Math.max(...inTenth.map((s) => s.rss));
  });
  const half = (from: number) => Math.max(...peaks.slice(from, from + 5));
  // Flat: memory does not grow with the rows written (the second half's peak against the first's).
  const growth = half(5) - half(0);
  const p99 = during.p99;
  during.note = `p99 ${p99.toFixed(0)} ms vs target ${LIST_P99_TARGET}: ${p99 <= LIST_P99_TARGET ? 'met' : 'NOT met'}`;
  printTable(
    `other users during a background export of ${rows.toLocaleString()} sign-in log rows (${LIFTS} lifts, ${CONNECTIONS} list connections)`,
    [baseline, during],
    baseline,
  );
  console.log(
    `  export: ${seconds.toFixed(0)} s, ${Math.round(rows / seconds).toLocaleString()} rows/s; file ${(
      fs.statSync(file).size / 2 ** 20
    ).toFixed(0)} MB, ${sheets.length} sheets (${sheets.map((s) => `${s.name} ${s.rows}`).join(', ')})`,
  );
  console.log(
    `  rows in the file: ${dataRows.toLocaleString()} of the ${asked.toLocaleString()} the log held — ${dataRows === asked ? 'all' : 'NOT all'}`,
  );
  const tenths = peaks.map((p) => p.toFixed(0)).join(' ');
  const range = `${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MB over ${samples.length} samples`;
  const flat = `second half's peak − first half's ${growth.toFixed(0)} MB (flat ≤ ${FLAT_MB}: ${growth <= FLAT_MB ? 'met' : 'NOT met'})`;
  console.log(
    `  server RSS: ${rssBefore.toFixed(0)} MB before; peak in each tenth of the rows ${tenths} MB; ${range}; ${flat}; peak ${server.peakRssMb().toFixed(0)} MB`,
  );
  fs.rmSync(file, { force: true });
}

interface Job {
  id: number;
  state: string;
  rows: number;
  error: string | null;
}

/** Each sheet of the .xlsx and its rows (header included), counted as the XML inflates. */
async function countRows(file: string): Promise<{ name: string; rows: number }[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const counts = new Map<string, number>();
  let workbook = '';
  try {
    for await (const entry of zip.eachEntry()) {
      const sheet = entry.fileName.match(/^xl\/worksheets\/(sheet\d+)\.xml$/)?.[1];
      if (!sheet && entry.fileName !== 'xl/workbook.xml') continue;
      const stream = await zip.openReadStreamPromise(entry);
      let n = 0;
      // '</row>' is 6 characters: the last 5 of a chunk can end a match only in the next one.
      let tail = '';
      for await (const chunk of stream) {
        const text = tail + (chunk as Buffer).toString('latin1');
        if (sheet) {
          n += text.split('</row>').length - 1;
          tail = text.slice(-5);
        } else workbook += text;
      }
      if (sheet) counts.set(sheet, n);
    }
  } finally {
    zip.close();
  }
  const names = [
    ...Buffer.from(workbook, 'latin1')
      .toString('utf8')
      .matchAll(/<sheet name="([^"]+)"[^>]*r:id="rId(\d+)"/g),
  ];
  return names.map(([, name, n]) => ({ name, rows: counts.get(`sheet${n}`) ?? 0 }));
}
