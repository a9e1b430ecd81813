/**
 * Maintenance contracts: their audit kind, who sees them, their status, lists and details.
 */
import {
  addDays,
  CONTRACT_EXPIRING_DAYS,
  CONTRACT_STATUS_LABEL,
  type ContractDetail,
  type ContractRow,
  formatDateTime,
  PLAN_TYPE_LABEL,
  shanghaiToday,
} from '@ec/contract';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { auditRecord, enterprise } from '../../../platform/db/tables.ts';
import { notFound } from '../../../platform/errors.ts';
import { defineKind, historySteps } from '../../../platform/workflow.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { fileRef, filingOf } from '../common.ts';
import { maintenanceContract, maintenanceContractElevator } from '../tables.ts';

/** Every lift, as the registry lets other modules join it. */
export const lift = liftsRelation().as('lift');

/** Contracts are audited; a change to a passed contract goes back for audit (submit from 3). */
export const contractKind = defineKind({
  kind: 'maintenance-contract',
  label: '维保合同',
  transitions: { submit: [1, 3, 4] },
  onTransition: async (tx, { to, record }) => {
    await tx
      .update(maintenanceContract)
      .set({ filingState: to, updatedAt: new Date() })
      .where(eq(maintenanceContract.id, Number(record.subjectId)));
  },
});

export const maintenanceCo = alias(enterprise, 'maintenance_co');
export const useCo = alias(enterprise, 'use_co');

/** Contracts a user may see: all, the use unit's area, either party's own. */
export function contractScope(user: AuthUser): SQL {
  switch (user.dataScope) {
    case 'all':
      return sql`true`;
    case 'area':
      return user.areaCodes.length === 0 ? sql`false` : inArray(maintenanceContract.areaCode, user.areaCodes);
    case 'company':
      return user.companyId === null
        ? sql`false`
        : or(
            eq(maintenanceContract.maintenanceCompanyId, user.companyId),
            eq(maintenanceContract.useCompanyId, user.companyId),
          )!;
    default:
      return sql`false`;
  }
}

export type ContractStatus = ContractRow['status'];

export function contractStatus(
  filingState: number,
  start: string,
  end: string,
  day = shanghaiToday(),
): ContractStatus {
  if (filingState === 1) return 'draft';
  if (filingState === 2) return 'pending';
  if (filingState === 4) return 'rejected';
  if (start > day) return 'notStarted';
  if (end < day) return 'expired';
  if (end <= addDays(day, CONTRACT_EXPIRING_DAYS)) return 'expiring';
  return 'valid';
}

function statusCondition(status: ContractStatus | undefined, day: string): SQL | undefined {
  const c = maintenanceContract;
  const soon = addDays(day, CONTRACT_EXPIRING_DAYS);
  switch (status) {
    case 'draft':
      return eq(c.filingState, 1);
    case 'pending':
      return eq(c.filingState, 2);
    case 'rejected':
      return eq(c.filingState, 4);
    case 'notStarted':
      return sql`${c.filingState} = 3 and ${c.startDate} > ${day}`;
    case 'expired':
      return sql`${c.filingState} = 3 and ${c.endDate} < ${day}`;
    case 'expiring':
      return sql`${c.filingState} = 3 and ${c.startDate} <= ${day} and ${c.endDate} >= ${day} and ${c.endDate} <= ${soon}`;
    case 'valid':
      return sql`${c.filingState} = 3 and ${c.startDate} <= ${day} and ${c.endDate} > ${soon}`;
    default:
      return undefined;
  }
}

export const elevatorCount = sql<number>`(select count(*) from ${maintenanceContractElevator} ce
  where ce.contract_id = ${maintenanceContract.id})`.mapWith(Number);

function selectContracts(q: Queryable) {
  return q
    .select({
      c: maintenanceContract,
      maintenanceName: maintenanceCo.name,
      useName: useCo.name,
      audit: auditRecord,
      elevatorCount,
    })
    .from(maintenanceContract)
    .innerJoin(maintenanceCo, eq(maintenanceCo.id, maintenanceContract.maintenanceCompanyId))
    .innerJoin(useCo, eq(useCo.id, maintenanceContract.useCompanyId))
    .leftJoin(
      auditRecord,
      and(
        eq(auditRecord.kind, contractKind.kind),
        eq(auditRecord.subjectId, sql`${maintenanceContract.id}::text`),
      ),
    );
}
type ContractJoin = Awaited<ReturnType<ReturnType<typeof selectContracts>['execute']>>[number];

