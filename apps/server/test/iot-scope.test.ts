import {
  API_PREFIX,
  IOT_IMPORT_HEADERS,
  IOT_SYNC_HEADERS,
  type IotDeviceRow,
  iotAlarmCalls,
  iotDeviceCalls,
  iotIngestCalls,
  iotLookupCalls,
  type Page,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxBuffer } from '../src/platform/excel.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import {
  demoLift,
  ingest,
  normal,
  otherMerchantDevice,
  otherRegulator,
  query,
  REGULATORS,
} from './iot-support.ts';
import { multipart } from './multipart.ts';
import { CallProber, type Probes } from './scope-sweep.ts';
import { userWithPages } from './system-support.ts';

/**
 * Data scope of the IoT calls, call by call: another IoT merchant, another use unit, another
 * maintenance company and a regulator of another district ask for a device of iot_admin1 bound to
 * one of sy_admin1's lifts, and for that lift's alarm. Each call answers 404 (403 without the
 * permission or for a registry write that is not theirs), leaves the record out of a list, or
 * refuses the device's credentials; the platform sees it; nothing changed afterwards. The lift's
 * own parties (its use unit, its maintenance company, its district's regulator) and the merchant do
 * see it. A call without a probe fails the sweep.
 */
describe.each(dbKinds)('IoT data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  let device: IotDeviceRow;
  let secret: string;
  let lift: { id: number; registerCode: string; areaCode: string };
  let otherLift: { id: number };
  let alarmId: number;
  let actors: string[];
  let lp: CallProber<typeof iotDeviceCalls>;
  const snapshot = () =>
    query(
      t,
      `select d.id, d.version, d.secret_hash, d.name,
        (select json_agg(json_build_object('e', b.elevator_id, 'u', b.unbound_at) order by b.id) from iot_binding b where b.device_id = d.id) as b,
        (select json_agg(json_build_object('id', a.id, 'ack', a.acknowledged_at, 'c', a.cleared_at) order by a.id) from iot_alarm a where a.device_id = d.id) as a
        from iot_device d order by d.id`,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    const merchant = await t.login('iot_admin1');
    const added = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
      token: merchant,
      body: { code: 'SCOPE-0001', name: '范围测试终端' },
    });
    device = added.body.data.device;
    secret = added.body.data.secret;
    lift = await demoLift(t);
    otherLift = await demoLift(t, [lift.id]);
    await t.api('POST', '/equ3000/bind', {
      token: merchant,
      body: { deviceId: device.id, elevatorId: lift.id },
    });
    await ingest(t, device.code, secret, 'status', normal());
    await ingest(t, device.code, secret, 'alarm', { type: 14 });
    [{ id: alarmId }] = await query<{ id: number }>(
      t,
      `select id from iot_alarm where device_id = ${device.id} and cleared_at is null`,
    );

    // Another IoT merchant's administrator (its own company, the merchant's pages).
    const other = await otherMerchantDevice(t);
    const admin = await t.login('admin');
    const iot2 = await userWithPages(t, admin, ['/equ/manage', '/wisdom/iotelevator', 'iot'], {
      dataScope: 'company',
      companyId: other.merchantId,
      userType: 'iot',
    });
    const [m] = await query<{ maintenance_company_id: number | null }>(
      t,
      `select maintenance_company_id from elevator where id = ${lift.id}`,
    );
    const [wb2] = await query<{ company_id: number }>(
      t,
      `select company_id from sys_user where username = 'wb_admin2'`,
    );
    const otherCompany = m.maintenance_company_id === wb2.company_id ? 'wb_admin1' : 'wb_admin2';
    actors = [iot2.username, 'sy_admin2', otherCompany, otherRegulator(lift.areaCode)];

    lp = new CallProber(t, iotDeviceCalls);
    await lp.signIn(actors.filter((a) => a !== iot2.username));
    lp.tokens[iot2.username] = iot2.token;
    const info = await t.api<{ permissions: string[] }>('GET', '/pc/sysUser/getUserInfo', {
      token: iot2.token,
    });
    lp.permissions[iot2.username] = new Set(info.body.data.permissions);
  });
  afterAll(() => t?.close());

  /** Another prober over a group, sharing the sign-ins. */
  const prober = <C extends Record<string, import('@ec/contract').Call>>(calls: C) => {
    const p = new CallProber(t, calls);
    Object.assign(p.tokens, lp.tokens);
    Object.assign(p.permissions, lp.permissions);
    return p;
  };
  const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

  const deviceProbes = (): Probes<typeof iotDeviceCalls> => {
    const p = lp;
    return {
      list: (a) => p.leftOut(a, 'list', { keyword: device.code }, p.hasId(device.id)),
      batchAdd: async (a) => {
        // Binding a new device to the lift that has one: refused whole (409), or 403 without the right.
        const res = await p.send(a, 'batchAdd', {
          devices: [
            {
              code: `IMP-${a.slice(0, 6)}-01`.replace(/[^A-Za-z0-9_-]/g, ''),
              name: 'x',
              registerCode: lift.registerCode,
            },
          ],
        });
        expect(res.status, `${a} batchAdd`).toBe(p.may(a, 'batchAdd') ? 409 : 403);
      },
      import: async (a) => {
        // The sheet: a row binding the lift that has a device is a row error, nothing stored.
        const sheet = await xlsxBuffer(
          'S',
          [...IOT_IMPORT_HEADERS],
          [[`IMPX-${a.slice(0, 6)}`.replace(/[^A-Za-z0-9_-]/g, ''), 'x', 'MQTT', 30, lift.registerCode, '']],
        );
        const { payload, contentType } = multipart([{ name: 'devices.xlsx', body: sheet }]);
        const res = await t.inject({
          method: 'POST',
          url: `${API_PREFIX}/equ3000/import`,
          headers: { authorization: `Bearer ${p.tokens[a]}`, 'content-type': contentType },
          payload,
        });
        if (!p.may(a, 'import')) expect(res.statusCode, `${a} import`).toBe(403);
        else {
          expect(res.statusCode, `${a} import`).toBe(200);
          const report = res.json().data as { success: boolean; errors: { row: number; column: string }[] };
          expect(report.success).toBe(false);
          expect(report.errors).toEqual([expect.objectContaining({ row: 2, column: '绑定电梯注册代码' })]);
        }
      },
      importTemplate: async (a) => {
        const res = await p.send(a, 'importTemplate', {});
        expect(res.status, `${a} importTemplate`).toBe(p.may(a, 'importTemplate') ? 200 : 403);
      },
      bind: (a) =>
        p.refused(a, 'bind', { deviceId: device.id, elevatorId: otherLift.id }, p.may(a, 'bind') ? 404 : 403),
      unbind: (a) => p.refused(a, 'unbind', { deviceId: device.id }),
      sync: async (a) => {
        const res = await p.send<{ failed: { deviceCode: string }[] }>(a, 'sync', {
          items: [{ deviceCode: device.code, registerCode: '' }],
        });
        if (!p.may(a, 'sync')) expect(res.status, `${a} sync`).toBe(403);
        else {
          expect(res.status).toBe(200);
          expect(res.body.data.failed.map((f) => f.deviceCode)).toEqual([device.code]);
        }
      },
      syncSheet: async (a) => {
        // Read only: the sheet's rows come back to a merchant (nothing bound), 403 to anyone else.
        const sheet = await xlsxBuffer('S', [...IOT_SYNC_HEADERS], [[device.code, '']]);
        const { payload, contentType } = multipart([{ name: 'sync.xlsx', body: sheet }]);
        const res = await t.inject({
          method: 'POST',
          url: `${API_PREFIX}/iot/device/syncSheet`,
          headers: { authorization: `Bearer ${p.tokens[a]}`, 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, `${a} syncSheet`).toBe(p.may(a, 'syncSheet') ? 200 : 403);
      },
      syncTemplate: async (a) => {
        const res = await p.send(a, 'syncTemplate', {});
        expect(res.status, `${a} syncTemplate`).toBe(p.may(a, 'syncTemplate') ? 200 : 403);
      },
      getDeviceData: (a) => p.refused(a, 'getDeviceData', { id: device.id }),
      linkData: async (a) => {
        // Public: a token not made for the device opens nothing, whoever asks.
        const res = await p.send(a, 'linkData', { token: 'A'.repeat(30), id: device.id });
        expect(res.status, `${a} linkData`).toBe(403);
      },
      dataLink: (a) => p.refused(a, 'dataLink', { id: device.id }),
      detail: (a) => p.refused(a, 'detail', { id: device.id }),
      add: async (a) => {
        // Only a merchant adds, to its own registry: codes are unique per merchant, so another
        // merchant may use the same code (200, its own device) and learns nothing of this one.
        const res = await p.send<{ device: IotDeviceRow }>(a, 'add', {
          code: `${device.code}`,
          name: '同号',
        });
        expect(res.status, `${a} add`).toBe(p.may(a, 'add') ? 200 : 403);
        if (res.status === 200) {
          expect(res.body.data.device.merchantId, `${a} add`).not.toBe(device.merchantId);
          // Its own new device is no change to this one: removed, so the sweep's snapshot holds.
          await query(t, `delete from iot_device where id = ${res.body.data.device.id}`);
        }
      },
      update: (a) => p.refused(a, 'update', { id: device.id, version: device.version, name: '改名' }),
      delete: (a) => p.refused(a, 'delete', { ids: String(device.id) }),
      liftState: (a) => p.refused(a, 'liftState', { elevatorId: lift.id }),
      liftHistory: (a) => p.refused(a, 'liftHistory', { elevatorId: lift.id, date: today() }),
      liftMessages: (a) => p.refused(a, 'liftMessages', { elevatorId: lift.id, date: today() }),
    };
  };

  it('has a probe for every call', () => {
    lp.expectProbeForEveryCall(deviceProbes());
    prober(iotLookupCalls).expectProbeForEveryCall(lookupProbes());
    prober(iotAlarmCalls).expectProbeForEveryCall(alarmProbes());
    prober(iotIngestCalls).expectProbeForEveryCall(ingestProbes());
  });

  const lookupProbes = (): Probes<typeof iotLookupCalls> => {
    const p = prober(iotLookupCalls);
    return {
      queryIotSimple: (a) =>
        p.leftOut(a, 'queryIotSimple', { keyword: device.code }, (d) =>
          (d as { id: number }[]).some((x) => x.id === device.id),
        ),
    };
  };
  const alarmProbes = (): Probes<typeof iotAlarmCalls> => {
    const p = prober(iotAlarmCalls);
    return {
      list: (a) => p.leftOut(a, 'list', { elevatorId: lift.id }, p.hasId(alarmId)),
      acknowledge: (a) => p.refused(a, 'acknowledge', { id: alarmId }),
    };
  };
  const ingestProbes = (): Probes<typeof iotIngestCalls> => {
    const p = prober(iotIngestCalls);
    return {
      ingest: async (a) => {
        // Signed in or not, a message needs the device's own secret.
        const res = await p.send(a, 'ingest', {
          deviceCode: device.code,
          secret: 'guessed',
          kind: 'status',
          message: normal(),
        });
        expect(res.status, `${a} ingest`).toBe(401);
      },
      stats: (a) => p.refused(a, 'stats', {}, 403),
    };
  };

  it('keeps the device and its alarm from every outsider, call by call', async () => {
    for (const actor of actors) {
      await lp.sweep(actor, deviceProbes(), snapshot);
      await lp.sweep(actor, lookupProbes() as never, snapshot);
      await lp.sweep(actor, alarmProbes() as never, snapshot);
      await lp.sweep(actor, ingestProbes() as never, snapshot);
    }
  });

  it("shows them to the merchant and to the lift's parties", async () => {
    const regulator = REGULATORS[lift.areaCode];
    const [m] = await query<{ maintenance_company_id: number | null }>(
      t,
      `select maintenance_company_id from elevator where id = ${lift.id}`,
    );
    const [wb1] = await query<{ company_id: number }>(
      t,
      `select company_id from sys_user where username = 'wb_admin1'`,
    );
    const parties = [
      'sy_admin1',
      ...(regulator ? [regulator] : []),
      ...(m.maintenance_company_id === wb1.company_id ? ['wb_admin1'] : []),
    ];
    for (const u of parties) {
      const token = await t.login(u);
      const state = await t.api<{ device: IotDeviceRow | null }>('GET', '/iot/lift/state', {
        token,
        query: { elevatorId: lift.id },
      });
      expect(state.status, `${u}: ${state.body.resultMsg}`).toBe(200);
      expect(state.body.data.device?.id).toBe(device.id);
      const alarms = await t.api<Page<{ id: number }>>('GET', '/iot/alarm/list', {
        token,
        query: { elevatorId: lift.id },
      });
      expect(
        alarms.body.data.records.map((r) => r.id),
        u,
      ).toContain(alarmId);
      const list = await t.api<Page<IotDeviceRow>>('POST', '/equ3000/list', {
        token,
        body: { keyword: device.code },
      });
      expect(
        list.body.data.records.map((r) => r.id),
        u,
      ).toEqual([device.id]);
    }
    const merchant = await t.login('iot_admin1');
    const data = await t.api('GET', `/equ3000/getDeviceData/${device.id}`, { token: merchant });
    expect(data.status).toBe(200);
  });
});
