/**
 * What other modules may ask of the elevator registry. They never read its tables: the registry
 * decides who may see a lift (its data scope) and what binds a lift to a company (the claims), and
 * answers through these functions. Add a function here when another module needs one; keep each
 * one small and about lifts.
 */
import type { ClaimType } from '@ec/contract';
import { type AnyColumn, and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { elevatorScope } from './scope.ts';
import { elevator } from './tables.ts';

/** A lift as other modules see it: its identity, place and the companies bound to it. */
export interface LiftSummary {
  id: number;
  registerCode: string;
  name: string | null;
  address: string;
  areaCode: string;
  /** 1 直梯, 2 扶梯 */
  type: number;
  useCompanyId: number | null;
  maintenanceCompanyId: number | null;
}

const summary = {
  id: elevator.id,
  registerCode: elevator.registerCode,
  name: elevator.name,
  address: elevator.address,
  areaCode: elevator.areaCode,
  type: elevator.type,
  useCompanyId: elevator.useCompanyId,
  maintenanceCompanyId: elevator.maintenanceCompanyId,
};

const isLiftId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** A lift by id if the user may open it (the registry's data scope), else null. */
export async function liftInScope(q: Queryable, user: AuthUser, id: number): Promise<LiftSummary | null> {
  if (!isLiftId(id)) return null;
  const [row] = await q
    .select(summary)
    .from(elevator)
    .where(and(eq(elevator.id, id), elevatorScope(user)));
  return row ?? null;
}

/** A lift by id within the user's scope; 404 (as the registry's own detail answers) otherwise. */
export async function requireLiftInScope(q: Queryable, user: AuthUser, id: number): Promise<LiftSummary> {
  const lift = await liftInScope(q, user, id);
  if (!lift) throw notFound('电梯不存在或无权访问');
  return lift;
}

/**
 * The lifts bound to a company on one side (its maintenance company or its use unit), by id; without
 * a company, every lift bound to some company on that side.
 */
export function liftsBoundTo(q: Queryable, side: ClaimType, companyId?: number): Promise<LiftSummary[]> {
  const column = side === 'maintenance' ? elevator.maintenanceCompanyId : elevator.useCompanyId;
  return q
    .select(summary)
    .from(elevator)
    .where(companyId === undefined ? isNotNull(column) : eq(column, companyId))
    .orderBy(asc(elevator.id));
}

/**
 * A condition on another module's rows: the lift whose id is in `liftId` is one the user may open.
 * For lists that join nothing of the registry (a subquery on the lift's primary key).
 */
export function liftVisibleTo(user: AuthUser, liftId: AnyColumn | SQL): SQL {
  return sql`exists (select 1 from ${elevator} where ${elevator.id} = ${liftId} and ${elevatorScope(user)})`;
}
