import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  type ClaimRecord,
  claimCalls,
  type ElevatorDetail,
  type ElevatorRow,
  elevatorCalls,
  formatDate,
  type InspectionCounts,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_HEADERS } from '../src/modules/elevator/sheet.ts';
import { xlsxBuffer } from '../src/platform/excel.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';

/**
 * Data scope, call by call: every call of the elevator and claim domains is made by one company
 * (or the district regulator) against an elevator of another (or of another district). A call on
 * that elevator answers 404 (403 without the permission), a list or export leaves it out while its
 * owner's shows it, and afterwards the elevator and its claims are exactly as they were.
 */
const calls = { ...elevatorCalls, ...claimCalls };
type CallName = keyof typeof calls;

type Page<T> = { records: T[]; total: number };

interface Case {
  /** Who calls. */
  actor: string;
  /** Who may see the foreign elevator (the positive control of lists and exports). */
  owner: string;
  perms: Set<string>;
  /** 'maintenance', 'use' or null: which claims the actor may make. */
  claimType: 'maintenance' | 'use' | null;
  /** An elevator outside the actor's scope, bound, with coordinates. */
  foreign: ElevatorRow;
  /** A claim on it, visible to its owner. */
  claim: ClaimRecord;
  /** A pending claim outside the actor's reach (for the reviewers' calls). */
  pending: ClaimRecord;
  /**
   * The actor's own claim on the foreign elevator, still pending: it shows the actor the claim and
   * the lift in its claim lists, and nothing of the lift's other parties.
   */
  ownClaim?: ClaimRecord;
}

