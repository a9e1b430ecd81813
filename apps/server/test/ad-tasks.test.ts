import XLSX from '@e965/xlsx';
import {
  AD_ORDER_STATE,
  AD_POINT_STATE,
  AD_TASK_KIND,
  AD_TASK_STATUS,
  type AdTaskDetail,
  type AdTaskLogRow,
  type AdTaskRow,
  type AdTaskStat,
  adTaskCalls as C,
  type Call,
  fillPath,
  type Page,
  adUserCalls as U,
  type WxUserDetail,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfUser, leaseLifts } from './ad-support.ts';
import {
  companyOf,
  confirmedOrder,
  type MadeOrder,
  orderMoved,
  otherOperator,
  query,
  uploadPhoto,
} from './ad-tasks-support.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * Install tasks and their logs (投放任务, 投放日志): confirming an order makes one install task per
 * point, its end one removal task per point; the field worker binds the point's QR code, sends the
 * photo and his position; the operator approves (the point turns 投放中) or rejects; resetTask
 * reopens; statistics and the export agree with the logs.
 */
describe.each(dbKinds)('advertising tasks on %s', (kind) => {
  let t: TestApp;
  let gg: string;
  let ggId: number;
  let order: MadeOrder;
  let worker: WxUserDetail;
  let photo: string;
  const send = <T>(token: string, call: Call, input: Record<string, unknown>) => {
    const { path, rest } = fillPath(call.path, input);
    return call.method === 'GET'
      ? t.api<T>('GET', path, { token, query: rest as Record<string, string> })
      : t.api<T>(call.method, path, { token, body: rest });
  };
  const tasksOf = async (orderId: number, taskKind: number = AD_TASK_KIND.install) =>
    (
      await send<Page<AdTaskRow>>(gg, C.getTaskList, { orderId, kind: taskKind, limit: 100 })
    ).body.data.records.sort((a, b) => a.pointId - b.pointId);
  const orderRow = async (id: number) =>
    (
      await query<{ status: number; version: number }>(
        t,
        `select status, version from ad_order where id = ${id}`,
      )
    )[0];
  const pointState = async (id: number) =>
    (await query<{ state: number }>(t, `select state from ad_point where id = ${id}`))[0].state;
  /** Near the lift: a few metres off its coordinates. */
  const nearLift = async (pointId: number) => {
    const [p] = await query<{ latitude: number; longitude: number }>(
      t,
      `select latitude, longitude from ad_point where id = ${pointId}`,
    );
    return { latitude: p.latitude + 0.0001, longitude: p.longitude + 0.0001 };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Lease before booking: the demo operator's lifts leased for the tests' far dates.
    await leaseLifts(t, await companyOfUser(t, 'gg_admin1'));
    gg = await t.login('gg_admin1');
    ggId = await companyOf(t, 'gg_admin1');
    const [me] = await query<{ id: number }>(t, `select id from sys_user where username = 'gg_admin1'`);
    const w = await send<WxUserDetail>(gg, U.addXcxUser, {
      kind: 1,
      name: '安装员小韦',
      phone: '13977100001',
      userId: me.id,
    });
    expect(w.status, w.body.resultMsg).toBe(200);
    worker = w.body.data;
    order = await confirmedOrder(t, ggId, { points: 3, startDate: '2030-03-01', endDate: '2030-03-31' });
    photo = await uploadPhoto(t, gg);
  }, 900_000);
  afterAll(() => t?.close());

  it('the demo holds poster changes and a cancelled order’s cancelled installs, and no order 已确认 with an approved install', async () => {
    const kinds = await query<{ kind: number; status: number }>(
      t,
      `select distinct kind, status from ad_task where operator_id = ${ggId} and order_id < ${order.orderId}`,
    );
    const has = (k: number, st?: number) =>
      kinds.some((r) => r.kind === k && (st === undefined || r.status === st));
    expect(has(AD_TASK_KIND.install, AD_TASK_STATUS.done)).toBe(true);
    expect(has(AD_TASK_KIND.install, AD_TASK_STATUS.cancelled)).toBe(true);
    expect(has(AD_TASK_KIND.removal)).toBe(true);
    expect(has(AD_TASK_KIND.change)).toBe(true);
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int n from ad_order o where o.status = ${AD_ORDER_STATE.confirmed}
         and exists (select 1 from ad_task x where x.order_id = o.id and x.kind = 1 and x.status = 3)`,
    );
    expect(n).toBe(0);
  });

  it('makes one install task per point when the order is confirmed, and no second one', async () => {
    const tasks = await tasksOf(order.orderId);
    expect(tasks.map((x) => x.pointId)).toEqual(order.pointIds);
    expect(tasks.every((x) => x.status === AD_TASK_STATUS.pending && x.planDate === '2030-03-01')).toBe(true);
    expect(tasks[0].orderNo).toBe(order.orderNo);
    // A second confirmation run (a retried hook) adds nothing: the unique index on (order, point, kind).
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int n from ad_task where order_id = ${order.orderId}`,
    );
    expect(n).toBe(3);
  });

  it('binds one QR code per point and one point per code; unBindQrCode undoes it', async () => {
    const [a, b] = await tasksOf(order.orderId);
    const bound = await send<AdTaskDetail>(gg, C.bindQrCode, { id: a.id, qrCode: `QR-${a.pointId}-A` });
    expect(bound.status, bound.body.resultMsg).toBe(200);
    expect(bound.body.data.qrCode).toBe(`QR-${a.pointId}-A`);
    // Again the same code: nothing changes.
    expect((await send(gg, C.bindQrCode, { id: a.id, qrCode: `QR-${a.pointId}-A` })).status).toBe(200);
    const other = await send(gg, C.bindQrCode, { id: a.id, qrCode: 'QR-SOMETHING-ELSE' });
    expect(other.status).toBe(409);
    expect(other.body.resultMsg).toContain('请先解绑');
    const taken = await send(gg, C.bindQrCode, { id: b.id, qrCode: `QR-${a.pointId}-A` });
    expect(taken.status).toBe(409);
    expect(taken.body.resultMsg).toBe('该二维码已绑定其他点位');
    const bad = await send(gg, C.bindQrCode, { id: b.id, qrCode: '二维码' });
    expect(bad.status).toBe(400);
    const unbound = await send<AdTaskDetail>(gg, C.unBindQrCode, { id: a.id });
    expect(unbound.status).toBe(200);
    expect(unbound.body.data.qrCode).toBeNull();
    expect((await send(gg, C.unBindQrCode, { id: a.id })).status).toBe(409);
    // Now the code is free for the other point.
    expect((await send(gg, C.bindQrCode, { id: b.id, qrCode: `QR-${a.pointId}-A` })).status).toBe(200);
    expect((await send(gg, C.unBindQrCode, { id: b.id })).status).toBe(200);
  });

  it('takes a log with a photo, the scanned code and the position, and refuses a wrong one', async () => {
    const [a] = await tasksOf(order.orderId);
    const at = await nearLift(a.pointId);
    const log = { id: a.id, version: a.version, photoFileId: photo, qrCode: `QR-${a.pointId}`, ...at };
    const unbound = await send(gg, C.submitLog, log);
    expect(unbound.status).toBe(409);
    expect(unbound.body.resultMsg).toContain('尚未绑定二维码');
    expect((await send(gg, C.bindQrCode, { id: a.id, qrCode: `QR-${a.pointId}` })).status).toBe(200);
    const wrong = await send(gg, C.submitLog, { ...log, qrCode: 'QR-NOT-THIS-ONE' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.resultMsg).toBe('扫描的二维码不是该点位的二维码');
    const other = await otherOperator(t);
    const strangersPhoto = await uploadPhoto(t, await t.login(other.username));
    const foreign = await send(gg, C.submitLog, { ...log, photoFileId: strangersPhoto });
    expect(foreign.status).toBe(400);
    expect(foreign.body.resultMsg).toBe('安装照片不存在或无权使用');
    const noPhoto = await send(gg, C.submitLog, { ...log, photoFileId: undefined });
    expect(noPhoto.status).toBe(400);
    const ok = await send<AdTaskDetail>(gg, C.submitLog, log);
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect(ok.body.data.status).toBe(AD_TASK_STATUS.submitted);
    const [l] = ok.body.data.logs;
    expect(l.workerId).toBe(worker.id);
    expect(l.workerName).toBe('安装员小韦');
    expect(l.recordedByName).not.toBeNull();
    expect(l.distanceM).toBeGreaterThan(5);
    expect(l.distanceM).toBeLessThan(30);
    expect(l.far).toBe(false);
    expect(l.photoFileId).toBe(photo);
    // A second log while one awaits review: the task is no longer open.
    const again = await send(gg, C.submitLog, { ...log, version: ok.body.data.version });
    expect(again.status).toBe(409);
  });

  it('approves a log: the task is done and the point turns 投放中; a stale version is 409', async () => {
    const [a, b] = await tasksOf(order.orderId);
    const [l] = (await send<AdTaskDetail>(gg, C.get, { id: a.id })).body.data.logs;
    const stale = await send(gg, C.updateStatus, { id: l.id, version: l.version + 1, status: 2 });
    expect(stale.status).toBe(409);
    const before = await orderRow(order.orderId);
    expect(before.status).toBe(AD_ORDER_STATE.confirmed);
    const ok = await send<AdTaskLogRow>(gg, C.updateStatus, { id: l.id, version: l.version, status: 2 });
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect(ok.body.data.statusLabel).toBe('已通过');
    expect(ok.body.data.reviewerName).not.toBeNull();
    expect((await send<AdTaskDetail>(gg, C.get, { id: a.id })).body.data.statusLabel).toBe('已完成');
    expect(await pointState(a.pointId)).toBe(AD_POINT_STATE.showing);
    // The order's first approved install moves it on to 投放中; a point not yet installed keeps its
    // state until its own install is approved.
    const after = await orderRow(order.orderId);
    expect(after.status).toBe(AD_ORDER_STATE.showing);
    expect(after.version).toBe(before.version + 1);
    expect(await pointState(b.pointId)).not.toBe(AD_POINT_STATE.showing);
    const twice = await send(gg, C.updateStatus, {
      id: l.id,
      version: ok.body.data.version,
      status: 3,
      remark: 'x',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.resultMsg).toContain('已通过');
  });

  it('rejects a far log with a reason; the worker redoes it; resetTask reopens a done task', async () => {
    const [, b] = await tasksOf(order.orderId);
    await send(gg, C.bindQrCode, { id: b.id, qrCode: `QR-${b.pointId}` });
    const far = await send<AdTaskDetail>(gg, C.submitLog, {
      id: b.id,
      version: b.version,
      photoFileId: photo,
      qrCode: `QR-${b.pointId}`,
      latitude: 23.0,
      longitude: 108.0,
    });
    expect(far.status, far.body.resultMsg).toBe(200);
    const [l] = far.body.data.logs;
    expect(l.far).toBe(true);
    const noReason = await send(gg, C.updateStatus, { id: l.id, version: l.version, status: 3 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.resultMsg).toContain('驳回时请填写原因');
    const rejected = await send<AdTaskLogRow>(gg, C.updateStatus, {
      id: l.id,
      version: l.version,
      status: 3,
      remark: '定位不在电梯附近',
    });
    expect(rejected.status).toBe(200);
    const task = (await send<AdTaskDetail>(gg, C.get, { id: b.id })).body.data;
    expect(task.statusLabel).toBe('已驳回');
    expect(await pointState(b.pointId)).toBe(AD_POINT_STATE.free);
    const redo = await send<AdTaskDetail>(gg, C.submitLog, {
      id: b.id,
      version: task.version,
      photoFileId: photo,
      qrCode: `QR-${b.pointId}`,
      ...(await nearLift(b.pointId)),
    });
    expect(redo.status, redo.body.resultMsg).toBe(200);
    expect(redo.body.data.logs).toHaveLength(2);
    const pending = redo.body.data.logs[0];
    const showing = await orderRow(order.orderId);
    expect(
      (await send(gg, C.updateStatus, { id: pending.id, version: pending.version, status: 2 })).status,
    ).toBe(200);
    const done = (await send<AdTaskDetail>(gg, C.get, { id: b.id })).body.data;
    expect(done.statusLabel).toBe('已完成');
    expect(await pointState(b.pointId)).toBe(AD_POINT_STATE.showing);
    // A further install of an order already 投放中 leaves the order as it is.
    expect(await orderRow(order.orderId)).toEqual(showing);
    const reset = await send<AdTaskDetail>(gg, C.resetTask, { id: b.id, version: done.version });
    expect(reset.status, reset.body.resultMsg).toBe(200);
    expect(reset.body.data.statusLabel).toBe('待执行');
    expect((await send(gg, C.resetTask, { id: b.id, version: reset.body.data.version })).status).toBe(409);
  });

  it('assigns a worker to open tasks only, and only the operator own workers', async () => {
    const tasks = await tasksOf(order.orderId);
    const ok = await send<{ assigned: number }>(gg, C.assign, {
      ids: tasks.map((x) => x.id),
      workerId: worker.id,
    });
    expect(ok.status).toBe(200);
    // The done one is not open.
    expect(ok.body.data.assigned).toBe(2);
    const none = await send(gg, C.assign, { ids: [tasks[2].id], workerId: 2_000_000 });
    expect(none.status).toBe(400);
  });

  it('makes removal tasks at the order end; an approved removal frees the point', async () => {
    await orderMoved(t, 'finished', order, ggId);
    const removals = await tasksOf(order.orderId, AD_TASK_KIND.removal);
    expect(removals).toHaveLength(3);
    // The installs still open (the one reset above, the one never done) close with the order.
    expect((await tasksOf(order.orderId)).map((x) => x.statusLabel)).toEqual(['已完成', '已取消', '已取消']);
    expect(removals[0].planDate).toBe('2030-04-01');
    await orderMoved(t, 'finished', order, ggId);
    expect(await tasksOf(order.orderId, AD_TASK_KIND.removal)).toHaveLength(3);
    const [a] = removals;
    const sent = await send<AdTaskDetail>(gg, C.submitLog, {
      id: a.id,
      version: a.version,
      photoFileId: photo,
      qrCode: `QR-${a.pointId}`,
      ...(await nearLift(a.pointId)),
    });
    expect(sent.status, sent.body.resultMsg).toBe(200);
    const [l] = sent.body.data.logs;
    expect((await send(gg, C.updateStatus, { id: l.id, version: l.version, status: 2 })).status).toBe(200);
    expect(await pointState(a.pointId)).toBe(AD_POINT_STATE.free);
    // A point a following confirmed order holds goes back to 已预订, not 空闲.
    const b = removals[1];
    const [held] = await query<{ id: number }>(
      t,
      `insert into ad_order (order_no, company_id, custom_id, start_date, end_date, status)
       select 'HELD' || id, company_id, custom_id, '2031-01-01', '2031-01-31', ${AD_ORDER_STATE.confirmed}
       from ad_order where id = ${order.orderId} returning id`,
    );
    await query(
      t,
      `insert into ad_order_point (order_id, point_id, start_date, end_date, price, amount)
       values (${held.id}, ${b.pointId}, '2031-01-01', '2031-01-31', 100, 500)`,
    );
    await query(t, `update ad_point set state = ${AD_POINT_STATE.showing} where id = ${b.pointId}`);
    const sentB = await send<AdTaskDetail>(gg, C.submitLog, {
      id: b.id,
      version: b.version,
      photoFileId: photo,
      qrCode: `QR-${b.pointId}`,
      ...(await nearLift(b.pointId)),
    });
    expect(sentB.status, sentB.body.resultMsg).toBe(200);
    const [lb] = sentB.body.data.logs;
    expect((await send(gg, C.updateStatus, { id: lb.id, version: lb.version, status: 2 })).status).toBe(200);
    expect(await pointState(b.pointId)).toBe(AD_POINT_STATE.booked);
  });

  it('cancels a cancelled order open tasks', async () => {
    const o = await confirmedOrder(t, ggId, { points: 2, startDate: '2030-05-01', endDate: '2030-05-10' });
    await orderMoved(t, 'cancelled', o, ggId);
    const tasks = await tasksOf(o.orderId);
    expect(tasks.map((x) => x.statusLabel)).toEqual(['已取消', '已取消']);
    expect(await tasksOf(o.orderId, AD_TASK_KIND.removal)).toHaveLength(0);
  });

  it('counts logs per worker and per order, and exports them', async () => {
    const byWorker = await send<AdTaskStat[]>(gg, C.getTaskLogStatList, { by: 'worker' });
    expect(byWorker.status).toBe(200);
    const mine = byWorker.body.data.find((r) => r.id === worker.id);
    const [direct] = await query<{ logs: number; approved: number; rejected: number; far: number }>(
      t,
      `select count(*)::int logs, (count(*) filter (where status = 2))::int approved,
         (count(*) filter (where status = 3))::int rejected, (count(*) filter (where far))::int far
       from ad_task_log where worker_id = ${worker.id}`,
    );
    expect(mine).toMatchObject({ name: '安装员小韦', ...direct });
    expect(direct).toEqual({ logs: 5, approved: 4, rejected: 1, far: 1 });
    const byOrder = await send<AdTaskStat[]>(gg, C.getTaskLogStatList, { by: 'order' });
    expect(byOrder.body.data.find((r) => r.id === order.orderId)).toMatchObject({
      name: order.orderNo,
      logs: 5,
    });
    const bad = await send(gg, C.getTaskLogStatList, { by: 'city' });
    expect(bad.status).toBe(400);
    const res = await t.inject({
      method: 'GET',
      url: `/monitor/api${C.export.path}?orderId=${order.orderId}`,
      headers: { authorization: `Bearer ${gg}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r['状态']).sort()).toEqual(['已通过', '已通过', '已通过', '已通过', '已驳回']);
    expect(rows.every((r) => r['订单号'] === order.orderNo && r['安装人员'] === '安装员小韦')).toBe(true);
  });

  it('answers a clear message for bad input', async () => {
    const res = await send(gg, C.submitLog, {
      id: 1,
      version: 0,
      photoFileId: 'x',
      qrCode: 'QR-1',
      latitude: 99,
      longitude: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body.resultMsg).toMatch(/照片|纬度/);
    expect((await send(gg, C.get, { id: 2_000_000 })).status).toBe(404);
  });
});
