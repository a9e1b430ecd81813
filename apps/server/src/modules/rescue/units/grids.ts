import {
  CASE_STATE_LABEL,
  DUTY_SHIFT_LABEL,
  dutyAt,
  formatDateTime,
  type GridBoard,
  type GridHitRow,
  type GridValues,
  type LngLat,
  type RescueGridRow,
  ringsOverlap,
} from '@ec/contract';
import { NANNING_DISTRICTS } from '@ec/contract/geo/nanning-districts';
import { and, asc, eq, ilike, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise, sysArea } from '../../../platform/db/tables.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { maskedPhone } from '../../../platform/masking.ts';
import { liftsRelation, requireLiftInScope } from '../../elevator/api.ts';
import { boundsOf, gridOfPoint, ringContains } from '../geo.ts';
import { rescueCase, rescueDuty, rescueGrid, rescueStaff, rescueTeam } from '../tables.ts';
import { gridScope, requirePlatform } from './scope.ts';

/*
 * 救援网格: polygons on the offline Nanning map, each assigned to a rescue unit. The district of a
 * grid is where its centre lies (the shipped district map); which grid holds a point is the lead's
 * `gridOfPoint` (bounding boxes, then the exact test; the older grid on a shared edge).
 */

const gridSelect = {
  grid: rescueGrid,
  unitName: enterprise.name,
  areaName: sysArea.name,
};

const gridView = (r: {
  grid: typeof rescueGrid.$inferSelect;
  unitName: string | null;
  areaName: string | null;
}): RescueGridRow => ({
  id: r.grid.id,
  name: r.grid.name,
  unitId: r.grid.unitId,
  unitName: r.unitName,
  areaCode: r.grid.areaCode,
  areaName: r.areaName,
  ring: r.grid.ring,
  color: r.grid.color,
  remark: r.grid.remark,
  version: r.grid.version,
  createTime: formatDateTime(r.grid.createdAt),
});

const gridQuery = (q: Queryable) =>
  q
    .select(gridSelect)
    .from(rescueGrid)
    .leftJoin(enterprise, eq(enterprise.id, rescueGrid.unitId))
    .leftJoin(sysArea, eq(sysArea.code, rescueGrid.areaCode));

/** The grids a condition selects, oldest first (no scope: the caller decided). */
export async function gridRows(q: Queryable, where: SQL | undefined) {
  return (await gridQuery(q).where(where).orderBy(asc(rescueGrid.id))).map(gridView);
}

export function listGrids(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; unitId?: number; keyword?: string; areaCode?: string },
) {
  const where = and(
    gridScope(user),
    f.unitId ? eq(rescueGrid.unitId, f.unitId) : undefined,
    f.keyword ? ilike(rescueGrid.name, likePattern(f.keyword)) : undefined,
    f.areaCode ? eq(rescueGrid.areaCode, f.areaCode) : undefined,
  );
  return paginate(
    q,
    f,
    (w) => gridQuery(q).where(where).orderBy(asc(rescueGrid.id)).limit(w.limit).offset(w.offset),
    { from: rescueGrid, where },
    gridView,
  );
}

export async function gridDetail(q: Queryable, user: AuthUser, id: number) {
  const [row] = await gridQuery(q).where(and(eq(rescueGrid.id, id), gridScope(user)));
  if (!row) throw notFound('救援网格不存在或无权访问');
  return gridView(row);
}

