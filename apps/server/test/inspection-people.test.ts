import XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  type DepartmentDetail,
  type DepartmentRow,
  departmentCalls,
  type InspectorAuditRow,
  type InspectorDetail,
  type InspectorPage,
  type InspectorRow,
  inspectorCalls,
  type Page,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';
import { png } from './pdf-support.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * 检验人员与部门, call by call: the demo's people, adding an inspector and its audit through the
 * shared workflow (pass, reject, re-submit, a second decision refused), edits with versions and
 * masked numbers, deleting, departments and the distribution of passed inspectors; each call's
 * refusals (bad input 400, no right 403, another organisation's record 404, conflicts 409).
 */
describe.each(dbKinds)('inspection people on %s', (kind) => {
  let t: TestApp;
  let ins: CallProber<typeof inspectorCalls>;
  let dep: CallProber<typeof departmentCalls>;
  const USERS = ['jy_admin1', 'jy_admin2', 'jg_qingxiu', 'wb_admin1'];

  const newInspector = (certNo: string, extra: Record<string, unknown> = {}) => ({
    name: '测试检验员',
    gender: 1,
    idNumber: '450103199001011238',
    phone: '13907719999',
    certNo,
    category: 'DTY',
    issuingAuthority: '国家市场监督管理总局',
    issueDate: '2024-01-01',
    validUntil: '2030-01-01',
    ...extra,
  });
  const mine = async (user: string) =>
    (await ins.send<InspectorPage>(user, 'query', { limit: 100 })).body.data.records;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ins = new CallProber(t, inspectorCalls);
    dep = new CallProber(t, departmentCalls);
    await ins.signIn(USERS);
    await dep.signIn(USERS);
  }, 120_000);
  afterAll(() => t?.close());

  it('seeds jy1 with two departments and six inspectors (one expiring, one pending), jy2 with its own', async () => {
    const page = (await ins.send<InspectorPage>('jy_admin1', 'query', { limit: 100 })).body.data;
    expect(page.total).toBe(6);
    expect(page.certCounts).toEqual({ valid: 4, expiring: 1, expired: 0 });
    expect(page.records.filter((r) => r.auditState === 2)).toHaveLength(1);
    // Each demo inspector has a signature image (a stored PNG) for the reports' PDF.
    for (const r of page.records) expect(r.signatureFileId).toMatch(/^[0-9a-f-]{36}$/);
    const linked = page.records.find((r) => r.username === 'jy_inspector1');
    expect(linked?.auditState).toBe(3);
    // Another person's numbers are masked, even for the organisation's administrator.
    expect(linked?.phone).toMatch(/\*/);
    expect(linked?.idNumber).toMatch(/\*/);
    const expiring = await ins.send<InspectorPage>('jy_admin1', 'query', { certState: 'expiring' });
    expect(expiring.body.data.records).toHaveLength(1);
    expect(expiring.body.data.records[0].certStateLabel).toBe('即将到期');
    expect(expiring.body.data.records[0].daysLeft).toBeLessThanOrEqual(30);
    const deps = (await dep.send<Page<DepartmentRow>>('jy_admin1', 'query', {})).body.data;
    expect(deps.records.map((d) => d.name)).toEqual(['电梯检验一部', '电梯检验二部']);
    // The organisation sees its departments' phones in full.
    expect(deps.records[0].phone).not.toMatch(/\*/);
    const other = (await ins.send<InspectorPage>('jy_admin2', 'query', {})).body.data;
    expect(other.total).toBe(2);
    expect(other.records.every((r) => r.orgId !== page.records[0].orgId)).toBe(true);
    // The 青秀区 regulator reads jy1's (its district), not jy2's (江南区); departments' phones masked.
    const regulator = (await ins.send<InspectorPage>('jg_qingxiu', 'query', { limit: 100 })).body.data;
    expect(regulator.records.map((r) => r.id).sort()).toEqual(page.records.map((r) => r.id).sort());
    const regDeps = (await dep.send<Page<DepartmentRow>>('jg_qingxiu', 'query', {})).body.data;
    expect(regDeps.records[0].phone).toMatch(/\*/);
    // A maintenance company has no right to the list.
    expect((await ins.send('wb_admin1', 'query', {})).status).toBe(403);
  });

  it('filters the list by keyword, audit state and department', async () => {
    const all = await mine('jy_admin1');
    const one = all[1];
    const byCert = await ins.send<InspectorPage>('jy_admin1', 'query', { keyword: one.certNo.slice(-6) });
    expect(byCert.body.data.records.map((r) => r.id)).toEqual([one.id]);
    const pending = await ins.send<InspectorPage>('jy_admin1', 'query', { auditState: 2 });
    expect(pending.body.data.records.every((r) => r.auditState === 2)).toBe(true);
    const depId = all.find((r) => r.departmentId)!.departmentId!;
    const inDep = await ins.send<InspectorPage>('jy_admin1', 'query', { departmentId: depId });
    expect(inDep.body.data.records.every((r) => r.departmentId === depId)).toBe(true);
    const bad = await ins.send('jy_admin1', 'query', { certState: 'soon', auditState: 9 });
    expect(bad.status).toBe(400);
  });

  it('exports the filtered list as .xlsx, numbers masked', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}${inspectorCalls.export.path}?certState=expiring`,
      headers: { authorization: `Bearer ${ins.tokens.jy_admin1}` },
    });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0].slice(0, 5)).toEqual(['姓名', '性别', '身份证号', '手机号码', '证书编号']);
    expect(rows).toHaveLength(2);
    expect(rows[1][9]).toBe('即将到期');
    expect(String(rows[1][3])).toMatch(/\*/);
    const refused = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}${inspectorCalls.export.path}`,
      headers: { authorization: `Bearer ${ins.tokens.wb_admin1}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('adds an inspector, which waits for the audit and is not offered until passed', async () => {
    const res = await ins.send<InspectorDetail>('jy_admin1', 'add', newInspector('TS-DTY-TEST-0001'));
    expect(res.status, res.body.resultMsg).toBe(200);
    const added = res.body.data;
    expect(added.auditState).toBe(2);
    expect(added.auditStateLabel).toBe('待审核');
    expect(added.history.map((h) => h.action)).toEqual(['submit']);
    const list = (await ins.send<InspectorRow[]>('jy_admin1', 'list', {})).body.data;
    expect(list.some((r) => r.id === added.id)).toBe(false);
    expect(list.every((r) => r.auditState === 3)).toBe(true);
    const cases = (await ins.send<Page<InspectorAuditRow>>('jy_admin1', 'auditList', { state: 2 })).body.data;
    const c = cases.records.find((r) => r.inspectorId === added.id)!;
    expect(c.stateLabel).toBeTruthy();
    // The other organisation and a reviewer out of district do not see the case.
    const other = (await ins.send<Page<InspectorAuditRow>>('jy_admin2', 'auditList', {})).body.data;
    expect(other.records.some((r) => r.auditId === c.auditId)).toBe(false);
    expect((await ins.send('jy_admin2', 'auditGet', { id: c.auditId })).status).toBe(404);
    expect((await ins.send('jy_admin2', 'auditPass', { auditId: c.auditId })).status).toBe(404);
    // The regulator reads it but does not decide.
    expect((await ins.send('jg_qingxiu', 'auditGet', { id: c.auditId })).status).toBe(200);
    expect((await ins.send('jg_qingxiu', 'auditPass', { auditId: c.auditId })).status).toBe(403);
    // Nor does the platform: the organisation decides who joins it.
    expect((await ins.send('admin', 'auditPass', { auditId: c.auditId })).status).toBe(403);
    const pass = await ins.send<InspectorAuditRow>('jy_admin1', 'auditPass', {
      auditId: c.auditId,
      version: c.version,
      auditDescription: '证书核验无误',
    });
    expect(pass.status, pass.body.resultMsg).toBe(200);
    expect(pass.body.data.state).toBe(3);
    const again = await ins.send('jy_admin1', 'auditReject', { auditId: c.auditId });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toContain('不能重复审核');
    const detail = (await ins.send<InspectorDetail>('jy_admin1', 'get', { id: added.id })).body.data;
    expect(detail.auditState).toBe(3);
    expect(detail.history.map((h) => h.action)).toEqual(['submit', 'pass']);
    expect(detail.history[1].description).toBe('证书核验无误');
    const offered = (await ins.send<InspectorRow[]>('jy_admin1', 'list', { unassigned: true })).body.data;
    expect(offered.some((r) => r.id === added.id)).toBe(true);
    const audit = await ins.send<{ audit: InspectorAuditRow; inspector: InspectorDetail }>(
      'jy_admin1',
      'auditGet',
      { id: c.auditId },
    );
    expect(audit.body.data.inspector.id).toBe(added.id);
  });

  it('rejects with a reason, takes an edit as a re-submission, then passes', async () => {
    const added = (await ins.send<InspectorDetail>('jy_admin1', 'add', newInspector('TS-DTY-TEST-0002'))).body
      .data;
    const reject = await ins.send<InspectorAuditRow>('jy_admin1', 'auditReject', {
      auditId: added.auditId,
      auditDescription: '证书照片不清晰',
    });
    expect(reject.status, reject.body.resultMsg).toBe(200);
    expect(reject.body.data.auditDescription).toBe('证书照片不清晰');
    const rejected = (await ins.send<InspectorDetail>('jy_admin1', 'get', { id: added.id })).body.data;
    expect(rejected.auditState).toBe(4);
    expect(rejected.auditDescription).toBe('证书照片不清晰');
    // A decided case cannot be decided again; a pending one cannot be deleted.
    expect((await ins.send('jy_admin1', 'auditPass', { auditId: added.auditId })).status).toBe(409);
    const edited = await ins.send<InspectorDetail>('jy_admin1', 'update', {
      ...newInspector('TS-DTY-TEST-0002'),
      name: '测试检验员乙',
      // The masks it was shown, sent back unchanged, keep the stored numbers.
      phone: rejected.phone,
      idNumber: rejected.idNumber,
      id: added.id,
      version: rejected.version,
    });
    expect(edited.status, edited.body.resultMsg).toBe(200);
    expect(edited.body.data.auditState).toBe(2);
    expect(edited.body.data.phone).toBe(rejected.phone);
    expect(edited.body.data.history.map((h) => h.action)).toEqual(['submit', 'reject', 'submit']);
    expect((await ins.send('jy_admin1', 'auditDelete', { ids: [added.auditId] })).status).toBe(409);
    const pass = await ins.send('jy_admin1', 'auditPass', { auditId: added.auditId });
    expect(pass.status).toBe(200);
    // A decided case leaves the audit list; the inspector keeps its state and history.
    const del = await ins.send<{ deleted: number }>('jy_admin1', 'auditDelete', { ids: [added.auditId] });
    expect(del.body.data.deleted).toBe(1);
    expect((await ins.send('jy_admin1', 'auditGet', { id: added.auditId })).status).toBe(404);
    const after = (await ins.send<InspectorDetail>('jy_admin1', 'get', { id: added.id })).body.data;
    expect(after.auditState).toBe(3);
    expect(after.history.length).toBeGreaterThanOrEqual(4);
  });

  it("sets, keeps and clears an inspector's signature image (a readable PNG only)", async () => {
    const upload = async (user: string, name: string, body: Buffer, type: string) => {
      const { payload, contentType } = multipart([{ name, body, type }]);
      const res = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}/common/upload`,
        headers: { authorization: `Bearer ${ins.tokens[user]}`, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.id as string;
    };
    const stroke = png(
      120,
      40,
      (x, y) => [0, 0, 0, Math.abs(y - 20 - Math.round(8 * Math.sin(x / 10))) < 2 ? 255 : 0],
      {
        alpha: true,
      },
    );
    const sig = await upload('jy_admin1', '签名.png', stroke, 'image/png');
    const added = await ins.send<InspectorDetail>(
      'jy_admin1',
      'add',
      newInspector('TS-SIG-0001', { signatureFileId: sig.toUpperCase() }),
    );
    expect(added.status).toBe(200);
    expect(added.body.data.signatureFileId).toBe(sig);
    const base = { ...newInspector('TS-SIG-0001'), id: added.body.data.id, phone: added.body.data.phone };
    // Omitted keeps it.
    const kept = await ins.send<InspectorDetail>('jy_admin1', 'update', {
      ...base,
      version: added.body.data.version,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.signatureFileId).toBe(sig);
    // A file that is not a PNG, one another organisation uploaded, one that does not exist: 400 on the field.
    const pdf = await upload('jy_admin1', '签名.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    const theirs = await upload('jy_admin2', '签名.png', stroke, 'image/png');
    for (const [fileId, message] of [
      [pdf, 'PNG'],
      [theirs, '签名图片不存在'],
      ['00000000-0000-4000-8000-000000000000', '签名图片不存在'],
    ]) {
      const res = await ins.send('jy_admin1', 'update', {
        ...base,
        version: kept.body.data.version,
        signatureFileId: fileId,
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
      expect(JSON.stringify(res.body)).toContain('signatureFileId');
    }
    expect(
      (await ins.send('jy_admin1', 'add', newInspector('TS-SIG-0002', { signatureFileId: theirs }))).status,
    ).toBe(400);
    // The inspector's organisation and its regulator read the image; another organisation does not.
    const read = (user: string) =>
      t.inject({
        method: 'GET',
        url: `${API_PREFIX}/getFileInfo?id=${sig}`,
        headers: { authorization: `Bearer ${ins.tokens[user]}` },
      });
    expect((await read('jy_admin1')).statusCode).toBe(200);
    expect((await read('jy_admin2')).statusCode).toBe(404);
    // '' clears it.
    const cleared = await ins.send<InspectorDetail>('jy_admin1', 'update', {
      ...base,
      version: kept.body.data.version,
      signatureFileId: '',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.signatureFileId).toBeNull();
  });

  it('refuses bad input with the fields named', async () => {
    const missing = await ins.send('jy_admin1', 'add', { name: '' });
    expect(missing.status).toBe(400);
    const fields = (missing.body.errors ?? []).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'certNo', 'category', 'validUntil']));
    const wrong = await ins.send('jy_admin1', 'add', {
      ...newInspector('TS-BAD-1'),
      idNumber: '450103199001011230',
      phone: '12345',
      category: 'XYZ',
      issueDate: '2031-01-01',
      validUntil: '2030-02-30',
    });
    expect(wrong.status).toBe(400);
    expect((wrong.body.errors ?? []).map((e) => e.field)).toEqual(
      expect.arrayContaining(['idNumber', 'phone', 'category', 'validUntil']),
    );
    const later = await ins.send('jy_admin1', 'add', {
      ...newInspector('TS-BAD-2'),
      issueDate: '2030-06-01',
      validUntil: '2030-01-01',
    });
    expect(later.status).toBe(400);
    expect(later.body.resultMsg).toContain('晚于发证日期');
    // An account of another company cannot be linked.
    const [wb] = rowsOf<{ id: number }>(
      await t.platform.db.execute(sql`select id from sys_user where username = 'wb_admin1'`),
    );
    const foreign = await ins.send('jy_admin1', 'add', { ...newInspector('TS-BAD-3'), userId: wb.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.[0].field).toBe('userId');
    expect((await ins.send('jy_admin1', 'get', { id: 'abc' })).status).toBe(400);
    expect((await ins.send('jy_admin1', 'get', { id: 99999999 })).status).toBe(404);
    expect((await ins.send('jy_admin1', 'delete', { ids: '' })).status).toBe(400);
  });

  it('keeps a certificate number to one live inspector and one account to one inspector', async () => {
    const taken = (await mine('jy_admin1'))[0];
    const dup = await ins.send('jy_admin1', 'add', newInspector(taken.certNo.toLowerCase()));
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toBe('该证书编号已登记，不能重复添加');
    // Another organisation cannot register it either: a certificate is one person's.
    expect((await ins.send('jy_admin2', 'add', newInspector(taken.certNo))).status).toBe(409);
    const linked = (await mine('jy_admin1')).find((r) => r.userId)!;
    const twice = await ins.send('jy_admin1', 'add', {
      ...newInspector('TS-DTY-TEST-0003'),
      userId: linked.userId,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.resultMsg).toBe('该账号已关联其他检验人员');
  });

  it('refuses writes of others: another organisation 404, a regulator or the platform 403', async () => {
    const target = (await mine('jy_admin1'))[1];
    const edit = { ...newInspector(target.certNo), id: target.id, version: target.version };
    const other = await ins.send('jy_admin2', 'update', edit);
    expect(other.status).toBe(404);
    expect(other.body.resultMsg).toBe('检验人员不存在或无权访问');
    expect((await ins.send('jy_admin2', 'get', { id: target.id })).status).toBe(404);
    expect((await ins.send('jy_admin2', 'delete', { ids: [target.id] })).status).toBe(404);
    expect((await ins.send('jg_qingxiu', 'get', { id: target.id })).status).toBe(200);
    expect((await ins.send('jg_qingxiu', 'update', edit)).status).toBe(403);
    expect((await ins.send('jg_qingxiu', 'add', newInspector('TS-DTY-TEST-0004'))).status).toBe(403);
    const platform = await ins.send('admin', 'add', newInspector('TS-DTY-TEST-0004'));
    expect(platform.status).toBe(403);
    expect(platform.body.resultMsg).toContain('只有检验机构本机构人员');
    // A stale version is refused.
    const stale = await ins.send('jy_admin1', 'update', {
      ...edit,
      name: target.name,
      version: target.version + 5,
    });
    expect(stale.status).toBe(409);
  });

  it('deletes an inspector: out of its department, the certificate number free again', async () => {
    const added = (await ins.send<InspectorDetail>('jy_admin1', 'add', newInspector('TS-DTY-TEST-0005'))).body
      .data;
    const del = await ins.send<{ deleted: number }>('jy_admin1', 'delete', { ids: [added.id] });
    expect(del.body.data.deleted).toBe(1);
    expect((await ins.send('jy_admin1', 'get', { id: added.id })).status).toBe(404);
    // Its pending case was withdrawn, not left waiting.
    const cases = (await ins.send<Page<InspectorAuditRow>>('jy_admin1', 'auditList', { state: 2 })).body.data;
    expect(cases.records.some((r) => r.inspectorId === added.id)).toBe(false);
    expect((await ins.send('jy_admin1', 'add', newInspector('TS-DTY-TEST-0005'))).status).toBe(200);
  });

  it('manages departments and distributes passed inspectors only, atomically', async () => {
    const add = await dep.send<DepartmentDetail>('jy_admin1', 'add', {
      name: '测试部',
      leader: '张工',
      phone: '0771-5888888',
      description: '测试',
    });
    expect(add.status, add.body.resultMsg).toBe(200);
    const d = add.body.data;
    const dup = await dep.send('jy_admin1', 'add', { name: '测试部' });
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toBe('本机构已有名为「测试部」的部门');
    // Another organisation may use the same name.
    const jy2 = await dep.send<DepartmentDetail>('jy_admin2', 'add', { name: '测试部' });
    expect(jy2.status).toBe(200);
    expect((await dep.send('jy_admin1', 'add', { name: '', phone: '123' })).status).toBe(400);
    expect((await dep.send('jy_admin2', 'get', { id: d.id })).status).toBe(404);
    expect((await dep.send('jg_qingxiu', 'get', { id: d.id })).status).toBe(200);
    expect((await dep.send('jg_qingxiu', 'update', { id: d.id, version: d.version, name: 'x' })).status).toBe(
      403,
    );
    expect((await dep.send('jy_admin2', 'update', { id: d.id, version: d.version, name: 'x' })).status).toBe(
      404,
    );
    const renamed = await dep.send<DepartmentDetail>('jy_admin1', 'update', {
      id: d.id,
      version: d.version,
      name: '测试二部',
      phone: d.phone,
    });
    expect(renamed.status, renamed.body.resultMsg).toBe(200);
    expect(renamed.body.data.phone).toBe('0771-5888888');
    expect((await dep.send('jy_admin1', 'update', { id: d.id, version: d.version, name: 'y' })).status).toBe(
      409,
    );
    expect(
      (await dep.send('jy_admin1', 'update', { id: d.id, version: d.version + 1, name: '电梯检验一部' }))
        .status,
    ).toBe(409);

    const people = await mine('jy_admin1');
    const pending = people.find((r) => r.auditState === 2)!;
    const passed = people.filter((r) => r.auditState === 3).slice(0, 2);
    const otherOrg = (await mine('jy_admin2'))[0];
    // One that is not passed refuses the whole distribution.
    const refused = await dep.send('jy_admin1', 'distribution', {
      departmentId: d.id,
      inspectorIds: [passed[0].id, pending.id],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toContain('审核通过');
    const foreign = await dep.send('jy_admin1', 'distribution', {
      departmentId: d.id,
      inspectorIds: [passed[0].id, otherOrg.id],
    });
    expect(foreign.status).toBe(404);
    expect((await dep.send<DepartmentDetail>('jy_admin1', 'get', { id: d.id })).body.data.inspectors).toEqual(
      [],
    );
    expect(
      (await dep.send('jy_admin2', 'distribution', { departmentId: d.id, inspectorIds: [otherOrg.id] }))
        .status,
    ).toBe(404);
    expect(
      (await dep.send('jg_qingxiu', 'distribution', { departmentId: d.id, inspectorIds: [passed[0].id] }))
        .status,
    ).toBe(403);
    expect(
      (await dep.send('jy_admin1', 'distribution', { departmentId: d.id, inspectorIds: [] })).status,
    ).toBe(400);
    const ok = await dep.send<DepartmentDetail>('jy_admin1', 'distribution', {
      departmentId: d.id,
      inspectorIds: passed.map((p) => p.id),
    });
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect(ok.body.data.inspectorCount).toBe(2);
    expect(ok.body.data.inspectors.map((i) => i.id).sort()).toEqual(passed.map((p) => p.id).sort());
    const inDep = (await ins.send<InspectorRow[]>('jy_admin1', 'list', { departmentId: d.id })).body.data;
    expect(inDep).toHaveLength(2);

    // A department with inspectors is not deleted.
    const del = await dep.send('jy_admin1', 'delete', { ids: [d.id] });
    expect(del.status).toBe(409);
    expect(del.body.resultMsg).toContain('还有 2 名检验人员');
    const notIn = await dep.send('jy_admin1', 'remove', {
      departmentId: d.id,
      inspectorIds: [people.find((r) => r.auditState === 3 && !passed.includes(r))!.id],
    });
    expect(notIn.status).toBe(400);
    expect(
      (await dep.send('jy_admin2', 'remove', { departmentId: d.id, inspectorIds: [passed[0].id] })).status,
    ).toBe(404);
    const out = await dep.send<DepartmentDetail>('jy_admin1', 'remove', {
      departmentId: d.id,
      inspectorIds: passed.map((p) => p.id),
    });
    expect(out.status).toBe(200);
    expect(out.body.data.inspectors).toEqual([]);
    expect((await dep.send('jy_admin2', 'delete', { ids: [d.id] })).status).toBe(404);
    expect((await dep.send('jg_qingxiu', 'delete', { ids: [d.id] })).status).toBe(403);
    const gone = await dep.send<{ deleted: number }>('jy_admin1', 'delete', { ids: [d.id] });
    expect(gone.body.data.deleted).toBe(1);
    expect((await dep.send('jy_admin1', 'get', { id: d.id })).status).toBe(404);
  });
});
