import type { IotDeviceRow } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { demoLift, ingest, normal, query } from './iot-support.ts';

/**
 * The binding rules and the alarms under 50 concurrent requests (at once on PostgreSQL; one by one
 * on PGlite): 50 devices binding one lift end with one binding (the partial unique index on the
 * lift), one device binding 50 lifts with one (the index on the device); 50 repeats of one alarm
 * leave one open alarm counting them.
 */
const N = 50;

describe.each(dbKinds)('IoT bindings and alarms under %s with 50 concurrent requests', (kind) => {
  let t: TestApp;
  let token: string;
  let devices: { device: IotDeviceRow; secret: string }[];
  const statuses = (results: { status: number }[]) => {
    const count: Record<number, number> = {};
    for (const r of results) count[r.status] = (count[r.status] ?? 0) + 1;
    return count;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await t.login('iot_admin1');
    const res = await t.api<{ device: IotDeviceRow; secret: string }[]>('POST', '/iot/device/batchAdd', {
      token,
      body: {
        devices: Array.from({ length: N }, (_, i) => ({
          code: `RACE-${String(i).padStart(3, '0')}`,
          name: `并发 ${i}`,
        })),
      },
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    devices = res.body.data;
  });
  afterAll(() => t?.close());

  it('binds one lift to one of 50 devices racing for it', async () => {
    const lift = await demoLift(t);
    const results = await Promise.all(
      devices.map((d) =>
        t.api('POST', '/equ3000/bind', { token, body: { deviceId: d.device.id, elevatorId: lift.id } }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from iot_binding where elevator_id = ${lift.id} and unbound_at is null`,
    );
    expect(n).toBe(1);
  });

  it('binds one device to one of 50 lifts at once', async () => {
    const [free] = await query<{ id: number }>(
      t,
      `select d.id from iot_device d where d.code like 'RACE-%'
        and not exists (select 1 from iot_binding b where b.device_id = d.id and b.unbound_at is null) order by d.id limit 1`,
    );
    const device = devices.find((d) => d.device.id === free?.id);
    if (!device) throw new Error('no free device');
    const lifts = await query<{ id: number }>(
      t,
      `select id from elevator e where not exists (select 1 from iot_binding b where b.elevator_id = e.id and b.unbound_at is null)
        order by id limit ${N}`,
    );
    const results = await Promise.all(
      lifts.map((l) =>
        t.api('POST', '/equ3000/bind', { token, body: { deviceId: device.device.id, elevatorId: l.id } }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from iot_binding where device_id = ${device.device.id} and unbound_at is null`,
    );
    expect(n).toBe(1);
  });

  it('deletes a device once under 50 deletes at once: one statement decides, the others find it gone', async () => {
    const added = await t.api<{ device: IotDeviceRow }>('POST', '/iot/device/add', {
      token,
      body: { code: 'RACE-DEL-1', name: '并发删除' },
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    const id = added.body.data.device.id;
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        t.api('DELETE', '/iot/device/delete', { token, query: { ids: String(id) } }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 404: N - 1 });
  });

  it('never both binds and deletes a device: 25 binds and 25 deletes at once', async () => {
    const added = await t.api<{ device: IotDeviceRow }>('POST', '/iot/device/add', {
      token,
      body: { code: 'RACE-DEL-2', name: '并发绑定删除' },
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    const id = added.body.data.device.id;
    const lift = await demoLift(t);
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i % 2 === 0
          ? t.api('POST', '/equ3000/bind', { token, body: { deviceId: id, elevatorId: lift.id } })
          : t.api('DELETE', '/iot/device/delete', { token, query: { ids: String(id) } }),
      ),
    );
    const bound = results.filter((r, i) => i % 2 === 0 && r.status === 200).length;
    const deleted = results.filter((r, i) => i % 2 === 1 && r.status === 200).length;
    // Either the device was deleted before any bind (binds then 404 or 409), or bound once (deletes 409).
    expect(bound + deleted, JSON.stringify(statuses(results))).toBe(1);
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from iot_device where id = ${id}`,
    );
    expect(n).toBe(bound);
  });

  // A bind committing while the delete waits on the device (the binding's key lock on it): the
  // delete must see that binding (409) and not take the device, and its binding, away.
  it.skipIf(kind === 'pglite')(
    'refuses to delete a device whose bind commits while the delete waits',
    async () => {
      const added = await t.api<{ device: IotDeviceRow }>('POST', '/iot/device/add', {
        token,
        body: { code: 'RACE-DEL-3', name: '绑定中删除' },
      });
      expect(added.status, added.body.resultMsg).toBe(200);
      const id = added.body.data.device.id;
      const lift = await demoLift(t);
      let deleting: Promise<{ status: number }> | undefined;
      await t.platform.db.transaction(async (tx) => {
        await tx.execute(
          sql.raw(`insert into iot_binding (device_id, elevator_id) values (${id}, ${lift.id})`),
        );
        deleting = t.api('DELETE', '/iot/device/delete', { token, query: { ids: String(id) } });
        await new Promise((r) => setTimeout(r, 500));
      });
      expect((await deleting)?.status).toBe(409);
      const [{ n }] = await query<{ n: number }>(
        t,
        `select count(*)::int as n from iot_binding where device_id = ${id} and unbound_at is null`,
      );
      expect(n).toBe(1);
    },
  );

  it('keeps one open alarm per lift and type under 50 repeats at once, counting them', async () => {
    const [row] = await query<{ device_id: number; elevator_id: number }>(
      t,
      `select b.device_id, b.elevator_id from iot_binding b join iot_device d on d.id = b.device_id
        where b.unbound_at is null and d.code like 'RACE-%' order by b.id limit 1`,
    );
    const d = devices.find((x) => x.device.id === row.device_id);
    if (!d) throw new Error('no bound device');
    await ingest(t, d.device.code, d.secret, 'status', normal());
    const results = await Promise.all(
      Array.from({ length: N }, () => ingest(t, d.device.code, d.secret, 'alarm', { type: 11 })),
    );
    expect(statuses(results)).toEqual({ 200: N });
    const open = await query<{ repeats: number }>(
      t,
      `select repeats from iot_alarm where elevator_id = ${row.elevator_id} and type = 11 and cleared_at is null`,
    );
    expect(open).toHaveLength(1);
    expect(open[0].repeats).toBe(N - 1);
  });
});
