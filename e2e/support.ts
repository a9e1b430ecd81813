import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

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

/**
 * Starts the real server on a throw-away database and waits for its health check; or, given the
 * data folder and port of a server stopped with `keepData`, starts it again where it was.
 */
export async function startServer(again: { dataDir?: string; port?: number } = {}): Promise<RunningServer> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @ec/web` first');
  }
  const port = again.port ?? (await freePort());
  const dataDir = again.dataDir ?? mkdtempSync(path.join(tmpdir(), 'ec-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_RATE_LIMIT: '1000',
      JOBS: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
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
    baseUrl,
    port,
    dataDir,
    output: () => output,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  requireChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
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
