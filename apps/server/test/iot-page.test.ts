import {
  API_PREFIX,
  formatDateTime,
  type ImportReport,
  IOT_IMPORT_HEADERS,
  type IotDeviceData,
  type IotDeviceRow,
  type IotLiftRun,
  type Page,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxBuffer } from '../src/platform/excel.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import {
  demoLift,
  escalatorRunning,
  ingest,
  normal,
  otherMerchantDevice,
  query,
  REGULATORS,
} from './iot-support.ts';
import { multipart } from './multipart.ts';

/**
 * The 物联网电梯 page's server side: the device list's filters by district, company and alarm
 * (within the user's scope: a filter never widens it), the companies to filter by (scoped), a lift's
 * day newest first (its timeline), an escalator's latest state, and the merchant's device sheet
 * import (all rows or none, every bad row by its number, per merchant, raced).
 */

interface Lift {
  id: number;
  registerCode: string;
  areaCode: string;
  maintenanceCompanyId: number;
  useCompanyId: number;
}

type Report = ImportReport & { devices: { device: IotDeviceRow; secret: string }[] };

describe.each(dbKinds)('IoT page: filters, timeline, escalator state, sheet import on %s', (kind) => {
  let t: TestApp;
  let merchant: string;
  let admin: string;
  let liftA: Lift;
  let liftB: Lift;
  let devA: { device: IotDeviceRow; secret: string };
  let devB: { device: IotDeviceRow; secret: string };

  const liftOf = async (id: number): Promise<Lift> => {
    const [l] = await query<{
      id: number;
      register_code: string;
      area_code: string;
      maintenance_company_id: number;
      use_company_id: number;
    }>(
      t,
      `select id, register_code, area_code, maintenance_company_id, use_company_id from elevator where id = ${id}`,
    );
    return {
      id: l.id,
      registerCode: l.register_code,
      areaCode: l.area_code,
      maintenanceCompanyId: l.maintenance_company_id,
      useCompanyId: l.use_company_id,
    };
  };

  /** A free lift of another district (with a regulator), another maintenance company and use unit. */
  const liftApart = async (from: Lift, skip: number[] = []) => {
    const districts = Object.keys(REGULATORS)
      .filter((a) => a !== from.areaCode)
      .map((a) => `'${a}'`)
      .join(',');
    const [row] = await query<{ id: number }>(
      t,
      `select e.id from elevator e
        where e.area_code in (${districts})
          and e.maintenance_company_id is not null and e.maintenance_company_id <> ${from.maintenanceCompanyId}
          and e.use_company_id is not null and e.use_company_id <> ${from.useCompanyId}
          and not exists (select 1 from iot_binding b where b.elevator_id = e.id and b.unbound_at is null)
          ${skip.length ? `and e.id not in (${skip.join(',')})` : ''}
        order by e.id limit 1`,
    );
    if (!row) throw new Error('no lift apart from the first');
    return liftOf(row.id);
  };

  const list = (token: string, filters: Record<string, unknown>) =>
    t.api<Page<IotDeviceRow>>('POST', '/equ3000/list', {
      token,
      body: { keyword: 'FLT-', limit: 100, ...filters },
    });
  const codes = async (token: string, filters: Record<string, unknown>) => {
    const res = await list(token, filters);
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data.records.map((d) => d.code).sort();
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    merchant = await t.login('iot_admin1');
    admin = await t.login('admin');
    liftA = await liftOf((await demoLift(t)).id);
    liftB = await liftApart(liftA);
    const added = await t.api<{ device: IotDeviceRow; secret: string }[]>('POST', '/iot/device/batchAdd', {
      token: merchant,
      body: {
        devices: [
          { code: 'FLT-A', name: '筛选甲', registerCode: liftA.registerCode },
          { code: 'FLT-B', name: '筛选乙', registerCode: liftB.registerCode },
        ],
      },
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    [devA, devB] = added.body.data;
    expect(devA.device.lift?.elevatorId).toBe(liftA.id);
    // A's lift has an open 层站按钮粘连 (14); B's runs normally.
    expect((await ingest(t, 'FLT-A', devA.secret, 'status', normal())).status).toBe(200);
    expect((await ingest(t, 'FLT-A', devA.secret, 'alarm', { type: 14 })).status).toBe(200);
    expect((await ingest(t, 'FLT-B', devB.secret, 'status', normal())).status).toBe(200);
  });
  afterAll(() => t?.close());

  it('filters the devices by district, maintenance company, use company and alarm', async () => {
    expect(await codes(admin, {})).toEqual(['FLT-A', 'FLT-B']);
    expect(await codes(admin, { areaCode: liftA.areaCode })).toEqual(['FLT-A']);
    expect(await codes(admin, { areaCode: liftB.areaCode })).toEqual(['FLT-B']);
    // A city's code covers its districts.
    expect(await codes(admin, { areaCode: '450100' })).toEqual(['FLT-A', 'FLT-B']);
    expect(await codes(admin, { maintenanceCompanyId: liftA.maintenanceCompanyId })).toEqual(['FLT-A']);
    expect(await codes(admin, { maintenanceCompanyId: liftB.maintenanceCompanyId })).toEqual(['FLT-B']);
    expect(await codes(admin, { useCompanyId: liftB.useCompanyId })).toEqual(['FLT-B']);
    expect(await codes(admin, { alarm: 'open' })).toEqual(['FLT-A']);
    expect(await codes(admin, { alarm: 'none' })).toEqual(['FLT-B']);
    expect(await codes(admin, { alarmType: 14 })).toEqual(['FLT-A']);
    expect(await codes(admin, { alarmType: 13 })).toEqual([]);
    expect(await codes(admin, { alarm: 'open', areaCode: liftB.areaCode })).toEqual([]);
    // The total agrees with the rows.
    const page = await list(admin, { alarm: 'open' });
    expect(page.body.data.total).toBe(1);
    // The merchant filters its own devices alike.
    expect(await codes(merchant, { useCompanyId: liftA.useCompanyId })).toEqual(['FLT-A']);
  });

  it('refuses a bad filter with a message', async () => {
    const badType = await list(admin, { alarmType: 99 });
    expect(badType.status).toBe(400);
    expect(badType.body.resultMsg).toContain('报警类型不正确');
    const badAlarm = await list(admin, { alarm: 'some' });
    expect(badAlarm.status).toBe(400);
    const badCompany = await list(admin, { maintenanceCompanyId: 'x' });
    expect(badCompany.status).toBe(400);
  });

  it("never widens a user's scope: a regulator's filters stay in its districts", async () => {
    const regulator = await t.login(REGULATORS[liftA.areaCode]);
    expect(await codes(regulator, {})).toEqual(['FLT-A']);
    expect(await codes(regulator, { areaCode: liftB.areaCode })).toEqual([]);
    expect(await codes(regulator, { maintenanceCompanyId: liftB.maintenanceCompanyId })).toEqual([]);
    expect(await codes(regulator, { alarm: 'none' })).toEqual([]);
    const other = await t.login(REGULATORS[liftB.areaCode]);
    expect(await codes(other, { alarm: 'open' })).toEqual([]);
    expect(await codes(other, { alarmType: 14 })).toEqual([]);
    expect(await codes(other, { alarm: 'none' })).toEqual(['FLT-B']);
  });

  it('offers the companies of the lifts with a device the user sees', async () => {
    const companies = async (token: string, k: 'maintenance' | 'use') => {
      const res = await t.api<{ id: number; name: string }[]>('GET', '/common/queryIotSimple', {
        token,
        query: { kind: k, limit: 100 },
      });
      expect(res.status, res.body.resultMsg).toBe(200);
      return res.body.data.map((c) => c.id);
    };
    const all = await companies(admin, 'maintenance');
    expect(all).toEqual(expect.arrayContaining([liftA.maintenanceCompanyId, liftB.maintenanceCompanyId]));
    const regulator = await t.login(REGULATORS[liftA.areaCode]);
    const seen = await companies(regulator, 'maintenance');
    expect(seen).toContain(liftA.maintenanceCompanyId);
    // B's company maintains no lift with a device in A's district (the demo devices included).
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from iot_binding b join elevator e on e.id = b.elevator_id
        where b.unbound_at is null and e.area_code = '${liftA.areaCode}'
          and e.maintenance_company_id = ${liftB.maintenanceCompanyId}`,
    );
    if (n === 0) expect(seen).not.toContain(liftB.maintenanceCompanyId);
    expect(await companies(regulator, 'use')).toContain(liftA.useCompanyId);
  });

  it("reads a lift's day newest first for its timeline", async () => {
    const base = Date.now() - 60_000;
    for (const [i, floor] of [4, 5, 6].entries())
      await ingest(
        t,
        'FLT-B',
        devB.secret,
        'status',
        normal({ t: base + i * 10_000, floor, run: 'up', door: 'closed', doorZone: false }),
      );
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const day = (order: string, page = 1) =>
      t.api<Page<{ at: string; message: { floor: number } }>>('GET', '/iot/lift/messages', {
        token: admin,
        query: { elevatorId: liftB.id, date: today, kind: 'status', order, limit: 2, page },
      });
    const desc = await day('desc');
    expect(desc.status, desc.body.resultMsg).toBe(200);
    expect(desc.body.data.records.map((e) => e.message.floor)).toEqual([3, 6]);
    expect(desc.body.data.total).toBe(4);
    const asc = await day('asc');
    expect(asc.body.data.records.map((e) => e.message.floor)).toEqual([4, 5]);
    // The raw messages are paged: the next page holds the rest.
    expect((await day('asc', 2)).body.data.records.map((e) => e.message.floor)).toEqual([6, 3]);
    expect((await day('sideways')).status).toBe(400);
    expect(
      (
        await t.api('GET', '/iot/lift/messages', {
          token: admin,
          query: { elevatorId: liftB.id, date: today, limit: 501 },
        })
      ).status,
    ).toBe(400);
  });

  it("answers a lift's day as its runs (from the first moving state to the one that ends it) and alarms", async () => {
    const liftD = await liftApart(liftA, [liftB.id]);
    await query(t, `update elevator set type = 1 where id = ${liftD.id} and type = 2`);
    const added = await t.api<{ device: IotDeviceRow; secret: string }[]>('POST', '/iot/device/batchAdd', {
      token: merchant,
      body: { devices: [{ code: 'FLT-RUNS', name: '运行终端', registerCode: liftD.registerCode }] },
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    const dev = added.body.data[0];
    const base = Date.now() - 120_000;
    // stop 1, up 2, up 5, stop 6 (a move 2 → 6), down 5 then up 4 (a move 5 → 4 ended by the other
    // direction), up 7 (a move still going at the last state: it ends there).
    const states: ['stop' | 'up' | 'down', number][] = [
      ['stop', 1],
      ['up', 2],
      ['up', 5],
      ['stop', 6],
      ['stop', 6],
      ['down', 5],
      ['up', 4],
      ['up', 7],
    ];
    for (const [i, [run, floor]] of states.entries()) {
      const moving = run !== 'stop';
      const res = await ingest(
        t,
        'FLT-RUNS',
        dev.secret,
        'status',
        normal({ t: base + i * 10_000, floor, run, door: moving ? 'closed' : 'open', doorZone: !moving }),
      );
      expect(res.status).toBe(200);
    }
    const at = (i: number) => formatDateTime(base + i * 10_000);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const history = (limit?: number) =>
      t.api<{ kind: string; runs: IotLiftRun[]; runCount: number; alarms: unknown[] }>(
        'GET',
        '/iot/lift/history',
        { token: admin, query: { elevatorId: liftD.id, date: today, ...(limit ? { limit } : {}) } },
      );
    const res = await history();
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data.kind).toBe('lift');
    expect(res.body.data.runCount).toBe(3);
    expect(res.body.data.runs).toEqual([
      { run: 'up', from: at(6), to: at(7), fromFloor: 4, toFloor: 7 },
      { run: 'down', from: at(5), to: at(6), fromFloor: 5, toFloor: 4 },
      { run: 'up', from: at(1), to: at(3), fromFloor: 2, toFloor: 6 },
    ]);
    // Bounded: the latest runs, the count of all.
    const one = await history(1);
    expect(one.body.data.runs.map((r) => r.from)).toEqual([at(6)]);
    expect(one.body.data.runCount).toBe(3);
    // A day without messages: no runs.
    const empty = await t.api<{ runs: unknown[]; runCount: number }>('GET', '/iot/lift/history', {
      token: admin,
      query: { elevatorId: liftD.id, date: '2020-01-01' },
    });
    expect(empty.body.data).toMatchObject({ runs: [], runCount: 0 });
  });

  it("keeps an escalator's latest state (a late message does not roll it back)", async () => {
    const liftC = await liftApart(liftA, [liftB.id]);
    // An escalator (the registry's type 2 扶梯): its 物联网 tab reads the escalator's state.
    await query(t, `update elevator set type = 2 where id = ${liftC.id}`);
    const added = await t.api<{ device: IotDeviceRow; secret: string }[]>('POST', '/iot/device/batchAdd', {
      token: merchant,
      body: { devices: [{ code: 'FLT-ESC', name: '扶梯终端', registerCode: liftC.registerCode }] },
    });
    const esc = added.body.data[0];
    const state = escalatorRunning;
    const now = Date.now();
    expect((await ingest(t, 'FLT-ESC', esc.secret, 'escalator', state({ t: now }))).status).toBe(200);
    expect(
      (await ingest(t, 'FLT-ESC', esc.secret, 'escalator', state({ t: now - 30_000, run: 'down' }))).status,
    ).toBe(200);
    const data = await t.api<IotDeviceData>('GET', `/equ3000/getDeviceData/${esc.device.id}`, {
      token: merchant,
    });
    expect(data.status, data.body.resultMsg).toBe(200);
    expect(data.body.data.state).toBeNull();
    expect(data.body.data.escalator).toMatchObject({
      elevatorId: liftC.id,
      deviceId: esc.device.id,
      run: 'up',
      mode: 'normal',
      nominalSpeed: 0.5,
      handrailRightDeviation: -2,
      stepMissing: false,
    });
    // Its day is its spells of one direction, from the escalator's messages (the late one in its place).
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const day = await t.api<{ kind: string; runs: IotLiftRun[] }>('GET', '/iot/lift/history', {
      token: admin,
      query: { elevatorId: liftC.id, date: today },
    });
    expect(day.status, day.body.resultMsg).toBe(200);
    expect(day.body.data.kind).toBe('escalator');
    expect(day.body.data.runs).toEqual([
      { run: 'up', from: formatDateTime(now), to: formatDateTime(now), fromFloor: null, toFloor: null },
      {
        run: 'down',
        from: formatDateTime(now - 30_000),
        to: formatDateTime(now - 30_000),
        fromFloor: null,
        toFloor: null,
      },
    ]);
    // A fault shows in the state and opens its alarm.
    expect(
      (await ingest(t, 'FLT-ESC', esc.secret, 'escalator', state({ t: now + 1000, stepMissing: true })))
        .status,
    ).toBe(200);
    const regulator = await t.login(REGULATORS[liftC.areaCode]);
    const live = await t.api<{
      kind: string;
      state: unknown;
      escalator: { stepMissing: boolean };
      alarms: { type: number }[];
    }>('GET', '/iot/lift/state', { token: regulator, query: { elevatorId: liftC.id } });
    expect(live.status, live.body.resultMsg).toBe(200);
    expect(live.body.data.kind).toBe('escalator');
    expect(live.body.data.state).toBeNull();
    expect(live.body.data.escalator.stepMissing).toBe(true);
    expect(live.body.data.alarms.map((a) => a.type)).toContain(33);
  });

  // ------------------------------------------------------------------ the device sheet

  const HEADERS = [...IOT_IMPORT_HEADERS];
  const upload = async (token: string, sheet: Buffer, name = 'devices.xlsx') => {
    const { payload, contentType } = multipart([{ name, body: sheet }]);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/equ3000/import`,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    return { status: res.statusCode, body: res.json() as { data: Report; resultMsg: string } };
  };
  const deviceCount = async () =>
    (await query<{ n: number }>(t, `select count(*)::int as n from iot_device`))[0].n;

  it('imports a clean sheet whole: the devices, their bindings, their secrets once', async () => {
    const free = await liftApart(liftA, [liftB.id]);
    const [{ id: freeId }] = await query<{ id: number }>(
      t,
      `select e.id from elevator e where e.id <> ${free.id}
        and not exists (select 1 from iot_binding b where b.elevator_id = e.id and b.unbound_at is null)
        order by e.id desc limit 1`,
    );
    const free2 = await liftOf(freeId);
    const sheet = await xlsxBuffer('S', HEADERS, [
      ['XLS-0001', '表格导入一', 'MQTT', 15, free.registerCode, '一号'],
      ['XLS-0002', '表格导入二', 'http', '', '', ''],
      ['XLS-0003', '表格导入三', '', 60, free2.registerCode, ''],
    ]);
    const res = await upload(merchant, sheet);
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data).toMatchObject({ success: true, total: 3, imported: 3, errors: [] });
    const byCode = new Map(res.body.data.devices.map((d) => [d.device.code, d]));
    expect(byCode.get('XLS-0001')?.device).toMatchObject({
      protocol: 'mqtt',
      intervalSeconds: 15,
      remark: '一号',
      lift: { elevatorId: free.id },
    });
    expect(byCode.get('XLS-0002')?.device).toMatchObject({
      protocol: 'http',
      intervalSeconds: 30,
      lift: null,
    });
    // Its secret works, once imported (the hash alone is kept).
    const d1 = byCode.get('XLS-0001');
    expect(d1?.secret.length).toBeGreaterThanOrEqual(30);
    expect((await ingest(t, 'XLS-0001', d1?.secret ?? '', 'status', normal({ floor: 9 }))).status).toBe(200);
    const [{ hash }] = await query<{ hash: string }>(
      t,
      `select secret_hash as hash from iot_device where code = 'XLS-0001'`,
    );
    expect(hash).not.toContain(d1?.secret ?? '-');
  });

  it('refuses a sheet with any bad row whole, naming every row and column', async () => {
    const [bound] = await query<{ register_code: string }>(
      t,
      `select register_code from elevator where id = ${liftA.id}`,
    );
    const free = await liftApart(liftB, [liftA.id]);
    const before = await deviceCount();
    const sheet = await xlsxBuffer('S', HEADERS, [
      ['XLS-GOOD-1', '好的一行', 'MQTT', 30, free.registerCode, ''], // row 2: good alone
      ['坏 编号', '编号不合格', 'MQTT', 30, '', ''], // 3
      ['XLS-DUP', '重复一', 'MQTT', 30, '', ''], // 4
      ['XLS-DUP', '重复二', 'MQTT', 30, '', ''], // 5
      ['XLS-0001', '已存在', 'MQTT', 30, '', ''], // 6
      ['XLS-NOLIFT', '无此电梯', 'MQTT', 30, '99999999999999999999', ''], // 7
      ['XLS-BOUND', '电梯已有设备', 'MQTT', 30, bound.register_code, ''], // 8
      ['XLS-PROTO', '协议不对', 'COAP', 2, '', ''], // 9
      ['', '', '', '', '', ''], // an empty row is skipped by the reader
      ['XLS-NONAME', '', 'MQTT', 30, '', ''], // 11 (or 10: the reader's numbering)
    ]);
    const res = await upload(merchant, sheet);
    expect(res.status, res.body.resultMsg).toBe(200);
    const r = res.body.data;
    expect(r.success).toBe(false);
    expect(r.imported).toBe(0);
    expect(r.devices).toEqual([]);
    expect(r.reportFileId).not.toBeNull();
    const at = (row: number) => r.errors.filter((e) => e.row === row).map((e) => `${e.column}:${e.message}`);
    expect(at(2)).toEqual([]);
    expect(at(3).join()).toContain('设备编号:设备编号应为 4–40 位字母');
    expect(at(4)).toEqual(['设备编号:文件中重复：XLS-DUP']);
    expect(at(5)).toEqual(['设备编号:文件中重复：XLS-DUP']);
    expect(at(6)).toEqual(['设备编号:设备编号 XLS-0001 已存在']);
    expect(at(7)).toEqual(['绑定电梯注册代码:注册代码 99999999999999999999 的电梯不存在']);
    expect(at(8).join()).toContain('已绑定其他物联网设备');
    expect(at(9).join()).toContain('接入协议:接入协议应为 mqtt 或 http');
    expect(at(9).join()).toContain('上报间隔(秒):上报间隔不能少于 5 秒');
    expect(r.errors.some((e) => e.column === '设备名称' && e.message.includes('设备名称'))).toBe(true);
    // Nothing written: not even the good row, nor its binding.
    expect(await deviceCount()).toBe(before);
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from iot_binding where elevator_id = ${free.id} and unbound_at is null`,
    );
    expect(n).toBe(0);
  });

  it('refuses a sheet without the required columns, an empty one, and non-merchants', async () => {
    const noCode = await upload(merchant, await xlsxBuffer('S', ['设备名称', '备注'], [['x', '']]));
    expect(noCode.status).toBe(400);
    expect(noCode.body.resultMsg).toContain('缺少必填列：设备编号');
    const empty = await upload(merchant, await xlsxBuffer('S', HEADERS, []));
    expect(empty.status).toBe(400);
    expect(empty.body.resultMsg).toContain('没有数据行');
    const sheet = await xlsxBuffer('S', HEADERS, [['XLS-ADMIN', '平台导入', 'MQTT', 30, '', '']]);
    // The platform and a regulator may not write a merchant's registry.
    expect((await upload(admin, sheet)).status).toBe(403);
    expect((await upload(await t.login(REGULATORS[liftA.areaCode]), sheet)).status).toBe(403);
    const notSheet = await upload(merchant, Buffer.from('%PDF-1.4 not a sheet'), 'devices.xlsx');
    expect([400, 415]).toContain(notSheet.status);
    const template = await t.api('GET', '/iot/device/importTemplate', { token: merchant });
    expect(template.status).toBe(200);
    expect(String(template.headers['content-type'])).toContain('spreadsheetml');
  });

  it("checks codes within the merchant only: another merchant's code is free", async () => {
    const other = await otherMerchantDevice(t, 'XLS-OTHER');
    const res = await upload(
      merchant,
      await xlsxBuffer('S', HEADERS, [[other.code, '同号不同商户', '', '', '', '']]),
    );
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data.success).toBe(true);
    expect(res.body.data.devices[0].device.merchantId).not.toBe(other.merchantId);
  });

  // 50 at once on PostgreSQL (where they do run at once); 10 on PGlite, whose one connection
  // serialises them anyway (each sheet is read in a worker thread: 50 of them on 2 cores take minutes).
  const racers = kind === 'postgres' ? 50 : 10;
  it(`stores one of ${racers} simultaneous imports of the same device code`, {
    timeout: 240_000,
  }, async () => {
    const sheet = await xlsxBuffer('S', HEADERS, [['XLS-RACE', '并发导入', 'MQTT', 30, '', '']]);
    const results = await Promise.all(Array.from({ length: racers }, () => upload(merchant, sheet)));
    const won = results.filter((r) => r.status === 200 && r.body.data.success);
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r === won[0]) continue;
      // Refused by the check (a row error) or, when both passed it, by the unique index (409).
      if (r.status === 200) expect(r.body.data.errors[0]?.message).toContain('已存在');
      else expect(r.status, r.body.resultMsg).toBe(409);
    }
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from iot_device where code = 'XLS-RACE'`,
    );
    expect(n).toBe(1);
  });
  it("carries each device's lift's latest state in the list (运行状态), the newest message's", async () => {
    const rows = async () => {
      const res = await list(admin, {});
      expect(res.status, res.body.resultMsg).toBe(200);
      return new Map(res.body.data.records.map((d) => [d.code, d]));
    };
    const before = await rows();
    expect(before.get('FLT-A')?.lastState).toMatchObject({
      kind: 'lift',
      run: 'stop',
      floor: 3,
      door: 'open',
    });
    expect(before.get('FLT-A')?.state).toBe(1);
    expect(before.get('FLT-A')?.lastSeenAt).not.toBeNull();
    const at = Date.now();
    expect(
      (
        await ingest(
          t,
          'FLT-B',
          devB.secret,
          'status',
          normal({ run: 'up', floor: 7, door: 'closed', doorZone: false, speed: 1, t: at }),
        )
      ).status,
    ).toBe(200);
    const after = await rows();
    expect(after.get('FLT-B')?.lastState).toEqual({
      kind: 'lift',
      at: formatDateTime(at),
      run: 'up',
      floor: 7,
      door: 'closed',
    });
    // A's row is A's lift's, not B's.
    expect(after.get('FLT-A')?.lastState?.floor).toBe(3);
    // The merchant's list and one device's row carry it too.
    const own = await list(merchant, {});
    expect(own.body.data.records.find((d) => d.code === 'FLT-B')?.lastState?.floor).toBe(7);
    // A device bound to no lift has none.
    const added = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
      token: merchant,
      body: { code: 'FLT-C', name: '筛选丙', protocol: 'http', intervalSeconds: 30 },
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    expect(added.body.data.device.lastState).toBeNull();
    const del = await t.api('DELETE', '/iot/device/delete', {
      token: merchant,
      query: { ids: String(added.body.data.device.id) },
    });
    expect(del.status).toBe(200);
  });
});
