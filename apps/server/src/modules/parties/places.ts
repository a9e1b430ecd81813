import { type CommunityRow, formatDateTime, type RatingRow } from '@ec/contract';
import { and, avg, count, desc, eq, ilike, inArray, max, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AuthUser, scopeCondition } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { refusingConflicts } from '../../platform/db/conflicts.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern, uniqueViolation } from '../../platform/db/sql.ts';
import { enterprise, sysArea, sysUser } from '../../platform/db/tables.ts';
import { sentFields, versionedUpdate } from '../../platform/db/versioned.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { liftCountInCommunity, liftsRelation } from '../elevator/api.ts';
import { orderElevatorId } from '../maintenance/api.ts';
import { assertArea, assertInArea, blank, isReviewer, phoneFor, seesInFull, today } from './common.ts';
import { filedOfficers } from './persons.ts';
import { community, elevatorSafetyOfficer, maintenanceRating } from './tables.ts';

// ---------------------------------------------------------------- communities (小区)

/** Communities a user may see: all, the regulator's areas, those its use unit manages. */
const communityScope = (user: AuthUser) =>
  scopeCondition(user, { area: community.areaCode, company: community.useCompanyId });

const communityElevators = liftCountInCommunity(community.name, community.areaCode);

function selectCommunities(q: Queryable) {
  return q
    .select({
      c: community,
      areaName: sysArea.name,
      useName: enterprise.name,
      elevatorCount: communityElevators,
    })
    .from(community)
    .leftJoin(sysArea, eq(sysArea.code, community.areaCode))
    .leftJoin(enterprise, eq(enterprise.id, community.useCompanyId));
}
type CommunityJoin = Awaited<ReturnType<ReturnType<typeof selectCommunities>['execute']>>[number];

const communityRowOf = (r: CommunityJoin): CommunityRow => ({
  id: r.c.id,
  name: r.c.name,
  areaCode: r.c.areaCode,
  areaName: r.areaName,
  address: r.c.address,
  useCompanyId: r.c.useCompanyId,
  useCompanyName: r.useName,
  buildingCount: r.c.buildingCount,
  longitude: r.c.longitude,
  latitude: r.c.latitude,
  remark: r.c.remark,
  elevatorCount: r.elevatorCount,
  version: r.c.version,
  createTime: formatDateTime(r.c.createdAt),
});

export async function listCommunities(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; name?: string; areaCode?: string; useCompanyId?: number },
) {
  const where = and(
    communityScope(user),
    f.name ? ilike(community.name, likePattern(f.name)) : undefined,
    f.areaCode ? eq(community.areaCode, f.areaCode) : undefined,
    f.useCompanyId ? eq(community.useCompanyId, f.useCompanyId) : undefined,
  );
  return paginate(
    q,
    f,
    (w) => selectCommunities(q).where(where).orderBy(desc(community.id)).limit(w.limit).offset(w.offset),
    { from: community, where },
    communityRowOf,
  );
}

export async function communityDetail(q: Queryable, user: AuthUser, id: number) {
  const [r] = await selectCommunities(q).where(and(eq(community.id, id), communityScope(user)));
  if (!r) throw notFound('小区不存在或无权访问');
  return communityRowOf(r);
}

export interface CommunityInput {
  id?: number;
  version?: number;
  name: string;
  areaCode: string;
  address: string;
  useCompanyId?: number | null;
  buildingCount?: number | null;
  longitude?: number | null;
  latitude?: number | null;
  remark?: string;
}

