import type { AddressInfo } from 'node:net';
import { IOT_ALARM_TOPIC, IOT_STATE_TOPIC, type IotDeviceRow } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { demoLift, ingest, normal } from './iot-support.ts';
import { openStream, until } from './live-support.ts';

/**
 * Live IoT events (server-sent, fed by NOTIFY): a stored state and an alarm that opens or clears
 * reach the streams of the merchant and of the lift's use unit, not another use unit's.
 */
describe.each(dbKinds)('IoT live events on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
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
      expect(state?.data).toMatchObject({ elevatorId: lift.id, floor: 9 });
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
    } finally {
      for (const s of [mine, use, stranger]) s.close();
    }
  });
});
