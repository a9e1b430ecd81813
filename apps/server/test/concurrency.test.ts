import type {
  BuildingCompanyDetail,
  CommunityRow,
  ContractDetail,
  ContractRow,
  ElevatorDetail,
  InspectionOrgDetail,
  MaintenanceUnitDetail,
  MyFiling,
  PersonDetail,
  PersonRow,
} from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { type ApiResult, dbKinds, startTestApp, type TestApp } from './harness.ts';
import {
  buildingFields,
  maintenanceFields,
  registerAndLogin,
  uploadPng,
  withCreditCheck,
} from './parties-support.ts';

type Page<T> = { records: T[]; total: number };

/** Writers racing on one version: PGlite runs them one at a time, PostgreSQL truly at once. */
const WRITERS = 50;

/**
 * Every versioned update call, raced by 50 writers that all hold the same version: exactly one is
 * stored, the 49 others are 409 with a Chinese message, and the record shows the winner's change
 * with the version raised by one.
 */
describe.each(dbKinds)('versioned updates under %s with 50 concurrent writers', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development' });
    tokens.admin = await t.login('admin');
  });
  afterAll(() => t.close());

  /** Sends WRITERS requests at once; returns the index of the one accepted. */
  async function race(send: (i: number) => Promise<ApiResult>): Promise<number> {
    const results = await Promise.all(Array.from({ length: WRITERS }, (_, i) => send(i)));
    const statuses = results.map((r) => r.status);
    const unexpected = results.filter((r) => r.status !== 200 && r.status !== 409);
    expect([...new Set(unexpected.map((r) => `${r.status} ${r.body.resultMsg}`))]).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(WRITERS - 1);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body.resultMsg).toMatch(/已被他人修改.*请刷新后重试/);
    }
    return statuses.indexOf(200);
  }

  const companyBody = (d: {
    [field: string]: unknown;
    businessLicenceFile: { id: string } | null;
    version: number;
    id: number;
  }) => ({
    id: d.id,
    version: d.version,
    name: d.name,
    creditCode: d.creditCode,
    areaCode: d.areaCode,
    address: d.address,
    legalPerson: d.legalPerson,
    contactName: d.contactName,
    // Phones come back masked: send a whole one.
    contactPhone: '0771-5100000',
    ...(d.businessLicenceFile && { businessLicenceFileId: d.businessLicenceFile.id }),
  });

  it('/pc/maintenance/update: one of 50 writers of one version wins', async () => {
    const info = async () =>
      (
        await t.api<{ info: MaintenanceUnitDetail }>('GET', '/pc/maintenance/queryDetail/info', {
          token: tokens.admin,
          query: { id: 1 },
        })
      ).body.data.info;
    const d = await info();
    const body = {
      ...companyBody(d),
      licenceType: d.licenceType,
      licenceGrade: d.licenceGrade,
      licenceNo: d.licenceNo,
      licenceExpiry: d.licenceExpiry,
      licenceFileId: d.licenceFile?.id ?? (await uploadPng(t, tokens.admin)),
    };
    const winner = await race((i) =>
      t.api('POST', '/pc/maintenance/update', {
        token: tokens.admin,
        body: { ...body, contactName: `并发联系人${i}` },
      }),
    );
    const after = await info();
    expect(after.contactName).toBe(`并发联系人${winner}`);
    expect(after.version).toBe(d.version + 1);
  });

  it('/pc/buildingCompany/update: one of 50 writers of one version wins', async () => {
    const detail = async () =>
      (
        await t.api<BuildingCompanyDetail>('POST', '/pc/buildingCompany/companyDetail', {
          token: tokens.admin,
          body: { id: 3 },
        })
      ).body.data;
    const d = await detail();
    const body = {
      ...companyBody(d),
      unitType: d.unitType,
      safetyDirector: d.safetyDirector,
      safetyDirectorPhone: '13600000002',
    };
    const winner = await race((i) =>
      t.api('POST', '/pc/buildingCompany/update', {
        token: tokens.admin,
        body: { ...body, contactName: `并发联系人${i}` },
      }),
    );
    const after = await detail();
    expect(after.contactName).toBe(`并发联系人${winner}`);
    expect(after.version).toBe(d.version + 1);
  });

  it('/inspection/tbInspectionOrganization/updateAudit: one of 50 writers of one version wins', async () => {
    // A filed organisation changes its own contact details.
    const { token } = await registerAndLogin(t, 'inspection', '检验机构管理员');
    const fields = {
      ...buildingFields(),
      name: '南宁并发检验检测有限公司',
      approvalNo: 'TS7110999-2029',
      approvalExpiry: '2029-01-01',
      approvalFileId: await uploadPng(t, token, '核准证.png'),
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
    const passed = await t.api('PUT', '/inspection/tbInspectionOrganization/auditPass', {
      token: tokens.admin,
      body: { auditId: saved.body.data.auditId },
    });
    expect(passed.status).toBe(200);
    const org = async () =>
      (await t.api<MyFiling>('GET', '/pc/filing/current', { token })).body.data.inspectionOrg!;
    const d = await org();
    expect(d.filingState).toBe(3);
    const winner = await race((i) =>
      t.api('POST', '/inspection/tbInspectionOrganization/updateAudit', {
        token,
        body: { ...fields, id: d.id, version: d.version, contactName: `并发联系人${i}` },
      }),
    );
    const after = await org();
    expect(after.contactName).toBe(`并发联系人${winner}`);
    expect(after.version).toBe(d.version + 1);
  });

  const personBody = (p: PersonDetail) => ({
    id: p.id,
    version: p.version,
    realName: p.realName,
    position: p.position ?? undefined,
    certType: p.certType ?? undefined,
    certNo: p.certNo ?? undefined,
    certExpiry: p.certExpiry ?? undefined,
    ...(p.certFile && { certFileId: p.certFile.id }),
    ...(p.photoFile && { photoFileId: p.photoFile.id }),
  });

  for (const [base, companyId] of [
    ['/pc/maintenanceUser', 1],
    ['/pc/buildingCompanyUser', 3],
  ] as const) {
    it(`${base}/update: one of 50 writers of one version wins`, async () => {
      const list = await t.api<Page<PersonRow>>('GET', `${base}/queryList`, {
        token: tokens.admin,
        query: { companyId, filingState: 3, limit: 50 },
      });
      const person = list.body.data.records.find((r) => r.employed)!;
      expect(person).toBeDefined();
      const detail = async () =>
        (await t.api<PersonDetail>('GET', `${base}/detail/${person.id}`, { token: tokens.admin })).body.data;
      const d = await detail();
      const photoFileId = d.photoFile?.id ?? (await uploadPng(t, tokens.admin));
      const winner = await race((i) =>
        t.api('POST', `${base}/update`, {
          token: tokens.admin,
          body: { ...personBody(d), photoFileId, position: `岗位${i}` },
        }),
      );
      const after = await detail();
      expect(after.position).toBe(`岗位${winner}`);
      expect(after.version).toBe(d.version + 1);
    });
  }

  it('/pc/maintenanceContract/update: one of 50 writers of one version wins', async () => {
    const list = await t.api<Page<ContractRow>>('GET', '/pc/maintenanceContract/queryList', {
      token: tokens.admin,
      query: { status: 'valid', limit: 10 },
    });
    const id = list.body.data.records[0].id;
    const detail = async () =>
      (await t.api<ContractDetail>('GET', `/pc/maintenanceContract/detail/${id}`, { token: tokens.admin }))
        .body.data;
    const d = await detail();
    const body = {
      id,
      version: d.version,
      contractNo: d.contractNo,
      maintenanceCompanyId: d.maintenanceCompanyId,
      useCompanyId: d.useCompanyId,
      startDate: d.startDate,
      endDate: d.endDate,
      planType: d.planType,
      amount: d.amount,
      signDate: d.signDate,
      elevatorIds: d.elevators.map((e) => e.id),
    };
    const winner = await race((i) =>
      t.api('POST', '/pc/maintenanceContract/update', {
        token: tokens.admin,
        body: { ...body, remark: `并发备注${i}` },
      }),
    );
    const after = await detail();
    expect(after.remark).toBe(`并发备注${winner}`);
    expect(after.version).toBe(d.version + 1);
  });

  it('/pc/community/save with an id: one of 50 writers of one version wins', async () => {
    const list = await t.api<Page<CommunityRow>>('GET', '/pc/community/query', {
      token: tokens.admin,
      query: { limit: 1 },
    });
    const c = list.body.data.records[0];
    const winner = await race((i) =>
      t.api('POST', '/pc/community/save', {
        token: tokens.admin,
        body: {
          id: c.id,
          version: c.version,
          name: c.name,
          areaCode: c.areaCode,
          address: c.address,
          useCompanyId: c.useCompanyId,
          remark: `并发备注${i}`,
        },
      }),
    );
    const after = await t.api<CommunityRow>('GET', `/pc/community/detail/${c.id}`, { token: tokens.admin });
    expect(after.body.data.remark).toBe(`并发备注${winner}`);
    expect(after.body.data.version).toBe(c.version + 1);
  });

  for (const [method, path] of [
    ['PUT', '/pc/elevator/update'],
    ['POST', '/pc/elevator/saveedit'],
  ] as const) {
    it(`${path}: one of 50 writers of one version wins`, async () => {
      const list = await t.api<Page<{ id: number }>>('POST', '/pc/elevator/queryList', {
        token: tokens.admin,
        body: { page: 1, limit: 1 },
      });
      const elevatorId = list.body.data.records[0].id;
      const detail = async () =>
        (
          await t.api<ElevatorDetail>('POST', '/pc/elevator/queryDetail/info', {
            token: tokens.admin,
            body: { elevatorId },
          })
        ).body.data;
      const d = await detail();
      const winner = await race((i) =>
        t.api(method, path, {
          token: tokens.admin,
          body: {
            id: elevatorId,
            version: d.version,
            registerCode: d.registerCode,
            type: d.type,
            areaCode: d.areaCode,
            address: d.address,
            name: `并发电梯${i}`,
          },
        }),
      );
      const after = await detail();
      expect(after.name).toBe(`并发电梯${winner}`);
      expect(after.version).toBe(d.version + 1);
    });
  }
});

