import { ALL_PERMISSIONS, type DataScope } from '@ec/contract';
import {
  and,
  asc,
  type Column,
  desc,
  eq,
  getTableName,
  inArray,
  isNotNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AuthUser, broadestScope } from '../../platform/access.ts';
import { loadGrants } from '../../platform/auth/session.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { sysArea, sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../platform/db/tables.ts';
import { badRequest, conflict, forbidden } from '../../platform/errors.ts';

/**
 * Rules shared by the system-settings calls: nobody raises their own rights, nobody locks
 * themselves (or the built-in administrator) out, and database refusals become messages.
 */

/** Losing one of these would leave an administrator unable to repair users and roles. */
const ADMIN_PERMISSIONS = [ALL_PERMISSIONS, 'system:user:edit', 'system:role:edit'];

const holds = (permissions: Set<string>, permission: string) =>
  permissions.has(ALL_PERMISSIONS) || permissions.has(permission);

/**
 * Permission strings that roles carry: their own and those of their menu buttons, disabled roles
 * included (enabling a role later must not hand out what its editor could not).
 */
export async function permissionsOfRoles(q: Queryable, roleIds: number[]): Promise<Set<string>> {
  const result = new Set<string>();
  if (roleIds.length === 0) return result;
  const roles = await q
    .select({ permissions: sysRole.permissions })
    .from(sysRole)
    .where(inArray(sysRole.id, roleIds));
  for (const r of roles) for (const p of r.permissions) result.add(p);
  const buttons = await q
    .selectDistinct({ perms: sysMenu.perms })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
    .where(and(inArray(sysRoleMenu.roleId, roleIds), isNotNull(sysMenu.perms)));
  for (const b of buttons) for (const p of splitPerms(b.perms)) result.add(p);
  return result;
}

export const splitPerms = (perms: string | null | undefined) =>
  (perms ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

/** Refuses to hand out a permission the acting user does not hold themselves. */
export function assertWithinOwnRights(actor: AuthUser, permissions: Iterable<string>) {
  if (actor.permissions.has(ALL_PERMISSIONS)) return;
  const beyond = [...permissions].filter((p) => !actor.permissions.has(p));
  if (beyond.length > 0) {
    throw forbidden(`不能授予或修改超出自己权限的内容：${beyond.slice(0, 5).join('、')}`);
  }
}

const SCOPE_LABEL: Record<DataScope, string> = {
  all: '全部数据',
  area: '本辖区数据',
  company: '本单位数据',
  self: '仅本人数据',
};

/**
 * Refuses a data scope wider than the actor's own (all > area > company > self). An area-scoped
 * actor may hand out area scope only over areas it holds itself (`areaCodes`: the areas the scope
 * will cover, when known; a role's area scope covers its holders' areas, checked when assigned).
 */
export function assertScopeWithinOwn(actor: AuthUser, scope: DataScope, areaCodes: string[] = []) {
  if (actor.permissions.has(ALL_PERMISSIONS) || actor.dataScope === 'all') return;
  if (broadestScope([actor.dataScope, scope]) !== actor.dataScope) {
    throw forbidden(
      `不能授予超出自己数据范围的权限：您的数据范围是「${SCOPE_LABEL[actor.dataScope]}」，不能设置为「${SCOPE_LABEL[scope]}」`,
    );
  }
  if (scope === 'area' && actor.dataScope === 'area') {
    const beyond = areaCodes.filter((c) => !actor.areaCodes.includes(c));
    if (beyond.length > 0) {
      throw forbidden(`不能授予自己辖区以外的区域：${beyond.slice(0, 5).join('、')}`);
    }
  }
}

/** The widest data scope the given roles carry (disabled ones included, as for permissions). */
export async function scopeOfRoles(q: Queryable, roleIds: number[]): Promise<DataScope> {
  if (roleIds.length === 0) return 'self';
  const rows = await q
    .select({ dataScope: sysRole.dataScope })
    .from(sysRole)
    .where(inArray(sysRole.id, roleIds));
  return broadestScope(rows.map((r) => r.dataScope));
}

/** The organisation an account belongs to: its company, else its office, else only itself. */
const organisationOf = (u: { id: number; companyId: number | null; officeId: number | null }) =>
  u.companyId !== null ? `c${u.companyId}` : u.officeId !== null ? `o${u.officeId}` : `u${u.id}`;

/**
 * Locks the roles (against concurrent assignments, which take a key-share lock on them) and refuses
 * them when an account of another organisation holds one: a company's administrator must not
 * change what every other company's administrators may do (the built-in `maintenance_admin` is
 * held by all maintenance companies). Only the platform administrator edits shared roles.
 * Run inside the transaction that changes the roles.
 */
export async function assertRolesOwnedBy(tx: Queryable, actor: AuthUser, roleIds: number[]) {
  if (roleIds.length === 0) return;
  await tx
    .select({ id: sysRole.id })
    .from(sysRole)
    .where(inArray(sysRole.id, roleIds))
    .orderBy(asc(sysRole.id))
    .for('update');
  if (actor.permissions.has(ALL_PERMISSIONS)) return;
  const [me] = await tx
    .select({ id: sysUser.id, companyId: sysUser.companyId, officeId: sysUser.officeId })
    .from(sysUser)
    .where(eq(sysUser.id, actor.id));
  const mine = organisationOf(me ?? { id: actor.id, companyId: actor.companyId, officeId: null });
  const holders = await tx
    .select({
      id: sysUser.id,
      companyId: sysUser.companyId,
      officeId: sysUser.officeId,
      roleName: sysRole.name,
    })
    .from(sysUserRole)
    .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(inArray(sysUserRole.roleId, roleIds));
  const shared = [...new Set(holders.filter((h) => organisationOf(h) !== mine).map((h) => h.roleName))];
  if (shared.length > 0) {
    throw forbidden(
      `角色「${nameSome(shared)}」也被其他单位的账号使用，只有平台管理员可以修改；如需调整本单位的权限，请新建一个角色`,
    );
  }
}

/**
 * Refuses to give a user roles wider than the actor's own: permissions, data scope, and for an
 * area scope the user's areas.
 */
export async function assertCanAssignRoles(
  q: Queryable,
  actor: AuthUser,
  roleIds: number[],
  areaCodes: string[],
) {
  if (actor.permissions.has(ALL_PERMISSIONS)) return;
  assertWithinOwnRights(actor, await permissionsOfRoles(q, roleIds));
  assertScopeWithinOwn(actor, await scopeOfRoles(q, roleIds), areaCodes);
}

/** A user may only manage accounts that hold no permission and no data scope beyond their own. */
export async function assertCanManageUsers(q: Queryable, actor: AuthUser, userIds: number[]) {
  if (actor.permissions.has(ALL_PERMISSIONS)) return;
  for (const id of userIds) {
    const { permissions, dataScope } = await loadGrants(q, id);
    assertWithinOwnRights(actor, permissions);
    const [user] = await q.select({ areaCodes: sysUser.areaCodes }).from(sysUser).where(eq(sysUser.id, id));
    assertScopeWithinOwn(actor, dataScope, dataScope === 'area' ? (user?.areaCodes ?? []) : []);
  }
}

/**
 * Run at the end of a transaction that changed users, roles or menus: the acting user keeps every
 * administration permission they had, and the built-in administrator keeps all of them.
 * Throwing rolls the change back.
 */
export async function assertAdminsKeepRights(tx: Queryable, actor: AuthUser) {
  const after = await loadGrants(tx, actor.id);
  const lost = ADMIN_PERMISSIONS.filter((p) => holds(actor.permissions, p) && !holds(after.permissions, p));
  if (lost.length > 0) {
    throw conflict(`不能移除自己最后的管理权限（${lost.join('、')}），如需调整请由其他管理员操作`);
  }
  const builtIns = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.builtIn, true));
  for (const { id } of builtIns) {
    const grants = await loadGrants(tx, id);
    if (!grants.permissions.has(ALL_PERMISSIONS)) {
      throw conflict('内置管理员必须保留平台管理员的全部权限');
    }
  }
}

