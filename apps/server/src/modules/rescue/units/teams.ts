import {
  maskPhone,
  type RescuerValues,
  type RescueStaffRow,
  type RescueTeamRow,
  type TeamValues,
} from '@ec/contract';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { maskedPhone, sameNumber, unmasked } from '../../../platform/masking.ts';
import { rescueStaff, rescueTeam } from '../tables.ts';
import { editableUnit, unitScope, visibleUnit } from './scope.ts';

/*
 * 救援队伍 (jiuYuanDui) and 救援人员 of a rescue unit: seen by whoever sees the unit, edited by the
 * platform and the unit's own users. Another unit's team or rescuer is a 404.
 */

const teamStaff =
  sql<number>`(select count(*) from ${rescueStaff} where ${rescueStaff.teamId} = ${rescueTeam.id})`.mapWith(
    Number,
  );

const teamView = (r: {
  team: typeof rescueTeam.$inferSelect;
  unitName: string;
  staffCount: number;
}): RescueTeamRow => ({
  id: r.team.id,
  unitId: r.team.unitId,
  unitName: r.unitName,
  name: r.team.name,
  leaderName: r.team.leaderName,
  phone: maskedPhone(r.team.phone),
  areaCode: r.team.areaCode,
  address: r.team.address,
  longitude: r.team.longitude,
  latitude: r.team.latitude,
  vehicles: r.team.vehicles,
  remark: r.team.remark,
  staffCount: r.staffCount,
  version: r.team.version,
});

export async function listTeams(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; unitId?: number; keyword?: string },
) {
  const where = and(
    unitScope(user),
    f.unitId ? eq(rescueTeam.unitId, f.unitId) : undefined,
    f.keyword
      ? or(
          ilike(rescueTeam.name, likePattern(f.keyword)),
          ilike(rescueTeam.leaderName, likePattern(f.keyword)),
        )
      : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      q
        .select({ team: rescueTeam, unitName: enterprise.name, staffCount: teamStaff })
        .from(rescueTeam)
        .innerJoin(enterprise, eq(enterprise.id, rescueTeam.unitId))
        .where(where)
        .orderBy(asc(rescueTeam.unitId), asc(rescueTeam.id))
        .limit(w.limit)
        .offset(w.offset),
    async () =>
      (
        await q
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(rescueTeam)
          .innerJoin(enterprise, eq(enterprise.id, rescueTeam.unitId))
          .where(where)
      )[0].n,
    teamView,
  );
}

async function teamById(q: Queryable, user: AuthUser, id: number) {
  const [row] = await q
    .select({ team: rescueTeam, unitName: enterprise.name, staffCount: teamStaff })
    .from(rescueTeam)
    .innerJoin(enterprise, eq(enterprise.id, rescueTeam.unitId))
    .where(and(eq(rescueTeam.id, id), unitScope(user)));
  if (!row) throw notFound('救援队伍不存在或无权访问');
  return teamView(row);
}

export async function saveTeam(q: Queryable, user: AuthUser, input: TeamValues) {
  if (input.id) {
    const current = await teamById(q, user, input.id);
    if (current.unitId !== input.unitId) throw badRequest('队伍不能转到其他救援单位');
  }
  await editableUnit(q, user, input.unitId);
  const [stored] = input.id
    ? await q.select({ phone: rescueTeam.phone }).from(rescueTeam).where(eq(rescueTeam.id, input.id))
    : [];
  const values = {
    name: input.name,
    leaderName: input.leaderName || null,
    phone: unmasked(input.phone, stored?.phone, maskPhone, { name: 'phone', label: '联系电话' }) || null,
    areaCode: input.areaCode || null,
    address: input.address || null,
    longitude: input.longitude ?? null,
    latitude: input.latitude ?? null,
    vehicles: input.vehicles,
    remark: input.remark || null,
  };
  const id = await refusingConflicts(
    async () => {
      if (!input.id) {
        const [row] = await q
          .insert(rescueTeam)
          .values({ ...values, unitId: input.unitId })
          .returning({ id: rescueTeam.id });
        return row.id;
      }
      const row = await versionedUpdate(q, rescueTeam, eq(rescueTeam.id, input.id), input.version, {
        ...values,
        updatedAt: new Date(),
      });
      return row.id;
    },
    { unique: `该单位已有名为「${input.name}」的队伍` },
  );
  return teamById(q, user, id);
}

/** Every id must name a record the user may edit (else 404 / 403, nothing deleted). */
async function editableUnitsOf(
  q: Queryable,
  user: AuthUser,
  unitIds: number[],
  expected: number,
  what: string,
) {
  if (unitIds.length !== expected) throw notFound(`${what}不存在或无权访问`);
  for (const unitId of new Set(unitIds)) await editableUnit(q, user, unitId);
}

export async function deleteTeams(q: Queryable, user: AuthUser, ids: number[]) {
  const rows = await q
    .select({ unitId: rescueTeam.unitId })
    .from(rescueTeam)
    .innerJoin(enterprise, eq(enterprise.id, rescueTeam.unitId))
    .where(and(inArray(rescueTeam.id, ids), unitScope(user)));
  await editableUnitsOf(
    q,
    user,
    rows.map((r) => r.unitId),
    new Set(ids).size,
    '救援队伍',
  );
  const deleted = await q
    .delete(rescueTeam)
    .where(inArray(rescueTeam.id, ids))
    .returning({ id: rescueTeam.id });
  return { deleted: deleted.length };
}

