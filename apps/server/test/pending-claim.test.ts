import {
  API_PREFIX,
  type ClaimRecord,
  claimCalls,
  type ElevatorDetail,
  type ElevatorRow,
  elevatorCalls,
  type MaintenanceOrderRow,
  maintenanceOrderCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers, dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart, PNG_1PX } from './multipart.ts';

/**
 * A pending claim shows the claimant the claim and the lift it asked for (identity and address),
 * never another party's records: not the lift's work orders with their workers, not the maintenance
 * company's contacts, not the regulator's attachments or their files. After withdrawing, none of it
 * reads, also not the file ids it may have noted.
 */
// The registry's calls win a shared name (queryList is the lifts', not the work orders').
const calls = { ...maintenanceOrderCalls, ...elevatorCalls, ...claimCalls };
type CallName = keyof typeof calls;

describe.each(dbKinds)('a pending claim on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let lift: ElevatorRow;
  let claim: ClaimRecord;
  let orderId: number;
  let fileId: string;

  const api = apiHelpers(() => t, tokens);
  const send = <T = unknown>(user: string, name: CallName, input: Record<string, unknown> = {}) =>
    api.send<T>(user, calls[name], input);
  const fileStatus = async (user: string) =>
    (
      await t.inject({
        method: 'GET',
        url: `${API_PREFIX}/showFile?id=${fileId}`,
        headers: { authorization: `Bearer ${tokens[user]}` },
      })
    ).statusCode;

  /** Every call that returns the lift's records or another party's, with its input. */
  const othersRecords = (): [CallName, Record<string, unknown>][] => [
    ['detailInfo', { elevatorId: lift.id }],
    ['detailMaintenanceOrderInfo', { elevatorId: lift.id, page: 1, limit: 10 }],
    ['detailMaintenanceInfo', { elevatorId: lift.id }],
    ['detailBuildingCompanyInfo', { elevatorId: lift.id }],
    ['attachmentList', { elevatorId: lift.id }],
    ['info', { id: orderId }],
    ['queryOrderRecord', { orderId, page: 1, limit: 10 }],
    // The other side of its own claim case: the maintenance company's contacts.
    ['auditDetailMaintenance', { auditId: claim.auditId }],
  ];

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of ['admin', 'wb_admin1', 'sy_admin2']) tokens[u] = await t.login(u);
    const wb1 = (
      await t.api<{ companyId: number }>('GET', '/pc/sysUser/getUserInfo', { token: tokens.wb_admin1 })
    ).body.data.companyId;
    const all = (await send<{ records: ElevatorRow[] }>('admin', 'queryList', { page: 1, limit: 500 })).body
      .data.records;
    // Maintained by company 1, with no use unit yet: use unit 2 may claim it.
    lift = all.find((r) => r.maintenanceCompanyId === wb1 && r.useClaimState === 0 && r.status === 1)!;
    expect(lift).toBeDefined();
    // A lift without a use unit has no contract, so no plan: it is given a visit of its own here.
    await t.platform.db.execute(sql`
      with o as (
        insert into maintenance_order (order_no, elevator_id, maintenance_company_id, area_code, kind, status, plan_date,
          worker_ids, workers, sign_in_at, sign_out_at)
        values ('WB-PENDING-1', ${lift.id}, ${wb1}, ${lift.areaCode}, 1, 4, current_date - 3, '{}', '{张三,李四}',
          now() - interval '3 days', now() - interval '3 days' + interval '50 minutes')
        returning id)
      insert into maintenance_order_record (order_id, at, action, operator) select id, now(), '创建工单', '系统' from o`);
    const orders = await send<{ records: MaintenanceOrderRow[] }>('admin', 'detailMaintenanceOrderInfo', {
      elevatorId: lift.id,
      page: 1,
      limit: 10,
    });
    expect(orders.body.data.records.length, 'the lift has work orders').toBeGreaterThan(0);
    orderId = orders.body.data.records[0].id;
    // The regulator's attachment on the lift.
    const { payload, contentType } = multipart([{ name: '检验报告.png', body: PNG_1PX, type: 'image/png' }]);
    const up = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/common/upload`,
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': contentType },
      payload,
    });
    fileId = up.json().data.id;
    expect((await send('admin', 'attachmentAdd', { elevatorId: lift.id, fileIds: [fileId] })).status).toBe(
      200,
    );

    expect((await send('sy_admin2', 'submitClaim', { ids: [lift.id] })).status).toBe(200);
    const records = await send<{ records: ClaimRecord[] }>('sy_admin2', 'queryHistoryList', {
      page: 1,
      limit: 10,
      registerCode: lift.registerCode,
    });
    [claim] = records.body.data.records;
    expect(claim.state).toBe(2);
  });
  afterAll(() => t?.close());

  it('the holder reads the lift’s records (the control)', async () => {
    for (const [name, input] of othersRecords()) {
      if (name === 'auditDetailMaintenance') continue;
      const res = await send('wb_admin1', name, input);
      expect(res.status, `wb_admin1 ${name}`).toBe(200);
    }
    expect(await fileStatus('wb_admin1')).toBe(200);
  });

  it('while pending, the claimant reads its claim and the lift’s identity, nothing of other parties', async () => {
    for (const [name, input] of othersRecords()) {
      const res = await send('sy_admin2', name, input);
      expect(res.status, `sy_admin2 ${name}: ${res.body.resultMsg}`).toBe(404);
    }
    expect(await fileStatus('sy_admin2')).toBe(404);

    // What the claim pages need: the claim lists, the claim with its history, the lift's identity.
    const mine = await send<{ records: ElevatorRow[] }>('sy_admin2', 'queryClaim', {
      registerCode: lift.registerCode,
    });
    expect(mine.body.data.records.map((r) => r.id)).toEqual([lift.id]);
    const history = await send<{ claim: ClaimRecord }>('sy_admin2', 'elevatorHistoryDetail', {
      id: claim.id,
    });
    expect(history.body.data.claim).toMatchObject({ id: claim.id, state: 2, address: lift.address });
    const own = await send<ClaimRecord[]>('sy_admin2', 'historyElevatorClaim', { elevatorId: lift.id });
    expect(own.body.data.map((r) => r.id)).toEqual([claim.id]);
    const asked = await send<ElevatorDetail>('sy_admin2', 'auditDetailInfo', { auditId: claim.auditId });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ registerCode: lift.registerCode, address: lift.address });
    const page = await send<{ elevator: ElevatorDetail }>('sy_admin2', 'queryClaimElevatorDetail', {
      id: claim.id,
    });
    expect(page.status).toBe(200);
    expect(page.body.data.elevator.registerCode).toBe(lift.registerCode);
    // Its own side of the case is its own company.
    const self = await send<{ id: number }>('sy_admin2', 'auditDetailUserCompany', {
      auditId: claim.auditId,
    });
    expect(self.status).toBe(200);
    expect(self.body.data.id).toBe(claim.companyId);
  });

  it('after withdrawing, nothing of the lift reads', async () => {
    expect((await send('sy_admin2', 'unSubmitObject', { ids: [lift.id] })).status).toBe(200);
    for (const [name, input] of othersRecords()) {
      const res = await send('sy_admin2', name, input);
      expect(res.status, `sy_admin2 ${name}: ${res.body.resultMsg}`).toBe(404);
    }
    expect(await fileStatus('sy_admin2')).toBe(404);
    for (const [name, input] of [
      ['auditDetailInfo', { auditId: claim.auditId }],
      ['queryClaimElevatorDetail', { id: claim.id }],
    ] as [CallName, Record<string, unknown>][]) {
      const res = await send('sy_admin2', name, input);
      expect(res.status, `sy_admin2 ${name}`).toBe(404);
    }
    // Its own withdrawn claim stays in its records.
    const history = await send<{ claim: ClaimRecord }>('sy_admin2', 'elevatorHistoryDetail', {
      id: claim.id,
    });
    expect(history.body.data.claim.state).toBe(1);
  });
});
