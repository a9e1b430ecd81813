import { isReviewer } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { liftVisibleTo } from '../../elevator/api.ts';
import { emergencyCode, emergencyCodeRecord } from '../tables.ts';

/** The accounts that claim codes for their company: use units and maintenance companies. */
const CLAIMER_TYPES = ['use_unit', 'safety_officer', 'maintenance', 'maintenance_staff'];

/** The company a user claims, binds and unbinds codes for, or null (a regulator, the platform). */
export function claimerOf(user: AuthUser): number | null {
  return CLAIMER_TYPES.includes(user.userType) ? user.companyId : null;
}

/**
 * The codes a user may see: the city's pool is the platform's and the regulators' (every code: a
 * code has no district until a lift holds it); a use unit or maintenance company sees the codes it
 * claimed; anyone else none.
 */
export function codeScope(user: AuthUser): SQL {
  if (isReviewer(user.dataScope)) return sql`true`;
  const company = claimerOf(user);
  return company === null ? sql`false` : sql`${emergencyCode.claimedBy} = ${company}`;
}

/**
 * The history a user may see. Regulators: the records of a lift (绑定/解绑) by the lift's district,
 * the others (认领) by the claiming company's district, and those of no lift nor company (生成, 作废)
 * all; the platform everything. A claimer: the records of its company.
 */
export function recordScope(user: AuthUser): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (isReviewer(user.dataScope)) {
    const areas = user.areaCodes.length
      ? sql.join(
          user.areaCodes.map((c) => sql`${c}`),
          sql`, `,
        )
      : null;
    if (!areas) return sql`false`;
    return sql`(case
      when ${emergencyCodeRecord.elevatorId} is not null then ${liftVisibleTo(user, emergencyCodeRecord.elevatorId)}
      when ${emergencyCodeRecord.companyId} is not null then exists (select 1 from ${enterprise}
        where ${enterprise.id} = ${emergencyCodeRecord.companyId} and ${enterprise.areaCode} in (${areas}))
      else true end)`;
  }
  const company = claimerOf(user);
  return company === null ? sql`false` : sql`${emergencyCodeRecord.companyId} = ${company}`;
}
