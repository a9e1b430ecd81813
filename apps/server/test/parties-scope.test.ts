import {
  buildingCompanyAuditCalls,
  buildingCompanyCalls,
  buildingUserAuditCalls,
  buildingUserCalls,
  type Call,
  communityCalls,
  contractAuditCalls,
  contractCalls,
  elevatorOfficerCalls,
  filingCalls,
  incentiveCalls,
  inspectionOrgCalls,
  maintenanceAuditCalls,
  maintenanceUnitCalls,
  maintenanceUserCalls,
  SIGNED_IN,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers, dbKinds, startTestApp, type TestApp } from './harness.ts';
import {
  buildingFields,
  fileMaintenanceCompany,
  maintenanceFields,
  newIdNumber,
  newPhone,
  registerAndLogin,
  uploadPng,
  withCreditCheck,
} from './parties-support.ts';

/**
 * Data scope of the parties domain, call by call (the twin of elevator-scope.test.ts): maintenance
 * company 1, use unit 1 and the 青秀区 regulator call every call of maintenance units, use units,
 * their people, contracts, communities, incentives, filings and audits against the records of
 * 江南区 (maintenance company 2, use unit 2, their people and contracts, filings waiting there). A
 * call on such a record answers 404 (403 without the permission), a list leaves it out while its
 * owner's shows it, and afterwards every one of them is exactly as it was.
 *
 * Longer than most files on purpose: the probes are one table, so that the completeness test sees
 * every call of the domain at once. A new domain copies this file (and elevator-scope.test.ts).
 */
const groups = {
  maintenanceUnit: maintenanceUnitCalls,
  maintenanceAudit: maintenanceAuditCalls,
  maintenanceUser: maintenanceUserCalls,
  contract: contractCalls,
  contractAudit: contractAuditCalls,
  buildingCompany: buildingCompanyCalls,
  buildingCompanyAudit: buildingCompanyAuditCalls,
  buildingUser: buildingUserCalls,
  buildingUserAudit: buildingUserAuditCalls,
  elevatorOfficer: elevatorOfficerCalls,
  community: communityCalls,
  incentive: incentiveCalls,
  inspectionOrg: inspectionOrgCalls,
  filing: filingCalls,
};
type Groups = typeof groups;
type CallName = { [G in keyof Groups]: `${G}.${keyof Groups[G] & string}` }[keyof Groups];
const calls = Object.fromEntries(
  Object.entries(groups).flatMap(([g, cs]) => Object.entries(cs).map(([n, c]) => [`${g}.${n}`, c as Call])),
) as Record<CallName, Call>;

type Page<T> = { records: T[]; total: number };
type Id = { id: number };
type AuditRow = { auditId: number; version: number };

/** Another tenant's records, all in 江南区 (450105), and who owns them. */
interface Foreign {
  wb2: number;
  sy2: number;
  /** A maintenance company, a use unit and an inspection body whose filings wait in 江南区. */
  newWb: { id: number; auditId: number };
  newSy: { id: number; auditId: number };
  newJy: { id: number; auditId: number };
  /** A filed worker of company 2, and one whose filing waits. */
  worker: number;
  pendingWorker: { id: number; auditId: number };
  /** A worker of company 2 who asked to leave. */
  leave: AuditRow & { userId: number };
  /** A filed safety officer of use unit 2, and one whose filing waits. */
  officer: number;
  pendingOfficer: { id: number; auditId: number };
  /** A contract between company 2 and use unit 2, and one waiting for review. */
  contract: { id: number; contractNo: string };
  pendingContract: AuditRow & { contractId: number };
  community: { id: number; name: string; version: number };
  /** An elevator of use unit 2 maintained by company 2. */
  elevator: { id: number; registerCode: string };
}

interface Case {
  actor: string;
  perms: Set<string>;
  companyId: number | null;
}

