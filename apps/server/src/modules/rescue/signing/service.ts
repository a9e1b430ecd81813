import {
  type CallParsedInput,
  formatDateTime,
  isReviewer,
  maskPhone,
  type Page,
  SIGNING_KIND_LABEL,
  SIGNING_STATE_LABEL,
  type SigningDetail,
  type SigningRow,
  type SigningState,
  shanghaiToday,
  type signingCalls,
} from '@ec/contract';
import { and, asc, desc, eq, gt, ilike, inArray, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AuthUser, scopeCondition } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { inArea, likePattern, rowsOf } from '../../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { STALE_VERSION_MESSAGE } from '../../../platform/db/versioned.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { maskedPhone, unmasked } from '../../../platform/masking.ts';
import { liftsBoundTo, liftsRelation } from '../../elevator/api.ts';
import { signingElevator, signingRecord } from '../tables.ts';
import { type LeasedLift, runLeaseGuards } from './lease-guards.ts';

type Calls = typeof signingCalls;

const useUnit = alias(enterprise, 'use_unit');
const partner = alias(enterprise, 'partner');
const creator = alias(sysUser, 'creator');

/**
 * The signings a user may see: the platform all, a regulator those of its districts (the use unit's
 * district, copied onto the signing), a use unit (and its safety officers) its own.
 */
export function signingScope(user: AuthUser): SQL {
  if (isReviewer(user.dataScope)) return scopeCondition(user, { area: signingRecord.areaCode });
  if ((user.userType === 'use_unit' || user.userType === 'safety_officer') && user.companyId !== null)
    return eq(signingRecord.useCompanyId, user.companyId);
  return sql`false`;
}

/** The use units a user may sign for: its own (a use unit), those of its districts (a regulator), all. */
function useUnitScope(user: AuthUser): SQL {
  const isUse = eq(enterprise.kind, 'use');
  if (isReviewer(user.dataScope)) return and(isUse, scopeCondition(user, { area: enterprise.areaCode }))!;
  if ((user.userType === 'use_unit' || user.userType === 'safety_officer') && user.companyId !== null)
    return and(isUse, eq(enterprise.id, user.companyId))!;
  return sql`false`;
}

const liftCount =
  sql<number>`(select count(*) from signing_elevator se where se.signing_id = "signing_record"."id")`.mapWith(
    Number,
  );

function selectSignings(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      s: signingRecord,
      useCompanyName: useUnit.name,
      partnerName: partner.name,
      createdByName: creator.realName,
      liftCount,
    })
    .from(signingRecord)
    .innerJoin(useUnit, eq(useUnit.id, signingRecord.useCompanyId))
    .leftJoin(partner, eq(partner.id, signingRecord.partnerId))
    .leftJoin(creator, eq(creator.id, signingRecord.createdBy))
    .where(where);
}
type Joined = Awaited<ReturnType<typeof selectSignings>>[number];

const stateOf = (start: string, end: string, today: string): SigningState =>
  today < start ? 'upcoming' : today > end ? 'expired' : 'active';

function toRow(j: Joined, today = shanghaiToday()): SigningRow {
  const s = j.s;
  const state = stateOf(s.startDate, s.endDate, today);
  return {
    id: s.id,
    signNo: s.signNo,
    kind: s.kind,
    kindLabel: SIGNING_KIND_LABEL[s.kind] ?? String(s.kind),
    useCompanyId: s.useCompanyId,
    useCompanyName: j.useCompanyName,
    partnerId: s.partnerId,
    partnerName: j.partnerName,
    startDate: s.startDate,
    endDate: s.endDate,
    state,
    stateLabel: SIGNING_STATE_LABEL[state],
    amount: s.amount,
    share: s.share,
    contactName: s.contactName,
    contactPhone: maskedPhone(s.contactPhone),
    remark: s.remark,
    areaCode: s.areaCode,
    liftCount: j.liftCount,
    createdByName: j.createdByName,
    createTime: formatDateTime(s.createdAt),
    version: s.version,
  };
}

/** 签约列表: newest first. */
export function listSignings(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<Calls['queryPage']>,
): Promise<Page<SigningRow>> {
  const today = shanghaiToday();
  const k = f.keyword?.trim();
  const where = and(
    signingScope(user),
    f.kind ? eq(signingRecord.kind, f.kind) : undefined,
    f.useCompanyId ? eq(signingRecord.useCompanyId, f.useCompanyId) : undefined,
    f.areaCode ? inArea(signingRecord.areaCode, f.areaCode) : undefined,
    f.state === 'upcoming' ? gt(signingRecord.startDate, today) : undefined,
    f.state === 'expired' ? sql`${signingRecord.endDate} < ${today}` : undefined,
    f.state === 'active'
      ? and(lte(signingRecord.startDate, today), sql`${signingRecord.endDate} >= ${today}`)
      : undefined,
    k ? or(eq(signingRecord.signNo, k), ilike(useUnit.name, likePattern(k))) : undefined,
  );
  return paginate(
    db,
    f,
    (w) => selectSignings(db, where).orderBy(desc(signingRecord.id)).limit(w.limit).offset(w.offset),
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(signingRecord)
          .innerJoin(useUnit, eq(useUnit.id, signingRecord.useCompanyId))
          .where(where)
      )[0].n,
    (j) => toRow(j, today),
  );
}

