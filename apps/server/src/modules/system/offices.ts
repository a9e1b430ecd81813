import { maskPhone, type OfficeTreeNode, officeCalls } from '@ec/contract';
import { and, asc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { sysOffice, sysUser } from '../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { implement } from '../../platform/http/implement.ts';
import { assertAreasExist, correlatedCount, nameSome, refusingConflicts } from './shared.ts';

type OfficeRow = typeof sysOffice.$inferSelect & { userCount: number };

const userCount = correlatedCount(sysUser.officeId, sysOffice.id).as('user_count');

const officeView = (r: OfficeRow, fullPhone: boolean) => ({
  id: r.id,
  parentId: r.parentId,
  name: r.name,
  code: r.code,
  areaCode: r.areaCode,
  leader: r.leader,
  phone: fullPhone ? r.phone : r.phone && maskPhone(r.phone),
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

async function officeDetailOf(q: Queryable, id: number) {
  const [row] = await officesWhere(q, eq(sysOffice.id, id));
  if (!row) throw notFound('机构不存在');
  return officeView(row, true);
}

export const officeRoutes = [
  implement(officeCalls.tree, async ({ name, status }, { platform: { db } }) => {
    const filters: SQL[] = [];
    if (name) filters.push(ilike(sysOffice.name, likePattern(name)));
    if (status !== undefined) filters.push(eq(sysOffice.status, status));
    const rows = await officesWhere(db, and(...filters));
    const byId = new Map<number, OfficeTreeNode>(
      rows.map((r) => [r.id, { ...officeView(r, false), children: [] }]),
    );
    const roots: OfficeTreeNode[] = [];
    // With a filter, a match whose parent did not match stands as a root.
    for (const node of byId.values()) {
      const parent = node.parentId === null ? undefined : byId.get(node.parentId);
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }),

  implement(officeCalls.detail, ({ id }, { platform: { db } }) => officeDetailOf(db, id)),

  implement(officeCalls.save, async (input, { platform: { db } }) => {
    if (input.id) {
      const [current] = await db
        .select({ id: sysOffice.id })
        .from(sysOffice)
        .where(eq(sysOffice.id, input.id));
      if (!current) throw notFound('机构不存在');
    }
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
        if (at === input.id) throw conflict('上级机构不能是它自己或它的下级机构');
        seen.add(at);
      }
    }
    const code = input.code || null;
    if (code) {
      const [clash] = await db
        .select({ name: sysOffice.name })
        .from(sysOffice)
        .where(and(eq(sysOffice.code, code), input.id ? ne(sysOffice.id, input.id) : undefined));
      if (clash) throw conflict(`机构编码 ${code} 已被「${clash.name}」使用`);
    }
    if (input.areaCode) await assertAreasExist(db, [input.areaCode]);
    const values = {
      parentId: input.parentId,
      name: input.name,
      code,
      areaCode: input.areaCode || null,
      leader: input.leader || null,
      phone: input.phone || null,
      sort: input.sort,
      status: input.status,
    };
    const id = await refusingConflicts(
      async () => {
        if (input.id) {
          await db
            .update(sysOffice)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(sysOffice.id, input.id));
          return input.id;
        }
        const [created] = await db.insert(sysOffice).values(values).returning({ id: sysOffice.id });
        return created.id;
      },
      { unique: `机构编码 ${code} 已存在` },
    );
    return officeDetailOf(db, id);
  }),

  implement(officeCalls.delete, async ({ ids }, { platform: { db } }) => {
    const targets = await db.select().from(sysOffice).where(inArray(sysOffice.id, ids));
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
  }),
];
