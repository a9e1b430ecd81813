import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { type Database, openDatabase } from '../../apps/server/src/platform/db/client.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Environment of a bench server: production-like checks off, demo accounts on, no demo elevators. */
export function benchEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DEMO_ELEVATORS: '0',
    VALIDATE_RESPONSES: 'false',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    JOBS: 'off',
    // Several API nodes may run at once: each embedded MQTT broker on a free port.
    MQTT_PORT: '0',
  };
}

export const newDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ec-bench-'));

/**
 * `npm run seed -- --elevators N` into the bench database (PGlite folder or DATABASE_URL); with 0,
 * only the migrations and the demo accounts.
 */
export function seedElevators(dataDir: string, count: number) {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/seed-cli.ts', ...(count > 0 ? ['--elevators', String(count)] : [])],
    {
      cwd: root,
      env: benchEnv(dataDir),
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) throw new Error('seeding failed');
}

/**
 * The heap settings `npm start` gives the server (apps/server/package.json), so that a bench's server
 * holds the memory a deployed one does: `--max-old-space-size` also sets how far V8 lets the heap grow
 * past its live data between two full collections (up to 4× with the default limit, under 2× below 2 GB).
 */
export const SERVER_HEAP_FLAGS: string[] = (
  JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')).scripts.start as string
)
  .split(/\s+/)
  .filter((f) => f.startsWith('--max-old-space-size=') || f.startsWith('--max-semi-space-size='));

/**
 * The real server in its own process, so that its memory can be read apart from the load generator;
 * with `npm start`'s heap settings unless `heapFlags` says otherwise ([] for V8's defaults).
 */
export async function startServerProcess(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  heapFlags: string[] = SERVER_HEAP_FLAGS,
) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...heapFlags, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: { ...benchEnv(dataDir), ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const api = `http://127.0.0.1:${port}/monitor/api`;
  for (const deadline = Date.now() + 120_000; ; ) {
    try {
      if ((await fetch(`${api}/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('bench server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    api,
    pid: child.pid!,
    /** Peak resident memory of the server process so far (VmHWM), in MB. */
    peakRssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) / 1024;
    },
    rssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) / 1024;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * A database of its own on DATABASE_URL's server for a benchmark that loads millions of rows (the
 * role needs CREATEDB); `drop()` removes it.
 */
export async function createScratchDatabase(base: string, label: string) {
  const name = `ec_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Runs a benchmark in a throw-away data folder and, on PostgreSQL (DATABASE_URL), a database of its
 * own on that server (dropped at the end; BENCH_KEEP_DATABASE=1 keeps it, to EXPLAIN the queries).
 */
export async function inScratch(label: string, run: (dataDir: string) => Promise<void>) {
  const dataDir = newDataDir();
  const baseUrl = process.env.DATABASE_URL;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  try {
    if (baseUrl) {
      scratch = await createScratchDatabase(baseUrl, label);
      process.env.DATABASE_URL = scratch.url;
      console.log(`\n${label} bench database: ${scratch.name} (dropped at the end)`);
    }
    await run(dataDir);
  } finally {
    process.env.DATABASE_URL = baseUrl;
    if (scratch && process.env.BENCH_KEEP_DATABASE === '1')
      console.log(`kept ${scratch.name} (BENCH_KEEP_DATABASE=1): drop it when done`);
    else await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * BENCH_REUSE_DATABASE=<name>: a database an earlier run kept (BENCH_KEEP_DATABASE=1) on
 * DATABASE_URL's server, with its loaded rows, migrated to the current schema when opened (loading a
 * city's millions of rows takes 3 to 20 minutes on a shared machine). It is kept afterwards.
 */
export async function inKeptDatabase(label: string, name: string, run: (dataDir: string) => Promise<void>) {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('BENCH_REUSE_DATABASE needs DATABASE_URL');
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = newDataDir();
  process.env.DATABASE_URL = url.toString();
  console.log(`\n${label} bench database: ${name} (reused, kept)`);
  try {
    await run(dataDir);
  } finally {
    process.env.DATABASE_URL = base;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bench's database on the driver: DATABASE_URL's PostgreSQL, or the PGlite folder. */
export function openBenchDatabase(dataDir: string): Promise<Database> {
  const url = process.env.DATABASE_URL;
  return openDatabase(
    url
      ? { kind: 'postgres', url, poolSize: 10 }
      : { kind: 'pglite', dataDir, cacheMb: loadConfig(benchEnv(dataDir)).pgliteCacheMb },
  );
}
