import { API_PREFIX, IOT_SYNC_HEADERS, type IotDeviceRow } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxBuffer } from '../src/platform/excel.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { demoLift, ingest, query } from './iot-support.ts';
import { multipart } from './multipart.ts';

/**
 * 电梯数据同步 applies each row whole or not at all: a device moved to a lift that already has a
 * device is named among the refusals and keeps its old lift and that lift's alarms; a device unbound
 * by an empty register code ends its alarms with the binding, as the unbind call does. A 同步绑定
 * sheet is read, not written: its two columns come back by row number (a bad row as it was, for the
 * dialog to name), a sheet without the columns or not a sheet is refused, only a merchant reads
 * one, and the template reads back as a sheet with those columns.
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

  const readSheet = async (token: string, sheet: Buffer, name = 'sync.xlsx') => {
    const { payload, contentType } = multipart([{ name, body: sheet }]);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/iot/device/syncSheet`,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    return {
      status: res.statusCode,
      body: res.json() as {
        resultMsg: string;
        data: { rows: { line: number; deviceCode: string; registerCode: string }[] };
      },
    };
  };

  it('reads a 同步绑定 sheet by row number and writes nothing; the template reads back', async () => {
    const before = await query(t, 'select * from iot_binding order by id');
    const sheet = await xlsxBuffer(
      'S',
      ['备注', '设备编号*', '电梯注册代码'],
      [
        ['甲', 'SYNC-0001', '31104501032018060001'],
        ['', '', ''],
        ['乙', 'bad code!', 'x'],
        ['丙', 'SYNC-0002', ''],
      ],
    );
    const read = await readSheet(merchant, sheet);
    expect(read.status, read.body.resultMsg).toBe(200);
    // Row numbers as the sheet shows them (the blank row 3 skipped), cells as written.
    expect(read.body.data.rows).toEqual([
      { line: 2, deviceCode: 'SYNC-0001', registerCode: '31104501032018060001' },
      { line: 4, deviceCode: 'bad code!', registerCode: 'x' },
      { line: 5, deviceCode: 'SYNC-0002', registerCode: '' },
    ]);
    expect(await query(t, 'select * from iot_binding order by id')).toEqual(before);

    const noColumn = await readSheet(merchant, await xlsxBuffer('S', ['设备编号'], [['SYNC-0001']]));
    expect(noColumn.status).toBe(400);
    expect(noColumn.body.resultMsg).toContain('缺少列：注册代码');
    const empty = await readSheet(merchant, await xlsxBuffer('S', [...IOT_SYNC_HEADERS], []));
    expect(empty.status).toBe(400);
    expect(empty.body.resultMsg).toContain('没有数据行');
    const notSheet = await readSheet(merchant, Buffer.from('设备编号,注册代码\nSYNC-0001,x'), 'sync.xlsx');
    expect([400, 415]).toContain(notSheet.status);
    // The platform and a use unit bind no merchant's devices: refused before the upload is read.
    for (const who of ['admin', 'sy_admin1'])
      expect((await readSheet(await t.login(who), sheet)).status, who).toBe(403);

    const template = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}/iot/device/syncTemplate`,
      headers: { authorization: `Bearer ${merchant}` },
    });
    expect(template.statusCode).toBe(200);
    expect(String(template.headers['content-type'])).toContain('spreadsheetml');
    const back = await readSheet(merchant, template.rawPayload, '同步绑定模板.xlsx');
    expect(back.status, back.body.resultMsg).toBe(200);
    expect(back.body.data.rows.map((r) => r.registerCode === '')).toEqual([false, true]);
  });
});
