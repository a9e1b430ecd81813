import { isReviewer } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { FileReference } from '../../../platform/files/references.ts';
import { liftVisibleTo } from '../../elevator/api.ts';
import { inspectionOrder as o } from './tables.ts';

/**
 * Who sees an inspection order (anything outside answers 404):
 * - the platform every order;
 * - a regulator the orders of the lifts in its districts (read only: the services refuse its writes);
 * - the use unit's accounts (its administrator and safety officers) the orders it applied for;
 * - the organisation's administrators the orders applied to it;
 * - an inspector the orders distributed to it.
 * Who may act on a visible order is the party the step belongs to (`asUseUnit`, `asOrg` in flow.ts).
 */
export function orderScope(user: AuthUser): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (isReviewer(user.dataScope)) return liftVisibleTo(user, o.elevatorId);
  if (isUseUnitUser(user)) return sql`${o.useUnitId} = ${user.companyId}`;
  if (user.userType === 'inspection' && user.companyId !== null) return sql`${o.orgId} = ${user.companyId}`;
  if (user.userType === 'inspector') return sql`${o.inspectorUserId} = ${user.id}`;
  return sql`false`;
}

export const isUseUnitUser = (user: AuthUser) =>
  (user.userType === 'use_unit' || user.userType === 'safety_officer') && user.companyId !== null;

/** The organisation's own administrators (not its inspectors, not the platform). */
export const isOrgAdminOf = (user: AuthUser, orgId: number) =>
  user.userType === 'inspection' && user.companyId === orgId;

/** An order's attachments are readable by whoever may read the order. */
export const orderFiles: FileReference = {
  name: 'inspection-order-attachment',
  readable: (user, file) =>
    sql`exists (select 1 from ${o} where ${o.fileIds} @> array[(${file})::text] and ${orderScope(user)})`,
};
