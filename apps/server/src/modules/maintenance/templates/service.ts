/**
 * 维保内容 and 维保项目: the checklist templates (TSG T5002-2017 appendices) as data. Every change of
 * a template or of one of its items raises the template's version in one atomic UPDATE and stores
 * that version's items, so an order keeps the exact checklist it was made with (its content id and
 * version) however the template changes later.
 */
import {
  APPENDICES,
  type Appendix,
  type CallParsedInput,
  formatDateTime,
  MAINTENANCE_KINDS,
  type maintenanceContentCalls,
  type maintenanceItemCalls,
  type Page,
  type TemplateDetail,
  type TemplateItem,
  type TemplateRow,
} from '@ec/contract';
import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { STALE_MESSAGE } from '../../../platform/workflow.ts';
import {
  maintenanceContent,
  maintenanceContentItem,
  maintenanceContentVersion,
  type maintenanceOrder,
  type StoredItem,
} from '../tables.ts';
import { TSG_T5002 } from './tsg-t5002.ts';

type Content = typeof maintenanceContent.$inferSelect;
type Item = typeof maintenanceContentItem.$inferSelect;

const kindLabel = (k: number) => MAINTENANCE_KINDS[k as 1] ?? String(k);

// Correlated subqueries name their tables in full: drizzle leaves a column unqualified in a select
// from one table, and an unqualified "id" inside the subquery would be the subquery's own.
const itemCounts = sql<
  Record<string, number>
>`(select coalesce(jsonb_object_agg(c.kind::text, c.n), '{}'::jsonb)
  from (select i.kind, count(*)::int as n from maintenance_content_item i
        where i.content_id = "maintenance_content"."id" group by 1) c)`;
const planCount = sql<number>`(select count(*) from maintenance_plan p
  where p.content_id = "maintenance_content"."id")`.mapWith(Number);

function toRow(c: Content, counts: Record<string, number>, plans: number): TemplateRow {
  return {
    id: c.id,
    name: c.name,
    appendix: c.appendix,
    appendixLabel: APPENDICES[c.appendix as Appendix] ?? c.appendix,
    enabled: c.enabled,
    remark: c.remark,
    version: c.version,
    itemCounts: { 1: counts['1'] ?? 0, 2: counts['2'] ?? 0, 3: counts['3'] ?? 0, 4: counts['4'] ?? 0 },
    planCount: plans,
    updateTime: formatDateTime(c.updatedAt),
  };
}

export function toItem(i: Item): TemplateItem {
  return {
    id: i.id,
    contentId: i.contentId,
    kind: i.kind,
    kindLabel: kindLabel(i.kind),
    seq: i.seq,
    name: i.name,
    requirement: i.requirement,
    measured: i.measured,
    unit: i.unit,
    seasonWindow: i.seasonWindow,
    version: i.version,
  };
}

