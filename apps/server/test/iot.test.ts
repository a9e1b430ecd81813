import {
  IOT_ALARM_OFFLINE,
  IOT_ALARM_TRAPPED,
  IOT_MAX_MESSAGE_BYTES,
  type IotAlarmRow,
  type IotDeviceData,
  type IotDeviceRow,
  type Page,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotRuntime } from '../src/modules/iot/broker.ts';
import { detectOffline, detectTrapped } from '../src/modules/iot/jobs.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import {
  demoLift,
  ingest,
  normal,
  otherMerchantDevice,
  otherRegulator,
  query,
  REGULATORS,
  trapped,
} from './iot-support.ts';

/**
 * The IoT calls end to end over HTTP: the merchant's registry (add, change, renew the secret,
 * import, bind, unbind, sync, delete), ingestion over HTTP with the device's credentials (bad,
 * malformed, oversized messages refused and counted), the latest state, alarms opening, repeating
 * and clearing, 困人 opening a rescue case, 离线 with a controlled clock, acknowledgement, the signed
 * data link, the lookups; another merchant's device is 404 everywhere.
 */
describe.each(dbKinds)('IoT devices, ingestion and alarms on %s', (kind) => {
  let t: TestApp;
  let merchant: string;
  let admin: string;
  let lift: { id: number; registerCode: string; areaCode: string };
  let device: IotDeviceRow;
  let secret: string;
  let other: { merchantId: number; deviceId: number; code: string };

  beforeAll(async () => {
    t = await startTestApp(kind);
    merchant = await t.login('iot_admin1');
    admin = await t.login('admin');
    lift = await demoLift(t);
    other = await otherMerchantDevice(t);
  });
  afterAll(() => t?.close());

  const as = (token: string) => ({ token });
  const openAlarms = async (type?: number) =>
    query<{ id: number; type: number; repeats: number; case_id: number | null }>(
      t,
      `select id, type, repeats, case_id from iot_alarm where elevator_id = ${lift.id} and cleared_at is null
        ${type ? `and type = ${type}` : ''} order by id`,
    );

  it('lets the merchant add a device, shows its secret once and stores only its hash', async () => {
    const res = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
      ...as(merchant),
      body: { code: 'TEST-0001', name: '测试终端', intervalSeconds: 10 },
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    device = res.body.data.device;
    secret = res.body.data.secret;
    expect(secret.length).toBeGreaterThanOrEqual(30);
    expect(device.topic).toBe(`elevator/${device.merchantId}/TEST-0001`);
    expect(device.lift).toBeNull();
    const [row] = await query<{ secret_hash: string }>(
      t,
      `select secret_hash from iot_device where id = ${device.id}`,
    );
    expect(row.secret_hash).not.toContain(secret);
    expect(row.secret_hash).toHaveLength(64);

    const dup = await t.api('POST', '/iot/device/add', {
      ...as(merchant),
      body: { code: 'TEST-0001', name: 'x' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toContain('已存在');
    const bad = await t.api('POST', '/iot/device/add', {
      ...as(merchant),
      body: { code: '中文编号', name: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toMatch(/设备编号|设备名称/);
    // The platform reads devices but the registry is the merchant's; a maintenance company has no right.
    expect(
      (await t.api('POST', '/iot/device/add', { ...as(admin), body: { code: 'ADM-0001', name: 'x' } }))
        .status,
    ).toBe(403);
    const wb = await t.login('wb_admin1');
    expect(
      (await t.api('POST', '/iot/device/add', { ...as(wb), body: { code: 'WB-00001', name: 'x' } })).status,
    ).toBe(403);
  });

  it('binds the device to a lift, one active binding per lift and per device, with history', async () => {
    const bind = await t.api<IotDeviceRow>('POST', '/equ3000/bind', {
      ...as(merchant),
      body: { deviceId: device.id, registerCode: lift.registerCode },
    });
    expect(bind.status, bind.body.resultMsg).toBe(200);
    expect(bind.body.data.lift?.elevatorId).toBe(lift.id);
    const again = await t.api('POST', '/equ3000/bind', {
      ...as(merchant),
      body: { deviceId: device.id, elevatorId: lift.id },
    });
    expect(again.status).toBe(409);
    // Another device of the merchant on the same lift: refused (one device per lift).
    const second = await t.api<{ device: IotDeviceRow }>('POST', '/iot/device/add', {
      ...as(merchant),
      body: { code: 'TEST-0002', name: '第二台' },
    });
    const clash = await t.api('POST', '/equ3000/bind', {
      ...as(merchant),
      body: { deviceId: second.body.data.device.id, elevatorId: lift.id },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.resultMsg).toContain('一台电梯只能绑定一台设备');
    expect(
      (await t.api('POST', '/equ3000/bind', { ...as(merchant), body: { deviceId: device.id } })).status,
    ).toBe(400);
    expect(
      (
        await t.api('POST', '/equ3000/bind', {
          ...as(merchant),
          body: { deviceId: device.id, registerCode: 'NO-SUCH' },
        })
      ).status,
    ).toBe(404);
    // Unbind and bind again: two rows of history, one active.
    expect(
      (await t.api('POST', '/equ3000/unbind', { ...as(merchant), body: { deviceId: device.id } })).status,
    ).toBe(200);
    expect(
      (await t.api('POST', '/equ3000/unbind', { ...as(merchant), body: { deviceId: device.id } })).status,
    ).toBe(409);
    expect(
      (
        await t.api('POST', '/equ3000/bind', {
          ...as(merchant),
          body: { deviceId: device.id, elevatorId: lift.id },
        })
      ).status,
    ).toBe(200);
    const detail = await t.api<IotDeviceRow & { bindings: { unboundAt: string | null }[] }>(
      'GET',
      `/iot/device/detail/${device.id}`,
      as(merchant),
    );
    expect(detail.body.data.bindings).toHaveLength(2);
    expect(detail.body.data.bindings.filter((b) => b.unboundAt === null)).toHaveLength(1);
  });

  it("hides another merchant's device: 404 on every call that names it", async () => {
    const id = other.deviceId;
    for (const [method, path, body] of [
      ['GET', `/iot/device/detail/${id}`, undefined],
      ['GET', `/equ3000/getDeviceData/${id}`, undefined],
      ['POST', '/equ3000/bind', { deviceId: id, elevatorId: lift.id }],
      ['POST', '/equ3000/unbind', { deviceId: id }],
      ['POST', '/iot/device/update', { id, version: 0, name: 'x' }],
      ['POST', '/iot/device/dataLink', { id }],
    ] as const) {
      const res = await t.api(method, path, { ...as(merchant), body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const del = await t.api('DELETE', '/iot/device/delete', { ...as(merchant), query: { ids: String(id) } });
    expect(del.status).toBe(404);
    const list = await t.api<Page<IotDeviceRow>>('POST', '/equ3000/list', {
      ...as(merchant),
      body: { limit: 500 },
    });
    expect(list.body.data.records.map((d) => d.id)).not.toContain(id);
    expect(list.body.data.records.map((d) => d.id)).toContain(device.id);
    // The platform sees both.
    const all = await t.api<Page<IotDeviceRow>>('POST', '/equ3000/list', {
      ...as(admin),
      body: { keyword: 'OTHER-0001' },
    });
    expect(all.body.data.records.map((d) => d.id)).toEqual([id]);
  });

  it('ingests over HTTP with the device credentials; refuses, drops and counts bad messages', async () => {
    const before = iotRuntime(t.platform).ingestor.counters;
    const dropped = (r: string) => before.dropped[r] ?? 0;
    const [mal0, big0, un0] = [dropped('malformed'), dropped('oversized'), dropped('unauthorized')];
    expect((await ingest(t, device.code, 'wrong-secret', 'status', normal())).status).toBe(401);
    expect((await ingest(t, other.code, secret, 'status', normal())).status).toBe(401);
    expect(dropped('unauthorized')).toBe(un0 + 2);
    const malformed = await ingest(t, device.code, secret, 'status', { ...normal(), floor: 'three' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.resultMsg).toContain('已丢弃');
    expect((await ingest(t, device.code, secret, 'status', { ...normal(), extra: 1 })).status).toBe(400);
    expect((await ingest(t, device.code, secret, 'alarm', { type: 50 })).status).toBe(400); // derived types are the server's
    expect(dropped('malformed')).toBe(mal0 + 3);
    const big = await ingest(t, device.code, secret, 'alarm', {
      type: 12,
      detail: 'x'.repeat(200),
      pad: 'y'.repeat(IOT_MAX_MESSAGE_BYTES),
    });
    expect(big.status).toBe(413);
    expect(dropped('oversized')).toBe(big0 + 1);
    expect((await ingest(t, device.code, secret, 'noise', normal())).status).toBe(400);

    const ok = await ingest(t, device.code, secret, 'status', normal({ floor: 7 }));
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect(ok.body.data.stored).toBe(true);
    const stats = await ingest(t, device.code, secret, 'stats', {
      runs: 1200,
      runHours: 88.5,
      doorCycles: 4000,
    });
    expect(stats.body.data.stored).toBe(true);
    const state = await t.api<{ state: { floor: number; runs: number } | null; device: IotDeviceRow }>(
      'GET',
      '/iot/lift/state',
      {
        ...as(merchant),
        query: { elevatorId: lift.id },
      },
    );
    // The merchant does not open the lift in the registry: its lift pages are the lift's parties'.
    expect(state.status).toBe(404);
    const sy = await t.login('sy_admin1');
    const seen = await t.api<{ state: { floor: number; runs: number } | null; device: IotDeviceRow }>(
      'GET',
      '/iot/lift/state',
      {
        token: sy,
        query: { elevatorId: lift.id },
      },
    );
    expect(seen.status, seen.body.resultMsg).toBe(200);
    expect(seen.body.data.state?.floor).toBe(7);
    expect(seen.body.data.state?.runs).toBe(1200);
    expect(seen.body.data.device?.state).toBe(1);
    const [h] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from iot_history where device_id = ${device.id}`,
    );
    expect(h.n).toBe(2);
    const s = await t.api<{ received: number; stored: number; dropped: Record<string, number> }>(
      'GET',
      '/iot/ingest/stats',
      as(admin),
    );
    expect(s.body.data.stored).toBeGreaterThanOrEqual(2);
    expect((await t.api('GET', '/iot/ingest/stats', as(merchant))).status).toBe(403);
  });

  it('opens an alarm, repeats it without a second row, and clears it when the lift runs normally', async () => {
    await ingest(t, device.code, secret, 'status', normal({ safetyCircuit: false }));
    await ingest(t, device.code, secret, 'status', normal({ safetyCircuit: false }));
    let open = await openAlarms(10);
    expect(open).toHaveLength(1);
    expect(open[0].repeats).toBe(1);
    // A device alarm and its explicit clear.
    await ingest(t, device.code, secret, 'alarm', { type: 12, detail: '关门超时' });
    await ingest(t, device.code, secret, 'alarm', { type: 12 });
    expect((await openAlarms(12))[0].repeats).toBe(1);
    await ingest(t, device.code, secret, 'alarm', { type: 12, state: 'clear' });
    expect(await openAlarms(12)).toHaveLength(0);
    // Running with doors closed, circuits closed: normal again.
    await ingest(
      t,
      device.code,
      secret,
      'status',
      normal({ run: 'up', doorZone: false, door: 'closed', speed: 1.5 }),
    );
    open = await openAlarms();
    expect(open).toHaveLength(0);
    const [cleared] = await query<{ clear_reason: string }>(
      t,
      `select clear_reason from iot_alarm where elevator_id = ${lift.id} and type = 10`,
    );
    expect(cleared.clear_reason).toBe('电梯恢复正常运行');
  });

  it('derives 困人 after N seconds and opens a rescue case linked to the alarm', async () => {
    await query(t, `update sys_param set value = '60' where config_key = 'iotTrappedSeconds'`);
    // Device times after the stored state's (an older state than the stored one is history only).
    const t0 = Date.now() + 1000;
    await ingest(t, device.code, secret, 'status', { ...trapped(), t: new Date(t0).toISOString() });
    expect(await openAlarms(IOT_ALARM_TRAPPED)).toHaveLength(0);
    await ingest(t, device.code, secret, 'status', { ...trapped(), t: t0 + 30_000 });
    expect(await openAlarms(IOT_ALARM_TRAPPED)).toHaveLength(0);
    await ingest(t, device.code, secret, 'status', { ...trapped(), t: t0 + 61_000 });
    const [alarm] = await openAlarms(IOT_ALARM_TRAPPED);
    expect(alarm.case_id).not.toBeNull();
    const [c] = await query<{ source: number; kind: number; elevator_id: number; status: number }>(
      t,
      `select source, kind, elevator_id, status from rescue_case where id = ${alarm.case_id}`,
    );
    expect(c).toMatchObject({ source: 3, kind: 1, elevator_id: lift.id });
    // Still trapped: the same alarm repeats, no second case.
    const cases = async () =>
      (
        await query<{ n: number }>(
          t,
          `select count(*)::int as n from rescue_case where elevator_id = ${lift.id}`,
        )
      )[0].n;
    const before = await cases();
    await ingest(t, device.code, secret, 'status', { ...trapped(), t: t0 + 90_000 });
    expect(await openAlarms(IOT_ALARM_TRAPPED)).toHaveLength(1);
    expect((await openAlarms(IOT_ALARM_TRAPPED))[0].repeats).toBe(1);
    expect(await cases()).toBe(before);
    // The agent sees it on the board.
    const kf = await t.login('kf_agent1');
    const board = await t.api<{ cases: { id: number }[] }>('GET', '/pc/rescueCase/board', { token: kf });
    expect(JSON.stringify(board.body.data)).toContain(`"id":${alarm.case_id}`);
    // Doors open at a landing: cleared.
    await ingest(t, device.code, secret, 'status', { ...normal(), t: t0 + 91_000 });
    expect(await openAlarms(IOT_ALARM_TRAPPED)).toHaveLength(0);
  });

  it('derives 困人 by the job when the device falls silent while trapped', async () => {
    await query(t, `update rescue_case set status = 6 where elevator_id = ${lift.id}`);
    const t0 = Date.now() + 100_000;
    await ingest(t, device.code, secret, 'status', { ...trapped(), t: t0 });
    expect(await detectTrapped(t.platform.db, new Date(t0 + 30_000))).toBe(0);
    expect(await detectTrapped(t.platform.db, new Date(t0 + 61_000))).toBe(1);
    const [alarm] = await openAlarms(IOT_ALARM_TRAPPED);
    expect(alarm.case_id).not.toBeNull();
    await ingest(t, device.code, secret, 'status', { ...normal(), t: t0 + 62_000 });
    expect(await openAlarms(IOT_ALARM_TRAPPED)).toHaveLength(0);
  });

  it('opens a rescue case for the trapping alarms a device reports (平层关人, 非平层关人, 一键呼救), one per lift', async () => {
    await query(t, `update rescue_case set status = 6 where elevator_id = ${lift.id}`);
    const openCases = async () =>
      query<{ id: number; source: number }>(
        t,
        `select id, source from rescue_case where elevator_id = ${lift.id} and status <> 6 order by id`,
      );
    expect(await openCases()).toHaveLength(0);
    await ingest(t, device.code, secret, 'alarm', { type: 7, detail: '3 层平层关人' });
    const [levelled] = await openAlarms(7);
    expect(levelled.case_id).not.toBeNull();
    const cases = await openCases();
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ id: levelled.case_id, source: 3 });
    // A repeat of the open alarm: the same row, no second case.
    await ingest(t, device.code, secret, 'alarm', { type: 7 });
    expect(await openAlarms(7)).toMatchObject([{ repeats: 1, case_id: levelled.case_id }]);
    // Another trapping alarm while the case is open joins it: one case per lift.
    await ingest(t, device.code, secret, 'alarm', { type: 21, detail: '轿内一键呼救' });
    expect((await openAlarms(21))[0].case_id).toBe(levelled.case_id);
    expect(await openCases()).toHaveLength(1);
    // A non-trapping alarm opens none.
    await ingest(t, device.code, secret, 'alarm', { type: 11 });
    expect((await openAlarms(11))[0].case_id).toBeNull();
    // The device clears them; once the case is closed, 非平层关人 opens a new one.
    for (const type of [7, 21, 11]) await ingest(t, device.code, secret, 'alarm', { type, state: 'clear' });
    expect(await openAlarms()).toHaveLength(0);
    await query(t, `update rescue_case set status = 6 where elevator_id = ${lift.id}`);
    await ingest(t, device.code, secret, 'alarm', { type: 8 });
    const [between] = await openAlarms(8);
    expect(between.case_id).not.toBeNull();
    expect(between.case_id).not.toBe(levelled.case_id);
    await ingest(t, device.code, secret, 'alarm', { type: 8, state: 'clear' });
    await query(t, `update rescue_case set status = 6 where elevator_id = ${lift.id}`);
  });

  it('marks a silent device 离线 with a controlled clock, and its next message brings it back', async () => {
    const [{ last }] = await query<{ last: string }>(
      t,
      `select last_seen_at as last from iot_device where id = ${device.id}`,
    );
    const seen = new Date(last).getTime();
    // Interval 10 s: silent for 30 s is still online, past it offline.
    expect(await detectOffline(t.platform.db, new Date(seen + 29_000))).not.toContain(device.id);
    expect(await detectOffline(t.platform.db, new Date(seen + 31_000))).toContain(device.id);
    const [d] = await query<{ state: number }>(t, `select state from iot_device where id = ${device.id}`);
    expect(d.state).toBe(2);
    expect(await openAlarms(IOT_ALARM_OFFLINE)).toHaveLength(1);
    await ingest(t, device.code, secret, 'status', normal());
    expect(await openAlarms(IOT_ALARM_OFFLINE)).toHaveLength(0);
    const [back] = await query<{ state: number }>(t, `select state from iot_device where id = ${device.id}`);
    expect(back.state).toBe(1);
  });

  it('lists alarms in scope and lets the district regulator acknowledge one, once', async () => {
    await ingest(t, device.code, secret, 'alarm', { type: 13 });
    const regulator = await t.login(REGULATORS[lift.areaCode] ?? 'admin');
    const list = await t.api<Page<IotAlarmRow>>('GET', '/iot/alarm/list', {
      token: regulator,
      query: { elevatorId: lift.id, state: 'open' },
    });
    expect(list.status, list.body.resultMsg).toBe(200);
    const row = list.body.data.records.find((a) => a.type === 13);
    expect(row?.typeLabel).toBe('门锁回路断路');
    expect(row?.severityLabel).toBe('严重');
    const outsider = await t.login(otherRegulator(lift.areaCode));
    const hidden = await t.api<Page<IotAlarmRow>>('GET', '/iot/alarm/list', {
      token: outsider,
      query: { elevatorId: lift.id },
    });
    expect(hidden.body.data.total).toBe(0);
    expect(
      (await t.api('POST', '/iot/alarm/acknowledge', { token: outsider, body: { id: row?.id } })).status,
    ).toBe(404);
    const ack = await t.api<IotAlarmRow>('POST', '/iot/alarm/acknowledge', {
      token: regulator,
      body: { id: row?.id, note: '已通知维保单位' },
    });
    expect(ack.status, ack.body.resultMsg).toBe(200);
    expect(ack.body.data.ackNote).toBe('已通知维保单位');
    expect(
      (await t.api('POST', '/iot/alarm/acknowledge', { token: regulator, body: { id: row?.id } })).status,
    ).toBe(409);
    expect((await t.api('GET', '/iot/alarm/list', { token: regulator, query: { severity: 9 } })).status).toBe(
      400,
    );
    // The day's timeline of the lift.
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const history = await t.api<{ kind: string; alarms: IotAlarmRow[] }>('GET', '/iot/lift/history', {
      token: regulator,
      query: { elevatorId: lift.id, date: today },
    });
    expect(history.status, history.body.resultMsg).toBe(200);
    expect(history.body.data.kind).toBe('lift');
    expect(history.body.data.alarms.length).toBeGreaterThan(2);
    expect(history.body.data.alarms.map((a) => a.typeLabel)).toContain('门锁回路断路');
    const messages = await t.api<Page<unknown>>('GET', '/iot/lift/messages', {
      token: regulator,
      query: { elevatorId: lift.id, date: today, limit: 5 },
    });
    expect(messages.status, messages.body.resultMsg).toBe(200);
    expect(messages.body.data.records).toHaveLength(5);
    expect(messages.body.data.total).toBeGreaterThan(5);
    expect(
      (
        await t.api('GET', '/iot/lift/history', {
          token: outsider,
          query: { elevatorId: lift.id, date: today },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.api('GET', '/iot/lift/messages', {
          token: outsider,
          query: { elevatorId: lift.id, date: today },
        })
      ).status,
    ).toBe(404);
  });

  it('serves the device data to the merchant and through a signed link without sign-in', async () => {
    // An escalator's state kept for the lift (as from its device's escalator messages): the device's
    // data answers by the registry's type, the lift's state only.
    await query(
      t,
      `insert into iot_escalator_state (elevator_id, device_id, at, mode, run, speed, handrail_left_deviation,
        handrail_right_deviation, step_missing, comb_plate_tripped, safety_circuit)
        values (${lift.id}, ${device.id}, now(), 'normal', 'up', 0.5, 0, 0, false, false, true)`,
    );
    const data = await t.api<IotDeviceData>('GET', `/equ3000/getDeviceData/${device.id}`, as(merchant));
    expect(data.status).toBe(200);
    expect(data.body.data.state?.elevatorId).toBe(lift.id);
    expect(data.body.data.escalator).toBeNull();
    expect(data.body.data.recent.length).toBeGreaterThan(0);
    const link = await t.api<{ path: string }>('POST', '/iot/device/dataLink', {
      ...as(merchant),
      body: { id: device.id, hours: 1 },
    });
    expect(link.status).toBe(200);
    const open = await t.api<IotDeviceData>('GET', link.body.data.path);
    expect(open.status, open.body.resultMsg).toBe(200);
    expect(open.body.data.device.id).toBe(device.id);
    const tampered = link.body.data.path.replace(/.(\d+)$/, (m, id) => `${m[0] === 'A' ? 'B' : 'A'}${id}`);
    expect((await t.api('GET', tampered)).status).toBe(403);
    // The token of one device does not open another.
    const otherPath = link.body.data.path.replace(new RegExp(`${device.id}$`), String(other.deviceId));
    expect((await t.api('GET', otherPath)).status).toBe(403);
    expect((await t.api('GET', '/equ3000/short1')).status).toBe(400);
  });

  it('changes a device (stale version refused) and renews its secret', async () => {
    const stale = await t.api('POST', '/iot/device/update', {
      ...as(merchant),
      body: { id: device.id, version: device.version + 5, name: '改名' },
    });
    expect(stale.status).toBe(409);
    const res = await t.api<{ device: IotDeviceRow; secret: string | null }>('POST', '/iot/device/update', {
      ...as(merchant),
      body: { id: device.id, version: device.version, name: '改名', intervalSeconds: 15, renewSecret: true },
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data.device.name).toBe('改名');
    expect(res.body.data.secret).not.toBeNull();
    expect((await ingest(t, device.code, secret, 'status', normal())).status).toBe(401);
    secret = res.body.data.secret ?? '';
    expect((await ingest(t, device.code, secret, 'status', normal())).status).toBe(200);
  });

  it('imports devices all or nothing, syncs bindings by register code row by row, deletes unbound ones', async () => {
    const failed = await t.api('POST', '/iot/device/batchAdd', {
      ...as(merchant),
      body: {
        devices: [
          { code: 'IMP-0001', name: '导入一' },
          { code: 'TEST-0001', name: '重复' },
        ],
      },
    });
    expect(failed.status).toBe(409);
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from iot_device where code = 'IMP-0001'`,
    );
    expect(n).toBe(0);
    const lift2 = await demoLift(t, [lift.id]);
    const imported = await t.api<{ device: IotDeviceRow; secret: string }[]>('POST', '/iot/device/batchAdd', {
      ...as(merchant),
      body: {
        devices: [
          { code: 'IMP-0001', name: '导入一', registerCode: lift2.registerCode },
          { code: 'IMP-0002', name: '导入二', protocol: 'http' },
        ],
      },
    });
    expect(imported.status, imported.body.resultMsg).toBe(200);
    expect(imported.body.data[0].device.lift?.elevatorId).toBe(lift2.id);
    const sync = await t.api<{
      bound: number;
      unbound: number;
      unchanged: number;
      failed: { deviceCode: string }[];
    }>('POST', '/equ3000/sync', {
      ...as(merchant),
      body: {
        items: [
          { deviceCode: 'IMP-0001', registerCode: '' },
          { deviceCode: 'IMP-0002', registerCode: lift2.registerCode },
          { deviceCode: 'TEST-0001', registerCode: lift.registerCode },
          { deviceCode: 'OTHER-0001', registerCode: lift2.registerCode },
          { deviceCode: 'TEST-0002', registerCode: lift.registerCode },
        ],
      },
    });
    expect(sync.status, sync.body.resultMsg).toBe(200);
    expect(sync.body.data).toMatchObject({ bound: 1, unbound: 1, unchanged: 1 });
    expect(sync.body.data.failed.map((f) => f.deviceCode)).toEqual(['OTHER-0001', 'TEST-0002']);
    const boundId = imported.body.data[1].device.id;
    const refused = await t.api('DELETE', '/iot/device/delete', {
      ...as(merchant),
      query: { ids: String(boundId) },
    });
    expect(refused.status).toBe(409);
    const del = await t.api<{ deleted: number }>('DELETE', '/iot/device/delete', {
      ...as(merchant),
      query: { ids: String(imported.body.data[0].device.id) },
    });
    expect(del.body.data.deleted).toBe(1);
  });

  it('answers the select lookups in scope', async () => {
    const devices = await t.api<{ id: number; code: string }[]>('GET', '/common/queryIotSimple', {
      ...as(merchant),
      query: { keyword: 'TEST' },
    });
    expect(devices.body.data.map((d) => d.code)).toContain('TEST-0001');
    expect(devices.body.data.map((d) => d.code)).not.toContain('OTHER-0001');
    const merchants = await t.api<{ id: number; name: string }[]>('GET', '/common/queryIotSimple', {
      ...as(merchant),
      query: { kind: 'merchant' },
    });
    expect(merchants.body.data).toHaveLength(1);
    const all = await t.api<{ id: number }[]>('GET', '/common/queryIotSimple', {
      ...as(admin),
      query: { kind: 'merchant' },
    });
    expect(all.body.data.map((m) => m.id)).toContain(other.merchantId);
    expect(
      (await t.api('GET', '/common/queryIotSimple', { ...as(admin), query: { kind: 'people' } })).status,
    ).toBe(400);
  });
});
