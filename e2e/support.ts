import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { type Database, openDatabase } from '../apps/server/src/platform/db/client.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const ARTIFACTS = path.join(import.meta.dirname, 'artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_PASSWORD = 'Demo@2026';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium fonts-noto-cjk`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  /** Its data folder (the embedded database and files). */
  dataDir: string;
  /** Everything the server printed, for SMS codes in development. */
  output: () => string;
  /** Stops it; its data folder is removed unless `keepData` (to start it again on the same data). */
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
}

export interface StartOptions {
  /** The data folder of a server stopped with `keepData`, to start it again where it was. */
  dataDir?: string;
  port?: number;
  /**
   * Seed the demo data in this server's own first start instead of starting from a copy of the
   * demo template (for a test of the first start itself). E2E_FRESH_SEED=1 does it for every file.
   */
  fresh?: boolean;
  /** Environment over the test defaults (e.g. JOBS: 'on' for a test of background work). */
  env?: NodeJS.ProcessEnv;
  /**
   * Writes on the server's database what a test needs and the demo city has not (200,000 sign-in
   * attempts): before the server starts, on its copy of the template (PGlite allows one process),
   * or after it started on DATABASE_URL's PostgreSQL.
   */
  prepare?: (db: Database['db']) => Promise<void>;
}

/** Opens the server's database from this process for `prepare`, and closes it. */
async function prepareDatabase(dataDir: string, prepare: NonNullable<StartOptions['prepare']>) {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir });
  try {
    await prepare(database.db);
  } finally {
    await database.close();
  }
}

/** The environment every test server runs in (the template's too, so that both seed alike). */
function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    AUTH_RATE_LIMIT: '1000',
    JOBS: 'off',
    // The embedded MQTT broker on a free port: never the default one a developer's server may hold.
    MQTT_PORT: '0',
  };
}

interface Spawned {
  child: ChildProcess;
  output: () => string;
  /** Stops it: SIGTERM and its clean shutdown, or (`graceful` false) SIGKILL at once. Resolves to its exit code. */
  stop: (graceful?: boolean) => Promise<number | null>;
}

/** Starts the server's process on a data folder and waits for its health check. */
async function spawnServer(
  dataDir: string,
  port: number,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = {},
): Promise<Spawned> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...serverEnv(dataDir, port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.slice(-3000)}`);
    try {
      const res = await fetch(`${baseUrl}/monitor/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    child,
    output: () => output,
    stop: async (graceful = true) => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        if (!graceful) {
          child.kill('SIGKILL');
          await exited;
          return null;
        }
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      return child.exitCode;
    },
  };
}

/** A start on a seeded folder takes seconds; the first start seeds 2000 lifts (minutes on a busy machine). */
const START_TIMEOUT_MS = 90_000;
const SEED_TIMEOUT_MS = 15 * 60_000;
/** A template older than this is seeded again: demo data is relative to the time it was made. */
const TEMPLATE_MAX_AGE_MS = 2 * 3600_000;

/** Every file a demo database depends on: the server, its migrations, the contract, the packages. */
function templateKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
      } else if (entry.isFile()) {
        hash.update(`${path.relative(ROOT, full)}\0`);
        hash.update(readFileSync(full));
        hash.update('\0');
      }
    }
  };
  for (const dir of ['apps/server/src', 'apps/server/drizzle', 'packages/contract/src'])
    walk(path.join(ROOT, dir));
  for (const file of ['package-lock.json', 'apps/server/package.json', 'packages/contract/package.json']) {
    const full = path.join(ROOT, file);
    if (existsSync(full)) hash.update(readFileSync(full));
  }
  // Demo data is relative to today (the local day and Shanghai's) and follows these settings.
  const now = new Date();
  hash.update(now.toDateString());
  hash.update(now.toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' }));
  for (const name of [
    'TZ',
    'DEMO_ELEVATORS',
    'DEMO_PASSWORD',
    'SEED_DEMO',
    'ADMIN_PASSWORD',
    'DATABASE_URL',
  ]) {
    hash.update(`${name}=${process.env[name] ?? ''}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

function pidRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The demo template: a data folder seeded once by the real server (its first start, as every test
 * server's used to be) and stopped cleanly; each test server starts on a copy of it, so every file
 * gets the same demo data as a first start of its own would give, without seeding it again. Kept
 * under E2E_TEMPLATE_ROOT (`npm test` gives a folder of its run) or the system's temporary folder,
 * one per key: the sources, the packages, the day and the demo settings.
 */
export async function demoTemplate(): Promise<string> {
  const root = process.env.E2E_TEMPLATE_ROOT ?? path.join(tmpdir(), 'ec-e2e-templates');
  mkdirSync(root, { recursive: true });
  const key = templateKey();
  const folder = path.join(root, key);
  const data = path.join(folder, 'data');
  const ready = path.join(folder, 'ready');
  const fresh = () => existsSync(ready) && Date.now() - statSync(ready).mtimeMs < TEMPLATE_MAX_AGE_MS;
  if (fresh()) return data;

  // One builder at a time (files may run concurrently): a lock folder holding the builder's pid.
  const lock = path.join(root, `${key}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder = 0;
      try {
        holder = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
      } catch {
        // being written
      }
      if (holder && !pidRunning(holder)) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 1000));
      if (fresh()) return data;
    }
  }
  try {
    if (fresh()) return data;
    // Templates of other sources or days, a day old, are of no more use.
    for (const entry of readdirSync(root)) {
      const other = path.join(root, entry);
      if (entry !== key && !entry.endsWith('.lock') && Date.now() - statSync(other).mtimeMs > 86_400_000) {
        rmSync(other, { recursive: true, force: true });
      }
    }
    rmSync(folder, { recursive: true, force: true });
    const building = mkdtempSync(path.join(root, `${key}.building-`));
    const started = Date.now();
    const server = await spawnServer(building, await freePort(), SEED_TIMEOUT_MS);
    const code = await server.stop();
    if (code !== 0)
      throw new Error(`the template server did not stop cleanly (${code}):\n${server.output()}`);
    if (existsSync(path.join(building, 'server.lock'))) throw new Error('the template server left its lock');
    mkdirSync(folder, { recursive: true });
    renameSync(building, data);
    writeFileSync(
      ready,
      `${new Date().toISOString()} seeded in ${Math.round((Date.now() - started) / 1000)} s\n`,
    );
    console.log(`demo template ${key}: seeded in ${Math.round((Date.now() - started) / 1000)} s`);
    return data;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Starts the real server on a throw-away copy of the demo template (see demoTemplate) and waits for
 * its health check; with `fresh`, on an empty folder it seeds itself; or, given the data folder and
 * port of a server stopped with `keepData`, starts it again where it was.
 */
export async function startServer(again: StartOptions = {}): Promise<RunningServer> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @ec/web` first');
  }
  const port = again.port ?? (await freePort());
  let dataDir = again.dataDir;
  // On PostgreSQL (DATABASE_URL) the data is not in the folder: no template.
  const seedHere =
    !dataDir && (again.fresh || process.env.E2E_FRESH_SEED === '1' || Boolean(process.env.DATABASE_URL));
  if (!dataDir) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ec-e2e-'));
    if (!seedHere) cpSync(await demoTemplate(), dataDir, { recursive: true });
  }
  if (again.prepare && !seedHere) await prepareDatabase(dataDir, again.prepare);
  else if (again.prepare && !process.env.DATABASE_URL)
    throw new Error('prepare needs the demo template or DATABASE_URL (PGlite seeding itself is one process)');
  const server = await spawnServer(dataDir, port, seedHere ? SEED_TIMEOUT_MS : START_TIMEOUT_MS, again.env);
  if (again.prepare && seedHere) await prepareDatabase(dataDir, again.prepare);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    output: server.output,
    stop: async ({ keepData = false } = {}) => {
      // A folder about to be removed needs no clean shutdown (it took ~5 s of each file).
      await server.stop(keepData);
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium. Its pages ask for reduced motion (the console then animates nothing: no
 * sliding dropdown still holding a copy of the option just clicked, no spinner frames to paint);
 * a test that needs motion passes `reducedMotion: 'no-preference'` to newContext.
 */
export async function launchBrowser(): Promise<Browser> {
  requireChromium();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options = {}) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** Requests to any origin but the server's (data: and blob: URLs are local). */
export function watchForeignRequests(context: BrowserContext, baseUrl: string): string[] {
  const foreign: string[] = [];
  const origin = new URL(baseUrl).origin;
  context.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  });
  return foreign;
}

/** The desktop the console's pages are tested at. */
export const DESKTOP = { width: 1440, height: 900 };

export interface ConsoleSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A new browser context (its requests watched), a page in it, signed in as `username` if given. */
  open(
    username?: string,
    viewport?: { width: number; height: number },
  ): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * What every browser test file starts with: one server (from the demo template) and one Chromium,
 * started before its tests and closed after them, and the check that no page of any context it
 * opened sent a request anywhere but to the server.
 */
export function consoleSuite(options: StartOptions = {}): ConsoleSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const foreign: string[][] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet (use it inside a test or hook)`);
    return value;
  };
  before(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    assert.deepEqual(foreign.flat(), [], 'no request left the server');
  });
  return {
    get server() {
      return started(server, 'the server');
    },
    get browser() {
      return started(browser, 'the browser');
    },
    async open(username, viewport = DESKTOP) {
      const baseUrl = started(server, 'the server').baseUrl;
      const context = await started(browser, 'the browser').newContext({ viewport, locale: 'zh-CN' });
      foreign.push(watchForeignRequests(context, baseUrl));
      const page = await context.newPage();
      if (username) await signIn(page, baseUrl, username);
      return { context, page };
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

export async function signIn(page: Page, baseUrl: string, username: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByPlaceholder('用户名或手机号').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** The last SMS code the development driver logged for a phone (the server prints each message). */
export function smsCodeFor(server: RunningServer, phone: string): string | null {
  const lines = server
    .output()
    .split('\n')
    .filter((l) => l.includes(phone) && l.includes('验证码'));
  return lines.at(-1)?.match(/验证码 (\d{6})/)?.[1] ?? null;
}

/** Polls until `check` holds (hash changes are same-document navigations: no load event fires). */
export async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Picks an option of an antd select (typing `search` first, for a searching select). A click on an
 * option of a dropdown still sliding open, or of a list the search is replacing, can miss it: the
 * pick is checked in the select and made again if it did not take.
 */
export async function pickOption(page: Page, select: Locator, option: string, search?: string) {
  const chosen = async () =>
    (await select.locator('.ant-select-selection-item').allTextContents()).some((t) => t.includes(option));
  for (let attempt = 1; ; attempt++) {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0)
      await select.locator('.ant-select-selector').click();
    if (search) await select.locator('input').fill(search);
    const item = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first();
    await item.waitFor();
    await item.click();
    try {
      await until(chosen, `${option} shown as chosen`, 2_000);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Waits for every select's dropdown to be gone; one still open (a multiple select, or a searching
 * select whose answer arrived after the pick) is closed by a click on the dialog's title, which
 * leaves the dialog open. An open dropdown would take the next click meant for the dialog.
 */
export async function closeDropdown(page: Page) {
  const open = page.locator('.ant-select-dropdown:visible');
  try {
    await until(async () => (await open.count()) === 0, 'the dropdown to close', 1_000);
  } catch {
    await page.locator('.ant-modal:visible .ant-modal-title').first().click();
    await until(async () => (await open.count()) === 0, 'the dropdown to close');
  }
}