export async function listTemplates(
  db: Queryable,
  f: CallParsedInput<typeof maintenanceContentCalls.queryList>,
): Promise<Page<TemplateRow>> {
  const where = and(
    f.name ? ilike(maintenanceContent.name, likePattern(f.name)) : undefined,
    f.appendix ? eq(maintenanceContent.appendix, f.appendix) : undefined,
  );
  return paginate(
    db,
    f,
    (w) =>
      db
        .select({ c: maintenanceContent, counts: itemCounts, plans: planCount })
        .from(maintenanceContent)
        .where(where)
        .orderBy(asc(maintenanceContent.appendix), asc(maintenanceContent.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: maintenanceContent, where },
    (r) => toRow(r.c, r.counts, r.plans),
  );
}

async function templateRow(db: Queryable, id: number): Promise<TemplateRow> {
  const [r] = await db
    .select({ c: maintenanceContent, counts: itemCounts, plans: planCount })
    .from(maintenanceContent)
    .where(eq(maintenanceContent.id, id));
  if (!r) throw notFound('维保内容不存在');
  return toRow(r.c, r.counts, r.plans);
}

const itemsOfContent = (db: Queryable, contentId: number) =>
  db
    .select()
    .from(maintenanceContentItem)
    .where(eq(maintenanceContentItem.contentId, contentId))
    .orderBy(
      asc(maintenanceContentItem.kind),
      asc(maintenanceContentItem.seq),
      asc(maintenanceContentItem.id),
    );

export async function templateDetail(db: Queryable, id: number): Promise<TemplateDetail> {
  const row = await templateRow(db, id);
  const items = await itemsOfContent(db, id);
  const versions = await db
    .select({
      version: maintenanceContentVersion.version,
      itemCount: sql<number>`jsonb_array_length(${maintenanceContentVersion.items})`.mapWith(Number),
      createdAt: maintenanceContentVersion.createdAt,
    })
    .from(maintenanceContentVersion)
    .where(eq(maintenanceContentVersion.contentId, id))
    .orderBy(desc(maintenanceContentVersion.version));
  return {
    ...row,
    items: items.map(toItem),
    versions: versions.map((v) => ({
      version: v.version,
      itemCount: v.itemCount,
      createTime: formatDateTime(v.createdAt),
    })),
  };
}

/** An item as a template version stores it (no result yet). */
export const snapshotItem = (i: Item): StoredItem => ({
  itemId: i.id,
  seq: i.seq,
  name: i.name,
  kind: i.kind,
  requirement: i.requirement,
  measured: i.measured,
  unit: i.unit,
  result: null,
  value: null,
  note: null,
});

/**
 * Raises a template's version (one atomic UPDATE, so concurrent edits get consecutive versions) and
 * stores the items of the new version. `expected` pins the version the editor saw.
 */
async function newVersion(db: Queryable, contentId: number, set: Partial<Content> = {}, expected?: number) {
  const [c] = await db
    .update(maintenanceContent)
    .set({ ...set, version: sql`${maintenanceContent.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(maintenanceContent.id, contentId),
        expected === undefined ? undefined : eq(maintenanceContent.version, expected),
      ),
    )
    .returning();
  if (!c) {
    const [exists] = await db
      .select({ id: maintenanceContent.id })
      .from(maintenanceContent)
      .where(eq(maintenanceContent.id, contentId));
    if (!exists) throw notFound('维保内容不存在');
    throw conflict(STALE_MESSAGE);
  }
  const items = await itemsOfContent(db, contentId);
  await db
    .insert(maintenanceContentVersion)
    .values({ contentId, version: c.version, name: c.name, items: items.map(snapshotItem) });
  return c;
}

export async function addTemplate(db: Queryable, f: CallParsedInput<typeof maintenanceContentCalls.add>) {
  const [c] = await db
    .insert(maintenanceContent)
    .values({ name: f.name, appendix: f.appendix, enabled: f.enabled ?? true, remark: f.remark ?? null })
    .returning();
  await db
    .insert(maintenanceContentVersion)
    .values({ contentId: c.id, version: c.version, name: c.name, items: [] });
  return templateRow(db, c.id);
}

export async function updateTemplate(
  db: Queryable,
  f: CallParsedInput<typeof maintenanceContentCalls.update>,
) {
  await newVersion(
    db,
    f.id,
    { name: f.name, appendix: f.appendix, enabled: f.enabled ?? true, remark: f.remark ?? null },
    f.version,
  );
  return templateRow(db, f.id);
}

/**
 * Deletes templates that no plan and no order uses (an order keeps the version it was made with). The
 * check names the template; a plan made meanwhile is refused by its foreign key all the same.
 */
export async function deleteTemplates(db: Queryable, ids: number[]) {
  const usedBy = (table: 'maintenance_plan' | 'maintenance_order') =>
    db
      .select({ name: maintenanceContent.name })
      .from(maintenanceContent)
      .where(
        and(
          inArray(maintenanceContent.id, ids),
          sql`exists (select 1 from ${sql.identifier(table)} u where u.content_id = "maintenance_content"."id")`,
        ),
      )
      .limit(1);
  const [planned] = await usedBy('maintenance_plan');
  if (planned) throw conflict(`维保内容「${planned.name}」正被维保计划使用，不能删除（可停用）`);
  const [ordered] = await usedBy('maintenance_order');
  if (ordered) throw conflict(`维保内容「${ordered.name}」已有维保工单按它生成，不能删除（可停用）`);
  const deleted = await refusingConflicts(
    () =>
      db
        .delete(maintenanceContent)
        .where(inArray(maintenanceContent.id, ids))
        .returning({ id: maintenanceContent.id }),
    // A plan or an order made between the reads above and this delete: the foreign keys (RESTRICT
    // for orders, migration 0030) refuse it.
    { foreignKey: '维保内容正被维保计划或维保工单使用，不能删除（可停用）' },
  );
  return { deleted: deleted.length };
}

export async function listItems(db: Queryable, f: CallParsedInput<typeof maintenanceItemCalls.queryList>) {
  const where = and(
    f.contentId ? eq(maintenanceContentItem.contentId, f.contentId) : undefined,
    f.kind ? eq(maintenanceContentItem.kind, f.kind) : undefined,
    f.name ? ilike(maintenanceContentItem.name, likePattern(f.name)) : undefined,
  );
  return paginate(
    db,
    f,
    (w) =>
      db
        .select()
        .from(maintenanceContentItem)
        .where(where)
        .orderBy(
          asc(maintenanceContentItem.contentId),
          asc(maintenanceContentItem.kind),
          asc(maintenanceContentItem.seq),
          asc(maintenanceContentItem.id),
        )
        .limit(w.limit)
        .offset(w.offset),
    { from: maintenanceContentItem, where },
    toItem,
  );
}

export async function itemDetail(db: Queryable, id: number) {
  const [i] = await db.select().from(maintenanceContentItem).where(eq(maintenanceContentItem.id, id));
  if (!i) throw notFound('维保项目不存在');
  return toItem(i);
}

type ItemInput = CallParsedInput<typeof maintenanceItemCalls.add>;
const itemValues = (f: ItemInput) => ({
  contentId: f.contentId,
  kind: f.kind,
  seq: f.seq ?? 0,
  name: f.name,
  requirement: f.requirement ?? null,
  measured: f.measured ?? false,
  unit: f.unit ?? null,
  seasonWindow: f.seasonWindow ?? null,
});

export async function addItem(db: Queryable, f: ItemInput) {
  const [content] = await db
    .select({ id: maintenanceContent.id })
    .from(maintenanceContent)
    .where(eq(maintenanceContent.id, f.contentId))
    .for('update');
  if (!content) throw notFound('维保内容不存在');
  const [i] = await db.insert(maintenanceContentItem).values(itemValues(f)).returning();
  await newVersion(db, f.contentId);
  return toItem(i);
}

export async function updateItem(db: Queryable, f: CallParsedInput<typeof maintenanceItemCalls.update>) {
  const [i] = await db
    .update(maintenanceContentItem)
    .set({ ...itemValues(f), version: sql`${maintenanceContentItem.version} + 1` })
    .where(
      and(
        eq(maintenanceContentItem.id, f.id),
        eq(maintenanceContentItem.version, f.version),
        eq(maintenanceContentItem.contentId, f.contentId),
      ),
    )
    .returning();
  if (!i) {
    await itemDetail(db, f.id);
    throw conflict(STALE_MESSAGE);
  }
  await newVersion(db, i.contentId);
  return toItem(i);
}

export async function deleteItems(db: Queryable, ids: number[]) {
  const deleted = await db
    .delete(maintenanceContentItem)
    .where(inArray(maintenanceContentItem.id, ids))
    .returning({ contentId: maintenanceContentItem.contentId });
  for (const contentId of [...new Set(deleted.map((d) => d.contentId))].sort((a, b) => a - b))
    await newVersion(db, contentId);
  return { deleted: deleted.length };
}

/**
 * The checklist of an order: its template version's items up to its kind (a quarterly visit does
 * the half-month items too), as the order stores them before results are entered.
 */
export async function templateItemsFor(
  db: Queryable,
  o: Pick<typeof maintenanceOrder.$inferSelect, 'contentId' | 'contentVersion' | 'kind'>,
): Promise<StoredItem[]> {
  if (!o.contentId || !o.contentVersion) return [];
  const [v] = await db
    .select({ items: maintenanceContentVersion.items })
    .from(maintenanceContentVersion)
    .where(
      and(
        eq(maintenanceContentVersion.contentId, o.contentId),
        eq(maintenanceContentVersion.version, o.contentVersion),
      ),
    );
  return (v?.items ?? []).filter((i) => i.kind <= o.kind);
}

/** The enabled template for an appendix (the newest), for a new plan's default. */
export async function defaultTemplate(db: Queryable, appendix: Appendix) {
  const [c] = await db
    .select({ id: maintenanceContent.id, version: maintenanceContent.version })
    .from(maintenanceContent)
    .where(and(eq(maintenanceContent.appendix, appendix), eq(maintenanceContent.enabled, true)))
    .orderBy(desc(maintenanceContent.id))
    .limit(1);
  return c ?? null;
}

/**
 * The seeded template of an appendix (the first of its name) if it still holds its half-month
 * items only: upgradeTemplates' candidate. `lock` row-locks it for the upgrade.
 */
async function halfMonthOnly(q: Queryable, t: (typeof TSG_T5002)[number], lock: boolean) {
  const first = q
    .select({ id: maintenanceContent.id })
    .from(maintenanceContent)
    .where(and(eq(maintenanceContent.appendix, t.appendix), eq(maintenanceContent.name, t.name)))
    .orderBy(asc(maintenanceContent.id))
    .limit(1);
  const [c] = lock ? await first.for('update') : await first;
  if (!c) return null;
  const items = await itemsOfContent(q, c.id);
  if (items.length === 0 || items.some((i) => i.kind > 1)) return null;
  return { id: c.id, last: Math.max(...items.map((i) => i.seq)) };
}

/**
 * Appendices B and C were first seeded with their half-month items only. On an installation made
 * then, their seeded templates get the quarter, half-year and year items of TSG_T5002 as a new
 * version: the older versions, and the orders made with them, stay as they were. Run on every start:
 * a plain read first (once done, or on an installation seeded complete, that is all a start costs);
 * a template still to upgrade is read again under its row lock in a transaction (nodes starting at
 * once add them once). A template that has an item of a longer interval already (an administrator
 * added some) or that was renamed is left alone.
 */
export async function upgradeTemplates(db: Db): Promise<number> {
  let added = 0;
  for (const t of TSG_T5002) {
    if (t.appendix !== 'B' && t.appendix !== 'C') continue;
    if (!(await halfMonthOnly(db, t, false))) continue;
    const longer = t.items.filter((i) => i.kind > 1);
    added += await db.transaction(async (tx) => {
      const c = await halfMonthOnly(tx, t, true);
      if (!c) return 0;
      await tx.insert(maintenanceContentItem).values(
        longer.map((i, k) => ({
          contentId: c.id,
          kind: i.kind,
          seq: c.last + k + 1,
          name: i.name,
          requirement: i.requirement ?? null,
          measured: Boolean(i.unit),
          unit: i.unit ?? null,
          seasonWindow: i.season ?? null,
        })),
      );
      await newVersion(tx, c.id, { remark: t.remark });
      return longer.length;
    });
  }
  return added;
}