describe.each(dbKinds)('elevator data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const cases: Record<string, Case> = {};

  /** Makes a contract call as `user`: path parameters filled in, GET and DELETE input as the query. */
  const send = <T = unknown>(user: string, name: CallName, input: Record<string, unknown> = {}) => {
    const call = calls[name];
    const rest = { ...input };
    const path = call.path.replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = rest[key];
      delete rest[key];
      return String(value);
    });
    if (call.method === 'GET' || call.method === 'DELETE') {
      // Lists travel as comma-separated values in a query.
      const query = Object.fromEntries(
        Object.entries(rest).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v as string)]),
      );
      return t.api<T>(call.method, path, { token: tokens[user], query });
    }
    return t.api<T>(call.method, path, { token: tokens[user], body: rest });
  };

  /** The 注册代码 column of an exported sheet. */
  const sheetCodes = (file: Buffer) => {
    const book = XLSX.read(file, { type: 'buffer' });
    return XLSX.utils
      .sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]], { raw: false })
      .map((r) => r['注册代码']);
  };

  /** A file call returns bytes: read them as such. */
  const sendFile = async (user: string, name: CallName, input: Record<string, unknown>) => {
    const call = calls[name];
    const res = await t.inject({
      method: call.method as 'POST',
      url: API_PREFIX + call.path,
      headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });
    return { status: res.statusCode, codes: res.statusCode === 200 ? sheetCodes(res.rawPayload) : [] };
  };

  /** The refusal a call on the foreign elevator must get: 404, or 403 without the permission. */
  const refused = async (c: Case, name: CallName, input: Record<string, unknown>) => {
    const res = await send(c.actor, name, input);
    expect(res.status, `${c.actor} ${name}: ${res.body.resultMsg}`).toBe(
      c.perms.has(calls[name].permission ?? '') ? 404 : 403,
    );
  };

  /** A call the actor may not make at all (a probe is needed once a role gets its permission). */
  const forbidden = async (c: Case, name: CallName, input: Record<string, unknown> = {}) => {
    expect(c.perms.has(calls[name].permission ?? ''), `${c.actor} holds ${name}'s permission`).toBe(false);
    expect((await send(c.actor, name, input)).status).toBe(403);
  };

  /** Claims made as the wrong kind of company (or by no company) are 403 whatever the elevator. */
  const claimAs = async (
    c: Case,
    type: 'maintenance' | 'use',
    name: CallName,
    input: Record<string, unknown>,
    expected: number,
  ) => {
    const res = await send(c.actor, name, input);
    expect(res.status, `${c.actor} ${name}: ${res.body.resultMsg}`).toBe(
      c.claimType === type ? expected : 403,
    );
  };

  /** A list leaves the foreign elevator out for the actor and shows it to its owner. */
  const leftOut = async <T>(
    c: Case,
    name: CallName,
    input: Record<string, unknown>,
    ids: (data: T) => number[],
    shownTo = c.owner,
  ) => {
    const mine = await send<T>(c.actor, name, input);
    if (!c.perms.has(calls[name].permission ?? '')) {
      expect(mine.status).toBe(403);
      return;
    }
    expect(mine.status, `${c.actor} ${name}: ${mine.body.resultMsg}`).toBe(200);
    expect(ids(mine.body.data)).not.toContain(c.foreign.id);
    const theirs = await send<T>(shownTo, name, input);
    expect(theirs.status).toBe(200);
    expect(ids(theirs.body.data), `${shownTo} sees it in ${name}`).toContain(c.foreign.id);
  };

  const exported = async (c: Case, name: CallName) => {
    const input = { registerCode: c.foreign.registerCode };
    const mine = await sendFile(c.actor, name, input);
    expect(mine.status).toBe(200);
    expect(mine.codes).toEqual([]);
    expect((await sendFile(c.owner, name, input)).codes).toEqual([c.foreign.registerCode]);
  };

  const fieldsOf = (e: ElevatorDetail) => ({
    registerCode: e.registerCode,
    type: e.type,
    areaCode: e.areaCode,
    address: e.address,
    useStatus: e.useStatus,
    id: e.id,
    version: e.version,
  });

  const rowIds = (d: Page<ElevatorRow>) => d.records.map((r) => r.id);
  const claimElevatorIds = (d: Page<ClaimRecord>) => d.records.map((r) => r.elevatorId);

  /** One probe per call: a new call without a probe fails to compile and fails the completeness test. */
  const probes: Record<CallName, (c: Case, detail: ElevatorDetail) => Promise<void>> = {
    queryList: (c) => leftOut(c, 'queryList', { registerCode: c.foreign.registerCode }, rowIds),
    queryElevatorList: (c) =>
      leftOut(c, 'queryElevatorList', { registerCode: c.foreign.registerCode }, rowIds),
    query: (c) =>
      leftOut(c, 'query', { keyword: c.foreign.registerCode }, (d: { id: number }[]) => d.map((r) => r.id)),
    // A regulator has no claims of its own: its list is empty, not refused.
    queryClaim: async (c) => {
      if (!c.ownClaim) return leftOut(c, 'queryClaim', { registerCode: c.foreign.registerCode }, rowIds);
      // 我的认领 lists what the claimant asked for.
      const mine = await send<Page<ElevatorRow>>(c.actor, 'queryClaim', {
        registerCode: c.foreign.registerCode,
      });
      expect(rowIds(mine.body.data)).toEqual([c.foreign.id]);
    },
    queryUnClaim: async (c) => {
      // Bound elsewhere, so not claimable; the list itself is not empty.
      const claimable = await send<Page<ElevatorRow>>(c.actor, 'queryUnClaim', { page: 1, limit: 500 });
      expect(claimable.status).toBe(200);
      expect(claimable.body.data.total).toBeGreaterThan(0);
      expect(rowIds(claimable.body.data)).not.toContain(c.foreign.id);
    },
    queryByPoint: (c) =>
      leftOut(
        c,
        'queryByPoint',
        { lng: c.foreign.longitude, lat: c.foreign.latitude, radiusKm: 0.05 },
        (d: { id: number }[]) => d.map((r) => r.id),
      ),
    queryElevator: (c) => refused(c, 'queryElevator', { code: c.foreign.registerCode }),
    // The foreign elevator made overdue for inspection: its owner's count grows, the actor's does not.
    inspectionCounts: async (c) => {
      const counts = async (user: string) => {
        const res = await send<InspectionCounts>(user, 'inspectionCounts');
        return res.status === 200 ? res.body.data.overdue : res.status;
      };
      if (!c.perms.has('elevator:list')) {
        expect(await counts(c.actor)).toBe(403);
        return;
      }
      const [before] = await t.platform.db
        .execute(
          sql`select next_inspect_date::text as d, use_status as u from elevator where id = ${c.foreign.id}`,
        )
        .then((r) => (r as unknown as { rows: { d: string | null; u: number }[] }).rows);
      const [mine, theirs] = [await counts(c.actor), await counts(c.owner)];
      await t.platform.db.execute(
        sql`update elevator set next_inspect_date = current_date - 400, use_status = 1 where id = ${c.foreign.id}`,
      );
      try {
        const wasOverdue = before.u === 1 && before.d !== null && before.d < formatDate(new Date());
        expect(await counts(c.actor)).toBe(mine);
        expect(await counts(c.owner)).toBe((theirs as number) + (wasOverdue ? 0 : 1));
      } finally {
        await t.platform.db.execute(
          sql`update elevator set next_inspect_date = ${before.d}::date, use_status = ${before.u} where id = ${c.foreign.id}`,
        );
      }
    },
    save: async (c) => {
      const elsewhere = {
        registerCode: '31104501992026990001',
        type: 1,
        areaCode: c.foreign.areaCode,
        address: '南宁市辖区外测试路 1 号',
      };
      if (!c.perms.has('elevator:edit')) return forbidden(c, 'save', elsewhere);
      // A regulator creates elevators only in its own districts.
      const res = await send(c.actor, 'save', elsewhere);
      expect(res.status).toBe(400);
      expect(res.body.resultMsg).toContain('只能在本辖区内新增电梯');
    },
    saveedit: (c, d) => refused(c, 'saveedit', fieldsOf(d)),
    update: (c, d) => refused(c, 'update', fieldsOf(d)),
    updateBatch: (c) => refused(c, 'updateBatch', { ids: [c.foreign.id], useStatus: 2 }),
    delete: (c) => refused(c, 'delete', { ids: [c.foreign.id] }),
    enAble: (c) => refused(c, 'enAble', { ids: [c.foreign.id] }),
    disAble: (c) => refused(c, 'disAble', { ids: [c.foreign.id] }),
    unbindingEmergencyCode: (c) => refused(c, 'unbindingEmergencyCode', { id: c.foreign.id }),
    supervisionCode: (c) => refused(c, 'supervisionCode', { id: c.foreign.id, supervisionCode: 'JC2026' }),
    distributionElevator: (c) =>
      refused(c, 'distributionElevator', {
        ids: [c.foreign.id],
        maintenanceCompanyId: c.foreign.maintenanceCompanyId,
      }),
    syncModify: (c) => forbidden(c, 'syncModify', { id: c.foreign.id, useStatus: 2 }),
    syncData: (c, d) => forbidden(c, 'syncData', { records: [fieldsOf(d)] }),
    syncSheet: (c) => forbidden(c, 'syncSheet'),
    refreshInspectTime: (c) => refused(c, 'refreshInspectTime', { id: c.foreign.id }),
    refreshAllInspectTime: async (c) => {
      if (!c.perms.has('elevator:edit')) return forbidden(c, 'refreshAllInspectTime');
      // Out of step on purpose: the foreign one must stay so, one of the actor's is put right.
      const [own] = (await send<Page<ElevatorRow>>(c.actor, 'queryList', { page: 1, limit: 1 })).body.data
        .records;
      for (const id of [own.id, c.foreign.id])
        await t.platform.db.execute(
          sql`update elevator set last_inspect_date = '2026-01-10', next_inspect_date = '2030-01-01' where id = ${id}`,
        );
      expect((await send(c.actor, 'refreshAllInspectTime')).status).toBe(200);
      const next = async (id: number) =>
        (await send<ElevatorDetail>('admin', 'detailInfo', { elevatorId: id })).body.data.nextInspectDate;
      expect(await next(own.id)).toBe('2027-01-10');
      expect(await next(c.foreign.id)).toBe('2030-01-01');
      await t.platform.db.execute(
        sql`update elevator set last_inspect_date = ${before[c.actor].lastInspectDate}, next_inspect_date = ${before[c.actor].nextInspectDate} where id = ${c.foreign.id}`,
      );
    },
    importList: async (c) => {
      const file = await xlsxBuffer(
        'S',
        [...IMPORT_HEADERS],
        [
          IMPORT_HEADERS.map((_, i) =>
            i === 0
              ? '31104501992026990002'
              : i === 5
                ? '直梯'
                : i === 8
                  ? (c.foreign.areaName ?? '')
                  : i === 9
                    ? '南宁市辖区外导入路 1 号'
                    : '',
          ),
        ],
      );
      const { payload, contentType } = multipart([{ name: 'elevators.xlsx', body: file }]);
      const res = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}${calls.importList.path}`,
        headers: { authorization: `Bearer ${tokens[c.actor]}`, 'content-type': contentType },
        payload,
      });
      if (!c.perms.has('elevator:import')) {
        expect(res.statusCode).toBe(403);
        return;
      }
      const report = res.json().data as { success: boolean; imported: number; errors: { message: string }[] };
      expect(report).toMatchObject({ success: false, imported: 0 });
      expect(report.errors.map((e) => e.message).join()).toContain('不在本辖区');
    },
    importTemplate: async (c) => {
      // A blank template: nothing of anybody's.
      const res = await send(c.actor, 'importTemplate');
      expect(res.status).toBe(c.perms.has('elevator:import') ? 200 : 403);
    },
    export: (c) => exported(c, 'export'),
    exportExcel: (c) => exported(c, 'exportExcel'),
    exportByIds: async (c) =>
      expect((await sendFile(c.actor, 'exportByIds', { ids: [c.foreign.id] })).status).toBe(404),
    exportElevatorDataByIds: async (c) =>
      expect((await sendFile(c.actor, 'exportElevatorDataByIds', { ids: [c.foreign.id] })).status).toBe(404),
    detailInfo: (c) => refused(c, 'detailInfo', { elevatorId: c.foreign.id }),
    detailMaintenanceOrderInfo: (c) =>
      refused(c, 'detailMaintenanceOrderInfo', { elevatorId: c.foreign.id, page: 1, limit: 10 }),
    detailMaintenanceInfo: (c) => refused(c, 'detailMaintenanceInfo', { elevatorId: c.foreign.id }),
    detailBuildingCompanyInfo: (c) => refused(c, 'detailBuildingCompanyInfo', { elevatorId: c.foreign.id }),
    attachmentList: (c) => refused(c, 'attachmentList', { elevatorId: c.foreign.id }),
    attachmentAdd: (c) => refused(c, 'attachmentAdd', { elevatorId: c.foreign.id, fileIds: [randomUUID()] }),
    attachmentRemove: (c) => refused(c, 'attachmentRemove', { elevatorId: c.foreign.id, ids: [1] }),
    auditDetailInfo: (c) => refused(c, 'auditDetailInfo', { auditId: c.claim.auditId }),
    auditDetailUserCompany: (c) => refused(c, 'auditDetailUserCompany', { auditId: c.claim.auditId }),
    auditDetailMaintenance: (c) => refused(c, 'auditDetailMaintenance', { auditId: c.claim.auditId }),
    queryClaimElevatorList: async (c) => {
      // Claims waiting for review: the regulator's list leaves out another district's, the admin's has it.
      const input = { page: 1, limit: 100, registerCode: c.pending.registerCode };
      const mine = await send<Page<ClaimRecord>>(c.actor, 'queryClaimElevatorList', input);
      if (!c.perms.has(calls.queryClaimElevatorList.permission ?? '')) {
        expect(mine.status).toBe(403);
        return;
      }
      expect(mine.body.data.records.map((r) => r.id)).not.toContain(c.pending.id);
      const all = await send<Page<ClaimRecord>>('admin', 'queryClaimElevatorList', input);
      expect(all.body.data.records.map((r) => r.id)).toContain(c.pending.id);
    },
    queryClaimElevatorDetail: (c) => refused(c, 'queryClaimElevatorDetail', { id: c.claim.id }),
    claim: (c) => claimAs(c, 'maintenance', 'claim', { ids: [c.foreign.id] }, 409),
    unClaim: (c) => claimAs(c, 'maintenance', 'unClaim', { ids: [c.foreign.id] }, 404),
    submitClaim: (c) => claimAs(c, 'use', 'submitClaim', { ids: [c.foreign.id] }, 409),
    // Withdrawing its own pending claim is the claimant's right (pending-claim.test.ts); not probed here.
    unSubmitObject: async (c) =>
      c.ownClaim ? undefined : claimAs(c, 'use', 'unSubmitObject', { ids: [c.foreign.id] }, 404),
    auditPass: (c) =>
      refused(c, 'auditPass', {
        auditId: c.pending.auditId,
        version: c.pending.version,
        auditDescription: '',
      }),
    auditReject: (c) =>
      refused(c, 'auditReject', {
        auditId: c.pending.auditId,
        version: c.pending.version,
        auditDescription: '不在本辖区',
      }),
    queryHistoryList: async (c) => {
      const input = { page: 1, limit: 100, registerCode: c.foreign.registerCode };
      if (!c.ownClaim) return leftOut(c, 'queryHistoryList', input, claimElevatorIds);
      // Its own claim, none of the holder's.
      const mine = await send<Page<ClaimRecord>>(c.actor, 'queryHistoryList', input);
      expect(mine.body.data.records.map((r) => r.id)).toEqual([c.ownClaim.id]);
    },
    elevatorHistoryDetail: (c) => refused(c, 'elevatorHistoryDetail', { id: c.claim.id }),
    historyElevatorClaim: async (c) => {
      if (!c.ownClaim) return refused(c, 'historyElevatorClaim', { elevatorId: c.foreign.id });
      const mine = await send<ClaimRecord[]>(c.actor, 'historyElevatorClaim', { elevatorId: c.foreign.id });
      expect(mine.body.data.map((r) => r.id)).toEqual([c.ownClaim.id]);
    },
    batchRemoveElevator: (c) => refused(c, 'batchRemoveElevator', { ids: [c.pending.id] }),
  };

  /** Each actor's foreign elevator as the admin saw it before any probe. */
  const before: Record<string, ElevatorDetail> = {};
  const claimsBefore: Record<string, unknown> = {};

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of ['admin', 'jg_qingxiu', 'wb_admin1', 'wb_admin2', 'sy_admin1', 'sy_admin2'])
      tokens[u] = await t.login(u);
    const all = (await send<Page<ElevatorRow>>('admin', 'queryList', { page: 1, limit: 500 })).body.data
      .records;
    const located = (r: ElevatorRow) => r.longitude !== null && r.latitude !== null;
    const companyOf = async (user: string) =>
      (await t.api<{ companyId: number }>('GET', '/pc/sysUser/getUserInfo', { token: tokens[user] })).body
        .data.companyId;
    const wb1 = await companyOf('wb_admin1');
    const wb2 = await companyOf('wb_admin2');
    const sy2 = await companyOf('sy_admin2');
    const outside = (r: ElevatorRow) => r.areaCode !== '450103';
    // A pending claim outside the regulator's district, made by wb_admin1 on an unbound elevator.
    const unbound = all.find(
      (r) => outside(r) && r.maintenanceCompanyId === null && r.maintenanceClaimState === 0,
    )!;
    expect((await send('wb_admin1', 'claim', { ids: [unbound.id] })).status).toBe(200);
    const pendingOf = async (user: string, registerCode: string) =>
      (await send<Page<ClaimRecord>>(user, 'queryHistoryList', { page: 1, limit: 10, registerCode })).body
        .data.records[0];
    const pending = await pendingOf('wb_admin1', unbound.registerCode);
    expect(pending.state).toBe(2);

    const pairs: [string, string, (r: ElevatorRow) => boolean][] = [
      ['wb_admin1', 'wb_admin2', (r) => r.maintenanceCompanyId === wb2],
      ['sy_admin1', 'sy_admin2', (r) => r.useCompanyId === sy2],
      ['jg_qingxiu', 'wb_admin1', (r) => outside(r) && r.maintenanceCompanyId === wb1],
      // A use unit whose claim on a lift maintained by company 1 (with its work orders) is pending.
      [
        'sy_admin2',
        'wb_admin1',
        (r) =>
          r.maintenanceCompanyId === wb1 &&
          r.useClaimState === 0 &&
          r.status === 1 &&
          !Object.values(cases).some((c) => c.foreign.id === r.id),
      ],
    ];
    for (const [actor, owner, theirs] of pairs) {
      const foreign = all.find((r) => theirs(r) && located(r))!;
      let ownClaim: ClaimRecord | undefined;
      if (actor === 'sy_admin2') {
        expect((await send(actor, 'submitClaim', { ids: [foreign.id] })).status).toBe(200);
        ownClaim = await pendingOf(actor, foreign.registerCode);
        expect(ownClaim.state).toBe(2);
      }
      expect(foreign, `${owner} has a located elevator`).toBeDefined();
      const claim = await pendingOf(owner, foreign.registerCode);
      expect(claim, `${owner} has a claim on ${foreign.registerCode}`).toBeDefined();
      const info = (
        await t.api<{ permissions: string[] }>('GET', '/pc/sysUser/getUserInfo', { token: tokens[actor] })
      ).body.data;
      cases[actor] = {
        actor,
        owner,
        perms: new Set(info.permissions),
        claimType: actor.startsWith('wb_') ? 'maintenance' : actor.startsWith('sy_') ? 'use' : null,
        foreign,
        claim,
        // Outside the regulator's district; the companies may not review claims at all.
        pending,
        ownClaim,
      };
      // The positive control of every refusal: the owner does see the elevator and its claim.
      expect((await send(owner, 'detailInfo', { elevatorId: foreign.id })).status).toBe(200);
      expect((await send(owner, 'elevatorHistoryDetail', { id: claim.id })).status).toBe(200);
      before[actor] = (
        await send<ElevatorDetail>('admin', 'detailInfo', { elevatorId: foreign.id })
      ).body.data;
      claimsBefore[actor] = (
        await send('admin', 'historyElevatorClaim', { elevatorId: foreign.id })
      ).body.data;
    }
  });
  afterAll(() => t?.close());

  it('has a probe for every call of the elevator and claim domains', () => {
    expect(Object.keys(probes).sort()).toEqual(Object.keys(calls).sort());
  });

  for (const actor of ['wb_admin1', 'sy_admin1', 'jg_qingxiu', 'sy_admin2']) {
    it(`${actor} reaches nothing of another's elevator, call by call`, async () => {
      const c = cases[actor];
      for (const [name, probe] of Object.entries(probes)) {
        try {
          await probe(c, before[actor]);
        } catch (err) {
          (err as Error).message = `${name}: ${(err as Error).message}`;
          throw err;
        }
      }
      // Nothing was half-written: the elevator and its claims are as they were.
      const after = (await send<ElevatorDetail>('admin', 'detailInfo', { elevatorId: c.foreign.id })).body
        .data;
      expect(after).toEqual(before[actor]);
      expect((await send('admin', 'historyElevatorClaim', { elevatorId: c.foreign.id })).body.data).toEqual(
        claimsBefore[actor],
      );
    });
  }
});
