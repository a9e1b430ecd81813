import { isReviewer } from '@ec/contract';
/**
 * Signing, changing and deleting maintenance contracts, with the rules on their lifts.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { currentCase, decide, deleteCases, submit } from '../../../platform/workflow.ts';
import { assertFiles, blank } from '../common.ts';
import { maintenanceContract, maintenanceContractElevator } from '../tables.ts';
import { contractKind, contractScope, lift } from './read.ts';

export interface ContractInput {
  contractNo: string;
  maintenanceCompanyId: number;
  useCompanyId: number;
  startDate: string;
  endDate: string;
  planType: string;
  amount?: number | null;
  signDate?: string | null;
  elevatorIds: number[];
  contractFileId?: string | null;
  remark?: string;
}

/** How the user acts on contracts: as one of the parties, or as a reviewer (filed at once). */
function actingAs(user: AuthUser, input: Pick<ContractInput, 'maintenanceCompanyId' | 'useCompanyId'>) {
  if (isReviewer(user.dataScope)) return 'reviewer' as const;
  if (user.companyId === null) throw forbidden('只有合同双方或监管部门可以签订合同');
  if (user.userType === 'maintenance' && input.maintenanceCompanyId === user.companyId)
    return 'party' as const;
  if (user.userType === 'use_unit' && input.useCompanyId === user.companyId) return 'party' as const;
  throw forbidden('只能以本单位作为合同一方');
}

async function party(q: Queryable, id: number, kind: 'maintenance' | 'use') {
  const label = kind === 'maintenance' ? '维保单位' : '使用单位';
  const field = kind === 'maintenance' ? 'maintenanceCompanyId' : 'useCompanyId';
  const [row] = await q
    .select()
    .from(enterprise)
    .where(and(eq(enterprise.id, id), eq(enterprise.kind, kind)));
  if (!row) throw badRequest(`${field}：${label}不存在`, [{ field, message: `${label}不存在` }]);
  if (row.filingState !== 3) throw conflict(`「${row.name}」尚未完成备案，不能签订维保合同`);
  return row;
}

/**
 * The contract's elevators: all exist, all belong to the use unit, none is maintained by another
 * company, and none is in another open contract for an overlapping period.
 */
export async function checkElevators(q: Queryable, input: ContractInput, exceptContractId?: number) {
  const ids = [...new Set(input.elevatorIds)];
  const rows = await q
    .select({
      id: lift.id,
      registerCode: lift.registerCode,
      useCompanyId: lift.useCompanyId,
      maintenanceCompanyId: lift.maintenanceCompanyId,
    })
    .from(lift)
    .where(inArray(lift.id, ids));
  if (rows.length !== ids.length) {
    throw badRequest('elevatorIds：部分电梯不存在', [{ field: 'elevatorIds', message: '部分电梯不存在' }]);
  }
  for (const e of rows) {
    if (e.useCompanyId !== input.useCompanyId) throw conflict(`电梯 ${e.registerCode} 不属于该使用单位`);
    if (e.maintenanceCompanyId !== null && e.maintenanceCompanyId !== input.maintenanceCompanyId) {
      throw conflict(`电梯 ${e.registerCode} 由其他维保单位维保，不能签入本合同`);
    }
  }
  const [overlap] = await q
    .select({
      registerCode: lift.registerCode,
      contractNo: maintenanceContract.contractNo,
      startDate: maintenanceContract.startDate,
      endDate: maintenanceContract.endDate,
    })
    .from(maintenanceContractElevator)
    .innerJoin(maintenanceContract, eq(maintenanceContract.id, maintenanceContractElevator.contractId))
    .innerJoin(lift, eq(lift.id, maintenanceContractElevator.elevatorId))
    .where(
      and(
        inArray(maintenanceContractElevator.elevatorId, ids),
        inArray(maintenanceContract.filingState, [2, 3]),
        sql`${maintenanceContract.startDate} <= ${input.endDate} and ${maintenanceContract.endDate} >= ${input.startDate}`,
        exceptContractId ? ne(maintenanceContract.id, exceptContractId) : undefined,
      ),
    )
    .limit(1);
  if (overlap) {
    throw conflict(
      `电梯 ${overlap.registerCode} 已在合同 ${overlap.contractNo}（${overlap.startDate} 至 ${overlap.endDate}）中，期限不能重叠`,
    );
  }
  return { ids, codes: new Map(rows.map((e) => [e.id, e.registerCode])) };
}

/**
 * Runs writes that open a contract's elevators (links inserted, dates changed, submitted) and turns
 * the database's refusal of an overlap (`maintenance_contract_elevator_no_overlap`, migration 0011)
 * into a 409 that names the lift. The check above gives the friendlier message in the common case;
 * this is the rule when two saves race.
 */
async function guardOverlap<T>(codes: Map<number, string>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    for (
      let e = err as { code?: string; detail?: string; cause?: unknown } | undefined;
      e;
      e = e.cause as typeof e
    ) {
      if (e.code !== '23P01') continue;
      const lift = codes.get(Number(/\)=\((\d+),/.exec(e.detail ?? '')?.[1]));
      const which = lift ? `电梯 ${lift} ` : '部分电梯';
      throw conflict(`${which}在该期限内已有其他维保合同（待审核或已备案），期限不能重叠`);
    }
    throw err;
  }
}

