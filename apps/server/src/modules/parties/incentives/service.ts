/**
 * Maintenance incentive (维保激励): the use units' monthly ratings of their lifts' maintenance companies.
 */
import { formatDateTime, type RatingRow, shanghaiMonth, VIOLATION_DEDUCTION } from '@ec/contract';
import { and, avg, count, desc, eq, ilike, inArray, max, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern, uniqueViolation } from '../../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { confirmedViolations, orderElevatorId } from '../../maintenance/api.ts';
import { blank } from '../common.ts';
import { maintenanceRating } from '../tables.ts';

const maintenanceCo = alias(enterprise, 'maintenance_co');
const useCo = alias(enterprise, 'use_co');

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
  // Confirmed violations of the regulator's checks lower the score (the maintenance module counts them).
  const violations = confirmedViolations(maintenanceRating.maintenanceCompanyId);
  const score =
    sql<number>`greatest(0, round((avg(${maintenanceRating.score}) - ${VIOLATION_DEDUCTION}::numeric * ${violations})::numeric, 2))::float8`.mapWith(
      Number,
    );
  const rows = (w: { limit: number; offset: number }) =>
    q
      .select({
        id: maintenanceRating.maintenanceCompanyId,
        name: maintenanceCo.name,
        ratings: count(),
        elevators: sql<number>`count(distinct ${maintenanceRating.elevatorId})`.mapWith(Number),
        average,
        violations,
        score,
        last: max(maintenanceRating.createdAt),
      })
      .from(maintenanceRating)
      .innerJoin(maintenanceCo, eq(maintenanceCo.id, maintenanceRating.maintenanceCompanyId))
      .where(where)
      .groupBy(maintenanceRating.maintenanceCompanyId, maintenanceCo.name)
      .orderBy(desc(score), maintenanceRating.maintenanceCompanyId)
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
    violationCount: r.violations,
    incentiveScore: r.score,
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
  const period = shanghaiMonth();
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
