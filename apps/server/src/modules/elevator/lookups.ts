import type { CallParsedInput, ClaimType, ElevatorFilters, elevatorCalls } from '@ec/contract';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { enterprise } from '../../platform/db/tables.ts';
import { notFound } from '../../platform/errors.ts';
import { maskedPhone, shownPhone } from '../../platform/masking.ts';
import { OPEN_CLAIM_STATES } from './claims.ts';
import { listElevators, textSearch } from './list.ts';
import { selectElevators, toDetail } from './rows.ts';
import { claimTypeOf, elevatorScope } from './scope.ts';
import { elevator, elevatorClaim } from './tables.ts';

/** The lifts a picker offers: a code prefix (6 letters or digits and more) or a text search, in scope. */
export function findElevators(db: Queryable, user: AuthUser, keyword: string | undefined, limit: number) {
  const search = keyword
    ? keyword.length >= 6 && /^[0-9A-Za-z]+$/.test(keyword)
      ? sql`${elevator.registerCode} >= ${keyword.toUpperCase()} and ${elevator.registerCode} < ${`${keyword.toUpperCase()}\uffff`}`
      : textSearch(keyword)
    : undefined;
  return db
    .select({
      id: elevator.id,
      registerCode: elevator.registerCode,
      name: elevator.name,
      address: elevator.address,
    })
    .from(elevator)
    .where(and(elevatorScope(user), search))
    .orderBy(elevator.id)
    .limit(limit);
}

/** The lifts with a position in a map's box or within a radius of a point, in scope. */
export async function elevatorsNear(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<typeof elevatorCalls.queryByPoint>,
) {
  let box: SQL;
  if (
    input.minLng !== undefined &&
    input.maxLng !== undefined &&
    input.minLat !== undefined &&
    input.maxLat !== undefined
  ) {
    box = sql`${elevator.longitude} between ${input.minLng} and ${input.maxLng} and ${elevator.latitude} between ${input.minLat} and ${input.maxLat}`;
  } else {
    // A degree of latitude is ~111 km; a degree of longitude shrinks with the cosine of the latitude.
    const dLat = input.radiusKm! / 111;
    const dLng = input.radiusKm! / (111 * Math.cos((input.lat! * Math.PI) / 180));
    box = sql`${elevator.longitude} between ${input.lng! - dLng} and ${input.lng! + dLng}
      and ${elevator.latitude} between ${input.lat! - dLat} and ${input.lat! + dLat}
      and power((${elevator.longitude} - ${input.lng!}) * ${111 * Math.cos((input.lat! * Math.PI) / 180)}, 2)
        + power((${elevator.latitude} - ${input.lat!}) * 111, 2) <= ${input.radiusKm! ** 2}`;
  }
  const rows = await db
    .select({
      id: elevator.id,
      registerCode: elevator.registerCode,
      name: elevator.name,
      address: elevator.address,
      longitude: elevator.longitude,
      latitude: elevator.latitude,
      type: elevator.type,
    })
    .from(elevator)
    .where(and(elevatorScope(user), isNotNull(elevator.longitude), isNotNull(elevator.latitude), box))
    .limit(input.limit);
  return rows.map((r) => ({ ...r, longitude: r.longitude!, latitude: r.latitude! }));
}

/** The lift of a register code, device code or rescue code (a scanned label), in scope; else 404. */
export async function elevatorByCode(db: Queryable, user: AuthUser, code: string) {
  const c = code.toUpperCase();
  const [row] = await selectElevators(db)
    .where(
      and(
        elevatorScope(user),
        sql`(${elevator.registerCode} = ${c} or ${elevator.deviceCode} = ${c} or ${elevator.rescueCode} = ${code})`,
      ),
    )
    .limit(1);
  if (!row) throw notFound('没有找到该编号的电梯');
  return toDetail(row);
}

type ClaimFilters = ElevatorFilters & { claimType?: ClaimType };

/** The lifts the user's company has claimed, pending or bound, of one claim type. */
export function claimedElevators(db: Queryable, user: AuthUser, f: ClaimFilters) {
  const type = f.claimType ?? claimTypeOf(user) ?? 'maintenance';
  const mine =
    user.companyId === null
      ? sql`false`
      : sql`exists (select 1 from ${elevatorClaim} where ${elevatorClaim.elevatorId} = ${elevator.id}
          and ${elevatorClaim.companyId} = ${user.companyId} and ${elevatorClaim.claimType} = ${type} and ${inArray(elevatorClaim.state, OPEN_CLAIM_STATES)})`;
  return listElevators(db, mine, false, f);
}

/** The enabled lifts nobody has claimed (or asked to claim) on one side. */
export function unclaimedElevators(db: Queryable, user: AuthUser, f: ClaimFilters) {
  const type = f.claimType ?? claimTypeOf(user) ?? 'maintenance';
  const state = type === 'maintenance' ? elevator.maintenanceClaimState : elevator.useClaimState;
  // Company users may claim any unclaimed elevator of the city; regulators see those of their scope.
  const scope = claimTypeOf(user) ? sql`true` : elevatorScope(user);
  return listElevators(db, scope, false, f, [eq(state, 0), eq(elevator.status, 1)]);
}

/** A party of the elevator; its contact phone in full only for its own accounts (one policy: masking.ts). */
export async function companyInfo(db: Queryable, id: number | null, viewer?: AuthUser) {
  if (id === null) return null;
  const [c] = await db.select().from(enterprise).where(eq(enterprise.id, id));
  if (!c) return null;
  return {
    id: c.id,
    name: c.name,
    creditCode: c.creditCode,
    areaCode: c.areaCode,
    address: c.address,
    legalPerson: c.legalPerson,
    contactName: c.contactName,
    contactPhone: viewer
      ? shownPhone(viewer, { companyId: c.id }, c.contactPhone)
      : maskedPhone(c.contactPhone),
  };
}
