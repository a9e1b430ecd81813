import type { IotDeviceRow } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { demoLift, ingest, query } from './iot-support.ts';

/**
 * 电梯数据同步 applies each row whole or not at all: a device moved to a lift that already has a
 * device is named among the refusals and keeps its old lift and that lift's alarms; a device unbound
 * by an empty register code ends its alarms with the binding, as the unbind call does.
 */
describe.each(dbKinds)('IoT binding sync, row by row, on %s', (kind) => {
  let t: TestApp;
  let merchant: string;

  const add = async (code: string, registerCode: string) => {
    const res = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
      token: merchant,
      body: { code, name: code },
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    const bound = await t.api<IotDeviceRow>('POST', '/equ3000/bind', {
      token: merchant,
      body: { deviceId: res.body.data.device.id, registerCode },
    });
    expect(bound.status, bound.body.resultMsg).toBe(200);
    expect(bound.body.data.lift?.registerCode).toBe(registerCode);
    return res.body.data;
  };
  const boundLift = async (deviceId: number) =>
    (
      await query<{ elevator_id: number }>(
        t,
        `select elevator_id from iot_binding where device_id = ${deviceId} and unbound_at is null`,
      )
    )[0]?.elevator_id ?? null;
  const openAlarms = async (deviceId: number) =>
    (
      await query<{ n: number }>(
        t,
        `select count(*)::int as n from iot_alarm where device_id = ${deviceId} and cleared_at is null`,
      )
    )[0].n;

  beforeAll(async () => {
    t = await startTestApp(kind);
    merchant = await t.login('iot_admin1');
  });
  afterAll(() => t?.close());

  it('keeps a refused row as it was and ends the alarms of a row it unbinds', async () => {
    const a = await demoLift(t);
    const b = await demoLift(t, [a.id]);
    const moved = await add('SYNC-0001', a.registerCode);
    const holder = await add('SYNC-0002', b.registerCode);
    const released = await add('SYNC-0003', (await demoLift(t, [a.id, b.id])).registerCode);
    for (const d of [moved, released]) {
      const alarm = await ingest(t, d.device.code, d.secret, 'alarm', { type: 12, detail: '关门超时' });
      expect(alarm.status, alarm.body.resultMsg).toBe(200);
      expect(await openAlarms(d.device.id)).toBe(1);
    }

    const sync = await t.api<{
      bound: number;
      unbound: number;
      unchanged: number;
      failed: { deviceCode: string }[];
    }>('POST', '/equ3000/sync', {
      token: merchant,
      body: {
        items: [
          { deviceCode: 'SYNC-0001', registerCode: b.registerCode },
          { deviceCode: 'SYNC-0002', registerCode: b.registerCode },
          { deviceCode: 'SYNC-0003', registerCode: '' },
        ],
      },
    });
    expect(sync.status, sync.body.resultMsg).toBe(200);
    expect(sync.body.data).toMatchObject({ bound: 0, unbound: 1, unchanged: 1 });
    expect(sync.body.data.failed.map((f) => f.deviceCode)).toEqual(['SYNC-0001']);
    // The refused move left the device on its lift, with the lift's alarm open.
    expect(await boundLift(moved.device.id)).toBe(a.id);
    expect(await openAlarms(moved.device.id)).toBe(1);
    expect(await boundLift(holder.device.id)).toBe(b.id);
    // The row that unbinds ends the device's alarms with its binding.
    expect(await boundLift(released.device.id)).toBeNull();
    expect(await openAlarms(released.device.id)).toBe(0);
  });
});
