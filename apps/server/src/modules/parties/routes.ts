import {
  buildingCompanyAuditCalls,
  buildingCompanyCalls,
  buildingUserAuditCalls,
  buildingUserCalls,
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
} from '@ec/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { sysUser } from '../../platform/db/tables.ts';
import { implement } from '../../platform/http/implement.ts';
import { auditRoutes, groupCalls } from '../../platform/workflow/audit-desk.ts';
import { listElevators } from '../elevator/list.ts';
import { elevatorScope } from '../elevator/scope.ts';
import { addDays, today } from './common.ts';
import {
  buildingCompanyDetail,
  buildingStatistics,
  companyDesks,
  deleteCompanies,
  filedCompanies,
  inspectionOrgDetail,
  listBuildingCompanies,
  listMaintenanceUnits,
  lookupCompanies,
  maintenanceUnitDetail,
  saveCompany,
  updateCompany,
} from './companies.ts';
import {
  contractDesk,
  contractDetail,
  contractsOfCompany,
  deleteContracts,
  elevatorContractStates,
  flaggedElevators,
  listContracts,
  saveContract,
  updateContract,
} from './contracts.ts';
import { bindCompany, myFiling } from './filing.ts';
import {
  applyLeave,
  deletePersons,
  leaveDesk,
  listPersons,
  type PersonInput,
  type PersonKey,
  personDesks,
  personDetail,
  savePerson,
  updatePerson,
} from './persons.ts';
import {
  assignOfficer,
  averageRating,
  communityDetail,
  companyOfficers,
  deleteCommunities,
  listCommunities,
  listElevatorOfficers,
  listIncentives,
  listRatings,
  rate,
  saveCommunity,
} from './places.ts';
import { staffProfile } from './tables.ts';

const inTx = <T>(db: Db, fn: (tx: Tx) => Promise<T>) => db.transaction(fn);

/** Right after filing, the filer (bound to the new company in this transaction) sees it as its own. */
const viewerAfterSave = (user: AuthUser, id: number): AuthUser =>
  user.companyId === null && user.dataScope === 'company' ? { ...user, companyId: id } : user;

function personRoutes(key: PersonKey) {
  return {
    save: (input: PersonInput, { user, platform }: { user: AuthUser; platform: { db: Db } }) =>
      inTx(platform.db, async (tx) => {
        const { personId, oneTimePassword } = await savePerson(tx, user, key, input);
        return { person: await personDetail(tx, user, key, personId), oneTimePassword };
      }),
    update: (
      input: Omit<PersonInput, 'idNumber'> & { id: number; version?: number; idNumber?: string },
      { user, platform }: { user: AuthUser; platform: { db: Db } },
    ) =>
      inTx(platform.db, async (tx) => {
        const id = await updatePerson(tx, user, key, input);
        return { person: await personDetail(tx, user, key, id), oneTimePassword: null };
      }),
  };
}
const staff = personRoutes('maintenance');
const officers = personRoutes('use');