function contractRowOf(r: ContractJoin, day = shanghaiToday()): ContractRow {
  const c = r.c;
  const status = contractStatus(c.filingState, c.startDate, c.endDate, day);
  return {
    id: c.id,
    contractNo: c.contractNo,
    maintenanceCompanyId: c.maintenanceCompanyId,
    maintenanceCompanyName: r.maintenanceName,
    useCompanyId: c.useCompanyId,
    useCompanyName: r.useName,
    startDate: c.startDate,
    endDate: c.endDate,
    planType: c.planType,
    planTypeLabel: PLAN_TYPE_LABEL[c.planType as keyof typeof PLAN_TYPE_LABEL] ?? c.planType,
    amount: c.amount,
    elevatorCount: r.elevatorCount,
    status,
    statusLabel: CONTRACT_STATUS_LABEL[status],
    ...filingOf(c.filingState, r.audit),
    createTime: formatDateTime(c.createdAt),
  };
}

export async function listContracts(
  q: Queryable,
  user: AuthUser,
  f: {
    page: number;
    limit: number;
    contractNo?: string;
    maintenanceCompanyId?: number;
    useCompanyId?: number;
    filingState?: number;
    status?: ContractStatus;
    elevatorId?: number;
  },
) {
  const day = shanghaiToday();
  const where = and(
    contractScope(user),
    f.contractNo ? ilike(maintenanceContract.contractNo, likePattern(f.contractNo)) : undefined,
    f.maintenanceCompanyId ? eq(maintenanceContract.maintenanceCompanyId, f.maintenanceCompanyId) : undefined,
    f.useCompanyId ? eq(maintenanceContract.useCompanyId, f.useCompanyId) : undefined,
    f.filingState ? eq(maintenanceContract.filingState, f.filingState) : undefined,
    statusCondition(f.status, day),
    f.elevatorId
      ? sql`exists (select 1 from ${maintenanceContractElevator} ce where ce.contract_id = ${maintenanceContract.id} and ce.elevator_id = ${f.elevatorId})`
      : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      selectContracts(q).where(where).orderBy(desc(maintenanceContract.id)).limit(w.limit).offset(w.offset),
    { from: maintenanceContract, where },
    (r) => contractRowOf(r, day),
  );
}

/** The contracts of a company (either party), newest first, for the company's detail page. */
export async function contractsOfCompany(q: Queryable, user: AuthUser, companyId: number) {
  const rows = await selectContracts(q)
    .where(
      and(
        contractScope(user),
        or(
          eq(maintenanceContract.maintenanceCompanyId, companyId),
          eq(maintenanceContract.useCompanyId, companyId),
        ),
      ),
    )
    .orderBy(desc(maintenanceContract.endDate), desc(maintenanceContract.id))
    .limit(200);
  const day = shanghaiToday();
  return rows.map((r) => contractRowOf(r, day));
}

export async function contractDetail(q: Queryable, user: AuthUser, id: number): Promise<ContractDetail> {
  const [r] = await selectContracts(q).where(and(eq(maintenanceContract.id, id), contractScope(user)));
  if (!r) throw notFound('维保合同不存在或无权访问');
  const elevators = await q
    .select({
      id: lift.id,
      registerCode: lift.registerCode,
      name: lift.name,
      address: lift.address,
      areaCode: lift.areaCode,
    })
    .from(maintenanceContractElevator)
    .innerJoin(lift, eq(lift.id, maintenanceContractElevator.elevatorId))
    .where(eq(maintenanceContractElevator.contractId, id))
    .orderBy(lift.registerCode);
  return {
    ...contractRowOf(r),
    signDate: r.c.signDate,
    remark: r.c.remark,
    contractFile: await fileRef(q, r.c.contractFileId),
    elevators,
    version: r.c.version,
    updateTime: formatDateTime(r.c.updatedAt),
    history: await historySteps(q, r.audit?.id),
  };
}