describe.each(dbKinds)('parties data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const cases: Record<string, Case> = {};
  let f: Foreign;
  let scan: Record<string, string>;

  const api = apiHelpers(() => t, tokens);
  const send = <T = unknown>(user: string, name: CallName, input: Record<string, unknown> = {}) =>
    api.send<T>(user, calls[name], input);

  const holds = (c: Case, name: CallName) =>
    calls[name].permission === SIGNED_IN || c.perms.has(calls[name].permission);

  /** A call on a foreign record: 404, or 403 without the permission. */
  const refused = async (c: Case, name: CallName, input: Record<string, unknown>) => {
    const res = await send(c.actor, name, input);
    expect(res.status, `${c.actor} ${name}: ${res.body.resultMsg}`).toBe(holds(c, name) ? 404 : 403);
  };

  /**
   * A review decision on a foreign filing: 404 for a reviewer of another district; a company is
   * refused the decision itself (403, 只有监管部门可以审核备案) whatever the filing.
   */
  const decided = async (c: Case, name: CallName, input: Record<string, unknown>) => {
    const res = await send(c.actor, name, input);
    expect(res.status, `${c.actor} ${name}: ${res.body.resultMsg}`).toBe(
      holds(c, name) && c.actor.startsWith('jg_') ? 404 : 403,
    );
  };

  /** A list leaves the foreign record out for the actor and shows it to `owner`. */
  const leftOut = async <T>(
    c: Case,
    name: CallName,
    input: Record<string, unknown>,
    ids: (data: T) => number[],
    foreignId: number,
    owner: string,
  ) => {
    const mine = await send<T>(c.actor, name, input);
    if (!holds(c, name)) {
      expect(mine.status, `${c.actor} ${name}`).toBe(403);
      return;
    }
    expect(mine.status, `${c.actor} ${name}: ${mine.body.resultMsg}`).toBe(200);
    expect(ids(mine.body.data), `${c.actor} ${name}`).not.toContain(foreignId);
    const theirs = await send<T>(owner, name, input);
    expect(theirs.status).toBe(200);
    expect(ids(theirs.body.data), `${owner} sees it in ${name}`).toContain(foreignId);
  };

  const recordIds = (d: Page<Id>) => d.records.map((r) => r.id);
  const auditIds = (d: Page<AuditRow>) => d.records.map((r) => r.auditId);
  const page = { page: 1, limit: 500 };
  const decision = (a: { auditId: number }, version = 1) => ({
    auditId: a.auditId,
    version,
    auditDescription: '不在本辖区',
  });

  const staffFields = (extra: Record<string, unknown> = {}) => ({
    realName: '越权维保工',
    idNumber: newIdNumber(),
    certType: 'T',
    certNo: 'TST4501008888',
    certExpiry: '2029-05-01',
    photoFileId: scan.wb_admin1,
    ...extra,
  });

  /** One probe per call: a new call without a probe fails to compile and fails the completeness test. */
  const probes: Record<CallName, (c: Case) => Promise<void>> = {
    // ---------------------------------------------------------------- maintenance units
    'maintenanceUnit.queryAuditList': (c) =>
      leftOut(c, 'maintenanceUnit.queryAuditList', page, auditIds, f.newWb.auditId, 'jg_jiangnan'),
    'maintenanceUnit.query': (c) =>
      leftOut(c, 'maintenanceUnit.query', page, recordIds, f.wb2, 'jg_jiangnan'),
    'maintenanceUnit.delete': (c) => refused(c, 'maintenanceUnit.delete', { ids: [f.wb2] }),
    'maintenanceUnit.auditPass': (c) => refused(c, 'maintenanceUnit.auditPass', decision(f.newWb)),
    'maintenanceUnit.auditReject': (c) => refused(c, 'maintenanceUnit.auditReject', decision(f.newWb)),
    'maintenanceUnit.userInfo': (c) => refused(c, 'maintenanceUnit.userInfo', { id: f.wb2 }),
    'maintenanceUnit.certInfo': (c) => refused(c, 'maintenanceUnit.certInfo', { id: f.wb2 }),
    'maintenanceUnit.queryDetail': async (c) => {
      for (const type of ['info', 'history', 'contracts', 'stats'])
        await refused(c, 'maintenanceUnit.queryDetail', { id: f.wb2, type });
    },
    // A company files itself once; a regulator enters companies of its own districts only.
    'maintenanceUnit.save': async (c) => {
      const res = await send(
        c.actor,
        'maintenanceUnit.save',
        maintenanceFields(scan[c.actor], { areaCode: '450105' }),
      );
      expect(res.status, `${c.actor}: ${res.body.resultMsg}`).toBe(c.actor === 'wb_admin1' ? 409 : 403);
    },
    'maintenanceUnit.update': (c) =>
      refused(c, 'maintenanceUnit.update', { ...maintenanceFields(scan[c.actor]), id: f.wb2, version: 1 }),
    'maintenanceUnit.elevatorList': (c) => refused(c, 'maintenanceUnit.elevatorList', { id: f.wb2 }),
    // A directory of filed companies (name and credit code) for pickers: everyone's, by design.
    'maintenanceUnit.creditCodeAndName': (c) =>
      directory(c, 'maintenanceUnit.creditCodeAndName', { name: '通达' }),
    'maintenanceUnit.querySimple': (c) => directory(c, 'maintenanceUnit.querySimple', {}),
    'maintenanceUnit.selectAllSimpleMaintenanceList': (c) =>
      directory(c, 'maintenanceUnit.selectAllSimpleMaintenanceList', {}),
    'maintenanceAudit.query': (c) =>
      leftOut(c, 'maintenanceAudit.query', page, auditIds, f.newWb.auditId, 'jg_jiangnan'),
    'maintenanceAudit.getAuditDetail': (c) =>
      refused(c, 'maintenanceAudit.getAuditDetail', { id: f.newWb.auditId }),
    'maintenanceAudit.delete': (c) => refused(c, 'maintenanceAudit.delete', { ids: [f.newWb.auditId] }),

    // ---------------------------------------------------------------- maintenance workers
    'maintenanceUser.queryList': (c) =>
      leftOut(c, 'maintenanceUser.queryList', page, recordIds, f.worker, 'wb_admin2'),
    'maintenanceUser.detail': (c) => refused(c, 'maintenanceUser.detail', { id: f.worker }),
    // A company files workers into itself whatever companyId says; a regulator, into its districts only.
    'maintenanceUser.save': async (c) => {
      const res = await send<{ person: { companyId: number } }>(
        c.actor,
        'maintenanceUser.save',
        staffFields({ companyId: f.wb2, phone: newPhone() }),
      );
      expect(res.status, `${c.actor}: ${res.body.resultMsg}`).toBe(c.actor === 'wb_admin1' ? 200 : 403);
      if (res.status === 200) expect(res.body.data.person.companyId).toBe(c.companyId);
    },
    'maintenanceUser.update': (c) =>
      refused(c, 'maintenanceUser.update', { ...staffFields(), id: f.worker, version: 1 }),
    'maintenanceUser.delete': (c) => refused(c, 'maintenanceUser.delete', { ids: [f.worker] }),
    'maintenanceUser.queryAuditList': (c) =>
      leftOut(c, 'maintenanceUser.queryAuditList', page, auditIds, f.pendingWorker.auditId, 'jg_jiangnan'),
    'maintenanceUser.auditDetail': (c) =>
      refused(c, 'maintenanceUser.auditDetail', { id: f.pendingWorker.auditId }),
    'maintenanceUser.auditPass': (c) => decided(c, 'maintenanceUser.auditPass', decision(f.pendingWorker)),
    'maintenanceUser.auditReject': (c) =>
      decided(c, 'maintenanceUser.auditReject', decision(f.pendingWorker)),
    'maintenanceUser.deleteAudit': (c) =>
      decided(c, 'maintenanceUser.deleteAudit', { ids: [f.pendingWorker.auditId] }),
    'maintenanceUser.leave': (c) =>
      refused(c, 'maintenanceUser.leave', { id: f.worker, leaveReason: '越权', leaveDate: '2026-12-31' }),
    'maintenanceUser.leaveAuditList': (c) =>
      leftOut(c, 'maintenanceUser.leaveAuditList', page, auditIds, f.leave.auditId, 'jg_jiangnan'),
    'maintenanceUser.leaveAuditPass': (c) =>
      decided(c, 'maintenanceUser.leaveAuditPass', decision(f.leave, f.leave.version)),
    'maintenanceUser.leaveAuditReject': (c) =>
      decided(c, 'maintenanceUser.leaveAuditReject', decision(f.leave, f.leave.version)),

    // ---------------------------------------------------------------- contracts
    'contract.queryList': (c) =>
      leftOut(c, 'contract.queryList', page, recordIds, f.contract.id, 'wb_admin2'),
    'contract.detail': (c) => refused(c, 'contract.detail', { id: f.contract.id }),
    // A contract between two other companies, or for another district's use unit, is refused.
    'contract.save': async (c) => {
      const res = await send(c.actor, 'contract.save', contractFields());
      expect(res.status, `${c.actor}: ${res.body.resultMsg}`).toBe(403);
    },
    'contract.update': (c) =>
      refused(c, 'contract.update', { ...contractFields(), id: f.contract.id, version: 1 }),
    'contract.delete': (c) => refused(c, 'contract.delete', { ids: [f.contract.id] }),
    // The contract state of a lift the caller cannot see is not told.
    'contract.elevatorState': async (c) => {
      const mine = await send<{ elevatorId: number }[]>(c.actor, 'contract.elevatorState', {
        elevatorIds: [f.elevator.id],
      });
      expect([200, 404], `${c.actor}: ${mine.body.resultMsg}`).toContain(mine.status);
      if (mine.status === 200) expect(mine.body.data.map((r) => r.elevatorId)).not.toContain(f.elevator.id);
      const theirs = await send<{ elevatorId: number }[]>('wb_admin2', 'contract.elevatorState', {
        elevatorIds: [f.elevator.id],
      });
      expect(theirs.body.data.map((r) => r.elevatorId)).toContain(f.elevator.id);
    },
    'contract.flaggedElevators': (c) =>
      leftOut(
        c,
        'contract.flaggedElevators',
        page,
        (d: Page<{ elevatorId: number }>) => d.records.map((r) => r.elevatorId),
        f.elevator.id,
        'wb_admin2',
      ),
    'contractAudit.queryList': (c) =>
      leftOut(c, 'contractAudit.queryList', page, auditIds, f.pendingContract.auditId, 'jg_jiangnan'),
    'contractAudit.detail': (c) => refused(c, 'contractAudit.detail', { id: f.pendingContract.auditId }),
    'contractAudit.auditPass': (c) =>
      decided(c, 'contractAudit.auditPass', decision(f.pendingContract, f.pendingContract.version)),
    'contractAudit.auditReject': (c) =>
      decided(c, 'contractAudit.auditReject', decision(f.pendingContract, f.pendingContract.version)),
    'contractAudit.delete': (c) => decided(c, 'contractAudit.delete', { ids: [f.pendingContract.auditId] }),

    // ---------------------------------------------------------------- use units
    'buildingCompany.queryList': (c) =>
      leftOut(c, 'buildingCompany.queryList', page, recordIds, f.sy2, 'jg_jiangnan'),
    'buildingCompany.companyDetail': (c) => refused(c, 'buildingCompany.companyDetail', { id: f.sy2 }),
    'buildingCompany.save': async (c) => {
      const res = await send(c.actor, 'buildingCompany.save', buildingFields({ areaCode: '450105' }));
      expect(res.status, `${c.actor}: ${res.body.resultMsg}`).toBe(c.actor === 'sy_admin1' ? 409 : 403);
    },
    'buildingCompany.update': (c) =>
      refused(c, 'buildingCompany.update', { ...buildingFields(), id: f.sy2, version: 1 }),
    'buildingCompany.delete': (c) => refused(c, 'buildingCompany.delete', { ids: [f.sy2] }),
    'buildingCompany.selectAll': (c) => directory(c, 'buildingCompany.selectAll', {}),
    // Counts over the caller's reach: another district's unit is not counted.
    'buildingCompany.buildingCompanyStatistics': async (c) => {
      const res = await send<{ total: number }>(c.actor, 'buildingCompany.buildingCompanyStatistics', {
        areaCode: '450105',
      });
      if (!holds(c, 'buildingCompany.buildingCompanyStatistics')) {
        expect(res.status).toBe(403);
        return;
      }
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(0);
      const theirs = await send<{ total: number }>(
        'jg_jiangnan',
        'buildingCompany.buildingCompanyStatistics',
        {
          areaCode: '450105',
        },
      );
      expect(theirs.body.data.total).toBeGreaterThan(0);
    },
    'buildingCompany.auditCompany': (c) =>
      refused(c, 'buildingCompany.auditCompany', { ...decision(f.newSy), pass: true }),
    'buildingCompanyAudit.queryList': (c) =>
      leftOut(c, 'buildingCompanyAudit.queryList', page, auditIds, f.newSy.auditId, 'jg_jiangnan'),
    'buildingCompanyAudit.detail': (c) => refused(c, 'buildingCompanyAudit.detail', { id: f.newSy.auditId }),
    'buildingCompanyAudit.auditPass': (c) => refused(c, 'buildingCompanyAudit.auditPass', decision(f.newSy)),
    'buildingCompanyAudit.auditReject': (c) =>
      refused(c, 'buildingCompanyAudit.auditReject', decision(f.newSy)),
    'buildingCompanyAudit.delete': (c) =>
      refused(c, 'buildingCompanyAudit.delete', { ids: [f.newSy.auditId] }),

    // ---------------------------------------------------------------- use units' safety people
    'buildingUser.queryList': (c) =>
      leftOut(c, 'buildingUser.queryList', page, recordIds, f.officer, 'sy_admin2'),
    'buildingUser.detail': (c) => refused(c, 'buildingUser.detail', { id: f.officer }),
    'buildingUser.save': async (c) => {
      const res = await send<{ person: { companyId: number } }>(c.actor, 'buildingUser.save', {
        realName: '越权安全员',
        idNumber: newIdNumber(),
        phone: newPhone(),
        role: 'safety_officer',
        certType: 'A',
        companyId: f.sy2,
      });
      expect(res.status, `${c.actor}: ${res.body.resultMsg}`).toBe(c.actor === 'sy_admin1' ? 200 : 403);
      if (res.status === 200) expect(res.body.data.person.companyId).toBe(c.companyId);
    },
    'buildingUser.update': (c) =>
      refused(c, 'buildingUser.update', {
        realName: '越权安全员',
        role: 'safety_officer',
        certType: 'A',
        id: f.officer,
        version: 1,
      }),
    'buildingUser.delete': (c) => refused(c, 'buildingUser.delete', { ids: [f.officer] }),
    'buildingUserAudit.queryList': (c) =>
      leftOut(c, 'buildingUserAudit.queryList', page, auditIds, f.pendingOfficer.auditId, 'jg_jiangnan'),
    'buildingUserAudit.detail': (c) =>
      refused(c, 'buildingUserAudit.detail', { id: f.pendingOfficer.auditId }),
    'buildingUserAudit.auditPass': (c) =>
      refused(c, 'buildingUserAudit.auditPass', decision(f.pendingOfficer)),
    'buildingUserAudit.auditReject': (c) =>
      refused(c, 'buildingUserAudit.auditReject', decision(f.pendingOfficer)),
    'buildingUserAudit.delete': (c) =>
      refused(c, 'buildingUserAudit.delete', { ids: [f.pendingOfficer.auditId] }),
    'elevatorOfficer.queryList': (c) =>
      leftOut(
        c,
        'elevatorOfficer.queryList',
        page,
        (d: Page<{ elevatorId: number }>) => d.records.map((r) => r.elevatorId),
        f.elevator.id,
        'sy_admin2',
      ),
    'elevatorOfficer.queryCompanyUserList': async (c) => {
      const res = await send<{ userId: number }[]>(c.actor, 'elevatorOfficer.queryCompanyUserList', {
        companyId: f.sy2,
      });
      if (!holds(c, 'elevatorOfficer.queryCompanyUserList')) {
        expect(res.status).toBe(403);
        return;
      }
      expect([200, 404], `${c.actor}: ${res.body.resultMsg}`).toContain(res.status);
      if (res.status === 200) expect(res.body.data.map((r) => r.userId)).not.toContain(f.officer);
      const theirs = await send<{ userId: number }[]>('sy_admin2', 'elevatorOfficer.queryCompanyUserList', {
        companyId: f.sy2,
      });
      expect(theirs.body.data.map((r) => r.userId)).toContain(f.officer);
    },
    'elevatorOfficer.save': (c) =>
      refused(c, 'elevatorOfficer.save', { elevatorIds: [f.elevator.id], userId: f.officer }),

    // ---------------------------------------------------------------- communities
    'community.query': (c) => leftOut(c, 'community.query', page, recordIds, f.community.id, 'jg_jiangnan'),
    'community.detail': (c) => refused(c, 'community.detail', { id: f.community.id }),
    'community.save': (c) =>
      refused(c, 'community.save', {
        id: f.community.id,
        version: f.community.version,
        name: f.community.name,
        areaCode: '450105',
        address: '越权修改的地址',
      }),
    'community.delete': (c) => refused(c, 'community.delete', { ids: [f.community.id] }),

    // ---------------------------------------------------------------- maintenance incentives
    // Per company totals over the ratings the caller may see: they add up to its detail, which
    // leaves out the foreign lift's ratings.
    'incentive.queryList': async (c) => {
      const res = await send<Page<{ maintenanceCompanyId: number; ratingCount: number }>>(
        c.actor,
        'incentive.queryList',
        page,
      );
      if (!holds(c, 'incentive.queryList')) {
        expect(res.status).toBe(403);
        return;
      }
      const row = res.body.data.records.find((r) => r.maintenanceCompanyId === f.wb2);
      const detail = await send<Page<unknown>>(c.actor, 'incentive.detail', {
        ...page,
        maintenanceCompanyId: f.wb2,
      });
      expect(row?.ratingCount ?? 0).toBe(detail.body.data.total);
    },
    'incentive.detail': (c) =>
      leftOut(
        c,
        'incentive.detail',
        { ...page, maintenanceCompanyId: f.wb2 },
        (d: Page<{ elevatorId: number }>) => d.records.map((r) => r.elevatorId),
        f.elevator.id,
        'sy_admin2',
      ),
    // Only a use unit rates, and only its own lifts.
    'incentive.save': async (c) => {
      const res = await send(c.actor, 'incentive.save', { elevatorId: f.elevator.id, score: 1 });
      expect(res.status, `${c.actor}: ${res.body.resultMsg}`).toBe(c.actor === 'sy_admin1' ? 404 : 403);
    },

    // ---------------------------------------------------------------- inspection bodies
    'inspectionOrg.submitAudit': async (c) => {
      const res = await send(c.actor, 'inspectionOrg.submitAudit', inspectionFields());
      expect(res.status, `${c.actor}: ${res.body.resultMsg}`).toBe(403);
    },
    'inspectionOrg.updateAudit': (c) =>
      refused(c, 'inspectionOrg.updateAudit', { ...inspectionFields(), id: f.newJy.id, version: 1 }),
    'inspectionOrg.auditPass': (c) => refused(c, 'inspectionOrg.auditPass', decision(f.newJy)),
    'inspectionOrg.auditReject': (c) => refused(c, 'inspectionOrg.auditReject', decision(f.newJy)),
    'inspectionOrg.auditQuery': (c) =>
      leftOut(c, 'inspectionOrg.auditQuery', page, auditIds, f.newJy.auditId, 'admin'),
    'inspectionOrg.auditGet': (c) => refused(c, 'inspectionOrg.auditGet', { id: f.newJy.auditId }),
    'inspectionOrg.query': (c) => leftOut(c, 'inspectionOrg.query', page, recordIds, f.newJy.id, 'admin'),
    'inspectionOrg.getList': (c) =>
      leftOut(c, 'inspectionOrg.getList', {}, (d: Id[]) => d.map((r) => r.id), f.newJy.id, 'admin'),
    'inspectionOrg.get': (c) => refused(c, 'inspectionOrg.get', { id: f.newJy.id }),
    'inspectionOrg.updateInspection': (c) =>
      refused(c, 'inspectionOrg.updateInspection', {
        id: f.newJy.id,
        address: '越权修改的地址',
        contactName: '越权',
        contactPhone: '13800000000',
      }),
    // The organisations a use unit may apply to: every filed one, for every account; a filing that
    // waits is nobody's choice yet.
    'inspectionOrg.queryList': async (c) => {
      const res = await send<Id[]>(c.actor, 'inspectionOrg.queryList');
      expect(res.status, `${c.actor}: ${res.body.resultMsg}`).toBe(200);
      expect(res.body.data.map((r) => r.id)).not.toContain(f.newJy.id);
    },
    // Inspectors' filings are reviewed by the platform only.
    'inspectionOrg.userAuditQuery': (c) => refused(c, 'inspectionOrg.userAuditQuery', page),
    'inspectionOrg.userAuditGet': (c) => refused(c, 'inspectionOrg.userAuditGet', { id: 1 }),
    'inspectionOrg.userAuditPass': (c) => refused(c, 'inspectionOrg.userAuditPass', decision({ auditId: 1 })),
    'inspectionOrg.userAuditReject': (c) =>
      refused(c, 'inspectionOrg.userAuditReject', decision({ auditId: 1 })),

    // ---------------------------------------------------------------- filing
    // One's own filing: nothing of another's company.
    'filing.current': async (c) => {
      const res = await send<{ company: { id: number } | null }>(c.actor, 'filing.current');
      expect(res.status).toBe(200);
      expect([f.wb2, f.sy2]).not.toContain(res.body.data.company?.id);
    },
    // A bound account cannot bind itself to another company; a regulator binds to none.
    'filing.bindCompany': async (c) => {
      const res = await send(c.actor, 'filing.bindCompany', {
        creditCode: withCreditCheck('91450105MA5KTD002'),
        name: '广西通达电梯工程有限公司',
        idNumber: newIdNumber(),
      });
      expect(res.status, `${c.actor}: ${res.body.resultMsg}`).toBe(c.actor === 'jg_qingxiu' ? 403 : 409);
    },
  };

  /** A picker's directory: answered to any signed-in user, with names and codes only. */
  async function directory(c: Case, name: CallName, input: Record<string, unknown>) {
    const res = await send<Record<string, unknown>[]>(c.actor, name, input);
    expect(res.status).toBe(200);
    for (const row of res.body.data)
      expect(Object.keys(row).sort()).toEqual([
        'areaCode',
        'creditCode',
        'filingState',
        'id',
        'kind',
        'name',
      ]);
  }

  function contractFields() {
    return {
      contractNo: 'YQ-2026-0001',
      maintenanceCompanyId: f.wb2,
      useCompanyId: f.sy2,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      planType: 'HALF_MONTH',
      elevatorIds: [f.elevator.id],
    };
  }

  function inspectionFields() {
    return {
      ...buildingFields({ areaCode: '450105' }),
      approvalNo: 'TS7110997-2029',
      approvalExpiry: '2029-01-01',
      approvalFileId: scan.admin,
    };
  }

  /** Everything of the other tenant, as the platform admin sees it. */
  async function snapshot() {
    const get = async (name: CallName, input: Record<string, unknown>) => {
      const res = await send('admin', name, input);
      expect(res.status, `admin ${name}`).toBe(200);
      return res.body.data;
    };
    return {
      wb2: await get('maintenanceUnit.queryDetail', { id: f.wb2, type: 'info' }),
      wb2Contracts: await get('maintenanceUnit.queryDetail', { id: f.wb2, type: 'contracts' }),
      newWb: await get('maintenanceAudit.getAuditDetail', { id: f.newWb.auditId }),
      sy2: await get('buildingCompany.companyDetail', { id: f.sy2 }),
      newSy: await get('buildingCompanyAudit.detail', { id: f.newSy.auditId }),
      newJy: await get('inspectionOrg.auditGet', { id: f.newJy.auditId }),
      worker: await get('maintenanceUser.detail', { id: f.worker }),
      workers: await get('maintenanceUser.queryList', { ...page, companyId: f.wb2 }),
      pendingWorker: await get('maintenanceUser.auditDetail', { id: f.pendingWorker.auditId }),
      leaves: await get('maintenanceUser.leaveAuditList', page),
      officer: await get('buildingUser.detail', { id: f.officer }),
      officers: await get('buildingUser.queryList', { ...page, companyId: f.sy2 }),
      pendingOfficer: await get('buildingUserAudit.detail', { id: f.pendingOfficer.auditId }),
      contract: await get('contract.detail', { id: f.contract.id }),
      contracts: await get('contract.queryList', { ...page, maintenanceCompanyId: f.wb2 }),
      pendingContract: await get('contractAudit.detail', { id: f.pendingContract.auditId }),
      community: await get('community.detail', { id: f.community.id }),
      ratings: await get('incentive.detail', { ...page, maintenanceCompanyId: f.wb2 }),
      assigned: await get('elevatorOfficer.queryList', { ...page, useCompanyId: f.sy2 }),
    };
  }
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development' });
    const users = ['admin', 'jg_qingxiu', 'jg_jiangnan', 'wb_admin1', 'wb_admin2', 'sy_admin1', 'sy_admin2'];
    for (const u of users) tokens[u] = await t.login(u);
    scan = {};
    for (const u of users) scan[u] = await uploadPng(t, tokens[u]);
    const companyOf = async (user: string) =>
      (await t.api<{ companyId: number }>('GET', '/pc/sysUser/getUserInfo', { token: tokens[user] })).body
        .data.companyId;
    const wb2 = await companyOf('wb_admin2');
    const sy2 = await companyOf('sy_admin2');

    // Filings waiting in 江南区.
    const wb = await fileMaintenanceCompany(t, '450105');
    const sy = await registerAndLogin(t, 'use_unit', '江南物业管理员');
    const syFiled = await t.api<{ id: number; auditId: number }>('POST', '/pc/buildingCompany/save', {
      token: sy.token,
      body: buildingFields({ areaCode: '450105' }),
    });
    expect(syFiled.status, syFiled.body.resultMsg).toBe(200);
    const jy = await registerAndLogin(t, 'inspection', '江南检验机构管理员');
    const jyFiled = await t.api<{ id: number; auditId: number }>(
      'POST',
      '/inspection/tbInspectionOrganization/submitAudit',
      {
        token: jy.token,
        body: {
          ...buildingFields({ areaCode: '450105' }),
          name: '江南测试检验检测有限公司',
          approvalNo: 'TS7110996-2029',
          approvalExpiry: '2029-01-01',
          approvalFileId: await uploadPng(t, jy.token),
        },
      },
    );
    expect(jyFiled.status, jyFiled.body.resultMsg).toBe(200);

    // Company 2's people: a filed worker, one waiting, one who asked to leave.
    const workers = await send<Page<{ id: number; filingState: number }>>(
      'wb_admin2',
      'maintenanceUser.queryList',
      page,
    );
    const worker = workers.body.data.records.find((r) => r.filingState === 3)!;
    const saved = await send<{ person: { id: number; auditId: number } }>(
      'wb_admin2',
      'maintenanceUser.save',
      {
        ...staffFields({ realName: '江南待审维保工', photoFileId: scan.wb_admin2, phone: newPhone() }),
      },
    );
    expect(saved.status, saved.body.resultMsg).toBe(200);
    const workerAudits = await send<Page<AuditRow & { userId: number }>>(
      'jg_jiangnan',
      'maintenanceUser.queryAuditList',
      page,
    );
    const pendingWorker = workerAudits.body.data.records.find((r) => r.userId === saved.body.data.person.id)!;
    const leaves = await send<Page<AuditRow & { userId: number; companyId: number; state: number }>>(
      'admin',
      'maintenanceUser.leaveAuditList',
      page,
    );
    const leave = leaves.body.data.records.find((r) => r.companyId === wb2 && r.state === 2)!;
    expect(leave, 'a worker of company 2 waits to leave').toBeDefined();

    // Use unit 2's people.
    const officers = await send<Page<{ id: number; filingState: number }>>(
      'sy_admin2',
      'buildingUser.queryList',
      page,
    );
    const officer = officers.body.data.records.find((r) => r.filingState === 3)!;
    const savedOfficer = await send<{ person: { id: number } }>('sy_admin2', 'buildingUser.save', {
      realName: '江南待审安全员',
      idNumber: newIdNumber(),
      phone: newPhone(),
      role: 'safety_officer',
      certType: 'A',
    });
    expect(savedOfficer.status, savedOfficer.body.resultMsg).toBe(200);
    const officerAudits = await send<Page<AuditRow & { userId: number }>>(
      'jg_jiangnan',
      'buildingUserAudit.queryList',
      page,
    );
    const pendingOfficer = officerAudits.body.data.records.find(
      (r) => r.userId === savedOfficer.body.data.person.id,
    )!;

    // Contracts of company 2 with use unit 2: the demo's (refused), and one it files now.
    const contracts = await send<Page<{ id: number; contractNo: string }>>(
      'wb_admin2',
      'contract.queryList',
      {
        ...page,
        useCompanyId: sy2,
      },
    );
    const contract = contracts.body.data.records[0];
    expect(contract, 'company 2 has a contract with use unit 2').toBeDefined();
    // A lift of use unit 2 outside 青秀区, maintained by company 2 and rated.
    const lifts = await send<
      Page<{ id: number; registerCode: string; useCompanyId: number; areaCode: string }>
    >('admin', 'maintenanceUnit.elevatorList', { ...page, id: wb2 });
    const rated = await send<Page<{ elevatorId: number }>>('admin', 'incentive.detail', {
      ...page,
      maintenanceCompanyId: wb2,
    });
    const ratedIds = new Set(rated.body.data.records.map((r) => r.elevatorId));
    const elevator = lifts.body.data.records.find(
      (r) => r.useCompanyId === sy2 && r.areaCode !== '450103' && ratedIds.has(r.id),
    )!;
    expect(elevator, 'company 2 maintains a rated lift of use unit 2 outside 青秀区').toBeDefined();
    const filed = await send<{ id: number; auditId: number; auditVersion: number }>(
      'wb_admin2',
      'contract.save',
      {
        contractNo: 'JN-2026-0001',
        maintenanceCompanyId: wb2,
        useCompanyId: sy2,
        startDate: '2031-01-01',
        endDate: '2031-12-31',
        planType: 'HALF_MONTH',
        elevatorIds: [elevator.id],
      },
    );
    expect(filed.status, filed.body.resultMsg).toBe(200);
    const pendingContract = {
      contractId: filed.body.data.id,
      auditId: filed.body.data.auditId,
      version: filed.body.data.auditVersion,
    };
    const communities = await send<Page<{ id: number; name: string; version: number; areaCode: string }>>(
      'jg_jiangnan',
      'community.query',
      { ...page, areaCode: '450105' },
    );
    const community = communities.body.data.records.find((r) => r.areaCode === '450105')!;
    expect(community, 'a community in 江南区').toBeDefined();

    f = {
      wb2,
      sy2,
      newWb: { id: wb.id, auditId: wb.auditId },
      newSy: syFiled.body.data,
      newJy: jyFiled.body.data,
      worker: worker.id,
      pendingWorker: { id: saved.body.data.person.id, auditId: pendingWorker.auditId },
      leave,
      officer: officer.id,
      pendingOfficer: { id: savedOfficer.body.data.person.id, auditId: pendingOfficer.auditId },
      contract,
      pendingContract,
      community,
      elevator,
    };
    for (const actor of ['wb_admin1', 'sy_admin1', 'jg_qingxiu']) {
      const info = (
        await t.api<{ permissions: string[]; companyId: number | null }>('GET', '/pc/sysUser/getUserInfo', {
          token: tokens[actor],
        })
      ).body.data;
      cases[actor] = { actor, perms: new Set(info.permissions), companyId: info.companyId };
    }
    before = await snapshot();
  });
  afterAll(() => t?.close());

  it('has a probe for every call of the parties domain', () => {
    expect(Object.keys(probes).sort()).toEqual(Object.keys(calls).sort());
  });

  for (const actor of ['wb_admin1', 'sy_admin1', 'jg_qingxiu']) {
    it(`${actor} reaches nothing of another's company, person, contract or filing, call by call`, async () => {
      const c = cases[actor];
      // Every probe runs, and the failures are reported together.
      const failures: string[] = [];
      for (const [name, probe] of Object.entries(probes)) {
        await probe(c).catch((err: Error) => failures.push(`${name}: ${err.message.split('\n')[0]}`));
      }
      expect(failures).toEqual([]);
      // Nothing was half-written.
      expect(await snapshot()).toEqual(before);
    });
  }
});