/** Adds or changes a community: reviewers in their area, a use unit for itself. */
export async function saveCommunity(tx: Queryable, user: AuthUser, sent: CommunityInput) {
  // A change keeps what the request does not send (use unit, buildings, position, remark).
  const stored = sent.id ? await communityDetail(tx, user, sent.id) : null;
  const input: CommunityInput = stored
    ? {
        useCompanyId: stored.useCompanyId,
        buildingCount: stored.buildingCount,
        longitude: stored.longitude,
        latitude: stored.latitude,
        remark: stored.remark ?? '',
        ...sentFields(sent),
        name: sent.name,
        areaCode: sent.areaCode,
        address: sent.address,
      }
    : sent;
  await assertArea(tx, input.areaCode);
  assertInArea(user, input.areaCode);
  let useCompanyId = input.useCompanyId ?? null;
  if (!isReviewer(user)) {
    if (user.userType !== 'use_unit' || user.companyId === null)
      throw forbidden('只有监管部门或使用单位可以维护小区');
    useCompanyId = user.companyId;
  }
  if (useCompanyId) {
    const [company] = await tx
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(and(eq(enterprise.id, useCompanyId), eq(enterprise.kind, 'use')));
    if (!company) {
      throw badRequest('useCompanyId：使用单位不存在', [
        { field: 'useCompanyId', message: '使用单位不存在' },
      ]);
    }
  }
  const values = {
    name: input.name,
    areaCode: input.areaCode,
    address: input.address,
    useCompanyId,
    buildingCount: input.buildingCount ?? null,
    longitude: input.longitude ?? null,
    latitude: input.latitude ?? null,
    remark: blank(input.remark),
  };
  const unique = `${input.areaCode} 已有名为「${input.name}」的小区`;
  let id = input.id;
  if (id) {
    const current = await communityDetail(tx, user, id);
    // The version the writer saw (or, without one, the one just read) goes into the UPDATE's WHERE.
    await refusingConflicts(
      () =>
        versionedUpdate(
          tx,
          community,
          eq(community.id, id!),
          input.version ?? current.version,
          { ...values, updatedAt: new Date() },
          '小区信息已被他人修改，请刷新后重试',
        ),
      { unique },
    );
  } else {
    [{ id }] = await refusingConflicts(
      () =>
        tx
          .insert(community)
          .values({ ...values, createdBy: user.id })
          .returning({ id: community.id }),
      { unique },
    );
  }
  return communityDetail(tx, user, id!);
}

export async function deleteCommunities(tx: Queryable, user: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: community.id })
    .from(community)
    .where(and(inArray(community.id, unique), communityScope(user)));
  if (rows.length !== unique.length) throw notFound('小区不存在或无权访问');
  if (!isReviewer(user) && user.userType !== 'use_unit')
    throw forbidden('只有监管部门或使用单位可以删除小区');
  await tx.delete(community).where(inArray(community.id, unique));
  return unique.length;
}

// ---------------------------------------------------------------- safety officers on elevators

const officer = alias(sysUser, 'officer');
const useCo = alias(enterprise, 'use_co');

export async function listElevatorOfficers(
  q: Queryable,
  user: AuthUser,
  f: {
    page: number;
    limit: number;
    elevatorId?: number;
    userId?: number;
    useCompanyId?: number;
    registerCode?: string;
    assigned?: boolean;
  },
) {
  const lift = liftsRelation(user).as('lift');
  const where = and(
    sql`${lift.useCompanyId} is not null`,
    f.elevatorId ? eq(lift.id, f.elevatorId) : undefined,
    f.userId ? eq(elevatorSafetyOfficer.userId, f.userId) : undefined,
    f.useCompanyId ? eq(lift.useCompanyId, f.useCompanyId) : undefined,
    f.registerCode
      ? sql`${lift.registerCode} like ${`${f.registerCode.toUpperCase().replace(/[\\%_]/g, '')}%`}`
      : undefined,
    f.assigned === true ? sql`${elevatorSafetyOfficer.userId} is not null` : undefined,
    f.assigned === false ? sql`${elevatorSafetyOfficer.userId} is null` : undefined,
  );
  const rows = (w: { limit: number; offset: number }) =>
    q
      .select({
        e: {
          id: lift.id,
          registerCode: lift.registerCode,
          name: lift.name,
          address: lift.address,
          areaCode: lift.areaCode,
          useCompanyId: lift.useCompanyId,
        },
        useName: useCo.name,
        o: elevatorSafetyOfficer,
        officerName: officer.realName,
        officerPhone: officer.phone,
      })
      .from(lift)
      .leftJoin(elevatorSafetyOfficer, eq(elevatorSafetyOfficer.elevatorId, lift.id))
      .leftJoin(officer, eq(officer.id, elevatorSafetyOfficer.userId))
      .leftJoin(useCo, eq(useCo.id, lift.useCompanyId))
      .where(where)
      .orderBy(lift.id)
      .limit(w.limit)
      .offset(w.offset);
  const total = async () => {
    const [{ n }] = await q
      .select({ n: count() })
      .from(lift)
      .leftJoin(elevatorSafetyOfficer, eq(elevatorSafetyOfficer.elevatorId, lift.id))
      .where(where);
    return n;
  };
  return paginate(q, f, rows, total, (r) => {
    const full = r.o !== null && seesInFull(user, { userId: r.o.userId });
    return {
      elevatorId: r.e.id,
      registerCode: r.e.registerCode,
      elevatorName: r.e.name,
      address: r.e.address,
      areaCode: r.e.areaCode,
      useCompanyId: r.e.useCompanyId,
      useCompanyName: r.useName,
      userId: r.o?.userId ?? null,
      realName: r.officerName,
      phone: phoneFor(full, r.officerPhone),
      assignTime: r.o ? formatDateTime(r.o.assignedAt) : null,
    };
  });
}

