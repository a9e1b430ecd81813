import {
  type CallParsedInput,
  formatDateTime,
  PATROL_TARGET_KIND_LABEL,
  type PatrolContentRow,
  type PatrolTargetKind,
  type PatrolTemplateDetail,
  type PatrolTemplateRow,
  type patrolContentCalls,
  type patrolTemplateCalls,
} from '@ec/contract';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { refusingConflicts } from '../../platform/db/conflicts.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { STALE_MESSAGE } from '../../platform/workflow.ts';

type PatrolContentInput = CallParsedInput<typeof patrolContentCalls.save>;
type PatrolTemplateInput = CallParsedInput<typeof patrolTemplateCalls.save>;

import { patrolContent as c, patrolTemplateItem as ti, patrolTemplate as tp } from './tables.ts';

/*
 * 巡检内容 and 巡检模板: city-wide reference data (the platform and the regulators edit them). A save
 * of an existing row names the version the form showed; a stale one is 409. A content used by a
 * template is not deleted (the foreign key refuses it).
 */

const templateCount = sql<number>`(select count(*) from ${ti} where ${ti.contentId} = ${c.id})`.mapWith(
  Number,
);

function contentRow(r: typeof c.$inferSelect & { templateCount: number }): PatrolContentRow {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    appliesTo: r.appliesTo as PatrolTargetKind,
    appliesToLabel: PATROL_TARGET_KIND_LABEL[r.appliesTo as PatrolTargetKind] ?? r.appliesTo,
    requirement: r.requirement,
    enabled: r.enabled,
    templateCount: r.templateCount,
    version: r.version,
    updateTime: formatDateTime(r.updatedAt),
  };
}

export interface ContentFilters {
  page: number;
  limit: number;
  name?: string;
  category?: string;
  appliesTo?: PatrolTargetKind;
  enabled?: boolean;
}

