import XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  type EquipmentRow,
  equipmentCalls,
  type Page,
  type SealRow,
  sealCalls,
  type UsableEquipment,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../src/modules/inspection/instruments/png.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of the instruments and seals, call by call: jy1's administrator (another inspection
 * organisation), its inspector, the 青秀区 regulator and a maintenance company ask for the records of
 * jy2 (江南区): its instrument and its seal. Each call answers 404 (403 without the permission, or
 * for a write by someone who is not the organisation's) or leaves the record out; the platform sees
 * them; and afterwards they are as they were.
 */
const ACTORS = ['jy_admin1', 'jy_inspector1', 'jg_qingxiu', 'wb_admin1'] as const;
/** The regulator holds the instruments page (read-only): a write is 403, not 404. */
const writeStatus = (a: string) => (a === 'jg_qingxiu' ? 403 : 404);

function transparentPng(size = 80): Buffer {
  const px = Buffer.alloc(size * size * 4, 0);
  for (let i = 0; i < size * size; i += 2) px[i * 4] = px[i * 4 + 3] = 255;
  return encodePng(size, size, px, 6);
}

describe.each(dbKinds)('inspection instruments data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  let pe: CallProber<typeof equipmentCalls>;
  let ps: CallProber<typeof sealCalls>;
  let row: EquipmentRow;
  let seal: SealRow;

  const eqValues = (r: EquipmentRow) => ({
    id: r.id,
    version: r.version,
    name: '越权修改',
    serialNo: r.serialNo,
    calibrationKind: r.calibrationKind,
    calibratedOn: r.calibratedOn,
    validUntil: r.validUntil,
    state: r.state,
  });

  const equipmentProbes: Probes<typeof equipmentCalls> = {
    query: (a) => pe.leftOut(a, 'query', { keyword: row.serialNo, limit: 50 }, pe.hasId(row.id)),
    get: (a) => pe.refused(a, 'get', { id: row.id }),
    getList: (a) =>
      pe.leftOut(a, 'getList', { orgId: row.orgId }, (d) =>
        (d as UsableEquipment[]).some((u) => u.id === row.id),
      ),
    // An add lands in the actor's own organisation, whatever it names: never in jy2.
    add: async (a) => {
      const res = await pe.send<{ id: number; orgId: number }>(a, 'add', {
        name: '越权新增',
        serialNo: row.serialNo,
        orgId: row.orgId,
      });
      if (a !== 'jy_admin1') return expect(res.status, a).toBe(403);
      expect(res.status, res.body.resultMsg).toBe(200);
      expect(res.body.data.orgId).not.toBe(row.orgId);
      expect((await pe.send(a, 'delete', { ids: [res.body.data.id] })).status).toBe(200);
    },
    update: (a) => pe.refused(a, 'update', eqValues(row), writeStatus(a)),
    delete: (a) => pe.refused(a, 'delete', { ids: [row.id] }, writeStatus(a)),
    deleteGroups: (a) => pe.refused(a, 'deleteGroups', { ids: [row.id] }, writeStatus(a)),
    export: async (a) => {
      const res = await t.inject({
        method: 'GET',
        url: `${API_PREFIX}${equipmentCalls.export.path}?keyword=${encodeURIComponent(row.serialNo)}`,
        headers: { authorization: `Bearer ${pe.tokens[a]}` },
      });
      if (!pe.may(a, 'export')) return expect(res.statusCode, `${a} export`).toBe(403);
      expect(res.statusCode, `${a} export`).toBe(200);
      const book = XLSX.read(res.rawPayload);
      const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
      expect(
        rows.some((r) => r[2] === row.serialNo && r[13] === row.orgName),
        `${a} export`,
      ).toBe(false);
    },
  };

  const sealProbes: Probes<typeof sealCalls> = {
    query: (a) => ps.leftOut(a, 'query', { keyword: seal.name }, ps.hasId(seal.id)),
    get: (a) => ps.refused(a, 'get', { id: seal.id }),
    add: async (a) => {
      // The actor names jy2's image: not a file it may read.
      const res = await ps.send(a, 'add', { name: '越权新增', kind: seal.kind, fileId: seal.fileId });
      expect(res.status, `${a}: ${res.body.resultMsg}`).toBe(ps.may(a, 'add') ? 400 : 403);
    },
    update: (a) =>
      ps.refused(a, 'update', {
        id: seal.id,
        version: seal.version,
        name: '越权修改',
        kind: seal.kind,
        fileId: seal.fileId,
        enabled: !seal.enabled,
      }),
    delete: (a) => ps.refused(a, 'delete', { ids: [seal.id] }),
  };

  const snapshot = async () => ({
    equipment: (await pe.send('admin', 'get', { id: row.id })).body.data,
    seal: (await ps.send('admin', 'get', { id: seal.id })).body.data,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    pe = new CallProber(t, equipmentCalls);
    ps = new CallProber(t, sealCalls);
    await pe.signIn([...ACTORS, 'jy_admin2']);
    await ps.signIn([...ACTORS, 'jy_admin2']);
    row = (await pe.send<Page<EquipmentRow>>('jy_admin2', 'query', { keyword: '限速器' })).body.data
      .records[0];
    const { payload, contentType } = multipart([
      { name: '江南章.png', body: transparentPng(), type: 'image/png' },
    ]);
    const up = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/common/upload`,
      headers: { authorization: `Bearer ${ps.tokens.jy_admin2}`, 'content-type': contentType },
      payload,
    });
    const added = await ps.send<SealRow>('jy_admin2', 'add', {
      name: '南宁市特种设备检测中心检验专用章',
      kind: 1,
      fileId: up.json().data.id,
      enabled: true,
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    seal = added.body.data;
  }, 300_000);
  afterAll(() => t?.close());

  it('has a probe for every call', () => {
    pe.expectProbeForEveryCall(equipmentProbes);
    ps.expectProbeForEveryCall(sealProbes);
  });

  it.each(ACTORS)('%s is refused or left out on every instrument call, and nothing changes', (actor) =>
    pe.sweep(actor, equipmentProbes, snapshot),
  );

  it.each(ACTORS)('%s is refused or left out on every seal call, and nothing changes', (actor) =>
    ps.sweep(actor, sealProbes, snapshot),
  );
});
