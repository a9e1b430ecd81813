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
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { implement } from '../../platform/http/implement.ts';
import { auditRoutes, groupCalls } from '../../platform/workflow/audit-desk.ts';
import {
  buildingCompanyDetail,
  buildingStatistics,
  type CompanyInput,
  type CompanyKey,
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
import {
  maintenanceUnitCerts,
  maintenanceUnitLifts,
  maintenanceUnitStaff,
  maintenanceUnitView,
} from './unit-views.ts';

/** Right after filing, the filer (bound to the new company in this transaction) sees it as its own. */
const viewerAfterSave = (user: AuthUser, id: number): AuthUser =>
  user.companyId === null && user.dataScope === 'company' ? { ...user, companyId: id } : user;

type Ctx = { user: AuthUser; db: Queryable };

/** Adding and changing people of one kind: the person as now filed (and a new account's password). */
function personWrites(key: PersonKey) {
  return {
    save: async (input: PersonInput, { user, db }: Ctx) => {
      const { personId, oneTimePassword } = await savePerson(db, user, key, input);
      return { person: await personDetail(db, user, key, personId), oneTimePassword };
    },
    update: async (
      input: Omit<PersonInput, 'idNumber'> & { id: number; version?: number; idNumber?: string },
      { user, db }: Ctx,
    ) => {
      const id = await updatePerson(db, user, key, input);
      return { person: await personDetail(db, user, key, id), oneTimePassword: null };
    },
  };
}
const staff = personWrites('maintenance');
const officers = personWrites('use');

/** Filing a company of one kind and changing it: the company as now filed. */
function companyWrites<D>(key: CompanyKey, detail: (q: Queryable, user: AuthUser, id: number) => Promise<D>) {
  return {
    save: async (input: CompanyInput, { user, db }: Ctx) => {
      const id = await saveCompany(db, user, key, input);
      return detail(db, viewerAfterSave(user, id), id);
    },
    update: async (input: CompanyInput & { id: number; version?: number }, { user, db }: Ctx) =>
      detail(db, user, await updateCompany(db, user, key, input)),
    delete: async ({ ids }: { ids: number[] }, { user, db }: Ctx) => ({
      deleted: await deleteCompanies(db, user, key, ids),
    }),
  };
}
const units = companyWrites('maintenance', maintenanceUnitDetail);
const useUnits = companyWrites('use', buildingCompanyDetail);
const orgs = companyWrites('inspection', inspectionOrgDetail);

const tx = { tx: true };

export const partiesRoutes = [
  // ------------------------------------------------------------ maintenance units
  implement(maintenanceUnitCalls.query, (f, { user, db }) => listMaintenanceUnits(db, user, f)),
  implement(maintenanceUnitCalls.delete, units.delete, tx),
  implement(maintenanceUnitCalls.userInfo, ({ id, ...f }, { user, db }) =>
    maintenanceUnitStaff(db, user, id, f),
  ),
  implement(maintenanceUnitCalls.certInfo, ({ id }, { user, db }) => maintenanceUnitCerts(db, user, id)),
  implement(maintenanceUnitCalls.queryDetail, ({ id, type }, { user, db }) =>
    maintenanceUnitView(db, user, id, type),
  ),
  implement(maintenanceUnitCalls.save, units.save, tx),
  implement(maintenanceUnitCalls.update, units.update, tx),
  implement(maintenanceUnitCalls.elevatorList, ({ id, ...f }, { user, db }) =>
    maintenanceUnitLifts(db, user, id, f),
  ),
  implement(maintenanceUnitCalls.creditCodeAndName, (f, { db }) => lookupCompanies(db, f)),
  implement(maintenanceUnitCalls.querySimple, ({ keyword, limit }, { db }) =>
    filedCompanies(db, 'maintenance', keyword, limit),
  ),
  implement(maintenanceUnitCalls.selectAllSimpleMaintenanceList, (_input, { db }) =>
    filedCompanies(db, 'maintenance'),
  ),

  // ------------------------------------------------------------ maintenance users (staff)
  implement(maintenanceUserCalls.queryList, (f, { user, db }) => listPersons(db, user, 'maintenance', f)),
  implement(maintenanceUserCalls.detail, ({ id }, { user, db }) => personDetail(db, user, 'maintenance', id)),
  implement(maintenanceUserCalls.save, staff.save, tx),
  implement(maintenanceUserCalls.update, staff.update, tx),
  implement(
    maintenanceUserCalls.delete,
    async ({ ids }, { user, db }) => ({ deleted: await deletePersons(db, user, 'maintenance', ids) }),
    tx,
  ),
  implement(maintenanceUserCalls.leave, (input, { user, db }) => applyLeave(db, user, input), tx),

  // ------------------------------------------------------------ contracts
  implement(contractCalls.queryList, (f, { user, db }) => listContracts(db, user, f)),
  implement(contractCalls.detail, ({ id }, { user, db }) => contractDetail(db, user, id)),
  implement(
    contractCalls.save,
    async (input, { user, db }) => contractDetail(db, user, await saveContract(db, user, input)),
    tx,
  ),
  implement(
    contractCalls.update,
    async (input, { user, db }) => contractDetail(db, user, await updateContract(db, user, input)),
    tx,
  ),
  implement(
    contractCalls.delete,
    async ({ ids }, { user, db }) => ({ deleted: await deleteContracts(db, user, ids) }),
    tx,
  ),
  implement(contractCalls.elevatorState, ({ elevatorIds }, { user, db }) =>
    elevatorContractStates(db, user, elevatorIds),
  ),
  implement(contractCalls.flaggedElevators, (f, { user, db }) => flaggedElevators(db, user, f)),

  // ------------------------------------------------------------ building companies (use units)
  implement(buildingCompanyCalls.queryList, (f, { user, db }) => listBuildingCompanies(db, user, f)),
  implement(buildingCompanyCalls.companyDetail, ({ id }, { user, db }) =>
    buildingCompanyDetail(db, user, id),
  ),
  implement(buildingCompanyCalls.save, useUnits.save, tx),
  implement(buildingCompanyCalls.update, useUnits.update, tx),
  implement(buildingCompanyCalls.delete, useUnits.delete, tx),
  implement(buildingCompanyCalls.selectAll, ({ keyword }, { db }) => filedCompanies(db, 'use', keyword)),
  implement(buildingCompanyCalls.buildingCompanyStatistics, ({ areaCode }, { user, db }) =>
    buildingStatistics(db, user, areaCode),
  ),

  // ------------------------------------------------------------ building company users (safety officers)
  implement(buildingUserCalls.queryList, (f, { user, db }) => listPersons(db, user, 'use', f)),
  implement(buildingUserCalls.detail, ({ id }, { user, db }) => personDetail(db, user, 'use', id)),
  implement(buildingUserCalls.save, officers.save, tx),
  implement(buildingUserCalls.update, officers.update, tx),
  implement(
    buildingUserCalls.delete,
    async ({ ids }, { user, db }) => ({ deleted: await deletePersons(db, user, 'use', ids) }),
    tx,
  ),
  implement(elevatorOfficerCalls.queryList, (f, { user, db }) => listElevatorOfficers(db, user, f)),
  implement(elevatorOfficerCalls.queryCompanyUserList, ({ companyId }, { user, db }) =>
    companyOfficers(db, user, companyId),
  ),
  implement(
    elevatorOfficerCalls.save,
    async ({ elevatorIds, userId }, { user, db }) => ({
      updated: await assignOfficer(db, user, elevatorIds, userId),
    }),
    tx,
  ),

  // ------------------------------------------------------------ communities and incentive
  implement(communityCalls.query, (f, { user, db }) => listCommunities(db, user, f)),
  implement(communityCalls.detail, ({ id }, { user, db }) => communityDetail(db, user, id)),
  implement(communityCalls.save, (input, { user, db }) => saveCommunity(db, user, input), tx),
  implement(
    communityCalls.delete,
    async ({ ids }, { user, db }) => ({ deleted: await deleteCommunities(db, user, ids) }),
    tx,
  ),
  implement(incentiveCalls.queryList, (f, { user, db }) => listIncentives(db, user, f)),
  implement(incentiveCalls.detail, (f, { user, db }) => listRatings(db, user, f)),
  implement(incentiveCalls.save, (input, { user, db }) => rate(db, user, input), tx),

  // ------------------------------------------------------------ inspection organisations
  implement(inspectionOrgCalls.submitAudit, orgs.save, tx),
  implement(inspectionOrgCalls.updateAudit, orgs.update, tx),

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
  implement(filingCalls.current, (_input, { user, db }) => myFiling(db, user)),
  implement(filingCalls.bindCompany, (input, { user, db }) => bindCompany(db, user, input), tx),
];