/**
 * Rules that decide a write, raced by 50 concurrent requests: the database keeps them (a unique key,
 * an exclusion constraint), so exactly one request is stored however they arrive.
 */
describe.each(dbKinds)('write rules under %s with 50 concurrent requests', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development' });
    for (const u of ['admin', 'wb_admin1', 'sy_admin1', 'sy_admin2']) tokens[u] = await t.login(u);
  });
  afterAll(() => t.close());

  const rows = async <T>(query: SQL) => rowsOf<T>(await t.platform.db.execute(query));
  const companyOf = async (username: string) =>
    (await rows<{ company_id: number }>(sql`select company_id from sys_user where username = ${username}`))[0]
      .company_id;

  it('/pc/maintenanceIncentive/save: one rating per lift and month, of its own work orders only', async () => {
    const sy1 = await companyOf('sy_admin1');
    const sy2 = await companyOf('sy_admin2');
    // Lifts of use unit 1 under maintenance and not rated this month, each with a work order.
    const lifts = await rows<{ id: number; register_code: string; order_id: number }>(sql`
      select e.id, e.register_code, (select min(o.id) from maintenance_order o where o.elevator_id = e.id) as order_id
      from elevator e
      where e.use_company_id = ${sy1} and e.maintenance_company_id is not null
        and exists (select 1 from maintenance_order o where o.elevator_id = e.id)
        and not exists (select 1 from maintenance_rating r where r.elevator_id = e.id
          and r.period = to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM'))
      order by e.id limit 2`);
    expect(lifts).toHaveLength(2);
    const [foreignOrder] = await rows<{ id: number }>(sql`
      select o.id from maintenance_order o join elevator e on e.id = o.elevator_id
      where e.use_company_id = ${sy2} order by o.id limit 1`);
    const rate = (body: Record<string, unknown>) =>
      t.api<{ id: number }>('POST', '/pc/maintenanceIncentive/save', { token: tokens.sy_admin1, body });

    // Another use unit's order, or none at all, is refused and blocks nothing.
    for (const orderId of [foreignOrder.id, 2_000_000_000]) {
      const refused = await rate({ elevatorId: lifts[0].id, score: 5, orderId });
      expect(refused.status).toBe(400);
      expect(refused.body.resultMsg).toContain('维保工单不存在或不属于该电梯');
    }
    // Fifty ratings of one lift at once: one is stored.
    const results = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => rate({ elevatorId: lifts[0].id, score: 1 + (i % 5) })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(WRITERS - 1);
    for (const r of refused) expect(r.body.resultMsg).toContain(`电梯 ${lifts[0].register_code} 本月`);
    // Rating its own work order counts as the month's rating too.
    expect((await rate({ elevatorId: lifts[0].id, score: 4, orderId: lifts[0].order_id })).status).toBe(409);
    // Fifty ratings of another lift naming its own work order: one is stored.
    const withOrder = await Promise.all(
      Array.from({ length: WRITERS }, () =>
        rate({ elevatorId: lifts[1].id, score: 5, orderId: lifts[1].order_id }),
      ),
    );
    expect(withOrder.filter((r) => r.status === 200)).toHaveLength(1);
    expect(withOrder.filter((r) => r.status === 409)).toHaveLength(WRITERS - 1);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from maintenance_rating where elevator_id in (${lifts[0].id}, ${lifts[1].id})
        and period = to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM')`,
    );
    expect(n).toBe(2);
  });

  it('/pc/maintenance/save: of 50 filings at once by one new account, one company is created', async () => {
    const account = await registerAndLogin(t, 'maintenance', '并发备案');
    const scan = await uploadPng(t, account.token);
    // Credit codes of our own (the shared helper's sequence runs out of digits past 100 codes).
    const bodies = Array.from({ length: WRITERS }, (_, i) =>
      maintenanceFields(scan, {
        creditCode: withCreditCheck(
          `9145010${kind === 'postgres' ? 2 : 1}MA5RC${String(i).padStart(4, '0')}`,
        ),
      }),
    );
    const results = await Promise.all(
      bodies.map((body) => t.api('POST', '/pc/maintenance/save', { token: account.token, body })),
    );
    const unexpected = results.filter((r) => r.status !== 200 && r.status !== 409);
    expect([...new Set(unexpected.map((r) => `${r.status} ${r.body.resultMsg}`))]).toEqual([]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.resultMsg).toContain('已绑定');
    const codes = bodies.map((b) => b.creditCode);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from enterprise where credit_code in ${codes}`,
    );
    expect(n).toBe(1);
  });

  it('/pc/maintenanceContract/save: of 50 overlapping contracts for one lift and period one is filed', async () => {
    const sy1 = await companyOf('sy_admin1');
    const wb1 = await companyOf('wb_admin1');
    const [lift] = await rows<{ id: number; register_code: string }>(sql`
      select e.id, e.register_code from elevator e
      where e.use_company_id = ${sy1} and e.maintenance_company_id is null
        and not exists (select 1 from maintenance_contract_elevator ce where ce.elevator_id = e.id)
      order by e.id limit 1`);
    expect(lift).toBeDefined();
    const save = (i: number, startDate: string, endDate: string) =>
      t.api('POST', '/pc/maintenanceContract/save', {
        token: tokens.wb_admin1,
        body: {
          contractNo: `HT-RACE-${kind}-${startDate}-${i}`,
          maintenanceCompanyId: wb1,
          useCompanyId: sy1,
          startDate,
          endDate,
          planType: 'HALF_MONTH',
          elevatorIds: [lift.id],
        },
      });
    const results = await Promise.all(
      // Periods that all overlap in 2031, none identical.
      Array.from({ length: WRITERS }, (_, i) =>
        save(
          i,
          `2031-01-${String(1 + (i % 28)).padStart(2, '0')}`,
          `2031-12-${String(1 + (i % 28)).padStart(2, '0')}`,
        ),
      ),
    );
    const unexpected = results.filter((r) => r.status !== 200 && r.status !== 409);
    expect([...new Set(unexpected.map((r) => `${r.status} ${r.body.resultMsg}`))]).toEqual([]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body.resultMsg).toContain(`电梯 ${lift.register_code}`);
    }
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from maintenance_contract_elevator where elevator_id = ${lift.id}`,
    );
    expect(n).toBe(1);
    // A period after it is free.
    expect((await save(0, '2032-01-01', '2032-12-31')).status).toBe(200);
  });

  it('a rejected contract resubmitted over another contract of the lift is refused, naming the lift', async () => {
    const sy1 = await companyOf('sy_admin1');
    const wb1 = await companyOf('wb_admin1');
    const [lift] = await rows<{ id: number; register_code: string }>(sql`
      select e.id, e.register_code from elevator e
      where e.use_company_id = ${sy1} and e.maintenance_company_id is null
        and not exists (select 1 from maintenance_contract_elevator ce where ce.elevator_id = e.id)
      order by e.id limit 1`);
    const body = (contractNo: string) => ({
      contractNo,
      maintenanceCompanyId: wb1,
      useCompanyId: sy1,
      startDate: '2033-01-01',
      endDate: '2033-12-31',
      planType: 'HALF_MONTH',
      elevatorIds: [lift.id],
    });
    const first = await t.api<ContractDetail>('POST', '/pc/maintenanceContract/save', {
      token: tokens.wb_admin1,
      body: body(`HT-RESUBMIT-${kind}-1`),
    });
    expect(first.status).toBe(200);
    const rejected = await t.api('POST', '/pc/maintenanceContractAudit/auditReject', {
      token: tokens.admin,
      body: { auditId: first.body.data.auditId, auditDescription: '缺少盖章页' },
    });
    expect(rejected.status).toBe(200);
    // A rejected contract holds no lift: another contract for the period is filed.
    const second = await t.api('POST', '/pc/maintenanceContract/save', {
      token: tokens.wb_admin1,
      body: body(`HT-RESUBMIT-${kind}-2`),
    });
    expect(second.status).toBe(200);
    const again = await t.api('POST', '/pc/maintenanceContract/update', {
      token: tokens.wb_admin1,
      body: { ...body(`HT-RESUBMIT-${kind}-1`), id: first.body.data.id },
    });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toContain(`电梯 ${lift.register_code}`);
  });
});