// ---------------------------------------------------------------- staff

const staffView = (r: {
  staff: typeof rescueStaff.$inferSelect;
  unitName: string;
  teamName: string | null;
  username: string | null;
}): RescueStaffRow => ({
  id: r.staff.id,
  unitId: r.staff.unitId,
  unitName: r.unitName,
  teamId: r.staff.teamId,
  teamName: r.teamName,
  name: r.staff.name,
  phone: maskedPhone(r.staff.phone) ?? '',
  position: r.staff.position,
  certNo: r.staff.certNo,
  userId: r.staff.userId,
  username: r.username,
  enabled: r.staff.enabled,
  version: r.staff.version,
});

const staffQuery = (q: Queryable) =>
  q
    .select({
      staff: rescueStaff,
      unitName: enterprise.name,
      teamName: rescueTeam.name,
      username: sysUser.username,
    })
    .from(rescueStaff)
    .innerJoin(enterprise, eq(enterprise.id, rescueStaff.unitId))
    .leftJoin(rescueTeam, eq(rescueTeam.id, rescueStaff.teamId))
    .leftJoin(sysUser, eq(sysUser.id, rescueStaff.userId));

export async function listStaff(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; unitId?: number; teamId?: number; keyword?: string },
) {
  const where = and(
    unitScope(user),
    f.unitId ? eq(rescueStaff.unitId, f.unitId) : undefined,
    f.teamId ? eq(rescueStaff.teamId, f.teamId) : undefined,
    f.keyword
      ? or(ilike(rescueStaff.name, likePattern(f.keyword)), sameNumber(rescueStaff.phone, f.keyword))
      : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      staffQuery(q)
        .where(where)
        .orderBy(asc(rescueStaff.unitId), asc(rescueStaff.id))
        .limit(w.limit)
        .offset(w.offset),
    async () =>
      (
        await q
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(rescueStaff)
          .innerJoin(enterprise, eq(enterprise.id, rescueStaff.unitId))
          .where(where)
      )[0].n,
    staffView,
  );
}

async function staffById(q: Queryable, user: AuthUser, id: number) {
  const [row] = await staffQuery(q).where(and(eq(rescueStaff.id, id), unitScope(user)));
  if (!row) throw notFound('救援人员不存在或无权访问');
  return staffView(row);
}

export async function saveStaff(q: Queryable, user: AuthUser, input: RescuerValues) {
  if (input.id) {
    const current = await staffById(q, user, input.id);
    if (current.unitId !== input.unitId) throw badRequest('人员不能转到其他救援单位');
  }
  await editableUnit(q, user, input.unitId);
  if (input.teamId) {
    const [team] = await q
      .select({ unitId: rescueTeam.unitId })
      .from(rescueTeam)
      .where(eq(rescueTeam.id, input.teamId));
    if (team?.unitId !== input.unitId)
      throw badRequest('所选队伍不属于该救援单位', [
        { field: 'teamId', message: '所选队伍不属于该救援单位' },
      ]);
  }
  if (input.userId) {
    const [account] = await q
      .select({ companyId: sysUser.companyId })
      .from(sysUser)
      .where(eq(sysUser.id, input.userId));
    if (account?.companyId !== input.unitId)
      throw badRequest('所选登录账号不属于该救援单位', [
        { field: 'userId', message: '所选登录账号不属于该救援单位' },
      ]);
  }
  const [stored] = input.id
    ? await q.select({ phone: rescueStaff.phone }).from(rescueStaff).where(eq(rescueStaff.id, input.id))
    : [];
  // A number shown masked and sent back unchanged keeps the stored one.
  const phone = unmasked(input.phone, stored?.phone, maskPhone, { name: 'phone', label: '手机号' }) ?? '';
  const values = {
    teamId: input.teamId ?? null,
    name: input.name,
    phone,
    position: input.position || null,
    certNo: input.certNo || null,
    userId: input.userId ?? null,
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
  };
  const id = await refusingConflicts(
    async () => {
      if (!input.id) {
        const [row] = await q
          .insert(rescueStaff)
          .values({ ...values, unitId: input.unitId })
          .returning({ id: rescueStaff.id });
        return row.id;
      }
      return (await versionedUpdate(q, rescueStaff, eq(rescueStaff.id, input.id), input.version, values)).id;
    },
    { unique: `该单位已有手机号为 ${phone} 的人员` },
  );
  return staffById(q, user, id);
}

export async function deleteStaff(q: Queryable, user: AuthUser, ids: number[]) {
  const rows = await q
    .select({ unitId: rescueStaff.unitId })
    .from(rescueStaff)
    .innerJoin(enterprise, eq(enterprise.id, rescueStaff.unitId))
    .where(and(inArray(rescueStaff.id, ids), unitScope(user)));
  await editableUnitsOf(
    q,
    user,
    rows.map((r) => r.unitId),
    new Set(ids).size,
    '救援人员',
  );
  const deleted = await q
    .delete(rescueStaff)
    .where(inArray(rescueStaff.id, ids))
    .returning({ id: rescueStaff.id });
  return { deleted: deleted.length };
}

/** The unit's sign-in accounts (to link a rescuer to). */
export async function unitAccounts(q: Queryable, user: AuthUser, unitId: number) {
  await visibleUnit(q, user, unitId);
  return q
    .select({ id: sysUser.id, username: sysUser.username, realName: sysUser.realName })
    .from(sysUser)
    .where(eq(sysUser.companyId, unitId))
    .orderBy(asc(sysUser.id));
}
