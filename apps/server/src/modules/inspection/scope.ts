import { isReviewer } from '@ec/contract';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { type AuthUser, scopeCondition } from '../../platform/access.ts';
import { enterprise } from '../../platform/db/tables.ts';
import { forbidden } from '../../platform/errors.ts';

/**
 * Who sees and edits an inspection organisation's resources (inspectors, departments, instruments,
 * seals, the item catalogue, the tariff, technical parameters). Every such row carries `org_id`, the
 * organisation (an `enterprise` row of kind 'inspection'):
 *
 * - the platform sees every organisation's rows; a regulator those of the organisations in its
 *   districts (read-only: it supervises them);
 * - the organisation's own accounts (userType 'inspection' for its administrators, 'inspector' for
 *   its inspectors) see their organisation's rows;
 * - the organisation's accounts holding the page's edit permission write them; nobody else does,
 *   not even the platform (the records are the organisation's own statement of its resources).
 *
 * A row outside the scope answers 404 (its existence is not revealed), a visible row that the user
 * may not change 403.
 */

export const INSPECTION_ORG_KIND = 'inspection';

const isOrgUser = (user: AuthUser) =>
  (user.userType === 'inspection' || user.userType === 'inspector') && user.companyId !== null;

/** The condition on an `org_id` column for the rows the user may see. */
export function orgScope(user: AuthUser, orgId: AnyColumn | SQL): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (isReviewer(user.dataScope)) {
    const orgs = sql`(select ${enterprise.id} from ${enterprise} where ${and(
      eq(enterprise.kind, INSPECTION_ORG_KIND),
      scopeCondition(user, { area: enterprise.areaCode }),
    )})`;
    return sql`${orgId} in ${orgs}`;
  }
  if (isOrgUser(user)) return sql`${orgId} = ${user.companyId}`;
  return sql`false`;
}

/**
 * The organisation whose resources the user writes: its own. Anyone else (the platform, a
 * regulator, another kind of company) is refused with 403 and `what` in the message.
 */
export function ownOrg(user: AuthUser, what: string): number {
  if (!isOrgUser(user) || user.companyId === null) throw forbidden(`只有检验机构本机构人员可以维护${what}`);
  return user.companyId;
}

/** Whether a row of organisation `orgId` is the user's own organisation's (may be written). */
export const isOwnOrg = (user: AuthUser, orgId: number) => isOrgUser(user) && user.companyId === orgId;

/** A visible row of another organisation (or seen by the platform or a regulator) is not theirs to write: 403. */
export function assertOwnOrg(user: AuthUser, orgIds: number | number[], what: string): void {
  const ids = Array.isArray(orgIds) ? orgIds : [orgIds];
  if (ids.some((id) => !isOwnOrg(user, id))) throw forbidden(`只有检验机构本机构人员可以维护${what}`);
}

/** The organisation of an inspection account (its administrators and inspectors), else null. */
export const orgOfUser = (user: AuthUser): number | null => (isOrgUser(user) ? user.companyId : null);
