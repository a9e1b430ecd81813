import type { CallParsedInput, MenuTreeNode, menuCalls } from '@ec/contract';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { sysMenu } from '../../platform/db/tables.ts';
import { sentFields } from '../../platform/db/versioned.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { assertAdminsKeepRights, assertWithinOwnRights, nameSome, splitPerms } from './shared.ts';

type MenuRow = typeof sysMenu.$inferSelect;

const menuNode = (r: MenuRow): MenuTreeNode => ({
  id: r.id,
  parentId: r.parentId,
  name: r.name,
  url: r.url,
  icon: r.icon,
  sort: r.sort,
  hidden: r.hidden,
  type: r.type as MenuTreeNode['type'],
  perms: r.perms,
  children: [],
});

function menuTree(rows: MenuRow[]): MenuTreeNode[] {
  const byId = new Map(rows.map((r) => [r.id, menuNode(r)]));
  const roots: MenuTreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

const allMenus = (q: Queryable) => q.select().from(sysMenu).orderBy(asc(sysMenu.sort), asc(sysMenu.id));

/** The given menu ids with every ancestor, so that a granted page is reachable in the sidebar. */
export async function withAncestors(q: Queryable, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await q.select({ id: sysMenu.id, parentId: sysMenu.parentId }).from(sysMenu);
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const missing = ids.filter((id) => !parentOf.has(id));
  if (missing.length > 0) {
    throw badRequest(`菜单不存在：${missing.slice(0, 5).join('、')}`, [
      { field: 'menuIds', message: '菜单不存在' },
    ]);
  }
  const result = new Set<number>();
  for (const id of ids) {
    for (let at: number | null | undefined = id; at != null && !result.has(at); at = parentOf.get(at))
      result.add(at);
  }
  return [...result].sort((a, b) => a - b);
}

type Placement = { parentId: number | null; type: string; name: string };

/**
 * Saves, moves and deletes of menus take turns (a transaction-level lock): each checks the tree it
 * changes. They run in the call's transaction (their routes have `{ tx: true }`).
 */
const lockMenuTree = (db: Queryable) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('sys_menu tree'))`);

/** Refuses a parent link that would put a menu under itself or under a button. */
function checkPlacement(rows: Map<number, Placement>, id: number) {
  const seen = new Set<number>([id]);
  const node = rows.get(id)!;
  if (node.parentId !== null) {
    const parent = rows.get(node.parentId);
    if (!parent) throw badRequest('上级菜单不存在', [{ field: 'parentId', message: '上级菜单不存在' }]);
    if (parent.type === 'F') throw badRequest(`按钮「${parent.name}」下不能再添加菜单`);
  }
  for (let at = node.parentId; at !== null; at = rows.get(at)?.parentId ?? null) {
    if (seen.has(at)) throw conflict(`菜单「${node.name}」的上级不能是它自己或它的下级`);
    seen.add(at);
  }
}

export async function wholeMenuTree(db: Queryable) {
  return menuTree(await allMenus(db));
}

export async function saveMenu(db: Queryable, actor: AuthUser, sent: CallParsedInput<typeof menuCalls.save>) {
  // The placement check reads the tree this save changes: tree edits take turns.
  await lockMenuTree(db);
  const rows = new Map((await allMenus(db)).map((r) => [r.id, r]));
  const current = sent.id ? rows.get(sent.id) : undefined;
  if (sent.id && !current) throw notFound('菜单不存在');
  // A change keeps what the request does not send; a new entry starts at the root, first, shown.
  const input = {
    ...{ parentId: null as number | null, url: '', sort: 0, hidden: false, ...current },
    ...sentFields(sent),
    name: sent.name,
    type: sent.type,
  };
  const perms = splitPerms(input.perms).join(',') || null;
  if (input.type !== 'F' && !input.url) {
    throw badRequest('url：目录和页面的路由地址不能为空', [{ field: 'url', message: '路由地址不能为空' }]);
  }
  if (input.type === 'F' && !perms) {
    throw badRequest('perms：按钮的权限标识不能为空', [{ field: 'perms', message: '权限标识不能为空' }]);
  }
  if (input.type === 'F' && input.parentId === null) throw badRequest('按钮必须属于一个页面');
  // Changing what a button grants is granting: only within one's own rights, old and new.
  assertWithinOwnRights(actor, [...splitPerms(current?.perms), ...splitPerms(perms)]);
  if (current && input.type === 'F' && [...rows.values()].some((r) => r.parentId === current.id)) {
    throw conflict(`菜单「${current.name}」下还有子菜单，不能改为按钮`);
  }
  const values = {
    parentId: input.parentId,
    name: input.name,
    type: input.type,
    url: input.url,
    icon: input.icon || null,
    sort: input.sort,
    hidden: input.hidden,
    perms,
  };
  // Placement is checked on the tree as it would be after the save; 0 stands for a new entry.
  const id = sent.id ?? 0;
  const placement = new Map<number, Placement>(rows);
  placement.set(id, values);
  checkPlacement(placement, id);
  let saved: MenuRow;
  if (sent.id) {
    [saved] = await db.update(sysMenu).set(values).where(eq(sysMenu.id, sent.id)).returning();
  } else {
    [saved] = await db.insert(sysMenu).values(values).returning();
  }
  await assertAdminsKeepRights(db, actor);
  return menuNode(saved);
}

/** Moves and reorders menus; the tree must stay a tree. */
export async function sortMenus(
  db: Queryable,
  actor: AuthUser,
  { items }: CallParsedInput<typeof menuCalls.sort>,
) {
  await lockMenuTree(db);
  const rows = new Map((await allMenus(db)).map((r) => [r.id, r]));
  const missing = items.filter((i) => !rows.has(i.id)).map((i) => i.id);
  if (missing.length > 0) throw notFound(`菜单不存在：${missing.slice(0, 5).join('、')}`);
  for (const item of items)
    rows.set(item.id, { ...rows.get(item.id)!, parentId: item.parentId, sort: item.sort });
  for (const item of items) {
    const row = rows.get(item.id)!;
    if (row.type === 'F' && row.parentId === null) throw badRequest(`按钮「${row.name}」必须属于一个页面`);
    checkPlacement(rows, item.id);
  }
  for (const item of items) {
    await db.update(sysMenu).set({ parentId: item.parentId, sort: item.sort }).where(eq(sysMenu.id, item.id));
  }
  await assertAdminsKeepRights(db, actor);

  return null;
}

/** Deletes menus without children (other than those deleted with them). */
export async function deleteMenus(
  db: Queryable,
  actor: AuthUser,
  { ids }: CallParsedInput<typeof menuCalls.delete>,
) {
  const targets = await db.select().from(sysMenu).where(inArray(sysMenu.id, ids));
  if (targets.length !== new Set(ids).size) throw notFound('菜单不存在');
  const deleting = new Set(ids);
  for (const menu of targets) {
    const children = await db
      .select({ id: sysMenu.id, name: sysMenu.name })
      .from(sysMenu)
      .where(eq(sysMenu.parentId, menu.id));
    const kept = children.filter((c) => !deleting.has(c.id));
    if (kept.length > 0) {
      throw conflict(
        `菜单「${menu.name}」下还有 ${kept.length} 个子菜单（${nameSome(kept.map((c) => c.name))}），请先删除子菜单`,
      );
    }
  }
  assertWithinOwnRights(
    actor,
    targets.flatMap((t) => splitPerms(t.perms)),
  );

  await lockMenuTree(db);
  // Under the lock: a child added since the check above keeps its parent.
  const [child] = await db
    .select({ name: sysMenu.name })
    .from(sysMenu)
    .where(and(inArray(sysMenu.parentId, ids), notInArray(sysMenu.id, ids)))
    .limit(1);
  if (child) throw conflict(`菜单「${child.name}」的上级正要删除，请先删除子菜单`);
  await db.delete(sysMenu).where(inArray(sysMenu.id, ids));
  await assertAdminsKeepRights(db, actor);

  return null;
}
