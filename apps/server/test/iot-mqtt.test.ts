import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { IOT_MAX_MESSAGE_BYTES, type IotDeviceRow } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { iotRuntime } from '../src/modules/iot/broker.ts';
import { hashSecret } from '../src/modules/iot/devices.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { createPostgresDatabase, dbKinds, startTestApp, type TestApp, testConfig } from './harness.ts';
import { connect, demoLift, normal, query, until } from './iot-support.ts';

/**
 * Ingestion over MQTT with real clients: the embedded broker (devices authenticate with their own
 * credentials and publish only under their own topic; malformed and oversized payloads are dropped
 * and counted while the connection and the server go on), and Mosquitto on 127.0.0.1:1883 when it is
 * there (the server subscribes with a shared subscription; two server instances on one PostgreSQL
 * database store each message once).
 */

const MOSQUITTO = 'mqtt://127.0.0.1:1883';

const mosquittoUp = await new Promise<boolean>((resolve) => {
  const s = net.connect(1883, '127.0.0.1');
  s.setTimeout(1000);
  s.once('connect', () => {
    s.end();
    resolve(true);
  });
  s.once('error', () => resolve(false));
  s.once('timeout', () => {
    s.destroy();
    resolve(false);
  });
});
if (!mosquittoUp)
  console.log('iot-mqtt: Mosquitto is not reachable on 127.0.0.1:1883 — its tests are skipped');

const historyCount = async (t: TestApp, deviceId: number) =>
  (
    await query<{ n: number }>(t, `select count(*)::int as n from iot_history where device_id = ${deviceId}`)
  )[0].n;

describe.each(dbKinds)('IoT over the embedded MQTT broker on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let a: { device: IotDeviceRow; secret: string };
  let b: { device: IotDeviceRow; secret: string };
  let lift: { id: number };

  beforeAll(async () => {
    t = await startTestApp(kind, { mqtt: { port: 0 } });
    const runtime = iotRuntime(t.platform);
    expect(runtime.broker).toBe('embedded');
    url = `mqtt://127.0.0.1:${runtime.port}`;
    const token = await t.login('iot_admin1');
    const add = async (code: string) =>
      (
        await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
          token,
          body: { code, name: code },
        })
      ).body.data;
    a = await add('MQTT-A001');
    b = await add('MQTT-B001');
    lift = await demoLift(t);
    await t.api('POST', '/equ3000/bind', { token, body: { deviceId: a.device.id, elevatorId: lift.id } });
  });
  afterAll(() => t?.close());

  it('tells the embedded broker port in the ingestion counters (where devices and tests connect)', async () => {
    const stats = await t.api<{ broker: string; port: number | null }>('GET', '/iot/ingest/stats', {
      token: await t.login('admin'),
    });
    expect(stats.body.data).toMatchObject({ broker: 'embedded', port: iotRuntime(t.platform).port });
    expect(stats.body.data.port).toBeGreaterThan(0);
  });

  it('stores a device’s messages published under its own topic', async () => {
    const c = await connect(url, a.device.code, a.secret);
    await c.publishAsync(`${a.device.topic}/status`, JSON.stringify(normal({ floor: 11 })), { qos: 1 });
    await c.publishAsync(
      `${a.device.topic}/stats`,
      JSON.stringify({ runs: 10, runHours: 1.5, doorCycles: 30 }),
      { qos: 1 },
    );
    const state = await until(
      () =>
        query<{ floor: number; runs: number | null }>(
          t,
          `select floor, runs from iot_lift_state where elevator_id = ${lift.id}`,
        ),
      (r) => r[0]?.runs === 10,
    );
    expect(state[0]).toMatchObject({ floor: 11, runs: 10 });
    await c.endAsync();
  });

  it('refuses a wrong secret, and a device publishing as another', async () => {
    await expect(connect(url, a.device.code, 'not-the-secret')).rejects.toThrow();
    const counters = iotRuntime(t.platform).ingestor.counters;
    const refused = counters.dropped.unauthorized ?? 0;
    const c = await connect(url, a.device.code, a.secret);
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    // Device A on device B's topic: refused (the broker closes the connection), nothing stored for B.
    c.publish(`${b.device.topic}/status`, JSON.stringify(normal()), { qos: 1 });
    await closed;
    c.end(true);
    expect(counters.dropped.unauthorized ?? 0).toBeGreaterThan(refused);
    expect(await historyCount(t, b.device.id)).toBe(0);
    // B with its own credentials is stored.
    const cb = await connect(url, b.device.code, b.secret);
    await cb.publishAsync(`${b.device.topic}/status`, JSON.stringify(normal()), { qos: 1 });
    expect(
      await until(
        () => historyCount(t, b.device.id),
        (n) => n === 1,
      ),
    ).toBe(1);
    // A device may not listen to the others' messages.
    await expect(cb.subscribeAsync('elevator/#')).rejects.toThrow(/Subscribe error/);
    expect(cb.connected).toBe(true);
    await cb.endAsync();
  });

  it('drops and counts malformed and oversized messages, and keeps serving the device', async () => {
    const counters = iotRuntime(t.platform).ingestor.counters;
    const [mal, big] = [counters.dropped.malformed ?? 0, counters.dropped.oversized ?? 0];
    const before = await historyCount(t, a.device.id);
    const c = await connect(url, a.device.code, a.secret);
    await c.publishAsync(`${a.device.topic}/status`, '{not json', { qos: 1 });
    await c.publishAsync(`${a.device.topic}/status`, JSON.stringify({ ...normal(), run: 'sideways' }), {
      qos: 1,
    });
    await c.publishAsync(`${a.device.topic}/alarm`, Buffer.alloc(IOT_MAX_MESSAGE_BYTES + 1, 0x7b), {
      qos: 1,
    });
    await c.publishAsync(`${a.device.topic}/status`, JSON.stringify(normal({ floor: 2 })), { qos: 1 });
    expect(
      await until(
        () => historyCount(t, a.device.id),
        (n) => n === before + 1,
      ),
    ).toBe(before + 1);
    expect(counters.dropped.malformed).toBe(mal + 2);
    expect(counters.dropped.oversized).toBe(big + 1);
    expect(c.connected).toBe(true);
    await c.endAsync();
    expect((await t.api('GET', '/health')).status).toBe(200);
  });
});

