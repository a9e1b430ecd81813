import {
  CLAIM_RECORD_STATE_LABEL,
  type ClaimRecord,
  type ClaimType,
  formatDateTime,
  isReviewer,
} from '@ec/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { auditRecord, enterprise } from '../../platform/db/tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import {
  caseScope,
  decide,
  decideAsReviewer,
  defineKind,
  deleteCases,
  FILING,
  submit,
  withdraw,
} from '../../platform/workflow.ts';
import { type JoinedElevator, selectElevators } from './rows.ts';
import { claimTypeOf, elevatorScope } from './scope.ts';
import { requireElevator } from './service.ts';
import { elevator, elevatorClaim } from './tables.ts';

/** A claim pending review or bound: at most one per lift and side (the open-claim unique index). */
export const OPEN_CLAIM_STATES: number[] = [FILING.pending, FILING.passed];

const stateColumn = (type: ClaimType) => (type === 'maintenance' ? 'maintenanceClaimState' : 'useClaimState');
const companyColumn = (type: ClaimType) => (type === 'maintenance' ? 'maintenanceCompanyId' : 'useCompanyId');

/**
 * Claims are cases of the audit workflow. A bound claim can be released (withdraw from 3), which
 * unbinds the elevator. Every transition mirrors its state onto the claim and the elevator.
 */
export const claimKind = defineKind({
  kind: 'elevator-claim',
  label: '电梯认领',
  transitions: { withdraw: [FILING.pending, FILING.passed], submit: [] },
  onTransition: async (tx, { to, record }) => {
    const [claim] = await tx
      .select()
      .from(elevatorClaim)
      .where(eq(elevatorClaim.id, Number(record.subjectId)));
    if (!claim) throw notFound('认领记录不存在');
    const type = claim.claimType as ClaimType;
    await tx
      .update(elevatorClaim)
      .set({ state: to, auditId: record.id })
      .where(eq(elevatorClaim.id, claim.id));
    // The lift shows 0 未认领, 2 待审核 or 3 已认领 (CLAIM_STATE_LABEL): an open claim's state, else none.
    const elevatorState = OPEN_CLAIM_STATES.includes(to) ? to : 0;
    const set: Record<string, unknown> = { [stateColumn(type)]: elevatorState, updatedAt: new Date() };
    if (to === FILING.passed) set[companyColumn(type)] = claim.companyId;
    else
      set[companyColumn(type)] =
        sql`case when ${elevator[companyColumn(type)]} = ${claim.companyId} and ${to} = 1 then null else ${elevator[companyColumn(type)]} end`;
    await tx.update(elevator).set(set).where(eq(elevator.id, claim.elevatorId));
  },
});

function actingCompany(user: AuthUser): { type: ClaimType; companyId: number } {
  const type = claimTypeOf(user);
  if (!type || user.companyId === null) throw forbidden('只有维保单位或使用单位可以认领电梯');
  return { type, companyId: user.companyId };
}

/** Submits claims for elevators, all or none; an elevator already pending or bound is refused. */
export async function claimElevators(
  tx: Queryable,
  user: AuthUser,
  ids: number[],
  expected: ClaimType,
  communityId?: number,
) {
  const { type, companyId } = actingCompany(user);
  if (type !== expected)
    throw forbidden(expected === 'maintenance' ? '只有维保单位可以认领维保' : '只有使用单位可以认领使用');
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({
      id: elevator.id,
      registerCode: elevator.registerCode,
      areaCode: elevator.areaCode,
      status: elevator.status,
    })
    .from(elevator)
    .where(inArray(elevator.id, unique))
    // Locked as the claim's own update of the lift would (claim states): a lift disabled or deleted
    // meanwhile is seen as it ends up, and two claims of one lift queue instead of deadlocking.
    .orderBy(asc(elevator.id))
    .for('no key update');
  if (rows.length !== unique.length) throw notFound('部分电梯不存在');
  for (const e of rows) {
    if (e.status !== 1) throw conflict(`电梯 ${e.registerCode} 已停用，不能认领`);
    const [created] = await tx
      .insert(elevatorClaim)
      .values({
        elevatorId: e.id,
        claimType: type,
        companyId,
        communityId: communityId ?? null,
        state: FILING.pending,
      })
      .onConflictDoNothing()
      .returning({ id: elevatorClaim.id });
    if (!created) throw conflict(`电梯 ${e.registerCode} 已被认领或正在审核中`);
    await submit(tx, claimKind, { subjectId: created.id, actorId: user.id, areaCode: e.areaCode, companyId });
  }
  return unique.length;
}

