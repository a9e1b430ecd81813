import { CASE_SOURCE, IOT_ALARM_BUTTON, type IotDeviceRow } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { demoLift, ingest, query } from './iot-support.ts';

/**
 * Who may raise a trapped-passenger alarm over HTTP (`POST /pc/rescueCase/alarm`): the platform for
 * any lift, an IoT merchant only for a lift one of its devices is bound to now (any other lift is
 * 404, as if unknown, and opens no case). A device relaying the car's alarm button (type 21) opens a
 * case whose source is 一键呼救, not 物联网.
 */
describe.each(dbKinds)('trapped alarms over HTTP on %s', (kind) => {
  let t: TestApp;
  let merchant: string;
  let admin: string;
  let bound: { id: number; registerCode: string };
  let other: { id: number; registerCode: string };
  let device: IotDeviceRow;
  let secret: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    merchant = await t.login('iot_admin1');
    admin = await t.login('admin');
    bound = await demoLift(t);
    other = await demoLift(t, [bound.id]);
    const added = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
      token: merchant,
      body: { code: 'ALARM-0001', name: '报警测试终端', intervalSeconds: 10 },
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    ({ device, secret } = added.body.data);
    const bind = await t.api('POST', '/equ3000/bind', {
      token: merchant,
      body: { deviceId: device.id, elevatorId: bound.id },
    });
    expect(bind.status, bind.body.resultMsg).toBe(200);
  });
  afterAll(() => t?.close());

  const casesOf = (liftId: number) =>
    query<{ id: number; source: number }>(
      t,
      `select id, source from rescue_case where elevator_id = ${liftId}`,
    );
  const alarm = (token: string, input: Record<string, unknown>) =>
    t.api<{ case: { id: number; source: number }; joined: boolean }>('POST', '/pc/rescueCase/alarm', {
      token,
      body: { source: CASE_SOURCE.iot, ...input },
    });

  it('refuses a merchant a lift none of its devices watches, by id or register code, and opens nothing', async () => {
    const before = (await casesOf(other.id)).length;
    for (const input of [{ elevatorId: other.id }, { registerCode: other.registerCode }]) {
      const res = await alarm(merchant, input);
      expect(res.status).toBe(404);
      expect(res.body.resultMsg).toBe('电梯不存在');
    }
    expect(await casesOf(other.id)).toHaveLength(before);
  });

  it('opens the case for a lift the merchant’s device is bound to, and for the platform on any lift', async () => {
    const mine = await alarm(merchant, { registerCode: bound.registerCode, trapped: 2 });
    expect(mine.status, mine.body.resultMsg).toBe(200);
    expect(mine.body.data.joined).toBe(false);
    expect((await casesOf(bound.id)).map((c) => c.id)).toContain(mine.body.data.case.id);
    const platform = await alarm(admin, { elevatorId: other.id });
    expect(platform.status, platform.body.resultMsg).toBe(200);
  });

  it('refuses the merchant again once the device is unbound', async () => {
    const unbind = await t.api('POST', '/equ3000/unbind', { token: merchant, body: { deviceId: device.id } });
    expect(unbind.status, unbind.body.resultMsg).toBe(200);
    expect((await alarm(merchant, { elevatorId: bound.id })).status).toBe(404);
    const rebind = await t.api('POST', '/equ3000/bind', {
      token: merchant,
      body: { deviceId: device.id, elevatorId: bound.id },
    });
    expect(rebind.status, rebind.body.resultMsg).toBe(200);
  });

  it('files a device’s alarm-button alarm as 一键呼救', async () => {
    // The bound lift's open case from above would be joined: close the way in with a fresh lift.
    const fresh = await demoLift(t, [bound.id, other.id]);
    const moved = await t.api('POST', '/equ3000/unbind', { token: merchant, body: { deviceId: device.id } });
    expect(moved.status, moved.body.resultMsg).toBe(200);
    const bind = await t.api('POST', '/equ3000/bind', {
      token: merchant,
      body: { deviceId: device.id, elevatorId: fresh.id },
    });
    expect(bind.status, bind.body.resultMsg).toBe(200);
    const sent = await ingest(t, device.code, secret, 'alarm', {
      type: IOT_ALARM_BUTTON,
      detail: '轿厢按下报警按钮',
    });
    expect(sent.status, sent.body.resultMsg).toBe(200);
    const cases = await casesOf(fresh.id);
    expect(cases).toHaveLength(1);
    expect(cases[0].source).toBe(CASE_SOURCE.alarmButton);
  });
});
