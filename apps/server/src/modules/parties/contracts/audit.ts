/**
 * The audit desk of maintenance contracts.
 */
import type { AuditInfo, ContractAuditRow } from '@ec/contract';
import { eq, ilike, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { auditRecord } from '../../../platform/db/tables.ts';
import { auditDesk } from '../../../platform/workflow/audit-desk.ts';
import { assertReviewer } from '../common.ts';
import { maintenanceContract } from '../tables.ts';
import { contractDetail, contractKind, elevatorCount, maintenanceCo, useCo } from './read.ts';
import { type ContractInput, checkElevators } from './write.ts';

function selectContractCases(q: Queryable) {
  return q
    .select({
      audit: auditRecord,
      c: maintenanceContract,
      maintenanceName: maintenanceCo.name,
      useName: useCo.name,
      elevatorCount,
    })
    .from(auditRecord)
    .innerJoin(maintenanceContract, eq(sql`${maintenanceContract.id}::text`, auditRecord.subjectId))
    .innerJoin(maintenanceCo, eq(maintenanceCo.id, maintenanceContract.maintenanceCompanyId))
    .innerJoin(useCo, eq(useCo.id, maintenanceContract.useCompanyId))
    .$dynamic();
}

type ContractCaseJoin = Awaited<ReturnType<ReturnType<typeof selectContractCases>['execute']>>[number];

const contractAuditRow = (r: ContractCaseJoin, info: AuditInfo): ContractAuditRow => ({
  ...info,
  contractId: r.c.id,
  contractNo: r.c.contractNo,
  maintenanceCompanyName: r.maintenanceName,
  useCompanyName: r.useName,
  startDate: r.c.startDate,
  endDate: r.c.endDate,
  elevatorCount: r.elevatorCount,
});

/** The audit of contracts: a pass checks again that the lifts are free (another may have passed meanwhile). */
export const contractDesk = auditDesk({
  kind: contractKind,
  selectCases: selectContractCases,
  filters: (f: { contractNo?: string }) => [
    f.contractNo ? ilike(maintenanceContract.contractNo, likePattern(f.contractNo)) : undefined,
  ],
  toRow: contractAuditRow,
  subjectKey: 'contract',
  loadSubject: (q, viewer, row) => contractDetail(q, viewer, row.contractId),
  assertReviewer,
  beforeDecide: async (tx, viewer, row, decision) => {
    if (decision !== 'pass') return;
    const detail = await contractDetail(tx, { ...viewer, dataScope: 'all' }, row.contractId);
    await checkElevators(
      tx,
      {
        ...detail,
        elevatorIds: detail.elevators.map((e) => e.id),
        amount: detail.amount,
      } as ContractInput,
      row.contractId,
    );
  },
});