export const partiesRoutes = [
  // ------------------------------------------------------------ maintenance units
  implement(maintenanceUnitCalls.query, (f, { user, platform }) =>
    listMaintenanceUnits(platform.db, user, f),
  ),
  implement(maintenanceUnitCalls.delete, ({ ids }, { user, platform }) =>
    inTx(platform.db, async (tx) => ({ deleted: await deleteCompanies(tx, user, 'maintenance', ids) })),
  ),
  implement(maintenanceUnitCalls.userInfo, async ({ id, ...f }, { user, platform }) => {
    await maintenanceUnitDetail(platform.db, user, id);
    return listPersons(platform.db, { ...user, dataScope: 'all' }, 'maintenance', { ...f, companyId: id });
  }),
  implement(maintenanceUnitCalls.certInfo, async ({ id }, { user, platform }) => {
    const d = await maintenanceUnitDetail(platform.db, user, id);
    const day = today();
    const soon = addDays(day, 30);
    const [certs] = await platform.db
      .select({
        total: count(),
        expired: sql<number>`count(*) filter (where ${staffProfile.certExpiry} < ${day})`.mapWith(Number),
        expiring:
          sql<number>`count(*) filter (where ${staffProfile.certExpiry} >= ${day} and ${staffProfile.certExpiry} <= ${soon})`.mapWith(
            Number,
          ),
      })
      .from(staffProfile)
      .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
      .where(
        and(
          eq(staffProfile.companyId, id),
          eq(staffProfile.employed, 1),
          eq(staffProfile.role, 'staff'),
          eq(sysUser.filingState, 3),
        ),
      );
    return {
      licenceType: d.licenceType,
      licenceTypeLabel: d.licenceTypeLabel,
      licenceGrade: d.licenceGrade,
      licenceNo: d.licenceNo,
      licenceExpiry: d.licenceExpiry,
      licenceExpired: d.licenceExpired,
      licenceFile: d.licenceFile,
      businessLicenceFile: d.businessLicenceFile,
      staffCerts: {
        total: certs.total,
        expired: certs.expired,
        expiring: certs.expiring,
        valid: certs.total - certs.expired - certs.expiring,
      },
    };
  }),
  implement(maintenanceUnitCalls.queryDetail, async ({ id, type }, { user, platform }) => {
    const { db } = platform;
    const info = await maintenanceUnitDetail(db, user, id);
    if (type === 'info') return { type, info };
    if (type === 'history') return { type, history: info.history };
    if (type === 'contracts') return { type, contracts: await contractsOfCompany(db, user, id) };
    const staffRows = await listPersons(db, { ...user, dataScope: 'all' }, 'maintenance', {
      page: 1,
      limit: 500,
      companyId: id,
    });
    const contracts = await contractsOfCompany(db, user, id);
    const rating = await averageRating(db, id);
    const [{ pending }] = await db
      .select({ pending: count() })
      .from(staffProfile)
      .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
      .where(and(eq(staffProfile.companyId, id), eq(sysUser.filingState, 2)));
    const employed = staffRows.records.filter((r) => r.employed && r.role === 'staff' && r.filingState === 3);
    return {
      type,
      stats: {
        staffCount: employed.length,
        staffPending: pending,
        certExpired: employed.filter((r) => r.certStatus === 'expired').length,
        certExpiring: employed.filter((r) => r.certStatus === 'expiring').length,
        elevatorCount: info.elevatorCount,
        contractCount: contracts.length,
        contractValid: contracts.filter((c) => c.status === 'valid' || c.status === 'expiring').length,
        averageRating: rating.average,
        ratingCount: rating.count,
      },
    };
  }),
  implement(maintenanceUnitCalls.save, (input, { user, platform }) =>
    inTx(platform.db, async (tx) => {
      const id = await saveCompany(tx, user, 'maintenance', input);
      return maintenanceUnitDetail(tx, viewerAfterSave(user, id), id);
    }),
  ),
  implement(maintenanceUnitCalls.update, (input, { user, platform }) =>
    inTx(platform.db, async (tx) =>
      maintenanceUnitDetail(tx, user, await updateCompany(tx, user, 'maintenance', input)),
    ),
  ),
  implement(maintenanceUnitCalls.elevatorList, async ({ id, ...f }, { user, platform }) => {
    await maintenanceUnitDetail(platform.db, user, id);
    const scope = user.dataScope === 'all' || user.dataScope === 'area' ? elevatorScope(user) : sql`true`;
    return listElevators(platform.db, scope, false, { ...f, maintenanceCompanyId: id });
  }),
  implement(maintenanceUnitCalls.creditCodeAndName, (f, { platform }) => lookupCompanies(platform.db, f)),
  implement(maintenanceUnitCalls.querySimple, ({ keyword, limit }, { platform }) =>
    filedCompanies(platform.db, 'maintenance', keyword, limit),
  ),
  implement(maintenanceUnitCalls.selectAllSimpleMaintenanceList, (_input, { platform }) =>
    filedCompanies(platform.db, 'maintenance'),
  ),

  // ------------------------------------------------------------ maintenance users (staff)
  implement(maintenanceUserCalls.queryList, (f, { user, platform }) =>
    listPersons(platform.db, user, 'maintenance', f),
  ),
  implement(maintenanceUserCalls.detail, ({ id }, { user, platform }) =>
    personDetail(platform.db, user, 'maintenance', id),
  ),
  implement(maintenanceUserCalls.save, (input, ctx) => staff.save(input, ctx)),
  implement(maintenanceUserCalls.update, (input, ctx) => staff.update(input, ctx)),
  implement(maintenanceUserCalls.delete, ({ ids }, { user, platform }) =>
    inTx(platform.db, async (tx) => ({ deleted: await deletePersons(tx, user, 'maintenance', ids) })),
  ),
  implement(maintenanceUserCalls.leave, (input, { user, platform }) =>
    inTx(platform.db, (tx) => applyLeave(tx, user, input)),
  ),

  // ------------------------------------------------------------ contracts
  implement(contractCalls.queryList, (f, { user, platform }) => listContracts(platform.db, user, f)),
  implement(contractCalls.detail, ({ id }, { user, platform }) => contractDetail(platform.db, user, id)),
  implement(contractCalls.save, (input, { user, platform }) =>
    inTx(platform.db, async (tx) => contractDetail(tx, user, await saveContract(tx, user, input))),
  ),
  implement(contractCalls.update, (input, { user, platform }) =>
    inTx(platform.db, async (tx) => contractDetail(tx, user, await updateContract(tx, user, input))),
  ),
  implement(contractCalls.delete, ({ ids }, { user, platform }) =>
    inTx(platform.db, async (tx) => ({ deleted: await deleteContracts(tx, user, ids) })),
  ),
  implement(contractCalls.elevatorState, ({ elevatorIds }, { user, platform }) =>
    elevatorContractStates(platform.db, user, elevatorIds),
  ),
  implement(contractCalls.flaggedElevators, (f, { user, platform }) =>
    flaggedElevators(platform.db, user, f),
  ),

  // ------------------------------------------------------------ building companies (use units)
  implement(buildingCompanyCalls.queryList, (f, { user, platform }) =>
    listBuildingCompanies(platform.db, user, f),
  ),
  implement(buildingCompanyCalls.companyDetail, ({ id }, { user, platform }) =>
    buildingCompanyDetail(platform.db, user, id),
  ),
  implement(buildingCompanyCalls.save, (input, { user, platform }) =>
    inTx(platform.db, async (tx) => {
      const id = await saveCompany(tx, user, 'use', input);
      return buildingCompanyDetail(tx, viewerAfterSave(user, id), id);
    }),
  ),
  implement(buildingCompanyCalls.update, (input, { user, platform }) =>
    inTx(platform.db, async (tx) =>
      buildingCompanyDetail(tx, user, await updateCompany(tx, user, 'use', input)),
    ),
  ),
  implement(buildingCompanyCalls.delete, ({ ids }, { user, platform }) =>
    inTx(platform.db, async (tx) => ({ deleted: await deleteCompanies(tx, user, 'use', ids) })),
  ),
  implement(buildingCompanyCalls.selectAll, ({ keyword }, { platform }) =>
    filedCompanies(platform.db, 'use', keyword),
  ),
  implement(buildingCompanyCalls.buildingCompanyStatistics, ({ areaCode }, { user, platform }) =>
    buildingStatistics(platform.db, user, areaCode),
  ),

  // ------------------------------------------------------------ building company users (safety officers)
  implement(buildingUserCalls.queryList, (f, { user, platform }) => listPersons(platform.db, user, 'use', f)),
  implement(buildingUserCalls.detail, ({ id }, { user, platform }) =>
    personDetail(platform.db, user, 'use', id),
  ),
  implement(buildingUserCalls.save, (input, ctx) => officers.save(input, ctx)),
  implement(buildingUserCalls.update, (input, ctx) => officers.update(input, ctx)),
  implement(buildingUserCalls.delete, ({ ids }, { user, platform }) =>
    inTx(platform.db, async (tx) => ({ deleted: await deletePersons(tx, user, 'use', ids) })),
  ),
  implement(elevatorOfficerCalls.queryList, (f, { user, platform }) =>
    listElevatorOfficers(platform.db, user, f),
  ),
  implement(elevatorOfficerCalls.queryCompanyUserList, ({ companyId }, { user, platform }) =>
    companyOfficers(platform.db, user, companyId),
  ),
  implement(elevatorOfficerCalls.save, ({ elevatorIds, userId }, { user, platform }) =>
    inTx(platform.db, async (tx) => ({ updated: await assignOfficer(tx, user, elevatorIds, userId) })),
  ),

  // ------------------------------------------------------------ communities and incentive
  implement(communityCalls.query, (f, { user, platform }) => listCommunities(platform.db, user, f)),
  implement(communityCalls.detail, ({ id }, { user, platform }) => communityDetail(platform.db, user, id)),
  implement(communityCalls.save, (input, { user, platform }) =>
    inTx(platform.db, (tx) => saveCommunity(tx, user, input)),
  ),
  implement(communityCalls.delete, ({ ids }, { user, platform }) =>
    inTx(platform.db, async (tx) => ({ deleted: await deleteCommunities(tx, user, ids) })),
  ),
  implement(incentiveCalls.queryList, (f, { user, platform }) => listIncentives(platform.db, user, f)),
  implement(incentiveCalls.detail, (f, { user, platform }) => listRatings(platform.db, user, f)),
  implement(incentiveCalls.save, (input, { user, platform }) =>
    inTx(platform.db, (tx) => rate(tx, user, input)),
  ),

  // ------------------------------------------------------------ inspection organisations
  implement(inspectionOrgCalls.submitAudit, (input, { user, platform }) =>
    inTx(platform.db, async (tx) => {
      const id = await saveCompany(tx, user, 'inspection', input);
      return inspectionOrgDetail(tx, viewerAfterSave(user, id), id);
    }),
  ),
  implement(inspectionOrgCalls.updateAudit, (input, { user, platform }) =>
    inTx(platform.db, async (tx) =>
      inspectionOrgDetail(tx, user, await updateCompany(tx, user, 'inspection', input)),
    ),
  ),

  // ------------------------------------------------------------ audits
  ...auditRoutes(companyDesks.maintenance, {
    list: maintenanceAuditCalls.query,
    pendingList: maintenanceUnitCalls.queryAuditList,
    detail: maintenanceAuditCalls.getAuditDetail,
    pass: maintenanceUnitCalls.auditPass,
    reject: maintenanceUnitCalls.auditReject,
    delete: maintenanceAuditCalls.delete,
  }),
  ...auditRoutes(companyDesks.use, {
    ...groupCalls(buildingCompanyAuditCalls),
    decide: buildingCompanyCalls.auditCompany,
  }),
  ...auditRoutes(companyDesks.inspection, {
    list: inspectionOrgCalls.auditQuery,
    detail: inspectionOrgCalls.auditGet,
    pass: inspectionOrgCalls.auditPass,
    reject: inspectionOrgCalls.auditReject,
  }),
  ...auditRoutes(personDesks.maintenance, {
    list: maintenanceUserCalls.queryAuditList,
    detail: maintenanceUserCalls.auditDetail,
    pass: maintenanceUserCalls.auditPass,
    reject: maintenanceUserCalls.auditReject,
    delete: maintenanceUserCalls.deleteAudit,
  }),
  ...auditRoutes(personDesks.use, groupCalls(buildingUserAuditCalls)),
  ...auditRoutes(personDesks.inspection, {
    list: inspectionOrgCalls.userAuditQuery,
    detail: inspectionOrgCalls.userAuditGet,
    pass: inspectionOrgCalls.userAuditPass,
    reject: inspectionOrgCalls.userAuditReject,
  }),
  ...auditRoutes(leaveDesk, {
    list: maintenanceUserCalls.leaveAuditList,
    pass: maintenanceUserCalls.leaveAuditPass,
    reject: maintenanceUserCalls.leaveAuditReject,
  }),
  ...auditRoutes(contractDesk, groupCalls(contractAuditCalls)),

  // ------------------------------------------------------------ the account's own filing
  implement(filingCalls.current, (_input, { user, platform }) => myFiling(platform.db, user)),
  implement(filingCalls.bindCompany, (input, { user, platform }) =>
    inTx(platform.db, (tx) => bindCompany(tx, user, input)),
  ),
];
