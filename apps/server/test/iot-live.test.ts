import type { AddressInfo } from 'node:net';
import {
  IOT_ALARM_TOPIC,
  IOT_STATE_TOPIC,
  type IotDeviceRow,
  type IotEscalatorState,
  type IotLiftState,
  iotDeviceCalls,
  iotStateEvent,
} from '@ec/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotRuntime } from '../src/modules/iot/broker.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { demoLift, escalatorRunning, ingest, normal, query } from './iot-support.ts';
import { openStream, until } from './live-support.ts';

/**
 * Live IoT events (server-sent, fed by NOTIFY): a stored state (a lift's or an escalator's, over
 * HTTP or MQTT) and an alarm that opens or clears reach the streams of the merchant and of the
 * lift's use unit, not another use unit's; the lift's 物联网 tab reads the state of the lift's kind.
 */
describe.each(dbKinds)('IoT live events on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let mqttUrl: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { mqtt: { port: 0 } });
    mqttUrl = `mqtt://127.0.0.1:${iotRuntime(t.platform).port}`;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  it('pushes states and alarms to whoever sees the lift', async () => {
    const merchant = await t.login('iot_admin1');
    const added = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
      token: merchant,
      body: { code: 'LIVE-0001', name: '实时终端' },
    });
    const { device, secret } = added.body.data;
    const lift = await demoLift(t);
    await t.api('POST', '/equ3000/bind', {
      token: merchant,
      body: { deviceId: device.id, elevatorId: lift.id },
    });
    const topics = `${IOT_STATE_TOPIC},${IOT_ALARM_TOPIC}`;
    const mine = await openStream(base, merchant, topics);
    const use = await openStream(base, await t.login('sy_admin1'), topics);
    const stranger = await openStream(base, await t.login('sy_admin2'), topics);
    try {
      await ingest(t, device.code, secret, 'status', normal({ floor: 9 }));
      await ingest(t, device.code, secret, 'alarm', { type: 20 });
      await until(
        () => use.events.filter((e) => e.event === IOT_ALARM_TOPIC).length === 1,
        5000,
        'the alarm',
      );
      await until(
        () => mine.events.filter((e) => e.event === IOT_ALARM_TOPIC).length === 1,
        5000,
        'the alarm',
      );
      const state = use.events.find((e) => e.event === IOT_STATE_TOPIC);
      expect(state?.data).toMatchObject({ kind: 'lift', elevatorId: lift.id, floor: 9 });
      expect(iotStateEvent.safeParse(state?.data).success).toBe(true);
      expect(use.events.find((e) => e.event === IOT_ALARM_TOPIC)?.data).toMatchObject({
        type: 20,
        open: true,
      });
      await ingest(t, device.code, secret, 'alarm', { type: 20, state: 'clear' });
      await until(
        () => use.events.filter((e) => e.event === IOT_ALARM_TOPIC).length === 2,
        5000,
        'the clear',
      );
      expect(use.events.filter((e) => e.event === IOT_ALARM_TOPIC)[1].data).toMatchObject({
        type: 20,
        open: false,
      });
      expect(stranger.events).toEqual([]);
      // The lift's 物联网 tab (its use unit opens the lift): a lift's state, no escalator's.
      const tab = await t.api<{ kind: string; state: IotLiftState | null; escalator: unknown }>(
        'GET',
        '/iot/lift/state',
        { token: await t.login('sy_admin1'), query: { elevatorId: lift.id } },
      );
      expect(tab.status, tab.body.resultMsg).toBe(200);
      expect(tab.body.data).toMatchObject({ kind: 'lift', state: { floor: 9 }, escalator: null });
    } finally {
      for (const s of [mine, use, stranger]) s.close();
    }
  });

  it("pushes an escalator's states (HTTP and MQTT), and its tab reads the escalator's state", async () => {
    const merchant = await t.login('iot_admin1');
    const added = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
      token: merchant,
      body: { code: 'LIVE-ESC1', name: '扶梯实时终端' },
    });
    const { device, secret } = added.body.data;
    // An escalator of the use unit's (the registry's type 2 扶梯).
    const lift = await demoLift(t);
    await query(t, `update elevator set type = 2 where id = ${lift.id}`);
    const bound = await t.api('POST', '/equ3000/bind', {
      token: merchant,
      body: { deviceId: device.id, elevatorId: lift.id },
    });
    expect(bound.status, bound.body.resultMsg).toBe(200);
    const use = await openStream(base, await t.login('sy_admin1'), IOT_STATE_TOPIC);
    const stranger = await openStream(base, await t.login('sy_admin2'), IOT_STATE_TOPIC);
    const escalatorEvents = () =>
      use.events.filter(
        (e) => e.event === IOT_STATE_TOPIC && e.data.kind === 'escalator' && e.data.elevatorId === lift.id,
      );
    const now = Date.now();
    const running = escalatorRunning;
    const client = await mqtt.connectAsync(mqttUrl, {
      username: `${device.merchantId}/${device.code}`,
      password: secret,
      reconnectPeriod: 0,
    });
    try {
      // Over HTTP.
      const posted = await ingest(t, device.code, secret, 'escalator', running({ t: now }));
      expect(posted.status, posted.body.resultMsg).toBe(200);
      await until(() => escalatorEvents().length === 1, 5000, 'the escalator state over HTTP');
      const first = escalatorEvents()[0].data;
      expect(iotStateEvent.safeParse(first).success).toBe(true);
      expect(first).toMatchObject({
        kind: 'escalator',
        elevatorId: lift.id,
        deviceId: device.id,
        mode: 'normal',
        run: 'up',
        speed: 0.5,
        handrailRightDeviation: -2,
      });
      expect(first).not.toHaveProperty('floor');
      // Over MQTT, the device's own topic.
      await client.publishAsync(
        `${device.topic}/escalator`,
        JSON.stringify(running({ t: now + 1000, run: 'down', combPlateTripped: true })),
        { qos: 1 },
      );
      await until(() => escalatorEvents().length === 2, 5000, 'the escalator state over MQTT');
      expect(escalatorEvents()[1].data).toMatchObject({ run: 'down', combPlateTripped: true });
      // A late message changes no state: no event (the next state's event follows the MQTT one).
      await ingest(t, device.code, secret, 'escalator', running({ t: now - 30_000, run: 'stop' }));
      await ingest(t, device.code, secret, 'escalator', running({ t: now + 2000, speed: 0.45 }));
      await until(() => escalatorEvents().length >= 3, 5000, 'the newer escalator state');
      expect(escalatorEvents().map((e) => [e.data.run, e.data.speed])).toEqual([
        ['up', 0.5],
        ['down', 0.5],
        ['up', 0.45],
      ]);
      // No lift-shaped event for it, nothing for another use unit.
      expect(use.events.filter((e) => e.data.kind === 'lift' && e.data.elevatorId === lift.id)).toEqual([]);
      expect(stranger.events).toEqual([]);

      // The tab reads the escalator's state (its kind from the registry), as its use unit sees it.
      const tab = await t.api<{
        kind: string;
        state: unknown;
        escalator: IotEscalatorState | null;
        device: IotDeviceRow | null;
      }>('GET', iotDeviceCalls.liftState.path, {
        token: await t.login('sy_admin1'),
        query: { elevatorId: lift.id },
      });
      expect(tab.status, tab.body.resultMsg).toBe(200);
      expect(tab.body.data.kind).toBe('escalator');
      expect(tab.body.data.state).toBeNull();
      expect(tab.body.data.device?.id).toBe(device.id);
      expect(tab.body.data.escalator).toEqual({ ...escalatorEvents()[2].data, kind: undefined });

      // A lift-shaped status from the same device is stored, but the device's data answers by the
      // registry's type, as the tab does: the escalator's state, no lift state.
      expect((await ingest(t, device.code, secret, 'status', normal({ t: now + 3000 }))).status).toBe(200);
      const data = await t.api<{ state: unknown; escalator: IotEscalatorState | null }>(
        'GET',
        iotDeviceCalls.getDeviceData.path.replace('{id}', String(device.id)),
        { token: merchant },
      );
      expect(data.status, data.body.resultMsg).toBe(200);
      expect(data.body.data.state).toBeNull();
      expect(data.body.data.escalator).toMatchObject({ run: 'up', speed: 0.45 });
    } finally {
      await client.endAsync();
      for (const s of [use, stranger]) s.close();
    }
  });
});