/** ORDER BY of a list: the whitelisted column the caller chose, then the newest first. */
export function orderOf<F extends string>(
  columns: Record<F, Column | SQL>,
  idColumn: Column,
  sortField: F | undefined,
  sortOrder: 'ascend' | 'descend' | undefined,
): SQL[] {
  if (!sortField) return [desc(idColumn)];
  const column = columns[sortField];
  return [sortOrder === 'ascend' ? asc(column) : desc(column), desc(idColumn)];
}

/** Refuses area codes that are not in the area table. */
export async function assertAreasExist(q: Queryable, codes: string[]) {
  const wanted = [...new Set(codes.filter(Boolean))];
  if (wanted.length === 0) return;
  const found = await q.select({ code: sysArea.code }).from(sysArea).where(inArray(sysArea.code, wanted));
  const known = new Set(found.map((f) => f.code));
  const unknown = wanted.filter((c) => !known.has(c));
  if (unknown.length > 0) {
    throw badRequest(`区域代码不存在：${unknown.slice(0, 5).join('、')}`, [
      { field: 'areaCode', message: '区域代码不存在' },
    ]);
  }
}

/** `a、b、c 等 N 个` for messages that name what holds a record. */
export function nameSome(names: string[], max = 3): string {
  const shown = names.slice(0, max).join('、');
  return names.length > max ? `${shown} 等` : shown;
}

/** `"table"."column"`, qualified even where drizzle would leave a column bare (single-table selects). */
const qualified = (column: Column) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** `(select count(*) from <inner's table> where inner = outer)`, a per-row count for list columns. */
export const correlatedCount = (inner: Column, outer: Column) =>
  sql<number>`(select count(*) from ${inner.table} where ${qualified(inner)} = ${qualified(outer)})`.mapWith(
    Number,
  );

/** Roles held by each of the given users, ordered by role id. */
export async function rolesOfUsers(q: Queryable, userIds: number[]) {
  const byUser = new Map<number, { id: number; roleKey: string; name: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await q
    .select({ userId: sysUserRole.userId, id: sysRole.id, roleKey: sysRole.roleKey, name: sysRole.name })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(inArray(sysUserRole.userId, userIds))
    .orderBy(asc(sysRole.id));
  for (const { userId, ...role } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(role);
    byUser.set(userId, list);
  }
  return byUser;
}