/** The company whose officers a user picks from: its own, or the one a reviewer names. */
function officerCompany(user: AuthUser, companyId?: number) {
  if (isReviewer(user)) {
    if (!companyId)
      throw badRequest('companyId：请选择使用单位', [{ field: 'companyId', message: '请选择使用单位' }]);
    return companyId;
  }
  if (user.companyId === null) throw forbidden('只有使用单位可以查看本单位安全员');
  return user.companyId;
}

export async function companyOfficers(q: Queryable, user: AuthUser, companyId?: number) {
  const id = officerCompany(user, companyId);
  if (isReviewer(user) && user.dataScope === 'area') {
    const [c] = await q
      .select({ areaCode: enterprise.areaCode })
      .from(enterprise)
      .where(eq(enterprise.id, id));
    if (!c || !user.areaCodes.includes(c.areaCode ?? '')) throw notFound('使用单位不存在或无权访问');
  }
  const rows = await filedOfficers(q, id);
  return rows.map((r) => ({
    userId: r.userId,
    realName: r.realName,
    phone: r.phone ? `${r.phone.slice(0, 3)}****${r.phone.slice(-4)}` : null,
    role: r.role,
    roleLabel: r.role === 'safety_director' ? '安全总监' : '安全员',
    elevatorCount: r.elevatorCount,
  }));
}

/** Assigns one officer to elevators of its own use unit (or removes the assignment). */
export async function assignOfficer(
  tx: Queryable,
  user: AuthUser,
  elevatorIds: number[],
  userId: number | null,
) {
  const ids = [...new Set(elevatorIds)];
  const lift = liftsRelation(user).as('lift');
  const lifts = await tx
    .select({ id: lift.id, registerCode: lift.registerCode, useCompanyId: lift.useCompanyId })
    .from(lift)
    .where(inArray(lift.id, ids));
  if (lifts.length !== ids.length) throw notFound('部分电梯不存在或无权访问');
  if (!isReviewer(user)) {
    if (user.userType !== 'use_unit' || user.companyId === null)
      throw forbidden('只有使用单位可以指定安全员');
  }
  if (userId === null) {
    await tx.delete(elevatorSafetyOfficer).where(inArray(elevatorSafetyOfficer.elevatorId, ids));
    return ids.length;
  }
  // The officer's account row is held (FOR SHARE) until the assignment commits: a leave, deletion or
  // reopened filing of the officer waits for it, or has happened before the check below reads.
  await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, userId)).for('share');
  for (const e of lifts) {
    if (e.useCompanyId === null) throw conflict(`电梯 ${e.registerCode} 还没有使用单位`);
    const officers = await filedOfficers(tx, e.useCompanyId);
    if (!officers.some((o) => o.userId === userId)) {
      throw conflict(`所选人员不是电梯 ${e.registerCode} 使用单位已备案的安全员`);
    }
  }
  const companyId = lifts[0].useCompanyId!;
  await tx
    .insert(elevatorSafetyOfficer)
    .values(
      lifts.map((e) => ({
        elevatorId: e.id,
        userId,
        companyId: e.useCompanyId ?? companyId,
        assignedBy: user.id,
      })),
    )
    .onConflictDoUpdate({
      target: elevatorSafetyOfficer.elevatorId,
      set: { userId, assignedBy: user.id, assignedAt: sql`now()`, companyId: sql`excluded.company_id` },
    });
  return ids.length;
}

