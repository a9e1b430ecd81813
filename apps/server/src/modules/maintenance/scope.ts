import { isReviewer } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type AuthUser, scopeCondition } from '../../platform/access.ts';
import { maintenanceOrder } from './tables.ts';

/**
 * The work orders a user may see: a regulator those of its districts (all for the platform), a
 * maintenance company its own, a worker only those assigned to him, a use unit (and its safety
 * officers) those of its lifts. The columns are the order's own (copied at creation), so that the
 * lists filter on indexed columns of one table.
 */
export function orderScope(user: AuthUser): SQL {
  if (isReviewer(user.dataScope)) return scopeCondition(user, { area: maintenanceOrder.areaCode });
  if (user.userType === 'maintenance_staff') return sql`${user.id} = any(${maintenanceOrder.workerIds})`;
  if (user.companyId === null) return sql`false`;
  if (user.userType === 'maintenance')
    return sql`${maintenanceOrder.maintenanceCompanyId} = ${user.companyId}`;
  if (user.userType === 'use_unit' || user.userType === 'safety_officer')
    return sql`${maintenanceOrder.useCompanyId} = ${user.companyId}`;
  return sql`false`;
}

/** The live event of a work order that changed state (platform/live.ts). */
export const ORDER_TOPIC = 'maintenance.order';

/** Who an order is for, as a live event carries it (the columns `orderScope` reads). */
export interface OrderAudience {
  areaCode: string | null;
  maintenanceCompanyId: number | null;
  useCompanyId: number | null;
  workerIds: number[];
}

export const audienceOf = (o: OrderAudience): OrderAudience => ({
  areaCode: o.areaCode,
  maintenanceCompanyId: o.maintenanceCompanyId,
  useCompanyId: o.useCompanyId,
  workerIds: o.workerIds,
});

/** `orderScope` in code, for live events: whether the user may see an order with this audience. */
export function seesOrder(user: AuthUser, a: OrderAudience): boolean {
  if (user.dataScope === 'all') return true;
  if (user.dataScope === 'area') return a.areaCode !== null && user.areaCodes.includes(a.areaCode);
  if (user.userType === 'maintenance_staff') return a.workerIds.includes(user.id);
  if (user.companyId === null) return false;
  if (user.userType === 'maintenance') return a.maintenanceCompanyId === user.companyId;
  if (user.userType === 'use_unit' || user.userType === 'safety_officer')
    return a.useCompanyId === user.companyId;
  return false;
}

/** The company whose maintenance data a company user manages (null for reviewers and others). */
export function ownMaintenanceCompany(user: AuthUser): number | null {
  return user.userType === 'maintenance' ? user.companyId : null;
}