/** The district (area code) a ring's centre lies in, by the shipped map; the nearest one otherwise. */
export function districtOf(ring: LngLat[]): string {
  const c: LngLat = [
    ring.reduce((s, p) => s + p[0], 0) / ring.length,
    ring.reduce((s, p) => s + p[1], 0) / ring.length,
  ];
  const holder = NANNING_DISTRICTS.features.find((f) => ringContains(f.geometry.coordinates[0], c));
  if (holder) return holder.properties.adcode;
  const distance = (p: LngLat) => (p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2;
  return [...NANNING_DISTRICTS.features].sort(
    (a, b) => distance(a.properties.center) - distance(b.properties.center),
  )[0].properties.adcode;
}

/**
 * Adds or changes a grid (the platform's). Overlapping grids are allowed (a point in both belongs
 * to the older one) and reported in the answer.
 */
export async function saveGrid(q: Queryable, user: AuthUser, input: GridValues) {
  requirePlatform(user, '救援网格');
  if (input.id) await gridDetail(q, user, input.id);
  if (input.unitId) {
    const [unit] = await q
      .select({ kind: enterprise.kind })
      .from(enterprise)
      .where(eq(enterprise.id, input.unitId));
    if (unit?.kind !== 'rescue')
      throw badRequest('所选救援单位不存在', [{ field: 'unitId', message: '所选救援单位不存在' }]);
  }
  const box = boundsOf(input.ring);
  const values = {
    name: input.name,
    unitId: input.unitId ?? null,
    areaCode: districtOf(input.ring),
    ring: input.ring,
    ...box,
    color: input.color || null,
    remark: input.remark || null,
  };
  const id = await refusingConflicts(
    async () => {
      if (!input.id) {
        const [row] = await q.insert(rescueGrid).values(values).returning({ id: rescueGrid.id });
        return row.id;
      }
      return (
        await versionedUpdate(q, rescueGrid, eq(rescueGrid.id, input.id), input.version, {
          ...values,
          updatedAt: new Date(),
        })
      ).id;
    },
    { unique: `已有名为「${input.name}」的网格` },
  );
  const neighbours = await q
    .select({ id: rescueGrid.id, name: rescueGrid.name, ring: rescueGrid.ring })
    .from(rescueGrid)
    .where(
      and(
        sql`${rescueGrid.id} <> ${id}`,
        sql`${rescueGrid.minLng} <= ${box.maxLng} and ${rescueGrid.maxLng} >= ${box.minLng}`,
        sql`${rescueGrid.minLat} <= ${box.maxLat} and ${rescueGrid.maxLat} >= ${box.minLat}`,
      ),
    )
    .orderBy(asc(rescueGrid.id));
  const [grid] = await gridRows(q, eq(rescueGrid.id, id));
  return {
    grid,
    overlaps: neighbours
      .filter((n) => ringsOverlap(n.ring, input.ring, ringContains))
      .map((n) => ({ id: n.id, name: n.name })),
  };
}

export async function deleteGrids(q: Queryable, user: AuthUser, ids: number[]) {
  requirePlatform(user, '救援网格');
  const seen = await q
    .select({ id: rescueGrid.id })
    .from(rescueGrid)
    .where(and(inArray(rescueGrid.id, ids), gridScope(user)));
  if (seen.length !== new Set(ids).size) throw notFound('救援网格不存在或无权访问');
  const deleted = await q
    .delete(rescueGrid)
    .where(inArray(rescueGrid.id, ids))
    .returning({ id: rescueGrid.id });
  return { deleted: deleted.length };
}

export async function gridOf(
  q: Queryable,
  user: AuthUser,
  input: { longitude?: number; latitude?: number; elevatorId?: number },
): Promise<GridHitRow> {
  let point: LngLat;
  if (input.elevatorId !== undefined) {
    await requireLiftInScope(q, user, input.elevatorId);
    const lift = liftsRelation().as('grid_lift');
    const [row] = await q
      .select({ longitude: lift.longitude, latitude: lift.latitude })
      .from(lift)
      .where(eq(lift.id, input.elevatorId));
    if (row?.longitude == null || row.latitude == null)
      throw badRequest('该电梯未登记经纬度，无法确定所在网格');
    point = [row.longitude, row.latitude];
  } else {
    point = [input.longitude!, input.latitude!];
  }
  const hit = await gridOfPoint(q, point[0], point[1]);
  const [unit] = hit?.unitId
    ? await q
        .select({ name: enterprise.name, phone: enterprise.contactPhone })
        .from(enterprise)
        .where(eq(enterprise.id, hit.unitId))
    : [];
  return {
    gridId: hit?.gridId ?? null,
    gridName: hit?.gridName ?? null,
    unitId: hit?.unitId ?? null,
    unitName: unit?.name ?? null,
    unitPhone: maskedPhone(unit?.phone),
    longitude: point[0],
    latitude: point[1],
  };
}

/** Which grid owns each lift with coordinates (the oldest containing grid), by bounding box then ring. */
export function ownerOf(
  grids: { id: number; ring: LngLat[]; minLng: number; maxLng: number; minLat: number; maxLat: number }[],
  p: LngLat,
): number | null {
  for (const g of grids) {
    if (p[0] < g.minLng || p[0] > g.maxLng || p[1] < g.minLat || p[1] > g.maxLat) continue;
    if (ringContains(g.ring, p)) return g.id;
  }
  return null;
}

/**
 * The grid board: per grid its unit, who is on duty now, how many lifts stand in it and its open
 * cases. Lifts are counted in one pass over their coordinates (a bounding-box test, then the ring).
 */
export async function gridBoard(
  q: Queryable,
  user: AuthUser,
  f: { areaCode?: string; unitId?: number },
  now = new Date(),
): Promise<GridBoard> {
  const visible = await gridQuery(q)
    .where(
      and(
        gridScope(user),
        f.areaCode ? eq(rescueGrid.areaCode, f.areaCode) : undefined,
        f.unitId ? eq(rescueGrid.unitId, f.unitId) : undefined,
      ),
    )
    .orderBy(asc(rescueGrid.id));
  const all = await q
    .select({
      id: rescueGrid.id,
      ring: rescueGrid.ring,
      minLng: rescueGrid.minLng,
      maxLng: rescueGrid.maxLng,
      minLat: rescueGrid.minLat,
      maxLat: rescueGrid.maxLat,
    })
    .from(rescueGrid)
    .orderBy(asc(rescueGrid.id));
  const lift = liftsRelation().as('board_lift');
  const lifts = await q
    .select({ longitude: lift.longitude, latitude: lift.latitude, areaCode: lift.areaCode })
    .from(lift)
    .where(and(isNotNull(lift.longitude), isNotNull(lift.latitude)));
  const counts = new Map<number, number>();
  let uncovered = 0;
  const mine = (areaCode: string) => user.dataScope !== 'area' || user.areaCodes.includes(areaCode);
  for (const l of lifts) {
    const owner = ownerOf(all, [l.longitude!, l.latitude!]);
    if (owner === null) {
      if (mine(l.areaCode)) uncovered++;
    } else counts.set(owner, (counts.get(owner) ?? 0) + 1);
  }
  const duty = dutyAt(now);
  const unitIds = [...new Set(visible.map((g) => g.grid.unitId).filter((u): u is number => u !== null))];
  const onDuty =
    unitIds.length === 0
      ? []
      : await q
          .select({
            unitId: rescueStaff.unitId,
            id: rescueStaff.id,
            name: rescueStaff.name,
            phone: rescueStaff.phone,
            teamName: rescueTeam.name,
          })
          .from(rescueDuty)
          .innerJoin(rescueStaff, eq(rescueStaff.id, rescueDuty.staffId))
          .leftJoin(rescueTeam, eq(rescueTeam.id, rescueStaff.teamId))
          .where(
            and(
              inArray(rescueStaff.unitId, unitIds),
              eq(rescueStaff.enabled, true),
              eq(rescueDuty.day, duty.day),
              eq(rescueDuty.shift, duty.shift),
            ),
          )
          .orderBy(asc(rescueStaff.id));
  const gridIds = visible.map((g) => g.grid.id);
  const cases =
    gridIds.length === 0
      ? []
      : await q
          .select({
            gridId: rescueCase.gridId,
            id: rescueCase.id,
            caseNo: rescueCase.caseNo,
            status: rescueCase.status,
            address: rescueCase.address,
            alarmAt: rescueCase.alarmAt,
          })
          .from(rescueCase)
          .where(and(inArray(rescueCase.gridId, gridIds), lt(rescueCase.status, 6)))
          .orderBy(asc(rescueCase.alarmAt));
  const phones = new Map<number, string | null>();
  if (unitIds.length > 0)
    for (const u of await q
      .select({ id: enterprise.id, phone: enterprise.contactPhone })
      .from(enterprise)
      .where(inArray(enterprise.id, unitIds)))
      phones.set(u.id, u.phone);
  return {
    day: duty.day,
    shift: duty.shift,
    shiftLabel: DUTY_SHIFT_LABEL[duty.shift],
    uncoveredLifts: uncovered,
    now: now.toISOString(),
    cards: visible.map(({ grid, unitName, areaName }) => ({
      gridId: grid.id,
      gridName: grid.name,
      areaName,
      color: grid.color,
      ring: grid.ring,
      unitId: grid.unitId,
      unitName,
      unitPhone: grid.unitId ? maskedPhone(phones.get(grid.unitId)) : null,
      onDuty: onDuty
        .filter((s) => s.unitId === grid.unitId)
        .map(({ id, name, phone, teamName }) => ({ id, name, phone: maskedPhone(phone) ?? '', teamName })),
      liftCount: counts.get(grid.id) ?? 0,
      openCases: cases
        .filter((c) => c.gridId === grid.id)
        .map((c) => ({
          id: c.id,
          caseNo: c.caseNo,
          status: c.status,
          statusLabel: CASE_STATE_LABEL[c.status],
          address: c.address,
          alarmAt: c.alarmAt.toISOString(),
        })),
    })),
  };
}