// ---------------------------------------------------------------- maintenance incentive (维保激励)

const maintenanceCo = alias(enterprise, 'maintenance_co');
/** Every lift, as the registry lets other modules join it. */
const anyLift = liftsRelation().as('lift');

/** Ratings a user may see: all, the elevators' areas, those its company gave or received. */
function ratingScope(user: AuthUser): SQL {
  switch (user.dataScope) {
    case 'all':
      return sql`true`;
    case 'area':
      return user.areaCodes.length ? inArray(maintenanceRating.areaCode, user.areaCodes) : sql`false`;
    case 'company':
      return user.companyId === null
        ? sql`false`
        : or(
            eq(maintenanceRating.useCompanyId, user.companyId),
            eq(maintenanceRating.maintenanceCompanyId, user.companyId),
          )!;
    default:
      return sql`false`;
  }
}

export async function listIncentives(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; name?: string },
) {
  const where = and(ratingScope(user), f.name ? ilike(maintenanceCo.name, likePattern(f.name)) : undefined);
  const average = sql<number>`round(avg(${maintenanceRating.score})::numeric, 2)::float8`.mapWith(Number);
  const rows = (w: { limit: number; offset: number }) =>
    q
      .select({
        id: maintenanceRating.maintenanceCompanyId,
        name: maintenanceCo.name,
        ratings: count(),
        elevators: sql<number>`count(distinct ${maintenanceRating.elevatorId})`.mapWith(Number),
        average,
        last: max(maintenanceRating.createdAt),
      })
      .from(maintenanceRating)
      .innerJoin(maintenanceCo, eq(maintenanceCo.id, maintenanceRating.maintenanceCompanyId))
      .where(where)
      .groupBy(maintenanceRating.maintenanceCompanyId, maintenanceCo.name)
      .orderBy(desc(average), maintenanceRating.maintenanceCompanyId)
      .limit(w.limit)
      .offset(w.offset);
  const total = async () => {
    const [{ n }] = await q
      .select({ n: sql<number>`count(distinct ${maintenanceRating.maintenanceCompanyId})`.mapWith(Number) })
      .from(maintenanceRating)
      .innerJoin(maintenanceCo, eq(maintenanceCo.id, maintenanceRating.maintenanceCompanyId))
      .where(where);
    return n;
  };
  return paginate(q, f, rows, total, (r) => ({
    maintenanceCompanyId: r.id,
    maintenanceCompanyName: r.name,
    ratingCount: r.ratings,
    elevatorCount: r.elevators,
    averageScore: r.average,
    lastRatedAt: r.last ? formatDateTime(r.last) : null,
  }));
}

function selectRatings(q: Queryable) {
  return q
    .select({
      r: maintenanceRating,
      registerCode: anyLift.registerCode,
      elevatorName: anyLift.name,
      address: anyLift.address,
      maintenanceName: maintenanceCo.name,
      useName: useCo.name,
      raterName: sysUser.realName,
    })
    .from(maintenanceRating)
    .innerJoin(anyLift, eq(anyLift.id, maintenanceRating.elevatorId))
    .innerJoin(maintenanceCo, eq(maintenanceCo.id, maintenanceRating.maintenanceCompanyId))
    .innerJoin(useCo, eq(useCo.id, maintenanceRating.useCompanyId))
    .leftJoin(sysUser, eq(sysUser.id, maintenanceRating.ratedBy));
}
type RatingJoin = Awaited<ReturnType<ReturnType<typeof selectRatings>['execute']>>[number];

