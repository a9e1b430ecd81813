import {
  API_PREFIX,
  addDays,
  type InspectionReportDetail,
  inspectionOrderCalls,
  inspectionReportCalls,
  inspectionResultCalls,
  type Page,
  type ReportFileHistoryRow,
  reportFileHistoryCalls,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveWorkToAccount } from '../src/modules/inspection/people/open-work.ts';
import { addMonths } from '../src/modules/inspection/reports/conclusion.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, heldTransaction, startTestApp, type TestApp } from './harness.ts';
import { distributedOrders, firstItemOf } from './inspection-support.ts';
import { multipart, PNG_1PX } from './multipart.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * Inspection reports (issue 16 part 2, reports/): the assigned inspector records the results (the
 * order moves 已分配 → 检验中), fills in the date and instruments and signs (refused naming the
 * instrument past its calibration or the inspector whose certificate expired, and while items are
 * pending); the organisation pushes (the order to 已出报告 and the lift's dates in one transaction;
 * 不合格 stops the lift), re-inspects after 不合格 (复检合格 puts the lift back in use), the PDF holds
 * the register code and the conclusion, the original record keeps its versions; another
 * organisation's report is 404, a stale version 409, bad input 400.
 */
const USERS = ['jy_admin1', 'jy_admin2', 'jy_inspector1', 'sy_admin1', 'wb_admin1'];

