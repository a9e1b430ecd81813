import {
  API_PREFIX,
  type InspectionReportDetail,
  inspectionReportCalls,
  inspectionResultCalls,
  inspectionWorkCalls,
  reportFileHistoryCalls,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { REGULATOR_OF_AREA } from '../src/platform/seed/demo.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart, PNG_1PX } from './multipart.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of the inspection reports, call by call: another organisation (jy_admin2), another use
 * unit (sy_admin2), a maintenance company (wb_admin1) and the regulator of another district (jg_jiangnan) ask for jy1's reports (one pushed 不合格, one
 * still 检验中). Each call answers 404 (403 without the permission) or leaves the report out (the
 * platform finds it), and afterwards the reports, their results, their files and the lift are as they
 * were.
 */
const ACTORS = ['jy_admin2', 'sy_admin2', 'wb_admin1', 'jg_jiangnan'] as const;

describe.each(dbKinds)('inspection reports data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof inspectionReportCalls>;
  let rp: CallProber<typeof inspectionResultCalls>;
  let hp: CallProber<typeof reportFileHistoryCalls>;
  let wp: CallProber<typeof inspectionWorkCalls>;
  let pushed: InspectionReportDetail;
  let open: InspectionReportDetail;
  let fileId: string;
  let instrumentId: number;
  const today = shanghaiToday();
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

  /** A report of jy1 on a lift of sy_admin1, all its items recorded (key items `key`), dated and with an instrument. */
  const report = async (key: '符合' | '不符合') => {
    const [jy1] = await query<{ id: number }>(
      `select company_id as id from sys_user where username = 'jy_admin1'`,
    );
    const [order] = await query<{ id: number; lift: number }>(
      `insert into inspection_order (order_no, elevator_id, org_id, use_unit_id, state, next_inspection_date,
          attachments, inspector_id, inspector_user_id, planned_date)
        select 'JYSCOPE-' || e.id || '-${key === '符合' ? 1 : 2}', e.id, ${jy1.id}, e.use_company_id, 'distributed', '${today}', '{}'::jsonb, i.id, i.user_id, '${today}'
        from elevator e, inspection_inspector i
        where e.id = (select e2.id from elevator e2 where e2.use_company_id = (select company_id from sys_user where username = 'sy_admin1') and e2.area_code not like '450105%'
            and e2.variety in (select v.variety from inspection_item_variety v join inspection_item it on it.id = v.item_id where it.org_id = ${jy1.id})
            and not exists (select 1 from inspection_order o where o.elevator_id = e2.id and o.state not in ('reported', 'closed', 'cancelled'))
            order by e2.id limit 1)
          and i.user_id = (select id from sys_user where username = 'jy_inspector1')
        returning id, elevator_id as lift`,
    );
    const [item] = await query<{ id: number }>(
      `select i.id from inspection_item i join inspection_item_variety v on v.item_id = i.id
        where i.org_id = ${jy1.id} and v.variety = (select variety from elevator where id = ${order.lift}) order by i.sort limit 1`,
    );
    const first = await rp.send<InspectionReportDetail>('jy_inspector1', 'updateResult', {
      orderId: order.id,
      results: [{ itemId: item.id, result: '符合' }],
    });
    expect(first.status, first.body.resultMsg).toBe(200);
    const all = await rp.send<InspectionReportDetail>('jy_inspector1', 'updateResult', {
      reportId: first.body.data.id,
      results: first.body.data.results.map((r) => ({ itemId: r.itemId, result: r.keyItem ? key : '符合' })),
    });
    const upd = await p.send<InspectionReportDetail>('jy_inspector1', 'update', {
      id: first.body.data.id,
      version: all.body.data.version,
      inspectedOn: today,
      instrumentIds: [instrumentId],
    });
    expect(upd.status, upd.body.resultMsg).toBe(200);
    return upd.body.data;
  };

  const probes: Probes<typeof inspectionReportCalls> = {
    query: (a) => p.leftOut(a, 'query', { registerCode: pushed.registerCode }, p.hasId(pushed.id)),
    detail: (a) => p.refused(a, 'detail', { id: pushed.id }),
    update: (a) => p.refused(a, 'update', { id: open.id, version: open.version, remark: '越权' }),
    signature: (a) => p.refused(a, 'signature', { id: open.id }),
    testPDF: (a) => p.refused(a, 'testPDF', { id: pushed.id }),
    remarkPdf: (a) => p.refused(a, 'remarkPdf', { id: open.id, remark: '越权' }),
    pushReport: (a) => p.refused(a, 'pushReport', { id: open.id }),
    createReinspect: (a) => p.refused(a, 'createReinspect', { id: pushed.id }),
    updateOriginalRecord: (a) => p.refused(a, 'updateOriginalRecord', { id: open.id, fileId }),
    setiscolsebyids: (a) => p.refused(a, 'setiscolsebyids', { ids: [open.id], reason: '越权' }),
    batchEdit: (a) => p.refused(a, 'batchEdit', { ids: [open.id], inspectedOn: today }),
    putDetectionPlan: (a) =>
      p.refused(a, 'putDetectionPlan', {
        id: open.id,
        version: open.version,
        plannedDate: today,
        inspectorIds: open.inspectors.map((i) => i.id),
        instrumentIds: [instrumentId],
      }),
    // Holds no report's data: whoever reads reports gets the same answer, nothing of jy1's reports.
    getServerInfo: async (a) => {
      const res = await p.send(a, 'getServerInfo');
      expect(res.status, `${a} getServerInfo`).toBe(p.may(a, 'getServerInfo') ? 200 : 403);
      expect(JSON.stringify(res.body.data ?? null)).not.toContain(pushed.reportNo);
      expect(JSON.stringify(res.body.data ?? null)).not.toContain(pushed.registerCode);
    },
    uploadReport: (a) => p.refused(a, 'uploadReport', { id: pushed.id, fileId }),
    batchRecreate: (a) => p.refused(a, 'batchRecreate', { ids: [pushed.id] }),
  };
  const resultProbes: Probes<typeof inspectionResultCalls> = {
    updateResult: async (a) => {
      await rp.refused(a, 'updateResult', {
        reportId: open.id,
        results: [{ itemId: open.results[0].itemId, result: '不符合' }],
      });
      await rp.refused(a, 'updateResult', {
        orderId: open.orderId,
        results: [{ itemId: open.results[0].itemId, result: '不符合' }],
      });
    },
  };
  const historyProbes: Probes<typeof reportFileHistoryCalls> = {
    query: (a) => hp.refused(a, 'query', { reportId: open.id }),
  };
  // The inspector's phone page: its task list leaves jy1's order out, its detail is refused.
  const workProbes: Probes<typeof inspectionWorkCalls> = {
    tasks: async (a) => {
      const res = await wp.send<{ orderId: number }[]>(a, 'tasks');
      expect(res.status, `${a} tasks`).toBe(wp.may(a, 'tasks') ? 200 : 403);
      expect((res.body.data ?? []).map((task) => task.orderId)).not.toContain(open.orderId);
    },
    detail: (a) => wp.refused(a, 'detail', { orderId: open.orderId }),
  };

  const snapshot = async () => ({
    reports: await query(
      `select id, state, version, remark, pdf_remark, inspected_on::text, original_record_file_id from inspection_report order by id`,
    ),
    results: await query(`select report_id, item_id, result from inspection_result order by id`),
    files: await query(`select report_id, version, file_id from inspection_report_file_history order by id`),
    lifts: await query(
      `select id, version, use_status from elevator where id in (${pushed.elevatorId}, ${open.elevatorId})`,
    ),
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    p = new CallProber(t, inspectionReportCalls);
    rp = new CallProber(t, inspectionResultCalls);
    hp = new CallProber(t, reportFileHistoryCalls);
    wp = new CallProber(t, inspectionWorkCalls);
    const users = [...ACTORS, 'jy_admin1', 'jy_inspector1'];
    await p.signIn(users);
    await rp.signIn(users);
    await hp.signIn(users);
    await wp.signIn(users);
    [{ id: instrumentId }] = await query<{ id: number }>(
      `select id from inspection_equipment where org_id = (select company_id from sys_user where username = 'jy_admin1')
        and state = 1 and calibrated_on <= '${today}' and valid_until >= '${today}' order by id limit 1`,
    );
    await query(
      `update inspection_inspector set valid_until = '2099-12-31' where user_id = (select id from sys_user where username = 'jy_inspector1')`,
    );
    const failed = await report('不符合');
    expect((await p.send('jy_inspector1', 'signature', { id: failed.id })).status).toBe(200);
    const push = await p.send<InspectionReportDetail>('jy_admin1', 'pushReport', { id: failed.id });
    expect(push.status, push.body.resultMsg).toBe(200);
    pushed = push.body.data;
    open = await report('符合');
    const { payload, contentType } = multipart([{ name: '原始记录.png', body: PNG_1PX, type: 'image/png' }]);
    const up = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/common/upload`,
      headers: { authorization: `Bearer ${p.tokens.jy_admin2}`, 'content-type': contentType },
      payload,
    });
    fileId = up.json().data.id;
  });
  afterAll(() => t?.close());

  it('has a probe for every call', () => {
    p.expectProbeForEveryCall(probes);
    rp.expectProbeForEveryCall(resultProbes);
    hp.expectProbeForEveryCall(historyProbes);
    wp.expectProbeForEveryCall(workProbes);
  });

  it('the use unit and the district’s regulator read the pushed report (the probes can pass)', async () => {
    await p.signIn(['sy_admin1']);
    expect((await p.send('sy_admin1', 'detail', { id: pushed.id })).status).toBe(200);
    expect((await p.send('sy_admin1', 'detail', { id: open.id })).status).toBe(404);
    // The regulator of the lift's district reads the pushed report, not the one still 检验中.
    const [{ area }] = await query<{ area: string }>(
      `select area_code as area from elevator where id = ${pushed.elevatorId}`,
    );
    const regulator = REGULATOR_OF_AREA[area.slice(0, 6)];
    expect(regulator).toBeDefined();
    await p.signIn([regulator]);
    expect((await p.send(regulator, 'detail', { id: pushed.id })).status).toBe(200);
    expect((await p.send(regulator, 'detail', { id: open.id })).status).toBe(404);
    expect((await p.send(regulator, 'pushReport', { id: pushed.id })).status).toBe(403);
  });

  it.each(ACTORS)('%s is refused or left out on every report call, and nothing changes', (actor) =>
    p.sweep(actor, probes, snapshot),
  );
  it.each(ACTORS)('%s is refused on the results and the file history, and nothing changes', async (actor) => {
    await rp.sweep(actor, resultProbes, snapshot);
    await hp.sweep(actor, historyProbes, snapshot);
  });
  it.each(ACTORS)('%s finds none of the inspector’s work on the phone page calls', (actor) =>
    wp.sweep(actor, workProbes, snapshot),
  );
});
