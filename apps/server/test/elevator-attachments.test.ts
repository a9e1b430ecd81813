import * as XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  type ElevatorAttachment,
  type ElevatorDetail,
  type ElevatorRow,
  type SyncSheetResult,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_HEADERS } from '../src/modules/elevator/sheet.ts';
import { xlsxBuffer } from '../src/platform/excel.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart, PDF_MIN, PNG_1PX } from './multipart.ts';

type Page = { records: ElevatorRow[]; total: number };
type Stored = { id: string; fileName: string };

describe.each(dbKinds)('elevator attachments, batch edit, export and sync on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of ['admin', 'jg_qingxiu', 'wb_admin1', 'wb_admin2', 'sy_admin1', 'sy_admin2', 'iot_admin1'])
      tokens[u] = await t.login(u);
  });
  afterAll(() => t.close());

  const list = (user: string, body: Record<string, unknown> = {}) =>
    t.api<Page>('POST', '/pc/elevator/queryList', {
      token: tokens[user],
      body: { page: 1, limit: 500, ...body },
    });
  const detail = (user: string, elevatorId: number) =>
    t.api<ElevatorDetail>('POST', '/pc/elevator/queryDetail/info', {
      token: tokens[user],
      body: { elevatorId },
    });
  const upload = async (user: string, files: { name: string; body: Buffer }[]) => {
    const { payload, contentType } = multipart(files);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/pc/attachmentElevator/upload`,
      headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: Stored[] }).data;
  };
  const attachments = (user: string, elevatorId: number) =>
    t.api<ElevatorAttachment[]>('POST', '/pc/elevator/attachment/list', {
      token: tokens[user],
      body: { elevatorId },
    });
  const attach = (user: string, elevatorId: number, fileIds: string[]) =>
    t.api<ElevatorAttachment[]>('POST', '/pc/elevator/attachment/add', {
      token: tokens[user],
      body: { elevatorId, fileIds },
    });
  const remove = (user: string, elevatorId: number, ids: number[]) =>
    t.api<{ removed: number }>('POST', '/pc/elevator/attachment/remove', {
      token: tokens[user],
      body: { elevatorId, ids },
    });

  /** An elevator of maintenance company 1 in 青秀区, which the district regulator may edit. */
  const wb1InQingxiu = async () => {
    const rows = (await list('wb_admin1', { areaCode: '450103' })).body.data.records;
    expect(rows.length).toBeGreaterThan(1);
    return rows;
  };

  it('attaches uploaded files to an elevator, lists them and removes them', async () => {
    const [target] = await wb1InQingxiu();
    const stored = await upload('jg_qingxiu', [
      { name: '年检报告.pdf', body: PDF_MIN },
      { name: '合格证.pdf', body: PDF_MIN },
    ]);
    expect((await attachments('jg_qingxiu', target.id)).body.data).toEqual([]);

    const added = await attach(
      'jg_qingxiu',
      target.id,
      stored.map((s) => s.id),
    );
    expect(added.status).toBe(200);
    expect(added.body.data.map((a) => a.fileName)).toEqual(['年检报告.pdf', '合格证.pdf']);
    expect(added.body.data[0]).toMatchObject({
      elevatorId: target.id,
      fileId: stored[0].id,
      size: PDF_MIN.length,
      mime: 'application/pdf',
    });
    expect(added.body.data[0].uploaderName).toBeTruthy();
    expect(added.body.data[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Attaching the same file again keeps one row per elevator and file.
    const again = await attach('jg_qingxiu', target.id, [stored[0].id]);
    expect(again.body.data).toHaveLength(2);

    // The maintenance company bound to the elevator reads them, and can open the file.
    const seen = await attachments('wb_admin1', target.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data.map((a) => a.fileId)).toEqual(stored.map((s) => s.id));
    const file = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}/showFile?id=${seen.body.data[0].fileId}`,
      headers: { authorization: `Bearer ${tokens.wb_admin1}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const removed = await remove('jg_qingxiu', target.id, [added.body.data[0].id]);
    expect(removed.body.data.removed).toBe(1);
    const after = await attachments('jg_qingxiu', target.id);
    expect(after.body.data.map((a) => a.fileName)).toEqual(['合格证.pdf']);
    const gone = await remove('jg_qingxiu', target.id, [added.body.data[0].id]);
    expect(gone.status).toBe(404);
    expect(gone.body.resultMsg).toBe('附件不存在或已被删除');
  });

  it('holds the cap of 50 attachments per elevator under 50 concurrent additions', async () => {
    const rows = await wb1InQingxiu();
    const target = rows[rows.length - 1];
    const pdfs = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `资料${i}.pdf`, body: PDF_MIN }));
    const stored: Stored[] = [];
    for (let i = 0; i < 19; i++) stored.push(...(await upload('jg_qingxiu', pdfs(5))));
    const [existing, racing] = [stored.slice(0, 45), stored.slice(45)];
    expect(racing).toHaveLength(50);
    for (let i = 0; i < existing.length; i += 5) {
      const ids = existing.slice(i, i + 5).map((s) => s.id);
      expect((await attach('jg_qingxiu', target.id, ids)).status).toBe(200);
    }
    const results = await Promise.all(racing.map((s) => attach('jg_qingxiu', target.id, [s.id])));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual(Array(45).fill(409));
    expect(refused[0].body.resultMsg).toBe('每台电梯最多 50 个附件，请先删除不需要的附件');
    expect((await attachments('jg_qingxiu', target.id)).body.data).toHaveLength(50);
  });

  it('keeps attachments inside the data scope of the elevator', async () => {
    const [target] = await wb1InQingxiu();
    // Maintenance company 2 cannot see company 1's elevator: its attachments are 404, not an empty list.
    const foreign = await attachments('wb_admin2', target.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.resultMsg).toBe('电梯不存在或无权访问');
    // Company users hold no edit permission at all.
    const [own] = await upload('wb_admin1', [{ name: '照片.pdf', body: PDF_MIN }]);
    expect((await attach('wb_admin1', target.id, [own.id])).status).toBe(403);
    expect((await remove('wb_admin2', target.id, [1])).status).toBe(403);

    // Use unit 2 cannot read use unit 1's elevator.
    const sy1 = (await list('sy_admin1')).body.data.records[0];
    expect((await attachments('sy_admin1', sy1.id)).status).toBe(200);
    expect((await attachments('sy_admin2', sy1.id)).status).toBe(404);

    // The district regulator neither reads nor writes outside its district.
    const outside = (await list('admin')).body.data.records.find((r) => r.areaCode !== '450103')!;
    const [mine] = await upload('jg_qingxiu', [{ name: '外区.pdf', body: PDF_MIN }]);
    const refused = await attach('jg_qingxiu', outside.id, [mine.id]);
    expect(refused.status).toBe(404);
    expect(refused.body.resultMsg).toBe('电梯不存在或无权访问');
    expect((await attachments('jg_qingxiu', outside.id)).status).toBe(404);
    expect((await attachments('admin', outside.id)).body.data).toEqual([]);
  });

  it('refuses bad file ids, other people’s files and foreign attachment ids with Chinese messages', async () => {
    const [target, other] = await wb1InQingxiu();
    const malformed = await attach('jg_qingxiu', target.id, ['not-a-file']);
    expect(malformed.status).toBe(400);
    expect(malformed.body.resultMsg).toContain('文件编号格式不正确');
    const unknown = await attach('jg_qingxiu', target.id, ['3f0c2a56-8a51-4c3e-9a0e-0d7b5c9f1e2a']);
    expect(unknown.status).toBe(404);
    expect(unknown.body.resultMsg).toBe('附件文件不存在或不是您上传的，请重新上传');
    const none = await attach('jg_qingxiu', target.id, []);
    expect(none.status).toBe(400);
    expect(none.body.resultMsg).toContain('请选择要添加的附件');

    // A file somebody else uploaded cannot be attached by guessing its id.
    const [adminFile] = await upload('admin', [{ name: '内部资料.pdf', body: PDF_MIN }]);
    const stolen = await attach('jg_qingxiu', target.id, [adminFile.id]);
    expect(stolen.status).toBe(404);

    // One bad id refuses the whole call: nothing is attached.
    const [good] = await upload('jg_qingxiu', [{ name: '维保合同.pdf', body: PDF_MIN }]);
    const before = (await attachments('jg_qingxiu', target.id)).body.data.length;
    expect((await attach('jg_qingxiu', target.id, [good.id, adminFile.id])).status).toBe(404);
    expect((await attachments('jg_qingxiu', target.id)).body.data).toHaveLength(before);

    // An attachment of another elevator cannot be removed through this one.
    const [otherFile] = await upload('jg_qingxiu', [{ name: '别的电梯.pdf', body: PDF_MIN }]);
    const onOther = (await attach('jg_qingxiu', other.id, [otherFile.id])).body.data;
    const wrongElevator = await remove('jg_qingxiu', target.id, [onOther[0].id]);
    expect(wrongElevator.status).toBe(404);
    expect((await attachments('jg_qingxiu', other.id)).body.data).toHaveLength(1);

    // An image uploaded through /common/upload may be attached too (photos of the machine room).
    const photo = multipart([{ name: '机房.png', body: PNG_1PX }]);
    const png = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/common/upload`,
      headers: { authorization: `Bearer ${tokens.jg_qingxiu}`, 'content-type': photo.contentType },
      payload: photo.payload,
    });
    expect(png.statusCode).toBe(200);
    const withPhoto = await attach('jg_qingxiu', other.id, [(png.json() as { data: Stored }).data.id]);
    expect(withPhoto.body.data.map((a) => a.fileName)).toContain('机房.png');
  });

  it('batch-edits exactly the selected elevators within the scope', async () => {
    const before = (await list('jg_qingxiu')).body.data.records;
    const chosen = before.filter((r) => r.useStatus === 1).slice(0, 2);
    expect(chosen).toHaveLength(2);
    const res = await t.api<{ updated: number }>('POST', '/pc/elevator/updateBatch', {
      token: tokens.jg_qingxiu,
      body: { ids: chosen.map((r) => r.id), useStatus: 2, nextInspectDate: '2027-01-15', useOccasion: '2' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toBe(2);
    const after = (await list('jg_qingxiu')).body.data.records;
    const byId = new Map(after.map((r) => [r.id, r]));
    for (const c of chosen) {
      expect(byId.get(c.id)).toMatchObject({ useStatus: 2, nextInspectDate: '2027-01-15', useOccasion: '2' });
    }
    // Every other elevator is as it was.
    const untouched = before.filter((r) => !chosen.some((c) => c.id === r.id));
    for (const r of untouched) {
      const now = byId.get(r.id)!;
      expect([now.useStatus, now.nextInspectDate, now.useOccasion]).toEqual([
        r.useStatus,
        r.nextInspectDate,
        r.useOccasion,
      ]);
    }

    // One elevator outside the district refuses the whole batch, and nothing changes.
    const outside = (await list('admin')).body.data.records.find((r) => r.areaCode !== '450103')!;
    const mixed = await t.api('POST', '/pc/elevator/updateBatch', {
      token: tokens.jg_qingxiu,
      body: { ids: [untouched[0].id, outside.id], useStatus: 3 },
    });
    expect(mixed.status).toBe(404);
    expect((await detail('admin', untouched[0].id)).body.data.useStatus).toBe(untouched[0].useStatus);
    expect((await detail('admin', outside.id)).body.data.useStatus).toBe(outside.useStatus);

    const nothing = await t.api('POST', '/pc/elevator/updateBatch', {
      token: tokens.jg_qingxiu,
      body: { ids: [untouched[0].id] },
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.resultMsg).toContain('请至少填写一项要修改的内容');
    const noneSelected = await t.api('POST', '/pc/elevator/updateBatch', {
      token: tokens.jg_qingxiu,
      body: { ids: [], useStatus: 2 },
    });
    expect(noneSelected.status).toBe(400);
    expect(noneSelected.body.resultMsg).toContain('请先选择要操作的数据');
    expect(
      (
        await t.api('POST', '/pc/elevator/updateBatch', {
          token: tokens.wb_admin1,
          body: { ids: [chosen[0].id], useStatus: 1 },
        })
      ).status,
    ).toBe(403);
  });

  it('exports the filtered rows with the technical parameters (exportExcel)', async () => {
    const filter = { areaCode: '450103' };
    const listed = (await list('jg_qingxiu', filter)).body.data.records;
    const exportOf = (path: string) =>
      t.inject({
        method: 'POST',
        url: `${API_PREFIX}/pc/elevator/${path}`,
        headers: { authorization: `Bearer ${tokens.jg_qingxiu}`, 'content-type': 'application/json' },
        payload: JSON.stringify(filter),
      });
    const res = await exportOf('exportExcel');
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('含技术参数');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]];
    const [headers] = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    for (const h of ['额定载重量(kg)', '额定速度(m/s)', '层数', '制造单位', '品牌', '型号', '出厂日期'])
      expect(headers).toContain(h);
    const rows = XLSX.utils.sheet_to_json<Record<string, string | number>>(sheet, { raw: true });
    expect(rows.map((r) => r['注册代码']).sort()).toEqual(listed.map((r) => r.registerCode).sort());
    // The values are the elevator's own parameters.
    const sample = (await detail('jg_qingxiu', listed[0].id)).body.data;
    const row = rows.find((r) => r['注册代码'] === sample.registerCode)!;
    expect(row['额定载重量(kg)'] ?? null).toBe(sample.ratedLoad);
    expect(row['层数'] ?? null).toBe(sample.floors);

    // The plain export has no technical columns.
    const plain = XLSX.read((await exportOf('export')).rawPayload, { type: 'buffer' });
    const [plainHeaders] = XLSX.utils.sheet_to_json<string[]>(plain.Sheets[plain.SheetNames[0]], {
      header: 1,
    });
    expect(plainHeaders).not.toContain('额定载重量(kg)');
  });

  it('corrects registration data (syncModify) and takes batches (syncData, sync sheet)', async () => {
    const target = (await list('admin', { areaCode: '450105' })).body.data.records[0];
    const fixed = await t.api<ElevatorDetail>('POST', '/pc/elevator/syncModify', {
      token: tokens.admin,
      body: { id: target.id, useCertNo: '梯11桂A09999(26)', lastInspectDate: '2026-04-02', useStatus: 2 },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data).toMatchObject({
      useCertNo: '梯11桂A09999(26)',
      lastInspectDate: '2026-04-02',
      nextInspectDate: '2027-04-02',
      useStatus: 2,
    });
    // The sync menu is the platform's (and the IoT merchants'): a regulator holds no sync permission,
    // and a merchant sees no elevator of the registry, so a correction of one is 404.
    expect(
      (await t.api('POST', '/pc/elevator/syncModify', { token: tokens.jg_qingxiu, body: { id: target.id } }))
        .status,
    ).toBe(403);
    const merchant = await t.api('POST', '/pc/elevator/syncModify', {
      token: tokens.iot_admin1,
      body: { id: target.id, useStatus: 3 },
    });
    expect(merchant.status).toBe(404);
    expect((await detail('admin', target.id)).body.data.useStatus).toBe(2);

    const record = (n: number, extra: Record<string, unknown> = {}) => ({
      registerCode: `3110450103202609${String(n).padStart(4, '0')}`,
      type: 1,
      areaCode: '450103',
      address: `南宁市青秀区同步路 ${n} 号`,
      ratedLoad: 1000,
      floors: 18,
      ...extra,
    });
    const first = await t.api<{ created: number; updated: number }>('POST', '/pc/elevator/syncData', {
      token: tokens.admin,
      body: { records: [record(1), record(2)] },
    });
    expect(first.body.data).toEqual({ created: 2, updated: 0 });
    const second = await t.api<{ created: number; updated: number }>('POST', '/pc/elevator/syncData', {
      token: tokens.admin,
      body: { records: [record(2, { floors: 20 }), record(3)] },
    });
    expect(second.body.data).toEqual({ created: 1, updated: 1 });
    const synced = (await list('admin', { registerCode: '3110450103202609' })).body.data.records;
    expect(synced).toHaveLength(3);
    expect(
      (await detail('admin', synced.find((r) => r.registerCode.endsWith('0002'))!.id)).body.data.floors,
    ).toBe(20);

    // One bad record stores none of the batch, and the message names it.
    const bad = await t.api('POST', '/pc/elevator/syncData', {
      token: tokens.admin,
      body: { records: [record(4), record(5, { useCompanyId: 999_999 })] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toContain('31104501032026090005');
    expect((await list('admin', { registerCode: '3110450103202609' })).body.data.total).toBe(3);

    // A company holding the sync menu (IoT merchant) may neither overwrite elevators it cannot see
    // nor add new ones.
    const hidden = await t.api('POST', '/pc/elevator/syncData', {
      token: tokens.iot_admin1,
      body: { records: [record(1, { floors: 99 })] },
    });
    expect(hidden.status).toBe(404);
    const adding = await t.api('POST', '/pc/elevator/syncData', {
      token: tokens.iot_admin1,
      body: { records: [record(7)] },
    });
    expect(adding.status).toBe(403);
    expect(adding.body.resultMsg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await list('admin', { registerCode: '3110450103202609' })).body.data.total).toBe(3);

    // A sheet in the import template's format is read into records and its bad rows reported.
    const row = (cells: Record<number, string>) => IMPORT_HEADERS.map((_, i) => cells[i] ?? '');
    const sheet = await xlsxBuffer(
      'S',
      [...IMPORT_HEADERS],
      [
        row({ 0: '31104501032026090001', 5: '直梯', 8: '青秀区', 9: '南宁市青秀区同步路 1 号', 19: '22' }),
        row({
          0: '31104501032026090008',
          5: '扶梯',
          7: '商场超市',
          8: '青秀区',
          9: '南宁市青秀区同步路 8 号',
        }),
        row({ 0: '31104501032026090009', 5: '货梯', 8: '火星区', 9: '南宁市青秀区同步路 9 号' }),
      ],
    );
    const { payload, contentType } = multipart([{ name: '同步.xlsx', body: sheet }]);
    const read = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/pc/elevator/syncSheet`,
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': contentType },
      payload,
    });
    expect(read.statusCode).toBe(200);
    const parsed = (read.json() as { data: SyncSheetResult }).data;
    expect(parsed.total).toBe(3);
    expect(parsed.records.map((r) => r.registerCode)).toEqual([
      '31104501032026090001',
      '31104501032026090008',
    ]);
    expect(parsed.records[1]).toMatchObject({ type: 2, areaCode: '450103', useOccasion: '2' });
    expect([...new Set(parsed.errors.map((e) => e.row))]).toEqual([4]);
    expect(parsed.errors.map((e) => e.column)).toEqual(expect.arrayContaining(['电梯类型', '所在区域']));
    // Reading stores nothing.
    expect((await list('admin', { registerCode: '3110450103202609' })).body.data.total).toBe(3);
    const pushed = await t.api<{ created: number; updated: number }>('POST', '/pc/elevator/syncData', {
      token: tokens.admin,
      body: { records: parsed.records },
    });
    expect(pushed.body.data).toEqual({ created: 1, updated: 1 });
  });
});
