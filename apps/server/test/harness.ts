import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX, hashPassword } from '@ec/contract';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, DEFAULT_DEMO_PASSWORD, loadConfig } from '../src/config.ts';
import { accountNamed } from '../src/platform/auth/identifiers.ts';
import { type Database, type Db, openDatabase, type Tx } from '../src/platform/db/client.ts';
import { sysUser } from '../src/platform/db/tables.ts';
import type { Platform } from '../src/platform/platform.ts';
import type { DevSmsDriver } from '../src/platform/sms.ts';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
export const DEMO_PASSWORD = DEFAULT_DEMO_PASSWORD;

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh PostgreSQL database for one test file (empty, or a copy of `template`), dropped afterwards. */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return {
    url: databaseUrl(name),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface ApiResult<T = unknown> {
  status: number;
  body: {
    code: number;
    resultMsg: string;
    data: T;
    requestId?: string;
    errors?: { field: string; message: string }[];
  };
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
}

export interface TestApp {
  platform: Platform;
  config: Config;
  dataDir: string;
  inject: Awaited<ReturnType<typeof buildApp>>['app']['inject'];
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  sms: DevSmsDriver;
  api<T = unknown>(method: string, path: string, opts?: ApiOptions): Promise<ApiResult<T>>;
  /**
   * Signs in and returns the token. A temporary (one-time) password is marked as changed, so that
   * tests of other features can use the accounts they create; test/temporary-password.test.ts tests
   * the rule itself through the sign-in call.
   */
  login(username: string, password?: string): Promise<string>;
  lastSmsCode(phone: string): string;
  close(): Promise<void>;
}

export interface ApiOptions {
  token?: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    jobsEnabled: false,
    rateLimitPerMinute: 10_000,
    demoElevators: 90,
    ...overrides,
  };
}

/*
 * Migrating and seeding a database takes 10–20 s, and some seventy test files each want one per
 * database kind. So each set of seed inputs is seeded once and every test file starts from a copy:
 * a PGlite dump per worker process, a PostgreSQL template database per run (the workers take turns
 * under an advisory lock; test/global-setup.ts names the run and drops the templates). The files
 * the seeders stored (photos, signatures) are copied into each test's data folder with it.
 */
function seedInputs(config: Config): string {
  const inputs = [
    config.env,
    config.seedDemo,
    config.demoElevators,
    config.demoPassword,
    config.adminPassword,
  ];
  return createHash('sha1').update(JSON.stringify(inputs)).digest('hex').slice(0, 12);
}

async function seedInto(database: Database, config: Config, dataDir: string): Promise<Blob | undefined> {
  const { app } = await buildApp({ ...config, dataDir }, { database });
  await app.ready();
  const dump = await database.dump?.();
  await app.close();
  return dump;
}

/**
 * The PGlite copy lives on disk (`ec-tpl_<run>_<inputs>.pglite` beside its files), so that every
 * test file of the run, in whichever worker process, loads it instead of seeding again. One worker
 * seeds under an exclusive lock file; the others wait for the finished copy, which is renamed into
 * place only when complete.
 */