describe.skipIf(!mosquittoUp).each(dbKinds)('IoT through Mosquitto (MQTT_URL) on %s', (kind) => {
  let t: TestApp;
  let device: IotDeviceRow;
  let lift: { id: number };

  beforeAll(async () => {
    t = await startTestApp(kind, {
      mqtt: { url: MOSQUITTO, port: null, group: `ec-test-${randomUUID().slice(0, 8)}` },
    });
    await iotRuntime(t.platform).ready;
    const token = await t.login('iot_admin1');
    device = (
      await t.api<{ device: IotDeviceRow }>('POST', '/iot/device/add', {
        token,
        body: { code: `MOSQ-${randomUUID().slice(0, 8)}`, name: 'Mosquitto 终端' },
      })
    ).body.data.device;
    lift = await demoLift(t);
    await t.api('POST', '/equ3000/bind', { token, body: { deviceId: device.id, elevatorId: lift.id } });
  });
  afterAll(() => t?.close());

  it('stores what a device publishes to the broker, and drops a topic that names the wrong merchant', async () => {
    const c = await connect(MOSQUITTO);
    await c.publishAsync(`${device.topic}/status`, JSON.stringify(normal({ floor: 21 })), { qos: 1 });
    const state = await until(
      () => query<{ floor: number }>(t, `select floor from iot_lift_state where elevator_id = ${lift.id}`),
      (r) => r[0]?.floor === 21,
    );
    expect(state[0]?.floor).toBe(21);
    const counters = iotRuntime(t.platform).ingestor.counters;
    // Another merchant's number: no device of that merchant has the code (codes are unique per merchant).
    const wrong = counters.dropped.unknownDevice ?? 0;
    await c.publishAsync(
      `elevator/${device.merchantId + 1000}/${device.code}/status`,
      JSON.stringify(normal()),
      { qos: 1 },
    );
    await until(
      async () => counters.dropped.unknownDevice ?? 0,
      (n) => n > wrong,
    );
    expect(counters.dropped.unknownDevice).toBe(wrong + 1);
    expect(await historyCount(t, device.id)).toBe(1);
    await c.endAsync();
  });
});

describe.skipIf(!mosquittoUp || !process.env.TEST_DATABASE_URL)(
  'two server instances sharing one subscription on Mosquitto',
  () => {
    let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
    const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
    const group = `ec-test-${randomUUID().slice(0, 8)}`;
    const code = `SHARE-${randomUUID().slice(0, 8)}`;
    let merchantId: number;
    let deviceId: number;

    beforeAll(async () => {
      created = await createPostgresDatabase();
      const open = () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 4 });
      const conf = testConfig(`/tmp/ec-iot-share-${randomUUID()}`, {
        seedDemo: false,
        mqtt: { url: MOSQUITTO, port: null, group },
      });
      // One after the other: the first migrates.
      apps.push(await buildApp(conf, { database: await open() }));
      apps.push(await buildApp(conf, { database: await open() }));
      await Promise.all(apps.map((a) => iotRuntime(a.platform).ready));
      const db = apps[0].platform.db;
      [{ id: merchantId }] = rowsOf<{ id: number }>(
        await db.execute(
          `insert into enterprise (name, kind) values ('共享订阅测试商户', 'iot') returning id`,
        ),
      );
      [{ id: deviceId }] = rowsOf<{ id: number }>(
        await db.execute(
          `insert into iot_device (code, name, merchant_id, secret_hash) values ('${code}', 'x', ${merchantId}, '${hashSecret('s')}') returning id`,
        ),
      );
    });
    afterAll(async () => {
      for (const a of apps) await a.app.close();
      await created?.drop();
    });

    it('splits the messages between the nodes and stores each once', async () => {
      const c = await connect(MOSQUITTO);
      const n = 60;
      for (let i = 0; i < n; i++)
        await c.publishAsync(`elevator/${merchantId}/${code}/status`, JSON.stringify(normal({ floor: i })), {
          qos: 1,
        });
      await c.endAsync();
      const count = async () => {
        const [r] = rowsOf<{ n: number; d: number }>(
          await apps[0].platform.db.execute(
            `select count(*)::int as n, count(distinct (message->>'floor'))::int as d from iot_history where device_id = ${deviceId}`,
          ),
        );
        return r;
      };
      await until(count, (r) => r.n >= n, 15_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(await count()).toEqual({ n, d: n });
      const [s1, s2] = apps.map((a) => iotRuntime(a.platform).ingestor.counters.stored);
      expect(s1 + s2).toBe(n);
      expect(s1).toBeGreaterThan(0);
      expect(s2).toBeGreaterThan(0);
    });
  },
);