/** Withdraws the company's pending claims or releases its bound ones for the given elevators. */
export async function releaseElevators(tx: Queryable, user: AuthUser, ids: number[], expected: ClaimType) {
  const { type, companyId } = actingCompany(user);
  if (type !== expected) throw forbidden('不能解除其他类型的认领');
  const unique = [...new Set(ids)];
  const open = await tx
    .select({ id: elevatorClaim.id, auditId: elevatorClaim.auditId, elevatorId: elevatorClaim.elevatorId })
    .from(elevatorClaim)
    .where(
      and(
        inArray(elevatorClaim.elevatorId, unique),
        eq(elevatorClaim.companyId, companyId),
        eq(elevatorClaim.claimType, type),
        inArray(elevatorClaim.state, OPEN_CLAIM_STATES),
      ),
    )
    // Lift by lift in id order: a release changes each lift in its own statement, and the points
    // of an advertising booking on several of them are locked in that order too (ad lockPoints).
    .orderBy(asc(elevatorClaim.elevatorId));
  if (open.length !== unique.length) throw notFound('部分电梯没有本单位的认领');
  for (const c of open) {
    await withdraw(tx, claimKind, {
      auditId: c.auditId!,
      actorId: user.id,
      description: '认领单位撤回或解除',
    });
  }
  return open.length;
}

/** A regulator binds an elevator to a maintenance company directly: a claim submitted and passed at once. */
export async function distribute(tx: Queryable, user: AuthUser, ids: number[], maintenanceCompanyId: number) {
  const [company] = await tx
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(and(eq(enterprise.id, maintenanceCompanyId), eq(enterprise.kind, 'maintenance')));
  if (!company)
    throw badRequest('maintenanceCompanyId：维保单位不存在', [
      { field: 'maintenanceCompanyId', message: '维保单位不存在' },
    ]);
  // In id order, whatever order the ids came in: each lift is changed in its own statements.
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const [e] = await tx.select().from(elevator).where(eq(elevator.id, id));
    const current = await tx
      .select()
      .from(elevatorClaim)
      .where(
        and(
          eq(elevatorClaim.elevatorId, id),
          eq(elevatorClaim.claimType, 'maintenance'),
          inArray(elevatorClaim.state, OPEN_CLAIM_STATES),
        ),
      );
    for (const c of current) {
      if (c.state === FILING.pending) throw conflict(`电梯 ${e.registerCode} 有待审核的认领，请先审核`);
      if (c.companyId === maintenanceCompanyId) continue;
      await withdraw(tx, claimKind, {
        auditId: c.auditId!,
        actorId: user.id,
        description: '监管部门重新指定维保单位',
      });
    }
    if (current.some((c) => c.companyId === maintenanceCompanyId)) continue;
    // The open-claim unique index decides between concurrent assignments of the same elevator.
    const [created] = await tx
      .insert(elevatorClaim)
      .values({
        elevatorId: id,
        claimType: 'maintenance',
        companyId: maintenanceCompanyId,
        state: FILING.pending,
      })
      .onConflictDoNothing()
      .returning({ id: elevatorClaim.id });
    if (!created) throw conflict(`电梯 ${e.registerCode} 的维保单位刚被他人修改，请刷新后重试`);
    const record = await submit(tx, claimKind, {
      subjectId: created.id,
      actorId: user.id,
      areaCode: e.areaCode,
      companyId: maintenanceCompanyId,
      description: '监管部门指定维保单位',
    });
    await decide(tx, claimKind, {
      auditId: record.id,
      actorId: user.id,
      decision: 'pass',
      description: '监管部门指定',
    });
  }
  return ids.length;
}

