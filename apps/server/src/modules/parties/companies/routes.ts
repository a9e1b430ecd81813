/**
 * The calls of maintenance units, use units and inspection organisations, bound to their services.
 */
import {
  buildingCompanyAuditCalls,
  buildingCompanyCalls,
  inspectionOrgCalls,
  maintenanceAuditCalls,
  maintenanceUnitCalls,
} from '@ec/contract';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { implement } from '../../../platform/http/implement.ts';
import { auditRoutes, groupCalls } from '../../../platform/workflow/audit-desk.ts';
import { companyDesks } from './audit.ts';
import type { CompanyKey } from './kinds.ts';
import { filedCompanies, lookupCompanies } from './lookups.ts';
import {
  buildingCompanyDetail,
  buildingStatistics,
  inspectionOrgDetail,
  inspectionOrgOptions,
  listBuildingCompanies,
  listInspectionOrgs,
  listMaintenanceUnits,
  maintenanceUnitDetail,
} from './read.ts';
import {
  maintenanceUnitCerts,
  maintenanceUnitLifts,
  maintenanceUnitStaff,
  maintenanceUnitView,
} from './unit-views.ts';
import { type CompanyInput, deleteCompanies, saveCompany, updateCompany, updateOrgContact } from './write.ts';

type Ctx = { user: AuthUser; db: Queryable };

/** Right after filing, the filer (bound to the new company in this transaction) sees it as its own. */
const viewerAfterSave = (user: AuthUser, id: number): AuthUser =>
  user.companyId === null && user.dataScope === 'company' ? { ...user, companyId: id } : user;

/** Filing a company of one kind, changing and deleting it: the company as now filed. */
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

export const companyRoutes = [
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
  ...auditRoutes(companyDesks.maintenance, {
    list: maintenanceAuditCalls.query,
    pendingList: maintenanceUnitCalls.queryAuditList,
    detail: maintenanceAuditCalls.getAuditDetail,
    pass: maintenanceUnitCalls.auditPass,
    reject: maintenanceUnitCalls.auditReject,
    delete: maintenanceAuditCalls.delete,
  }),

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
  ...auditRoutes(companyDesks.use, {
    ...groupCalls(buildingCompanyAuditCalls),
    decide: buildingCompanyCalls.auditCompany,
  }),

  // ------------------------------------------------------------ inspection organisations
  implement(inspectionOrgCalls.query, (f, { user, db }) => listInspectionOrgs(db, user, f)),
  implement(inspectionOrgCalls.queryList, (f, { user, db }) =>
    inspectionOrgOptions(db, user, { ...f, filed: true }),
  ),
  implement(inspectionOrgCalls.getList, (_f, { user, db }) =>
    inspectionOrgOptions(db, user, { filed: false }),
  ),
  implement(inspectionOrgCalls.get, ({ id }, { user, db }) => inspectionOrgDetail(db, user, id)),
  implement(
    inspectionOrgCalls.updateInspection,
    async (input, { user, db }) => inspectionOrgDetail(db, user, await updateOrgContact(db, user, input)),
    tx,
  ),
  implement(inspectionOrgCalls.submitAudit, orgs.save, tx),
  implement(inspectionOrgCalls.updateAudit, orgs.update, tx),
  ...auditRoutes(companyDesks.inspection, {
    list: inspectionOrgCalls.auditQuery,
    detail: inspectionOrgCalls.auditGet,
    pass: inspectionOrgCalls.auditPass,
    reject: inspectionOrgCalls.auditReject,
  }),
];
