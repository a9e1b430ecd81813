import os from 'node:os';
import { hashPassword } from '@ec/contract';
import autocannon from 'autocannon';
import { DEFAULT_DEMO_PASSWORD } from '../../apps/server/src/config.ts';

export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  note?: string;
}

export async function login(api: string, username = 'admin') {
  const res = await fetch(`${api}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password: hashPassword(DEFAULT_DEMO_PASSWORD),
    }),
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/**
 * Closed-loop HTTP load for `opts.duration` seconds. Throughput is the requests completed over that
 * time: with a request count instead, autocannon ends on its one-second tick and reads low.
 */
export async function measure(
  name: string,
  opts: Omit<autocannon.Options, 'amount'> & { duration: number },
): Promise<Row> {
  const result = await autocannon({ connections: 10, ...opts });
  return {
    name,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * A load of requests that differ one from the next (random filters): each connection's request is
 * remade by `setup(seed)`'s function before it is sent. A warm-up of `warmUp` seconds (seed 99)
 * comes first, then the measured `duration` (seed 1), so that every run draws the same requests.
 */
export async function randomLoad(
  name: string,
  opts: {
    url: string;
    duration: number;
    warmUp: number;
    connections: number;
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    setup: (seed: number) => autocannon.Request['setupRequest'];
  },
): Promise<Row> {
  const run = (seed: number, duration: number, label: string) =>
    measure(label, {
      url: opts.url,
      duration,
      connections: opts.connections,
      requests: [{ method: opts.method, headers: opts.headers, setupRequest: opts.setup(seed) }],
    });
  await run(99, opts.warmUp, 'warm-up');
  return run(1, opts.duration, name);
}

/** The same work without HTTP: `concurrency` loops calling `fn` for `seconds`. */
export async function measureLoop(
  name: string,
  seconds: number,
  concurrency: number,
  fn: () => Promise<unknown>,
): Promise<Row> {
  const row = await listsUntil(async () => void (await fn()), timer(seconds), concurrency);
  return { ...row, name };
}

export function printTable(title: string, rows: Row[], baseline: Row) {
  console.log(`\n${title}`);
  // A shared machine's other work shows in every figure: the baseline ratio is what compares.
  const [load] = os.loadavg();
  console.log(`(load average ${load.toFixed(1)} on ${os.cpus().length} cores when the table was printed)`);
  console.log(
    'call'.padEnd(52),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'vs baseline'.padStart(12),
    'errors'.padStart(7),
  );
  for (const r of rows) {
    const ratio = r === baseline ? '1.00×' : `${(r.rps / baseline.rps).toFixed(2)}×`;
    console.log(
      r.name.padEnd(52),
      r.rps.toFixed(0).padStart(9),
      r.p50.toFixed(1).padStart(8),
      r.p99.toFixed(1).padStart(8),
      ratio.padStart(12),
      String(r.errors).padStart(7),
      r.note ?? '',
    );
  }
}

/**
 * Opens the live stream (server-sent events) of `topics` as `token` and calls `on` with each event's
 * topic and parsed data as it arrives, until `signal` aborts. Resolves once the stream is open.
 */
export async function liveStream(
  api: string,
  token: string,
  topics: string[],
  signal: AbortSignal,
  on: (topic: string, data: unknown) => void,
) {
  const res = await fetch(`${api}/live/events?topics=${topics.join(',')}`, {
    headers: { authorization: `Bearer ${token}` },
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`stream: HTTP ${res.status}`);
  const reader = res.body.getReader();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const topic = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (topic && data) on(topic, JSON.parse(data));
        }
      }
    } catch {
      // aborted at the end
    }
  })();
}

export const timer = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * `connections` loops calling `fn` until `until` settles (other users' calls while something runs):
 * throughput and latency percentiles.
 */
export async function listsUntil(
  fn: () => Promise<void>,
  until: Promise<void>,
  connections = 8,
): Promise<Row> {
  let stop = false;
  void until.finally(() => {
    stop = true;
  });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!stop) {
        const t0 = performance.now();
        try {
          await fn();
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  await until;
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { name: '', rps: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), errors };
}
