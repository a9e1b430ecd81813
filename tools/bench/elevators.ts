import fs from 'node:fs';
import { elevatorFilters } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.ts';
import { listElevators } from '../../apps/server/src/modules/elevator/list.ts';
import { elevatorScope, elevatorScopeGrams } from '../../apps/server/src/modules/elevator/scope.ts';
import { IMPORT_HEADERS } from '../../apps/server/src/modules/elevator/sheet.ts';
import { openDatabase } from '../../apps/server/src/platform/db/client.ts';
import { xlsxBuffer } from '../../apps/server/src/platform/excel.ts';
import { login, measure, measureLoop, printTable, type Row, randomLoad } from './common.ts';
import { benchEnv, newDataDir, seedElevators, startServerProcess } from './server-process.ts';
import { randomFilters, type Traffic, trafficOf, USER_NOTES, USERS } from './traffic.ts';

const CONNECTIONS = 32;
/** Seconds of load per case (BENCH_SECONDS); each case is warmed up for a second first, not counted. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP = 1;

/**
 * The registry list, export and import at the given size. The server runs in its own process (its
 * peak RSS is read from /proc); the "straight to the driver" rows run the same list function on a
 * connection of the bench process, at the same concurrency, before the server starts.
 */
export async function benchElevators(count: number) {
  const dataDir = newDataDir();
  try {
    await benchIn(dataDir, count);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * BENCH_REUSE_DATABASE=<name>: the lists on a database an earlier run loaded (the elevators bench
 * loads into DATABASE_URL itself, so keep that database and name it here): nothing is loaded, and
 * the export and the import, which would change it, are left out. BENCH_ELEVATOR_CASES=random
 * runs the random-filter users only (with the baseline), for a quick A/B of the list.
 */
async function benchIn(dataDir: string, count: number) {
  const reuse = process.env.BENCH_REUSE_DATABASE;
  if (reuse) {
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${reuse}`;
    process.env.DATABASE_URL = url.toString();
  }
  const databaseUrl = process.env.DATABASE_URL;
  const t0 = Date.now();
  if (reuse) {
    seedElevators(dataDir, 0);
    console.log(`\nreusing the elevators of ${reuse} (BENCH_REUSE_DATABASE), nothing loaded`);
  } else {
    seedElevators(dataDir, count);
    console.log(
      `\nloaded ${count} elevators in ${((Date.now() - t0) / 1000).toFixed(1)} s on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
    );
  }

  const all: [string, Record<string, unknown>][] = [
    ['page 1, unfiltered', {}],
    ['area + maintenance company', { areaCode: '450103', maintenanceCompanyId: 0 }],
    ['fuzzy text, 2 characters (青秀)', { keyword: '青秀' }],
    ['fuzzy text, 4 characters (民族大道)', { keyword: '民族大道' }],
    ['page 1,000', { page: 1000 }],
  ];
  const cases = process.env.BENCH_ELEVATOR_CASES === 'random' ? [] : all;

  const direct = new Map<string, Row>();
  let traffic: Traffic;
  {
    const database = await openDatabase(
      databaseUrl
        ? { kind: 'postgres', url: databaseUrl, poolSize: 10 }
        : { kind: 'pglite', dataDir, cacheMb: loadConfig(benchEnv(dataDir)).pgliteCacheMb },
    );
    traffic = await trafficOf(database.db);
    for (const c of cases) if ('maintenanceCompanyId' in c[1]) c[1].maintenanceCompanyId = traffic.wb1;
    for (const [label, filter] of cases) {
      const parsed = elevatorFilters.parse({ page: 1, limit: 10, ...filter });
      // Warm-up, not measured: each connection prepares the statement, the JIT compiles the path.
      await measureLoop('warm-up', WARM_UP, CONNECTIONS, () =>
        listElevators(database.db, sql`true`, true, parsed),
      );
      direct.set(
        label,
        await measureLoop('  same SQL straight to the driver', SECONDS, CONNECTIONS, () =>
          listElevators(database.db, sql`true`, true, parsed),
        ),
      );
    }
    // Real users: a scoped account and filters drawn at random per request (the same draws in the
    // same order for the driver and for HTTP). Warmed up with draws of another seed.
    for (const who of USERS) {
      const scope = elevatorScope(traffic.users[who]);
      // The scope's search tokens, as the queryList route passes them (scope.ts elevatorScopeGrams).
      const grams = elevatorScopeGrams(traffic.users[who]);
      const warm = randomFilters(traffic, who, 99);
      await measureLoop('warm-up', WARM_UP, CONNECTIONS, () =>
        listElevators(database.db, scope, false, elevatorFilters.parse(warm()), [], grams),
      );
      const next = randomFilters(traffic, who, 1);
      direct.set(
        who,
        await measureLoop('  same SQL straight to the driver', SECONDS, CONNECTIONS, () =>
          listElevators(database.db, scope, false, elevatorFilters.parse(next()), [], grams),
        ),
      );
    }
    await database.close();
  }

  const server = await startServerProcess(dataDir);
  const { api } = server;
  const headers = { authorization: `Bearer ${await login(api)}`, 'content-type': 'application/json' };
  const baseline = await measure('baseline GET /health', {
    url: `${api}/health`,
    duration: 3,
    connections: CONNECTIONS,
  });
  const rows: Row[] = [baseline];
  for (const [label, filter] of cases) {
    const body = JSON.stringify({ page: 1, limit: 10, ...filter });
    const request = { url: `${api}/pc/elevator/queryList`, method: 'POST' as const, headers, body };
    await measure('warm-up', { ...request, duration: WARM_UP, connections: CONNECTIONS });
    rows.push(
      await measure(`queryList: admin, ${label}`, {
        ...request,
        duration: SECONDS,
        connections: CONNECTIONS,
      }),
    );
    rows.push(direct.get(label)!);
  }
  for (const who of USERS) {
    const userHeaders = { ...headers, authorization: `Bearer ${await login(api, who)}` };
    const row = await randomLoad(`queryList: ${who}, random filters`, {
      url: `${api}/pc/elevator/queryList`,
      duration: SECONDS,
      warmUp: WARM_UP,
      connections: CONNECTIONS,
      method: 'POST',
      headers: userHeaders,
      setup: (seed) => {
        const next = randomFilters(traffic, who, seed);
        return (req) => ({ ...req, body: JSON.stringify(next()) });
      },
    });
    row.note = USER_NOTES[who];
    rows.push(row, direct.get(who)!);
  }
  printTable(
    `elevator list, ${count} rows, ${CONNECTIONS} connections (server RSS after: ${server.rssMb().toFixed(0)} MB)`,
    rows,
    baseline,
  );
  console.log(
    '  random filters: each request draws a district (half of them), a maintenance company (a third),\n' +
      '  a state (a third: 启用状态, 认领状态 or 检验状态), a 2–4 character term cut from a real address (a third)\n' +
      '  and a page among the first five; the driver rows replay the same draws without HTTP.',
  );

  if (reuse) {
    await server.stop();
    return;
  }
  const before = server.rssMb();
  const t1 = Date.now();
  const res = await fetch(`${api}/pc/elevator/export`, { method: 'POST', headers, body: '{}' });
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  if (res.status === 202) {
    // Past the threshold parameter the export is a background job (issue 20): its file, its time and
    // the server's memory are measured by `npm run bench -- --only exports`.
    console.log(
      `\nexport of ${count} rows: queued as a background job (202 in ${Date.now() - t1} ms); ` +
        'the file is measured by `npm run bench -- --only exports`',
    );
  } else {
    console.log(
      `\nexport of ${count} rows: ${((Date.now() - t1) / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB .xlsx, ` +
        `server RSS ${before.toFixed(0)} MB before, peak ${server.peakRssMb().toFixed(0)} MB`,
    );
  }

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
  const bad = await xlsxBuffer(
    'S',
    [...IMPORT_HEADERS],
    Array.from({ length: 1000 }, (_, i) => [`bad${i}`, '', '', '', '', '货梯', '', '', '火星区', '']),
  );
  for (const [label, file] of [
    ['10,000 good rows', good],
    ['1,000 bad rows', bad],
  ] as const) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'elevators.xlsx');
    const t2 = Date.now();
    const out = (await (
      await fetch(`${api}/pc/elevator/importList`, {
        method: 'POST',
        headers: { authorization: headers.authorization },
        body: form,
      })
    ).json()) as {
      data: { imported: number; errors: { row: number }[] };
    };
    const rowsReported = new Set(out.data.errors.map((e) => e.row)).size;
    console.log(
      `import of ${label}: ${((Date.now() - t2) / 1000).toFixed(1)} s, imported ${out.data.imported}, bad rows reported ${rowsReported}`,
    );
  }
  await server.stop();
}