/** Claim records as lists show them, joined with the elevator and the company. */
function selectClaims(db: Queryable) {
  return db
    .select({
      claim: elevatorClaim,
      registerCode: elevator.registerCode,
      elevatorName: elevator.name,
      address: elevator.address,
      areaCode: elevator.areaCode,
      companyName: enterprise.name,
      audit: auditRecord,
    })
    .from(elevatorClaim)
    .innerJoin(elevator, eq(elevator.id, elevatorClaim.elevatorId))
    .innerJoin(enterprise, eq(enterprise.id, elevatorClaim.companyId))
    .innerJoin(auditRecord, eq(auditRecord.id, elevatorClaim.auditId));
}

type ClaimJoin = Awaited<ReturnType<ReturnType<typeof selectClaims>['execute']>>[number];

function toClaim(r: ClaimJoin): ClaimRecord {
  return {
    id: r.claim.id,
    auditId: r.audit.id,
    elevatorId: r.claim.elevatorId,
    registerCode: r.registerCode,
    elevatorName: r.elevatorName,
    address: r.address,
    areaCode: r.areaCode,
    claimType: r.claim.claimType as ClaimType,
    companyId: r.claim.companyId,
    companyName: r.companyName,
    communityId: r.claim.communityId,
    state: r.claim.state,
    stateLabel: CLAIM_RECORD_STATE_LABEL[r.claim.state] ?? String(r.claim.state),
    auditDescription: r.audit.description,
    version: r.audit.version,
    submitTime: formatDateTime(r.audit.submittedAt ?? r.claim.createdAt),
    decideTime: r.audit.decidedAt ? formatDateTime(r.audit.decidedAt) : null,
  };
}

/**
 * Which claims a user may see: regulators those in their area (caseScope), companies their own,
 * the platform all. Deleted cases are gone from every list.
 */
export function claimScope(user: AuthUser): SQL {
  const live = sql`${auditRecord.deletedAt} is null`;
  if (isReviewer(user.dataScope)) return and(live, caseScope(user))!;
  if (user.companyId === null) return sql`false`;
  return and(live, eq(elevatorClaim.companyId, user.companyId))!;
}

export async function listClaims(
  db: Queryable,
  user: AuthUser,
  f: {
    page: number;
    limit: number;
    claimType?: ClaimType;
    state?: number;
    registerCode?: string;
    companyId?: number;
  },
) {
  const where = and(
    claimScope(user),
    f.claimType ? eq(elevatorClaim.claimType, f.claimType) : undefined,
    f.state ? eq(elevatorClaim.state, f.state) : undefined,
    f.registerCode ? sql`${elevator.registerCode} like ${`${f.registerCode.toUpperCase()}%`}` : undefined,
    f.companyId ? eq(elevatorClaim.companyId, f.companyId) : undefined,
  );
  return paginate(
    db,
    f,
    (w) => selectClaims(db).where(where).orderBy(desc(elevatorClaim.id)).limit(w.limit).offset(w.offset),
    async () => {
      const [{ total }] = await db
        .select({ total: count() })
        .from(elevatorClaim)
        .innerJoin(elevator, eq(elevator.id, elevatorClaim.elevatorId))
        .innerJoin(auditRecord, eq(auditRecord.id, elevatorClaim.auditId))
        .where(where);
      return total;
    },
    toClaim,
  );
}

export async function getClaim(db: Queryable, user: AuthUser, where: SQL) {
  const [row] = await selectClaims(db).where(and(where, claimScope(user)));
  if (!row) throw notFound('认领记录不存在或无权访问');
  return toClaim(row);
}

