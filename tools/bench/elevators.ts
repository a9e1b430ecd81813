import { elevatorFilters } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { listElevators } from '../../apps/server/src/modules/elevator/list.ts';
import { bulkLoadElevators } from '../../apps/server/src/modules/elevator/seed.ts';
import { IMPORT_HEADERS } from '../../apps/server/src/modules/elevator/sheet.ts';
import { rowsOf } from '../../apps/server/src/platform/db/sql.ts';
import { xlsxBuffer } from '../../apps/server/src/platform/excel.ts';
import {
  environment,
  login,
  measure,
  measureLoop,
  printTable,
  type Row,
  startBenchServer,
} from './common.ts';

const CONNECTIONS = 32;
/** Requests per case: enough for stable percentiles, few enough for PGlite's one-query-at-a-time. */
const AMOUNT = Number(process.env.BENCH_REQUESTS ?? 500);

/** The registry list, export and import, at the size given (default 100,000 rows). */
export async function benchElevators(count: number) {
  const server = await startBenchServer();
  const { api, platform } = server;
  const started = Date.now();
  await bulkLoadElevators(platform.db, count);
  console.log(
    `\nloaded ${count} elevators in ${((Date.now() - started) / 1000).toFixed(1)} s (${environment(server.config)})`,
  );
  const token = await login(api);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const [{ id: wb1 }] = rowsOf<{ id: number }>(
    await platform.db.execute(sql`select id from enterprise where kind = 'maintenance' order by id limit 1`),
  );

  const baseline = await measure('baseline GET /health', {
    url: `${api}/health`,
    amount: 5000,
    connections: CONNECTIONS,
  });
  const rows: Row[] = [baseline];
  const cases: [string, Record<string, unknown>][] = [
    ['page 1, unfiltered', {}],
    ['area + maintenance company', { areaCode: '450103', maintenanceCompanyId: wb1 }],
    ['fuzzy text, 2 characters (青秀)', { keyword: '青秀' }],
    ['fuzzy text, 4 characters (民族大道)', { keyword: '民族大道' }],
    ['page 1,000', { page: 1000 }],
  ];
  for (const [label, filter] of cases) {
    const body = JSON.stringify({ page: 1, limit: 10, ...filter });
    const api_ = await measure(`queryList: ${label}`, {
      url: `${api}/pc/elevator/queryList`,
      method: 'POST',
      headers,
      body,
      amount: AMOUNT,
      connections: CONNECTIONS,
    });
    const parsed = elevatorFilters.parse(JSON.parse(body));
    const direct = await measureLoop(`  same SQL straight to the driver`, AMOUNT, CONNECTIONS, () =>
      listElevators(platform.db, sql`true`, true, parsed),
    );
    console.log(
      `  ${label}: API ${api_.rps.toFixed(0)} req/s p99 ${api_.p99.toFixed(1)} ms; driver ${direct.rps.toFixed(0)} req/s p99 ${direct.p99.toFixed(1)} ms`,
    );
    rows.push(api_, direct);
  }
  printTable(`elevator list, ${count} rows, ${CONNECTIONS} connections`, rows, baseline);

  // Export: time and the server process's peak RSS while it streams every row.
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t0 = Date.now();
  const res = await fetch(`${api}/pc/elevator/export`, { method: 'POST', headers, body: '{}' });
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  clearInterval(sampler);
  console.log(
    `\nexport of ${count} rows: ${((Date.now() - t0) / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB, peak RSS ${(peak / 1e6).toFixed(0)} MB (whole bench process)`,
  );

  // Import: 10,000 good rows, then a file whose 1,000 rows are all bad.
  const good = await xlsxBuffer(
    'S',
    [...IMPORT_HEADERS],
    Array.from({ length: 10_000 }, (_, i) => {
      const row: string[] = IMPORT_HEADERS.map(() => '');
      row[0] = `I${String(i).padStart(19, '0')}`;
      row[5] = '直梯';
      row[8] = '青秀区';
      row[9] = `南宁市青秀区导入测试路 ${i} 号`;
      return row;
    }),
  );
  for (const [label, file] of [
    ['10,000 good rows', good],
    [
      '1,000 bad rows',
      await xlsxBuffer(
        'S',
        [...IMPORT_HEADERS],
        Array.from({ length: 1000 }, (_, i) => [`bad${i}`, '', '', '', '', '货梯', '', '', '火星区', '']),
      ),
    ],
  ] as const) {
    const form = new FormData();
    form.append('file', new Blob([file]), 'elevators.xlsx');
    const t1 = Date.now();
    const out = (await (
      await fetch(`${api}/pc/elevator/importList`, {
        method: 'POST',
        headers: { authorization: headers.authorization },
        body: form,
      })
    ).json()) as {
      data: { imported: number; errors: unknown[] };
    };
    console.log(
      `import of ${label}: ${((Date.now() - t1) / 1000).toFixed(1)} s, imported ${out.data.imported}, errors reported ${out.data.errors.length}`,
    );
  }
  await server.close();
}
