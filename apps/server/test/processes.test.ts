import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '@ec/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './harness.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startServer(dataDir: string, port: number, waitReady = true): Promise<Running> {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000',
      // A small demo: this test is about the process and its folder, not the data (seeding 2000
      // lifts took most of its minute and a half).
      DEMO_ELEVATORS: '30',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}/monitor/api`;
  if (waitReady) {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { child, base, output: () => out };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

async function login(base: string) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'admin',
      password: hashPassword(DEMO_PASSWORD),
    }),
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

describe('server process on a PGlite data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-proc-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same folder, keeps every acknowledged write through kill -9, and stops on SIGTERM', async () => {
    const port = await freePort();
    const first = await startServer(dataDir, port);
    children.push(first.child);

    const second = await startServer(dataDir, await freePort(), false);
    children.push(second.child);
    expect(await exited(second.child)).not.toBe(0);
    expect(second.output()).toContain('已被进程');

    const token = await login(first.base);
    const acknowledged: string[] = [];
    const acknowledgedRequests: string[] = [];
    let sent = 0;
    const writer = async (worker: number) => {
      for (let i = 0; ; i++) {
        const key = `crash.w${worker}.n${i}`;
        sent++;
        try {
          const res = await fetch(`${first.base}/pc/sysParam/save`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ configKey: key, value: String(i), name: '崩溃测试' }),
          });
          if (res.status === 200) {
            acknowledged.push(key);
            acknowledgedRequests.push(res.headers.get('x-request-id') ?? '');
          }
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await Promise.all(writers);
    await exited(first.child);
    expect(sent).toBeGreaterThan(acknowledged.length);

    const again = await startServer(dataDir, port);
    children.push(again.child);
    const token2 = await login(again.base);
    const res = await fetch(
      `${again.base}/pc/sysParam/query?limit=500&name=${encodeURIComponent('崩溃测试')}`,
      {
        headers: { authorization: `Bearer ${token2}` },
      },
    );
    const keys = new Set(
      ((await res.json()) as { data: { records: { configKey: string }[] } }).data.records.map(
        (r) => r.configKey,
      ),
    );
    const lost = acknowledged.filter((k) => !keys.has(k));
    expect(lost).toEqual([]);

    // Every acknowledged write has its operation-log entry too: it is stored before the answer.
    const logged = await fetch(
      `${again.base}/pc/operationRecord/query?limit=500&path=${encodeURIComponent('/pc/sysParam/save')}`,
      { headers: { authorization: `Bearer ${token2}` } },
    );
    const requestIds = new Set(
      ((await logged.json()) as { data: { records: { requestId: string | null }[] } }).data.records.map(
        (r) => r.requestId,
      ),
    );
    expect(acknowledgedRequests.every(Boolean)).toBe(true);
    expect(acknowledgedRequests.filter((id) => !requestIds.has(id))).toEqual([]);

    // SIGTERM: a request in flight (headers in, body still coming) finishes, then the database closes.
    const body = JSON.stringify({ configKey: 'sigterm.inflight', value: '1', name: '停机测试' });
    const inflight = new Promise<number>((resolve, reject) => {
      const req = http.request(`${again.base}/pc/sysParam/save`, {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token2}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        again.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 300);
    });
    expect(await inflight).toBe(200);
    expect(await exited(again.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 180_000);
});
