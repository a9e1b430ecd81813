/**
 * Facts of the parties module that the maintenance domain decides by: a lift's valid contract on a
 * day, the filed workers of a company and their certificates. Read-only; other modules reach them
 * through api.ts.
 */
import { FILING_STATE } from '@ec/contract';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db/client.ts';
import { sysUser } from '../../platform/db/tables.ts';
import { maintenanceContract, maintenanceContractElevator, staffProfile } from './tables.ts';

export interface ContractFact {
  id: number;
  contractNo: string;
  maintenanceCompanyId: number;
  startDate: string;
  endDate: string;
}

const passed = eq(maintenanceContract.filingState, FILING_STATE.passed);
const contractColumns = {
  id: maintenanceContract.id,
  contractNo: maintenanceContract.contractNo,
  maintenanceCompanyId: maintenanceContract.maintenanceCompanyId,
  startDate: maintenanceContract.startDate,
  endDate: maintenanceContract.endDate,
};

/** The audited (审核通过) maintenance contract covering a lift on a day (yyyy-MM-dd), if any. */
export async function contractOn(
  q: Queryable,
  elevatorId: number,
  day: string,
): Promise<ContractFact | null> {
  const [row] = await q
    .select(contractColumns)
    .from(maintenanceContractElevator)
    .innerJoin(maintenanceContract, eq(maintenanceContract.id, maintenanceContractElevator.contractId))
    .where(
      and(
        eq(maintenanceContractElevator.elevatorId, elevatorId),
        passed,
        lte(maintenanceContract.startDate, day),
        gte(maintenanceContract.endDate, day),
      ),
    )
    .orderBy(asc(maintenanceContract.endDate))
    .limit(1);
  return row ?? null;
}

/**
 * The audited contracts valid on a day as a relation to join (columns: elevator_id, contract_id,
 * contract_no, end_date), one row per lift (the one ending last).
 */
export function contractsOnRelation(day: string) {
  return new QueryBuilder()
    .selectDistinctOn([maintenanceContractElevator.elevatorId], {
      elevatorId: sql<number>`${maintenanceContractElevator.elevatorId}`.as('contract_elevator_id'),
      contractId: sql<number>`${maintenanceContract.id}`.as('contract_id'),
      contractNo: sql<string>`${maintenanceContract.contractNo}`.as('contract_no'),
      endDate: sql<string>`${maintenanceContract.endDate}`.as('contract_end'),
    })
    .from(maintenanceContractElevator)
    .innerJoin(maintenanceContract, eq(maintenanceContract.id, maintenanceContractElevator.contractId))
    .where(and(passed, lte(maintenanceContract.startDate, day), gte(maintenanceContract.endDate, day)))
    .orderBy(maintenanceContractElevator.elevatorId, sql`${maintenanceContract.endDate} desc`);
}

export interface WorkerFact {
  userId: number;
  name: string;
  phone: string | null;
  companyId: number;
  certType: string | null;
  certNo: string | null;
  certExpiry: string | null;
  /** Filed (审核通过) and employed. */
  active: boolean;
}

const workerColumns = {
  userId: staffProfile.userId,
  name: sysUser.realName,
  phone: sysUser.phone,
  companyId: staffProfile.companyId,
  certType: staffProfile.certType,
  certNo: staffProfile.certNo,
  certExpiry: staffProfile.certExpiry,
  active: sql<boolean>`(${sysUser.filingState} = ${FILING_STATE.passed} and ${staffProfile.employed} = 1)`,
};

/** The maintenance workers (role staff) among these accounts, with their certificates. */
export function workersByIds(q: Queryable, userIds: number[]): Promise<WorkerFact[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return q
    .select(workerColumns)
    .from(staffProfile)
    .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
    .where(and(inArray(staffProfile.userId, userIds), eq(staffProfile.role, 'staff')))
    .orderBy(asc(staffProfile.userId));
}

/** The filed, employed maintenance workers of a company. */
export function filedWorkersOf(q: Queryable, companyId: number): Promise<WorkerFact[]> {
  return q
    .select(workerColumns)
    .from(staffProfile)
    .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
    .where(
      and(
        eq(staffProfile.companyId, companyId),
        eq(staffProfile.role, 'staff'),
        eq(staffProfile.employed, 1),
        eq(sysUser.filingState, FILING_STATE.passed),
      ),
    )
    .orderBy(asc(staffProfile.userId));
}
