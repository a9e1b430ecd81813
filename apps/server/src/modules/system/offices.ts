import type { CallParsedInput } from '@ec/contract';
import { maskPhone, type OfficeTreeNode, type officeCalls } from '@ec/contract';
import { and, asc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { refusingConflicts } from '../../platform/db/conflicts.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { sysOffice, sysUser } from '../../platform/db/tables.ts';
import { sentFields } from '../../platform/db/versioned.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { shownPhone, unmasked, type Viewer } from '../../platform/masking.ts';
import { assertAreasExist, correlatedCount, nameSome } from './shared.ts';

type OfficeRow = typeof sysOffice.$inferSelect & { userCount: number };

const userCount = correlatedCount(sysUser.officeId, sysOffice.id).as('user_count');

const officeView = (r: OfficeRow, viewer: Viewer) => ({
  id: r.id,
  parentId: r.parentId,
  name: r.name,
  code: r.code,
  areaCode: r.areaCode,
  leader: r.leader,
  phone: shownPhone(viewer, { officeId: r.id }, r.phone),
  sort: r.sort,
  status: r.status,
  userCount: r.userCount,
});

async function officesWhere(q: Queryable, where?: SQL) {
  const rows = await q
    .select({ office: sysOffice, userCount })
    .from(sysOffice)
    .where(where)
    .orderBy(asc(sysOffice.sort), asc(sysOffice.id));
  return rows.map((r) => ({ ...r.office, userCount: r.userCount }));
}

/** The signed-in user with its department: a department's members see its phone in full. */
async function viewerOf(q: Queryable, actor: AuthUser): Promise<Viewer> {
  const [row] = await q.select({ officeId: sysUser.officeId }).from(sysUser).where(eq(sysUser.id, actor.id));
  return { id: actor.id, companyId: actor.companyId, officeId: row?.officeId ?? null };
}

export async function officeDetailOf(q: Queryable, actor: AuthUser, id: number) {
  const [row] = await officesWhere(q, eq(sysOffice.id, id));
  if (!row) throw notFound('机构不存在');
  return officeView(row, await viewerOf(q, actor));
}

/**
 * Saves and deletes of offices take turns (a transaction-level lock): each checks the tree it
 * changes. They run in the call's transaction (their routes have `{ tx: true }`).
 */
const lockOfficeTree = (db: Queryable) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('sys_office tree'))`);

/** The offices as a tree; with a filter, a match whose parent did not match stands as a root. */
export async function officeTree(
  db: Queryable,
  actor: AuthUser,
  { name, status }: CallParsedInput<typeof officeCalls.tree>,
) {
  const filters: SQL[] = [];
  if (name) filters.push(ilike(sysOffice.name, likePattern(name)));
  if (status !== undefined) filters.push(eq(sysOffice.status, status));
  const rows = await officesWhere(db, and(...filters));
  const viewer = await viewerOf(db, actor);
  const byId = new Map<number, OfficeTreeNode>(
    rows.map((r) => [r.id, { ...officeView(r, viewer), children: [] }]),
  );
  const roots: OfficeTreeNode[] = [];
  // With a filter, a match whose parent did not match stands as a root.
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function saveOffice(
  db: Queryable,
  actor: AuthUser,
  sent: CallParsedInput<typeof officeCalls.save>,
) {
  // The parent check reads the tree this save changes: tree edits take turns.
  await lockOfficeTree(db);
  let current: typeof sysOffice.$inferSelect | undefined;
  if (sent.id) {
    [current] = await db.select().from(sysOffice).where(eq(sysOffice.id, sent.id));
    if (!current) throw notFound('机构不存在');
  }
  // A change keeps what the request does not send; a new office starts at the root, first, enabled.
  const input = {
    ...{ parentId: null as number | null, sort: 0, status: 1, ...current },
    ...sentFields(sent),
    name: sent.name,
  };
  const storedPhone = current?.phone ?? null;
  if (input.parentId !== null) {
    const all = await db.select({ id: sysOffice.id, parentId: sysOffice.parentId }).from(sysOffice);
    const parentOf = new Map(all.map((o) => [o.id, o.parentId]));
    if (!parentOf.has(input.parentId)) {
      throw badRequest('上级机构不存在', [{ field: 'parentId', message: '上级机构不存在' }]);
    }
    const seen = new Set<number>();
    for (
      let at: number | null | undefined = input.parentId;
      at != null && !seen.has(at);
      at = parentOf.get(at)
    ) {
      if (at === sent.id) throw conflict('上级机构不能是它自己或它的下级机构');
      seen.add(at);
    }
  }
  const code = input.code || null;
  if (code) {
    const [clash] = await db
      .select({ name: sysOffice.name })
      .from(sysOffice)
      .where(and(eq(sysOffice.code, code), sent.id ? ne(sysOffice.id, sent.id) : undefined));
    if (clash) throw conflict(`机构编码 ${code} 已被「${clash.name}」使用`);
  }
  if (input.areaCode) await assertAreasExist(db, [input.areaCode]);
  const values = {
    parentId: input.parentId,
    name: input.name,
    code,
    areaCode: input.areaCode || null,
    leader: input.leader || null,
    // The detail showed the phone masked: sent back unchanged, it keeps the stored number.
    phone: unmasked(input.phone, storedPhone, maskPhone, { name: 'phone', label: '联系电话' }) || null,
    sort: input.sort,
    status: input.status,
  };
  const id = await refusingConflicts(
    async () => {
      if (sent.id) {
        await db
          .update(sysOffice)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(sysOffice.id, sent.id));
        return sent.id;
      }
      const [created] = await db.insert(sysOffice).values(values).returning({ id: sysOffice.id });
      return created.id;
    },
    { unique: `机构编码 ${code} 已存在` },
  );
  return officeDetailOf(db, actor, id);
}

/** Deletes offices without sub-offices or members. */
export async function deleteOffices(db: Queryable, { ids }: CallParsedInput<typeof officeCalls.delete>) {
  // Under the tree lock no office is put beneath these; under their row locks no user moves in
  // (a user's office reference waits for them, then finds them gone).
  await lockOfficeTree(db);
  const targets = await db.select().from(sysOffice).where(inArray(sysOffice.id, ids)).for('update');
  if (targets.length !== new Set(ids).size) throw notFound('机构不存在');
  const deleting = new Set(ids);
  for (const office of targets) {
    const children = await db
      .select({ id: sysOffice.id, name: sysOffice.name })
      .from(sysOffice)
      .where(eq(sysOffice.parentId, office.id));
    const kept = children.filter((c) => !deleting.has(c.id));
    if (kept.length > 0) {
      throw conflict(
        `机构「${office.name}」下还有 ${kept.length} 个下级机构（${nameSome(kept.map((c) => c.name))}），请先删除下级机构`,
      );
    }
    const members = await db
      .select({ username: sysUser.username })
      .from(sysUser)
      .where(eq(sysUser.officeId, office.id))
      .orderBy(asc(sysUser.id));
    if (members.length > 0) {
      throw conflict(
        `机构「${office.name}」还有 ${members.length} 名用户（${nameSome(members.map((m) => m.username))}），请先将这些用户调出该机构`,
      );
    }
  }
  await db.delete(sysOffice).where(inArray(sysOffice.id, ids));

  return null;
}