const ratingRowOf = (r: RatingJoin): RatingRow => ({
  id: r.r.id,
  elevatorId: r.r.elevatorId,
  registerCode: r.registerCode,
  elevatorName: r.elevatorName,
  address: r.address,
  maintenanceCompanyId: r.r.maintenanceCompanyId,
  maintenanceCompanyName: r.maintenanceName,
  useCompanyName: r.useName,
  orderId: r.r.orderId,
  score: r.r.score,
  comment: r.r.comment,
  raterName: r.raterName,
  createTime: formatDateTime(r.r.createdAt),
});

export async function listRatings(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; maintenanceCompanyId: number },
) {
  const where = and(ratingScope(user), eq(maintenanceRating.maintenanceCompanyId, f.maintenanceCompanyId));
  return paginate(
    q,
    f,
    (w) => selectRatings(q).where(where).orderBy(desc(maintenanceRating.id)).limit(w.limit).offset(w.offset),
    { from: maintenanceRating, where },
    ratingRowOf,
  );
}

/** Why a second rating of an elevator in one month is refused (the rule shown on the page too). */
export const monthlyRatingTaken = (registerCode: string, period: string) =>
  `电梯 ${registerCode} 本月（${period}）已经评价过：每台电梯每月只能评价一次，请下月再评价`;

/** A refused duplicate rating: the month's rating of the elevator, or the order's, already given. */
async function guardRating<T>(registerCode: string, period: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === 'maintenance_rating_order_uq') throw conflict('该维保工单已经评价过');
    if (constraint !== null) throw conflict(monthlyRatingTaken(registerCode, period));
    throw err;
  }
}

/** A use unit rates the maintenance company of one of its elevators: once a month (and once per order). */
export async function rate(
  tx: Queryable,
  user: AuthUser,
  input: { elevatorId: number; score: number; comment?: string; orderId?: number | null },
) {
  if (user.userType !== 'use_unit' || user.companyId === null)
    throw forbidden('只有使用单位可以评价维保单位');
  const [e] = await tx
    .select({
      id: anyLift.id,
      registerCode: anyLift.registerCode,
      areaCode: anyLift.areaCode,
      useCompanyId: anyLift.useCompanyId,
      maintenanceCompanyId: anyLift.maintenanceCompanyId,
    })
    .from(anyLift)
    .where(eq(anyLift.id, input.elevatorId));
  if (!e || e.useCompanyId !== user.companyId) throw notFound('电梯不存在或不属于本单位');
  if (e.maintenanceCompanyId === null) throw conflict(`电梯 ${e.registerCode} 还没有维保单位`);
  // A work order rated must be one of this elevator's (so of this use unit's): another unit's order
  // id would otherwise take that order's rating away from its own use unit.
  if (input.orderId && (await orderElevatorId(tx, input.orderId)) !== e.id) {
    throw badRequest('orderId：维保工单不存在或不属于该电梯', [
      { field: 'orderId', message: '维保工单不存在或不属于该电梯' },
    ]);
  }
  const period = today().slice(0, 7);
  // One rating per elevator and month is the table's unique key (maintenance_rating_period_uq): of
  // any number of concurrent ratings one is stored, the others are this 409.
  const [created] = await guardRating(e.registerCode, period, () =>
    tx
      .insert(maintenanceRating)
      .values({
        elevatorId: e.id,
        maintenanceCompanyId: e.maintenanceCompanyId!,
        useCompanyId: user.companyId!,
        areaCode: e.areaCode,
        orderId: input.orderId ?? null,
        period,
        score: input.score,
        comment: blank(input.comment),
        ratedBy: user.id,
      })
      .returning({ id: maintenanceRating.id }),
  );
  const [row] = await selectRatings(tx).where(eq(maintenanceRating.id, created.id));
  return ratingRowOf(row);
}

export async function averageRating(q: Queryable, companyId: number) {
  const [r] = await q
    .select({ average: avg(maintenanceRating.score), n: count() })
    .from(maintenanceRating)
    .where(eq(maintenanceRating.maintenanceCompanyId, companyId));
  return {
    average:
      r?.average === null || r?.average === undefined ? null : Math.round(Number(r.average) * 100) / 100,
    count: r?.n ?? 0,
  };
}
