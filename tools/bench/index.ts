/**
 * `npm run bench`: throughput and latency of the platform's hot calls, each printed beside a
 * baseline (the health call) measured in the same run on the same server, so the figures can be
 * compared across machines. Starts its own server on a throw-away PGlite folder (or on
 * DATABASE_URL's PostgreSQL when set).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '@ec/contract';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/server/src/app.ts';
import { DEFAULT_DEMO_PASSWORD, loadConfig } from '../../apps/server/src/config.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-bench-'));
const config = {
  ...loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir }),
  logLevel: 'warn',
  jobsEnabled: false,
  rateLimitPerMinute: 1_000_000,
};
const { app } = await buildApp(config);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const api = `${address}/monitor/api`;

const loginBody = new URLSearchParams({
  grant_type: 'password',
  username: 'admin',
  password: hashPassword(DEFAULT_DEMO_PASSWORD),
}).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
const token = (
  (await (
    await fetch(`${api}/oauth/token`, { method: 'POST', headers: formHeaders, body: loginBody })
  ).json()) as {
    data: { access_token: string };
  }
).data.access_token;
const auth = { authorization: `Bearer ${token}` };

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: 10, ...opts });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: non2xx,
  };
}

const rows: Row[] = [];
const baseline = await measure('baseline GET /health', { url: `${api}/health`, amount: 5000 });
rows.push(baseline);
rows.push(
  await measure('POST /oauth/token (scrypt)', {
    url: `${api}/oauth/token`,
    method: 'POST',
    headers: formHeaders,
    body: loginBody,
    amount: 200,
    connections: 4,
  }),
);
rows.push(
  await measure('GET /pc/sysUser/getUserInfo', {
    url: `${api}/pc/sysUser/getUserInfo`,
    headers: auth,
    amount: 3000,
  }),
);
rows.push(
  await measure('GET /pc/sysMenu/getMenuList', {
    url: `${api}/pc/sysMenu/getMenuList`,
    headers: auth,
    amount: 2000,
  }),
);

console.log(
  `\nbenchmark on ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, node ${process.version}, ${os.cpus().length} cores`,
);
console.log(
  'call'.padEnd(34),
  'req/s'.padStart(9),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'vs baseline'.padStart(12),
  'errors'.padStart(7),
);
for (const r of rows) {
  const ratio = r === baseline ? '1.00×' : `${(r.rps / baseline.rps).toFixed(2)}×`;
  console.log(
    r.name.padEnd(34),
    r.rps.toFixed(0).padStart(9),
    r.p50.toFixed(1).padStart(8),
    r.p99.toFixed(1).padStart(8),
    ratio.padStart(12),
    String(r.errors).padStart(7),
  );
}

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