/** 签约详情 with its lifts; 404 outside the user's scope. */
export async function signingDetail(db: Queryable, user: AuthUser, id: number): Promise<SigningDetail> {
  const [row] = await selectSignings(db, and(eq(signingRecord.id, id), signingScope(user)));
  if (!row) throw notFound('签约不存在或无权访问');
  const lift = liftsRelation().as('lift');
  const lifts = await db
    .select({
      id: signingElevator.id,
      elevatorId: signingElevator.elevatorId,
      registerCode: lift.registerCode,
      name: lift.name,
      address: lift.address,
      areaCode: lift.areaCode,
    })
    .from(signingElevator)
    .leftJoin(lift, eq(lift.id, signingElevator.elevatorId))
    .where(eq(signingElevator.signingId, id))
    .orderBy(asc(signingElevator.id));
  return { ...toRow(row), lifts };
}

/**
 * Locks the signings `ids` in `user`'s scope `for update` (in id order: a booking waits, or is waited
 * for, see rescue/api.ts lockLeasesFor) and returns the (operator, lift, use unit) triples those that
 * are leases cover now, optionally only the lifts `onlyLifts`: what a write may take away
 * (runLeaseGuards after it). A signing outside the scope is neither locked nor read: the write
 * leaves it as it is.
 */
async function lockLeases(
  db: Queryable,
  user: AuthUser,
  ids: number[],
  onlyLifts?: number[],
): Promise<LeasedLift[]> {
  if (ids.length === 0) return [];
  const locked = await db
    .select({ id: signingRecord.id })
    .from(signingRecord)
    .where(and(inArray(signingRecord.id, ids), signingScope(user)))
    .orderBy(asc(signingRecord.id))
    .for('update');
  if (locked.length === 0) return [];
  const rows = await db
    .select({
      partnerId: signingRecord.partnerId,
      elevatorId: signingElevator.elevatorId,
      useCompanyId: signingRecord.useCompanyId,
    })
    .from(signingRecord)
    .innerJoin(signingElevator, eq(signingElevator.signingId, signingRecord.id))
    .where(
      and(
        inArray(
          signingRecord.id,
          locked.map((r) => r.id),
        ),
        eq(signingRecord.kind, 2),
        sql`${signingRecord.partnerId} is not null`,
        onlyLifts ? inArray(signingElevator.elevatorId, onlyLifts) : undefined,
      ),
    );
  return rows.flatMap((r) => (r.partnerId === null ? [] : [{ ...r, partnerId: r.partnerId }]));
}

/** 新增或修改签约: the use unit in the caller's reach, its own lifts, end ≥ start (the contract). */
export async function saveSigning(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<Calls['saves']>,
): Promise<SigningDetail> {
  const own = user.userType === 'use_unit' || user.userType === 'safety_officer' ? user.companyId : null;
  const useCompanyId = input.useCompanyId ?? own;
  if (!useCompanyId) throw badRequest('请选择使用单位');
  const [company] = await db
    .select({ id: enterprise.id, areaCode: enterprise.areaCode })
    .from(enterprise)
    .where(and(eq(enterprise.id, useCompanyId), useUnitScope(user)));
  if (!company) throw notFound('使用单位不存在或无权访问');
  if (!company.areaCode) throw badRequest('该使用单位未填写所在区域，请先完善单位信息');
  if (input.partnerId) {
    const [p] = await db
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(and(eq(enterprise.id, input.partnerId), eq(enterprise.kind, 'ad')));
    if (!p) throw badRequest('租赁方不存在，请从广告运营商中选择');
  }
  const [stored] =
    input.id === undefined
      ? []
      : await db
          .select({ contactPhone: signingRecord.contactPhone })
          .from(signingRecord)
          .where(eq(signingRecord.id, input.id));
  const liftIds = [...new Set(input.elevatorIds)];
  if (liftIds.length > 0) {
    const bound = new Set((await liftsBoundTo(db, 'use', useCompanyId)).map((l) => l.id));
    const stray = liftIds.filter((id) => !bound.has(id));
    if (stray.length > 0) throw badRequest(`电梯（编号 ${stray.join('、')}）不属于该使用单位`);
  }
  const values = {
    kind: input.kind,
    useCompanyId,
    partnerId: input.kind === 2 ? (input.partnerId ?? null) : null,
    startDate: input.startDate,
    endDate: input.endDate,
    amount: input.amount ?? null,
    // A share belongs to a lease: a service agreement keeps none.
    share: input.kind === 2 ? (input.share ?? null) : null,
    contactName: input.contactName || null,
    contactPhone:
      unmasked(input.contactPhone, stored?.contactPhone, maskPhone, {
        name: 'contactPhone',
        label: '联系电话',
      }) || null,
    remark: input.remark || null,
    areaCode: company.areaCode,
  };
  let id: number;
  let leasedBefore: LeasedLift[] = [];
  if (input.id === undefined) {
    const [{ next }] = rowsOf<{ next: string | number }>(
      await db.execute(sql`select nextval(pg_get_serial_sequence('signing_record', 'id')) as next`),
    );
    id = Number(next);
    await db.insert(signingRecord).values({
      id,
      signNo: `QY${shanghaiToday().replaceAll('-', '')}${String(id).padStart(6, '0')}`,
      createdBy: user.id,
      ...values,
    });
  } else {
    id = input.id;
    // What the lease covers before the edit (locked): a booking that needs it refuses the edit below.
    leasedBefore = await lockLeases(db, user, [id]);
    const moved = await db
      .update(signingRecord)
      .set({ ...values, version: sql`${signingRecord.version} + 1`, updatedAt: new Date() })
      .where(
        and(eq(signingRecord.id, id), signingScope(user), eq(signingRecord.version, input.version ?? -1)),
      )
      .returning({ id: signingRecord.id });
    if (moved.length === 0) {
      const [seen] = await db
        .select({ id: signingRecord.id })
        .from(signingRecord)
        .where(and(eq(signingRecord.id, id), signingScope(user)));
      if (!seen) throw notFound('签约不存在或无权访问');
      throw conflict(STALE_VERSION_MESSAGE);
    }
    await db
      .delete(signingElevator)
      .where(
        and(
          eq(signingElevator.signingId, id),
          liftIds.length > 0 ? notInArray(signingElevator.elevatorId, liftIds) : undefined,
        ),
      );
  }
  if (liftIds.length > 0)
    await db
      .insert(signingElevator)
      .values(liftIds.map((elevatorId) => ({ signingId: id, elevatorId })))
      .onConflictDoNothing();
  await runLeaseGuards(db, leasedBefore);
  return signingDetail(db, user, id);
}

