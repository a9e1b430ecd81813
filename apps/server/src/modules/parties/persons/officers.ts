/**
 * Safety officers on elevators: who is assigned to which lift of a use unit.
 */
import { formatDateTime, isReviewer } from '@ec/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { phoneFor, seesInFull } from '../common.ts';
import { elevatorSafetyOfficer } from '../tables.ts';
import { filedOfficers } from './read.ts';

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
  if (isReviewer(user.dataScope)) {
    if (!companyId)
      throw badRequest('companyId：请选择使用单位', [{ field: 'companyId', message: '请选择使用单位' }]);
    return companyId;
  }
  if (user.companyId === null) throw forbidden('只有使用单位可以查看本单位安全员');
  return user.companyId;
}

export async function companyOfficers(q: Queryable, user: AuthUser, companyId?: number) {
  const id = officerCompany(user, companyId);
  if (isReviewer(user.dataScope) && user.dataScope === 'area') {
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
  if (!isReviewer(user.dataScope)) {
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
