import {
  CONTRACT_FLAG_LABEL,
  CONTRACT_STATUS_LABEL,
  type ContractAuditRow,
  type ContractDetail,
  type ContractRow,
  formatDateTime,
  PLAN_TYPE_LABEL,
} from '@ec/contract';
import { and, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { refusingConflicts } from '../../platform/db/conflicts.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern, rowsOf } from '../../platform/db/sql.ts';
import { auditRecord, enterprise } from '../../platform/db/tables.ts';
import { versionedUpdate } from '../../platform/db/versioned.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { auditDesk } from '../../platform/workflow/audit-desk.ts';
import {
  type AuditRecordRow,
  currentCase,
  decide,
  defineKind,
  deleteCases,
  historySteps,
  submit,
} from '../../platform/workflow.ts';
import { liftsRelation, liftVisibleTo } from '../elevator/api.ts';
import {
  addDays,
  assertFiles,
  assertReviewer,
  auditInfos,
  blank,
  fileRef,
  filingOf,
  isReviewer,
  today,
} from './common.ts';
import { maintenanceContract, maintenanceContractElevator } from './tables.ts';

/** Every lift, as the registry lets other modules join it. */
const lift = liftsRelation().as('lift');

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

const maintenanceCo = alias(enterprise, 'maintenance_co');
const useCo = alias(enterprise, 'use_co');

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
  day = today(),
): ContractStatus {
  if (filingState === 1) return 'draft';
  if (filingState === 2) return 'pending';
  if (filingState === 4) return 'rejected';
  if (start > day) return 'notStarted';
  if (end < day) return 'expired';
  if (end <= addDays(day, 30)) return 'expiring';
  return 'valid';
}

