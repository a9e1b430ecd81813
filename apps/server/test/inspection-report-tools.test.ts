import {
  API_PREFIX,
  addDays,
  type BatchRecreateResult,
  type InspectionReportDetail,
  inspectionReportCalls,
  inspectionResultCalls,
  type ReportFileHistoryRow,
  type ReportServerInfo,
  shanghaiToday,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawSealPng } from '../src/modules/inspection/instruments/png.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { distributedOrders, firstItemOf } from './inspection-support.ts';
import { multipart, PDF_MIN, PNG_1PX } from './multipart.ts';
import { readPdf } from './pdf-support.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * The organisation's tools around a report (reports/plan.ts, info.ts, upload.ts, recreate.ts): the
 * detection plan (date, inspectors, instruments; refused with an instrument out of calibration or an
 * inspector whose certificate ends before the date), the server info, the uploaded report scan (a PDF,
 * kept as the next original-record version and readable by the use unit once pushed), the batch
 * regeneration (per report: generated, or why not); and the PDF's instruments with their calibration.
 * Each: happy, refused, bad input, another organisation's report 404.
 */
const USERS = ['jy_admin1', 'jy_admin2', 'jy_inspector1', 'sy_admin1'];

describe.each(dbKinds)('inspection report tools on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof inspectionReportCalls>;
  let rp: CallProber<typeof inspectionResultCalls>;
  let jy1: number;
  let instruments: { id: number; name: string; valid_until: string }[];
  let ownInspector: number;
  const today = shanghaiToday();
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const send = <T = InspectionReportDetail>(
    user: string,
    name: keyof typeof inspectionReportCalls,
    input: Record<string, unknown> = {},
  ) => p.send<T>(user, name, input);

  const distributedOrder = distributedOrders(query, () => jy1, { prefix: 'JYTOOL', today });
  /** A report of jy1 on a lift of sy_admin1, every item recorded (key items `key`), dated today with instruments. */
  const inspected = async (key: '符合' | '不符合' = '符合') => {
    const { orderId, liftId } = await distributedOrder();
    const first = await rp.send<InspectionReportDetail>('jy_inspector1', 'updateResult', {
      orderId,
      results: [{ itemId: await firstItemOf(query, jy1, liftId), result: '符合' }],
    });
    expect(first.status, first.body.resultMsg).toBe(200);
    const all = await rp.send<InspectionReportDetail>('jy_inspector1', 'updateResult', {
      reportId: first.body.data.id,
      results: first.body.data.results.map((r) => ({ itemId: r.itemId, result: r.keyItem ? key : '符合' })),
    });
    expect(all.status, all.body.resultMsg).toBe(200);
    const upd = await send('jy_inspector1', 'update', {
      id: first.body.data.id,
      version: all.body.data.version,
      inspectedOn: today,
      instrumentIds: instruments.map((i) => i.id),
    });
    expect(upd.status, upd.body.resultMsg).toBe(200);
    return upd.body.data;
  };
  const signed = async () => {
    const r = await inspected();
    const s = await send('jy_inspector1', 'signature', { id: r.id });
    expect(s.status, s.body.resultMsg).toBe(200);
    return s.body.data;
  };
  const upload = async (user: string, name: string, body: Buffer, type: string) => {
    const { payload, contentType } = multipart([{ name, body, type }]);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/common/upload`,
      headers: { authorization: `Bearer ${p.tokens[user]}`, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  const pdfText = async (bytes: Buffer) => {
    const doc = await getDocument({
      data: new Uint8Array(bytes),
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
  const getPdf = (user: string, id: number) =>
    t.inject({
      method: 'GET',
      url: `${API_PREFIX}/inspection/tbInspectionReport/get/testPDF?id=${id}`,
      headers: { authorization: `Bearer ${p.tokens[user]}` },
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    p = new CallProber(t, inspectionReportCalls);
    rp = new CallProber(t, inspectionResultCalls);
    await p.signIn(USERS);
    await rp.signIn(USERS);
    [{ id: jy1 }] = await query<{ id: number }>(
      `select company_id as id from sys_user where username = 'jy_admin1'`,
    );
    instruments = await query<{ id: number; name: string; valid_until: string }>(
      `select id, name, valid_until::text from inspection_equipment where org_id = ${jy1} and state = 1
        and calibrated_on <= '${today}' and valid_until >= '${addDays(today, 30)}' order by id limit 2`,
    );
    expect(instruments.length).toBeGreaterThan(0);
    [{ id: ownInspector }] = await query<{ id: number }>(
      `update inspection_inspector set valid_until = '${addDays(today, 400)}'
        where user_id = (select id from sys_user where username = 'jy_inspector1') returning id`,
    );
  });
  afterAll(() => t?.close());

  it('putDetectionPlan sets the date, inspectors and instruments; refuses what the signature would', async () => {
    const r = await inspected();
    const plan = (over: Record<string, unknown> = {}) => ({
      id: r.id,
      version: r.version,
      plannedDate: addDays(today, 7),
      inspectorIds: [ownInspector],
      instrumentIds: [instruments[0].id],
      ...over,
    });
    // The inspector does not plan; another organisation does not see the report.
    expect((await send('jy_inspector1', 'putDetectionPlan', plan())).status).toBe(403);
    expect((await send('jy_admin2', 'putDetectionPlan', plan())).status).toBe(404);
    // Bad input: a missing date, an empty instrument list, a date beyond a year.
    const noDate = await send('jy_admin1', 'putDetectionPlan', plan({ plannedDate: undefined }));
    expect(noDate.status).toBe(400);
    expect(noDate.body.resultMsg).toContain('计划检验日期');
    expect((await send('jy_admin1', 'putDetectionPlan', plan({ instrumentIds: [] }))).status).toBe(400);
    const far = await send('jy_admin1', 'putDetectionPlan', plan({ plannedDate: addDays(today, 400) }));
    expect(far.status).toBe(400);
    // The inspector the order was distributed to stays on the plan.
    const other = await query<{ id: number }>(
      `select id from inspection_inspector where org_id = ${jy1} and id <> ${ownInspector} and audit_state = 2 limit 1`,
    );
    if (other.length) {
      const dropped = await send('jy_admin1', 'putDetectionPlan', plan({ inspectorIds: [other[0].id] }));
      expect(dropped.status).toBe(400);
      expect(dropped.body.resultMsg).toContain('分配到该检验任务的检验人员');
    }
    // An instrument whose calibration ends before the planned date: 409 naming it.
    await query(
      `update inspection_equipment set valid_until = '${addDays(today, 3)}' where id = ${instruments[0].id}`,
    );
    try {
      const late = await send('jy_admin1', 'putDetectionPlan', plan());
      expect(late.status, late.body.resultMsg).toBe(409);
      expect(late.body.resultMsg).toContain(instruments[0].name);
    } finally {
      await query(
        `update inspection_equipment set valid_until = '${instruments[0].valid_until}' where id = ${instruments[0].id}`,
      );
    }
    // An inspector whose certificate ends before the date: 409 naming the certificate.
    await query(
      `update inspection_inspector set valid_until = '${addDays(today, 3)}' where id = ${ownInspector}`,
    );
    try {
      const expired = await send('jy_admin1', 'putDetectionPlan', plan());
      expect(expired.status).toBe(409);
      expect(expired.body.resultMsg).toContain('资格证书');
    } finally {
      await query(
        `update inspection_inspector set valid_until = '${addDays(today, 400)}' where id = ${ownInspector}`,
      );
    }
    // Happy: the plan is on the report, its instruments with their calibration.
    const ok = await send('jy_admin1', 'putDetectionPlan', plan());
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect(ok.body.data.inspectedOn).toBe(addDays(today, 7));
    expect(ok.body.data.instruments.map((i) => i.id)).toEqual([instruments[0].id]);
    expect(ok.body.data.instruments[0].validUntil).toBe(instruments[0].valid_until);
    expect(ok.body.data.inspectors.map((i) => i.id)).toEqual([ownInspector]);
    // The version the client read is stale now: 409.
    const stale = await send('jy_admin1', 'putDetectionPlan', plan());
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toContain('请刷新后重试');
    // A signed report's plan is closed.
    const s = await signed();
    const late2 = await send('jy_admin1', 'putDetectionPlan', plan({ id: s.id, version: s.version }));
    expect(late2.status).toBe(409);
    expect(late2.body.resultMsg).toContain('已签字');
  });

  it('getServerInfo tells the Shanghai day, the font, the upload limits and the numbering', async () => {
    const r = await inspected();
    const res = await send<ReportServerInfo>('jy_admin1', 'getServerInfo');
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data.today).toBe(shanghaiToday());
    expect(res.body.data.serverTime.slice(0, 10)).toBe(res.body.data.today);
    expect(res.body.data.timeZone).toBe('Asia/Shanghai');
    expect(res.body.data.pdfFont).toBe('EC PDF Sans');
    expect(res.body.data.reportFileTypes).toEqual(['pdf']);
    expect(res.body.data.maxUploadMb).toBeGreaterThan(0);
    // The example follows the same shape as a real report number.
    const shape = /^BG\d{6}-\d+-\d+$/;
    expect(res.body.data.reportNoExample).toMatch(shape);
    expect(r.reportNo).toMatch(/^BGTOOL-\d+-1$/);
    // The use unit reads it too (it reads reports).
    expect((await send('sy_admin1', 'getServerInfo')).status).toBe(200);
  });

  it('uploadReport keeps a signed report’s PDF scan as the next original-record version, readable by the use unit once pushed', async () => {
    const open = await inspected();
    const s = await signed();
    const pdfId = await upload('jy_admin1', '检验报告扫描件.pdf', PDF_MIN, 'application/pdf');
    const pngId = await upload('jy_admin1', '扫描件.png', PNG_1PX, 'image/png');
    // Bad input, refusals.
    expect((await send('jy_admin1', 'uploadReport', { id: s.id, fileId: 'nope' })).status).toBe(400);
    const png = await send('jy_admin1', 'uploadReport', { id: s.id, fileId: pngId });
    expect(png.status).toBe(400);
    expect(png.body.resultMsg).toContain('PDF');
    const notSigned = await send('jy_admin1', 'uploadReport', { id: open.id, fileId: pdfId });
    expect(notSigned.status).toBe(409);
    expect(notSigned.body.resultMsg).toContain('检验中');
    expect((await send('jy_inspector1', 'uploadReport', { id: s.id, fileId: pdfId })).status).toBe(403);
    expect((await send('jy_admin2', 'uploadReport', { id: s.id, fileId: pdfId })).status).toBe(404);
    const foreign = await upload('jy_admin2', 'x.pdf', PDF_MIN, 'application/pdf');
    expect((await send('jy_admin1', 'uploadReport', { id: s.id, fileId: foreign })).status).toBe(400);
    // Happy.
    const ok = await send<ReportFileHistoryRow[]>('jy_admin1', 'uploadReport', { id: s.id, fileId: pdfId });
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect(ok.body.data[0]).toMatchObject({ version: 1, fileId: pdfId, fileName: '检验报告扫描件.pdf' });
    const detail = await send('jy_admin1', 'detail', { id: s.id });
    expect(detail.body.data.originalRecordFileId).toBe(pdfId);
    // The use unit reads the file once the report is pushed, not before.
    const show = () =>
      t.inject({
        method: 'GET',
        url: `${API_PREFIX}/showFile?id=${pdfId}`,
        headers: { authorization: `Bearer ${p.tokens.sy_admin1}` },
      });
    expect((await show()).statusCode).toBe(404);
    const pushed = await send('jy_admin1', 'pushReport', { id: s.id });
    expect(pushed.status, pushed.body.resultMsg).toBe(200);
    const read = await show();
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A pushed report takes a new version too.
    const again = await send<ReportFileHistoryRow[]>('jy_admin1', 'uploadReport', {
      id: s.id,
      fileId: pdfId,
    });
    expect(again.status, again.body.resultMsg).toBe(200);
    expect(again.body.data.map((x) => x.version)).toEqual([2, 1]);
  });

  it('batchRecreate renders each report and names the ones that cannot be', async () => {
    const open = await inspected();
    const a = await signed();
    const b = await signed();
    // b's stored conclusion no longer follows from its results.
    await query(`update inspection_report set conclusion = '不合格' where id = ${b.id}`);
    expect((await send('jy_admin2', 'batchRecreate', { ids: [a.id] })).status).toBe(404);
    expect((await send('jy_admin1', 'batchRecreate', { ids: [a.id, 999999999] })).status).toBe(404);
    expect((await send('jy_inspector1', 'batchRecreate', { ids: [a.id] })).status).toBe(403);
    expect((await send('jy_admin1', 'batchRecreate', { ids: [] })).status).toBe(400);
    const many = await send('jy_admin1', 'batchRecreate', {
      ids: Array.from({ length: 201 }, (_, i) => i + 1),
    });
    expect(many.status).toBe(400);
    expect(many.body.resultMsg).toContain('200');
    const res = await send<BatchRecreateResult>('jy_admin1', 'batchRecreate', { ids: [a.id, open.id, b.id] });
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data.recreated).toBe(1);
    const by = new Map(res.body.data.results.map((x) => [x.id, x]));
    expect(by.get(a.id)).toMatchObject({ ok: true, message: null });
    expect(by.get(a.id)!.bytes).toBeGreaterThan(1000);
    expect(by.get(open.id)).toMatchObject({ ok: false });
    expect(by.get(open.id)!.message).toContain('尚未签字');
    expect(by.get(b.id)!.message).toContain('不一致');
    // Nothing written: b keeps what it had.
    const [row] = await query<{ conclusion: string }>(
      `select conclusion from inspection_report where id = ${b.id}`,
    );
    expect(row.conclusion).toBe('不合格');
  });

  it('the PDF prints each instrument’s calibration validity and the seal, which the use unit reads', async () => {
    // The organisation's enabled report seal (检验报告专用章), a real seal image.
    const sealFile = await upload('jy_admin1', '报告章.png', drawSealPng(240), 'image/png');
    await query(`update inspection_seal set enabled = false where org_id = ${jy1} and kind = 2`);
    await query(
      `insert into inspection_seal (org_id, name, kind, file_id, enabled) values (${jy1}, '检验报告专用章', 2, '${sealFile}', true)`,
    );
    const s = await signed();
    expect((await send('jy_admin1', 'pushReport', { id: s.id })).status).toBe(200);
    const res = await getPdf('sy_admin1', s.id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(s.registerCode);
    for (const i of instruments) expect(text).toContain(i.valid_until);
    // The seal is printed for the use unit: read through the platform's file read with its access.
    expect(text).not.toContain('（印章');
    const show = (user: string) =>
      t.inject({
        method: 'GET',
        url: `${API_PREFIX}/showFile?id=${sealFile}`,
        headers: { authorization: `Bearer ${p.tokens[user]}` },
      });
    expect((await show('sy_admin1')).statusCode).toBe(200);
    expect((await show('jy_admin2')).statusCode).toBe(404);
    // Disabled, the seal is no longer the use unit's to read, and the PDF says it is missing.
    await query(`update inspection_seal set enabled = false where file_id = '${sealFile}'`);
    expect((await show('sy_admin1')).statusCode).toBe(404);
    expect(await pdfText((await getPdf('sy_admin1', s.id)).rawPayload)).toContain('（印章图片缺失）');
  });

  it('the PDF paints each signing inspector’s signature image, which the use unit reads', async () => {
    const s = await signed();
    expect((await send('jy_admin1', 'pushReport', { id: s.id })).status).toBe(200);
    const ids = s.inspectors.map((i) => i.id);
    expect(ids.length).toBeGreaterThan(0);
    // The demo gives each inspector a signature; the report's inspectors get one uploaded PNG here.
    const sigFile = await upload('jy_admin1', '签名.png', drawSealPng(120), 'image/png');
    await query(
      `update inspection_inspector set signature_file_id = '${sigFile}' where id in (${ids.join(',')})`,
    );
    const painted = async () => {
      const res = await getPdf('sy_admin1', s.id);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const { pages, images } = await readPdf(new Uint8Array(res.rawPayload));
      return { text: pages.join(''), count: images.reduce((a, b) => a + b, 0) };
    };
    const withSignatures = await painted();
    expect(withSignatures.text).not.toContain('（签名图片缺失）');
    const show = (user: string) =>
      t.inject({
        method: 'GET',
        url: `${API_PREFIX}/showFile?id=${sigFile}`,
        headers: { authorization: `Bearer ${p.tokens[user]}` },
      });
    // The use unit reads the signature of an inspector on its report; another organisation does not.
    expect((await show('sy_admin1')).statusCode).toBe(200);
    expect((await show('jy_admin2')).statusCode).toBe(404);
    // Without signatures, one image fewer for each inspector and the PDF says they are missing.
    await query(`update inspection_inspector set signature_file_id = null where id in (${ids.join(',')})`);
    const without = await painted();
    expect(without.text).toContain('（签名图片缺失）');
    expect(withSignatures.count - without.count).toBe(ids.length);
  });

  // The rules that decide these writes live in the database: the plan's version in its conditional
  // UPDATE, the original record's next version behind the report row's lock (at once on PostgreSQL).
  it('takes one plan among 50 with the same version, and 50 uploads as 50 versions', async () => {
    const N = 50;
    const r = await inspected();
    const plans = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        send('jy_admin1', 'putDetectionPlan', {
          id: r.id,
          version: r.version,
          plannedDate: addDays(today, 1 + (i % 5)),
          inspectorIds: [ownInspector],
          instrumentIds: [instruments[0].id],
        }),
      ),
    );
    const count: Record<number, number> = {};
    for (const x of plans) count[x.status] = (count[x.status] ?? 0) + 1;
    expect(count).toEqual({ 200: 1, 409: N - 1 });
    const [row] = await query<{ version: number }>(
      `select version from inspection_report where id = ${r.id}`,
    );
    expect(row.version).toBe(r.version + 1);

    const s = await signed();
    const pdfId = await upload('jy_admin1', '报告.pdf', PDF_MIN, 'application/pdf');
    const ups = await Promise.all(
      Array.from({ length: N }, () => send('jy_admin1', 'uploadReport', { id: s.id, fileId: pdfId })),
    );
    expect(ups.map((x) => x.status)).toEqual(Array(N).fill(200));
    const versions = await query<{ version: number }>(
      `select version from inspection_report_file_history where report_id = ${s.id} order by version`,
    );
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
  });
});
