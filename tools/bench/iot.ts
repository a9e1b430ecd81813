import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { IOT_ALARM_TOPIC, IOT_ALARM_TRAPPED, IOT_PARAMS, IOT_STATE_TOPIC } from '@ec/contract';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { hashSecret } from '../../apps/server/src/modules/iot/devices.ts';
import {
  LATE_AFTER_MS,
  maintainPartitions,
  orderFinishedDays,
} from '../../apps/server/src/modules/iot/jobs.ts';
import { rowsOf } from '../../apps/server/src/platform/db/sql.ts';
import { liveStream, login, measure, printTable, type Row } from './common.ts';
import { dayOnDisk, historySizes } from './iot-disk.ts';
import { benchEnv, inScratch, openBenchDatabase, seedElevators } from './server-process.ts';

/*
 * `npm run bench -- --only iot`: simulated monitoring devices through Mosquitto (MQTT_URL, default
 * mqtt://127.0.0.1:1883; the server subscribes with a shared subscription of a group of its own), each
 * its own MQTT client reporting a GB/T 24476 state every --iot-interval seconds (default 10). Printed
 * beside the health call of the same run:
 *   - publish → stored: from a device's publish to the committed state's live event (iot.state, the
 *     server's SSE stream), p50 / p99 over every state of the run, and the backlog (ingest counters);
 *   - the server's memory over the run (RSS every 5 s: start, end, peak);
 *   - 困人 → rescue case: from the publish that completes a 困人 (iotTrappedSeconds set to 2 for the
 *     run) to the alarm's live event carrying its case, for a few devices over the run;
 *   - one lift's day of history (GET /iot/lift/history: the runs of a day of states every 10 s, the
 *     latest 200, as the console asks them) and a page of 500 of its raw messages (/iot/lift/messages),
 *     with --iot-history-lifts other lifts' --iot-history-days days loaded beside it. A short ingestion
 *     (`--iot-devices 20 --iot-seconds 10`) leaves these two reads the run's point.
 * A SHORT run by default (2,000 devices for 60 s; each capped unless --iot-full); the issue's figure is
 * `--iot-devices 10000 --iot-seconds 300 --iot-full` (10,000 sockets: raise `ulimit -n`), and its month
 * of history `--iot-history-lifts 10000 --iot-history-days 30` (2.6 billion rows at 10 s: PostgreSQL).
 */

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const full = process.argv.includes('--iot-full');
const DEVICES = Math.min(Number(arg('--iot-devices') ?? 2000), full ? 100_000 : 2000);
const SECONDS = Math.min(Number(arg('--iot-seconds') ?? 60), full ? 3600 : 60);
const INTERVAL = Number(arg('--iot-interval') ?? 10);
const HISTORY_LIFTS = Number(arg('--iot-history-lifts') ?? 20);
const HISTORY_DAYS = Number(arg('--iot-history-days') ?? 1);
/** Measure the day again after the job iot-history-order has ordered the finished days (and time it). */
const ORDER = process.argv.includes('--iot-order');
/** PostgreSQL on this machine: the day read's pages and its time cold and warm (iot-disk.ts). */
const DISK = process.argv.includes('--iot-disk');
const BROKER = process.env.MQTT_URL || 'mqtt://127.0.0.1:1883';
const SECRET = 'bench-device-secret';
const TRAPPED_SECONDS = 2;
const TRAPS = 5;
const TARGETS = { lagP99: 2000, alarmToCase: 2000, historyP50: 50 };
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const quantile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : Number.NaN;

// ---------------------------------------------------------------- the server, in its own process

/**
 * Run as a process (IOT_BENCH_SERVER=1): the real server (buildApp, as main.ts) subscribed to the
 * broker with a shared-subscription group of its own, so that another server on the same Mosquitto
 * (a developer's, a test's) takes none of the bench's messages.
 */
