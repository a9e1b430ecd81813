import { isReviewer } from '@ec/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type AuthUser, scopeCondition } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { rescueGrid } from '../tables.ts';

/**
 * Who sees and edits what of the rescue units (DOMAIN.md §4.2): a regulator the units and grids of
 * its districts (every one for the platform); a rescue unit's user its own unit (teams, staff,
 * roster) and every grid (the map it works on); nobody else anything. The platform edits units and
 * grids; the platform and the unit's own users edit a unit's teams, staff and roster.
 */

export const RESCUE_KIND = 'rescue';

/** The rescue units (enterprise rows of kind 'rescue') a user may see. */
export function unitScope(user: AuthUser): SQL {
  const rescue = eq(enterprise.kind, RESCUE_KIND);
  if (isReviewer(user.dataScope)) return and(rescue, scopeCondition(user, { area: enterprise.areaCode }))!;
  if (user.userType === 'rescue' && user.companyId !== null)
    return and(rescue, eq(enterprise.id, user.companyId))!;
  return sql`false`;
}

/** The grids a user may see. */
export function gridScope(user: AuthUser): SQL {
  if (isReviewer(user.dataScope)) return scopeCondition(user, { area: rescueGrid.areaCode });
  if (user.userType === 'rescue' && user.companyId !== null) return sql`true`;
  return sql`false`;
}

/** Whether the user is the platform (edits the units and the grids). */
export const isPlatform = (user: AuthUser) => user.dataScope === 'all';

/** A unit the user may see, or 404. */
export async function visibleUnit(q: Queryable, user: AuthUser, unitId: number, lock = false) {
  const query = q
    .select()
    .from(enterprise)
    .where(and(eq(enterprise.id, unitId), unitScope(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('救援单位不存在或无权访问');
  return row;
}

/** A unit whose teams, staff and roster the user may edit: 404 when unseen, 403 when only seen. */
export async function editableUnit(q: Queryable, user: AuthUser, unitId: number) {
  const unit = await visibleUnit(q, user, unitId);
  if (!isPlatform(user) && !(user.userType === 'rescue' && user.companyId === unitId))
    throw forbidden('只有平台或救援单位本单位人员可以维护队伍、人员和值班');
  return unit;
}

/** Units and grids are the platform's to edit. */
export function requirePlatform(user: AuthUser, what: string) {
  if (!isPlatform(user)) throw forbidden(`只有平台管理员可以维护${what}`);
}
