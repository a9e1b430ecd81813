import type {
  BuildingCompanyDetail,
  CompanyAuditRow,
  CompanyBrief,
  InspectionOrgDetail,
  MaintenanceUnitDetail,
  MaintenanceUnitRow,
  MenuEntry,
  MyFiling,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/platform/seed/demo.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import {
  buildingFields,
  fileMaintenanceCompany,
  maintenanceFields,
  newCreditCode,
  newIdNumber,
  registerAndLogin,
  uploadPng,
} from './parties-support.ts';

type Page<T> = { records: T[]; total: number; page: number; limit: number };

const menuUrls = (menus: MenuEntry[]): string[] => menus.flatMap((m) => [m.url, ...menuUrls(m.childTree)]);

describe.each(dbKinds)('maintenance units, use units and their filings on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development' });
    for (const u of ['admin', 'jg_qingxiu', 'wb_admin1', 'wb_admin2', 'sy_admin1', 'jy_admin1', 'wb_staff1'])
      tokens[u] = await t.login(u);
  });
  afterAll(() => t.close());

  const filing = (token: string) => t.api<MyFiling>('GET', '/pc/filing/current', { token });
  const status = (token: string) =>
    t.api<{ needIntercept: boolean; filingState: number }>('GET', '/pc/sysUser/filingStatus', { token });

  it('takes a registered maintenance company from filing to a full menu (flows 1–2)', async () => {
    const { token, phone } = await registerAndLogin(t, 'maintenance', '新公司管理员');
    expect((await status(token)).body.data).toEqual({ needIntercept: true, filingState: 1 });
    // Asking to register the same phone again answers like any phone (no 已注册 for a stranger to
    // read): limited to one code a minute. Only the phone's holder is told, by SMS (auth.test.ts).
    const twice = await t.api('GET', '/common/sendSms', { query: { phone, type: 'register' } });
    expect(twice.status).toBe(429);
    expect(twice.body.resultMsg).not.toContain('已注册');
    const mine = (await filing(token)).body.data;
    expect(mine).toMatchObject({ kind: 'maintenance-unit', page: '/initialFiling', state: 1, company: null });

    // The credit code's check character is verified, and a code in use is refused by name.
    const scan = await uploadPng(t, token, '许可证.png');
    const badCode = await t.api('POST', '/pc/maintenance/save', {
      token,
      body: maintenanceFields(scan, { creditCode: '91450103MA5KAT0014' }),
    });
    expect(badCode.status).toBe(400);
    expect(badCode.body.errors?.[0].field).toBe('creditCode');
    const taken = await t.api('POST', '/pc/maintenance/save', {
      token,
      body: maintenanceFields(scan, { creditCode: '91450103MA5KAT0013' }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.resultMsg).toContain('南宁安顺电梯维保有限公司');
    // A file someone else uploaded cannot be attached.
    const foreignScan = await uploadPng(t, tokens.wb_admin2);
    expect(
      (await t.api('POST', '/pc/maintenance/save', { token, body: maintenanceFields(foreignScan) })).status,
    ).toBe(400);

    const fields = maintenanceFields(scan, { contactPhone: phone });
    const saved = await t.api<MaintenanceUnitDetail>('POST', '/pc/maintenance/save', { token, body: fields });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: fields.name, filingState: 2, contactPhone: phone });
    expect(saved.body.data.licenceFile?.fileName).toBe('许可证.png');
    expect((await status(token)).body.data).toEqual({ needIntercept: true, filingState: 2 });
    // Filing twice is refused; so is a change while it waits.
    expect((await t.api('POST', '/pc/maintenance/save', { token, body: fields })).status).toBe(409);
    const whilePending = await t.api('POST', '/pc/maintenance/update', {
      token,
      body: { ...fields, id: saved.body.data.id },
    });
    expect(whilePending.status).toBe(409);

    // The regulator of the area finds it in the audit list and opens the scans.
    const list = await t.api<Page<CompanyAuditRow>>('GET', '/pc/maintenance/queryAuditList', {
      token: tokens.jg_qingxiu,
    });
    const row = list.body.data.records.find((r) => r.companyId === saved.body.data.id)!;
    expect(row).toMatchObject({ state: 2, name: fields.name, submitterName: '新公司管理员' });
    const detail = await t.api<{ audit: CompanyAuditRow; company: MaintenanceUnitDetail }>(
      'GET',
      `/pc/maintenanceAudit/getAuditDetail/${row.auditId}`,
      { token: tokens.jg_qingxiu },
    );
    expect(detail.body.data.company.licenceFile?.id).toBe(scan);
    expect(detail.body.data.company.contactPhone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(detail.body.data.company.history.map((h) => h.action)).toEqual(['submit']);
    // Companies cannot review (no permission), nor can a regulator of another area see it.
    expect(
      (
        await t.api('POST', '/pc/maintenance/auditPass', {
          token: tokens.wb_admin1,
          body: { auditId: row.auditId },
        })
      ).status,
    ).toBe(403);

    // Rejected with a reason: the company sees it, corrects and resubmits.
    const rejected = await t.api<CompanyAuditRow>('POST', '/pc/maintenance/auditReject', {
      token: tokens.jg_qingxiu,
      body: { auditId: row.auditId, auditDescription: '许可证已过期，请上传新证', version: row.version },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      state: 4,
      auditState: 0,
      deciderName: DEMO_USERS.find((d) => d.username === 'jg_qingxiu')?.realName,
    });
    expect((await status(token)).body.data).toEqual({ needIntercept: true, filingState: 4 });
    expect((await filing(token)).body.data.auditDescription).toBe('许可证已过期，请上传新证');
    const again = await t.api('POST', '/pc/maintenance/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: row.auditId },
    });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toContain('不能重复审核');

    const resubmitted = await t.api<MaintenanceUnitDetail>('POST', '/pc/maintenance/update', {
      token,
      body: { ...fields, id: saved.body.data.id, licenceExpiry: '2030-06-30', version: 0 },
    });
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body.data).toMatchObject({ filingState: 2, licenceExpiry: '2030-06-30' });
    // A decision on the screen seen before the resubmission is stale.
    const stale = await t.api('POST', '/pc/maintenance/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: row.auditId, version: row.version },
    });
    expect(stale.status).toBe(409);
    const current = resubmitted.body.data.auditVersion!;
    const passed = await t.api<CompanyAuditRow>('POST', '/pc/maintenance/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: row.auditId, version: current, auditDescription: '同意' },
    });
    expect(passed.body.data).toMatchObject({ state: 3, auditState: 1 });
    expect(
      (
        await t.api('POST', '/pc/maintenance/auditPass', {
          token: tokens.jg_qingxiu,
          body: { auditId: row.auditId },
        })
      ).status,
    ).toBe(409);

    // Signed in again, the company has its full menu and no interception.
    const fresh = await t.login(phone, 'Test@2026');
    expect((await status(fresh)).body.data).toEqual({ needIntercept: false, filingState: 3 });
    const menus = await t.api<MenuEntry[]>('GET', '/pc/sysMenu/getMenuList', { token: fresh });
    expect(menuUrls(menus.body.data)).toContain('/basicInformation/maintenancePersonnel');
    const info = await t.api<{ companyName: string }>('GET', '/pc/sysUser/getUserInfo', { token: fresh });
    expect(info.body.data.companyName).toBe(fields.name);
    const history = (await filing(fresh)).body.data.history.map((h) => h.action);
    expect(history).toEqual(['submit', 'reject', 'submit', 'pass']);

    // A filed company changes its contacts itself, but not its name or licence.
    const contact = await t.api<MaintenanceUnitDetail>('POST', '/pc/maintenance/update', {
      token: fresh,
      body: { ...fields, licenceExpiry: '2030-06-30', id: saved.body.data.id, contactName: '新联系人' },
    });
    expect(contact.status).toBe(200);
    expect(contact.body.data).toMatchObject({ contactName: '新联系人', filingState: 3 });
    const rename = await t.api('POST', '/pc/maintenance/update', {
      token: fresh,
      body: { ...fields, licenceExpiry: '2030-06-30', id: saved.body.data.id, name: '改名公司' },
    });
    expect(rename.status).toBe(409);
    expect(rename.body.resultMsg).toContain('联系监管部门');
  });

  it('keeps audit lists inside the regulator area and refuses another area', async () => {
    const { token } = await registerAndLogin(t, 'maintenance');
    const scan = await uploadPng(t, token);
    const saved = await t.api<MaintenanceUnitDetail>('POST', '/pc/maintenance/save', {
      token,
      body: maintenanceFields(scan, { areaCode: '450105' }),
    });
    expect(saved.status).toBe(200);
    const auditId = saved.body.data.auditId!;
    const qingxiu = await t.api<Page<CompanyAuditRow>>('GET', '/pc/maintenance/queryAuditList', {
      token: tokens.jg_qingxiu,
      query: { limit: 500 },
    });
    expect(qingxiu.body.data.records.some((r) => r.auditId === auditId)).toBe(false);
    expect(qingxiu.body.data.records.every((r) => r.areaCode === '450103')).toBe(true);
    expect(
      (await t.api('GET', `/pc/maintenanceAudit/getAuditDetail/${auditId}`, { token: tokens.jg_qingxiu }))
        .status,
    ).toBe(404);
    expect(
      (await t.api('POST', '/pc/maintenance/auditPass', { token: tokens.jg_qingxiu, body: { auditId } }))
        .status,
    ).toBe(404);
    // The platform decides it; every state shows in maintenanceAudit/query, pending ones only in queryAuditList.
    expect(
      (await t.api('POST', '/pc/maintenance/auditPass', { token: tokens.admin, body: { auditId } })).status,
    ).toBe(200);
    const waiting = await fileMaintenanceCompany(t, '450105');
    const refused = await fileMaintenanceCompany(t, '450105');
    await t.api('POST', '/pc/maintenance/auditReject', {
      token: tokens.admin,
      body: { auditId: refused.auditId },
    });
    const all = await t.api<Page<CompanyAuditRow>>('GET', '/pc/maintenanceAudit/query', {
      token: tokens.admin,
      query: { limit: 500 },
    });
    expect(new Set(all.body.data.records.map((r) => r.state))).toEqual(new Set([2, 3, 4]));
    expect(all.body.data.records.find((r) => r.auditId === waiting.auditId)?.state).toBe(2);
    const pending = await t.api<Page<CompanyAuditRow>>('GET', '/pc/maintenance/queryAuditList', {
      token: tokens.admin,
    });
    expect(pending.body.data.records.every((r) => r.state === 2)).toBe(true);
    // Audit records are deletable once decided, never while pending.
    const pendingId = pending.body.data.records[0].auditId;
    expect(
      (
        await t.api('DELETE', '/pc/maintenanceAudit/delete', {
          token: tokens.admin,
          query: { ids: pendingId },
        })
      ).status,
    ).toBe(409);
    const removed = await t.api<{ deleted: number }>('DELETE', '/pc/maintenanceAudit/delete', {
      token: tokens.admin,
      query: { ids: String(auditId) },
    });
    expect(removed.body.data.deleted).toBe(1);
    const after = await t.api<Page<CompanyAuditRow>>('GET', '/pc/maintenanceAudit/query', {
      token: tokens.admin,
      query: { limit: 500 },
    });
    expect(after.body.data.records.some((r) => r.auditId === auditId)).toBe(false);
    // The company keeps its filing state after its audit record is removed.
    expect((await status(token)).body.data.filingState).toBe(3);
  });

  it('lists maintenance units in scope with masked phones and serves the detail calls', async () => {
    const own = await t.api<Page<MaintenanceUnitRow>>('GET', '/pc/maintenance/query', {
      token: tokens.wb_admin1,
    });
    expect(own.body.data.records.map((r) => r.id)).toEqual([1]);
    const self = await t.api<{ type: string; info: MaintenanceUnitDetail }>(
      'GET',
      '/pc/maintenance/queryDetail/info',
      {
        token: tokens.wb_admin1,
        query: { id: 1 },
      },
    );
    // A company sees its own phone in full.
    expect(self.status).toBe(200);
    expect(self.body.data.info).toMatchObject({
      name: '南宁安顺电梯维保有限公司',
      licenceGrade: 'A',
      filingState: 3,
    });
    expect(self.body.data.info.contactPhone).not.toContain('*');
    expect(
      (await t.api('GET', '/pc/maintenance/queryDetail/info', { token: tokens.wb_admin1, query: { id: 2 } }))
        .status,
    ).toBe(404);

    const regulator = await t.api<Page<MaintenanceUnitRow>>('GET', '/pc/maintenance/query', {
      token: tokens.jg_qingxiu,
      query: { limit: 500 },
    });
    expect(regulator.body.data.records.length).toBeGreaterThan(0);
    expect(regulator.body.data.records.every((r) => r.areaCode === '450103')).toBe(true);
    expect(regulator.body.data.records.every((r) => !r.contactPhone || r.contactPhone.includes('*'))).toBe(
      true,
    );
    const wb1 = regulator.body.data.records.find((r) => r.id === 1)!;
    expect(wb1.staffCount).toBe(5);
    expect(wb1.elevatorCount).toBeGreaterThan(0);
    const refused = await fileMaintenanceCompany(t);
    await t.api('POST', '/pc/maintenance/auditReject', {
      token: tokens.admin,
      body: { auditId: refused.auditId },
    });
    const filtered = await t.api<Page<MaintenanceUnitRow>>('GET', '/pc/maintenance/query', {
      token: tokens.admin,
      query: { filingState: 4 },
    });
    expect(filtered.body.data.records.map((r) => r.name)).toContain(refused.fields.name);
    expect(filtered.body.data.records.every((r) => r.filingState === 4)).toBe(true);
    // One masking policy: the administrator sees other companies' phones masked too.
    expect(
      (await t.api<Page<MaintenanceUnitRow>>('GET', '/pc/maintenance/query', { token: tokens.admin })).body
        .data.records[0].contactPhone,
    ).toContain('*');

    const users = await t.api<Page<{ realName: string; certStatus: string }>>(
      'GET',
      '/pc/maintenance/queryDetail/userInfo',
      {
        token: tokens.jg_qingxiu,
        query: { id: 1, employed: true, filingState: 3 },
      },
    );
    expect(users.body.data.total).toBe(5);
    expect(users.body.data.records.filter((r) => r.certStatus === 'expired')).toHaveLength(1);
    const cert = await t.api<{ licenceNo: string; staffCerts: { total: number; expired: number } }>(
      'GET',
      '/pc/maintenance/certInfo',
      { token: tokens.jg_qingxiu, query: { id: 1 } },
    );
    expect(cert.body.data).toMatchObject({
      licenceNo: 'TS3345001-2027',
      staffCerts: { total: 5, expired: 1 },
    });
    for (const type of ['history', 'contracts', 'stats']) {
      const res = await t.api<Record<string, unknown>>('GET', `/pc/maintenance/queryDetail/${type}`, {
        token: tokens.admin,
        query: { id: 1 },
      });
      expect(res.status, type).toBe(200);
      expect(res.body.data[type], type).toBeTruthy();
    }
    expect(
      (
        await t.api('GET', '/pc/maintenance/queryDetail/everything', {
          token: tokens.admin,
          query: { id: 1 },
        })
      ).status,
    ).toBe(400);
    const lifts = await t.api<Page<{ maintenanceCompanyId: number }>>(
      'GET',
      '/pc/maintenance/elevator/queryList',
      {
        token: tokens.admin,
        query: { id: 1, limit: 500 },
      },
    );
    expect(lifts.body.data.total).toBeGreaterThan(0);
    expect(lifts.body.data.records.every((r) => r.maintenanceCompanyId === 1)).toBe(true);
  });

  it('looks companies up by credit code or name and lists the filed ones for pickers', async () => {
    const token = tokens.wb_staff1;
    const byCode = await t.api<CompanyBrief[]>('GET', '/pc/maintenance/creditCodeAndName', {
      token,
      query: { creditCode: '91450103MA5KAT0013' },
    });
    expect(byCode.body.data).toHaveLength(1);
    expect(byCode.body.data[0]).toMatchObject({ name: '南宁安顺电梯维保有限公司', kind: 'maintenance' });
    const byName = await t.api<CompanyBrief[]>('GET', '/pc/maintenance/creditCodeAndName', {
      token,
      query: { name: '物业' },
    });
    expect(byName.body.data.every((c) => c.name.includes('物业'))).toBe(true);
    expect(
      (await t.api('GET', '/pc/maintenance/creditCodeAndName', { token, query: { name: 'x' } })).status,
    ).toBe(400);
    const simple = await t.api<CompanyBrief[]>('GET', '/pc/maintenance/querySimple', {
      token,
      query: { keyword: '通达' },
    });
    expect(simple.body.data.map((c) => c.name)).toEqual(['广西通达电梯工程有限公司']);
    const waiting = await fileMaintenanceCompany(t);
    const all = await t.api<CompanyBrief[]>('GET', '/pc/maintenance/selectAllSimpleMaintenanceList', {
      token,
    });
    expect(all.body.data.every((c) => c.filingState === 3 && c.kind === 'maintenance')).toBe(true);
    expect(all.body.data.map((c) => c.id)).not.toContain(waiting.id);
    const uses = await t.api<CompanyBrief[]>('GET', '/pc/buildingCompany/selectAll', { token });
    expect(uses.body.data.map((c) => c.name).sort()).toEqual(
      ['南宁江南华悦物业管理有限公司', '南宁青秀万象物业服务有限公司'].sort(),
    );
  });

  it('lets a regulator add a unit of its own area (filed at once) and delete units nothing refers to', async () => {
    const scan = await uploadPng(t, tokens.jg_qingxiu);
    const outside = await t.api('POST', '/pc/maintenance/save', {
      token: tokens.jg_qingxiu,
      body: maintenanceFields(scan, { areaCode: '450105' }),
    });
    expect(outside.status).toBe(403);
    const added = await t.api<MaintenanceUnitDetail>('POST', '/pc/maintenance/save', {
      token: tokens.jg_qingxiu,
      body: maintenanceFields(scan),
    });
    expect(added.status).toBe(200);
    expect(added.body.data.filingState).toBe(3);
    expect(added.body.data.history.map((h) => h.action)).toEqual(['submit', 'pass']);
    // A use unit cannot add maintenance units.
    expect(
      (
        await t.api('POST', '/pc/maintenance/save', {
          token: tokens.sy_admin1,
          body: maintenanceFields(scan),
        })
      ).status,
    ).toBe(403);
    // The regulator edits anything of it without a new audit.
    const renamed = await t.api<MaintenanceUnitDetail>('POST', '/pc/maintenance/update', {
      token: tokens.jg_qingxiu,
      body: {
        ...maintenanceFields(scan),
        id: added.body.data.id,
        name: '监管改名维保公司',
        version: added.body.data.version,
      },
    });
    expect(renamed.body.data).toMatchObject({ name: '监管改名维保公司', filingState: 3 });
    const staleEdit = await t.api('POST', '/pc/maintenance/update', {
      token: tokens.jg_qingxiu,
      body: { ...maintenanceFields(scan), id: added.body.data.id, version: 0 },
    });
    expect(staleEdit.status).toBe(409);

    const inUse = await t.api('DELETE', '/pc/maintenance/delete', {
      token: tokens.admin,
      query: { ids: '1' },
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body.resultMsg).toContain('南宁安顺电梯维保有限公司');
    const gone = await t.api<{ deleted: number }>('DELETE', '/pc/maintenance/delete', {
      token: tokens.jg_qingxiu,
      query: { ids: String(added.body.data.id) },
    });
    expect(gone.body.data.deleted).toBe(1);
    expect(
      (
        await t.api('GET', '/pc/maintenance/queryDetail/info', {
          token: tokens.admin,
          query: { id: added.body.data.id },
        })
      ).status,
    ).toBe(404);
  });

  it('files a use unit, rejects it through auditCompany and passes the correction', async () => {
    const { token } = await registerAndLogin(t, 'use_unit', '物业管理员');
    const mine = (await filing(token)).body.data;
    expect(mine).toMatchObject({ kind: 'building-company', page: '/initialFiling/initialFiling' });
    const fields = buildingFields();
    const saved = await t.api<BuildingCompanyDetail>('POST', '/pc/buildingCompany/save', {
      token,
      body: fields,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      filingState: 2,
      unitType: 'property',
      unitTypeLabel: '物业服务企业',
    });
    const auditId = saved.body.data.auditId!;
    const listed = await t.api<Page<CompanyAuditRow>>('GET', '/pc/buildingCompanyAudit/queryList', {
      token: tokens.jg_qingxiu,
      query: { state: 2 },
    });
    expect(listed.body.data.records.map((r) => r.auditId)).toContain(auditId);
    const detail = await t.api<{ company: BuildingCompanyDetail }>(
      'GET',
      `/pc/buildingCompanyAudit/detail/${auditId}`,
      {
        token: tokens.jg_qingxiu,
      },
    );
    expect(detail.body.data.company.safetyDirectorPhone).toContain('****');

    const rejected = await t.api<CompanyAuditRow>('POST', '/pc/buildingCompany/auditCompany', {
      token: tokens.jg_qingxiu,
      body: { auditId, pass: false, auditDescription: '缺少营业执照' },
    });
    expect(rejected.body.data.state).toBe(4);
    expect((await status(token)).body.data).toEqual({ needIntercept: true, filingState: 4 });
    const licence = await uploadPng(t, token, '营业执照.png');
    const fixed = await t.api<BuildingCompanyDetail>('POST', '/pc/buildingCompany/update', {
      token,
      body: { ...fields, id: saved.body.data.id, businessLicenceFileId: licence },
    });
    expect(fixed.body.data).toMatchObject({
      filingState: 2,
      businessLicenceFile: { fileName: '营业执照.png' },
    });
    const passed = await t.api<CompanyAuditRow>('POST', '/pc/buildingCompanyAudit/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId },
    });
    expect(passed.body.data.state).toBe(3);
    expect(
      (
        await t.api('POST', '/pc/buildingCompany/auditCompany', {
          token: tokens.jg_qingxiu,
          body: { auditId, pass: true },
        })
      ).status,
    ).toBe(409);
    expect((await status(token)).body.data).toEqual({ needIntercept: false, filingState: 3 });
    expect(
      (
        await t.api('POST', '/pc/buildingCompanyAudit/auditReject', {
          token: tokens.jg_qingxiu,
          body: { auditId },
        })
      ).status,
    ).toBe(409);
    const removed = await t.api<{ deleted: number }>('DELETE', '/pc/buildingCompanyAudit/delete', {
      token: tokens.jg_qingxiu,
      query: { ids: String(auditId) },
    });
    expect(removed.body.data.deleted).toBe(1);

    // The list, the detail and the statistics of use units, each in scope.
    const own = await t.api<BuildingCompanyDetail>('POST', '/pc/buildingCompany/companyDetail', {
      token: tokens.sy_admin1,
      body: { id: 3 },
    });
    expect(own.body.data).toMatchObject({ name: '南宁青秀万象物业服务有限公司', officerCount: 2 });
    expect(own.body.data.safetyDirectorPhone).not.toContain('*');
    expect(
      (await t.api('POST', '/pc/buildingCompany/companyDetail', { token: tokens.sy_admin1, body: { id: 4 } }))
        .status,
    ).toBe(404);
    const list = await t.api<Page<{ areaCode: string }>>('GET', '/pc/buildingCompany/queryList', {
      token: tokens.jg_qingxiu,
    });
    expect(list.body.data.records.every((r) => r.areaCode === '450103')).toBe(true);
    const stats = await t.api<{
      total: number;
      officerCount: number;
      byState: { state: number; count: number }[];
    }>('GET', '/pc/buildingCompany/buildingCompanyStatistics', { token: tokens.admin });
    expect(stats.body.data.total).toBeGreaterThanOrEqual(3);
    expect(stats.body.data.officerCount).toBe(4);
    expect(stats.body.data.byState.find((s) => s.state === 3)?.count).toBeGreaterThanOrEqual(3);
    expect(stats.body.data.byState.reduce((n, s) => n + s.count, 0)).toBe(stats.body.data.total);
  });

  it('binds an account to a filed company by credit code and name, audited like a person filing', async () => {
    const { token } = await registerAndLogin(t, 'use_unit', '绑定申请人');
    const idNumber = newIdNumber();
    const unknown = await t.api('POST', '/pc/filing/bindCompany', {
      token,
      body: { creditCode: newCreditCode(), name: '不存在的公司', idNumber },
    });
    expect(unknown.status).toBe(404);
    const wrongKind = await t.api('POST', '/pc/filing/bindCompany', {
      token,
      body: { creditCode: '91450103MA5KAT0013', name: '南宁安顺电梯维保有限公司', idNumber },
    });
    expect(wrongKind.status).toBe(409);
    const wrongName = await t.api('POST', '/pc/filing/bindCompany', {
      token,
      body: { creditCode: '91450103MA5KWX003A', name: '别的名字', idNumber },
    });
    expect(wrongName.status).toBe(409);
    const { token: otherToken } = await registerAndLogin(t, 'use_unit');
    const waiting = buildingFields();
    await t.api('POST', '/pc/buildingCompany/save', { token: otherToken, body: waiting });
    const pendingCompany = await t.api('POST', '/pc/filing/bindCompany', {
      token,
      body: { creditCode: waiting.creditCode, name: waiting.name, idNumber },
    });
    expect(pendingCompany.status).toBe(409);
    const bound = await t.api<MyFiling>('POST', '/pc/filing/bindCompany', {
      token,
      body: {
        creditCode: '91450103MA5KWX003A',
        name: '南宁青秀万象物业服务有限公司',
        idNumber,
        position: '经理',
      },
    });
    expect(bound.status).toBe(200);
    expect(bound.body.data).toMatchObject({ kind: 'building-company-user', state: 2, needIntercept: true });
    // A stranger trying the same ID number learns it is taken, never whose it is.
    const { token: prober } = await registerAndLogin(t, 'use_unit');
    const probed = await t.api('POST', '/pc/filing/bindCompany', {
      token: prober,
      body: { creditCode: '91450103MA5KWX003A', name: '南宁青秀万象物业服务有限公司', idNumber },
    });
    expect(probed.status).toBe(409);
    expect(probed.body.resultMsg).toBe(
      `身份证号 ${idNumber.slice(0, 6)}****${idNumber.slice(-4)} 已被其他人员备案`,
    );
    expect(probed.body.resultMsg).not.toContain('绑定申请人');
    expect(bound.body.data.person?.idNumber).toBe(idNumber);
    expect((await status(token)).body.data).toEqual({ needIntercept: true, filingState: 2 });
    expect(
      (
        await t.api('POST', '/pc/filing/bindCompany', {
          token,
          body: { creditCode: '91450103MA5KWX003A', name: '南宁青秀万象物业服务有限公司', idNumber },
        })
      ).status,
    ).toBe(409);
    // Until it passes, the account is no member of the company.
    expect(
      (await t.api('POST', '/pc/buildingCompany/companyDetail', { token, body: { id: 3 } })).status,
    ).not.toBe(200);

    const cases = await t.api<Page<{ auditId: number; userId: number }>>(
      'GET',
      '/pc/buildingCompanyUserAudit/queryList',
      {
        token: tokens.jg_qingxiu,
        query: { state: 2 },
      },
    );
    const auditId = cases.body.data.records.find((r) => r.userId === bound.body.data.person!.id)!.auditId;
    const passed = await t.api('POST', '/pc/buildingCompanyUserAudit/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId },
    });
    expect(passed.status).toBe(200);
    expect((await status(token)).body.data).toEqual({ needIntercept: false, filingState: 3 });
    const info = await t.api<{ companyName: string }>('GET', '/pc/sysUser/getUserInfo', { token });
    expect(info.body.data.companyName).toBe('南宁青秀万象物业服务有限公司');
    expect(
      (
        await t.api<BuildingCompanyDetail>('POST', '/pc/buildingCompany/companyDetail', {
          token,
          body: { id: 3 },
        })
      ).status,
    ).toBe(200);
  });

  it('binds inspection organisations through their own filing, audited by the platform only', async () => {
    const { token } = await registerAndLogin(t, 'inspection', '检验机构管理员');
    expect((await filing(token)).body.data).toMatchObject({
      kind: 'inspection-org',
      page: '/initialFiling/mechanism',
    });
    const approval = await uploadPng(t, token, '核准证.png');
    const fields = {
      ...buildingFields(),
      name: '南宁测试检验检测有限公司',
      approvalNo: 'TS7110999-2029',
      approvalExpiry: '2029-01-01',
      approvalFileId: approval,
    };
    const saved = await t.api<InspectionOrgDetail>(
      'POST',
      '/inspection/tbInspectionOrganization/submitAudit',
      {
        token,
        body: fields,
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ filingState: 2, approvalFile: { fileName: '核准证.png' } });
    const auditId = saved.body.data.auditId!;
    // The organisation's own admin holds the audit button of its pages but is no reviewer.
    expect(
      (
        await t.api('PUT', '/inspection/tbInspectionOrganization/auditPass', {
          token: tokens.jy_admin1,
          body: { auditId },
        })
      ).status,
    ).toBe(403);
    const rejected = await t.api<CompanyAuditRow>('PUT', '/inspection/tbInspectionOrganization/auditReject', {
      token: tokens.admin,
      body: { auditId, auditDescription: '核准证编号有误' },
    });
    expect(rejected.body.data.state).toBe(4);
    const fixed = await t.api<InspectionOrgDetail>(
      'POST',
      '/inspection/tbInspectionOrganization/updateAudit',
      {
        token,
        body: { ...fields, id: saved.body.data.id, approvalNo: 'TS7110998-2029' },
      },
    );
    expect(fixed.body.data.filingState).toBe(2);
    const list = await t.api<Page<CompanyAuditRow>>(
      'GET',
      '/inspection/tbInspectionOrganizationAudit/query',
      {
        token: tokens.admin,
        query: { state: 2 },
      },
    );
    expect(list.body.data.records.map((r) => r.auditId)).toContain(auditId);
    const detail = await t.api<{ company: InspectionOrgDetail }>(
      'GET',
      `/inspection/tbInspectionOrganizationAudit/get/${auditId}`,
      { token: tokens.admin },
    );
    expect(detail.body.data.company.approvalNo).toBe('TS7110998-2029');
    expect(
      (
        await t.api('PUT', '/inspection/tbInspectionOrganization/auditPass', {
          token: tokens.admin,
          body: { auditId },
        })
      ).status,
    ).toBe(200);
    expect((await status(token)).body.data).toEqual({ needIntercept: false, filingState: 3 });
  });

  it('binds an inspector account to an existing inspection organisation, audited on the organisation-audit page', async () => {
    const { token } = await registerAndLogin(t, 'inspection', '检验员小李');
    const approval = await uploadPng(t, token, '核准证.png');
    // jy_admin1's organisation is on the platform: filing it again is refused, naming it.
    const existing = (
      await t.api<CompanyBrief[]>('GET', '/pc/maintenance/creditCodeAndName', {
        token,
        query: { name: '检验' },
      })
    ).body.data.find((c) => c.kind === 'inspection' && c.filingState === 3)!;
    expect(existing).toBeDefined();
    const duplicate = await t.api('POST', '/inspection/tbInspectionOrganization/submitAudit', {
      token,
      body: {
        ...buildingFields(),
        name: existing.name,
        creditCode: existing.creditCode,
        approvalNo: 'TS7110997-2029',
        approvalExpiry: '2029-01-01',
        approvalFileId: approval,
      },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.resultMsg).toContain(`已被「${existing.name}」使用`);

    // An organisation whose own filing waits is not joined yet.
    const { token: newcomer } = await registerAndLogin(t, 'inspection');
    const waiting = {
      ...buildingFields(),
      name: '南宁待审检验有限公司',
      approvalNo: 'TS7110996-2029',
      approvalExpiry: '2029-01-01',
      approvalFileId: await uploadPng(t, newcomer),
    };
    await t.api('POST', '/inspection/tbInspectionOrganization/submitAudit', {
      token: newcomer,
      body: waiting,
    });
    const idNumber = newIdNumber();
    const early = await t.api('POST', '/pc/filing/bindCompany', {
      token,
      body: { creditCode: waiting.creditCode, name: waiting.name, idNumber },
    });
    expect(early.status).toBe(409);
    expect(early.body.resultMsg).toContain('备案尚未通过');

    const bound = await t.api<MyFiling>('POST', '/pc/filing/bindCompany', {
      token,
      body: { creditCode: existing.creditCode, name: existing.name, idNumber, position: '检验员' },
    });
    expect(bound.status, bound.body.resultMsg).toBe(200);
    expect(bound.body.data).toMatchObject({
      kind: 'inspection-org-user',
      page: '/initialFiling/mechanism',
      state: 2,
      needIntercept: true,
    });
    expect(bound.body.data.person).toMatchObject({ companyName: existing.name, role: 'admin' });
    // Until it passes the account is held on the filing page, and sees no organisation page.
    expect((await status(token)).body.data).toEqual({ needIntercept: true, filingState: 2 });

    // The regulator of the area holds no organisation audit; the platform decides.
    const asRegulator = await t.api('GET', '/inspection/tbInspectionOrganizationUserAudit/query', {
      token: tokens.jg_qingxiu,
    });
    expect(asRegulator.status).toBe(403);
    const cases = await t.api<Page<{ auditId: number; userId: number; version: number }>>(
      'GET',
      '/inspection/tbInspectionOrganizationUserAudit/query',
      { token: tokens.admin, query: { state: 2 } },
    );
    const row = cases.body.data.records.find((r) => r.userId === bound.body.data.person!.id)!;
    const detail = await t.api<{ person: { realName: string; companyName: string; history: unknown[] } }>(
      'GET',
      `/inspection/tbInspectionOrganizationUserAudit/get/${row.auditId}`,
      { token: tokens.admin },
    );
    expect(detail.body.data.person).toMatchObject({ realName: '检验员小李', companyName: existing.name });
    expect(detail.body.data.person.history).toHaveLength(1);
    const rejected = await t.api('PUT', '/inspection/tbInspectionOrganizationUserAudit/auditReject', {
      token: tokens.admin,
      body: { auditId: row.auditId, version: row.version, auditDescription: '非本机构人员' },
    });
    expect(rejected.status).toBe(200);
    const mine = (await filing(token)).body.data;
    expect(mine).toMatchObject({ state: 4, auditDescription: '非本机构人员', needIntercept: true });
    // Asked again, then passed: the account belongs to the organisation and its console opens.
    const again = await t.api<MyFiling>('POST', '/pc/filing/bindCompany', {
      token,
      body: { creditCode: existing.creditCode, name: existing.name, idNumber },
    });
    expect(again.status, again.body.resultMsg).toBe(200);
    const pending = (
      await t.api<Page<{ auditId: number; userId: number; version: number }>>(
        'GET',
        '/inspection/tbInspectionOrganizationUserAudit/query',
        { token: tokens.admin, query: { state: 2 } },
      )
    ).body.data.records.find((r) => r.userId === row.userId)!;
    const decided = await t.api('PUT', '/inspection/tbInspectionOrganizationUserAudit/auditPass', {
      token: tokens.admin,
      body: { auditId: pending.auditId, version: pending.version },
    });
    expect(decided.status).toBe(200);
    const twice = await t.api('PUT', '/inspection/tbInspectionOrganizationUserAudit/auditPass', {
      token: tokens.admin,
      body: { auditId: pending.auditId },
    });
    expect(twice.status).toBe(409);
    expect((await status(token)).body.data).toEqual({ needIntercept: false, filingState: 3 });
    const info = await t.api<{ companyName: string }>('GET', '/pc/sysUser/getUserInfo', { token });
    expect(info.body.data.companyName).toBe(existing.name);
    expect((await filing(token)).body.data).toMatchObject({ kind: 'inspection-org', state: 3 });
  });

  it('answers accounts that file nothing with no interception', async () => {
    const res = await filing(tokens.jg_qingxiu);
    expect(res.body.data).toMatchObject({ kind: null, needIntercept: false, page: '/dashboard' });
    const staff = await filing(tokens.wb_staff1);
    expect(staff.body.data).toMatchObject({ kind: 'maintenance-user', state: 3, needIntercept: false });
    expect(staff.body.data.person?.companyName).toBe('南宁安顺电梯维保有限公司');
  });
});
