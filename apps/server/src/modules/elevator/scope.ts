import { type ClaimType, isReviewer } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import { scopeCondition } from '../../platform/access.ts';
import { scopeGram } from './search.ts';
import { elevator } from './tables.ts';

const MAINTENANCE_KINDS = ['maintenance', 'maintenance_staff'];
const USE_KINDS = ['use_unit', 'safety_officer'];

/** Which claim type a company user acts for: maintenance companies and use units. */
export function claimTypeOf(user: AuthUser): ClaimType | null {
  if (MAINTENANCE_KINDS.includes(user.userType)) return 'maintenance';
  if (USE_KINDS.includes(user.userType)) return 'use';
  return null;
}

/**
 * The elevators a user may see, as SQL: all, the regulator's areas, or the elevators bound to the
 * user's company (maintenance company or use unit; staff and safety officers see their company's).
 * Any other kind of account sees none.
 */
export function elevatorScope(user: AuthUser): SQL {
  if (isReviewer(user.dataScope)) {
    return scopeCondition(user, { area: elevator.areaCode });
  }
  if (user.companyId === null) return sql`false`;
  const type = claimTypeOf(user);
  if (type === 'maintenance') return sql`${elevator.maintenanceCompanyId} = ${user.companyId}`;
  if (type === 'use') return sql`${elevator.useCompanyId} = ${user.companyId}`;
  return sql`false`;
}

/**
 * elevatorScope as search tokens (search.ts scopeGram), where the scope is one district or one
 * company: a text search adds them to its grams, so that one index probe applies both. Each token
 * says exactly what elevatorScope's condition says (the condition stays applied); an empty list
 * only means the probe does without.
 */
export function elevatorScopeGrams(user: AuthUser): string[] {
  if (isReviewer(user.dataScope)) {
    return user.dataScope === 'area' && user.areaCodes.length === 1
      ? [scopeGram.area(user.areaCodes[0])]
      : [];
  }
  if (user.companyId === null) return [];
  const type = claimTypeOf(user);
  if (type === 'maintenance') return [scopeGram.maintenance(user.companyId)];
  if (type === 'use') return [scopeGram.use(user.companyId)];
  return [];
}
