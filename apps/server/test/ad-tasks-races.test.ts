import {
  AD_ORDER_STATE,
  AD_POINT_STATE,
  type AdChangeResult,
  type AdTaskDetail,
  type AdTaskRow,
  adTaskCalls as C,
  type Call,
  type Page,
  adUserCalls as U,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfUser, leaseLifts } from './ad-support.ts';
import { companyOf, confirmedOrder, query, uploadPhoto } from './ad-tasks-support.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * The tasks' write rules under 50 concurrent requests (on PostgreSQL they really run at once):
 * one QR code binds to one point, a point takes one code, a task takes one log awaiting review, a
 * log is reviewed once, and a point takes one open poster change (换画).
 */
const N = 50;

describe.each(dbKinds)('advertising task rules under %s with 50 concurrent requests', (kind) => {
  let t: TestApp;
  let gg: string;
  let ggId: number;
  let tasks: AdTaskRow[];
  let photo: string;
  const send = <T>(call: Call, input: Record<string, unknown>) =>
    t.api<T>(call.method, call.path, { token: gg, body: input });
  const count = (results: { status: number }[]) => {
    const c: Record<number, number> = {};
    for (const r of results) c[r.status] = (c[r.status] ?? 0) + 1;
    return c;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Lease before booking: the demo operator's lifts leased for the tests' far dates.
    await leaseLifts(t, await companyOfUser(t, 'gg_admin1'));
    gg = await t.login('gg_admin1');
    ggId = await companyOf(t, 'gg_admin1');
    const [me] = await query<{ id: number }>(t, `select id from sys_user where username = 'gg_admin1'`);
    await send(U.addXcxUser, { kind: 1, name: '并发安装员', phone: '13977100002', userId: me.id });
    const o = await confirmedOrder(t, ggId, { points: N, startDate: '2031-01-01', endDate: '2031-01-31' });
    const page = await t.api<Page<AdTaskRow>>('GET', C.getTaskList.path, {
      token: gg,
      query: { orderId: String(o.orderId), limit: '100' },
    });
    tasks = page.body.data.records.sort((a, b) => a.id - b.id);
    expect(tasks).toHaveLength(N);
    photo = await uploadPhoto(t, gg);
  }, 900_000);
  afterAll(() => t?.close());

  it('binds one code to one of 50 points that ask for it at once', async () => {
    const results = await Promise.all(
      tasks.map((x) => send(C.bindQrCode, { id: x.id, qrCode: 'RACE-CODE-1' })),
    );
    expect(count(results)).toEqual({ 200: 1, 409: N - 1 });
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int n from ad_point where qr_code = 'RACE-CODE-1'`,
    );
    expect(n).toBe(1);
  });

  it('binds one of 50 codes to a point at once', async () => {
    const free = tasks.find((x) => true && x.qrCode === null) ?? tasks[0];
    const [bound] = await query<{ point_id: number }>(
      t,
      `select id point_id from ad_point where qr_code = 'RACE-CODE-1'`,
    );
    const target = tasks.find((x) => x.pointId !== bound.point_id) ?? free;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => send(C.bindQrCode, { id: target.id, qrCode: `RACE-POINT-${i}` })),
    );
    expect(count(results)).toEqual({ 200: 1, 409: N - 1 });
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int n from ad_point where qr_code like 'RACE-POINT-%'`,
    );
    expect(n).toBe(1);
  });

  it('takes one log of a task that 50 submissions send at once, and reviews it once', async () => {
    const [row] = await query<{ id: number; qr_code: string; latitude: number; longitude: number }>(
      t,
      `select id, qr_code, latitude, longitude from ad_point where qr_code like 'RACE-POINT-%'`,
    );
    const task = tasks.find((x) => x.pointId === row.id)!;
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        send<AdTaskDetail>(C.submitLog, {
          id: task.id,
          version: task.version,
          photoFileId: photo,
          qrCode: row.qr_code,
          latitude: row.latitude,
          longitude: row.longitude,
        }),
      ),
    );
    expect(count(results)).toEqual({ 200: 1, 409: N - 1 });
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int n from ad_task_log where task_id = ${task.id}`,
    );
    expect(n).toBe(1);
    const [log] = results.find((r) => r.status === 200)!.body.data.logs;
    const reviews = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        send(C.updateStatus, { id: log.id, version: log.version, status: i % 2 ? 2 : 3, remark: '并发审核' }),
      ),
    );
    expect(count(reviews)).toEqual({ 200: 1, 409: N - 1 });
    const [{ status }] = await query<{ status: number }>(
      t,
      `select status from ad_task where id = ${task.id}`,
    );
    expect([3, 4]).toContain(status);
  });

  it('moves an order to 投放中 once when 50 of its installs are approved at once', async () => {
    const o = await confirmedOrder(t, ggId, { points: N, startDate: '2031-03-01', endDate: '2031-03-31' });
    const page = await t.api<Page<AdTaskRow>>('GET', C.getTaskList.path, {
      token: gg,
      query: { orderId: String(o.orderId), limit: '100' },
    });
    const logs: { id: number; version: number }[] = [];
    for (const x of page.body.data.records) {
      const qrCode = `RACE-START-${x.pointId}`;
      expect((await send(C.bindQrCode, { id: x.id, qrCode })).status).toBe(200);
      const [at] = await query<{ latitude: number; longitude: number }>(
        t,
        `select latitude, longitude from ad_point where id = ${x.pointId}`,
      );
      const sent = await send<AdTaskDetail>(C.submitLog, {
        id: x.id,
        version: x.version,
        photoFileId: photo,
        qrCode,
        ...at,
      });
      expect(sent.status, sent.body.resultMsg).toBe(200);
      logs.push(sent.body.data.logs[0]);
    }
    const [before] = await query<{ status: number; version: number }>(
      t,
      `select status, version from ad_order where id = ${o.orderId}`,
    );
    expect(before.status).toBe(AD_ORDER_STATE.confirmed);
    const reviews = await Promise.all(
      logs.map((l) => send(C.updateStatus, { id: l.id, version: l.version, status: 2 })),
    );
    expect(count(reviews)).toEqual({ 200: N });
    const [after] = await query<{ status: number; version: number }>(
      t,
      `select status, version from ad_order where id = ${o.orderId}`,
    );
    expect(after).toEqual({ status: AD_ORDER_STATE.showing, version: before.version + 1 });
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int n from ad_point where id in (${o.pointIds.join(',')}) and state = ${AD_POINT_STATE.showing}`,
    );
    expect(n).toBe(N);
  });

  it('makes one open poster change of a point that 50 requests (by ids and by filters) ask for at once', async () => {
    const o = await confirmedOrder(t, ggId, { points: 1, startDate: '2031-02-01', endDate: '2031-02-28' });
    const [pointId] = o.pointIds;
    await query(t, `update ad_order set status = 4 where id = ${o.orderId}`);
    await query(t, `update ad_point set state = 3 where id = ${pointId}`);
    const [{ point_no }] = await query<{ point_no: string }>(
      t,
      `select point_no from ad_point where id = ${pointId}`,
    );
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i % 2
          ? send<AdChangeResult>(C.batchAddTaskByIds, { ids: [pointId] })
          : send<AdChangeResult>(C.batchAddTask, { keyword: point_no }),
      ),
    );
    expect(count(results)).toEqual({ 200: N });
    expect(results.reduce((n, r) => n + r.body.data.created, 0)).toBe(1);
    const skipped = results.flatMap((r) => r.body.data.skipped);
    expect(skipped.map((s) => s.reason)).toEqual(Array(N - 1).fill('已有未完成的换画任务'));
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int n from ad_task where point_id = ${pointId} and kind = 3`,
    );
    expect(n).toBe(1);
  });
});
