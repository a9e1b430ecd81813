import {
  addDays,
  type InspectionReportDetail,
  type InspectionWorkDetail,
  type InspectionWorkTask,
  inspectionReportCalls,
  inspectionResultCalls,
  inspectionWorkCalls,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../src/modules/inspection/reports/conclusion.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { distributedOrders } from './inspection-support.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * The inspector's phone page's reads (reports/work.ts): its lifts today first, then upcoming, overdue
 * and signed ones; one lift's work with the catalogue's items before the first results, the report's
 * after, the conclusion the signature would draw (the same as the signature then draws), the usable
 * instruments and, on a re-inspection, what failed before. Another organisation's order is 404, an
 * administrator or a use unit has no tasks.
 */
const USERS = ['jy_admin1', 'jy_admin2', 'jy_inspector1', 'sy_admin1'];

describe.each(dbKinds)('inspection work (phone page) on %s', (kind) => {
  let t: TestApp;
  let w: CallProber<typeof inspectionWorkCalls>;
  let p: CallProber<typeof inspectionReportCalls>;
  let rp: CallProber<typeof inspectionResultCalls>;
  let jy1: number;
  const today = shanghaiToday();
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

  const distributedOrder = distributedOrders(query, () => jy1, { prefix: 'JYWORK', today, last: true });

  const tasks = async (user = 'jy_inspector1') => {
    const res = await w.send<InspectionWorkTask[]>(user, 'tasks', {});
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };
  const detail = async (orderId: number, user = 'jy_inspector1') => {
    const res = await w.send<InspectionWorkDetail>(user, 'detail', { orderId });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };
  const record = async (report: { id: number; version: number }, results: unknown[]) => {
    const res = await rp.send<InspectionReportDetail>('jy_inspector1', 'updateResult', {
      reportId: report.id,
      version: report.version,
      results,
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    w = new CallProber(t, inspectionWorkCalls);
    p = new CallProber(t, inspectionReportCalls);
    rp = new CallProber(t, inspectionResultCalls);
    await w.signIn(USERS);
    await p.signIn(USERS);
    await rp.signIn(USERS);
    [{ id: jy1 }] = await query<{ id: number }>(
      `select company_id as id from sys_user where username = 'jy_admin1'`,
    );
    await query(
      `update inspection_inspector set valid_until = '${addDays(today, 400)}' where user_id = (select id from sys_user where username = 'jy_inspector1')`,
    );
  });
  afterAll(() => t?.close());

  it('lists the inspector’s lifts: today first, then upcoming, then overdue; nobody else has them', async () => {
    const overdue = await distributedOrder(addDays(today, -3));
    const upcoming = await distributedOrder(addDays(today, 2));
    const todays = await distributedOrder(today);
    const mine = await tasks();
    const at = (id: number) => mine.findIndex((x) => x.orderId === id);
    expect(at(todays.orderId)).toBeGreaterThanOrEqual(0);
    expect(at(todays.orderId)).toBeLessThan(at(upcoming.orderId));
    expect(at(upcoming.orderId)).toBeLessThan(at(overdue.orderId));
    const dues = mine.map((x) => x.due);
    expect(dues).toEqual([...dues].sort((a, b) => DUE.indexOf(a) - DUE.indexOf(b)));
    const row = mine[at(todays.orderId)];
    expect(row).toMatchObject({ due: 'today', reportId: null, attempt: 1, orderState: 'distributed' });
    expect(row.registerCode).toMatch(/\S/);
    expect(mine[at(overdue.orderId)].due).toBe('overdue');
    expect(mine[at(upcoming.orderId)].due).toBe('upcoming');
    // Every task is the inspector's own order (the database's count of them).
    const [own] = await query<{ n: number }>(
      `select count(*)::int as n from inspection_order where inspector_user_id = (select id from sys_user where username = 'jy_inspector1')
        and (state in ('distributed', 'inspecting') or exists (select 1 from inspection_report r where r.order_id = inspection_order.id and r.state in ('inspecting', 'signed')))`,
    );
    expect(mine.length).toBe(own.n);

    expect(await tasks('jy_admin1')).toEqual([]);
    expect((await w.send('jy_admin2', 'detail', { orderId: todays.orderId })).status).toBe(404);
    // A use unit's account reads pushed reports only (检验报告 read only): the work is not its to read.
    expect((await w.send('sy_admin1', 'tasks', {})).status).toBe(403);
    expect((await w.send('sy_admin1', 'detail', { orderId: todays.orderId })).status).toBe(403);
    expect((await detail(todays.orderId, 'jy_admin1')).task.orderId).toBe(todays.orderId);
    expect((await w.send('jy_inspector1', 'detail', { orderId: 0 })).status).toBe(400);
  });

  it('one lift: the catalogue’s items first, then the report’s; the preview is the conclusion the signature draws', async () => {
    const { orderId, liftId } = await distributedOrder(today);
    const before = await detail(orderId);
    expect(before.report).toBeNull();
    expect(before.preview).toBeNull();
    const [catalogue] = await query<{ n: number }>(
      `select count(*)::int as n from inspection_item i join inspection_item_variety v on v.item_id = i.id
        where i.org_id = ${jy1} and v.variety = (select variety from elevator where id = ${liftId})`,
    );
    expect(before.items.length).toBe(catalogue.n);
    expect(before.items.every((i) => i.result === null)).toBe(true);
    expect(before.instruments.length).toBeGreaterThan(0);
    expect(before.lift.varietyName).toMatch(/\S/);
    const key = before.items.find((i) => i.keyItem);
    expect(key, 'a key item in the catalogue').toBeTruthy();

    // The first results make the report; the preview names what is pending.
    const first = await rp.send<InspectionReportDetail>('jy_inspector1', 'updateResult', {
      orderId,
      results: [{ itemId: before.items[0].itemId, result: '符合' }],
    });
    expect(first.status, first.body.resultMsg).toBe(200);
    const started = await detail(orderId);
    expect(started.report?.id).toBe(first.body.data.id);
    expect(started.task).toMatchObject({
      reportId: first.body.data.id,
      orderState: 'inspecting',
      recorded: 1,
    });
    expect(started.preview).toMatchObject({ ok: false, conclusion: null });
    expect(started.preview?.message).toMatch(/尚有 \d+ 个检验项目未录入结果/);

    // A key item does not conform: 不合格 with a rectification deadline, as the signature draws it.
    const all = await record(
      first.body.data,
      started.items.map((i) => ({
        itemId: i.itemId,
        result: i.itemId === key!.itemId ? '不符合' : '符合',
        ...(i.itemId === key!.itemId ? { remark: '制动器间隙超标' } : {}),
      })),
    );
    const ready = await p.send<InspectionReportDetail>('jy_inspector1', 'update', {
      id: all.id,
      version: all.version,
      inspectedOn: today,
      instrumentIds: started.instruments.slice(0, 1).map((i) => i.id),
    });
    expect(ready.status, ready.body.resultMsg).toBe(200);
    const failing = await detail(orderId);
    expect(failing.preview).toMatchObject({
      ok: true,
      conclusion: '不合格',
      keyNonConformities: 1,
      onDate: today,
    });
    expect(failing.preview?.rectificationDeadline).toBeTruthy();
    const signed = await p.send<InspectionReportDetail>('jy_inspector1', 'signature', {
      id: all.id,
      version: ready.body.data.version,
    });
    expect(signed.status, signed.body.resultMsg).toBe(200);
    expect(signed.body.data.conclusion).toBe(failing.preview?.conclusion);
    expect(signed.body.data.rectificationDeadline).toBe(failing.preview?.rectificationDeadline);
    expect((await tasks()).find((x) => x.orderId === orderId)?.due).toBe('signed');

    // Pushed: the lift leaves the list; a re-inspection brings it back, naming what failed.
    const pushed = await p.send<InspectionReportDetail>('jy_admin1', 'pushReport', { id: all.id });
    expect(pushed.status, pushed.body.resultMsg).toBe(200);
    expect((await tasks()).find((x) => x.orderId === orderId)).toBeUndefined();
    const again = await p.send<InspectionReportDetail>('jy_admin1', 'createReinspect', { id: all.id });
    expect(again.status, again.body.resultMsg).toBe(200);
    const re = (await tasks()).find((x) => x.orderId === orderId);
    expect(re).toMatchObject({
      reportId: again.body.data.id,
      attempt: 2,
      due: 'today',
      orderState: 'reported',
    });
    const second = await detail(orderId);
    expect(second.earlier).toHaveLength(1);
    expect(second.earlier[0]).toMatchObject({ conclusion: '不合格' });
    expect(second.earlier[0].failedItems).toEqual([`${key!.code} ${key!.name}`]);
    expect(second.items.every((i) => i.result === null)).toBe(true);
    const passed = await record(
      second.report!,
      second.items.map((i) => ({ itemId: i.itemId, result: '符合' })),
    );
    const re2 = await p.send<InspectionReportDetail>('jy_inspector1', 'update', {
      id: passed.id,
      version: passed.version,
      inspectedOn: today,
    });
    expect(re2.status, re2.body.resultMsg).toBe(200);
    const passing = await detail(orderId);
    expect(passing.preview).toMatchObject({
      ok: true,
      conclusion: '复检合格',
      nonConformities: 0,
      rectificationDeadline: null,
      nextInspectionDate: addMonths(today, 12),
    });
    const signed2 = await p.send<InspectionReportDetail>('jy_inspector1', 'signature', { id: passed.id });
    expect(signed2.status, signed2.body.resultMsg).toBe(200);
    expect(signed2.body.data.conclusion).toBe('复检合格');
    expect(signed2.body.data.nextInspectionDate).toBe(passing.preview?.nextInspectionDate);
  });
});

const DUE = ['today', 'upcoming', 'overdue', 'signed'];
