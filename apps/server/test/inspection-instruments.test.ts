import XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  addDays,
  type EquipmentDetail,
  type EquipmentRow,
  equipmentCalls,
  fillPath,
  type Page,
  type SealRow,
  sealCalls,
  shanghaiToday,
  type UsableEquipment,
} from '@ec/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usableInstruments } from '../src/modules/inspection/instruments/index.ts';
import { encodePng, pngFacts } from '../src/modules/inspection/instruments/png.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { sysUser } from '../src/platform/db/tables.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';

/**
 * Instruments (检验设备) with their calibration, and seals (印章): every call happy, refused and with
 * bad input; another organisation's record is 404, the district regulator reads instruments and
 * writes nothing; the usable-instrument rule part 2 relies on; the seal image checks; one enabled
 * seal per organisation and kind under 50 concurrent enables.
 */

const today = shanghaiToday();

/** A square PNG, RGBA (transparent corners) or RGB (opaque). */
function png(kind: 'rgba' | 'rgb', size = 96): Buffer {
  const bpp = kind === 'rgba' ? 4 : 3;
  const px = Buffer.alloc(size * size * bpp, 0);
  for (let i = 0; i < size * size; i++) {
    px[i * bpp] = 200;
    if (bpp === 4) px[i * bpp + 3] = i % 3 === 0 ? 255 : 0;
    else px[i * bpp + 1] = px[i * bpp + 2] = 255;
  }
  return encodePng(size, size, px, kind === 'rgba' ? 6 : 2);
}
/** The first bytes of a JPEG (SOI + APP0 JFIF): what `file-type` calls a jpg. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]),
  Buffer.alloc(200, 0x11),
  Buffer.from([0xff, 0xd9]),
]);

describe.each(dbKinds)('inspection instruments and seals on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let jy1: number;
  let jy2: number;

  const send = <T = unknown>(
    user: string,
    c: { method: string; path: string },
    input: Record<string, unknown> = {},
  ) => {
    const { path, rest } = fillPath(c.path, input);
    const token = tokens[user];
    if (c.method === 'GET' || c.method === 'DELETE') {
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(rest))
        if (v !== undefined && v !== null) query[k] = Array.isArray(v) ? v.join(',') : String(v);
      return t.api<T>(c.method, path, { token, query });
    }
    return t.api<T>(c.method, path, { token, body: rest });
  };
  const E = equipmentCalls;
  const S = sealCalls;

  async function upload(user: string, name: string, body: Buffer, type = 'image/png') {
    const { payload, contentType } = multipart([{ name, body, type }]);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/common/upload`,
      headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': contentType },
      payload,
    });
    return { status: res.statusCode, id: res.statusCode === 200 ? (res.json().data.id as string) : '' };
  }

  const list = async (user: string, input: Record<string, unknown> = {}) =>
    (await send<Page<EquipmentRow>>(user, E.query, { limit: 100, ...input })).body.data.records;
  const byName = async (user: string, name: string) => (await list(user, { keyword: name }))[0];
  const values = (r: EquipmentRow) => ({
    id: r.id,
    version: r.version,
    name: r.name,
    model: r.model,
    serialNo: r.serialNo,
    manufacturer: r.manufacturer,
    measuringRange: r.measuringRange,
    accuracy: r.accuracy,
    calibrationKind: r.calibrationKind,
    calibratedOn: r.calibratedOn,
    validUntil: r.validUntil,
    certificateNo: r.certificateNo,
    institution: r.institution,
    state: r.state,
    note: r.note,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of ['admin', 'jy_admin1', 'jy_admin2', 'jy_inspector1', 'jg_qingxiu', 'wb_admin1'])
      tokens[u] = await t.login(u);
    const orgOf = async (u: string) =>
      (await t.platform.db.select({ c: sysUser.companyId }).from(sysUser).where(eq(sysUser.username, u)))[0]
        .c!;
    jy1 = await orgOf('jy_admin1');
    jy2 = await orgOf('jy_admin2');
  }, 300_000);
  afterAll(() => t?.close());

  it('lists the demo instruments with their calibration state, filtered', async () => {
    const all = await list('jy_admin1');
    expect(all).toHaveLength(8);
    expect(all.every((r) => r.orgId === jy1)).toBe(true);
    const expired = await list('jy_admin1', { calibrationState: 'expired' });
    expect(expired.map((r) => r.name)).toEqual(['钢丝绳探伤仪']);
    expect(expired[0].calibrationStateLabel).toBe('已过期');
    expect(expired[0].daysLeft).toBe(-35);
    const expiring = await list('jy_admin1', { calibrationState: 'expiring' });
    expect(expiring.map((r) => r.name)).toEqual(['曳引力测试仪']);
    expect((await list('jy_admin1', { calibrationState: 'valid' })).length).toBe(6);
    expect((await list('jy_admin1', { keyword: 'AWA5688' })).map((r) => r.name)).toEqual(['声级计']);
    expect((await list('jy_admin1', { keyword: 'ZC8-771' }))[0].stateLabel).toBe('维修');
    expect((await list('jy_admin1', { state: 3 })).map((r) => r.name)).toEqual(['接地电阻测试仪']);
    expect((await list('jy_admin2')).map((r) => r.orgId)).toEqual([jy2, jy2]);
    // The regulator of 青秀区 reads jy1's (青秀区), not jy2's (江南区); the platform reads both.
    const regulator = await list('jg_qingxiu');
    expect(regulator.length).toBe(8);
    expect(regulator.every((r) => r.orgId === jy1)).toBe(true);
    expect((await list('admin')).length).toBeGreaterThanOrEqual(10);
    // Neither an inspector without the page nor a maintenance company lists them.
    expect((await send('jy_inspector1', E.query)).status).toBe(403);
    expect((await send('wb_admin1', E.query)).status).toBe(403);
    const bad = await send('jy_admin1', E.query, { calibrationState: 'soon' });
    expect(bad.status).toBe(400);
    expect((await send('jy_admin1', E.query, { state: 9 })).status).toBe(400);
  });

  it('adds, reads, updates and deletes an instrument; refuses duplicates, bad input and strangers', async () => {
    const input = {
      name: '秒表',
      model: 'PC396',
      serialNo: `MB-${kind}-01`,
      calibrationKind: 1,
      calibratedOn: addDays(today, -10),
      validUntil: addDays(today, 355),
      certificateNo: 'JD-TEST-1',
      institution: '南宁市计量测试研究所',
    };
    const added = await send<EquipmentDetail>('jy_admin1', E.add, input);
    expect(added.status, added.body.resultMsg).toBe(200);
    expect(added.body.data).toMatchObject({
      orgId: jy1,
      stateLabel: '在用',
      calibrationState: 'valid',
      version: 0,
    });
    expect(added.body.data.calibrations).toHaveLength(1);
    const id = added.body.data.id;

    const dup = await send('jy_admin1', E.add, { ...input, name: '另一块秒表' });
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toContain('出厂编号');
    // Another organisation may use the same serial number.
    expect((await send('jy_admin2', E.add, input)).status).toBe(200);

    const missing = await send('jy_admin1', E.add, { model: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field)).toEqual(expect.arrayContaining(['name', 'serialNo']));
    const backwards = await send('jy_admin1', E.add, {
      ...input,
      serialNo: 'X-2',
      calibratedOn: today,
      validUntil: addDays(today, -1),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.[0]).toMatchObject({
      field: 'validUntil',
      message: '有效期至应晚于检定日期',
    });
    const future = await send('jy_admin1', E.add, {
      ...input,
      serialNo: 'X-3',
      calibratedOn: addDays(today, 3),
      validUntil: addDays(today, 300),
    });
    expect(future.status).toBe(400);
    expect(future.body.resultMsg).toContain('检定日期不能晚于今天');
    expect((await send('jy_admin1', E.add, { ...input, serialNo: 'X-4', state: 7 })).status).toBe(400);
    // Only the organisation's own accounts write: the platform is refused by the service, the
    // regulator (检验设备 read only) by the permission.
    for (const [u, reason] of [
      ['admin', '检验机构'],
      ['jg_qingxiu', '没有权限执行此操作'],
    ]) {
      const r = await send(u, E.add, { ...input, serialNo: 'X-5' });
      expect(r.status, u).toBe(403);
      expect(r.body.resultMsg).toContain(reason);
    }
    expect((await send('wb_admin1', E.add, { ...input, serialNo: 'X-6' })).status).toBe(403);

    const got = await send<EquipmentDetail>('jy_admin1', E.get, { id });
    expect(got.body.data.name).toBe('秒表');
    expect((await send('jg_qingxiu', E.get, { id })).status).toBe(200);
    expect((await send('jy_admin2', E.get, { id })).status).toBe(404);
    expect((await send('jy_admin1', E.get, { id: 'abc' })).status).toBe(400);
    expect((await send('jy_admin1', E.get, { id: 99_999_999 })).status).toBe(404);

    const row = (await list('jy_admin1', { keyword: input.serialNo }))[0];
    const updated = await send<EquipmentDetail>('jy_admin1', E.update, {
      ...values(row),
      state: 2,
      note: '暂停使用',
    });
    expect(updated.status, updated.body.resultMsg).toBe(200);
    expect(updated.body.data).toMatchObject({ stateLabel: '停用', note: '暂停使用', version: 1 });
    // No new calibration, no new history row.
    expect(updated.body.data.calibrations).toHaveLength(1);
    const stale = await send('jy_admin1', E.update, { ...values(row), note: '旧表单' });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toContain('已被他人修改');
    expect((await send('jy_admin2', E.update, { ...values(row), version: 1 })).status).toBe(404);
    expect((await send('jg_qingxiu', E.update, { ...values(row), version: 1 })).status).toBe(403);
    expect((await send('jy_admin1', E.update, { ...values(row), version: 1, name: '' })).status).toBe(400);

    expect((await send('jy_admin2', E.delete, { ids: [id] })).status).toBe(404);
    expect((await send('jg_qingxiu', E.delete, { ids: [id] })).status).toBe(403);
    expect((await send('jy_admin1', E.delete, { ids: 'x' })).status).toBe(400);
    const deleted = await send<{ deleted: number }>('jy_admin1', E.delete, { ids: [id] });
    expect(deleted.body.data).toEqual({ deleted: 1 });
    expect((await send('jy_admin1', E.get, { id })).status).toBe(404);
  });

  it('deletes a group all or nothing (deleteGroups/{ids})', async () => {
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const r = await send<EquipmentDetail>('jy_admin1', E.add, {
        name: '卷尺',
        serialNo: `JC-${kind}-${n}`,
      });
      ids.push(r.body.data.id);
    }
    const other = (await list('jy_admin2'))[0];
    const mixed = await send('jy_admin1', E.deleteGroups, { ids: [...ids, other.id] });
    expect(mixed.status).toBe(404);
    expect((await send('jy_admin1', E.get, { id: ids[0] })).status).toBe(200);
    expect((await send('jg_qingxiu', E.deleteGroups, { ids })).status).toBe(403);
    expect((await send('jy_admin1', E.deleteGroups, { ids: '0' })).status).toBe(400);
    const done = await send<{ deleted: number }>('jy_admin1', E.deleteGroups, { ids });
    expect(done.status, done.body.resultMsg).toBe(200);
    expect(done.body.data.deleted).toBe(2);
  });

  it('records a calibration: the expired instrument becomes 有效 and the history grows', async () => {
    const before = await byName('jy_admin1', '钢丝绳探伤仪');
    expect(before.calibrationState).toBe('expired');
    const history = (await send<EquipmentDetail>('jy_admin1', E.get, { id: before.id })).body.data
      .calibrations;
    const res = await send<EquipmentDetail>('jy_admin1', E.update, {
      ...values(before),
      calibratedOn: today,
      validUntil: addDays(today, 365),
      certificateNo: `JD-${kind}-NEW`,
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data.calibrationState).toBe('valid');
    expect(res.body.data.calibrations).toHaveLength(history.length + 1);
    expect(res.body.data.calibrations[0]).toMatchObject({
      calibratedOn: today,
      certificateNo: `JD-${kind}-NEW`,
      recordedBy: expect.any(String),
    });
    expect((await list('jy_admin1', { calibrationState: 'expired' })).length).toBe(0);
  });

  it('getList and usableInstruments: only 在用 instruments within their calibration go on a report', async () => {
    const usable = (await send<UsableEquipment[]>('jy_admin1', E.getList)).body.data;
    const names = usable.map((u) => u.name);
    expect(names).toContain('限速器测试仪');
    expect(names).toContain('曳引力测试仪'); // expiring soon is still valid today
    expect(names).not.toContain('接地电阻测试仪'); // 维修
    // On a day after the 曳引力测试仪's validity, it is no longer usable.
    const later = (await send<UsableEquipment[]>('jy_admin1', E.getList, { onDate: addDays(today, 20) })).body
      .data;
    expect(later.map((u) => u.name)).not.toContain('曳引力测试仪');
    expect(
      (await send<UsableEquipment[]>('jy_admin2', E.getList)).body.data.map((u) => u.name),
    ).not.toContain('曳引力测试仪');
    expect((await send('jy_admin1', E.getList, { onDate: '2026-13-01' })).status).toBe(400);
    expect((await send('wb_admin1', E.getList)).status).toBe(403);

    const db = t.platform.db;
    const speed = await byName('jy_admin1', '限速器测试仪');
    const traction = await byName('jy_admin1', '曳引力测试仪');
    const earth = await byName('jy_admin1', '接地电阻测试仪');
    expect((await usableInstruments(db, jy1, [speed.id, traction.id], today)).length).toBe(2);
    await expect(
      usableInstruments(db, jy1, [speed.id, traction.id], addDays(today, 20)),
    ).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('曳引力测试仪（QY500-1902）检定已于'),
    });
    const both = usableInstruments(db, jy1, [earth.id, traction.id], addDays(today, 20));
    await expect(both).rejects.toMatchObject({ status: 409 });
    await both.catch((e: Error) => {
      expect(e.message).toContain('接地电阻测试仪（ZC8-771）维修');
      expect(e.message).toContain('曳引力测试仪');
      expect(e.message).toContain('不能用于检验报告');
    });
    // An instrument of another organisation is not found.
    await expect(usableInstruments(db, jy2, [speed.id], today)).rejects.toMatchObject({ status: 404 });
  });

  it('exports the filtered list as .xlsx', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}${E.export.path}?calibrationState=expiring`,
      headers: { authorization: `Bearer ${tokens.jy_admin1}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.rawPayload);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0].slice(0, 3)).toEqual(['设备名称', '规格型号', '出厂编号']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['曳引力测试仪']);
    expect(rows[1][9]).toBe('即将到期');
    const denied = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}${E.export.path}`,
      headers: { authorization: `Bearer ${tokens.wb_admin1}` },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('checks a seal image: a PNG with transparency, nothing else', async () => {
    expect(pngFacts(png('rgba'))).toMatchObject({ colourType: 6, transparent: true });
    expect(pngFacts(png('rgb'))).toMatchObject({ colourType: 2, transparent: false });
    // A JPEG renamed .png is refused by the upload itself (its bytes are not a PNG).
    expect((await upload('jy_admin1', '印章.png', JPEG)).status).toBe(415);
    // A JPEG uploaded as such is stored, but is no seal image.
    const jpg = await upload('jy_admin1', '印章.jpg', JPEG, 'image/jpeg');
    expect(jpg.status).toBe(200);
    const notPng = await send('jy_admin1', S.add, { name: '测试章', kind: 4, fileId: jpg.id });
    expect(notPng.status).toBe(400);
    expect(notPng.body.errors?.[0]).toMatchObject({
      field: 'fileId',
      message: expect.stringContaining('PNG'),
    });
    const opaque = await upload('jy_admin1', '白底.png', png('rgb'));
    const refused = await send('jy_admin1', S.add, { name: '测试章', kind: 4, fileId: opaque.id });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toContain('透明背景');
    const tiny = await upload('jy_admin1', '小.png', png('rgba', 16));
    expect(
      (await send('jy_admin1', S.add, { name: '测试章', kind: 4, fileId: tiny.id })).body.resultMsg,
    ).toContain('像素');
    const good = await upload('jy_admin1', '透明.png', png('rgba'));
    const added = await send<SealRow>('jy_admin1', S.add, { name: '测试章', kind: 4, fileId: good.id });
    expect(added.status, added.body.resultMsg).toBe(200);
    expect(added.body.data).toMatchObject({ kindLabel: '其他印章', enabled: false, fileName: '透明.png' });
    // A file the user cannot read (another organisation's upload) cannot become a seal.
    const theirs = await upload('jy_admin2', '透明.png', png('rgba'));
    const foreign = await send('jy_admin1', S.add, { name: '测试章', kind: 4, fileId: theirs.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.resultMsg).toContain('不存在');
  });

  it('seal calls: list, get, add, update, delete; one enabled seal per kind; strangers refused', async () => {
    const seals = (await send<Page<SealRow>>('jy_admin1', S.query)).body.data.records;
    const demo = seals.find((s) => s.kind === 1)!;
    expect(demo).toMatchObject({ enabled: true, kindLabel: '检验专用章', orgId: jy1 });
    // Its image is readable by the organisation, not by another one.
    const img = (user: string) =>
      t.api('GET', '/getFileInfo', { token: tokens[user], query: { id: demo.fileId! } });
    expect((await img('jy_admin1')).status).toBe(200);
    expect((await img('jy_admin2')).status).toBe(404);

    expect((await send('jy_admin2', S.get, { id: demo.id })).status).toBe(404);
    expect(
      (await send<Page<SealRow>>('jy_admin2', S.query)).body.data.records.some((s) => s.id === demo.id),
    ).toBe(false);
    expect((await send('jy_admin1', S.query, { kind: 8 })).status).toBe(400);
    expect(
      (await send<Page<SealRow>>('jy_admin1', S.query, { enabled: 'false', kind: 1 })).body.data.total,
    ).toBe(0);
    // The regulator holds no seal page: refused.
    expect((await send('jg_qingxiu', S.query)).status).toBe(403);
    expect((await send('jg_qingxiu', S.get, { id: demo.id })).status).toBe(403);

    const file = await upload('jy_admin1', '新章.png', png('rgba'));
    const second = await send<SealRow>('jy_admin1', S.add, {
      name: '新检验专用章',
      kind: 1,
      fileId: file.id,
      enabled: true,
    });
    expect(second.status).toBe(409);
    expect(second.body.resultMsg).toContain('同一类型只能启用一枚印章');
    const added = await send<SealRow>('jy_admin1', S.add, { name: '新检验专用章', kind: 1, fileId: file.id });
    expect(added.status).toBe(200);
    const s2 = added.body.data;
    const upd = (r: SealRow, extra: Record<string, unknown> = {}) => ({
      id: r.id,
      version: r.version,
      name: r.name,
      kind: r.kind,
      fileId: r.fileId,
      enabled: r.enabled,
      note: r.note,
      ...extra,
    });
    const enable = await send('jy_admin1', S.update, upd(s2, { enabled: true }));
    expect(enable.status).toBe(409);
    const off = await send<SealRow>('jy_admin1', S.update, upd(demo, { enabled: false }));
    expect(off.status, off.body.resultMsg).toBe(200);
    const on = await send<SealRow>('jy_admin1', S.update, upd(s2, { enabled: true }));
    expect(on.status, on.body.resultMsg).toBe(200);
    expect((await send('jy_admin1', S.update, upd(s2, { name: '旧版本' }))).status).toBe(409);
    expect((await send('jy_admin2', S.update, upd(on.body.data))).status).toBe(404);
    expect((await send('admin', S.update, upd(on.body.data))).status).toBe(403);
    expect((await send('jy_admin1', S.update, upd(on.body.data, { kind: 0 }))).status).toBe(400);
    // Back as it was: the demo seal enabled again.
    await send('jy_admin1', S.update, upd(on.body.data, { enabled: false }));
    expect((await send('jy_admin1', S.update, upd(off.body.data, { enabled: true }))).status).toBe(200);

    expect((await send('jy_admin2', S.delete, { ids: [s2.id] })).status).toBe(404);
    expect((await send('jy_admin1', S.delete, { ids: [] })).status).toBe(400);
    expect((await send<{ deleted: number }>('jy_admin1', S.delete, { ids: [s2.id] })).body.data.deleted).toBe(
      1,
    );
    expect((await send('jy_admin1', S.get, { id: s2.id })).status).toBe(404);
  });

  it.runIf(kind === 'postgres')(
    '50 concurrent enables of two seals of one kind leave exactly one enabled',
    async () => {
      // The demo's enabled report seal steps aside: the race is between the two added here.
      await t.platform.db.execute(
        sql`update inspection_seal set enabled = false where org_id = ${jy1} and kind = 2`,
      );
      const ids: number[] = [];
      for (const n of [1, 2]) {
        const f = await upload('jy_admin1', `并发${n}.png`, png('rgba'));
        ids.push(
          (await send<SealRow>('jy_admin1', S.add, { name: `报告章${n}`, kind: 2, fileId: f.id })).body.data
            .id,
        );
      }
      const rows = await Promise.all(
        ids.map(async (id) => (await send<SealRow>('jy_admin1', S.get, { id })).body.data),
      );
      const race = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const r = rows[i % 2];
          return send('jy_admin1', S.update, {
            id: r.id,
            version: r.version,
            name: r.name,
            kind: 2,
            fileId: r.fileId,
            enabled: true,
          });
        }),
      );
      expect(race.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect(race.filter((r) => r.status === 200)).toHaveLength(1);
      const enabled = rowsOf<{ n: number }>(
        await t.platform.db.execute(
          sql`select count(*)::int as n from inspection_seal where org_id = ${jy1} and kind = 2 and enabled`,
        ),
      );
      expect(enabled[0].n).toBe(1);
    },
  );
});