const contractValues = (input: ContractInput, areaCode: string | null) => ({
  contractNo: input.contractNo,
  maintenanceCompanyId: input.maintenanceCompanyId,
  useCompanyId: input.useCompanyId,
  areaCode,
  startDate: input.startDate,
  endDate: input.endDate,
  planType: input.planType,
  amount: input.amount ?? null,
  signDate: blank(input.signDate),
  contractFileId: blank(input.contractFileId),
  remark: blank(input.remark),
});

const guardContractNo = <T>(no: string, write: () => Promise<T>) =>
  refusingConflicts(write, { unique: `合同编号 ${no} 已存在` });

async function fileContract(
  tx: Queryable,
  user: AuthUser,
  id: number,
  areaCode: string | null,
  input: ContractInput,
  as: string,
  first: boolean,
) {
  const record = await submit(tx, contractKind, {
    subjectId: id,
    actorId: user.id,
    areaCode,
    companyId: input.maintenanceCompanyId,
    payload: { ...input },
    description: as === 'reviewer' ? '监管部门录入' : first ? '提交合同备案' : '修改后重新提交',
  });
  if (as === 'reviewer') {
    await decide(tx, contractKind, {
      auditId: record.id,
      actorId: user.id,
      decision: 'pass',
      description: '监管部门录入，直接备案',
    });
  }
}

export async function saveContract(tx: Queryable, user: AuthUser, input: ContractInput) {
  const as = actingAs(user, input);
  await party(tx, input.maintenanceCompanyId, 'maintenance');
  const use = await party(tx, input.useCompanyId, 'use');
  if (as === 'reviewer' && user.dataScope === 'area' && !user.areaCodes.includes(use.areaCode ?? '')) {
    throw forbidden('只能为本辖区的使用单位录入合同');
  }
  await assertFiles(tx, user, { contractFileId: input.contractFileId });
  const { ids, codes } = await checkElevators(tx, input);
  const [{ id }] = await guardContractNo(input.contractNo, () =>
    tx
      .insert(maintenanceContract)
      .values({ ...contractValues(input, use.areaCode), createdBy: user.id })
      .returning({ id: maintenanceContract.id }),
  );
  await guardOverlap(codes, async () => {
    await tx
      .insert(maintenanceContractElevator)
      .values(ids.map((elevatorId) => ({ contractId: id, elevatorId })));
    await fileContract(tx, user, id, use.areaCode, input, as, true);
  });
  return id;
}

export async function updateContract(
  tx: Queryable,
  user: AuthUser,
  input: ContractInput & { id: number; version?: number },
) {
  const [current] = await tx
    .select()
    .from(maintenanceContract)
    .where(and(eq(maintenanceContract.id, input.id), contractScope(user)));
  if (!current) throw notFound('维保合同不存在或无权访问');
  const as = actingAs(user, current);
  actingAs(user, input);
  if (current.filingState === 2) throw conflict('维保合同正在审核中，审核完成前不能修改');
  // A change keeps what the request does not send (amount, sign date, scan, remark).
  const keep = <T>(sent: T | undefined, stored: T) => (sent === undefined ? stored : sent);
  input = {
    ...input,
    amount: keep(input.amount, current.amount),
    signDate: keep(input.signDate, current.signDate),
    contractFileId: keep(input.contractFileId, current.contractFileId),
    remark: keep(input.remark, current.remark ?? ''),
  };
  await party(tx, input.maintenanceCompanyId, 'maintenance');
  const use = await party(tx, input.useCompanyId, 'use');
  await assertFiles(tx, user, { contractFileId: input.contractFileId }, [current.contractFileId]);
  const { ids, codes } = await checkElevators(tx, input, input.id);
  // The version the writer saw (or, without one, the one just read) goes into the UPDATE's WHERE.
  await guardOverlap(codes, async () => {
    await guardContractNo(input.contractNo, () =>
      versionedUpdate(
        tx,
        maintenanceContract,
        eq(maintenanceContract.id, input.id),
        input.version ?? current.version,
        { ...contractValues(input, use.areaCode), updatedAt: new Date() },
        '维保合同已被他人修改，请刷新后重试',
      ),
    );
    await tx.delete(maintenanceContractElevator).where(eq(maintenanceContractElevator.contractId, input.id));
    await tx
      .insert(maintenanceContractElevator)
      .values(ids.map((elevatorId) => ({ contractId: input.id, elevatorId })));
    await fileContract(tx, user, input.id, use.areaCode, input, as, false);
  });
  return input.id;
}

export async function deleteContracts(tx: Queryable, user: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(maintenanceContract)
    .where(and(inArray(maintenanceContract.id, unique), contractScope(user)));
  if (rows.length !== unique.length) throw notFound('维保合同不存在或无权访问');
  for (const c of rows) {
    actingAs(user, c);
    if (c.filingState === 2) throw conflict(`合同 ${c.contractNo} 正在审核中，请先审核`);
    const record = await currentCase(tx, contractKind, c.id);
    if (record && record.deletedAt === null)
      await deleteCases(tx, contractKind, [record.id], { actorId: user.id });
  }
  // The state goes into the DELETE: a contract submitted meanwhile is not deleted under its reviewer.
  const deleted = await tx
    .delete(maintenanceContract)
    .where(and(inArray(maintenanceContract.id, unique), ne(maintenanceContract.filingState, 2)))
    .returning({ id: maintenanceContract.id });
  if (deleted.length !== unique.length) throw conflict('维保合同正在审核中或已变化，请刷新后重试');
  return unique.length;
}