const pgliteCopies = new Map<string, Promise<{ dump: Blob; files: string }>>();
function seededPglite(config: Config) {
  const key = seedInputs(config);
  let copy = pgliteCopies.get(key);
  if (!copy) {
    copy = (async () => {
      const base = path.join(os.tmpdir(), `ec-tpl_${process.env.EC_TEST_RUN ?? process.ppid}_${key}`);
      const dumpFile = `${base}.pglite`;
      const files = `${base}-files`;
      const lock = `${base}.lock`;
      for (let waited = 0; !fs.existsSync(dumpFile); waited += 200) {
        let fd: number | undefined;
        try {
          fd = fs.openSync(lock, 'wx');
        } catch {
          // Another worker is seeding: wait for its copy (or take over if it died long ago).
          if (waited > 300_000) fs.rmSync(lock, { force: true });
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        try {
          fs.rmSync(files, { recursive: true, force: true });
          fs.mkdirSync(files);
          const dump = await seedInto(await openDatabase({ kind: 'pglite' }), config, files);
          if (!dump) throw new Error('PGlite gave no dump');
          fs.writeFileSync(`${dumpFile}.part`, Buffer.from(await dump.arrayBuffer()));
          fs.renameSync(`${dumpFile}.part`, dumpFile);
        } finally {
          fs.closeSync(fd);
          fs.rmSync(lock, { force: true });
        }
      }
      return { dump: new Blob([fs.readFileSync(dumpFile)]), files };
    })();
    pgliteCopies.set(key, copy);
  }
  return copy;
}

/** Written into a template's file folder once it is complete; never copied into a test's folder. */
const SEEDED = '.seeded';

async function seededPostgres(config: Config): Promise<{ template: string; files: string }> {
  const template = `tpl_${process.env.EC_TEST_RUN ?? process.ppid}_${seedInputs(config)}`;
  // A folder per server: a test that points TEST_DATABASE_URL at a server of its own (stats-replica's
  // primary) seeds its template there, and must not re-seed, under the other workers' copies, the
  // folder of the run's server (what made the run's copies fail: ENOENT, or files gone).
  const server = createHash('sha1')
    .update(process.env.TEST_DATABASE_URL ?? '')
    .digest('hex')
    .slice(0, 8);
  const files = path.join(os.tmpdir(), `ec-${template}_${server}`);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) {
      // Built under another name and renamed when complete: a half-seeded template is never copied.
      const building = `${template}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      fs.rmSync(files, { recursive: true, force: true });
      fs.mkdirSync(files);
      const url = databaseUrl(building);
      await seedInto(await openDatabase({ kind: 'postgres', url, poolSize: 4 }), config, files);
      fs.writeFileSync(path.join(files, SEEDED), template);
      await admin.query(`alter database ${building} rename to ${template}`);
    } else if (!fs.existsSync(path.join(files, SEEDED))) {
      throw new Error(
        `${files} lost its seeded files while the run used them (was the temporary folder cleaned?)`,
      );
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [template]).catch(() => undefined);
    await admin.end();
  }
  return { template, files };
}

/** A server on a throw-away copy of a database with the demo data, driven through inject. */
export async function startTestApp(kind: DbKind, overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-test-'));
  const config = testConfig(dataDir, overrides);
  let database: Database;
  let drop = async () => {};
  if (kind === 'postgres') {
    const seeded = await seededPostgres(config);
    fs.cpSync(seeded.files, dataDir, { recursive: true, filter: (src) => path.basename(src) !== SEEDED });
    const created = await createPostgresDatabase(seeded.template);
    database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 4 });
    drop = created.drop;
  } else {
    const seeded = await seededPglite(config);
    fs.cpSync(seeded.files, dataDir, { recursive: true });
    database = await openDatabase({ kind: 'pglite', loadDataDir: seeded.dump });
  }
  const { app, platform } = await buildApp(config, { database });
  await app.ready();

  const api = async <T>(method: string, urlPath: string, opts: ApiOptions = {}): Promise<ApiResult<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(opts.body);
    }
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) query[k] = String(v);
    const res = await app.inject({
      method: method as 'GET',
      url: API_PREFIX + urlPath,
      headers,
      payload,
      query,
    });
    let body: ApiResult<T>['body'];
    try {
      body = res.json();
    } catch {
      body = { code: res.statusCode, resultMsg: '', data: undefined as T };
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res.body };
  };

  const login = async (username: string, password = DEMO_PASSWORD) => {
    const res = await api<{ access_token: string }>('POST', '/oauth/token', {
      form: { grant_type: 'password', username, password: hashPassword(password) },
    });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.body.resultMsg}`);
    const [temporary] = await platform.db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(
        and(inArray(sysUser.id, accountNamed(platform.db, username)), eq(sysUser.passwordTemporary, true)),
      );
    if (temporary) {
      await platform.db.update(sysUser).set({ passwordTemporary: false }).where(eq(sysUser.id, temporary.id));
    }
    return res.body.data.access_token;
  };

  const sms = platform.sms as DevSmsDriver;
  return {
    platform,
    config,
    dataDir,
    app,
    inject: app.inject.bind(app),
    sms,
    api,
    login,
    lastSmsCode(phone: string) {
      const msg = [...sms.outbox].reverse().find((m) => m.phone === phone);
      const code = msg?.text.match(/验证码 (\d{6})/)?.[1];
      if (!code) throw new Error(`no SMS code sent to ${phone}`);
      return code;
    },
    async close() {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `work` in a transaction of `db` and holds the transaction open, its locks taken, until
 * `commit()` (which resolves once it has committed): for the lock tests on PostgreSQL (another
 * writer mid-change). Resolves once `work` is done; a failing `work` rejects.
 */
export async function heldTransaction(db: Db, work: (tx: Tx) => Promise<unknown>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let worked!: () => void;
  const done = new Promise<void>((resolve) => {
    worked = resolve;
  });
  const transaction = db.transaction(async (tx) => {
    await work(tx);
    worked();
    await gate;
  });
  await Promise.race([done, transaction]);
  return {
    commit: async () => {
      release();
      await transaction;
    },
  };
}

/**
 * An installation without demo data that a test starts several times (as an administrator restarts
 * the server after an upgrade): `started(work)` builds the application on its database (PGlite in a
 * folder of its own, or a PostgreSQL database made for it), runs `work` on its database, and closes
 * it. Call it in a describe block: the folder and the database go in its afterAll.
 */
export function restartableInstallation(kind: DbKind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-install-'));
  let drop = async () => {};
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    if (kind !== 'postgres') return;
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    drop = created.drop;
  });
  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    async started(work: (db: Db) => Promise<void>) {
      const { app, platform } = await buildApp({ ...testConfig(dataDir, { seedDemo: false }), databaseUrl });
      try {
        await app.ready();
        await work(platform.db);
      } finally {
        await app.close();
      }
    },
  };
}