describe.each(dbKinds)('inspection reports on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof inspectionReportCalls>;
  let rp: CallProber<typeof inspectionResultCalls>;
  let hp: CallProber<typeof reportFileHistoryCalls>;
  let jy1: number;
  let instruments: { id: number; name: string }[];
  const today = shanghaiToday();
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

  const send = <T = InspectionReportDetail>(
    user: string,
    name: keyof typeof inspectionReportCalls,
    input: Record<string, unknown> = {},
  ) => p.send<T>(user, name, input);

  const distributedOrder = distributedOrders(query, () => jy1, { prefix: 'JYTEST', today });
  // Lifts from the end of the list for the tests that close their orders after: the others' lifts stay free.
  const spareOrder = distributedOrders(query, () => jy1, { prefix: 'JYSPARE', today, last: true });

  const firstItem = (liftId: number) => firstItemOf(query, jy1, liftId);

  /**
   * Records every item (key items `keyResult`, others 符合), the date and instruments: ready to sign.
   * `who`: the inspector's account (jy_inspector1 unless given; a new order is distributed to it).
   */
  const inspected = async (
    keyResult: '符合' | '不符合' = '符合',
    reportId?: number,
    who = 'jy_inspector1',
    newOrder = distributedOrder,
  ) => {
    let report: InspectionReportDetail;
    let liftId: number;
    let orderId: number;
    if (reportId === undefined) {
      ({ orderId, liftId } = await newOrder());
      if (who !== 'jy_inspector1')
        await query(`update inspection_order o set inspector_id = i.id, inspector_user_id = i.user_id
          from inspection_inspector i where o.id = ${orderId} and i.user_id = (select id from sys_user where username = '${who}')`);
      const first = await rp.send<InspectionReportDetail>(who, 'updateResult', {
        orderId,
        results: [{ itemId: await firstItem(liftId), result: '符合' }],
      });
      expect(first.status, first.body.resultMsg).toBe(200);
      report = first.body.data;
    } else {
      report = (await send(who, 'detail', { id: reportId })).body.data;
      liftId = report.elevatorId;
      orderId = report.orderId;
    }
    const all = await rp.send<InspectionReportDetail>(who, 'updateResult', {
      reportId: report.id,
      version: report.version,
      results: report.results.map((r) => ({ itemId: r.itemId, result: r.keyItem ? keyResult : '符合' })),
    });
    expect(all.status, all.body.resultMsg).toBe(200);
    const upd = await send(who, 'update', {
      id: report.id,
      version: all.body.data.version,
      inspectedOn: today,
      instrumentIds: instruments.map((i) => i.id),
    });
    expect(upd.status, upd.body.resultMsg).toBe(200);
    return { report: upd.body.data, liftId, orderId };
  };

  /** The text of the report's PDF (testPDF) as `user` reads it. */
  const pdfText = async (id: number, user: string) => {
    const res = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}/inspection/tbInspectionReport/get/testPDF?id=${id}`,
      headers: { authorization: `Bearer ${p.tokens[user]}` },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const doc = await getDocument({
      data: new Uint8Array(res.rawPayload),
      isEvalSupported: false,
      disableFontFace: true,
    }).promise;
    let text = '';
    for (let i = 1; i <= doc.numPages; i++)
      text += (await (await doc.getPage(i)).getTextContent()).items
        .map((it) => ('str' in it ? it.str : ''))
        .join('');
    await doc.destroy();
    return text;
  };

  /** A new inspector account of jy1 (signed in) and its passed inspector, certificate valid. */
  let people = 0;
  const inspectorAccount = async () => {
    people += 1;
    const username = `jy_rep_${kind}_${people}`;
    await query(`insert into sys_user (username, real_name, password_hash, user_type, company_id)
      select '${username}', '报告检验员${people}', password_hash, user_type, company_id from sys_user where username = 'jy_inspector1'`);
    await query(`insert into sys_user_role (user_id, role_id)
      select (select id from sys_user where username = '${username}'), role_id from sys_user_role
      where user_id = (select id from sys_user where username = 'jy_inspector1')`);
    const [row] = await query<{ id: number; user_id: number }>(
      `insert into inspection_inspector (org_id, name, cert_no, category, valid_until, user_id, audit_state)
        values (${jy1}, '报告检验员${people}', 'TS-REP-${kind}-${people}-${Date.now()}', '电梯检验员', '${addDays(today, 400)}',
          (select id from sys_user where username = '${username}'), 3)
        returning id, user_id`,
    );
    for (const prober of [p, rp, hp]) await prober.signIn([username]);
    return { username, inspectorId: row.id, userId: row.user_id };
  };

  const lift = async (id: number) =>
    (
      await query<{ last: string | null; next: string | null; use_status: number; version: number }>(
        `select last_inspect_date::text as last, next_inspect_date::text as next, use_status, version from elevator where id = ${id}`,
      )
    )[0];

  beforeAll(async () => {
    t = await startTestApp(kind);
    p = new CallProber(t, inspectionReportCalls);
    rp = new CallProber(t, inspectionResultCalls);
    hp = new CallProber(t, reportFileHistoryCalls);
    await p.signIn(USERS);
    await rp.signIn(USERS);
    await hp.signIn(USERS);
    [{ id: jy1 }] = await query<{ id: number }>(
      `select company_id as id from sys_user where username = 'jy_admin1'`,
    );
    instruments = await query<{ id: number; name: string }>(
      `select id, name from inspection_equipment where org_id = ${jy1} and state = 1
        and calibrated_on <= '${today}' and valid_until >= '${today}' order by id limit 2`,
    );
    expect(instruments.length).toBeGreaterThan(0);
    await query(
      `update inspection_inspector set valid_until = '${addDays(today, 400)}' where user_id = (select id from sys_user where username = 'jy_inspector1')`,
    );
  });
  afterAll(() => t?.close());

  it('results, signature and push: the order moves to 检验中 then 已出报告, the lift’s dates move, the use unit reads it', async () => {
    const { orderId, liftId } = await distributedOrder();
    // The organisation's technical parameters of the lift are on the order (as an application puts them).
    await query(`insert into inspection_tech_param (org_id, elevator_id, order_id) values (${jy1}, ${liftId}, ${orderId})
      on conflict (org_id, elevator_id) do update set order_id = excluded.order_id`);
    const first = await rp.send<InspectionReportDetail>('jy_inspector1', 'updateResult', {
      orderId,
      results: [{ itemId: await firstItem(liftId), result: '符合', remark: '良好' }],
    });
    expect(first.status, first.body.resultMsg).toBe(200);
    expect(first.body.data.attempt).toBe(1);
    expect(first.body.data.state).toBe('inspecting');
    const [o1] = await query<{ state: string }>(`select state from inspection_order where id = ${orderId}`);
    expect(o1.state).toBe('inspecting');

    // Signing with items pending is refused, naming how many are left.
    const early = await send('jy_inspector1', 'update', {
      id: first.body.data.id,
      version: first.body.data.version,
      inspectedOn: today,
      instrumentIds: instruments.map((i) => i.id),
    });
    expect(early.status, early.body.resultMsg).toBe(200);
    const pending = await send('jy_inspector1', 'signature', { id: first.body.data.id });
    expect(pending.status).toBe(400);
    expect(pending.body.resultMsg).toMatch(/尚有 \d+ 个检验项目未录入结果/);

    const { report } = await inspected('符合', first.body.data.id);
    // The organisation's administrator does not sign; the inspector does not push.
    expect((await send('jy_admin1', 'signature', { id: report.id })).status).toBe(403);
    const signed = await send('jy_inspector1', 'signature', { id: report.id, version: report.version });
    expect(signed.status, signed.body.resultMsg).toBe(200);
    expect(signed.body.data.conclusion).toBe('合格');
    expect(signed.body.data.nextInspectionDate).toBe(addMonths(today, 12));
    expect((await send('jy_inspector1', 'pushReport', { id: report.id })).status).toBe(403);

    // Not pushed yet: the use unit does not see it.
    expect((await send('sy_admin1', 'detail', { id: report.id })).status).toBe(404);
    // 审核人员: not one who inspected, not another organisation's inspector (400 on the field).
    const signer = signed.body.data.inspectors[0].id;
    const bySigner = await send('jy_admin1', 'pushReport', { id: report.id, reviewerId: signer });
    expect(bySigner.status).toBe(400);
    expect(bySigner.body.resultMsg).toContain('审核须由其他检验人员进行');
    const [foreign] = await query<{ id: number }>(
      `select id from inspection_inspector where org_id <> ${jy1} order by id limit 1`,
    );
    const byOutsider = await send('jy_admin1', 'pushReport', { id: report.id, reviewerId: foreign.id });
    expect(byOutsider.status).toBe(400);
    expect(byOutsider.body.resultMsg).toContain('不是本机构审核通过的检验人员');
    const [reviewer] = await query<{ id: number; name: string }>(
      `select id, name from inspection_inspector where org_id = ${jy1} and id <> ${signer} and audit_state = 3
         and deleted_at is null and valid_until >= '${today}' order by id limit 1`,
    );
    const pushed = await send('jy_admin1', 'pushReport', {
      id: report.id,
      version: signed.body.data.version,
      reviewerId: reviewer.id,
    });
    expect(pushed.status, pushed.body.resultMsg).toBe(200);
    expect(pushed.body.data.state).toBe('pushed');
    expect(pushed.body.data.reviewer).toMatchObject({ id: reviewer.id, name: reviewer.name });
    const [o2] = await query<{ state: string }>(`select state from inspection_order where id = ${orderId}`);
    expect(o2.state).toBe('reported');
    // The lift's technical parameters are free again (待分配) for its next inspection's order.
    const linked = await query<{ n: number }>(
      `select count(*)::int as n from inspection_tech_param where order_id = ${orderId}`,
    );
    expect(linked[0].n).toBe(0);
    const l = await lift(liftId);
    expect(l.last).toBe(today);
    expect(l.next).toBe(addMonths(today, 12));
    expect(l.use_status).toBe(1);

    const list = await send<Page<{ id: number }>>('sy_admin1', 'query', {
      conclusion: '合格',
      month: today.slice(0, 7),
    });
    expect(list.status, list.body.resultMsg).toBe(200);
    expect(list.body.data.records.some((r) => r.id === report.id)).toBe(true);
    // Another organisation: 404; pushing again: 409 naming the state.
    expect((await send('jy_admin2', 'detail', { id: report.id })).status).toBe(404);
    expect((await send('jy_admin2', 'pushReport', { id: report.id })).status).toBe(404);
    const again = await send('jy_admin1', 'pushReport', { id: report.id });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toContain('已推送');

    // The PDF holds the register code and the conclusion.
    const text = await pdfText(report.id, 'sy_admin1');
    expect(text).toContain(pushed.body.data.registerCode);
    expect(text).toContain('合格');
    // The reviewer signs the report beside the inspectors.
    expect(text).toContain('审核人员');
    expect(text).toContain(reviewer.name);
  });

  it('signature is refused naming the instrument past its calibration or the inspector whose certificate expired', async () => {
    const { report } = await inspected();
    const [inst] = instruments;
    await query(
      `update inspection_equipment set valid_until = '${addDays(today, -1)}' where id = ${inst.id}`,
    );
    try {
      const res = await send('jy_inspector1', 'signature', { id: report.id });
      expect(res.status).toBe(409);
      expect(res.body.resultMsg).toContain(inst.name);
    } finally {
      await query(
        `update inspection_equipment set valid_until = '${addDays(today, 200)}' where id = ${inst.id}`,
      );
    }
    const [who] = await query<{ name: string }>(
      `select name from inspection_inspector where user_id = (select id from sys_user where username = 'jy_inspector1')`,
    );
    await query(
      `update inspection_inspector set valid_until = '${addDays(today, -1)}' where user_id = (select id from sys_user where username = 'jy_inspector1')`,
    );
    try {
      const res = await send('jy_inspector1', 'signature', { id: report.id });
      expect(res.status).toBe(409);
      expect(res.body.resultMsg).toContain(who.name);
      expect(res.body.resultMsg).toContain('过期');
    } finally {
      await query(
        `update inspection_inspector set valid_until = '${addDays(today, 400)}' where user_id = (select id from sys_user where username = 'jy_inspector1')`,
      );
    }
    const [state] = await query<{ state: string }>(
      `select state from inspection_report where id = ${report.id}`,
    );
    expect(state.state).toBe('inspecting');
  });

  it('a signed report keeps the instruments as signed (validity, name, number) after a recalibration; an unsigned one shows the current', async () => {
    const { report, orderId } = await inspected('符合', undefined, 'jy_inspector1', spareOrder);
    const [inst] = instruments;
    const [was] = await query<{
      name: string;
      serial_no: string;
      calibrated_on: string;
      valid_until: string;
    }>(
      `select name, serial_no, calibrated_on::text, valid_until::text from inspection_equipment where id = ${inst.id}`,
    );
    const signed = await send('jy_inspector1', 'signature', { id: report.id, version: report.version });
    expect(signed.status, signed.body.resultMsg).toBe(200);
    const asSigned = signed.body.data.instruments.find((i) => i.id === inst.id);
    expect(asSigned).toEqual({
      id: inst.id,
      name: was.name,
      serialNo: was.serial_no,
      validUntil: was.valid_until,
    });

    // Recalibrated (and renamed) after the signature.
    const recalibrated = addDays(today, 777);
    await query(
      `update inspection_equipment set calibrated_on = '${today}', valid_until = '${recalibrated}',
         name = name || '（新）', version = version + 1 where id = ${inst.id}`,
    );
    try {
      const detail = await send('jy_admin1', 'detail', { id: report.id });
      expect(detail.status, detail.body.resultMsg).toBe(200);
      expect(detail.body.data.instruments.find((i) => i.id === inst.id)).toEqual(asSigned);
      expect(detail.body.data.instruments.map((i) => i.id)).toEqual(
        signed.body.data.instruments.map((i) => i.id),
      );
      const text = await pdfText(report.id, 'jy_admin1');
      expect(text).toContain(was.valid_until);
      expect(text).not.toContain(recalibrated);
      expect(text).not.toContain(`${was.name}（新）`);

      // A report not yet signed names the instrument as it is now.
      const { report: open, orderId: openOrder } = await inspected(
        '符合',
        undefined,
        'jy_inspector1',
        spareOrder,
      );
      const now = open.instruments.find((i) => i.id === inst.id);
      await query(`update inspection_order set state = 'closed' where id = ${openOrder}`);
      expect(now).toEqual({
        id: inst.id,
        name: `${was.name}（新）`,
        serialNo: was.serial_no,
        validUntil: recalibrated,
      });
    } finally {
      await query(
        `update inspection_equipment set name = '${was.name}', calibrated_on = '${was.calibrated_on}',
           valid_until = '${was.valid_until}' where id = ${inst.id}`,
      );
      // The lifts free again for the other tests.
      await query(`update inspection_order set state = 'closed' where id = ${orderId}`);
    }
  });

  it('bad input is 400, a stale version 409, an item of another report 400', async () => {
    const { report } = await inspected();
    const bad = await rp.send('jy_inspector1', 'updateResult', {
      reportId: report.id,
      results: [{ itemId: report.results[0].itemId, result: '合格' }],
    });
    expect(bad.status).toBe(400);
    expect((await rp.send('jy_inspector1', 'updateResult', { results: [] })).status).toBe(400);
    const stale = await send('jy_inspector1', 'update', {
      id: report.id,
      version: report.version - 1,
      remark: 'x',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toContain('刷新');
    const foreign = await rp.send('jy_inspector1', 'updateResult', {
      reportId: report.id,
      results: [{ itemId: 2_000_000_000, result: '符合' }],
    });
    expect(foreign.status).toBe(400);
    // The on-site date still ahead (the planned date of an order distributed for later): not signed.
    await query(`update inspection_report set inspected_on = '${addDays(today, 3)}' where id = ${report.id}`);
    const ahead = await send('jy_inspector1', 'signature', { id: report.id });
    expect(ahead.status).toBe(400);
    expect(ahead.body.resultMsg).toContain('晚于今天');
    expect(
      (
        await send('jy_inspector1', 'update', {
          id: report.id,
          version: report.version,
          inspectedOn: '2026-13-01',
        })
      ).status,
    ).toBe(400);
  });

  it('不合格 stops the lift; the re-inspection 复检合格 puts it back in use and moves its dates', async () => {
    const { report, liftId } = await inspected('不符合');
    const before = await lift(liftId);
    const signed = await send('jy_inspector1', 'signature', { id: report.id });
    expect(signed.body.data.conclusion).toBe('不合格');
    expect(signed.body.data.rectificationDeadline).not.toBeNull();
    expect((await send('jy_admin1', 'createReinspect', { id: report.id })).status).toBe(409);
    expect((await send('jy_admin1', 'pushReport', { id: report.id })).status).toBe(200);
    const failed = await lift(liftId);
    expect(failed.use_status).toBe(2);
    expect(failed.next).toBe(before.next);
    expect(failed.last).toBe(today);

    expect((await send('jy_admin2', 'createReinspect', { id: report.id })).status).toBe(404);
    const re = await send('jy_admin1', 'createReinspect', { id: report.id });
    expect(re.status, re.body.resultMsg).toBe(200);
    expect(re.body.data.attempt).toBe(2);
    expect(re.body.data.kindLabel).toBe('定期检验（复检）');
    expect(re.body.data.results.every((r) => r.result === null)).toBe(true);
    expect((await send('jy_admin1', 'createReinspect', { id: report.id })).status).toBe(409);

    const { report: second } = await inspected('符合', re.body.data.id);
    const ok = await send('jy_inspector1', 'signature', { id: second.id });
    expect(ok.body.data.conclusion).toBe('复检合格');
    expect((await send('jy_admin1', 'pushReport', { id: second.id })).status).toBe(200);
    const back = await lift(liftId);
    expect(back.use_status).toBe(1);
    expect(back.next).toBe(addMonths(today, 12));
  });

  it('nothing moves when the push cannot complete (the order closed meanwhile)', async () => {
    const { report, orderId, liftId } = await inspected();
    await send('jy_inspector1', 'signature', { id: report.id });
    await query(`update inspection_order set state = 'closed' where id = ${orderId}`);
    const before = await lift(liftId);
    const res = await send('jy_admin1', 'pushReport', { id: report.id });
    expect(res.status).toBe(409);
    expect(res.body.resultMsg).toContain('已关闭');
    expect(await lift(liftId)).toEqual(before);
    const [r] = await query<{ state: string; pushed: boolean }>(
      `select state, pushed from inspection_report where id = ${report.id}`,
    );
    expect(r).toEqual({ state: 'signed', pushed: false });
  });

  it('the original record keeps every version; remarkPdf, close and batch edit', async () => {
    const { report } = await inspected();
    const upload = async () => {
      const { payload, contentType } = multipart([
        { name: '原始记录.png', body: PNG_1PX, type: 'image/png' },
      ]);
      const res = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}/common/upload`,
        headers: { authorization: `Bearer ${p.tokens.jy_inspector1}`, 'content-type': contentType },
        payload,
      });
      return res.json().data.id as string;
    };
    const f1 = await upload();
    const f2 = await upload();
    expect((await send('jy_inspector1', 'updateOriginalRecord', { id: report.id, fileId: f1 })).status).toBe(
      200,
    );
    const second = await send<ReportFileHistoryRow[]>('jy_inspector1', 'updateOriginalRecord', {
      id: report.id,
      fileId: f2,
    });
    expect(second.status, second.body.resultMsg).toBe(200);
    const his = await hp.send<ReportFileHistoryRow[]>('jy_admin1', 'query', { reportId: report.id });
    expect(his.body.data.map((h) => [h.version, h.fileId])).toEqual([
      [2, f2],
      [1, f1],
    ]);
    expect((await hp.send('jy_admin2', 'query', { reportId: report.id })).status).toBe(404);

    const rem = await send('jy_inspector1', 'remarkPdf', { id: report.id, remark: '现场检验时电梯停用' });
    expect(rem.body.data.pdfRemark).toBe('现场检验时电梯停用');

    const edit = await send<{ updated: number }>('jy_admin1', 'batchEdit', {
      ids: [report.id],
      inspectedOn: addDays(today, -1),
    });
    expect(edit.status, edit.body.resultMsg).toBe(200);
    expect((await send('jy_admin2', 'setiscolsebyids', { ids: [report.id], reason: '越权' })).status).toBe(
      404,
    );
    const closed = await send<{ closed: number }>('jy_admin1', 'setiscolsebyids', {
      ids: [report.id],
      reason: '重复',
    });
    expect(closed.body.data.closed).toBe(1);
    const again = await send('jy_admin1', 'setiscolsebyids', { ids: [report.id], reason: '重复' });
    expect(again.status).toBe(409);
  });

  it.runIf(kind === 'postgres')('50 concurrent pushes of a report: one moves the lift’s dates', async () => {
    const { report, liftId } = await inspected();
    const signed = await send('jy_inspector1', 'signature', { id: report.id });
    const before = await lift(liftId);
    const all = await Promise.all(
      Array.from({ length: 50 }, () =>
        send('jy_admin1', 'pushReport', { id: report.id, version: signed.body.data.version }),
      ),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(all.filter((r) => r.status === 409)).toHaveLength(49);
    const after = await lift(liftId);
    expect(after.version).toBe(before.version + 1);
    expect(after.next).toBe(addMonths(today, 12));
  });

  it.runIf(kind === 'postgres')(
    '50 concurrent first results of an order: one report, the order 检验中 once',
    async () => {
      const { orderId, liftId } = await distributedOrder();
      const itemId = await firstItem(liftId);
      const all = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          rp.send<InspectionReportDetail>('jy_inspector1', 'updateResult', {
            orderId,
            results: [{ itemId, result: i % 2 ? '符合' : '无此项' }],
          }),
        ),
      );
      expect(all.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      expect(new Set(all.map((r) => r.body.data.id)).size).toBe(1);
      const [n] = await query<{ n: number; moves: number }>(
        `select (select count(*)::int from inspection_report where order_id = ${orderId}) as n,
        (select count(*)::int from inspection_order_event where order_id = ${orderId} and to_state = 'inspecting') as moves`,
      );
      expect(n).toEqual({ n: 1, moves: 1 });
    },
  );

  it.runIf(kind === 'postgres')(
    '50 concurrent signatures and result changes: a signed conclusion is the one of the results it keeps',
    async () => {
      for (let round = 0; round < 2; round++) {
        const { report } = await inspected();
        const key = report.results.find((r) => r.keyItem);
        expect(key, 'a key item').toBeTruthy();
        const all = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            i % 2 === round % 2
              ? send('jy_inspector1', 'signature', { id: report.id })
              : rp.send('jy_inspector1', 'updateResult', {
                  reportId: report.id,
                  results: [{ itemId: key?.itemId, result: '不符合', remark: `复核 ${i}` }],
                }),
          ),
        );
        expect(all.every((r) => [200, 409].includes(r.status))).toBe(true);
        const [row] = await query<{ state: string; conclusion: string | null; failed: boolean }>(
          `select state, conclusion, exists (select 1 from inspection_result x
              where x.report_id = r.id and x.key_item and x.result = '不符合') as failed
             from inspection_report r where r.id = ${report.id}`,
        );
        if (row.state === 'signed') expect(row.conclusion === '合格', JSON.stringify(row)).toBe(!row.failed);
      }
    },
  );

  it.runIf(kind === 'postgres')(
    '50 concurrent first results and re-assignments: the report is the inspector’s the order names',
    async () => {
      const op = new CallProber(t, inspectionOrderCalls);
      await op.signIn(['jy_admin1']);
      // Another approved inspector of the organisation, with no account: the order may be handed to them.
      const [other] = await query<{ id: number }>(
        `insert into inspection_inspector (org_id, name, cert_no, category, valid_until, audit_state)
         values (${jy1}, '并发检验员', 'TEST-CONC-${Date.now()}', '电梯检验员', '${addDays(today, 400)}', 3) returning id`,
      );
      // Lifts from the end of the list, each order closed after its round: the other tests' lifts stay free.
      const ownOrder = distributedOrders(query, () => jy1, { prefix: 'JYCONC', today, last: true });
      for (let round = 0; round < 3; round++) {
        const { orderId, liftId } = await ownOrder();
        const itemId = await firstItem(liftId);
        // The re-assignment comes early among the inspector's requests (the order is theirs until it
        // is handed on: 404 after, 409 once their first results moved it to 检验中).
        const [{ version }] = await query<{ version: number }>(
          `select version from inspection_order where id = ${orderId}`,
        );
        const all = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            i === 2 * round + 1
              ? op.send('jy_admin1', 'distribution', {
                  id: orderId,
                  version,
                  inspectorId: other.id,
                  plannedDate: today,
                })
              : rp.send('jy_inspector1', 'updateResult', { orderId, results: [{ itemId, result: '符合' }] }),
          ),
        );
        expect(
          all.every((r) => [200, 403, 404, 409].includes(r.status)),
          JSON.stringify(all.map((r) => r.status)),
        ).toBe(true);
        const rows = await query<{
          order_inspector: number | null;
          report_inspector: number | null;
          state: string;
        }>(
          `select o.inspector_user_id as order_inspector, r.inspector_user_id as report_inspector, o.state
             from inspection_order o left join inspection_report r on r.order_id = o.id where o.id = ${orderId}`,
        );
        expect(rows).toHaveLength(1);
        if (rows[0].report_inspector !== null) expect(rows[0].report_inspector).toBe(rows[0].order_inspector);
        else expect(rows[0].state).toBe('distributed');
        await query(`update inspection_order set state = 'closed' where id = ${orderId}`);
      }
    },
  );

  it.runIf(kind === 'postgres')(
    'a write of the inspector without a version waits for the account being relinked, then is refused 409 naming the change; nothing is written',
    async () => {
      const a = await inspectorAccount();
      const b = await inspectorAccount();
      // b's account is free to be linked to a's inspector (as an edit of the inspector does).
      await query(`update inspection_inspector set user_id = null where id = ${b.inspectorId}`);
      const { report, orderId } = await inspected('符合', undefined, a.username, spareOrder);
      const { payload, contentType } = multipart([
        { name: '原始记录.png', body: PNG_1PX, type: 'image/png' },
      ]);
      const uploaded = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}/common/upload`,
        headers: { authorization: `Bearer ${p.tokens[a.username]}`, 'content-type': contentType },
        payload,
      });
      const fileId = uploaded.json().data.id as string;
      const item = report.results[0].itemId;

      /** `write` by a's account while a's work moves to b's account (held, then committed), a's again after. */
      const whileRelinked = async (write: () => Promise<{ status: number; body: { resultMsg: string } }>) => {
        const moving = await heldTransaction(t.platform.db, (tx) =>
          moveWorkToAccount(tx, a.inspectorId, b.userId),
        );
        let settled = false;
        const answer = write().then((r) => {
          settled = true;
          return r;
        });
        await new Promise((r) => setTimeout(r, 400));
        const waited = !settled;
        await moving.commit();
        const res = await answer;
        await t.platform.db.transaction((tx) => moveWorkToAccount(tx, a.inspectorId, a.userId));
        return { waited, res };
      };
      const writes = {
        updateResult: () =>
          rp.send(a.username, 'updateResult', {
            reportId: report.id,
            results: [{ itemId: item, result: '不符合', remark: '旧账号' }],
          }),
        remarkPdf: () => send(a.username, 'remarkPdf', { id: report.id, remark: '旧账号' }),
        updateOriginalRecord: () => send(a.username, 'updateOriginalRecord', { id: report.id, fileId }),
        signature: () => send(a.username, 'signature', { id: report.id }),
      };
      for (const [name, write] of Object.entries(writes)) {
        const { waited, res } = await whileRelinked(write);
        expect(waited, `${name} waits for the relink`).toBe(true);
        expect(res.status, `${name}: ${res.body.resultMsg}`).toBe(409);
        expect(res.body.resultMsg, name).toContain('改派');
      }
      const [row] = await query<{
        state: string;
        pdf_remark: string | null;
        original_record_file_id: string | null;
        remark: string | null;
        versions: number;
      }>(
        `select r.state, r.pdf_remark, r.original_record_file_id, x.remark,
           (select count(*)::int from inspection_report_file_history h where h.report_id = r.id) as versions
         from inspection_report r join inspection_result x on x.report_id = r.id and x.item_id = ${item}
         where r.id = ${report.id}`,
      );
      expect(row).toEqual({
        state: 'inspecting',
        pdf_remark: null,
        original_record_file_id: null,
        remark: null,
        versions: 0,
      });
      // The account the work is with writes (without a version too).
      const ok = await writes.updateResult();
      expect(ok.status, ok.body.resultMsg).toBe(200);
      await query(`update inspection_order set state = 'closed' where id = ${orderId}`);
    },
  );

  it.runIf(kind === 'postgres')('50 concurrent re-inspections of a failed report: one report', async () => {
    const { report, orderId } = await inspected('不符合');
    await send('jy_inspector1', 'signature', { id: report.id });
    await send('jy_admin1', 'pushReport', { id: report.id });
    const all = await Promise.all(
      Array.from({ length: 50 }, () => send('jy_admin1', 'createReinspect', { id: report.id })),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(all.filter((r) => r.status === 409)).toHaveLength(49);
    const [n] = await query<{ n: number }>(
      `select count(*)::int as n from inspection_report where order_id = ${orderId}`,
    );
    expect(n.n).toBe(2);
  });
});

describe('inspection reports demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('holds pushed reports of the past year on sy_admin1’s lifts, a 不合格 with its 复检合格, and the lifts follow them', async () => {
    const rows = rowsOf<{ conclusion: string; attempt: number; elevator_id: number; state: string }>(
      await t.platform.db.execute(
        sql.raw(`select r.conclusion, r.attempt, r.elevator_id, r.state from inspection_report r
          join inspection_order o on o.id = r.order_id where o.order_no like 'JY%-D%' order by r.id`),
      ),
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => r.state === 'pushed')).toBe(true);
    const failed = rows.find((r) => r.conclusion === '不合格');
    expect(failed).toBeDefined();
    expect(rows.find((r) => r.elevator_id === failed?.elevator_id && r.attempt === 2)?.conclusion).toBe(
      '复检合格',
    );
    const [lift] = rowsOf<{ use_status: number; next: string }>(
      await t.platform.db.execute(
        sql.raw(
          `select use_status, next_inspect_date::text as next from elevator where id = ${failed?.elevator_id}`,
        ),
      ),
    );
    expect(lift.use_status).toBe(1);
    expect(lift.next > shanghaiToday()).toBe(true);
  });
});