/** 移除签约中的电梯: one link of a signing in the caller's scope; the signing's version moves on. */
export async function removeLift(db: Queryable, user: AuthUser, linkId: number): Promise<SigningDetail> {
  const [link] = await db
    .select({ signingId: signingElevator.signingId, elevatorId: signingElevator.elevatorId })
    .from(signingElevator)
    .where(eq(signingElevator.id, linkId));
  const leasedBefore = link ? await lockLeases(db, user, [link.signingId], [link.elevatorId]) : [];
  const [gone] = await db
    .delete(signingElevator)
    .where(
      and(
        eq(signingElevator.id, linkId),
        sql`exists (select 1 from ${signingRecord} where ${signingRecord.id} = ${signingElevator.signingId} and ${signingScope(user)})`,
      ),
    )
    .returning({ signingId: signingElevator.signingId });
  if (!gone) throw notFound('签约电梯不存在或已移除');
  await db
    .update(signingRecord)
    .set({ version: sql`${signingRecord.version} + 1`, updatedAt: new Date() })
    .where(eq(signingRecord.id, gone.signingId));
  await runLeaseGuards(db, leasedBefore);
  return signingDetail(db, user, gone.signingId);
}

/** 删除签约 in the caller's scope (with their lift links). */
export async function deleteSignings(db: Queryable, user: AuthUser, ids: number[]) {
  const leasedBefore = await lockLeases(db, user, [...new Set(ids)]);
  const rows = await db
    .delete(signingRecord)
    .where(and(inArray(signingRecord.id, ids), signingScope(user)))
    .returning({ id: signingRecord.id });
  if (rows.length === 0) throw notFound('签约不存在或无权访问');
  await runLeaseGuards(db, leasedBefore);
  return { deleted: rows.length };
}

/** Use units the caller may sign for. */
export function useUnitOptions(db: Queryable, user: AuthUser, keyword?: string) {
  return db
    .select({ id: enterprise.id, name: enterprise.name, areaCode: enterprise.areaCode })
    .from(enterprise)
    .where(and(useUnitScope(user), keyword ? ilike(enterprise.name, likePattern(keyword)) : undefined))
    .orderBy(asc(enterprise.id))
    .limit(50);
}

/** Advertising operators, the other party of a lease. */
export function partnerOptions(db: Queryable, keyword?: string) {
  return db
    .select({ id: enterprise.id, name: enterprise.name, areaCode: enterprise.areaCode })
    .from(enterprise)
    .where(and(eq(enterprise.kind, 'ad'), keyword ? ilike(enterprise.name, likePattern(keyword)) : undefined))
    .orderBy(asc(enterprise.id))
    .limit(50);
}

/** The lifts of a use unit the caller may sign for (404 for another's). */
export async function useUnitLifts(db: Queryable, user: AuthUser, useCompanyId: number) {
  const [company] = await db
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(and(eq(enterprise.id, useCompanyId), useUnitScope(user)));
  if (!company) throw notFound('使用单位不存在或无权访问');
  return (await liftsBoundTo(db, 'use', useCompanyId)).map((l) => ({
    id: l.id,
    registerCode: l.registerCode,
    name: l.name,
    address: l.address,
    areaCode: l.areaCode,
  }));
}
