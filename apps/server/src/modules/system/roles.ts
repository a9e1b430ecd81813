import type { CallParsedInput } from '@ec/contract';
import { type DataScope, formatDateTime, type roleCalls } from '@ec/contract';
import { and, asc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { refusingConflicts } from '../../platform/db/conflicts.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../platform/db/tables.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { withAncestors } from './menus.ts';
import {
  assertAdminsKeepRights,
  assertRolesOwnedBy,
  assertScopeWithinOwn,
  assertWithinOwnRights,
  correlatedCount,
  nameSome,
  permissionsOfRoles,
  splitPerms,
} from './shared.ts';

const userCount = correlatedCount(sysUserRole.roleId, sysRole.id).as('user_count');

function roleView(r: typeof sysRole.$inferSelect & { userCount: number }) {
  return {
    id: r.id,
    roleKey: r.roleKey,
    name: r.name,
    description: r.description,
    dataScope: r.dataScope as DataScope,
    roleType: r.roleType,
    permissions: r.permissions,
    status: r.status,
    builtIn: r.builtIn,
    userCount: r.userCount,
    createTime: formatDateTime(r.createdAt),
  };
}

export async function roleDetailOf(q: Queryable, id: number) {
  const [row] = await q.select({ role: sysRole, userCount }).from(sysRole).where(eq(sysRole.id, id));
  if (!row) throw notFound('角色不存在');
  const menus = await q
    .select({ id: sysRoleMenu.menuId })
    .from(sysRoleMenu)
    .where(eq(sysRoleMenu.roleId, id))
    .orderBy(asc(sysRoleMenu.menuId));
  return { ...roleView({ ...row.role, userCount: row.userCount }), menuIds: menus.map((m) => m.id) };
}

export async function listRoles(
  db: Queryable,
  { page, limit, name, roleKey, status }: CallParsedInput<typeof roleCalls.query>,
) {
  const filters: SQL[] = [];
  if (name) filters.push(ilike(sysRole.name, likePattern(name)));
  if (roleKey) filters.push(ilike(sysRole.roleKey, likePattern(roleKey)));
  if (status !== undefined) filters.push(eq(sysRole.status, status));
  const where = and(...filters);
  return paginate(
    db,
    { page, limit },
    (w) =>
      db
        .select({ role: sysRole, userCount })
        .from(sysRole)
        .where(where)
        .orderBy(asc(sysRole.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: sysRole, where },
    (r) => roleView({ ...r.role, userCount: r.userCount }),
  );
}

export async function saveRole(
  db: Queryable,
  actor: AuthUser,
  input: CallParsedInput<typeof roleCalls.save>,
) {
  const [clash] = await db
    .select({ id: sysRole.id })
    .from(sysRole)
    .where(and(eq(sysRole.roleKey, input.roleKey), input.id ? ne(sysRole.id, input.id) : undefined));
  if (clash) throw conflict(`角色标识 ${input.roleKey} 已存在`);
  // A change keeps what the request does not send (status, menus, permissions); a new role starts
  // enabled and empty.
  let kept = { status: 1, menuIds: [] as number[], permissions: [] as string[] };
  if (input.id) {
    const [current] = await db.select().from(sysRole).where(eq(sysRole.id, input.id));
    if (!current) throw notFound('角色不存在');
    const granted = await db
      .select({ menuId: sysRoleMenu.menuId })
      .from(sysRoleMenu)
      .where(eq(sysRoleMenu.roleId, input.id));
    kept = {
      status: current.status,
      menuIds: granted.map((g) => g.menuId),
      permissions: current.permissions,
    };
    // Accounts are created and registered with the built-in roles by their key.
    if (current.builtIn && current.roleKey !== input.roleKey) throw conflict('内置角色的标识不能修改');
    // Nobody edits a role that grants more than they hold.
    assertWithinOwnRights(actor, await permissionsOfRoles(db, [input.id]));
    assertScopeWithinOwn(actor, current.dataScope as DataScope);
  }
  // Nor makes one wider than they are: permissions (below) and data scope.
  assertScopeWithinOwn(actor, input.dataScope);
  const menuIds = await withAncestors(db, input.menuIds ?? kept.menuIds);
  const buttons =
    menuIds.length === 0
      ? []
      : await db.select({ perms: sysMenu.perms }).from(sysMenu).where(inArray(sysMenu.id, menuIds));
  const permissions = [...new Set(input.permissions ?? kept.permissions)];
  assertWithinOwnRights(actor, [...permissions, ...buttons.flatMap((b) => splitPerms(b.perms))]);

  const values = {
    roleKey: input.roleKey,
    name: input.name,
    description: input.description || null,
    dataScope: input.dataScope,
    roleType: input.roleType || null,
    status: input.status ?? kept.status,
    permissions,
  };
  return refusingConflicts(
    async () => {
      let id = input.id;
      if (id) {
        // Roles that other organisations' accounts hold are the platform administrator's.
        await assertRolesOwnedBy(db, actor, [id]);
        await db
          .update(sysRole)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(sysRole.id, id));
        await db.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, id));
      } else {
        const [created] = await db.insert(sysRole).values(values).returning({ id: sysRole.id });
        id = created.id;
      }
      if (menuIds.length > 0) {
        await db.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId: id, menuId })));
      }
      await assertAdminsKeepRights(db, actor);
      return roleDetailOf(db, id);
    },
    { unique: `角色标识 ${input.roleKey} 已存在` },
  );
}

/** Deletes roles nobody holds; built-in roles stay. */
export async function deleteRoles(
  db: Queryable,
  actor: AuthUser,
  { ids }: CallParsedInput<typeof roleCalls.delete>,
) {
  const roles = await db.select().from(sysRole).where(inArray(sysRole.id, ids));
  if (roles.length !== new Set(ids).size) throw notFound('角色不存在');
  const builtIn = roles.filter((r) => r.builtIn).map((r) => `「${r.name}」`);
  if (builtIn.length > 0) throw conflict(`内置角色不能删除：${builtIn.join('、')}`);
  for (const role of roles) {
    const holders = await db
      .select({ username: sysUser.username })
      .from(sysUserRole)
      .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
      .where(eq(sysUserRole.roleId, role.id))
      .orderBy(asc(sysUser.id));
    if (holders.length > 0) {
      throw conflict(
        `角色「${role.name}」仍有 ${holders.length} 名用户使用（${nameSome(holders.map((h) => h.username))}），请先为这些用户更换角色`,
      );
    }
  }
  assertWithinOwnRights(actor, await permissionsOfRoles(db, ids));
  for (const role of roles) assertScopeWithinOwn(actor, role.dataScope as DataScope);

  await assertRolesOwnedBy(db, actor, ids);
  await db.delete(sysRole).where(inArray(sysRole.id, ids));
  await assertAdminsKeepRights(db, actor);

  return null;
}
