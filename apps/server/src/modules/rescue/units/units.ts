import { maskPhone, type RescueUnitDetail, type RescueUnitRow, type UnitValues } from '@ec/contract';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise, sysArea } from '../../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { shownPhone, unmasked } from '../../../platform/masking.ts';
import { assertCreditCodeFree, writeRegistryRow } from '../../parties/api.ts';
import { rescueCase, rescueGrid, rescueStaff, rescueTeam } from '../tables.ts';
import { gridRows } from './grids.ts';
import { RESCUE_KIND, requirePlatform, unitScope, visibleUnit } from './scope.ts';
import { listStaff, listTeams } from './teams.ts';

const counted = (q: SQL) => sql<number>`(${q})`.mapWith(Number);
const unitColumns = {
  unit: enterprise,
  areaName: sysArea.name,
  teamCount: counted(sql`select count(*) from ${rescueTeam} where ${rescueTeam.unitId} = ${enterprise.id}`),
  staffCount: counted(
    sql`select count(*) from ${rescueStaff} where ${rescueStaff.unitId} = ${enterprise.id} and ${rescueStaff.enabled}`,
  ),
  gridCount: counted(sql`select count(*) from ${rescueGrid} where ${rescueGrid.unitId} = ${enterprise.id}`),
  openCases: counted(
    sql`select count(*) from ${rescueCase} where ${rescueCase.status} < 6 and (${rescueCase.rescueUnitId} = ${enterprise.id} or ${rescueCase.assigneeId} = ${enterprise.id})`,
  ),
};

type UnitSelection = {
  unit: typeof enterprise.$inferSelect;
  areaName: string | null;
  teamCount: number;
  staffCount: number;
  gridCount: number;
  openCases: number;
};

const unitView = (user: AuthUser, r: UnitSelection): RescueUnitRow => ({
  id: r.unit.id,
  name: r.unit.name,
  creditCode: r.unit.creditCode,
  areaCode: r.unit.areaCode,
  areaName: r.areaName,
  address: r.unit.address,
  contactName: r.unit.contactName,
  contactPhone: shownPhone(user, { companyId: r.unit.id }, r.unit.contactPhone),
  teamCount: r.teamCount,
  staffCount: r.staffCount,
  gridCount: r.gridCount,
  openCases: r.openCases,
  updateTime: r.unit.updatedAt.toISOString(),
});

export async function listUnits(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; keyword?: string; areaCode?: string },
) {
  const where = and(
    unitScope(user),
    f.keyword
      ? or(ilike(enterprise.name, likePattern(f.keyword)), ilike(enterprise.address, likePattern(f.keyword)))
      : undefined,
    f.areaCode ? eq(enterprise.areaCode, f.areaCode) : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      q
        .select(unitColumns)
        .from(enterprise)
        .leftJoin(sysArea, eq(sysArea.code, enterprise.areaCode))
        .where(where)
        .orderBy(asc(enterprise.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: enterprise, where },
    (r) => unitView(user, r),
  );
}

export async function unitDetail(q: Queryable, user: AuthUser, id: number): Promise<RescueUnitDetail> {
  const [row] = await q
    .select(unitColumns)
    .from(enterprise)
    .leftJoin(sysArea, eq(sysArea.code, enterprise.areaCode))
    .where(and(eq(enterprise.id, id), unitScope(user)));
  if (!row) throw notFound('救援单位不存在或无权访问');
  const all = { page: 1, limit: 500 };
  const [teams, staff, grids] = await Promise.all([
    listTeams(q, user, { ...all, unitId: id }),
    listStaff(q, user, { ...all, unitId: id }),
    gridRows(q, eq(rescueGrid.unitId, id)),
  ]);
  return {
    ...unitView(user, row),
    legalPerson: row.unit.legalPerson,
    teams: teams.records,
    staff: staff.records,
    grids,
  };
}

/**
 * Adds a rescue unit or changes one (the platform's): the registry row is the parties module's,
 * written through its api (one credit-code rule). A change names the `updateTime` its form showed;
 * the row is locked and a newer one is refused with a 409.
 */
export async function saveUnit(q: Queryable, user: AuthUser, input: UnitValues) {
  requirePlatform(user, '救援单位');
  const stored = input.id ? await visibleUnit(q, user, input.id, true) : null;
  if (stored && input.updateTime && stored.updatedAt.toISOString() !== input.updateTime)
    throw conflict('该救援单位已被他人修改，请刷新后重试');
  const [area] = await q.select({ code: sysArea.code }).from(sysArea).where(eq(sysArea.code, input.areaCode));
  if (!area) throw badRequest('所属区域不存在', [{ field: 'areaCode', message: '所属区域不存在' }]);
  await assertCreditCodeFree(q, input.creditCode, input.id);
  const id = await writeRegistryRow(q, input.id, {
    name: input.name,
    creditCode: input.creditCode,
    kind: RESCUE_KIND,
    areaCode: input.areaCode,
    address: input.address || null,
    legalPerson: input.legalPerson || null,
    contactName: input.contactName || null,
    contactPhone:
      unmasked(input.contactPhone, stored?.contactPhone, maskPhone, {
        name: 'contactPhone',
        label: '联系电话',
      }) || null,
  });
  return unitDetail(q, user, id);
}
