import {
  AD_ORDER_STATE,
  AD_POINT_STATE,
  AD_TASK_KIND,
  type AdChangeResult,
  type AdTaskDetail,
  type AdTaskLogRow,
  type AdTaskRow,
  adTaskCalls as C,
  type Call,
  fillPath,
  type Page,
  shanghaiToday,
  adUserCalls as U,
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
 * Poster changes (换画, /adPoint/batchAddTaskByIds and /adPoint/batchAddTask): the operator asks for
 * a change task on its points 投放中 under an order, by ids or by the point list's filters; a point
 * holds one open change; the approval of its log leaves the point alone; another operator's point is
 * 404, the platform 403; the order's end closes the open changes.
 */
describe.each(dbKinds)('advertising poster changes on %s', (kind) => {
  let t: TestApp;
  let gg: string;
  let ggId: number;
  let showing: MadeOrder;
  let booked: MadeOrder;
  let pointNos: Map<number, string>;
  let photo: string;
  const today = shanghaiToday();
  const plusDays = (n: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const end = plusDays(30);
  const send = <T>(token: string, call: Call, input: Record<string, unknown>) => {
    const { path, rest } = fillPath(call.path, input);
    return call.method === 'GET'
      ? t.api<T>('GET', path, { token, query: rest as Record<string, string> })
      : t.api<T>(call.method, path, { token, body: rest });
  };
  const changes = async (orderId: number) =>
    (
      await send<Page<AdTaskRow>>(gg, C.getTaskList, {
        orderId: String(orderId),
        kind: String(AD_TASK_KIND.change),
        limit: '100',
      })
    ).body.data.records.sort((a, b) => a.id - b.id);
  const taskCount = async () =>
    (await query<{ n: number }>(t, `select count(*)::int n from ad_task where kind = 3`))[0].n;
  /** An order 投放中 with its points 投放中 (as its start makes them). */
  const showOrder = async (o: MadeOrder) => {
    await query(t, `update ad_order set status = ${AD_ORDER_STATE.showing} where id = ${o.orderId}`);
    await query(
      t,
      `update ad_point set state = ${AD_POINT_STATE.showing} where id in (${o.pointIds.join(',')})`,
    );
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Lease before booking: the demo operator's lifts leased for the tests' far dates.
    await leaseLifts(t, await companyOfUser(t, 'gg_admin1'));
    gg = await t.login('gg_admin1');
    ggId = await companyOf(t, 'gg_admin1');
    const [me] = await query<{ id: number }>(t, `select id from sys_user where username = 'gg_admin1'`);
    const w = await send(gg, U.addXcxUser, {
      kind: 1,
      name: '换画安装员',
      phone: '13977100021',
      userId: me.id,
    });
    expect(w.status, w.body.resultMsg).toBe(200);
    showing = await confirmedOrder(t, ggId, { points: 4, startDate: today, endDate: end });
    await showOrder(showing);
    booked = await confirmedOrder(t, ggId, { points: 1, startDate: plusDays(40), endDate: plusDays(50) });
    await query(t, `update ad_point set state = ${AD_POINT_STATE.booked} where id = ${booked.pointIds[0]}`);
    const rows = await query<{ id: number; point_no: string }>(
      t,
      `select id, point_no from ad_point where id in (${[...showing.pointIds, ...booked.pointIds].join(',')})`,
    );
    pointNos = new Map(rows.map((r) => [r.id, r.point_no]));
    photo = await uploadPhoto(t, gg);
  }, 900_000);
  afterAll(() => t?.close());

  it('makes a change task per point 投放中 under its order, and says why the others are left out', async () => {
    const [a, b] = showing.pointIds;
    const [c] = booked.pointIds;
    const res = await send<AdChangeResult>(gg, C.batchAddTaskByIds, { ids: [a, b, c] });
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data).toMatchObject({
      matched: 3,
      created: 2,
      skipped: [{ reason: '点位不在投放中', count: 1, pointNos: [pointNos.get(c)] }],
    });
    const tasks = await changes(showing.orderId);
    expect(tasks.map((x) => x.id)).toEqual(res.body.data.taskIds);
    expect(tasks.map((x) => x.pointId)).toEqual([a, b]);
    expect(
      tasks.every((x) => x.kindLabel === '换画' && x.statusLabel === '待执行' && x.planDate === today),
    ).toBe(true);
    expect(await changes(booked.orderId)).toHaveLength(0);
    // The points keep their state.
    const states = await query<{ state: number }>(t, `select state from ad_point where id in (${a}, ${b})`);
    expect(states.map((s) => s.state)).toEqual([AD_POINT_STATE.showing, AD_POINT_STATE.showing]);
    // Asked again: the open change stays the only one.
    const again = await send<AdChangeResult>(gg, C.batchAddTaskByIds, { ids: [a] });
    expect(again.body.data).toMatchObject({
      created: 0,
      skipped: [{ reason: '已有未完成的换画任务', count: 1, pointNos: [pointNos.get(a)] }],
    });
    expect(await changes(showing.orderId)).toHaveLength(2);
  });

  it('takes the point list filters, and a plan date up to the booking end', async () => {
    const [, , c, d] = showing.pointIds;
    const late = await send<AdChangeResult>(gg, C.batchAddTask, {
      keyword: pointNos.get(c),
      planDate: plusDays(31),
    });
    expect(late.status, late.body.resultMsg).toBe(200);
    expect(late.body.data).toMatchObject({
      matched: 1,
      created: 0,
      skipped: [{ reason: '计划日期晚于投放结束日期', count: 1 }],
    });
    const ok = await send<AdChangeResult>(gg, C.batchAddTask, {
      keyword: pointNos.get(c),
      state: AD_POINT_STATE.showing,
      planDate: end,
    });
    expect(ok.body.data).toMatchObject({ matched: 1, created: 1, skipped: [] });
    const [task] = (await changes(showing.orderId)).filter((x) => x.pointId === c);
    expect(task.planDate).toBe(end);
    // A filter the point does not meet matches nothing.
    const none = await send<AdChangeResult>(gg, C.batchAddTask, {
      keyword: pointNos.get(d),
      state: AD_POINT_STATE.free,
    });
    expect(none.body.data).toMatchObject({ matched: 0, created: 0, skipped: [] });
  });

  it('approves a change without touching the point; the point may then change again', async () => {
    const [a] = showing.pointIds;
    const [task] = (await changes(showing.orderId)).filter((x) => x.pointId === a);
    expect((await send(gg, C.bindQrCode, { id: task.id, qrCode: `CHG-${a}` })).status).toBe(200);
    const [p] = await query<{ latitude: number; longitude: number }>(
      t,
      `select latitude, longitude from ad_point where id = ${a}`,
    );
    const sent = await send<AdTaskDetail>(gg, C.submitLog, {
      id: task.id,
      version: task.version,
      photoFileId: photo,
      qrCode: `CHG-${a}`,
      ...p,
    });
    expect(sent.status, sent.body.resultMsg).toBe(200);
    // The point as it was before the verdict (its state and version).
    const pointRow = async () =>
      (
        await query<{ state: number; version: number }>(
          t,
          `select state, version from ad_point where id = ${a}`,
        )
      )[0];
    // Set 已预订 here: an install's approval would turn it 投放中, a removal's settle it (its order
    // shows) to 投放中; a change leaves it as it is.
    await query(t, `update ad_point set state = ${AD_POINT_STATE.booked} where id = ${a}`);
    const before = await pointRow();
    const [l] = sent.body.data.logs;
    const ok = await send<AdTaskLogRow>(gg, C.updateStatus, { id: l.id, version: l.version, status: 2 });
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect((await send<AdTaskDetail>(gg, C.get, { id: task.id })).body.data.statusLabel).toBe('已完成');
    expect(await pointRow()).toEqual(before);
    await query(t, `update ad_point set state = ${AD_POINT_STATE.showing} where id = ${a}`);
    // Done, the point takes a new change; the done one cannot be reopened beside it.
    const next = await send<AdChangeResult>(gg, C.batchAddTaskByIds, { ids: [a] });
    expect(next.body.data.created).toBe(1);
    const done = (await send<AdTaskDetail>(gg, C.get, { id: task.id })).body.data;
    const reset = await send(gg, C.resetTask, { id: task.id, version: done.version });
    expect(reset.status).toBe(409);
    expect(reset.body.resultMsg).toBe('该点位已有未完成的换画任务');
  });

  it('refuses another operator point (404, nothing made) and the platform (403)', async () => {
    const other = await otherOperator(t);
    const otherId = await companyOf(t, other.username);
    const theirs = await confirmedOrder(t, otherId, { points: 1, startDate: today, endDate: end });
    await showOrder(theirs);
    const [, , , d] = showing.pointIds;
    const before = await taskCount();
    const mixed = await send(gg, C.batchAddTaskByIds, { ids: [d, theirs.pointIds[0]] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.resultMsg).toBe('点位不存在或无权访问');
    const viaFilters = await send<AdChangeResult>(gg, C.batchAddTask, {
      keyword: (
        await query<{ point_no: string }>(t, `select point_no from ad_point where id = ${theirs.pointIds[0]}`)
      )[0].point_no,
    });
    expect(viaFilters.body.data).toMatchObject({ matched: 0, created: 0 });
    const admin = await t.login('admin');
    const byIds = await send(admin, C.batchAddTaskByIds, { ids: [d] });
    expect(byIds.status).toBe(403);
    expect(byIds.body.resultMsg).toContain('仅广告运营商可以执行此操作');
    expect((await send(admin, C.batchAddTask, {})).status).toBe(403);
    expect(await taskCount()).toBe(before);
  });

  it('answers a clear message for bad input, writing nothing', async () => {
    const before = await taskCount();
    const empty = await send(gg, C.batchAddTaskByIds, { ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.resultMsg).toContain('请先选择要操作的数据');
    const past = await send(gg, C.batchAddTaskByIds, { ids: [showing.pointIds[3]], planDate: plusDays(-1) });
    expect(past.status).toBe(400);
    expect(past.body.resultMsg).toBe('计划日期不能早于今天');
    const notADate = await send(gg, C.batchAddTask, { planDate: '2030-02-30' });
    expect(notADate.status).toBe(400);
    expect(notADate.body.resultMsg).toContain('计划日期不是有效日期');
    const badState = await send(gg, C.batchAddTask, { state: 9 });
    expect(badState.status).toBe(400);
    expect(badState.body.resultMsg).toContain('点位状态不正确');
    expect(await taskCount()).toBe(before);
  });

  it('closes the open changes when the order ends', async () => {
    await orderMoved(t, 'finished', showing, ggId);
    const tasks = await changes(showing.orderId);
    expect(tasks.filter((x) => x.statusLabel === '已完成')).toHaveLength(1);
    expect(tasks.filter((x) => x.statusLabel !== '已完成').every((x) => x.statusLabel === '已取消')).toBe(
      true,
    );
    const removals = (
      await send<Page<AdTaskRow>>(gg, C.getTaskList, {
        orderId: String(showing.orderId),
        kind: String(AD_TASK_KIND.removal),
      })
    ).body.data.total;
    expect(removals).toBe(4);
  });
});