/**
 * The two request helpers server tests share: `send` makes a contract call as a signed-in demo user
 * (its token in `tokens`), filling the path's `{name}` parts from the input and sending the rest as
 * the query (GET, DELETE; arrays joined by commas) or the JSON body; `ok` expects 200 and answers the
 * data, naming the user, the path and the server's message when it is not. `app` is read at each
 * call, so a test may build the helpers before its `beforeAll` starts the application.
 */
export function apiHelpers(app: () => TestApp, tokens: Record<string, string>) {
  const send = <T = unknown>(
    user: string,
    call: { method: string; path: string },
    input: Record<string, unknown> = {},
  ): Promise<ApiResult<T>> => {
    const rest = { ...input };
    const path = call.path.replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = rest[key];
      delete rest[key];
      return String(value);
    });
    const token = tokens[user];
    if (call.method === 'GET' || call.method === 'DELETE') {
      const query = Object.fromEntries(
        Object.entries(rest)
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
      );
      return app().api<T>(call.method, path, { token, query });
    }
    return app().api<T>(call.method, path, { token, body: rest });
  };
  const ok = async <T = unknown>(
    user: string,
    call: { method: string; path: string },
    input: Record<string, unknown> = {},
  ): Promise<T> => {
    const res = await send<T>(user, call, input);
    expect(res.status, `${user} ${call.method} ${call.path}: ${res.body.resultMsg}`).toBe(200);
    return res.body.data;
  };
  return { send, ok };
}

/** How many answers had each status: `{ 200: 1, 409: 49 }`, what a race test expects. */
export function statusCounts(results: { status: number }[]): Record<number, number> {
  const count: Record<number, number> = {};
  for (const r of results) count[r.status] = (count[r.status] ?? 0) + 1;
  return count;
}
