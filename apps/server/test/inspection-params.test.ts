import * as XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  addDays,
  type DueLiftRow,
  type DueSummary,
  type ImportReport,
  type Page,
  REPORT_PARAM_COLUMNS,
  type ReportParamRow,
  shanghaiToday,
  type TechParamListRow,
  type TechParamRow,
  technicalParamCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARAM_IMPORT_HEADERS } from '../src/modules/inspection/params/import.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * 技术参数 and 检验电梯 (inspection part 1, params/): the import's all-or-nothing row report (.xlsx and
 * .xls), the upsert, versioned edits (stale → 409; 50 racing writers → one), the undistributed
 * lists, the report's table, the export, the due list, and the per-call data-scope sweep: jy_admin2
 * (江南区) and a maintenance company never reach jy1's (青秀区) rows; the 青秀区 regulator reads them
 * and writes nothing.
 */
const calls = technicalParamCalls;
type CallName = keyof typeof calls;
const USERS = ['admin', 'jy_admin1', 'jy_admin2', 'jg_qingxiu', 'wb_admin1'];

interface Lift {
  id: number;
  register_code: string;
}

/** A sheet of parameter rows in the template's columns (header → value). */
function sheet(rows: Record<string, string | number>[], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const headers = [...PARAM_IMPORT_HEADERS];
  const data = [headers, ...rows.map((r) => headers.map((h) => r[h.replace('*', '')] ?? ''))];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), '技术参数');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

