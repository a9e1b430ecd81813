import { CASE_KIND, CASE_STATE, type LocatedLift, maskPhone } from '@ec/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { enterprise, sysArea } from '../../../platform/db/tables.ts';
import type { LocatedLiftFacts } from '../../elevator/api.ts';
import { gridOfPoint } from '../geo.ts';
import { rescueCase } from '../tables.ts';

/**
 * What the agent sees of the lifts a search found: the companies with their phones, the grid and
 * rescue unit of level 2, and the lift's open 困人 case (a second call joins it). Names in one read
 * for the whole list.
 */
export async function locatedLifts(db: Queryable, lifts: LocatedLiftFacts[]): Promise<LocatedLift[]> {
  if (lifts.length === 0) return [];
  const grids = await Promise.all(
    lifts.map((l) =>
      l.longitude !== null && l.latitude !== null ? gridOfPoint(db, l.longitude, l.latitude) : null,
    ),
  );
  const companyIds = [
    ...new Set(
      lifts
        .flatMap((l, i) => [l.maintenanceCompanyId, l.useCompanyId, grids[i]?.unitId ?? null])
        .filter((v): v is number => v !== null),
    ),
  ];
  const [companies, areas, open] = await Promise.all([
    companyIds.length
      ? db
          .select({ id: enterprise.id, name: enterprise.name, phone: enterprise.contactPhone })
          .from(enterprise)
          .where(inArray(enterprise.id, companyIds))
      : [],
    db
      .select({ code: sysArea.code, name: sysArea.name })
      .from(sysArea)
      .where(inArray(sysArea.code, [...new Set(lifts.map((l) => l.areaCode))])),
    db
      .select({ id: rescueCase.id, elevatorId: rescueCase.elevatorId })
      .from(rescueCase)
      .where(
        and(
          inArray(
            rescueCase.elevatorId,
            lifts.map((l) => l.id),
          ),
          eq(rescueCase.kind, CASE_KIND.trapped),
          lt(rescueCase.status, CASE_STATE.closed),
        ),
      ),
  ]);
  const company = (id: number | null) => companies.find((c) => c.id === id);
  // Phones masked as everywhere in the console (the reveal call shows one in full, logged).
  const phone = (id: number | null) => {
    const p = company(id)?.phone;
    return p ? maskPhone(p) : null;
  };
  return lifts.map((l, i) => {
    const unitId = grids[i]?.unitId ?? null;
    return {
      id: l.id,
      registerCode: l.registerCode,
      rescueCode: l.rescueCode,
      name: l.name,
      address: l.address,
      areaCode: l.areaCode,
      areaName: areas.find((a) => a.code === l.areaCode)?.name ?? null,
      communityName: l.community,
      maintenanceCompanyId: l.maintenanceCompanyId,
      maintenanceCompanyName: company(l.maintenanceCompanyId)?.name ?? null,
      maintenanceCompanyPhone: phone(l.maintenanceCompanyId),
      useCompanyId: l.useCompanyId,
      useCompanyName: company(l.useCompanyId)?.name ?? null,
      useCompanyPhone: phone(l.useCompanyId),
      rescueUnitId: unitId,
      rescueUnitName: company(unitId)?.name ?? null,
      gridName: grids[i]?.gridName ?? null,
      openCaseId: open.find((o) => o.elevatorId === l.id)?.id ?? null,
    };
  });
}