export function listContents(q: Queryable, f: ContentFilters) {
  const where = and(
    f.name ? ilike(c.name, likePattern(f.name)) : undefined,
    f.category ? eq(c.category, f.category) : undefined,
    f.appliesTo ? eq(c.appliesTo, f.appliesTo) : undefined,
    f.enabled !== undefined ? eq(c.enabled, f.enabled) : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      q
        .select({ ...getColumns(), templateCount })
        .from(c)
        .where(where)
        .orderBy(asc(c.appliesTo), asc(c.category), asc(c.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: c, where },
    contentRow,
  );
}

const getColumns = () => ({
  id: c.id,
  name: c.name,
  category: c.category,
  appliesTo: c.appliesTo,
  requirement: c.requirement,
  enabled: c.enabled,
  version: c.version,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

async function contentById(q: Queryable, id: number) {
  const [row] = await q
    .select({ ...getColumns(), templateCount })
    .from(c)
    .where(eq(c.id, id));
  if (!row) throw notFound('巡检内容不存在');
  return contentRow(row);
}

const DUPLICATE_CONTENT = '同一适用对象下已有同名的检查内容';

export async function saveContent(q: Queryable, v: PatrolContentInput) {
  const values = {
    name: v.name,
    category: v.category,
    appliesTo: v.appliesTo,
    requirement: v.requirement ?? null,
    enabled: v.enabled ?? true,
  };
  if (v.id === undefined) {
    const [row] = await refusingConflicts(() => q.insert(c).values(values).returning({ id: c.id }), {
      unique: DUPLICATE_CONTENT,
    });
    return contentById(q, row.id);
  }
  if (v.version === undefined)
    throw badRequest('请提供版本号', [{ field: 'version', message: '缺少版本号' }]);
  const id = v.id;
  // Locked before the templates using it are counted: a template saved meanwhile reads the content
  // `for share` (saveTemplate), so either its item is counted here or it reads the new applies-to.
  const [current] = await q.select({ appliesTo: c.appliesTo }).from(c).where(eq(c.id, id)).for('update');
  if (!current) throw notFound('巡检内容不存在');
  if (current.appliesTo !== v.appliesTo) {
    const [used] = await q
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ti)
      .where(eq(ti.contentId, id));
    if (used.n > 0) throw conflict('该检查内容已被模板使用，不能更改适用对象');
  }
  const rows = await refusingConflicts(
    () =>
      q
        .update(c)
        .set({ ...values, version: sql`${c.version} + 1`, updatedAt: new Date() })
        .where(and(eq(c.id, id), eq(c.version, v.version as number)))
        .returning({ id: c.id }),
    { unique: DUPLICATE_CONTENT },
  );
  if (rows.length === 0) throw conflict(STALE_MESSAGE);
  return contentById(q, id);
}

export async function deleteContents(q: Queryable, ids: number[]) {
  // The foreign key keeps a used content (a template added meanwhile); this says which, in Chinese.
  const used = await q
    .select({ name: c.name })
    .from(c)
    .where(and(inArray(c.id, ids), sql`exists (select 1 from ${ti} where ${ti.contentId} = ${c.id})`))
    .limit(1);
  if (used.length > 0) throw conflict(`检查内容「${used[0].name}」已被巡检模板使用，请先从模板中移除`);
  const rows = await q.delete(c).where(inArray(c.id, ids)).returning({ id: c.id });
  return { deleted: rows.length };
}

// ---------------------------------------------------------------- templates

const itemCount = sql<number>`(select count(*) from ${ti} where ${ti.templateId} = ${tp.id})`.mapWith(Number);

function templateRow(r: typeof tp.$inferSelect & { itemCount: number }): PatrolTemplateRow {
  return {
    id: r.id,
    name: r.name,
    targetKind: r.targetKind as PatrolTargetKind,
    targetKindLabel: PATROL_TARGET_KIND_LABEL[r.targetKind as PatrolTargetKind] ?? r.targetKind,
    remark: r.remark,
    enabled: r.enabled,
    itemCount: r.itemCount,
    version: r.version,
    updateTime: formatDateTime(r.updatedAt),
  };
}

export interface TemplateFilters {
  page: number;
  limit: number;
  name?: string;
  targetKind?: PatrolTargetKind;
  enabled?: boolean;
}

export function listTemplates(q: Queryable, f: TemplateFilters) {
  const where: SQL | undefined = and(
    f.name ? ilike(tp.name, likePattern(f.name)) : undefined,
    f.targetKind ? eq(tp.targetKind, f.targetKind) : undefined,
    f.enabled !== undefined ? eq(tp.enabled, f.enabled) : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      q
        .select({
          id: tp.id,
          name: tp.name,
          targetKind: tp.targetKind,
          remark: tp.remark,
          enabled: tp.enabled,
          version: tp.version,
          createdAt: tp.createdAt,
          updatedAt: tp.updatedAt,
          itemCount,
        })
        .from(tp)
        .where(where)
        .orderBy(desc(tp.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: tp, where },
    templateRow,
  );
}

/** A template's items in order, as a task copies them. */
export function templateItems(q: Queryable, templateId: number) {
  return q
    .select({ contentId: c.id, seq: ti.seq, name: c.name, category: c.category, requirement: c.requirement })
    .from(ti)
    .innerJoin(c, eq(c.id, ti.contentId))
    .where(eq(ti.templateId, templateId))
    .orderBy(asc(ti.seq), asc(c.id));
}

export async function templateDetail(q: Queryable, id: number): Promise<PatrolTemplateDetail> {
  const [row] = await q
    .select({
      id: tp.id,
      name: tp.name,
      targetKind: tp.targetKind,
      remark: tp.remark,
      enabled: tp.enabled,
      version: tp.version,
      createdAt: tp.createdAt,
      updatedAt: tp.updatedAt,
      itemCount,
    })
    .from(tp)
    .where(eq(tp.id, id));
  if (!row) throw notFound('巡检模板不存在');
  return { ...templateRow(row), items: await templateItems(q, id) };
}

export async function saveTemplate(q: Queryable, v: PatrolTemplateInput) {
  const ids = v.contentIds.map(Number);
  if (new Set(ids).size !== ids.length)
    throw badRequest('模板中的检查内容不能重复', [{ field: 'contentIds', message: '检查内容重复' }]);
  // Held until the items are written (in id order): a content's applies-to or state cannot change
  // between this check and the template's items (saveContent locks it `for update`).
  const found = await q
    .select({ id: c.id, appliesTo: c.appliesTo, enabled: c.enabled })
    .from(c)
    .where(inArray(c.id, ids))
    .orderBy(asc(c.id))
    .for('share');
  const wrong = ids.find((id) => {
    const f = found.find((x) => x.id === id);
    return !f || f.appliesTo !== v.targetKind || !f.enabled;
  });
  if (wrong !== undefined)
    throw badRequest(`检查内容 ${wrong} 不存在、已停用或不适用于${PATROL_TARGET_KIND_LABEL[v.targetKind]}`, [
      { field: 'contentIds', message: '检查内容与适用对象不符' },
    ]);
  const values = {
    name: v.name,
    targetKind: v.targetKind,
    remark: v.remark ?? null,
    enabled: v.enabled ?? true,
  };
  let id: number;
  if (v.id === undefined) {
    [{ id }] = await q.insert(tp).values(values).returning({ id: tp.id });
  } else {
    if (v.version === undefined)
      throw badRequest('请提供版本号', [{ field: 'version', message: '缺少版本号' }]);
    const rows = await q
      .update(tp)
      .set({ ...values, version: sql`${tp.version} + 1`, updatedAt: new Date() })
      .where(and(eq(tp.id, v.id), eq(tp.version, v.version)))
      .returning({ id: tp.id });
    if (rows.length === 0) {
      const [exists] = await q.select({ id: tp.id }).from(tp).where(eq(tp.id, v.id));
      if (!exists) throw notFound('巡检模板不存在');
      throw conflict(STALE_MESSAGE);
    }
    id = v.id;
    await q.delete(ti).where(eq(ti.templateId, id));
  }
  await q.insert(ti).values(ids.map((contentId, seq) => ({ templateId: id, contentId, seq: seq + 1 })));
  return templateDetail(q, id);
}

export async function deleteTemplates(q: Queryable, ids: number[]) {
  const rows = await q.delete(tp).where(inArray(tp.id, ids)).returning({ id: tp.id });
  return { deleted: rows.length };
}
