import type { CompanyAuditRow, MyFiling } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { uploadPng } from './parties-support.ts';

type Page<T> = { records: T[]; total: number };
const FILING_REQUIRED = '请先完成初始备案，审核通过后才能使用此功能';

/**
 * Filing interception on the server: an account whose filing is not passed reaches only the calls any
 * signed-in user may make (its filing, auth, files, dictionaries, areas); every call guarded by a
 * permission answers 403 with a message that says what to do, until the regulator passes the filing.
 */
describe.each(dbKinds)('filing interception on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development' });
    for (const u of ['admin', 'jg_qingxiu', 'wb_admin1', 'wb_pending', 'sy_pending', 'wb_rejected'])
      tokens[u] = await t.login(u);
  });
  afterAll(() => t.close());

  const elevators = (token: string) =>
    t.api<Page<unknown>>('POST', '/pc/elevator/queryList', { token, body: { page: 1, limit: 5 } });
  const staff = (token: string) =>
    t.api<Page<unknown>>('GET', '/pc/maintenanceUser/queryList', { token, query: { page: 1, limit: 5 } });
  const filing = (token: string) => t.api<MyFiling>('GET', '/pc/filing/current', { token });

  it('refuses the permission calls of a company awaiting review with the filing message', async () => {
    const token = tokens.wb_pending;
    for (const res of [await elevators(token), await staff(token)]) {
      expect(res.status).toBe(403);
      expect(res.body.resultMsg).toBe(FILING_REQUIRED);
    }
    // The same calls work for a filed company and for the regulator.
    expect((await elevators(tokens.wb_admin1)).status).toBe(200);
    expect((await staff(tokens.wb_admin1)).status).toBe(200);
    expect((await elevators(tokens.jg_qingxiu)).status).toBe(200);
    // A call the account has no permission for at all still says so.
    const noRight = await t.api('GET', '/pc/sysParam/query', { token });
    expect(noRight.status).toBe(403);
    expect(noRight.body.resultMsg).not.toBe(FILING_REQUIRED);
  });

  it('keeps open what the filing page needs', async () => {
    const token = tokens.wb_pending;
    const info = await t.api<{ needIntercept: boolean; filingState: number }>(
      'GET',
      '/pc/sysUser/getUserInfo',
      { token },
    );
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ needIntercept: true, filingState: 2 });
    expect((await t.api('GET', '/pc/sysMenu/getMenuList', { token })).status).toBe(200);
    const mine = await filing(token);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ kind: 'maintenance-unit', state: 2, needIntercept: true });
    expect(mine.body.data.maintenanceUnit?.name).toBe('南宁快捷电梯服务有限公司');
    expect((await t.api('GET', '/pc/sysDict/getAllDict', { token })).status).toBe(200);
    expect((await t.api('GET', '/common/areaTree', { token })).status).toBe(200);
    expect(
      (await t.api('GET', '/pc/maintenance/creditCodeAndName', { token, query: { name: '安顺' } })).status,
    ).toBe(200);
    expect(await uploadPng(t, token)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets a rejected company read the reason and resubmit, and opens the console once passed', async () => {
    const token = tokens.wb_rejected;
    expect((await elevators(token)).body.resultMsg).toBe(FILING_REQUIRED);
    const mine = (await filing(token)).body.data;
    expect(mine).toMatchObject({ state: 4, auditDescription: '许可证扫描件不清晰，请重新上传' });
    const unit = mine.maintenanceUnit!;
    const scan = await uploadPng(t, token, '许可证.png');
    const resubmitted = await t.api<{ filingState: number; auditId: number; auditVersion: number }>(
      'POST',
      '/pc/maintenance/update',
      {
        token,
        body: {
          id: unit.id,
          version: unit.version,
          name: unit.name,
          creditCode: unit.creditCode,
          areaCode: unit.areaCode,
          address: unit.address,
          legalPerson: unit.legalPerson,
          contactName: unit.contactName,
          contactPhone: unit.contactPhone,
          licenceType: unit.licenceType,
          licenceGrade: unit.licenceGrade,
          licenceNo: unit.licenceNo,
          licenceExpiry: unit.licenceExpiry,
          licenceFileId: scan,
        },
      },
    );
    expect(resubmitted.status, resubmitted.body.resultMsg).toBe(200);
    expect(resubmitted.body.data.filingState).toBe(2);
    // Still waiting: still refused.
    expect((await staff(token)).status).toBe(403);

    const passed = await t.api<CompanyAuditRow>('POST', '/pc/maintenance/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: resubmitted.body.data.auditId, version: resubmitted.body.data.auditVersion },
    });
    expect(passed.status, passed.body.resultMsg).toBe(200);
    // The same token, no new sign-in: the filing state is read on every call.
    const list = await elevators(token);
    expect(list.status).toBe(200);
    expect((await staff(token)).status).toBe(200);
    expect((await filing(token)).body.data.needIntercept).toBe(false);
  });

  it('holds a use unit awaiting review the same way until the regulator passes it', async () => {
    const token = tokens.sy_pending;
    const officers = () =>
      t.api('GET', '/pc/buildingCompanyUser/queryList', { token, query: { page: 1, limit: 5 } });
    const refused = await officers();
    expect(refused.status).toBe(403);
    expect(refused.body.resultMsg).toBe(FILING_REQUIRED);
    const cases = await t.api<Page<CompanyAuditRow>>('GET', '/pc/buildingCompanyAudit/queryList', {
      token: tokens.jg_qingxiu,
      query: { state: 2, name: '金湖' },
    });
    const row = cases.body.data.records[0];
    expect(row.name).toBe('南宁金湖花园物业服务有限公司');
    const passed = await t.api('POST', '/pc/buildingCompanyAudit/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId: row.auditId, version: row.version },
    });
    expect(passed.status, passed.body.resultMsg).toBe(200);
    expect((await officers()).status).toBe(200);
  });
});
