import XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  type DepartmentDetail,
  type DepartmentRow,
  departmentCalls,
  type InspectorAuditRow,
  type InspectorPage,
  type InspectorRow,
  inspectorCalls,
  type Page,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of the inspectors and departments, call by call: jy_admin2 (another organisation), the
 * 青秀区 regulator (jy1's district: reads, never writes) and a maintenance company ask for jy1's
 * inspectors, audit cases and departments. Each call answers 404 (403 without the permission or for
 * a reader's write) or leaves the record out (the regulator finds it); the platform sees it; and
 * afterwards everything is as it was.
 */
const ACTORS = ['jy_admin2', 'jg_qingxiu', 'wb_admin1'] as const;
const READER = 'jg_qingxiu';

describe.each(dbKinds)('inspection people data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  let ins: CallProber<typeof inspectorCalls>;
  let dep: CallProber<typeof departmentCalls>;
  let passed: InspectorRow;
  let pending: InspectorRow;
  let department: DepartmentRow;
  let decidedCase: InspectorAuditRow;
  let pendingCase: InspectorAuditRow;

  /** A read the district's regulator may make (200) and the others may not (404, or 403 without the right). */
  const readable = async (
    p: CallProber<typeof inspectorCalls> | CallProber<typeof departmentCalls>,
    a: string,
    name: string,
    input: Record<string, unknown>,
  ) => {
    if (a === READER) {
      const res = await (p as CallProber<typeof inspectorCalls>).send(a, name as 'get', input);
      expect(res.status, `${a} ${name}: ${res.body.resultMsg}`).toBe(200);
    } else await (p as CallProber<typeof inspectorCalls>).refused(a, name as 'get', input);
  };

  /**
   * A write: refused 404 for another organisation, 403 without the permission, and 403 for the
   * district's regulator, which holds the buttons of its read-only pages but writes nothing.
   */
  const write = (
    p: CallProber<typeof inspectorCalls> | CallProber<typeof departmentCalls>,
    a: string,
    name: string,
    input: Record<string, unknown>,
  ) => (p as CallProber<typeof inspectorCalls>).refused(a, name as 'get', input, a === READER ? 403 : 404);

  const inspectorProbes: Probes<typeof inspectorCalls> = {
    query: (a) => ins.leftOut(a, 'query', { keyword: passed.certNo }, ins.hasId(passed.id), [READER]),
    add: async (a) => {
      // Nobody adds to jy1: jy_admin2's add lands in its own organisation, so it is refused by the
      // certificate number (409, which names nothing of jy1's beyond the number it sent).
      const res = await ins.send(a, 'add', {
        name: '越权',
        certNo: passed.certNo,
        category: 'DTY',
        validUntil: '2031-01-01',
      });
      expect(res.status, `${a} add`).toBe(ins.may(a, 'add') && a !== READER ? 409 : 403);
    },
    update: (a) =>
      write(ins, a, 'update', {
        id: passed.id,
        version: passed.version,
        name: '越权修改',
        certNo: passed.certNo,
        category: passed.category,
        validUntil: passed.validUntil,
      }),
    delete: (a) => write(ins, a, 'delete', { ids: [passed.id] }),
    list: (a) =>
      ins.leftOut(
        a,
        'list',
        { keyword: passed.certNo },
        (d) => (d as InspectorRow[]).some((r) => r.id === passed.id),
        [READER],
      ),
    export: async (a) => {
      const res = await t.inject({
        method: 'GET',
        url: `${API_PREFIX}${inspectorCalls.export.path}?keyword=${encodeURIComponent(passed.certNo)}`,
        headers: { authorization: `Bearer ${ins.tokens[a]}` },
      });
      if (!ins.may(a, 'export')) return expect(res.statusCode, `${a} export`).toBe(403);
      expect(res.statusCode, `${a} export`).toBe(200);
      const book = XLSX.read(res.rawPayload);
      const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
      expect(
        rows.some((r) => r[4] === passed.certNo),
        `${a} export`,
      ).toBe(a === READER);
    },
    get: (a) => readable(ins, a, 'get', { id: passed.id }),
    auditList: (a) =>
      ins.leftOut(
        a,
        'auditList',
        { keyword: pending.certNo },
        (d) => (d as Page<InspectorAuditRow>).records.some((r) => r.auditId === pendingCase.auditId),
        [READER],
      ),
    auditPass: (a) => write(ins, a, 'auditPass', { auditId: pendingCase.auditId }),
    auditReject: (a) => write(ins, a, 'auditReject', { auditId: pendingCase.auditId }),
    auditDelete: (a) => write(ins, a, 'auditDelete', { ids: [decidedCase.auditId] }),
    auditGet: (a) => readable(ins, a, 'auditGet', { id: decidedCase.auditId }),
  };

  const departmentProbes: Probes<typeof departmentCalls> = {
    query: (a) => dep.leftOut(a, 'query', { name: department.name }, dep.hasId(department.id), [READER]),
    add: async (a) => {
      // An add lands in the actor's own organisation or is refused: never in jy1's.
      const res = await dep.send<DepartmentDetail>(a, 'add', { name: department.name });
      if (!dep.may(a, 'add') || a === READER) expect(res.status).toBe(403);
      else {
        expect(res.status).toBe(200);
        expect(res.body.data.orgId).not.toBe(department.orgId);
        await dep.send(a, 'delete', { ids: [res.body.data.id] });
      }
    },
    update: (a) =>
      write(dep, a, 'update', { id: department.id, version: department.version, name: '越权修改' }),
    delete: (a) => write(dep, a, 'delete', { ids: [department.id] }),
    get: (a) => readable(dep, a, 'get', { id: department.id }),
    distribution: (a) =>
      write(dep, a, 'distribution', { departmentId: department.id, inspectorIds: [passed.id] }),
    remove: (a) => write(dep, a, 'remove', { departmentId: department.id, inspectorIds: [passed.id] }),
  };

  const snapshot = async () => ({
    inspectors: (await ins.send<InspectorPage>('admin', 'query', { limit: 100 })).body.data,
    cases: (await ins.send<Page<InspectorAuditRow>>('admin', 'auditList', { limit: 100 })).body.data,
    departments: (await dep.send<Page<DepartmentRow>>('admin', 'query', { limit: 100 })).body.data,
    department: (await dep.send('admin', 'get', { id: department.id })).body.data,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    ins = new CallProber(t, inspectorCalls);
    dep = new CallProber(t, departmentCalls);
    await ins.signIn(['jy_admin1', ...ACTORS]);
    await dep.signIn(['jy_admin1', ...ACTORS]);
    const mine = (await ins.send<InspectorPage>('jy_admin1', 'query', { limit: 100 })).body.data.records;
    passed = mine.find((r) => r.auditState === 3 && r.departmentId)!;
    pending = mine.find((r) => r.auditState === 2)!;
    department = (await dep.send<Page<DepartmentRow>>('jy_admin1', 'query', {})).body.data.records[0];
    const cases = (await ins.send<Page<InspectorAuditRow>>('jy_admin1', 'auditList', { limit: 100 })).body
      .data.records;
    pendingCase = cases.find((c) => c.inspectorId === pending.id)!;
    decidedCase = cases.find((c) => c.inspectorId === passed.id)!;
    expect(decidedCase.state).toBe(3);
  }, 120_000);
  afterAll(() => t?.close());

  it('has a probe for every call', () => {
    ins.expectProbeForEveryCall(inspectorProbes);
    dep.expectProbeForEveryCall(departmentProbes);
  });

  it.each(ACTORS)('%s is refused or left out on every inspector call, and nothing changes', (actor) =>
    ins.sweep(actor, inspectorProbes, snapshot),
  );

  it.each(ACTORS)('%s is refused or left out on every department call, and nothing changes', (actor) =>
    dep.sweep(actor, departmentProbes, snapshot),
  );
});
