import { CASE_KIND, CASE_STATE, type LocatedLift, maskPhone } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../../platform/db/client.ts';
import { fixedStatement } from '../../../platform/db/sql.ts';
import { enterprise, sysArea } from '../../../platform/db/tables.ts';
import { liftsRelation, locateLifts } from '../../elevator/api.ts';
import { codeExpiredSql } from '../codes/expiry.ts';
import { type Ring, ringContains } from '../geo.ts';
import { rescueCase, rescueGrid } from '../tables.ts';

const RESCUE_CODE = /^\d{6}$/;

/**
 * The call centre's search box: the lifts a keyword finds, with what the agent sees of each. A
 * rescue code (six digits, the common path while someone is trapped) is answered by one statement
 * (`located`) on the registry's unique index; a register code, address or community by the
 * registry's search, then one statement for the lifts it found.
 */
export async function locateForCallCentre(
  db: Queryable,
  keyword: string,
  limit: number,
): Promise<LocatedLift[]> {
  const k = keyword.trim();
  if (RESCUE_CODE.test(k)) return (await byRescueCode(db, { code: k, limit })).map(toLocated);
  const found = await locateLifts(db, k, limit);
  if (found.length === 0) return [];
  const rows = await byIds(db, { ids: found.map((l) => l.id), limit });
  // In the registry search's order.
  return found.flatMap((l) => rows.filter((r) => r.id === l.id)).map(toLocated);
}

interface GridCandidate {
  id: number;
  name: string;
  unitId: number | null;
  unitName: string | null;
  ring: Ring;
}

interface LocatedRow {
  id: number;
  registerCode: string;
  rescueCode: string | null;
  name: string | null;
  address: string;
  areaCode: string;
  areaName: string | null;
  community: string | null;
  longitude: number | null;
  latitude: number | null;
  maintenanceCompanyId: number | null;
  maintenanceCompanyName: string | null;
  maintenanceCompanyPhone: string | null;
  useCompanyId: number | null;
  useCompanyName: string | null;
  useCompanyPhone: string | null;
  openCaseId: number | null;
  /** The grids whose bounding box holds the lift, oldest first (the exact test is `ringContains`). */
  grids: GridCandidate[] | null;
}

const maintainer = alias(enterprise, 'maintainer');
const useUnit = alias(enterprise, 'use_unit');
const gridUnit = alias(enterprise, 'grid_unit');
const g = alias(rescueGrid, 'g');
const oc = alias(rescueCase, 'oc');

/**
 * The lifts matching `where` (on the registry's relation, aliased "lift") with the area's name, the
 * companies with their phones, the lift's open 困人 case (a second call joins it) and the candidate
 * grids of level 2 with their rescue units, in one statement: one round trip. Its text is compiled
 * once per process and prepared once per connection (`fixedStatement`): rebuilding it on every call
 * cost the server more CPU than the database spends running it (0.4 ms on 1,000,000 lifts).
 */
function located(where: SQL, limit: unknown): SQL {
  const lift = liftsRelation().as('lift');
  return sql`select "lift"."id" as "id", "lift"."register_code" as "registerCode", "lift"."rescue_code" as "rescueCode",
        "lift"."name" as "name", "lift"."address" as "address", "lift"."area_code" as "areaCode",
        ${sysArea.name} as "areaName", "lift"."community" as "community",
        "lift"."longitude" as "longitude", "lift"."latitude" as "latitude",
        "lift"."maintenance_company_id" as "maintenanceCompanyId", ${maintainer.name} as "maintenanceCompanyName",
        ${maintainer.contactPhone} as "maintenanceCompanyPhone",
        "lift"."use_company_id" as "useCompanyId", ${useUnit.name} as "useCompanyName",
        ${useUnit.contactPhone} as "useCompanyPhone",
        (select ${oc.id} from ${rescueCase} "oc" where ${oc.elevatorId} = "lift"."id"
          and ${oc.kind} = ${sql.raw(String(CASE_KIND.trapped))} and ${oc.status} < ${sql.raw(String(CASE_STATE.closed))}
          limit 1) as "openCaseId",
        (select json_agg(json_build_object('id', ${g.id}, 'name', ${g.name}, 'unitId', ${g.unitId},
            'unitName', ${gridUnit.name}, 'ring', ${g.ring}) order by ${g.id})
          from ${rescueGrid} "g" left join ${enterprise} "grid_unit" on ${gridUnit.id} = ${g.unitId}
          where ${g.minLng} <= "lift"."longitude" and ${g.maxLng} >= "lift"."longitude"
            and ${g.minLat} <= "lift"."latitude" and ${g.maxLat} >= "lift"."latitude") as "grids"
      from ${lift}
      left join ${sysArea} on ${sysArea.code} = "lift"."area_code"
      left join ${enterprise} "maintainer" on ${maintainer.id} = "lift"."maintenance_company_id"
      left join ${enterprise} "use_unit" on ${useUnit.id} = "lift"."use_company_id"
      where ${where}
      order by "lift"."id"
      limit ${limit}`;
}

/**
 * A rescue code (the registry's unique index): the agent's common path while someone is trapped. A
 * temporary code past its last day locates nothing (docs/paths.md): the agent goes on by address.
 */
const byRescueCode = fixedStatement<{ code: string; limit: number }, LocatedRow>((v) =>
  located(
    sql`"lift"."rescue_code" = ${v.code} and not ${codeExpiredSql(sql`"lift"."rescue_code"`)}`,
    v.limit,
  ),
);

/** The lifts the registry's search found, by id. */
const byIds = fixedStatement<{ ids: number[]; limit: number }, LocatedRow>((v) =>
  located(sql`"lift"."id" = any(${v.ids}::int[])`, v.limit),
);

const masked = (p: string | null) => (p ? maskPhone(p) : null);

/**
 * What the agent sees of a lift: the companies' phones masked, as everywhere in the console (the
 * reveal call shows one in full, logged), and the grid that holds it (the exact ring test).
 */
function toLocated(l: LocatedRow): LocatedLift {
  const point: [number, number] | null =
    l.longitude !== null && l.latitude !== null ? [Number(l.longitude), Number(l.latitude)] : null;
  const grid = point ? (l.grids ?? []).find((c) => ringContains(c.ring, point)) : undefined;
  return {
    id: l.id,
    registerCode: l.registerCode,
    rescueCode: l.rescueCode,
    name: l.name,
    address: l.address,
    areaCode: l.areaCode,
    areaName: l.areaName,
    communityName: l.community,
    maintenanceCompanyId: l.maintenanceCompanyId,
    maintenanceCompanyName: l.maintenanceCompanyName,
    maintenanceCompanyPhone: masked(l.maintenanceCompanyPhone),
    useCompanyId: l.useCompanyId,
    useCompanyName: l.useCompanyName,
    useCompanyPhone: masked(l.useCompanyPhone),
    rescueUnitId: grid?.unitId ?? null,
    rescueUnitName: grid?.unitName ?? null,
    gridName: grid?.name ?? null,
    openCaseId: l.openCaseId,
  };
}
