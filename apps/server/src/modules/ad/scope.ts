/**
 * Who sees and writes what in advertising (the shared rule of the module's parts):
 * - an advertising operator (user type `ad`) its own points, customers, leads and orders, and
 *   writes them;
 * - a use unit (and its safety officers) the points in its lifts, read only;
 * - a regulator the points of its districts, read only; the platform everything.
 * Customers, leads and orders are the operator's business: the platform reads them, nobody else.
 * Anything out of scope answers 404, as if it did not exist.
 */
import { isReviewer } from '@ec/contract';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { type AuthUser, scopeCondition } from '../../platform/access.ts';
import { forbidden } from '../../platform/errors.ts';

/** The operator's company when the user is an advertising operator, else null. */
export function operatorOf(user: AuthUser): number | null {
  return user.userType === 'ad' && user.companyId !== null ? user.companyId : null;
}

/**
 * The operator a write acts for; anyone else is refused (403), the platform administrator too: an
 * operator's points, prices, customers, leads, orders and tasks are its own business (the platform
 * reads them; it computes and approves settlements and keeps mini-program accounts naming the
 * operator). docs/paths.md, "Advertising … who writes".
 */
export function requireOperator(user: AuthUser): number {
  const id = operatorOf(user);
  if (id === null)
    throw forbidden('仅广告运营商可以执行此操作：点位、客户、订单和任务由运营商维护，平台只查看');
  return id;
}

const isUseUnit = (user: AuthUser) =>
  (user.userType === 'use_unit' || user.userType === 'safety_officer') && user.companyId !== null;

/** The points a user may see (columns of ad_point or a relation that carries them). */
export function pointScope(
  user: AuthUser,
  c: { companyId: AnyColumn | SQL; useCompanyId: AnyColumn | SQL; areaCode: AnyColumn | SQL },
): SQL {
  const operator = operatorOf(user);
  if (operator !== null) return sql`${c.companyId} = ${operator}`;
  if (isReviewer(user.dataScope)) return scopeCondition(user, { area: c.areaCode });
  if (isUseUnit(user)) return sql`${c.useCompanyId} = ${user.companyId}`;
  return sql`false`;
}

/** The operator's own records (customers, leads, orders): the operator, or the platform (read). */
export function ownedScope(user: AuthUser, companyId: AnyColumn | SQL): SQL {
  const operator = operatorOf(user);
  if (operator !== null) return eq(companyId as AnyColumn, operator);
  if (user.dataScope === 'all') return sql`true`;
  return sql`false`;
}
