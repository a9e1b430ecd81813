import type { IotDeviceRow } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotRuntime } from '../src/modules/iot/broker.ts';
import { Ingestor } from '../src/modules/iot/ingest.ts';
import type { Db } from '../src/platform/db/client.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { ingest, normal, query } from './iot-support.ts';

/**
 * The ingestion queue has a bound: while the database does not answer, messages wait up to
 * `maxPending`; past it each is dropped at once and counted as `backlog` (visible in
 * `/iot/ingest/stats`), an HTTP report is refused with 429; once the database answers again the
 * queued ones are stored.
 */
describe.each(dbKinds)('IoT ingestion backlog on %s', (kind) => {
  let t: TestApp;
  let device: IotDeviceRow;
  let secret: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const merchant = await t.login('iot_admin1');
    const res = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
      token: merchant,
      body: { code: 'BACKLOG-1', name: '积压测试' },
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    ({ device, secret } = res.body.data);
  });
  afterAll(() => t?.close());

  it('holds at most maxPending messages while the database is stalled, drops the rest as backlog', async () => {
    const runtime = iotRuntime(t.platform);
    const original = runtime.ingestor;
    // A database that does not answer until released.
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const real = t.platform.db;
    const stalled = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'transaction')
          return (...args: Parameters<Db['transaction']>) => gate.then(() => target.transaction(...args));
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    const ingestor = new Ingestor(stalled, t.platform.log, undefined, 3);
    expect(ingestor.maxPending).toBe(3);
    runtime.ingestor = ingestor;
    try {
      const message = (floor: number) => ({
        deviceCode: device.code,
        merchantId: device.merchantId,
        kind: 'status',
        payload: JSON.stringify(normal({ floor })),
      });
      // The first is taken into a batch that waits on the database; three more fill the queue.
      const accepted = [1, 2, 3, 4].map((f) => ingestor.accept(message(f)));
      await new Promise((r) => setTimeout(r, 20));
      expect(ingestor.pending).toBe(3);
      // Past the bound: dropped at once, not queued.
      expect(await ingestor.accept(message(5))).toBe(false);
      expect(await ingestor.accept(message(6))).toBe(false);
      expect(ingestor.pending).toBe(3);
      // Over HTTP: refused with 429, counted alike.
      const http = await ingest(t, device.code, secret, 'status', normal());
      expect(http.status).toBe(429);
      expect(http.body.resultMsg).toContain('队列已满');
      const admin = await t.login('admin');
      const stats = await t.api<{ dropped: Record<string, number>; pending: number; received: number }>(
        'GET',
        '/iot/ingest/stats',
        { token: admin },
      );
      expect(stats.status).toBe(200);
      expect(stats.body.data.dropped.backlog).toBe(3);
      expect(stats.body.data.pending).toBe(3);
      expect(stats.body.data.received).toBe(7);
      // The database answers again: what was queued is stored.
      release();
      expect(await Promise.all(accepted)).toEqual([true, true, true, true]);
      await ingestor.flush();
      const [h] = await query<{ n: number }>(
        t,
        `select count(*)::int as n from iot_history where device_id = ${device.id}`,
      );
      expect(h.n).toBe(4);
      expect(ingestor.counters.stored).toBe(4);
    } finally {
      release();
      await ingestor.flush();
      runtime.ingestor = original;
    }
  });

  it('bounds the runtime queue by default', () => {
    expect(iotRuntime(t.platform).ingestor.maxPending).toBeGreaterThan(0);
    expect(Number.isFinite(iotRuntime(t.platform).ingestor.maxPending)).toBe(true);
  });
});
