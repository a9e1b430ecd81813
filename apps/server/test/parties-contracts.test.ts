import type {
  CommunityRow,
  ContractAuditRow,
  ContractDetail,
  ContractRow,
  ElevatorRow,
  FlaggedElevator,
  IncentiveRow,
  RatingRow,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

type Page<T> = { records: T[]; total: number };

describe.each(dbKinds)('contracts, communities and the maintenance incentive on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let lifts: ElevatorRow[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development' });
    for (const u of ['admin', 'jg_qingxiu', 'wb_admin1', 'wb_admin2', 'sy_admin1', 'sy_admin2', 'wb_staff1'])
      tokens[u] = await t.login(u);
    const all = await t.api<Page<ElevatorRow>>('POST', '/pc/elevator/queryList', {
      token: tokens.admin,
      body: { page: 1, limit: 500 },
    });
    lifts = all.body.data.records;
  });
  afterAll(() => t.close());

  /** Elevators of use unit 1 that no maintenance company holds yet: free for a new contract. */
  const freeOfSy1 = () => lifts.filter((e) => e.useCompanyId === 3 && e.maintenanceCompanyId === null);
  const fields = (elevatorIds: number[], extra: Record<string, unknown> = {}) => ({
    contractNo: `HT-TEST-${Math.floor(Math.random() * 1e8)}`,
    maintenanceCompanyId: 1,
    useCompanyId: 3,
    startDate: '2026-01-01',
    endDate: '2027-12-31',
    planType: 'HALF_MONTH',
    amount: 12000,
    elevatorIds,
    ...extra,
  });

  it('files a contract, audits it, re-audits a change and flags uncovered elevators (flow 5)', async () => {
    const free = freeOfSy1();
    expect(free.length).toBeGreaterThan(0);
    const ids = [free[0].id];

    const backwards = await t.api('POST', '/pc/maintenanceContract/save', {
      token: tokens.wb_admin1,
      body: fields(ids, { startDate: '2027-01-01', endDate: '2026-01-01' }),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.[0].field).toBe('endDate');
    // A party acts only for itself.
    expect(
      (
        await t.api('POST', '/pc/maintenanceContract/save', {
          token: tokens.wb_admin2,
          body: fields(ids),
        })
      ).status,
    ).toBe(403);
    // An elevator of another use unit, or one already under a contract for the period, is refused.
    const otherUse = lifts.find((e) => e.useCompanyId === 4)!;
    expect(
      (
        await t.api('POST', '/pc/maintenanceContract/save', {
          token: tokens.wb_admin1,
          body: fields([otherUse.id]),
        })
      ).status,
    ).toBe(409);
    const existing = await t.api<Page<ContractRow>>('GET', '/pc/maintenanceContract/queryList', {
      token: tokens.wb_admin1,
      query: { useCompanyId: 3, status: 'valid' },
    });
    const covered = await t.api<ContractDetail>(
      'GET',
      `/pc/maintenanceContract/detail/${existing.body.data.records[0].id}`,
      {
        token: tokens.wb_admin1,
      },
    );
    const overlap = await t.api('POST', '/pc/maintenanceContract/save', {
      token: tokens.wb_admin1,
      body: fields([covered.body.data.elevators[0].id]),
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.resultMsg).toContain(covered.body.data.contractNo);

    const body = fields(ids);
    const saved = await t.api<ContractDetail>('POST', '/pc/maintenanceContract/save', {
      token: tokens.wb_admin1,
      body,
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    expect(saved.body.data).toMatchObject({
      filingState: 2,
      status: 'pending',
      elevatorCount: 1,
      maintenanceCompanyName: '南宁安顺电梯维保有限公司',
      useCompanyName: '南宁青秀万象物业服务有限公司',
    });
    const dup = await t.api('POST', '/pc/maintenanceContract/save', {
      token: tokens.wb_admin1,
      body: { ...fields([free[1]?.id ?? ids[0]]), contractNo: body.contractNo },
    });
    expect(dup.status).toBe(409);
    const state = await t.api<{ elevatorId: number; state: string }[]>(
      'POST',
      '/pc/maintenanceContract/elevatorState',
      {
        token: tokens.admin,
        body: { elevatorIds: ids },
      },
    );
    expect(state.body.data).toEqual([expect.objectContaining({ elevatorId: ids[0], state: 'pending' })]);

    // Both parties see it; the other companies do not.
    expect(
      (
        await t.api('GET', `/pc/maintenanceContract/detail/${saved.body.data.id}`, {
          token: tokens.sy_admin1,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.api('GET', `/pc/maintenanceContract/detail/${saved.body.data.id}`, {
          token: tokens.sy_admin2,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.api('GET', `/pc/maintenanceContract/detail/${saved.body.data.id}`, {
          token: tokens.wb_admin2,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.api('DELETE', '/pc/maintenanceContract/delete', {
          token: tokens.wb_admin1,
          query: { ids: saved.body.data.id },
        })
      ).status,
    ).toBe(409);

    // The regulator of the use unit's area rejects, the party corrects, the regulator passes.
    const cases = await t.api<Page<ContractAuditRow>>('GET', '/pc/maintenanceContractAudit/queryList', {
      token: tokens.jg_qingxiu,
      query: { state: 2 },
    });
    const auditId = cases.body.data.records.find((c) => c.contractId === saved.body.data.id)!.auditId;
    expect(
      (
        await t.api('POST', '/pc/maintenanceContractAudit/auditPass', {
          token: tokens.wb_admin1,
          body: { auditId },
        })
      ).status,
    ).toBe(403);
    const rejected = await t.api<ContractAuditRow>('POST', '/pc/maintenanceContractAudit/auditReject', {
      token: tokens.jg_qingxiu,
      body: { auditId, auditDescription: '缺少盖章页' },
    });
    expect(rejected.body.data.state).toBe(4);
    const corrected = await t.api<ContractDetail>('POST', '/pc/maintenanceContract/update', {
      token: tokens.sy_admin1,
      body: { ...body, id: saved.body.data.id, remark: '已补盖章页', version: saved.body.data.version },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data).toMatchObject({ filingState: 2, remark: '已补盖章页' });
    const detail = await t.api<{ contract: ContractDetail }>(
      'GET',
      `/pc/maintenanceContractAudit/detail/${auditId}`,
      {
        token: tokens.jg_qingxiu,
      },
    );
    expect(detail.body.data.contract.elevators.map((e) => e.id)).toEqual(ids);
    const passed = await t.api<ContractAuditRow>('POST', '/pc/maintenanceContractAudit/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId },
    });
    expect(passed.body.data.state).toBe(3);
    expect(
      (
        await t.api('POST', '/pc/maintenanceContractAudit/auditPass', {
          token: tokens.jg_qingxiu,
          body: { auditId },
        })
      ).status,
    ).toBe(409);
    const valid = await t.api<{ state: string; contractNo: string }[]>(
      'POST',
      '/pc/maintenanceContract/elevatorState',
      {
        token: tokens.wb_admin1,
        body: { elevatorIds: ids },
      },
    );
    expect(valid.body.data[0]).toMatchObject({ state: 'valid', contractNo: body.contractNo });

    // A change to a passed contract goes back for audit.
    const changed = await t.api<ContractDetail>('POST', '/pc/maintenanceContract/update', {
      token: tokens.wb_admin1,
      body: { ...body, id: saved.body.data.id, planType: 'MONTH' },
    });
    expect(changed.body.data).toMatchObject({ filingState: 2, planTypeLabel: '月度' });
    expect(changed.body.data.history.map((h) => h.action)).toEqual([
      'submit',
      'reject',
      'submit',
      'pass',
      'submit',
    ]);
    await t.api('POST', '/pc/maintenanceContractAudit/auditPass', {
      token: tokens.jg_qingxiu,
      body: { auditId },
    });

    // Decided audit records can be removed from the list; the contract stays.
    const removed = await t.api<{ deleted: number }>('DELETE', '/pc/maintenanceContractAudit/delete', {
      token: tokens.jg_qingxiu,
      query: { ids: String(auditId) },
    });
    expect(removed.body.data.deleted).toBe(1);
    const deleted = await t.api<{ deleted: number }>('DELETE', '/pc/maintenanceContract/delete', {
      token: tokens.wb_admin1,
      query: { ids: String(saved.body.data.id) },
    });
    expect(deleted.body.data.deleted).toBe(1);
  });

  it('lists contracts by status in scope and flags elevators without a valid contract', async () => {
    const mine = await t.api<Page<ContractRow>>('GET', '/pc/maintenanceContract/queryList', {
      token: tokens.wb_admin2,
      query: { limit: 500 },
    });
    expect(mine.body.data.total).toBeGreaterThan(0);
    expect(mine.body.data.records.every((c) => c.maintenanceCompanyId === 2)).toBe(true);
    const statuses = new Set(
      (
        await t.api<Page<ContractRow>>('GET', '/pc/maintenanceContract/queryList', {
          token: tokens.admin,
          query: { limit: 500 },
        })
      ).body.data.records.map((c) => c.status),
    );
    for (const s of ['valid', 'expired', 'pending', 'rejected']) expect(statuses, s).toContain(s);
    const expired = await t.api<Page<ContractRow>>('GET', '/pc/maintenanceContract/queryList', {
      token: tokens.admin,
      query: { status: 'expired' },
    });
    expect(expired.body.data.records.every((c) => c.status === 'expired' && c.statusLabel === '已过期')).toBe(
      true,
    );
    const regulator = await t.api<Page<ContractRow>>('GET', '/pc/maintenanceContract/queryList', {
      token: tokens.jg_qingxiu,
      query: { limit: 500 },
    });
    expect(regulator.body.data.records.every((c) => c.useCompanyId === 3)).toBe(true);

    const flagged = await t.api<Page<FlaggedElevator>>('GET', '/pc/maintenanceContract/flaggedElevators', {
      token: tokens.admin,
      query: { limit: 500 },
    });
    expect(flagged.body.data.total).toBeGreaterThan(0);
    const flags = new Set(flagged.body.data.records.map((f) => f.flag));
    expect(flags).toContain('missing');
    expect(flags).toContain('expired');
    const expiredOnly = await t.api<Page<FlaggedElevator>>(
      'GET',
      '/pc/maintenanceContract/flaggedElevators',
      {
        token: tokens.admin,
        query: { flag: 'expired', limit: 500 },
      },
    );
    expect(expiredOnly.body.data.records.every((f) => f.flag === 'expired' && f.contractNo)).toBe(true);
    const ownFlags = await t.api<Page<FlaggedElevator>>('GET', '/pc/maintenanceContract/flaggedElevators', {
      token: tokens.wb_admin1,
      query: { limit: 500 },
    });
    expect(ownFlags.body.data.records.every((f) => f.maintenanceCompanyId === 1)).toBe(true);
    // Elevators outside the caller's scope get no state.
    const foreign = lifts.find((e) => e.maintenanceCompanyId === 2)!;
    const none = await t.api<unknown[]>('POST', '/pc/maintenanceContract/elevatorState', {
      token: tokens.wb_admin1,
      body: { elevatorIds: [foreign.id] },
    });
    expect(none.body.data).toEqual([]);
  });

  it('keeps communities per area and use unit', async () => {
    const all = await t.api<Page<CommunityRow>>('GET', '/pc/community/query', {
      token: tokens.admin,
      query: { limit: 100 },
    });
    expect(all.body.data.total).toBe(30);
    expect(all.body.data.records.some((c) => c.elevatorCount > 0)).toBe(true);
    const area = await t.api<Page<CommunityRow>>('GET', '/pc/community/query', {
      token: tokens.jg_qingxiu,
      query: { limit: 100 },
    });
    expect(area.body.data.records.every((c) => c.areaCode === '450103')).toBe(true);

    const saved = await t.api<CommunityRow>('POST', '/pc/community/save', {
      token: tokens.jg_qingxiu,
      body: {
        name: '测试新小区',
        areaCode: '450103',
        address: '南宁市青秀区测试路 1 号',
        useCompanyId: 3,
        buildingCount: 12,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      useCompanyName: '南宁青秀万象物业服务有限公司',
      areaName: '青秀区',
    });
    const twice = await t.api('POST', '/pc/community/save', {
      token: tokens.jg_qingxiu,
      body: { name: '测试新小区', areaCode: '450103', address: '别处' },
    });
    expect(twice.status).toBe(409);
    expect(
      (
        await t.api('POST', '/pc/community/save', {
          token: tokens.jg_qingxiu,
          body: { name: '外区小区', areaCode: '450105', address: '江南区' },
        })
      ).status,
    ).toBe(403);
    const edited = await t.api<CommunityRow>('POST', '/pc/community/save', {
      token: tokens.jg_qingxiu,
      body: { id: saved.body.data.id, version: 0, name: '测试新小区', areaCode: '450103', address: '新地址' },
    });
    expect(edited.body.data).toMatchObject({ address: '新地址', version: 1 });
    const stale = await t.api('POST', '/pc/community/save', {
      token: tokens.jg_qingxiu,
      body: { id: saved.body.data.id, version: 0, name: '测试新小区', areaCode: '450103', address: '旧地址' },
    });
    expect(stale.status).toBe(409);
    const detail = await t.api<CommunityRow>('GET', `/pc/community/detail/${saved.body.data.id}`, {
      token: tokens.sy_admin1,
    });
    expect(detail.status).toBe(403); // use units hold no community page
    expect(
      (await t.api('GET', `/pc/community/detail/${saved.body.data.id}`, { token: tokens.admin })).body.data,
    ).toMatchObject({ name: '测试新小区' });
    const deleted = await t.api<{ deleted: number }>('DELETE', '/pc/community/delete', {
      token: tokens.jg_qingxiu,
      query: { ids: String(saved.body.data.id) },
    });
    expect(deleted.body.data.deleted).toBe(1);
    expect(
      (await t.api('GET', `/pc/community/detail/${saved.body.data.id}`, { token: tokens.admin })).status,
    ).toBe(404);
  });

  it('averages the use units ratings per maintenance company', async () => {
    const list = await t.api<Page<IncentiveRow>>('GET', '/pc/maintenanceIncentive/queryList', {
      token: tokens.sy_admin1,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.records.length).toBeGreaterThan(0);
    for (const r of list.body.data.records) {
      expect(r.averageScore).toBeGreaterThanOrEqual(1);
      expect(r.averageScore).toBeLessThanOrEqual(5);
    }
    // The demo ratings of this month may already include an elevator: rate one that has none.
    const ratedNow = new Set<number>();
    for (const maintenanceCompanyId of [1, 2]) {
      const given = await t.api<Page<RatingRow>>('GET', '/pc/maintenanceIncentive/detail', {
        token: tokens.sy_admin1,
        query: { maintenanceCompanyId, limit: 500 },
      });
      const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
      for (const r of given.body.data.records) if (r.createTime.startsWith(month)) ratedNow.add(r.elevatorId);
    }
    const target = lifts.find(
      (e) => e.useCompanyId === 3 && e.maintenanceCompanyId !== null && !ratedNow.has(e.id),
    )!;
    const rated = await t.api<RatingRow>('POST', '/pc/maintenanceIncentive/save', {
      token: tokens.sy_admin1,
      body: { elevatorId: target.id, score: 5, comment: '很好' },
    });
    expect(rated.status, rated.body.resultMsg).toBe(200);
    expect(rated.body.data).toMatchObject({ score: 5, useCompanyName: '南宁青秀万象物业服务有限公司' });
    const again = await t.api('POST', '/pc/maintenanceIncentive/save', {
      token: tokens.sy_admin1,
      body: { elevatorId: target.id, score: 4 },
    });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toContain(`电梯 ${target.registerCode} 本月`);
    expect(again.body.resultMsg).toContain('每台电梯每月只能评价一次');
    // The company's average is the mean of the ratings the viewer sees, the new one included.
    const after = await t.api<Page<IncentiveRow>>('GET', '/pc/maintenanceIncentive/queryList', {
      token: tokens.sy_admin1,
    });
    const company = after.body.data.records.find(
      (r) => r.maintenanceCompanyId === target.maintenanceCompanyId,
    )!;
    const given = await t.api<Page<RatingRow>>('GET', '/pc/maintenanceIncentive/detail', {
      token: tokens.sy_admin1,
      query: { maintenanceCompanyId: target.maintenanceCompanyId!, limit: 500 },
    });
    expect(given.body.data.total).toBe(company.ratingCount);
    const mean = given.body.data.records.reduce((n, r) => n + r.score, 0) / given.body.data.total;
    expect(company.averageScore).toBeCloseTo(mean, 2);
    expect(
      (
        await t.api('POST', '/pc/maintenanceIncentive/save', {
          token: tokens.sy_admin2,
          body: { elevatorId: target.id, score: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.api('POST', '/pc/maintenanceIncentive/save', {
          token: tokens.sy_admin1,
          body: { elevatorId: target.id, score: 6 },
        })
      ).status,
    ).toBe(400);
    // Maintenance companies see their own ratings but give none.
    const own = await t.api<Page<IncentiveRow>>('GET', '/pc/maintenanceIncentive/queryList', {
      token: tokens.admin,
    });
    expect(own.body.data.records.map((r) => r.maintenanceCompanyId).sort()).toEqual([1, 2]);
    expect(
      (
        await t.api('POST', '/pc/maintenanceIncentive/save', {
          token: tokens.wb_admin1,
          body: { elevatorId: target.id, score: 5 },
        })
      ).status,
    ).toBe(403);
  });
});
