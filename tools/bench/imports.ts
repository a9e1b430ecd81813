import { IMPORT_HEADERS } from '../../apps/server/src/modules/elevator/sheet.ts';
import { xlsxBuffer } from '../../apps/server/src/platform/excel.ts';
import { listsUntil, login, printTable, type Row, timer } from './common.ts';
import { inScratch, seedElevators, startServerProcess } from './server-process.ts';

const CONNECTIONS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/**
 * Other users while an import runs: the list call's latency alone (the same-run baseline), then
 * while a large valid workbook is imported, then while a workbook far past the row limit is
 * refused. The server runs in its own process; the list load comes from this one.
 */
export async function benchImports(count: number) {
  // PGlite in a throw-away folder, or (DATABASE_URL) a database of its own on that server.
  await inScratch('imports', async (dataDir) => {
    seedElevators(dataDir, count);
    const server = await startServerProcess(dataDir);
    try {
      await run(server.api, count, () => server.peakRssMb());
    } finally {
      await server.stop();
    }
  });
}

async function run(api: string, count: number, peakRssMb: () => number) {
  const token = await login(api);
  const list = async () => {
    const res = await fetch(`${api}/pc/elevator/queryList`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, limit: 10 }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(String(res.status));
  };
  const importFile = async (file: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'elevators.xlsx');
    const t0 = performance.now();
    const res = await fetch(`${api}/pc/elevator/importList`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as {
      resultMsg: string;
      data?: { imported: number; errors: { row: number; column: string; message: string }[] };
    };
    return { status: res.status, seconds: (performance.now() - t0) / 1000, body };
  };
  const sheet = (rows: number, from: number) =>
    xlsxBuffer(
      'S',
      [...IMPORT_HEADERS],
      Array.from({ length: rows }, (_, i) => {
        const row: string[] = IMPORT_HEADERS.map(() => '');
        row[0] = `R${String(from + i).padStart(19, '0')}`;
        row[5] = '直梯';
        row[8] = '青秀区';
        row[9] = `南宁市青秀区导入压测路 ${from + i} 号`;
        return row;
      }),
    );
  const valid = await sheet(20_000, 0);
  const tooLong = await sheet(300_000, 1_000_000);

  await listsUntil(list, timer(1), CONNECTIONS); // warm-up
  const baseline = await listsUntil(list, timer(SECONDS), CONNECTIONS);
  baseline.name = 'queryList alone (baseline)';
  const rows: Row[] = [baseline];
  for (const [label, file] of [
    ['20,000 valid rows', valid],
    ['300,000 rows (refused at row 20,001)', tooLong],
  ] as const) {
    const importing = importFile(file);
    const row = await listsUntil(
      list,
      importing.then(() => undefined),
      CONNECTIONS,
    );
    const done = await importing;
    row.name = `queryList during import of ${label}`;
    const { data, resultMsg } = done.body;
    const first = data?.errors[0];
    const outcome = data
      ? `imported ${data.imported}${first ? `, ${data.errors.length} errors (row ${first.row} ${first.column}: ${first.message})` : ''}`
      : resultMsg;
    row.note = `import ${done.seconds.toFixed(1)} s → ${done.status} ${outcome}`;
    rows.push(row);
  }
  printTable(
    `other users during an import (${count} elevators, ${CONNECTIONS} list connections; server peak RSS ${peakRssMb().toFixed(0)} MB)`,
    rows,
    baseline,
  );
  console.log(
    '  the file is read in a worker thread (platform/import); on PGlite the inserts of a valid import hold the\n' +
      '  one connection, so list calls wait for them there; on PostgreSQL they run beside them.',
  );
}