export async function decideClaim(
  tx: Queryable,
  user: AuthUser,
  input: { auditId: number; auditDescription?: string; version?: number },
  decision: 'pass' | 'reject',
) {
  await decideAsReviewer(tx, claimKind, user, input, decision);
  return getClaim(tx, user, eq(elevatorClaim.auditId, input.auditId));
}

/**
 * The claims on one elevator that the user may see: its own company's (also on an elevator it no
 * longer holds), or all of them for a regulator. With none of those, an elevator outside the user's
 * reach is 404, like its detail.
 */
export async function elevatorClaims(db: Queryable, user: AuthUser, elevatorId: number) {
  const rows = await selectClaims(db)
    .where(and(eq(elevatorClaim.elevatorId, elevatorId), claimScope(user)))
    .orderBy(desc(elevatorClaim.id));
  if (rows.length === 0) await requireElevator(db, elevatorId, elevatorScope(user));
  return rows.map(toClaim);
}

/**
 * A claim case and its elevator as the user may see them: a reviewer of the case, the company that
 * holds the elevator, or the claimant while its claim is pending (the lift's registry entry: what it
 * asked for). A withdrawn or rejected claim stays in the claimant's records but no longer opens the lift.
 */
export async function claimedElevator(db: Queryable, user: AuthUser, where: SQL) {
  const [claim] = await db
    .select({
      elevatorId: elevatorClaim.elevatorId,
      companyId: elevatorClaim.companyId,
      claimType: elevatorClaim.claimType,
      state: elevatorClaim.state,
    })
    .from(elevatorClaim)
    .innerJoin(auditRecord, eq(auditRecord.id, elevatorClaim.auditId))
    .where(and(where, claimScope(user)));
  if (!claim) throw notFound('审核记录不存在或无权访问');
  const reach =
    isReviewer(user.dataScope) || claim.state === FILING.pending ? undefined : elevatorScope(user);
  const [joined] = await selectElevators(db).where(and(eq(elevator.id, claim.elevatorId), reach));
  if (!joined) throw notFound('认领已撤回或未通过，不能再查看该电梯');
  return { claim, joined: joined as JoinedElevator };
}

/**
 * The company a claim case shows on one side ('use' or 'maintenance'): the claimant itself on its own
 * side; on the other side the elevator's current company, shown to a reviewer or to a company that
 * holds the elevator already. A claimant whose claim is pending (or withdrawn) gets nothing of the
 * other party: 404.
 */
export async function claimPartyCompany(db: Queryable, user: AuthUser, auditId: number, side: ClaimType) {
  const [row] = await db
    .select({
      claimType: elevatorClaim.claimType,
      companyId: elevatorClaim.companyId,
      current: elevator[companyColumn(side)],
      held: sql<boolean>`${elevatorScope(user)}`,
    })
    .from(elevatorClaim)
    .innerJoin(auditRecord, eq(auditRecord.id, elevatorClaim.auditId))
    .innerJoin(elevator, eq(elevator.id, elevatorClaim.elevatorId))
    .where(and(eq(elevatorClaim.auditId, auditId), claimScope(user)));
  if (!row) throw notFound('审核记录不存在或无权访问');
  if (row.claimType === side) return row.companyId;
  if (!isReviewer(user.dataScope) && !row.held) throw notFound('认领审核通过前不能查看其他单位的信息');
  return row.current;
}

/** Removes finished claim records from the lists (pending ones must be decided first). */
export async function removeClaims(tx: Queryable, user: AuthUser, claimIds: number[]) {
  const rows = await tx
    .select({ auditId: elevatorClaim.auditId })
    .from(elevatorClaim)
    .innerJoin(auditRecord, eq(auditRecord.id, elevatorClaim.auditId))
    .where(and(inArray(elevatorClaim.id, claimIds), claimScope(user)));
  if (rows.length !== new Set(claimIds).size) throw notFound('部分认领记录不存在或无权访问');
  return deleteCases(
    tx,
    claimKind,
    rows.map((r) => r.auditId!),
    { actorId: user.id, scope: caseScope(user) },
  );
}
