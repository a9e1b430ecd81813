import {
  formatDateTime,
  type InspectionItemRow,
  LIFT_VARIETIES,
  LIFT_VARIETY_LABEL,
  type VarietyTree,
} from '@ec/contract';
import { and, asc, count, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { notFound } from '../../../platform/errors.ts';
import { assertOwnOrg, orgScope, ownOrg } from '../scope.ts';
import { STANDARD_ITEMS } from './standard.ts';
import { inspectionItem, inspectionItemVariety } from './tables.ts';

/*
 * 检验项目: an organisation's item catalogue and the varieties each item applies to. Reads in the
 * organisation scope (scope.ts), writes by the organisation's own accounts only; another
 * organisation's item is 404, a visible one the user may not change 403.
 */

const WHAT = '检验项目';
const NOT_FOUND = '检验项目不存在或无权访问';
const DUPLICATE_CODE = (code: string) => `项目编号「${code}」已存在`;

const varietiesOf = sql<
  string[]
>`coalesce((select array_agg(${inspectionItemVariety.variety} order by ${inspectionItemVariety.variety}) from ${inspectionItemVariety} where ${inspectionItemVariety.itemId} = ${inspectionItem.id}), '{}')`;

const itemSelect = {
  item: inspectionItem,
  orgName: enterprise.name,
  varieties: varietiesOf,
};

type ItemSelected = { item: typeof inspectionItem.$inferSelect; orgName: string; varieties: string[] };

const itemView = (r: ItemSelected): InspectionItemRow => ({
  id: r.item.id,
  orgId: r.item.orgId,
  orgName: r.orgName,
  code: r.item.code,
  category: r.item.category,
  name: r.item.name,
  content: r.item.content,
  method: r.item.method,
  keyItem: r.item.keyItem,
  sort: r.item.sort,
  varieties: r.varieties ?? [],
  version: r.item.version,
  updateTime: formatDateTime(r.item.updatedAt),
});

const itemQuery = (q: Queryable) =>
  q.select(itemSelect).from(inspectionItem).innerJoin(enterprise, eq(enterprise.id, inspectionItem.orgId));

/** By the sort number, then the code. */
const itemOrder = [asc(inspectionItem.sort), asc(inspectionItem.code), asc(inspectionItem.id)];

const hasVariety = (variety: string) =>
  sql`exists (select 1 from ${inspectionItemVariety} where ${inspectionItemVariety.itemId} = ${inspectionItem.id} and ${inspectionItemVariety.variety} = ${variety})`;
const noVariety = sql`not exists (select 1 from ${inspectionItemVariety} where ${inspectionItemVariety.itemId} = ${inspectionItem.id})`;

export function listItems(
  q: Queryable,
  user: AuthUser,
  f: {
    page: number;
    limit: number;
    orgId?: number;
    variety?: string;
    unassigned?: boolean;
    category?: string;
    keyItem?: boolean;
    keyword?: string;
  },
) {
  const where = and(
    orgScope(user, inspectionItem.orgId),
    f.orgId ? eq(inspectionItem.orgId, f.orgId) : undefined,
    f.variety ? hasVariety(f.variety) : undefined,
    f.unassigned ? noVariety : undefined,
    f.category ? eq(inspectionItem.category, f.category) : undefined,
    f.keyItem !== undefined ? eq(inspectionItem.keyItem, f.keyItem) : undefined,
    f.keyword
      ? or(
          ilike(inspectionItem.name, likePattern(f.keyword)),
          ilike(inspectionItem.code, likePattern(f.keyword)),
          ilike(inspectionItem.content, likePattern(f.keyword)),
        )
      : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      itemQuery(q)
        .where(where)
        .orderBy(...itemOrder)
        .limit(w.limit)
        .offset(w.offset),
    { from: inspectionItem, where },
    itemView,
  );
}

async function itemRows(q: Queryable, where: SQL | undefined) {
  return (
    await itemQuery(q)
      .where(where)
      .orderBy(...itemOrder)
  ).map(itemView);
}

export async function itemDetail(q: Queryable, user: AuthUser, id: number): Promise<InspectionItemRow> {
  const [row] = await itemRows(q, and(eq(inspectionItem.id, id), orgScope(user, inspectionItem.orgId)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Items by id that the user may change: every one visible (else 404) and its own (else 403). */
async function editableItems(q: Queryable, user: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await q
    .select({ id: inspectionItem.id, orgId: inspectionItem.orgId })
    .from(inspectionItem)
    .where(and(inArray(inspectionItem.id, unique), orgScope(user, inspectionItem.orgId)));
  if (rows.length !== unique.length) throw notFound(NOT_FOUND);
  assertOwnOrg(
    user,
    rows.map((r) => r.orgId),
    WHAT,
  );
  return unique;
}

interface ItemInput {
  code: string;
  category: string;
  name: string;
  content?: string | null;
  method: string;
  keyItem: boolean;
  sort: number;
}

const itemValues = (f: ItemInput) => ({
  code: f.code,
  category: f.category,
  name: f.name,
  content: f.content || null,
  method: f.method,
  keyItem: f.keyItem,
  sort: f.sort,
});

export async function addItem(q: Queryable, user: AuthUser, f: ItemInput & { varieties: string[] }) {
  const orgId = ownOrg(user, WHAT);
  const [row] = await refusingConflicts(
    () =>
      q
        .insert(inspectionItem)
        .values({ orgId, ...itemValues(f) })
        .returning({ id: inspectionItem.id }),
    { unique: DUPLICATE_CODE(f.code) },
  );
  if (f.varieties.length > 0)
    await q.insert(inspectionItemVariety).values(f.varieties.map((variety) => ({ itemId: row.id, variety })));
  return itemDetail(q, user, row.id);
}

export async function updateItem(
  q: Queryable,
  user: AuthUser,
  f: ItemInput & { id: number; version: number },
) {
  await editableItems(q, user, [f.id]);
  await refusingConflicts(
    () =>
      versionedUpdate(q, inspectionItem, eq(inspectionItem.id, f.id), f.version, {
        ...itemValues(f),
        updatedAt: new Date(),
      }),
    { unique: DUPLICATE_CODE(f.code) },
  );
  return itemDetail(q, user, f.id);
}

export async function deleteItems(q: Queryable, user: AuthUser, ids: number[]) {
  const unique = await editableItems(q, user, ids);
  const deleted = await q
    .delete(inspectionItem)
    .where(inArray(inspectionItem.id, unique))
    .returning({ id: inspectionItem.id });
  return { deleted: deleted.length };
}

/** Makes the items apply to exactly `varieties` (others removed, missing ones added). */
export async function setVarieties(q: Queryable, user: AuthUser, ids: number[], varieties: string[]) {
  const unique = await editableItems(q, user, ids);
  await q
    .delete(inspectionItemVariety)
    .where(
      and(
        inArray(inspectionItemVariety.itemId, unique),
        varieties.length > 0 ? notInArray(inspectionItemVariety.variety, varieties) : undefined,
      ),
    );
  if (varieties.length > 0)
    await q
      .insert(inspectionItemVariety)
      .values(unique.flatMap((itemId) => varieties.map((variety) => ({ itemId, variety }))))
      .onConflictDoNothing();
  return itemRows(q, inArray(inspectionItem.id, unique));
}

/** Takes items out of one variety; the items stay. */
export async function removeVariety(q: Queryable, user: AuthUser, itemIds: number[], variety: string) {
  const unique = await editableItems(q, user, itemIds);
  const deleted = await q
    .delete(inspectionItemVariety)
    .where(and(inArray(inspectionItemVariety.itemId, unique), eq(inspectionItemVariety.variety, variety)))
    .returning({ id: inspectionItemVariety.id });
  return { deleted: deleted.length };
}

/** Every variety with its item and ★ counts, for the organisation(s) the user sees. */
export async function varietyTree(q: Queryable, user: AuthUser, orgId?: number): Promise<VarietyTree> {
  const scope = and(
    orgScope(user, inspectionItem.orgId),
    orgId ? eq(inspectionItem.orgId, orgId) : undefined,
  );
  const counts = await q
    .select({
      variety: inspectionItemVariety.variety,
      itemCount: count(),
      keyCount: sql<number>`count(*) filter (where ${inspectionItem.keyItem})`.mapWith(Number),
    })
    .from(inspectionItemVariety)
    .innerJoin(inspectionItem, eq(inspectionItem.id, inspectionItemVariety.itemId))
    .where(scope)
    .groupBy(inspectionItemVariety.variety);
  const [{ total }] = await q.select({ total: count() }).from(inspectionItem).where(scope);
  const [{ unassigned }] = await q
    .select({ unassigned: count() })
    .from(inspectionItem)
    .where(and(scope, noVariety));
  const byVariety = new Map(counts.map((c) => [c.variety, c]));
  return {
    total,
    unassigned,
    varieties: LIFT_VARIETIES.map((v) => ({
      variety: v.code,
      varietyName: LIFT_VARIETY_LABEL[v.code],
      itemCount: byVariety.get(v.code)?.itemCount ?? 0,
      keyCount: byVariety.get(v.code)?.keyCount ?? 0,
    })),
  };
}

/**
 * Copies the standard catalogue (standard.ts) into an organisation: the items whose code it does not
 * have yet, with their varieties. Returns how many items were added.
 */
export async function copyStandardItems(q: Queryable, orgId: number): Promise<number> {
  const added = await q
    .insert(inspectionItem)
    .values(STANDARD_ITEMS.map(({ varieties: _, ...item }, i) => ({ orgId, ...item, sort: i + 1 })))
    .onConflictDoNothing()
    .returning({ id: inspectionItem.id, code: inspectionItem.code });
  const byCode = new Map(STANDARD_ITEMS.map((s) => [s.code, s.varieties]));
  const links = added.flatMap((a) =>
    (byCode.get(a.code) ?? []).map((variety) => ({ itemId: a.id, variety })),
  );
  for (let i = 0; i < links.length; i += 1000)
    await q
      .insert(inspectionItemVariety)
      .values(links.slice(i, i + 1000))
      .onConflictDoNothing();
  return added.length;
}

/** The user's organisation takes the standard catalogue (the items it lacks). */
export async function loadStandard(q: Queryable, user: AuthUser) {
  const orgId = ownOrg(user, WHAT);
  return { added: await copyStandardItems(q, orgId) };
}