describe.each(dbKinds)('inspection technical parameters on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof calls>;
  let jy1: number;
  let jy2: number;
  let qx: Lift[];
  let jn: Lift[];
  const today = shanghaiToday();

  const send = <T = unknown>(user: string, name: CallName, input: Record<string, unknown> = {}) =>
    p.send<T>(user, name, input);
  const upload = async (user: string, body: Buffer, name = 'params.xlsx') => {
    const { payload, contentType } = multipart([{ name, body }]);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}${calls.importTechnicalParameters.path}`,
      headers: { authorization: `Bearer ${p.tokens[user]}`, 'content-type': contentType },
      payload,
    });
    return { status: res.statusCode, body: res.json() as { data: ImportReport; resultMsg: string } };
  };
  const download = async (user: string, path: string) => {
    const res = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}${path}`,
      headers: { authorization: `Bearer ${p.tokens[user]}` },
    });
    return { status: res.statusCode, body: res.rawPayload };
  };
  const sheetRows = (file: Buffer) => {
    const book = XLSX.read(file);
    return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
  };
  const q = <T>(query: ReturnType<typeof sql>) => t.platform.db.execute(query).then((r) => rowsOf<T>(r));
  const paramsOf = (liftId: number) =>
    q<{ id: number; org_id: number; stops: number | null; version: number }>(
      sql`select id, org_id, stops, version from inspection_tech_param where elevator_id = ${liftId} order by org_id`,
    );
  const snapshot = () =>
    q(sql`select id, org_id, elevator_id, stops, rated_speed, extra, version, order_id
      from inspection_tech_param order by id`);

  beforeAll(async () => {
    t = await startTestApp(kind);
    p = new CallProber(t, calls);
    await p.signIn(USERS);
    const orgs = await q<{ id: number }>(
      sql`select id from enterprise where kind = 'inspection' order by id limit 2`,
    );
    [jy1, jy2] = orgs.map((o) => o.id);
    qx = await q<Lift>(
      sql`select id, register_code from elevator where area_code = '450103' order by id limit 6`,
    );
    jn = await q<Lift>(
      sql`select id, register_code from elevator where area_code = '450105' order by id limit 3`,
    );
    expect(qx.length).toBe(6);
    expect(jn.length).toBe(3);
    // Due dates the tests rely on: four 青秀区 lifts due in 10 days, one overdue, one not due; 江南区 due in 7.
    const ids = [...qx, ...jn].map((l) => l.id);
    await q(sql`update elevator set use_status = 1, next_inspect_date = ${addDays(today, 200)}
      where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`);
    for (const l of qx.slice(0, 4))
      await q(sql`update elevator set next_inspect_date = ${addDays(today, 10)} where id = ${l.id}`);
    await q(sql`update elevator set next_inspect_date = ${addDays(today, -5)} where id = ${qx[4].id}`);
    for (const l of jn)
      await q(sql`update elevator set next_inspect_date = ${addDays(today, 7)} where id = ${l.id}`);
    await q(
      sql`delete from inspection_tech_param where elevator_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the import template with the required register code column first', async () => {
    const res = await download('jy_admin1', calls.importTemplate.path);
    expect(res.status).toBe(200);
    const [header, example] = sheetRows(res.body);
    expect(header[0]).toBe('注册代码*');
    expect(header).toContain('曳引比');
    expect(example[0]).toMatch(/^3110/);
    expect((await download('wb_admin1', calls.importTemplate.path)).status).toBe(403);
  });

  it('imports an .xlsx for the organisation and upserts on (organisation, lift)', async () => {
    const good = sheet([
      {
        注册代码: qx[0].register_code,
        设备品种: '曳引驱动乘客电梯',
        层站数: 12,
        门数: 12,
        '额定载重量(kg)': 1000,
        '额定速度(m/s)': 1.75,
        '提升高度(m)': 33,
        控制方式: '集选控制',
        曳引比: '2:1',
        '电动机功率(kW)': 11,
      },
      { 注册代码: qx[1].register_code.toLowerCase(), 设备品种: '3310', '倾斜角(°)': 30, '提升高度(m)': 5.1 },
    ]);
    const ok = await upload('jy_admin1', good);
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect(ok.body.data).toMatchObject({ success: true, total: 2, imported: 2, errors: [] });
    const [row] = await paramsOf(qx[0].id);
    expect(row).toMatchObject({ org_id: jy1, stops: 12, version: 0 });

    // The same lift again: the row is replaced, not doubled, and its version moves on.
    const again = await upload('jy_admin1', sheet([{ 注册代码: qx[0].register_code, 层站数: 14 }]));
    expect(again.body.data).toMatchObject({ success: true, imported: 1 });
    const rows = await paramsOf(qx[0].id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stops: 14, version: 1 });
    // Put the full row back for the tests below.
    expect((await upload('jy_admin1', good)).body.data.success).toBe(true);
  });

  for (const [bookType, name] of [
    ['xlsx', 'bad.xlsx'],
    ['biff8', 'bad.xls'],
  ] as const) {
    it(`refuses a whole ${name} with a row-by-row report when any row is bad`, async () => {
      const before = await snapshot();
      const bad = sheet(
        [
          { 注册代码: qx[2].register_code, 层站数: 10 },
          { 注册代码: '31104501039999999999', 层站数: 10 },
          { 注册代码: jn[0].register_code, 层站数: 10 },
          { 注册代码: qx[3].register_code, '额定速度(m/s)': 12, 层站数: 1 },
          { 注册代码: qx[5].register_code, '额定载重量(kg)': 'abc', '倾斜角(°)': 60 },
          { 注册代码: qx[4].register_code },
          { 注册代码: qx[4].register_code },
          { 层站数: 3 },
        ],
        bookType,
      );
      const res = await upload('jy_admin1', bad, name);
      expect(res.status, res.body.resultMsg).toBe(200);
      const report = res.body.data;
      expect(report).toMatchObject({ success: false, total: 8, imported: 0 });
      expect(report.reportFileId).toBeTruthy();
      const at = (row: number) =>
        report.errors.filter((e) => e.row === row).map((e) => `${e.column}:${e.message}`);
      expect(at(2)).toEqual([]);
      expect(at(3)).toEqual(['注册代码:平台上没有注册代码为「31104501039999999999」的电梯']);
      expect(at(4)).toEqual(['注册代码:该电梯不在本机构的检验区域']);
      expect(at(5)).toEqual(
        expect.arrayContaining(['额定速度(m/s):额定速度应在 0–10 m/s 之间', '层站数:层站数应在 2–200 之间']),
      );
      expect(at(6)).toEqual(
        expect.arrayContaining(['额定载重量(kg):额定载重量应为数字', '倾斜角(°):倾斜角(°)应在 0–35 之间']),
      );
      expect(at(7)).toEqual([`注册代码:文件中重复：${qx[4].register_code}`]);
      expect(at(8)).toEqual([`注册代码:文件中重复：${qx[4].register_code}`]);
      expect(at(9)).toEqual(['注册代码:注册代码不能为空']);
      // Nothing written, not even the good row 2.
      expect(await snapshot()).toEqual(before);
      expect(await paramsOf(qx[2].id)).toEqual([]);
    });
  }

  it('refuses files that are not a parameter sheet, and importers outside the organisation', async () => {
    const noCode = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(noCode, XLSX.utils.aoa_to_sheet([['层站数'], ['3']]), 'S');
    const missing = await upload(
      'jy_admin1',
      XLSX.write(noCode, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.resultMsg).toContain('缺少必填列：注册代码');
    const text = await upload('jy_admin1', Buffer.from('注册代码\n1'), 'params.xlsx');
    expect([400, 415]).toContain(text.status);
    // jy2 (江南区) cannot import a 青秀区 lift.
    const other = await upload('jy_admin2', sheet([{ 注册代码: qx[0].register_code, 层站数: 5 }]));
    expect(other.body.data.success).toBe(false);
    expect(other.body.data.errors[0].message).toBe('该电梯不在本机构的检验区域');
    // The platform writes no organisation's parameters; the regulator holds 检验电梯 read only.
    for (const [user, reason] of [
      ['admin', '只有检验机构本机构人员可以维护技术参数'],
      ['jg_qingxiu', '没有权限执行此操作'],
    ]) {
      const res = await upload(user, sheet([{ 注册代码: qx[0].register_code, 层站数: 5 }]));
      expect(res.status, user).toBe(403);
      expect(res.body.resultMsg).toBe(reason);
    }
    expect((await upload('wb_admin1', sheet([{ 注册代码: qx[0].register_code }]))).status).toBe(403);
    // jy2 records its own district's lift.
    const own = await upload('jy_admin2', sheet([{ 注册代码: jn[0].register_code, 层站数: 9 }]));
    expect(own.body.data).toMatchObject({ success: true, imported: 1 });
  });

  it('keeps every call within its data scope (the sweep)', async () => {
    const [row] = await paramsOf(qx[0].id);
    const code = qx[0].register_code;
    const reader = ['jg_qingxiu'];
    const readsOrRefused = async (a: string, name: CallName, input: Record<string, unknown>) => {
      if (reader.includes(a)) expect((await send(a, name, input)).status, `${a} ${name}`).toBe(200);
      else await p.refused(a, name, input);
    };
    const probes: Probes<typeof calls> = {
      query: (a) =>
        p.leftOut(
          a,
          'query',
          { registerCode: code, hasParams: true },
          (d) => (d as Page<TechParamListRow>).records.some((r) => r.id === row.id),
          reader,
        ),
      reportTechnicalParametersList: (a) =>
        readsOrRefused(a, 'reportTechnicalParametersList', { elevatorIds: [qx[0].id], orgId: jy1 }),
      elevatorTechnicalParametersList: (a) =>
        readsOrRefused(a, 'elevatorTechnicalParametersList', { elevatorId: qx[0].id }),
      importTechnicalParameters: async (a) => {
        const res = await upload(a, sheet([{ 注册代码: code, 层站数: 3 }]));
        if (a === 'jy_admin2') expect(res.body.data.success).toBe(false);
        else expect(res.status, a).toBe(403);
      },
      // The template holds no record: whoever may import gets it.
      importTemplate: async (a) =>
        expect((await download(a, calls.importTemplate.path)).status).toBe(
          p.may(a, 'importTemplate') ? 200 : 403,
        ),
      update: async (a) => {
        const res = await send(a, 'update', {
          id: row.id,
          elevatorId: qx[0].id,
          version: row.version,
          stops: 3,
        });
        // Another organisation's row is not found; a regulator (visible, not its own) may not write.
        expect(res.status, `${a} update`).toBe(a === 'jy_admin2' ? 404 : 403);
      },
      undistributedList: (a) =>
        p.leftOut(
          a,
          'undistributedList',
          { registerCode: code },
          (d) => (d as Page<TechParamRow>).records.some((r) => r.id === row.id),
          reader,
        ),
      countUndistributedList: (a) =>
        p.leftOut(
          a,
          'countUndistributedList',
          { registerCode: code },
          (d) => (d as { count: number }).count > 0,
          reader,
        ),
      exportExcel: async (a) => {
        const res = await download(a, `/inspection/tbTechnicalParameters/exportExcel/${jy1}`);
        expect(res.status, a).toBe(reader.includes(a) ? 200 : p.may(a, 'exportExcel') ? 404 : 403);
      },
      dueList: (a) =>
        p.leftOut(
          a,
          'dueList',
          { registerCode: code },
          (d) => (d as Page<DueLiftRow>).records.some((r) => r.elevatorId === qx[0].id),
          reader,
        ),
    };
    p.expectProbeForEveryCall(probes);
    for (const actor of ['jy_admin2', 'wb_admin1', 'jg_qingxiu']) await p.sweep(actor, probes, snapshot);
  });

  it('saves one row by its version: stale → 409, bad numbers → 400, a first record of an area lift', async () => {
    const [row] = await paramsOf(qx[0].id);
    const saved = await send<TechParamRow>('jy_admin1', 'update', {
      id: row.id,
      elevatorId: qx[0].id,
      version: row.version,
      stops: 16,
      ratedSpeed: 2,
      extra: { 驱动方式: '曳引驱动', 曳引比: '2:1' },
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    expect(saved.body.data).toMatchObject({ stops: 16, ratedSpeed: 2, version: row.version + 1, orgId: jy1 });
    expect(saved.body.data.extra).toEqual({ 驱动方式: '曳引驱动', 曳引比: '2:1' });

    const stale = await send('jy_admin1', 'update', {
      id: row.id,
      elevatorId: qx[0].id,
      version: row.version,
      stops: 4,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toBe('该记录已被他人修改，请刷新后重试');

    const bad = await send('jy_admin1', 'update', {
      id: row.id,
      elevatorId: qx[0].id,
      version: row.version + 1,
      ratedSpeed: 11,
      ratedLoad: 20000,
      stops: 1,
      extra: { 未知参数: '1', '底坑深度(m)': '99' },
    });
    expect(bad.status).toBe(400);
    const messages = JSON.stringify(bad.body);
    for (const m of [
      '额定速度应在 0–10 m/s 之间',
      '额定载重量应在 0–10000 kg 之间',
      '层站数应在 2–200 之间',
      '未知的技术参数「未知参数」',
      '底坑深度(m)应在 0–50 之间',
    ])
      expect(messages).toContain(m);

    // A first record of a lift of the area; a second first record is a conflict.
    const created = await send<TechParamRow>('jy_admin1', 'update', { elevatorId: qx[3].id, stops: 8 });
    expect(created.status, created.body.resultMsg).toBe(200);
    expect(created.body.data).toMatchObject({ elevatorId: qx[3].id, stops: 8, version: 0 });
    const twice = await send('jy_admin1', 'update', { elevatorId: qx[3].id, stops: 9 });
    expect(twice.status).toBe(409);
    // A lift outside the area cannot be recorded.
    const outside = await send('jy_admin1', 'update', { elevatorId: jn[1].id, stops: 9 });
    expect(outside.status).toBe(404);
    expect(outside.body.resultMsg).toBe('电梯不存在或不在本机构的检验区域');
    // jy2's row is not jy1's to edit.
    const [theirs] = await paramsOf(jn[0].id);
    expect(
      (
        await send('jy_admin1', 'update', {
          id: theirs.id,
          elevatorId: jn[0].id,
          version: theirs.version,
          stops: 4,
        })
      ).status,
    ).toBe(404);
  });

  it('answers one lift’s rows: the organisation its own, the platform every organisation’s', async () => {
    const mine = await send<TechParamRow[]>('jy_admin1', 'elevatorTechnicalParametersList', {
      elevatorId: qx[0].id,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((r) => r.orgId)).toEqual([jy1]);
    expect(mine.body.data[0]).toMatchObject({
      registerCode: qx[0].register_code,
      varietyName: '曳引驱动乘客电梯',
    });
    expect(
      (await send('jy_admin2', 'elevatorTechnicalParametersList', { elevatorId: qx[0].id })).status,
    ).toBe(404);
    const all = await send<TechParamRow[]>('admin', 'elevatorTechnicalParametersList', {
      elevatorId: jn[0].id,
    });
    expect(all.body.data.map((r) => r.orgId)).toEqual([jy2]);
    expect((await send('jy_admin1', 'elevatorTechnicalParametersList', { elevatorId: 'x' })).status).toBe(
      400,
    );
  });

  it('lists the area’s lifts with or without parameters', async () => {
    const withParams = await send<Page<TechParamListRow>>('jy_admin1', 'query', {
      hasParams: true,
      limit: 500,
    });
    expect(withParams.status).toBe(200);
    const ids = withParams.body.data.records.map((r) => r.elevatorId);
    expect(ids).toEqual(expect.arrayContaining([qx[0].id, qx[1].id, qx[3].id]));
    expect(withParams.body.data.records.every((r) => r.orgId === jy1 && r.areaCode === '450103')).toBe(true);
    const without = await send<Page<TechParamListRow>>('jy_admin1', 'query', {
      hasParams: false,
      limit: 500,
    });
    const missing = without.body.data.records.map((r) => r.elevatorId);
    expect(missing).toContain(qx[2].id);
    expect(missing).not.toContain(qx[0].id);
    expect(without.body.data.records.every((r) => r.id === null)).toBe(true);
    const byVariety = await send<Page<TechParamListRow>>('jy_admin1', 'query', {
      variety: '3310',
      hasParams: true,
    });
    expect(byVariety.body.data.records.map((r) => r.elevatorId)).toContain(qx[1].id);
    expect((await send('jy_admin1', 'query', { variety: '9999' })).status).toBe(400);
  });

  it('lists and counts the due lifts recorded but on no order yet', async () => {
    const list = await send<Page<TechParamRow>>('jy_admin1', 'undistributedList', { limit: 500 });
    expect(list.status).toBe(200);
    const ids = list.body.data.records.map((r) => r.elevatorId);
    expect(ids).toEqual(expect.arrayContaining([qx[0].id, qx[3].id]));
    const count = await send<{ count: number }>('jy_admin1', 'countUndistributedList', {});
    expect(count.body.data.count).toBe(list.body.data.total);
    // Part 2 puts qx[0] on an order: it leaves the list and the count.
    await q(
      sql`update inspection_tech_param set order_id = 1 where elevator_id = ${qx[0].id} and org_id = ${jy1}`,
    );
    const after = await send<{ count: number }>('jy_admin1', 'countUndistributedList', {});
    expect(after.body.data.count).toBe(count.body.data.count - 1);
    await q(sql`update inspection_tech_param set order_id = null where elevator_id = ${qx[0].id}`);
    // qx[1] is not due within 3 days (10 days away).
    const soon = await send<Page<TechParamRow>>('jy_admin1', 'undistributedList', { days: 3, limit: 500 });
    expect(soon.body.data.records.map((r) => r.elevatorId)).not.toContain(qx[1].id);
    expect((await send('jy_admin1', 'undistributedList', { days: 0 })).status).toBe(400);
  });

  it('gives the report’s parameter table in the report’s column order', async () => {
    const res = await send<{ columns: string[]; rows: ReportParamRow[] }>(
      'jy_admin1',
      'reportTechnicalParametersList',
      {
        elevatorIds: [qx[2].id, qx[0].id],
      },
    );
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data.columns).toEqual([...REPORT_PARAM_COLUMNS]);
    const [fallback, recorded] = res.body.data.rows;
    expect(fallback).toMatchObject({ elevatorId: qx[2].id, recorded: false });
    expect(recorded).toMatchObject({ elevatorId: qx[0].id, recorded: true });
    const cell = (title: string) => recorded.cells[REPORT_PARAM_COLUMNS.indexOf(title as never)];
    expect(cell('注册代码')).toBe(qx[0].register_code);
    expect(cell('层站数')).toBe('16');
    expect(cell('曳引比')).toBe('2:1');
    expect(
      (await send('jy_admin2', 'reportTechnicalParametersList', { elevatorIds: [qx[0].id] })).status,
    ).toBe(404);
    const noOrg = await send('admin', 'reportTechnicalParametersList', { elevatorIds: [qx[0].id] });
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.resultMsg).toBe('请指定检验机构');
    expect(
      (await send('admin', 'reportTechnicalParametersList', { elevatorIds: [qx[0].id], orgId: jy1 })).status,
    ).toBe(200);
    expect((await send('jy_admin1', 'reportTechnicalParametersList', { elevatorIds: [] })).status).toBe(400);
  });

  it('exports the organisation’s rows in the template’s columns', async () => {
    const res = await download('jy_admin1', `/inspection/tbTechnicalParameters/exportExcel/${jy1}`);
    expect(res.status).toBe(200);
    const [header, ...rows] = sheetRows(res.body);
    expect(header.slice(0, 3)).toEqual(['注册代码', '设备品种', '层站数']);
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining([qx[0].register_code, qx[1].register_code]));
    expect(rows.map((r) => r[0])).not.toContain(jn[0].register_code);
    expect((await download('jy_admin1', `/inspection/tbTechnicalParameters/exportExcel/${jy2}`)).status).toBe(
      404,
    );
    expect(
      (await download('jg_qingxiu', `/inspection/tbTechnicalParameters/exportExcel/${jy2}`)).status,
    ).toBe(404);
    expect((await download('admin', `/inspection/tbTechnicalParameters/exportExcel/${jy2}`)).status).toBe(
      200,
    );
  });

  it('lists the lifts due for inspection in the organisation’s area, with counts', async () => {
    type Due = Page<DueLiftRow> & { summary: DueSummary };
    const res = await send<Due>('jy_admin1', 'dueList', { limit: 500 });
    expect(res.status, res.body.resultMsg).toBe(200);
    const byId = new Map(res.body.data.records.map((r) => [r.elevatorId, r]));
    expect(byId.get(qx[0].id)).toMatchObject({ recorded: true, dueState: 'soon', daysLeft: 10 });
    expect(byId.get(qx[0].id)?.paramId).toBeTypeOf('number');
    expect(byId.get(qx[2].id)).toMatchObject({ recorded: false, paramId: null });
    expect(byId.get(qx[4].id)).toMatchObject({ dueState: 'overdue', daysLeft: -5 });
    expect(byId.has(qx[5].id)).toBe(false); // due in 200 days
    expect(res.body.data.records.every((r) => r.areaCode === '450103')).toBe(true);
    const { summary } = res.body.data;
    expect(summary.due).toBe(res.body.data.total);
    expect(summary.overdue).toBe(res.body.data.records.filter((r) => r.dueState === 'overdue').length);
    expect(summary.recorded).toBe(res.body.data.records.filter((r) => r.recorded).length);

    const overdue = await send<Due>('jy_admin1', 'dueList', { dueState: 'overdue', limit: 500 });
    expect(overdue.body.data.records.every((r) => r.daysLeft < 0)).toBe(true);
    expect(overdue.body.data.records.map((r) => r.elevatorId)).toContain(qx[4].id);
    const unrecorded = await send<Due>('jy_admin1', 'dueList', { hasParams: false, limit: 500 });
    expect(unrecorded.body.data.records.every((r) => !r.recorded)).toBe(true);
    const wide = await send<Due>('jy_admin1', 'dueList', { days: 365, limit: 500 });
    expect(wide.body.data.records.map((r) => r.elevatorId)).toContain(qx[5].id);

    const jiangnan = await send<Due>('jy_admin2', 'dueList', { limit: 500 });
    expect(jiangnan.body.data.records.every((r) => r.areaCode === '450105')).toBe(true);
    expect(jiangnan.body.data.records.map((r) => r.elevatorId)).toContain(jn[0].id);
    const platform = await send<Due>('admin', 'dueList', { limit: 500 });
    const all = platform.body.data.records.map((r) => r.elevatorId);
    expect(all).toEqual(expect.arrayContaining([qx[0].id, jn[0].id]));
    expect(platform.body.data.records.find((r) => r.elevatorId === jn[0].id)?.recorded).toBe(true);
    expect((await send('jy_admin1', 'dueList', { dueState: 'later' })).status).toBe(400);
    expect((await send('jy_admin1', 'dueList', { days: 400 })).status).toBe(400);
    expect((await send('wb_admin1', 'dueList', {})).status).toBe(403);
  });

  it.runIf(kind === 'postgres')(
    'lets exactly one of 50 concurrent saves of one version through',
    async () => {
      const [row] = await paramsOf(qx[1].id);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          send('jy_admin1', 'update', {
            id: row.id,
            elevatorId: qx[1].id,
            version: row.version,
            stops: 2 + i,
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      const [after] = await paramsOf(qx[1].id);
      expect(after.version).toBe(row.version + 1);
    },
  );
});
