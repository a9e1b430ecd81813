/**
 * The calls of workers, safety officers and inspection organisations' people, bound to their services.
 */
import {
  buildingUserAuditCalls,
  buildingUserCalls,
  elevatorOfficerCalls,
  inspectionOrgCalls,
  maintenanceUserCalls,
} from '@ec/contract';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { implement } from '../../../platform/http/implement.ts';
import { auditRoutes, groupCalls } from '../../../platform/workflow/audit-desk.ts';
import { applyLeave, leaveDesk, personDesks } from './audit.ts';
import type { PersonKey } from './kinds.ts';
import { assignOfficer, companyOfficers, listElevatorOfficers } from './officers.ts';
import { listPersons, personDetail } from './read.ts';
import { deletePersons, type PersonInput, savePerson, updatePerson } from './write.ts';

type Ctx = { user: AuthUser; db: Queryable };

/** Adding, changing and deleting people of one kind: the person as now filed (and a new account's password). */
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
    delete: async ({ ids }: { ids: number[] }, { user, db }: Ctx) => ({
      deleted: await deletePersons(db, user, key, ids),
    }),
  };
}
const staff = personWrites('maintenance');
const officers = personWrites('use');

const tx = { tx: true };

export const personRoutes = [
  // ------------------------------------------------------------ maintenance users (staff)
  implement(maintenanceUserCalls.queryList, (f, { user, db }) => listPersons(db, user, 'maintenance', f)),
  implement(maintenanceUserCalls.detail, ({ id }, { user, db }) => personDetail(db, user, 'maintenance', id)),
  implement(maintenanceUserCalls.save, staff.save, tx),
  implement(maintenanceUserCalls.update, staff.update, tx),
  implement(maintenanceUserCalls.delete, staff.delete, tx),
  implement(maintenanceUserCalls.leave, (input, { user, db }) => applyLeave(db, user, input), tx),
  ...auditRoutes(personDesks.maintenance, {
    list: maintenanceUserCalls.queryAuditList,
    detail: maintenanceUserCalls.auditDetail,
    pass: maintenanceUserCalls.auditPass,
    reject: maintenanceUserCalls.auditReject,
    delete: maintenanceUserCalls.deleteAudit,
  }),
  ...auditRoutes(leaveDesk, {
    list: maintenanceUserCalls.leaveAuditList,
    pass: maintenanceUserCalls.leaveAuditPass,
    reject: maintenanceUserCalls.leaveAuditReject,
  }),

  // ------------------------------------------------------------ building company users (safety officers)
  implement(buildingUserCalls.queryList, (f, { user, db }) => listPersons(db, user, 'use', f)),
  implement(buildingUserCalls.detail, ({ id }, { user, db }) => personDetail(db, user, 'use', id)),
  implement(buildingUserCalls.save, officers.save, tx),
  implement(buildingUserCalls.update, officers.update, tx),
  implement(buildingUserCalls.delete, officers.delete, tx),
  ...auditRoutes(personDesks.use, groupCalls(buildingUserAuditCalls)),
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

  // ------------------------------------------------------------ inspection organisations' people
  ...auditRoutes(personDesks.inspection, {
    list: inspectionOrgCalls.userAuditQuery,
    detail: inspectionOrgCalls.userAuditGet,
    pass: inspectionOrgCalls.userAuditPass,
    reject: inspectionOrgCalls.userAuditReject,
  }),
];
