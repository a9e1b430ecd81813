import { isReviewer, RESCUE_PERMISSIONS } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type AuthUser, hasPermission, scopeCondition } from '../../../platform/access.ts';
import { rescueCase } from '../tables.ts';

/**
 * The cases a user may see: the call centre and the platform every case, a regulator those of its
 * districts, a maintenance company (and its workers) those of the lifts it maintains or dispatched
 * to it, a rescue unit those of its grids or dispatched to it, a use unit those of its lifts. The
 * columns are the case's own (copied when the lift is located).
 */
export function caseScope(user: AuthUser): SQL {
  if (isReviewer(user.dataScope)) return scopeCondition(user, { area: rescueCase.areaCode });
  const company = user.companyId;
  if (company === null) return sql`false`;
  switch (user.userType) {
    case 'maintenance':
    case 'maintenance_staff':
      return sql`(${rescueCase.maintenanceCompanyId} = ${company} or ${rescueCase.assigneeId} = ${company})`;
    case 'rescue':
      return sql`(${rescueCase.rescueUnitId} = ${company} or ${rescueCase.assigneeId} = ${company})`;
    case 'use_unit':
    case 'safety_officer':
      return sql`${rescueCase.useCompanyId} = ${company}`;
    default:
      return sql`false`;
  }
}

/** Who a case is for, as its live event carries it (the columns `caseScope` reads). */
export interface CaseAudience {
  areaCode: string | null;
  maintenanceCompanyId: number | null;
  useCompanyId: number | null;
  rescueUnitId: number | null;
  assigneeId: number | null;
}

export const audienceOf = (c: CaseAudience): CaseAudience => ({
  areaCode: c.areaCode,
  maintenanceCompanyId: c.maintenanceCompanyId,
  useCompanyId: c.useCompanyId,
  rescueUnitId: c.rescueUnitId,
  assigneeId: c.assigneeId,
});

/** `caseScope` in code, for live events (test/rescue-scope.test.ts holds the two equal). */
export function seesCase(user: AuthUser, a: CaseAudience): boolean {
  if (user.dataScope === 'all') return true;
  if (user.dataScope === 'area') return a.areaCode !== null && user.areaCodes.includes(a.areaCode);
  const company = user.companyId;
  if (company === null) return false;
  switch (user.userType) {
    case 'maintenance':
    case 'maintenance_staff':
      return a.maintenanceCompanyId === company || a.assigneeId === company;
    case 'rescue':
      return a.rescueUnitId === company || a.assigneeId === company;
    case 'use_unit':
    case 'safety_officer':
      return a.useCompanyId === company;
    default:
      return false;
  }
}

/**
 * Whether `user` sees callers' numbers in full (a case's caller, a call's number): those who handle
 * cases, the call centre, which calls back. Everyone else sees them masked.
 */
export const callerInFull = (user: AuthUser) => hasPermission(user, RESCUE_PERMISSIONS.caseHandle);
