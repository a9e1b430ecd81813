import type {
  ElevatorOfficerRow,
  ElevatorRow,
  LeaveAuditRow,
  MyFiling,
  PersonAuditRow,
  PersonDetail,
  PersonRow,
} from '@ec/contract';
import { hashPassword } from '@ec/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffProfile } from '../src/modules/parties/tables.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import {
  fileMaintenanceCompany,
  newIdNumber,
  newPhone,
  registerAndLogin,
  uploadPng,
} from './parties-support.ts';

type Page<T> = { records: T[]; total: number };
type Saved = { person: PersonDetail; oneTimePassword: string | null };

describe.each(dbKinds)('maintenance workers, safety officers and leave on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development' });
    for (const u of ['admin', 'jg_qingxiu', 'wb_admin1', 'wb_admin2', 'wb_staff1', 'sy_admin1', 'sy_admin2'])
      tokens[u] = await t.login(u);
  });
  afterAll(() => t.close());

  const status = (token: string) =>
    t.api<{ needIntercept: boolean; filingState: number }>('GET', '/pc/sysUser/filingStatus', { token });
  const staffFields = (photoFileId: string, extra: Record<string, unknown> = {}) => ({
    realName: '测试维保工',
    idNumber: newIdNumber(),
    certType: 'T',
    certNo: 'TST4501009999',
    certExpiry: '2029-05-01',
    photoFileId,
    ...extra,
  });
  const auditIdOf = async (path: string, userId: number) => {
    const list = await t.api<Page<PersonAuditRow>>('GET', path, {
      token: tokens.admin,
      query: { limit: 500 },
    });
    return list.body.data.records.find((r) => r.userId === userId)!;
  };

  it('files a worker by themself, rejected, corrected and passed (flow 3)', async () => {
    const { token, userId, phone } = await registerAndLogin(t, 'maintenance_staff', '自助维保工');
    const mine = await t.api<MyFiling>('GET', '/pc/filing/current', { token });
    expect(mine.body.data).toMatchObject({
      kind: 'maintenance-user',
      page: '/initialRecord',
      state: 1,
      person: null,
    });
    const photo = await uploadPng(t, token, '本人照片.png');

    const badId = await t.api('POST', '/pc/maintenanceUser/save', {
      token,
      body: staffFields(photo, { companyId: 1, idNumber: '450102199001010011' }),
    });
    expect(badId.status).toBe(400);
    expect(badId.body.errors?.[0].field).toBe('idNumber');
    const fifteen = staffFields(photo, { companyId: 1 });
    const noCompany = await t.api('POST', '/pc/maintenanceUser/save', { token, body: staffFields(photo) });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.errors?.[0].field).toBe('companyId');
    const waiting = await fileMaintenanceCompany(t);
    const notFiled = await t.api('POST', '/pc/maintenanceUser/save', {
      token,
      body: staffFields(photo, { companyId: waiting.id }),
    });
    expect(notFiled.status).toBe(409);
    expect(notFiled.body.resultMsg).toContain('尚未完成备案');
    const noPhoto = await t.api('POST', '/pc/maintenanceUser/save', {
      token,
      body: { ...fifteen, photoFileId: undefined },
    });
    expect(noPhoto.status).toBe(400);

    // An ID number filed twice is refused, naming who holds it.
    const others = await t.api<Page<PersonRow>>('GET', '/pc/maintenanceUser/queryList', {
      token: tokens.admin,
    });
    const taken = await t.api<PersonDetail>(
      'GET',
      `/pc/maintenanceUser/detail/${others.body.data.records[0].id}`,
      {
        token: tokens.admin,
      },
    );
    // The administrator sees it masked like everyone else: the full number from the database.
    expect(taken.body.data.idNumber).toContain('*');
    const [takenProfile] = await t.platform.db
      .select({ idNumber: staffProfile.idNumber })
      .from(staffProfile)
      .where(eq(staffProfile.userId, taken.body.data.id));
    const clash = await t.api('POST', '/pc/maintenanceUser/save', {
      token,
      body: { ...fifteen, idNumber: takenProfile.idNumber },
    });
    // Refused without naming the holder: a worker filing themself must not learn who holds a number.
    expect(clash.status).toBe(409);
    expect(clash.body.resultMsg).toMatch(/^身份证号 \d{6}\*{4}\w{4} 已被其他人员备案$/);
    expect(clash.body.resultMsg).not.toContain(taken.body.data.realName);

    const saved = await t.api<Saved>('POST', '/pc/maintenanceUser/save', { token, body: fifteen });
    expect(saved.status).toBe(200);
    expect(saved.body.data.oneTimePassword).toBeNull();
    expect(saved.body.data.person).toMatchObject({
      id: userId,
      filingState: 2,
      companyName: '南宁安顺电梯维保有限公司',
    });
    expect(saved.body.data.person.phone).toBe(phone);
    expect(saved.body.data.person.photoFile?.fileName).toBe('本人照片.png');
    expect((await status(token)).body.data).toEqual({ needIntercept: true, filingState: 2 });
    expect((await t.api('POST', '/pc/maintenanceUser/save', { token, body: fifteen })).status).toBe(409);

    // The company sees its applicant (masked); it does not review, the regulator does.
    const company = await t.api<Page<PersonRow>>('GET', '/pc/maintenanceUser/queryList', {
      token: tokens.wb_admin1,
      query: { filingState: 2 },
    });
    const row = company.body.data.records.find((r) => r.id === userId)!;
    expect(row.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(row.idNumber).toContain('****');
    expect(
      (
        await t.api<Page<PersonRow>>('GET', '/pc/maintenanceUser/queryList', {
          token: tokens.wb_admin2,
          query: { limit: 500 },
        })
      ).body.data.records.some((r) => r.id === userId),
    ).toBe(false);
    const audit = await auditIdOf('/pc/maintenanceUser/queryAuditList', userId);
    expect(
      (
        await t.api('POST', '/pc/maintenanceUser/auditPass', {
          token: tokens.wb_admin1,
          body: { auditId: audit.auditId },
        })
      ).status,
    ).toBe(403);
    const detail = await t.api<{ person: PersonDetail }>(
      'GET',
      `/pc/maintenanceUser/auditDetail/${audit.auditId}`,
      {
        token: tokens.jg_qingxiu,
      },
    );
    expect(detail.body.data.person.photoFile?.id).toBe(photo);

    const rejected = await t.api<PersonAuditRow>('POST', '/pc/maintenanceUser/auditReject', {
      token: tokens.jg_qingxiu,
      body: { auditId: audit.auditId, auditDescription: '照片不清晰' },
    });
    expect(rejected.body.data.state).toBe(4);
    expect((await status(token)).body.data).toEqual({ needIntercept: true, filingState: 4 });
    const current = (await t.api<MyFiling>('GET', '/pc/filing/current', { token })).body.data;
    expect(current.auditDescription).toBe('照片不清晰');
    const newPhoto = await uploadPng(t, token, '新照片.png');
    const fixed = await t.api<Saved>('POST', '/pc/maintenanceUser/update', {
      token,
      body: { ...fifteen, id: userId, photoFileId: newPhoto, version: current.person!.version },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.person.filingState).toBe(2);
    const passed = await t.api<PersonAuditRow>('POST', '/pc/maintenanceUser/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: audit.auditId },
    });
    expect(passed.body.data.state).toBe(3);
    expect(
      (
        await t.api('POST', '/pc/maintenanceUser/auditReject', {
          token: tokens.jg_qingxiu,
          body: { auditId: audit.auditId },
        })
      ).status,
    ).toBe(409);
    expect((await status(token)).body.data).toEqual({ needIntercept: false, filingState: 3 });
    const info = await t.api<{ companyName: string }>('GET', '/pc/sysUser/getUserInfo', { token });
    expect(info.body.data.companyName).toBe('南宁安顺电梯维保有限公司');
    // Once filed, the worker changes nothing alone.
    expect(
      (
        await t.api('POST', '/pc/maintenanceUser/update', {
          token,
          body: { ...fifteen, id: userId, photoFileId: newPhoto },
        })
      ).status,
    ).toBe(409);
  });

  it('lets a company add workers with an account and a one-time password', async () => {
    const photo = await uploadPng(t, tokens.wb_admin1);
    const phone = newPhone();
    const saved = await t.api<Saved>('POST', '/pc/maintenanceUser/save', {
      token: tokens.wb_admin1,
      body: staffFields(photo, { phone, realName: '单位新增工', companyId: 2 }),
    });
    expect(saved.status).toBe(200);
    // Always its own company, whatever the form says; pending the regulator.
    expect(saved.body.data.person).toMatchObject({ companyId: 1, filingState: 2, realName: '单位新增工' });
    const password = saved.body.data.oneTimePassword!;
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    const token = await t.login(phone, password);
    expect((await status(token)).body.data).toEqual({ needIntercept: true, filingState: 2 });
    // A phone registered twice is refused, naming nobody.
    const twice = await t.api('POST', '/pc/maintenanceUser/save', {
      token: tokens.wb_admin1,
      body: staffFields(photo, { phone }),
    });
    expect(twice.status).toBe(409);
    expect(twice.body.resultMsg).toBe(`手机号 ${phone.slice(0, 3)}****${phone.slice(-4)} 已被其他账号使用`);
    // A use unit cannot add maintenance workers.
    expect(
      (
        await t.api('POST', '/pc/maintenanceUser/save', {
          token: tokens.sy_admin1,
          body: staffFields(photo, { phone: newPhone() }),
        })
      ).status,
    ).toBe(403);
    // The company edits its worker's details while not pending; deletes are refused while pending.
    expect(
      (
        await t.api('DELETE', '/pc/maintenanceUser/delete', {
          token: tokens.wb_admin1,
          query: { ids: saved.body.data.person.id },
        })
      ).status,
    ).toBe(409);
    const audit = await auditIdOf('/pc/maintenanceUser/queryAuditList', saved.body.data.person.id);
    await t.api('POST', '/pc/maintenanceUser/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: audit.auditId },
    });
    const edited = await t.api<Saved>('POST', '/pc/maintenanceUser/update', {
      token: tokens.wb_admin1,
      body: staffFields(photo, {
        id: saved.body.data.person.id,
        realName: '改名维保工',
        idNumber: undefined,
      }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.person).toMatchObject({ realName: '改名维保工', filingState: 3 });
    // The regulator and the admin see nothing of another company's people beyond their scope.
    expect(
      (
        await t.api('GET', `/pc/maintenanceUser/detail/${saved.body.data.person.id}`, {
          token: tokens.wb_admin2,
        })
      ).status,
    ).toBe(404);
    // One masking policy: the administrator sees the worker's numbers masked too (维保人员管理 as 用户管理).
    const byAdmin = await t.api<PersonDetail>(
      'GET',
      `/pc/maintenanceUser/detail/${saved.body.data.person.id}`,
      { token: tokens.admin },
    );
    expect(byAdmin.body.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(byAdmin.body.data.idNumber).toMatch(/^\d{6}\*{8}[\dX]{4}$/);
    const masked = await t.api<PersonDetail>(
      'GET',
      `/pc/maintenanceUser/detail/${saved.body.data.person.id}`,
      {
        token: tokens.jg_qingxiu,
      },
    );
    expect(masked.body.data.phone).toContain('****');
    expect(masked.body.data.history.map((h) => h.action)).toEqual(['submit', 'pass']);

    expect(
      (
        await t.api('DELETE', '/pc/maintenanceUser/delete', {
          token: tokens.wb_admin2,
          query: { ids: saved.body.data.person.id },
        })
      ).status,
    ).toBe(404);
    const deleted = await t.api<{ deleted: number }>('DELETE', '/pc/maintenanceUser/delete', {
      token: tokens.wb_admin1,
      query: { ids: String(saved.body.data.person.id) },
    });
    expect(deleted.body.data.deleted).toBe(1);
    const gone = await t.api('POST', '/oauth/token', {
      form: { grant_type: 'password', username: phone, password: hashPassword(password) },
    });
    expect(gone.status).toBe(400);
  });

  it('ends a worker with the company through a leave audit', async () => {
    const me = (await t.api<MyFiling>('GET', '/pc/filing/current', { token: tokens.wb_staff1 })).body.data
      .person!;
    expect(me.employed).toBe(true);
    // Only the worker, its company or a reviewer applies.
    expect(
      (
        await t.api('POST', '/pc/maintenanceUser/leave', {
          token: tokens.wb_admin2,
          body: { id: me.id, leaveReason: '个人原因', leaveDate: '2026-12-31' },
        })
      ).status,
    ).toBe(404);
    const applied = await t.api<PersonRow>('POST', '/pc/maintenanceUser/leave', {
      token: tokens.wb_staff1,
      body: { id: me.id, leaveReason: '另谋高就', leaveDate: '2026-12-31' },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ leaveState: 2, leaveStateLabel: '离职待审核', employed: true });
    expect(
      (
        await t.api('POST', '/pc/maintenanceUser/leave', {
          token: tokens.wb_staff1,
          body: { id: me.id, leaveReason: '另谋高就', leaveDate: '2026-12-31' },
        })
      ).status,
    ).toBe(409);
    const list = await t.api<Page<LeaveAuditRow>>('GET', '/pc/maintenanceUser/leaveAuditList', {
      token: tokens.jg_qingxiu,
      query: { state: 2 },
    });
    const row = list.body.data.records.find((r) => r.userId === me.id)!;
    expect(row).toMatchObject({ leaveReason: '另谋高就', companyName: '南宁安顺电梯维保有限公司' });
    const passed = await t.api<LeaveAuditRow>('POST', '/pc/maintenanceUser/leaveAuditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: row.auditId },
    });
    expect(passed.body.data.state).toBe(3);
    // The binding ended: no company, not filed any more, back to the filing page.
    expect((await status(tokens.wb_staff1)).body.data).toEqual({ needIntercept: true, filingState: 1 });
    const after = (await t.api<MyFiling>('GET', '/pc/filing/current', { token: tokens.wb_staff1 })).body.data;
    expect(after.person).toMatchObject({ employed: false, filingState: 1, leaveState: 3 });
    expect(after.history.map((h) => h.action)).toEqual(['submit', 'pass', 'withdraw']);
    const info = await t.api<{ companyId: number | null }>('GET', '/pc/sysUser/getUserInfo', {
      token: tokens.wb_staff1,
    });
    expect(info.body.data.companyId).toBeNull();
    expect(
      (
        await t.api('POST', '/pc/maintenanceUser/leaveAuditReject', {
          token: tokens.jg_qingxiu,
          body: { auditId: row.auditId },
        })
      ).status,
    ).toBe(409);
    // The seeded leave of company 2 waits for the platform (company 2 lies in 江南区).
    const other = await t.api<Page<LeaveAuditRow>>('GET', '/pc/maintenanceUser/leaveAuditList', {
      token: tokens.admin,
      query: { state: 2 },
    });
    const rejected = await t.api<LeaveAuditRow>('POST', '/pc/maintenanceUser/leaveAuditReject', {
      token: tokens.admin,
      body: { auditId: other.body.data.records[0].auditId, auditDescription: '请先交接工作' },
    });
    expect(rejected.body.data.state).toBe(4);
    // Decided cases leave the audit list on request.
    const removed = await t.api<{ deleted: number }>('DELETE', '/pc/maintenanceUser/deleteAudit', {
      token: tokens.jg_qingxiu,
      query: { ids: String((await auditIdOf('/pc/maintenanceUser/queryAuditList', me.id)).auditId) },
    });
    expect(removed.body.data.deleted).toBe(1);
  });

  it('appoints safety officers, audits them and assigns one per elevator (flow 4)', async () => {
    const phone = newPhone();
    const saved = await t.api<Saved>('POST', '/pc/buildingCompanyUser/save', {
      token: tokens.sy_admin1,
      body: { realName: '新安全员', phone, idNumber: newIdNumber(), role: 'safety_officer', certType: 'A' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.person).toMatchObject({
      companyId: 3,
      role: 'safety_officer',
      roleLabel: '安全员',
      filingState: 2,
    });
    const officerToken = await t.login(phone, saved.body.data.oneTimePassword!);
    const mine = (await t.api<MyFiling>('GET', '/pc/filing/current', { token: officerToken })).body.data;
    expect(mine).toMatchObject({
      kind: 'building-company-user',
      page: '/initialFiling/initialFiling',
      state: 2,
    });
    // Maintenance companies appoint no officers; use units see only their own.
    expect(
      (
        await t.api('POST', '/pc/buildingCompanyUser/save', {
          token: tokens.wb_admin1,
          body: { realName: 'x', phone: newPhone(), idNumber: newIdNumber() },
        })
      ).status,
    ).toBe(403);
    const own = await t.api<Page<PersonRow>>('GET', '/pc/buildingCompanyUser/queryList', {
      token: tokens.sy_admin1,
    });
    expect(own.body.data.records.every((r) => r.companyId === 3)).toBe(true);
    expect(own.body.data.records.map((r) => r.id)).toContain(saved.body.data.person.id);
    const other = await t.api<Page<PersonRow>>('GET', '/pc/buildingCompanyUser/queryList', {
      token: tokens.sy_admin2,
    });
    expect(other.body.data.records.every((r) => r.companyId === 4)).toBe(true);
    expect(
      (
        await t.api('GET', `/pc/buildingCompanyUser/detail/${saved.body.data.person.id}`, {
          token: tokens.sy_admin2,
        })
      ).status,
    ).toBe(404);

    const audit = await auditIdOf('/pc/buildingCompanyUserAudit/queryList', saved.body.data.person.id);
    const detail = await t.api<{ audit: PersonAuditRow }>(
      'GET',
      `/pc/buildingCompanyUserAudit/detail/${audit.auditId}`,
      {
        token: tokens.jg_qingxiu,
      },
    );
    expect(detail.body.data.audit.realName).toBe('新安全员');
    // Not yet filed: cannot be assigned.
    const lifts = await t.api<Page<ElevatorOfficerRow>>('GET', '/pc/elevatorBuildingCompanyUser/queryList', {
      token: tokens.sy_admin1,
      query: { assigned: false },
    });
    const free = lifts.body.data.records[0].elevatorId;
    const early = await t.api('POST', '/pc/elevatorBuildingCompanyUser/save', {
      token: tokens.sy_admin1,
      body: { elevatorIds: [free], userId: saved.body.data.person.id },
    });
    expect(early.status).toBe(409);
    await t.api('POST', '/pc/buildingCompanyUserAudit/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: audit.auditId },
    });
    expect((await status(officerToken)).body.data).toEqual({ needIntercept: false, filingState: 3 });

    const pickable = await t.api<{ userId: number; realName: string }[]>(
      'GET',
      '/pc/elevatorBuildingCompanyUser/queryCompanyUserList',
      { token: tokens.sy_admin1 },
    );
    expect(pickable.body.data.map((o) => o.realName)).toContain('新安全员');
    expect(
      (
        await t.api('GET', '/pc/elevatorBuildingCompanyUser/queryCompanyUserList', {
          token: tokens.jg_qingxiu,
        })
      ).status,
    ).toBe(400);
    const assigned = await t.api<{ updated: number }>('POST', '/pc/elevatorBuildingCompanyUser/save', {
      token: tokens.sy_admin1,
      body: { elevatorIds: [free], userId: saved.body.data.person.id },
    });
    expect(assigned.body.data.updated).toBe(1);
    const byOfficer = await t.api<Page<ElevatorOfficerRow>>(
      'GET',
      '/pc/elevatorBuildingCompanyUser/queryList',
      {
        token: tokens.sy_admin1,
        query: { userId: saved.body.data.person.id },
      },
    );
    expect(byOfficer.body.data.records.map((r) => r.elevatorId)).toEqual([free]);
    expect(byOfficer.body.data.records[0].realName).toBe('新安全员');
    // Another use unit's elevator is out of reach.
    const sy2Lifts = await t.api<{ records: ElevatorRow[] }>('POST', '/pc/elevator/queryList', {
      token: tokens.sy_admin2,
      body: { page: 1, limit: 1 },
    });
    expect(
      (
        await t.api('POST', '/pc/elevatorBuildingCompanyUser/save', {
          token: tokens.sy_admin1,
          body: { elevatorIds: [sy2Lifts.body.data.records[0].id], userId: saved.body.data.person.id },
        })
      ).status,
    ).toBe(404);
    const cleared = await t.api<{ updated: number }>('POST', '/pc/elevatorBuildingCompanyUser/save', {
      token: tokens.sy_admin1,
      body: { elevatorIds: [free], userId: null },
    });
    expect(cleared.body.data.updated).toBe(1);

    // A rejected officer corrects the filing themself.
    const secondPhone = newPhone();
    const secondId = newIdNumber();
    const second = await t.api<Saved>('POST', '/pc/buildingCompanyUser/save', {
      token: tokens.sy_admin1,
      body: { realName: '待修改安全员', phone: secondPhone, idNumber: secondId },
    });
    const secondAudit = await auditIdOf('/pc/buildingCompanyUserAudit/queryList', second.body.data.person.id);
    await t.api('POST', '/pc/buildingCompanyUserAudit/auditReject', {
      token: tokens.jg_qingxiu,
      body: { auditId: secondAudit.auditId, auditDescription: '请补充证书' },
    });
    const secondToken = await t.login(secondPhone, second.body.data.oneTimePassword!);
    const own2 = await t.api<PersonDetail>(
      'GET',
      `/pc/buildingCompanyUser/detail/${second.body.data.person.id}`,
      {
        token: secondToken,
      },
    );
    expect(own2.body.data).toMatchObject({ phone: secondPhone, idNumber: secondId, filingState: 4 });
    const corrected = await t.api<Saved>('POST', '/pc/buildingCompanyUser/update', {
      token: secondToken,
      body: {
        id: second.body.data.person.id,
        realName: '待修改安全员',
        idNumber: secondId,
        certType: 'A',
        certNo: 'TSA4501000001',
        certExpiry: '2030-01-01',
      },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data.person).toMatchObject({ filingState: 2, certNo: 'TSA4501000001' });
    // Deleting an officer removes the account; pending ones wait for the decision.
    expect(
      (
        await t.api('DELETE', '/pc/buildingCompanyUser/delete', {
          token: tokens.sy_admin1,
          query: { ids: second.body.data.person.id },
        })
      ).status,
    ).toBe(409);
    const removed = await t.api<{ deleted: number }>('DELETE', '/pc/buildingCompanyUser/delete', {
      token: tokens.sy_admin1,
      query: { ids: String(saved.body.data.person.id) },
    });
    expect(removed.body.data.deleted).toBe(1);
    expect(
      (
        await t.api('DELETE', '/pc/buildingCompanyUserAudit/delete', {
          token: tokens.jg_qingxiu,
          query: { ids: String(secondAudit.auditId) },
        })
      ).status,
    ).toBe(409);
  });
});