function statusCondition(status: ContractStatus | undefined, day: string): SQL | undefined {
  const c = maintenanceContract;
  const soon = addDays(day, 30);
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

const elevatorCount = sql<number>`(select count(*) from ${maintenanceContractElevator} ce
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

function contractRowOf(r: ContractJoin, day = today()): ContractRow {
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
  const day = today();
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
  const day = today();
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
  if (isReviewer(user)) return 'reviewer' as const;
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
async function checkElevators(q: Queryable, input: ContractInput, exceptContractId?: number) {
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

// ---------------------------------------------------------------- audit

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

async function contractAuditRows(
  q: Queryable,
  rows: {
    audit: AuditRecordRow;
    c: typeof maintenanceContract.$inferSelect;
    maintenanceName: string;
    useName: string;
    elevatorCount: number;
  }[],
): Promise<ContractAuditRow[]> {
  const infos = await auditInfos(
    q,
    rows.map((r) => r.audit),
  );
  return rows.map((r, i) => ({
    ...infos[i],
    contractId: r.c.id,
    contractNo: r.c.contractNo,
    maintenanceCompanyName: r.maintenanceName,
    useCompanyName: r.useName,
    startDate: r.c.startDate,
    endDate: r.c.endDate,
    elevatorCount: r.elevatorCount,
  }));
}

/** The audit of contracts: a pass checks again that the lifts are free (another may have passed meanwhile). */
export const contractDesk = auditDesk({
  kind: contractKind,
  selectCases: selectContractCases,
  filters: (f: { contractNo?: string }) => [
    f.contractNo ? ilike(maintenanceContract.contractNo, likePattern(f.contractNo)) : undefined,
  ],
  toRows: (q, _viewer, rows) => contractAuditRows(q, rows),
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

// ---------------------------------------------------------------- the flag on elevators

/** Per elevator (in the user's scope): the contract that covers today, else the latest one. */
export async function elevatorContractStates(q: Queryable, user: AuthUser, elevatorIds: number[]) {
  const ids = [...new Set(elevatorIds)];
  // The user's elevators, and those of contracts the user is a party to.
  const visible = await q
    .select({ id: lift.id })
    .from(lift)
    .where(
      and(
        inArray(lift.id, ids),
        or(
          liftVisibleTo(user, lift.id),
          sql`exists (select 1 from ${maintenanceContractElevator} ce
            join ${maintenanceContract} on ${maintenanceContract.id} = ce.contract_id
            where ce.elevator_id = ${lift.id} and ${contractScope(user)})`,
        ),
      ),
    );
  const day = today();
  const contracts = visible.length
    ? await q
        .select({
          elevatorId: maintenanceContractElevator.elevatorId,
          id: maintenanceContract.id,
          contractNo: maintenanceContract.contractNo,
          startDate: maintenanceContract.startDate,
          endDate: maintenanceContract.endDate,
          filingState: maintenanceContract.filingState,
        })
        .from(maintenanceContractElevator)
        .innerJoin(maintenanceContract, eq(maintenanceContract.id, maintenanceContractElevator.contractId))
        .where(
          and(
            inArray(
              maintenanceContractElevator.elevatorId,
              visible.map((v) => v.id),
            ),
            inArray(maintenanceContract.filingState, [2, 3]),
          ),
        )
    : [];
  return visible.map(({ id }) => {
    const mine = contracts.filter((c) => c.elevatorId === id);
    const passed = mine.filter((c) => c.filingState === 3);
    const current =
      passed.find((c) => c.startDate <= day && c.endDate >= day) ??
      passed.sort((a, b) => (a.endDate < b.endDate ? 1 : -1))[0];
    const state = current
      ? (contractStatus(3, current.startDate, current.endDate, day) as
          | 'notStarted'
          | 'valid'
          | 'expiring'
          | 'expired')
      : mine.length > 0
        ? ('pending' as const)
        : ('none' as const);
    const pick = current ?? mine[0];
    return {
      elevatorId: id,
      state,
      stateLabel: state === 'none' ? '无维保合同' : CONTRACT_STATUS_LABEL[state],
      contractId: pick?.id ?? null,
      contractNo: pick?.contractNo ?? null,
      endDate: pick?.endDate ?? null,
    };
  });
}

/**
 * Elevators bound to a maintenance company (in the user's scope) whose maintenance is not covered:
 * no passed contract for today (missing, or the last one ended) or one that ends within 30 days.
 */
export async function flaggedElevators(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; flag?: 'missing' | 'expired' | 'expiring'; registerCode?: string },
) {
  const day = today();
  const soon = addDays(day, 30);
  const flag = sql`case
      when c.id is null then 'missing'
      when c.end_date < ${day} then 'expired'
      when c.start_date > ${day} then 'missing'
      else 'expiring' end`;
  const base = sql`
    from (${liftsRelation(user)}) lift
    left join lateral (
      select mc.id, mc.contract_no, mc.start_date, mc.end_date
      from maintenance_contract_elevator ce join maintenance_contract mc on mc.id = ce.contract_id
      where ce.elevator_id = lift.id and mc.filing_state = 3
      order by (mc.start_date <= ${day} and mc.end_date >= ${day}) desc, mc.end_date desc
      limit 1) c on true
    left join enterprise m on m.id = lift.maintenance_company_id
    left join enterprise u on u.id = lift.use_company_id
    where lift.maintenance_company_id is not null
      and (c.id is null or c.end_date < ${day} or c.start_date > ${day} or c.end_date <= ${soon})
      ${f.registerCode ? sql`and lift.register_code like ${`${f.registerCode.toUpperCase().replace(/[\\%_]/g, '')}%`}` : sql``}
      ${f.flag ? sql`and ${flag} = ${f.flag}` : sql``}`;
  type Flagged = {
    id: number;
    register_code: string;
    name: string | null;
    address: string;
    area_code: string;
    maintenance_company_id: number | null;
    maintenance_name: string | null;
    use_company_id: number | null;
    use_name: string | null;
    flag: 'missing' | 'expired' | 'expiring';
    contract_no: string | null;
    end_date: string | null;
  };
  return paginate(
    q,
    f,
    async (w) =>
      rowsOf<Flagged>(
        await q.execute(sql`select lift.id, lift.register_code, lift.name, lift.address,
        lift.area_code, lift.maintenance_company_id, m.name as maintenance_name,
        lift.use_company_id, u.name as use_name, ${flag} as flag, c.contract_no, c.end_date::text as end_date
      ${base} order by lift.id limit ${w.limit} offset ${w.offset}`),
      ),
    async () => Number(rowsOf<{ n: number }>(await q.execute(sql`select count(*)::int as n ${base}`))[0].n),
    (r) => ({
      elevatorId: Number(r.id),
      registerCode: r.register_code,
      name: r.name,
      address: r.address,
      areaCode: r.area_code,
      maintenanceCompanyId: r.maintenance_company_id === null ? null : Number(r.maintenance_company_id),
      maintenanceCompanyName: r.maintenance_name,
      useCompanyId: r.use_company_id === null ? null : Number(r.use_company_id),
      useCompanyName: r.use_name,
      flag: r.flag,
      flagLabel: CONTRACT_FLAG_LABEL[r.flag],
      contractNo: r.contract_no,
      endDate: r.end_date,
    }),
  );
}
