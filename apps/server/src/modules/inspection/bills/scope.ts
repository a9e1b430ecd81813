import { isReviewer } from '@ec/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { type AuthUser, scopeCondition } from '../../../platform/access.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { isOrgAdminOf, isUseUnitUser } from '../orders/scope.ts';

/**
 * Who sees a bill, and the charges and figures behind the bills (anything outside answers 404):
 * - the platform every bill;
 * - a regulator the bills of the use units in its districts (read only);
 * - the use unit's accounts (its administrator and safety officers) its own bills (read only);
 * - the organisation's administrators the bills it issued (they alone create and record payments).
 * Its inspectors see none (a bill is the organisation's money, not an inspection task).
 */
export function partyScope(user: AuthUser, orgId: AnyColumn | SQL, useUnitId: AnyColumn | SQL): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (isReviewer(user.dataScope)) {
    const units = sql`(select ${enterprise.id} from ${enterprise} where ${scopeCondition(user, {
      area: enterprise.areaCode,
    })})`;
    return sql`${useUnitId} in ${units}`;
  }
  if (isUseUnitUser(user)) return sql`${useUnitId} = ${user.companyId}`;
  if (user.userType === 'inspection' && user.companyId !== null) return sql`${orgId} = ${user.companyId}`;
  return sql`false`;
}

/** The organisation whose bills the user writes (its administrators), else null. */
export const billingOrgOf = (user: AuthUser): number | null =>
  user.userType === 'inspection' && user.companyId !== null ? user.companyId : null;

export { isOrgAdminOf };