async function serveForBench() {
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const config = loadConfig();
  const { app } = await buildApp({
    ...config,
    mqtt: { url: BROKER, port: null, group: process.env.IOT_BENCH_GROUP ?? 'ec-bench' },
  } as typeof config);
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  await app.listen({ port: config.port, host: config.host });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startBenchServer(dataDir: string) {
  const port = await freePort();
  const root = path.resolve(import.meta.dirname, '../..');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tools/bench/iot.ts'], {
    cwd: root,
    env: {
      ...benchEnv(dataDir),
      PORT: String(port),
      HOST: '127.0.0.1',
      IOT_BENCH_SERVER: '1',
      IOT_BENCH_GROUP: `ec-bench-${randomUUID().slice(0, 8)}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const api = `http://127.0.0.1:${port}/monitor/api`;
  for (const deadline = Date.now() + 120_000; ; ) {
    try {
      if ((await fetch(`${api}/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('iot bench server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const status = (field: string) =>
    Number(
      new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ??
        0,
    ) / 1024;
  return {
    api,
    rssMb: () => status('VmRSS'),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

// ---------------------------------------------------------------- the data

interface BenchDevice {
  code: string;
  elevatorId: number;
}

/** N devices of the IoT merchant bound to the first N lifts; a day of history for the measured lift. */
async function provision(dataDir: string) {
  const { db, close } = await openBenchDatabase(dataDir);
  try {
    await maintainPartitions(db, new Date());
    const [user] = rowsOf<{ company_id: number | null }>(
      await db.execute(sql`select company_id from sys_user where username = 'iot_admin1'`),
    );
    let merchantId = user?.company_id ?? null;
    if (merchantId === null) {
      [{ id: merchantId }] = rowsOf<{ id: number }>(
        await db.execute(
          sql`insert into enterprise (name, kind, filing_state) values ('压测物联网商户', 'iot', 2) returning id`,
        ),
      );
    }
    const hash = hashSecret(SECRET);
    await db.execute(sql`insert into iot_device (code, name, merchant_id, secret_hash, interval_seconds)
      select 'BENCH-' || lpad(g::text, 6, '0'), '压测终端 ' || g, ${merchantId}, ${hash}, ${Math.max(5, INTERVAL)}
      from generate_series(1, ${DEVICES}) g`);
    await db.execute(sql`insert into iot_binding (device_id, elevator_id)
      select d.id, e.id from
        (select id, row_number() over (order by id) n from iot_device where code like 'BENCH-%') d
        join (select id, row_number() over (order by id) n from elevator) e on e.n = d.n`);
    const devices = rowsOf<{ code: string; elevator_id: number }>(
      await db.execute(sql`select d.code, b.elevator_id from iot_device d
        join iot_binding b on b.device_id = d.id and b.unbound_at is null
        where d.code like 'BENCH-%' order by d.id`),
    ).map((r): BenchDevice => ({ code: r.code, elevatorId: r.elevator_id }));
    await db.execute(
      sql`update sys_param set value = ${String(TRAPPED_SECONDS)} where config_key = ${IOT_PARAMS.trappedSeconds.key}`,
    );
    // History: HISTORY_DAYS Shanghai days up to yesterday for HISTORY_LIFTS lifts, a state every 10 s,
    // written in time order as the devices send them (every lift's state of one tick, then the next
    // tick's), an hour per statement. The measured lift is the first device's; the others carry ids of
    // no registered lift (1,000,000 + k: the history has no foreign key), so none need seeding.
    // Fast loader: each UTC day's rows go to a table of their own without indexes, which then gets
    // them (built on the finished table) and replaces the day's empty `_recv` part. The heap is as
    // devices write it; the indexes are more compact than ones grown row by row.
    const yesterday = new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    const lifts = Math.max(1, HISTORY_LIFTS);
    const [{ dev0 }] = rowsOf<{ dev0: number }>(
      await db.execute(sql`select id as dev0 from iot_device where code = ${devices[0].code}`),
    );
    const lift0 = devices[0].elevatorId;
    const first =
      new Date(`${yesterday}T00:00:00+08:00`).getTime() - Math.max(0, HISTORY_DAYS - 1) * 86_400_000;
    // The months of the days loaded exist as a running server would have made them (its daily job
    // makes each month ahead of time): at the start of a month the 30 days before it lie in the
    // months before, which `maintainPartitions(now)` alone does not make, and their rows would all
    // land in the default partition, unordered (run of 2026-12-01: the whole month there).
    for (let at = first; at < Date.now(); at += 28 * 86_400_000) await maintainPartitions(db, new Date(at));
    await maintainPartitions(db, new Date());
    const t0 = performance.now();
    const byDay = new Map<string, number[]>();
    for (let h = 0; h < HISTORY_DAYS * 24; h++) {
      const at = first + h * 3600_000;
      const key = new Date(at).toISOString().slice(0, 10);
      byDay.set(key, [...(byDay.get(key) ?? []), at]);
    }
    let written = 0;
    for (const [key, hours] of byDay) {
      const dayFrom = new Date(`${key}T00:00:00Z`);
      const dayTo = new Date(dayFrom.getTime() + 86_400_000);
      const cut = new Date(dayTo.getTime() + LATE_AFTER_MS).toISOString();
      const parent = `iot_history_${key.replaceAll('-', '')}`;
      const [{ ok }] = rowsOf<{ ok: boolean }>(
        await db.execute(sql`select to_regclass(${`${parent}_recv`}) is not null as ok`),
      );
      const target = ok ? `${parent}_load` : 'iot_history';
      if (ok)
        await db.execute(
          sql.raw(`create table ${target} (like iot_history including defaults, constraint ${target}_bounds
            check (at >= '${dayFrom.toISOString()}' and at < '${dayTo.toISOString()}' and received_at < '${cut}'))`),
        );
      for (const at of hours) {
        await db.execute(sql`insert into ${sql.identifier(target)} (at, device_id, elevator_id, kind, message, received_at)
          select t, case when k = 0 then ${dev0} else 1000000 + k end, case when k = 0 then ${lift0} else 1000000 + k end,
            'status', jsonb_build_object('mode', 'normal', 'run', case when (tick + k) % 3 = 0 then 'up' else 'stop' end,
              'floor', 1 + (tick + k) % 20, 'doorZone', true, 'door', 'open', 'passenger', false,
              'power', 'mains', 'speed', 0, 'safetyCircuit', true, 'doorLockCircuit', true), t
          from (select g / ${lifts} as tick, g % ${lifts} as k from generate_series(0, 360 * ${lifts} - 1) g) x,
            lateral (select ${new Date(at).toISOString()}::timestamptz + make_interval(secs => tick * 10) as t) y`);
        written++;
        if (lifts >= 1000 && written % 4 === 0)
          console.log(
            `iot bench: history hour ${written} of ${HISTORY_DAYS * 24} written (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
          );
      }
      if (!ok) continue;
      for (const s of [
        `create index ${target}_lift_at_idx on ${target} (elevator_id, at)`,
        `create index ${target}_device_at_idx on ${target} (device_id, at)`,
        `alter table ${parent} detach partition ${parent}_recv`,
        `drop table ${parent}_recv`,
        `alter table ${target} rename to ${parent}_recv`,
        `alter table ${parent} attach partition ${parent}_recv for values from (minvalue) to ('${cut}')`,
        `analyze ${parent}_recv`,
      ])
        await db.execute(sql.raw(s));
      if (lifts >= 1000)
        console.log(
          `iot bench: ${parent}_recv indexed and attached (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
        );
    }
    const n = lifts * HISTORY_DAYS * 8640;
    console.log(
      `iot bench: ${devices.length} devices bound; ${n} history rows (${lifts} lifts × ${HISTORY_DAYS} days) loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return { devices, yesterday, merchantId };
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------- the devices

const status = (floor: number, moving: boolean, t: number) => ({
  t,
  mode: 'normal',
  run: moving ? 'up' : 'stop',
  floor,
  doorZone: !moving,
  door: moving ? 'closed' : 'open',
  passenger: moving,
  power: 'mains',
  speed: moving ? 1.5 : 0,
  safetyCircuit: true,
  doorLockCircuit: true,
});
const trappedState = (t: number) => ({
  ...status(5, false, t),
  doorZone: false,
  door: 'closed',
  passenger: true,
});

/** Each device's MQTT client and the time (performance.now) of its last state publish. */
class Fleet {
  clients: MqttClient[] = [];
  lastPublish = new Map<number, number>();
  published = 0;
  errors = 0;
  paused = new Set<number>();
  timers: NodeJS.Timeout[] = [];
  constructor(
    readonly devices: BenchDevice[],
    readonly merchantId: number,
  ) {}

  async connect() {
    for (let i = 0; i < this.devices.length; i += 200) {
      await Promise.all(
        this.devices.slice(i, i + 200).map(
          (d) =>
            new Promise<void>((resolve) => {
              const c = mqtt.connect(BROKER, {
                username: `${this.merchantId}/${d.code}`,
                password: SECRET,
                clientId: `bench-${d.code}-${randomUUID().slice(0, 6)}`,
                reconnectPeriod: 2000,
                connectTimeout: 30_000,
              });
              c.once('connect', () => resolve());
              c.once('error', () => {
                this.errors++;
                resolve();
              });
              this.clients.push(c);
            }),
        ),
      );
    }
  }

  publish(i: number, message: object) {
    const d = this.devices[i];
    this.lastPublish.set(d.elevatorId, performance.now());
    this.published++;
    this.clients[i].publish(`elevator/${this.merchantId}/${d.code}/status`, JSON.stringify(message), {
      qos: 1,
    });
  }

  /** Every device reports every INTERVAL seconds, the first reports spread over the interval. */
  start() {
    this.devices.forEach((_, i) => {
      let floor = 1 + (i % 20);
      const tick = () => {
        if (this.paused.has(i)) return;
        const moving = Math.random() < 0.4;
        if (moving) floor = (floor % 20) + 1;
        this.publish(i, status(floor, moving, Date.now()));
      };
      this.timers.push(
        setTimeout(
          () => {
            tick();
            this.timers.push(setInterval(tick, INTERVAL * 1000));
          },
          Math.random() * INTERVAL * 1000,
        ),
      );
    });
  }

  async stop() {
    for (const t of this.timers) clearTimeout(t);
    await Promise.all(this.clients.map((c) => c.endAsync().catch(() => undefined)));
  }
}

// ---------------------------------------------------------------- the run

export async function benchIot() {
  const up = await new Promise<boolean>((resolve) => {
    const u = new URL(BROKER);
    const s = net.connect(Number(u.port || 1883), u.hostname);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
  if (!up) {
    console.log(`\niot bench skipped: no MQTT broker at ${BROKER} (start Mosquitto or set MQTT_URL)`);
    return;
  }
  await inScratch('iot', async (dataDir) => {
    seedElevators(dataDir, DEVICES);
    const { devices, yesterday, merchantId } = await provision(dataDir);
    const server = await startBenchServer(dataDir);
    const ac = new AbortController();
    let fleet: Fleet | null = null;
    try {
      const token = await login(server.api);
      const api = async <T>(p: string) =>
        (
          (await (
            await fetch(`${server.api}${p}`, { headers: { authorization: `Bearer ${token}` } })
          ).json()) as {
            data: T;
          }
        ).data;

      const lags: number[] = [];
      const caseAt = new Map<number, number>();
      await liveStream(server.api, token, [IOT_STATE_TOPIC, IOT_ALARM_TOPIC], ac.signal, (topic, data) => {
        const now = performance.now();
        if (topic === IOT_STATE_TOPIC) {
          const sent = fleet?.lastPublish.get((data as { elevatorId: number }).elevatorId);
          if (sent !== undefined) lags.push(now - sent);
        } else {
          const a = data as { type: number; elevatorId: number; caseId: number | null; open: boolean };
          if (a.type === IOT_ALARM_TRAPPED && a.open && a.caseId && !caseAt.has(a.elevatorId))
            caseAt.set(a.elevatorId, now);
        }
      });

      fleet = new Fleet(devices, merchantId);
      const c0 = performance.now();
      await fleet.connect();
      console.log(
        `iot bench: ${devices.length} MQTT clients connected to ${BROKER} in ${((performance.now() - c0) / 1000).toFixed(1)} s (${fleet.errors} errors); running ${SECONDS} s, a state every ${INTERVAL} s each`,
      );
      const rss: number[] = [server.rssMb()];
      const sampler = setInterval(() => rss.push(server.rssMb()), 5000);
      fleet.start();

      // 困人 on a few devices over the run: a trapped state, then another past iotTrappedSeconds.
      const trapSent = new Map<number, number>();
      const trapAt = Array.from({ length: TRAPS }, (_, k) => ((k + 1) * SECONDS * 1000) / (TRAPS + 2));
      const trapTimers = trapAt.map((ms, k) =>
        setTimeout(() => {
          const i = devices.length - 1 - k;
          fleet?.paused.add(i);
          fleet?.publish(i, trappedState(Date.now()));
          setTimeout(
            () => {
              trapSent.set(devices[i].elevatorId, performance.now());
              fleet?.publish(i, trappedState(Date.now()));
            },
            (TRAPPED_SECONDS + 0.5) * 1000,
          );
        }, ms),
      );
      await new Promise((r) => setTimeout(r, SECONDS * 1000));
      for (const t of trapTimers) clearTimeout(t);
      clearInterval(sampler);
      rss.push(server.rssMb());
      await new Promise((r) => setTimeout(r, 3000)); // the last messages' events
      const counters = await api<{
        received: number;
        stored: number;
        dropped: Record<string, number>;
        pending: number;
      }>('/iot/ingest/stats');
      await fleet.stop();
      fleet = null;

      lags.sort((a, b) => a - b);
      const toCase = [...trapSent]
        .map(([lift, sent]) => (caseAt.has(lift) ? (caseAt.get(lift) as number) - sent : Number.NaN))
        .sort((a, b) => a - b);
      const opened = toCase.filter((v) => !Number.isNaN(v));

      // One lift's day (yesterday: 8,640 states) beside the health call.
      const auth = { authorization: `Bearer ${token}` };
      const baseline = await measure('GET /health (baseline)', {
        url: `${server.api}/health`,
        duration: 5,
        connections: 4,
      });
      // The console's day: the lift's runs (computed from its 8,640 states), the latest 200, and alarms;
      // with --iot-order, as written and again once the job iot-history-order has ordered the days.
      const day = `elevatorId=${devices[0].elevatorId}&date=${yesterday}`;
      const dayReads = async (label: string) => {
        const history = await measure(
          `GET /iot/lift/history (one lift's day: its runs, latest 200${label})`,
          {
            url: `${server.api}/iot/lift/history?${day}`,
            headers: auth,
            duration: 5,
            connections: 4,
          },
        );
        const runs = await api<{ runs: unknown[]; runCount: number }>(`/iot/lift/history?${day}`);
        // The day's raw messages, a page of 500 (the most a page holds).
        const messages = await measure(`GET /iot/lift/messages (the raw messages, a page of 500${label})`, {
          url: `${server.api}/iot/lift/messages?${day}&limit=500`,
          headers: auth,
          duration: 5,
          connections: 4,
        });
        return [
          {
            ...history,
            note: `${runs.runs.length} of ${runs.runCount} runs; target p50 ≤ ${TARGETS.historyP50} ms: ${met(history.p50 <= TARGETS.historyP50)}`,
          },
          messages,
        ];
      };
      const onDisk = DISK && process.env.DATABASE_URL ? await openBenchDatabase(dataDir) : null;
      const reads: Row[] = [];
      try {
        if (onDisk) {
          console.log('iot bench: history', JSON.stringify(await historySizes(onDisk.db)));
          await dayOnDisk(onDisk.db, devices[0].elevatorId, yesterday, 'as written');
        }
        reads.push(...(await dayReads(ORDER ? ', as written' : '')));
        if (ORDER) {
          const { db, close } = onDisk ?? (await openBenchDatabase(dataDir));
          try {
            const o0 = performance.now();
            const done = await orderFinishedDays(db, new Date());
            console.log(
              `iot bench: iot-history-order ordered ${done.map((d) => `${d.name} (${d.rows} rows, ${(d.ms / 1000).toFixed(1)} s)`).join(', ') || 'nothing'} in ${((performance.now() - o0) / 1000).toFixed(1)} s`,
            );
            if (onDisk) {
              console.log('iot bench: history', JSON.stringify(await historySizes(db)));
              await dayOnDisk(db, devices[0].elevatorId, yesterday, 'ordered');
            }
          } finally {
            if (!onDisk) await close();
          }
          reads.push(...(await dayReads(', ordered')));
        }
      } finally {
        await onDisk?.close();
      }
      const rows: Row[] = [
        baseline,
        ...reads,
        {
          name: 'MQTT publish → stored (state event), per message',
          rps: lags.length / SECONDS,
          p50: quantile(lags, 0.5),
          p99: quantile(lags, 0.99),
          errors: Object.values(counters.dropped).reduce((a, b) => a + b, 0),
          note: `${lags.length} state events for ${counters.received} received; target p99 < ${TARGETS.lagP99} ms: ${met(quantile(lags, 0.99) < TARGETS.lagP99)}`,
        },
        {
          name: '困人 → open rescue case (alarm event with its case)',
          rps: 0,
          p50: quantile(opened, 0.5),
          p99: opened.length ? opened[opened.length - 1] : Number.NaN,
          errors: toCase.length - opened.length,
          note: `${opened.length} of ${toCase.length} cases; max ≤ ${TARGETS.alarmToCase} ms: ${met(opened.length === toCase.length && opened.length > 0 && opened[opened.length - 1] <= TARGETS.alarmToCase)}`,
        },
      ];
      printTable(
        `IoT through ${BROKER}: ${devices.length} devices × a state every ${INTERVAL} s for ${SECONDS} s (${(devices.length / INTERVAL).toFixed(0)} msg/s)`,
        rows,
        baseline,
      );
      console.log(
        `ingestion: received ${counters.received}, stored ${counters.stored}, dropped ${JSON.stringify(counters.dropped)}, pending at the end ${counters.pending}`,
      );
      console.log(
        `server memory (RSS, MB, every 5 s): start ${rss[0].toFixed(0)}, end ${rss[rss.length - 1].toFixed(0)}, peak ${Math.max(...rss).toFixed(0)}; samples ${rss.map((r) => r.toFixed(0)).join(' ')}`,
      );
    } finally {
      ac.abort();
      await fleet?.stop();
      await server.stop();
    }
  });
}

if (process.env.IOT_BENCH_SERVER === '1' && import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await serveForBench();
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchIot();
