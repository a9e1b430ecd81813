import * as XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  type ClaimRecord,
  type ElevatorDetail,
  type ElevatorRow,
  type ImportReport,
} from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkLoadElevators } from '../src/modules/elevator/seed.ts';
import { IMPORT_HEADERS } from '../src/modules/elevator/sheet.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { xlsxBuffer } from '../src/platform/excel.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';

type Page = { records: ElevatorRow[]; total: number; approximate: boolean };

const fields = (n: number, extra: Record<string, unknown> = {}) => ({
  registerCode: `3110450103202601${String(n).padStart(4, '0')}`,
  type: 1,
  areaCode: '450103',
  address: `南宁市青秀区测试路 ${n} 号悦景苑`,
  community: '悦景苑',
  name: `${n}栋1单元`,
  lastInspectDate: '2026-03-01',
  ...extra,
});

describe.each(dbKinds)('elevator registry on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of ['admin', 'jg_qingxiu', 'wb_admin1', 'wb_admin2', 'sy_admin1', 'sy_admin2', 'gg_admin1'])
      tokens[u] = await t.login(u);
  });
  afterAll(() => t.close());

  const list = (user: string, body: Record<string, unknown> = {}, call = 'queryList') =>
    t.api<Page>('POST', `/pc/elevator/${call}`, {
      token: tokens[user],
      body: { page: 1, limit: 500, ...body },
    });

  const sheetRows = async (res: { rawPayload: Buffer }) => {
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]], { raw: false });
  };

  it('limits every list to the data scope', async () => {
    const all = await list('admin');
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(90);
    const regulator = await list('jg_qingxiu');
    expect(regulator.body.data.total).toBeGreaterThan(0);
    expect(regulator.body.data.records.every((r) => r.areaCode === '450103')).toBe(true);
    expect(regulator.body.data.total).toBe(
      all.body.data.records.filter((r) => r.areaCode === '450103').length,
    );

    const wb1 = await list('wb_admin1');
    const wb2 = await list('wb_admin2');
    expect(wb1.body.data.total).toBeGreaterThan(0);
    expect(wb1.body.data.records.every((r) => r.maintenanceCompanyName === '南宁安顺电梯维保有限公司')).toBe(
      true,
    );
    expect(wb2.body.data.records.every((r) => r.maintenanceCompanyName === '广西通达电梯工程有限公司')).toBe(
      true,
    );
    const sy1 = await list('sy_admin1');
    const sy2 = await list('sy_admin2');
    expect(sy1.body.data.records.every((r) => r.useCompanyName === '南宁青秀万象物业服务有限公司')).toBe(
      true,
    );
    expect(sy2.body.data.records.every((r) => r.useCompanyName === '南宁江南华悦物业管理有限公司')).toBe(
      true,
    );
    expect(sy1.body.data.total + sy2.body.data.total).toBe(
      all.body.data.records.filter((r) => r.useCompanyId).length,
    );

    // A filter cannot widen the scope.
    const widened = await list('wb_admin1', {
      maintenanceCompanyId: wb2.body.data.records[0].maintenanceCompanyId,
    });
    expect(widened.body.data.total).toBe(0);
    expect((await list('gg_admin1')).status).toBe(403);
  });

  it('lists each elevator as its detail shows it (labels, names, Shanghai creation time)', async () => {
    const rows = (await list('admin', { limit: 20, sortField: 'createTime', sortOrder: 'ascend' })).body.data
      .records;
    expect(rows.length).toBe(20);
    expect(new Set(rows.map((r) => r.typeLabel))).toEqual(new Set(['直梯', '扶梯']));
    for (const row of rows.slice(0, 5)) {
      const detail = await t.api<ElevatorDetail>('POST', '/pc/elevator/queryDetail/info', {
        token: tokens.admin,
        body: { elevatorId: row.id },
      });
      const { id, registerCode, typeLabel, areaName, useCompanyName, maintenanceCompanyName, createTime } =
        detail.body.data;
      expect(row).toMatchObject({
        id,
        registerCode,
        typeLabel,
        areaName,
        useCompanyName,
        maintenanceCompanyName,
        createTime,
      });
      expect(createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });

  it('answers 404 for details, writes and exports outside the scope', async () => {
    const wb2 = await list('wb_admin2');
    const foreign = wb2.body.data.records[0].id;
    const detail = await t.api('POST', '/pc/elevator/queryDetail/info', {
      token: tokens.wb_admin1,
      body: { elevatorId: foreign },
    });
    expect(detail.status).toBe(404);
    expect(
      (
        await t.api('POST', '/pc/elevator/queryDetail/info', {
          token: tokens.wb_admin2,
          body: { elevatorId: foreign },
        })
      ).status,
    ).toBe(200);
    const byIds = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/pc/elevator/exportByIds`,
      headers: { authorization: `Bearer ${tokens.wb_admin1}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [foreign] }),
    });
    expect(byIds.statusCode).toBe(404);
    const sy2 = await list('sy_admin2');
    const otherUse = sy2.body.data.records[0].id;
    expect(
      (
        await t.api('POST', '/pc/elevator/queryDetail/buildingCompanyInfo', {
          token: tokens.sy_admin1,
          body: { elevatorId: otherUse },
        })
      ).status,
    ).toBe(404);
    const outOfArea = (await list('admin')).body.data.records.find((r) => r.areaCode !== '450103')!;
    expect(
      (
        await t.api('POST', '/pc/elevator/disAble', {
          token: tokens.jg_qingxiu,
          body: { ids: [outOfArea.id] },
        })
      ).status,
    ).toBe(404);
  });

  it('creates, edits with a version and refuses duplicates and bad identifiers', async () => {
    const created = await t.api<ElevatorDetail>('POST', '/pc/elevator/save', {
      token: tokens.jg_qingxiu,
      body: fields(1),
    });
    expect(created.status).toBe(200);
    expect(created.body.data.nextInspectDate).toBe('2027-03-01');
    expect(created.body.data.areaName).toBe('青秀区');
    const dup = await t.api('POST', '/pc/elevator/save', { token: tokens.jg_qingxiu, body: fields(1) });
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toBe('注册代码已存在');
    const bad = await t.api('POST', '/pc/elevator/save', {
      token: tokens.jg_qingxiu,
      body: fields(2, { registerCode: '123', rescueCode: '12a' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toEqual(
      expect.arrayContaining(['registerCode', 'rescueCode']),
    );
    const otherArea = await t.api('POST', '/pc/elevator/save', {
      token: tokens.jg_qingxiu,
      body: fields(3, { areaCode: '450105' }),
    });
    expect(otherArea.status).toBe(400);
    const unknownArea = await t.api('POST', '/pc/elevator/save', {
      token: tokens.admin,
      body: fields(3, { areaCode: '999999' }),
    });
    expect(unknownArea.body.resultMsg).toContain('未知的行政区划');

    const id = created.body.data.id;
    const edited = await t.api<ElevatorDetail>('PUT', '/pc/elevator/update', {
      token: tokens.jg_qingxiu,
      body: { ...fields(1, { name: '改名后' }), id, version: created.body.data.version },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.name).toBe('改名后');
    const stale = await t.api('PUT', '/pc/elevator/update', {
      token: tokens.jg_qingxiu,
      body: { ...fields(1), id, version: created.body.data.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toBe('电梯信息已被他人修改，请刷新后重试');

    // Recomputing the next inspection derives it from the last date as stored now, and is a change
    // like any other: a form opened before it cannot write the old date back.
    await t.platform.db.execute(
      sql`update elevator set last_inspect_date = '2024-02-29', next_inspect_date = '2026-01-01' where id = ${id}`,
    );
    const refreshed = await t.api<ElevatorDetail>('GET', '/pc/elevator/refreshInspectTime', {
      token: tokens.jg_qingxiu,
      query: { id },
    });
    expect(refreshed.status, refreshed.body.resultMsg).toBe(200);
    expect(refreshed.body.data).toMatchObject({
      lastInspectDate: '2024-02-29',
      nextInspectDate: '2025-02-28',
    });
    expect(refreshed.body.data.version).toBe(edited.body.data.version + 1);
    const beforeRefresh = await t.api('PUT', '/pc/elevator/update', {
      token: tokens.jg_qingxiu,
      body: { ...fields(1, { name: '改名后' }), id, version: edited.body.data.version },
    });
    expect(beforeRefresh.status).toBe(409);

    expect(
      (
        await t.api<{ updated: number }>('POST', '/pc/elevator/disAble', {
          token: tokens.jg_qingxiu,
          body: { ids: [id] },
        })
      ).body.data.updated,
    ).toBe(1);
    const disabled = await list('jg_qingxiu', { status: 0 });
    expect(disabled.body.data.records.map((r) => r.id)).toContain(id);
    expect(
      (await t.api('POST', '/pc/elevator/unbindingEmergencyCode', { token: tokens.jg_qingxiu, body: { id } }))
        .status,
    ).toBe(409);
    expect(
      (await t.api('DELETE', '/pc/elevator/delete', { token: tokens.jg_qingxiu, query: { ids: String(id) } }))
        .status,
    ).toBe(200);
  });

  it('filters by identifiers, area, two-character text and next-inspection dates', async () => {
    const all = (await list('admin')).body.data.records;
    const sample = all[5];
    const byCode = await list('admin', { registerCode: sample.registerCode.slice(0, 12) });
    expect(byCode.body.data.records.map((r) => r.id)).toContain(sample.id);
    expect(
      byCode.body.data.records.every((r) => r.registerCode.startsWith(sample.registerCode.slice(0, 12))),
    ).toBe(true);
    const community = sample.community!;
    const twoChars = community.slice(0, 2);
    const byText = await list('admin', { keyword: twoChars });
    expect(byText.body.data.total).toBe(
      all.filter((r) =>
        [r.address, r.community, r.name, r.useCompanyName, r.maintenanceCompanyName].some((v) =>
          v?.includes(twoChars),
        ),
      ).length,
    );
    // The keyword finds a company's lifts by the company's name; the address filter does not.
    const byCompany = (await list('admin', { keyword: '安顺电梯', limit: 500 })).body.data;
    expect(byCompany.total).toBe(
      all.filter((r) =>
        [r.address, r.community, r.name, r.useCompanyName, r.maintenanceCompanyName].some((v) =>
          v?.includes('安顺电梯'),
        ),
      ).length,
    );
    expect(byCompany.total).toBeGreaterThan(0);
    const byUseUnit = (await list('admin', { keyword: '万象物业', limit: 500 })).body.data;
    expect(byUseUnit.total).toBeGreaterThan(0);
    expect(byUseUnit.records.every((r) => r.useCompanyName?.includes('万象物业'))).toBe(true);
    expect((await list('admin', { address: '安顺电梯' })).body.data.total).toBe(0);
    const byArea = await list('admin', { areaCode: '450105' });
    expect(byArea.body.data.records.every((r) => r.areaCode === '450105')).toBe(true);
    const range = await list('admin', { nextInspectFrom: '2026-06-01', nextInspectTo: '2026-08-31' });
    expect(
      range.body.data.records.every(
        (r) => r.nextInspectDate! >= '2026-06-01' && r.nextInspectDate! <= '2026-08-31',
      ),
    ).toBe(true);
    const sorted = await list('admin', { sortField: 'registerCode', sortOrder: 'ascend', limit: 10 });
    const codes = sorted.body.data.records.map((r) => r.registerCode);
    expect(codes).toEqual([...codes].sort());
    const badSort = await list('admin', { sortField: 'password' });
    expect(badSort.status).toBe(400);
    const rescue = sample.rescueCode!;
    const found = await t.api<ElevatorDetail>('POST', '/pc/elevator/queryElevator', {
      token: tokens.admin,
      body: { code: rescue },
    });
    expect(found.body.data.id).toBe(sample.id);
  });

  it('finds elevators on the map by box and by radius', async () => {
    const box = await t.api<{ id: number; longitude: number }[]>('POST', '/pc/elevator/queryByPoint', {
      token: tokens.jg_qingxiu,
      body: { minLng: 108, maxLng: 109, minLat: 22, maxLat: 23.5 },
    });
    expect(box.body.data.length).toBe((await list('jg_qingxiu')).body.data.total);
    const near = await t.api<unknown[]>('POST', '/pc/elevator/queryByPoint', {
      token: tokens.admin,
      body: { lng: 108.37, lat: 22.82, radiusKm: 1 },
    });
    expect(near.body.data.length).toBeLessThan(90);
    const none = await t.api('POST', '/pc/elevator/queryByPoint', { token: tokens.admin, body: {} });
    expect(none.status).toBe(400);
  });

  it('runs the claim workflow: submit, pass, reject with a reason, history, release', async () => {
    const open = await list('wb_admin1', { maintenanceClaimState: 0 }, 'queryUnClaim');
    const inQingxiu = open.body.data.records.filter((r) => r.areaCode === '450103').slice(0, 3);
    expect(inQingxiu.length).toBe(3);
    const ids = inQingxiu.map((r) => r.id);
    const claimed = await t.api('POST', '/pc/elevator/claim', { token: tokens.wb_admin1, body: { ids } });
    expect(claimed.status).toBe(200);
    const second = await t.api('POST', '/pc/elevator/claim', {
      token: tokens.wb_admin2,
      body: { ids: [ids[0]] },
    });
    expect(second.status).toBe(409);
    expect(second.body.resultMsg).toContain('已被认领或正在审核中');
    const regulatorOnly = await t.api('POST', '/pc/elevator/claim', {
      token: tokens.jg_qingxiu,
      body: { ids: [ids[0]] },
    });
    expect(regulatorOnly.status).toBe(403);

    const mine = await list('wb_admin1', { maintenanceClaimState: 2 }, 'queryClaim');
    expect(mine.body.data.records.map((r) => r.id)).toEqual(expect.arrayContaining(ids));

    const pending = await t.api<{ records: ClaimRecord[] }>('GET', '/pc/elevator/queryClaimElevatorList', {
      token: tokens.jg_qingxiu,
      query: { page: 1, limit: 100 },
    });
    const cases = pending.body.data.records.filter((c) => ids.includes(c.elevatorId));
    expect(cases).toHaveLength(3);
    expect(
      (
        await t.api('POST', '/pc/elevatorClaim/auditPass', {
          token: tokens.wb_admin1,
          body: { auditId: cases[0].auditId },
        })
      ).status,
    ).toBe(403);

    await t.api('POST', '/pc/elevatorClaim/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: cases[0].auditId, version: cases[0].version },
    });
    await t.api('POST', '/pc/elevatorClaim/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: cases[1].auditId },
    });
    const rejected = await t.api<ClaimRecord>('POST', '/pc/elevatorClaim/auditReject', {
      token: tokens.jg_qingxiu,
      body: { auditId: cases[2].auditId, auditDescription: '维保合同未上传' },
    });
    expect(rejected.body.data.state).toBe(4);
    expect(rejected.body.data.auditDescription).toBe('维保合同未上传');
    const again = await t.api('POST', '/pc/elevatorClaim/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: cases[0].auditId },
    });
    expect(again.status).toBe(409);

    const bound = await list('wb_admin1');
    const boundIds = bound.body.data.records.map((r) => r.id);
    expect(boundIds).toContain(cases[0].elevatorId);
    expect(boundIds).toContain(cases[1].elevatorId);
    expect(boundIds).not.toContain(cases[2].elevatorId);

    const history = await t.api<{ history: { action: string; description: string | null }[] }>(
      'GET',
      `/pc/elevatorClaim/elevatorHistoryDetail/${cases[2].id}`,
      { token: tokens.wb_admin1 },
    );
    expect(history.body.data.history.map((h) => h.action)).toEqual(['submit', 'reject']);
    expect(history.body.data.history[1].description).toBe('维保合同未上传');
    expect(
      (
        await t.api('GET', `/pc/elevatorClaim/elevatorHistoryDetail/${cases[2].id}`, {
          token: tokens.wb_admin2,
        })
      ).status,
    ).toBe(404);

    const released = await t.api<{ released: number }>('POST', '/pc/elevator/unClaim', {
      token: tokens.wb_admin1,
      body: { ids: [cases[0].elevatorId] },
    });
    expect(released.body.data.released).toBe(1);
    const afterRelease = await t.api<ElevatorDetail>('POST', '/pc/elevator/queryDetail/info', {
      token: tokens.admin,
      body: { elevatorId: cases[0].elevatorId },
    });
    expect(afterRelease.body.data.maintenanceCompanyId).toBeNull();
    expect(afterRelease.body.data.maintenanceClaimState).toBe(0);
    const perElevator = await t.api<ClaimRecord[]>('POST', '/pc/elevatorClaim/historyElevatorClaim', {
      token: tokens.admin,
      body: { elevatorId: cases[0].elevatorId },
    });
    expect(perElevator.body.data[0].state).toBe(1);

    const removed = await t.api('POST', '/pc/elevatorClaim/batchRemoveElevator', {
      token: tokens.jg_qingxiu,
      body: { ids: [cases[2].id] },
    });
    expect(removed.status).toBe(200);
    const listed = await t.api<{ records: ClaimRecord[] }>('GET', '/pc/elevatorClaim/queryHistoryList', {
      token: tokens.jg_qingxiu,
      query: { page: 1, limit: 500 },
    });
    expect(listed.body.data.records.map((c) => c.id)).not.toContain(cases[2].id);
  });

  it('lets only one of two simultaneous claims on an elevator win', async () => {
    const open = await list('admin', { maintenanceClaimState: 0 }, 'queryUnClaim');
    const target = open.body.data.records[0].id;
    const results = await Promise.all([
      t.api('POST', '/pc/elevator/claim', { token: tokens.wb_admin1, body: { ids: [target] } }),
      t.api('POST', '/pc/elevator/claim', { token: tokens.wb_admin2, body: { ids: [target] } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('lets a regulator assign a maintenance company directly', async () => {
    const open = (await list('jg_qingxiu', { maintenanceClaimState: 0 }, 'queryUnClaim')).body.data
      .records[0];
    const wb2Company = (await list('wb_admin2')).body.data.records[0].maintenanceCompanyId;
    const res = await t.api('POST', '/pc/elevator/distributionElevator', {
      token: tokens.jg_qingxiu,
      body: { ids: [open.id], maintenanceCompanyId: wb2Company },
    });
    expect(res.status).toBe(200);
    expect((await list('wb_admin2')).body.data.records.map((r) => r.id)).toContain(open.id);
  });

  it('imports all rows of a good file and none of a bad one, reporting every bad row', async () => {
    const good = await xlsxBuffer(
      'S',
      [...IMPORT_HEADERS],
      Array.from({ length: 20 }, (_, i) => {
        const row: (string | number)[] = IMPORT_HEADERS.map(() => '');
        row[0] = `3110450103202602${String(i).padStart(4, '0')}`;
        row[5] = '直梯';
        row[6] = '曳引驱动乘客电梯';
        row[7] = '住宅';
        row[8] = '青秀区';
        row[9] = `南宁市青秀区导入路 ${i} 号`;
        row[13] = '南宁青秀万象物业服务有限公司';
        row[23] = '2025-05-01';
        return row;
      }),
    );
    const upload = async (buf: Buffer, name = 'elevators.xlsx') => {
      const { payload, contentType } = multipart([{ name, body: buf }]);
      const res = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}/pc/elevator/importList`,
        headers: { authorization: `Bearer ${tokens.jg_qingxiu}`, 'content-type': contentType },
        payload,
      });
      return { status: res.statusCode, body: res.json() as { data: ImportReport; resultMsg: string } };
    };
    const before = (await list('jg_qingxiu')).body.data.total;
    const ok = await upload(good);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ success: true, imported: 20, total: 20 });
    expect((await list('jg_qingxiu')).body.data.total).toBe(before + 20);
    const imported = await list('jg_qingxiu', { registerCode: '3110450103202602' });
    expect(imported.body.data.records[0].useCompanyName).toBe('南宁青秀万象物业服务有限公司');
    expect(imported.body.data.records[0].nextInspectDate).toBe('2026-05-01');

    const badRows = await xlsxBuffer(
      'S',
      [...IMPORT_HEADERS],
      [
        ['311045010320260300!', '', '', '', '', '直梯', '', '', '青秀区', '南宁市青秀区 1 号'],
        ['31104501032026030001', '', '', '', '', '货梯', '', '', '青秀区', '南宁市青秀区 2 号'],
        ['31104501032026030002', '', '', '', '', '直梯', '', '', '火星区', '南宁市青秀区 3 号'],
        ['31104501032026020001', '', '', '', '', '直梯', '', '', '青秀区', '南宁市青秀区 4 号'],
        ['31104501032026030005', '', '', '', '', '直梯', '', '', '青秀区', '南宁市青秀区 5 号'],
        ['31104501032026030005', '', '', '', '', '直梯', '', '', '青秀区', ''],
      ],
    );
    const bad = await upload(badRows);
    expect(bad.body.data.success).toBe(false);
    expect(bad.body.data.imported).toBe(0);
    const rowsWithErrors = [...new Set(bad.body.data.errors.map((e) => e.row))];
    expect(rowsWithErrors).toEqual([2, 3, 4, 5, 6, 7]);
    expect(bad.body.data.errors.find((e) => e.row === 4)?.message).toContain('火星区');
    expect(bad.body.data.errors.find((e) => e.row === 5)?.message).toContain('平台上已存在');
    expect((await list('jg_qingxiu')).body.data.total).toBe(before + 20);
    const report = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}/showFile?id=${bad.body.data.reportFileId}`,
      headers: { authorization: `Bearer ${tokens.jg_qingxiu}` },
    });
    expect(report.statusCode).toBe(200);
    expect((await sheetRows(report)).length).toBe(bad.body.data.errors.length);

    const notSheet = await upload(Buffer.from('%PDF-1.4 fake'), 'elevators.xlsx');
    expect(notSheet.status).toBe(415);
    const wrongType = await upload(good, 'elevators.csv');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.resultMsg).toBe('只能导入 XLS 或 XLSX 文件');
  });

  it('exports exactly the rows of the filtered list, with Chinese headers and labels', async () => {
    const filter = { areaCode: '450103' };
    const listed = await list('wb_admin1', filter);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/pc/elevator/export`,
      headers: { authorization: `Bearer ${tokens.wb_admin1}`, 'content-type': 'application/json' },
      payload: JSON.stringify(filter),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res);
    expect(rows.map((r) => r['注册代码']).sort()).toEqual(
      listed.body.data.records.map((r) => r.registerCode).sort(),
    );
    expect(rows.every((r) => r['维保单位'] === '南宁安顺电梯维保有限公司')).toBe(true);
    expect(['直梯', '扶梯']).toContain(rows[0]['电梯类型']);
  });

  it('exports the full record of chosen elevators with numbers as numbers and dates as dates', async () => {
    const created = await t.api<ElevatorDetail>('POST', '/pc/elevator/save', {
      token: tokens.jg_qingxiu,
      body: fields(7001, {
        variety: '3110',
        useOccasion: '1',
        ratedLoad: 1050,
        ratedSpeed: 1.75,
        floors: 18,
        longitude: 108.366,
        latitude: 22.817,
        manufacturer: '通力电梯有限公司',
        installDate: '2019-08-20',
      }),
    });
    expect(created.status).toBe(200);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/pc/elevator/exportElevatorDataByIds`,
      headers: { authorization: `Bearer ${tokens.jg_qingxiu}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [created.body.data.id] }),
    });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const [row] = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
    expect(row).toMatchObject({
      注册代码: created.body.data.registerCode,
      电梯类型: '直梯',
      设备品种: '曳引驱动乘客电梯',
      所在区域: '青秀区',
      维保认领状态: '未认领',
      启用状态: '启用',
      制造单位: '通力电梯有限公司',
      '额定载重量(kg)': 1050,
      '额定速度(m/s)': 1.75,
      层数: 18,
      经度: 108.366,
      安装日期: '2019-08-20',
      上次检验日期: '2026-03-01',
      下次检验日期: '2027-03-01',
    });
    expect(row).not.toHaveProperty('使用单位');
  });

  it('counts a list of a few thousand lifts exactly (not "约 1,590") and pages a common term newest first', async () => {
    await bulkLoadElevators(t.platform.db, 1500);
    const countOf = async (where: SQL) =>
      rowsOf<{ n: number }>(
        await t.platform.db.execute(sql`select count(*)::int as n from elevator where ${where}`),
      )[0].n;
    const unfiltered = await list('admin', { limit: 10 });
    expect(unfiltered.body.data).toMatchObject({ approximate: false, total: await countOf(sql`true`) });
    expect(unfiltered.body.data.total).toBeGreaterThan(1500);
    const filtered = await list('admin', { limit: 10, type: 1 });
    expect(filtered.body.data).toMatchObject({ approximate: false, total: await countOf(sql`type = 1`) });
    const small = await list('admin', { limit: 10, areaCode: '450109', type: 2 });
    expect(small.body.data.approximate).toBe(false);

    // A common term of several characters (in every address): its pages are the same newest-first
    // matches a plain substring scan finds, and its total is exact.
    for (const page of [1, 2]) {
      const searched = await list('admin', { limit: 10, page, keyword: '南宁市' });
      expect(searched.body.data).toMatchObject({
        approximate: false,
        total: await countOf(sql`concat_ws(' ', address, community, name) ilike '%南宁市%'`),
      });
      const expected = rowsOf<{ id: number }>(
        await t.platform.db.execute(
          sql`select id from elevator where concat_ws(' ', address, community, name) ilike '%南宁市%'
            order by id desc limit 10 offset ${(page - 1) * 10}`,
        ),
      ).map((r) => r.id);
      expect(searched.body.data.records.map((r) => r.id)).toEqual(expected);
    }
  });
});
