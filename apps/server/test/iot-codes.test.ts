import type { IotDeviceRow, Page } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotRuntime } from '../src/modules/iot/broker.ts';
import { hashSecret } from '../src/modules/iot/devices.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { connect, demoLift, ingest, normal, query, until } from './iot-support.ts';

/**
 * Device codes are unique within a merchant, not across the platform: a merchant adding a code that
 * another merchant uses is not told so (no 「已存在」, which would reveal the other's device), and
 * each device is still named unambiguously over HTTP and MQTT (`<merchant id>/<code>` or the secret).
 */

describe.each(dbKinds)('IoT device codes per merchant, escalator states on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let url: string;
  const CODE = 'SAME-0001';
  const OTHER_SECRET = 'the-other-merchants-secret';
  let other: { merchantId: number; deviceId: number };
  let mine: { device: IotDeviceRow; secret: string };

  const historyOf = async (deviceId: number) =>
    (
      await query<{ n: number }>(
        t,
        `select count(*)::int as n from iot_history where device_id = ${deviceId}`,
      )
    )[0].n;

  beforeAll(async () => {
    t = await startTestApp(kind, { mqtt: { port: 0 } });
    url = `mqtt://127.0.0.1:${iotRuntime(t.platform).port}`;
    token = await t.login('iot_admin1');
    const [m] = await query<{ id: number }>(
      t,
      `insert into enterprise (name, kind, filing_state) values ('同号物联网公司', 'iot', 2) returning id`,
    );
    const [d] = await query<{ id: number }>(
      t,
      `insert into iot_device (code, name, merchant_id, secret_hash) values ('${CODE}', '他家设备', ${m.id},
        '${hashSecret(OTHER_SECRET)}') returning id`,
    );
    other = { merchantId: m.id, deviceId: d.id };
  });
  afterAll(() => t?.close());

  it('lets a merchant add a code another merchant uses, and refuses only its own duplicate', async () => {
    const res = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
      token,
      body: { code: CODE, name: '本家设备' },
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    mine = res.body.data;
    expect(mine.device.merchantId).not.toBe(other.merchantId);
    const dup = await t.api('POST', '/iot/device/add', { token, body: { code: CODE, name: 'x' } });
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toContain('已存在');
    // The list answers the merchant's own device only.
    const list = await t.api<Page<IotDeviceRow>>('POST', '/equ3000/list', { token, body: { keyword: CODE } });
    expect(list.body.data.records.map((d) => d.id)).toEqual([mine.device.id]);
    // The import too: the other's code is free for this merchant, its own is a row error.
    const imp = await t.api('POST', '/iot/device/batchAdd', {
      token,
      body: { devices: [{ code: CODE, name: 'x' }] },
    });
    expect(imp.status).toBe(409);
  });

  it('stores each merchant’s message on its own device over HTTP', async () => {
    const lift = await demoLift(t);
    await t.api('POST', '/equ3000/bind', { token, body: { deviceId: mine.device.id, elevatorId: lift.id } });
    expect((await ingest(t, CODE, mine.secret, 'status', normal({ floor: 7 }))).status).toBe(200);
    expect((await ingest(t, CODE, OTHER_SECRET, 'status', normal())).status).toBe(200);
    expect(await historyOf(mine.device.id)).toBe(1);
    expect(await historyOf(other.deviceId)).toBe(1);
    // Naming the merchant: the other's secret under this merchant's number is refused.
    const wrong = await t.api('POST', '/iot/ingest', {
      body: {
        deviceCode: CODE,
        merchantId: mine.device.merchantId,
        secret: OTHER_SECRET,
        kind: 'status',
        message: normal(),
      },
    });
    expect(wrong.status).toBe(401);
    const right = await t.api('POST', '/iot/ingest', {
      body: {
        deviceCode: CODE,
        merchantId: other.merchantId,
        secret: OTHER_SECRET,
        kind: 'status',
        message: normal(),
      },
    });
    expect(right.status).toBe(200);
    expect(await historyOf(other.deviceId)).toBe(2);
    expect(await historyOf(mine.device.id)).toBe(1);
  });

  it('authenticates `<merchant id>/<code>` and the bare code over MQTT, each on its own topic', async () => {
    const a = await connect(url, `${mine.device.merchantId}/${CODE}`, mine.secret);
    await a.publishAsync(`${mine.device.topic}/status`, JSON.stringify(normal({ floor: 8 })), { qos: 1 });
    const b = await connect(url, CODE, OTHER_SECRET);
    await b.publishAsync(`elevator/${other.merchantId}/${CODE}/status`, JSON.stringify(normal()), { qos: 1 });
    expect(
      await until(
        () => historyOf(mine.device.id),
        (n) => n === 2,
      ),
    ).toBe(2);
    expect(
      await until(
        () => historyOf(other.deviceId),
        (n) => n === 3,
      ),
    ).toBe(3);
    // The other merchant's device may not publish under this merchant's topic of the same code.
    const closed = new Promise<void>((resolve) => b.once('close', () => resolve()));
    b.publish(`${mine.device.topic}/status`, JSON.stringify(normal()), { qos: 1 });
    await closed;
    b.end(true);
    // The merchant's number with the other's secret is refused at connection.
    await expect(connect(url, `${mine.device.merchantId}/${CODE}`, OTHER_SECRET)).rejects.toThrow();
    await a.endAsync();
    expect(await historyOf(mine.device.id)).toBe(2);
  });

  it('validates an escalator’s state (GB/T 24476) and opens and clears the escalator alarms', async () => {
    const lift = await demoLift(t);
    const added = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
      token,
      body: { code: 'ESC-0001', name: '扶梯终端' },
    });
    const esc = added.body.data;
    await t.api('POST', '/equ3000/bind', { token, body: { deviceId: esc.device.id, elevatorId: lift.id } });
    const running = {
      mode: 'normal',
      run: 'up',
      speed: 0.5,
      nominalSpeed: 0.5,
      handrailLeftDeviation: -2,
      handrailRightDeviation: 1,
      stepMissing: false,
      combPlateTripped: false,
      safetyCircuit: true,
    };
    const open = async () =>
      (
        await query<{ type: number }>(
          t,
          `select type from iot_alarm where elevator_id = ${lift.id} and cleared_at is null order by type`,
        )
      ).map((r) => r.type);
    expect((await ingest(t, esc.device.code, esc.secret, 'escalator', running)).status).toBe(200);
    // Bad states are refused with the reason, never stored.
    const bad = await ingest(t, esc.device.code, esc.secret, 'escalator', { ...running, run: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toContain('已丢弃');
    expect((await ingest(t, esc.device.code, esc.secret, 'escalator', { ...running, floor: 3 })).status).toBe(
      400,
    );
    expect((await ingest(t, esc.device.code, esc.secret, 'escalator', { ...running, speed: 9 })).status).toBe(
      400,
    );
    expect(await open()).toEqual([]);
    // A handrail 20% slow, a comb plate switch, over speed: each its alarm with its severity.
    const faulty = { ...running, speed: 0.7, handrailLeftDeviation: -20, combPlateTripped: true };
    expect((await ingest(t, esc.device.code, esc.secret, 'escalator', faulty)).status).toBe(200);
    expect(await open()).toEqual([31, 34, 39]);
    const [sev] = await query<{ severity: number }>(
      t,
      `select severity from iot_alarm where elevator_id = ${lift.id} and type = 31 and cleared_at is null`,
    );
    expect(sev.severity).toBe(4);
    // Repeated: no second row; a missing step and an open safety circuit add theirs.
    await ingest(t, esc.device.code, esc.secret, 'escalator', {
      ...faulty,
      stepMissing: true,
      safetyCircuit: false,
    });
    expect(await open()).toEqual([31, 33, 34, 39, 40]);
    // Maintenance mode is not a normal run: nothing clears; a normal run clears them all.
    await ingest(t, esc.device.code, esc.secret, 'escalator', { ...running, mode: 'maintenance' });
    expect((await open()).length).toBe(5);
    await ingest(t, esc.device.code, esc.secret, 'escalator', running);
    expect(await open()).toEqual([]);
    const [h] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from iot_history where device_id = ${esc.device.id} and kind = 'escalator'`,
    );
    expect(h.n).toBe(5);
  });
});
