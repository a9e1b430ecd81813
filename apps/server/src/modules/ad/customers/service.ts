import {
  AD_INTENTION_STATE,
  AD_INTENTION_STATE_LABEL,
  type AdCustomRow,
  type AdIntentionRow,
  type adCustomCalls,
  type adIntentionCalls,
  type CallParsedInput,
  formatDateTime,
  type gxgdOrderCalls,
  maskPhone,
  type Page,
} from '@ec/contract';
import { and, asc, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { countRows, paginate } from '../../../platform/db/paginate.ts';
import { likePattern, rowsOf } from '../../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { notFound } from '../../../platform/errors.ts';
import { maskedPhone, unmasked } from '../../../platform/masking.ts';
import { moveState } from '../../../platform/workflow/moves.ts';
import { adOrder } from '../orders/tables.ts';
import { ownedScope, requireOperator } from '../scope.ts';
import { adCustom, adIntention } from './tables.ts';

type CustomCalls = typeof adCustomCalls;
type IntentionCalls = typeof adIntentionCalls;
const I = AD_INTENTION_STATE;

const orderCount = sql<number>`(select count(*) from ${adOrder} where ${adOrder.customId} = ${adCustom.id})::int`;

function toCustomRow(c: typeof adCustom.$inferSelect & { orderCount: number }): AdCustomRow {
  return {
    id: c.id,
    companyId: c.companyId,
    name: c.name,
    contactName: c.contactName,
    contactPhone: maskedPhone(c.contactPhone),
    industry: c.industry,
    address: c.address,
    remark: c.remark,
    orderCount: Number(c.orderCount),
    version: c.version,
    createTime: formatDateTime(c.createdAt),
  };
}

const visibleCustoms = (user: AuthUser) => ownedScope(user, adCustom.companyId);
const keywordOf = (k: string | undefined) =>
  k?.trim() ? ilike(adCustom.name, likePattern(k.trim())) : undefined;

/** 广告客户列表: newest first. */
export function listCustoms(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<CustomCalls['list']>,
): Promise<Page<AdCustomRow>> {
  const where = and(visibleCustoms(user), keywordOf(f.keyword));
  return paginate(
    db,
    f,
    async (w) =>
      (
        await db
          .select({ c: adCustom, orderCount })
          .from(adCustom)
          .where(where)
          .orderBy(desc(adCustom.id))
          .limit(w.limit)
          .offset(w.offset)
      ).map((r) => ({ ...r.c, orderCount: r.orderCount })),
    { from: adCustom, where },
    toCustomRow,
  );
}

export function customOptions(db: Queryable, user: AuthUser, keyword: string | undefined) {
  return db
    .select({ id: adCustom.id, name: adCustom.name })
    .from(adCustom)
    .where(and(visibleCustoms(user), keywordOf(keyword)))
    .orderBy(asc(adCustom.name))
    .limit(500);
}

async function customRow(db: Queryable, id: number): Promise<AdCustomRow> {
  const [r] = await db.select({ c: adCustom, orderCount }).from(adCustom).where(eq(adCustom.id, id));
  if (!r) throw notFound('客户不存在或无权访问');
  return toCustomRow({ ...r.c, orderCount: r.orderCount });
}

const NAME_TAKEN = '已有同名客户';

export async function addCustom(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<CustomCalls['add']>,
): Promise<AdCustomRow> {
  const companyId = requireOperator(user);
  const phone = unmasked(input.contactPhone, null, maskPhone, { name: 'contactPhone', label: '联系电话' });
  const [row] = await refusingConflicts(
    () =>
      db
        .insert(adCustom)
        .values({
          companyId,
          name: input.name,
          contactName: input.contactName ?? null,
          contactPhone: phone || null,
          industry: input.industry ?? null,
          address: input.address ?? null,
          remark: input.remark ?? null,
          createdBy: user.id,
        })
        .returning({ id: adCustom.id }),
    { unique: NAME_TAKEN },
  );
  return customRow(db, row.id);
}

export async function updateCustom(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<CustomCalls['update']>,
): Promise<AdCustomRow> {
  const companyId = requireOperator(user);
  const where = and(eq(adCustom.id, input.id), eq(adCustom.companyId, companyId));
  const [now] = await db.select().from(adCustom).where(where);
  if (!now) throw notFound('客户不存在或无权访问');
  const phone =
    input.contactPhone === undefined
      ? undefined
      : unmasked(input.contactPhone, now.contactPhone, maskPhone, {
          name: 'contactPhone',
          label: '联系电话',
        });
  await refusingConflicts(
    () =>
      versionedUpdate(db, adCustom, where, input.version, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.contactName !== undefined ? { contactName: input.contactName } : {}),
        ...(phone !== undefined ? { contactPhone: phone || null } : {}),
        ...(input.industry !== undefined ? { industry: input.industry } : {}),
        ...(input.address !== undefined ? { address: input.address } : {}),
        ...(input.remark !== undefined ? { remark: input.remark } : {}),
        updatedAt: new Date(),
      }),
    { unique: NAME_TAKEN },
  );
  return customRow(db, input.id);
}

/** 删除广告客户: refused (409) for a customer with orders. */
export async function deleteCustoms(
  db: Queryable,
  user: AuthUser,
  ids: number[],
): Promise<{ deleted: number }> {
  const companyId = requireOperator(user);
  const rows = await refusingConflicts(
    () =>
      db
        .delete(adCustom)
        .where(and(inArray(adCustom.id, ids), eq(adCustom.companyId, companyId)))
        .returning({ id: adCustom.id }),
    { foreignKey: '客户已有订单，不能删除' },
  );
  if (rows.length === 0) throw notFound('客户不存在或无权访问');
  return { deleted: rows.length };
}

// ---------------------------------------------------------------- leads (广电意向客户)

const handler = sysUser;

function selectIntentions(db: Queryable, where: SQL | undefined) {
  return db
    .select({ i: adIntention, companyName: enterprise.name, handledByName: handler.realName })
    .from(adIntention)
    .leftJoin(enterprise, eq(enterprise.id, adIntention.companyId))
    .leftJoin(handler, eq(handler.id, adIntention.handledBy))
    .where(where);
}
type JoinedIntention = Awaited<ReturnType<typeof selectIntentions>>[number];

function toIntentionRow(j: JoinedIntention): AdIntentionRow {
  const i = j.i;
  return {
    id: i.id,
    intentionNo: i.intentionNo,
    companyId: i.companyId,
    companyName: j.companyName,
    channel: i.channel,
    customerName: i.customerName,
    contactName: i.contactName,
    contactPhone: maskedPhone(i.contactPhone),
    areaCode: i.areaCode,
    demand: i.demand,
    budget: i.budget,
    pointCount: i.pointCount,
    startDate: i.startDate,
    endDate: i.endDate,
    status: i.status,
    statusLabel: AD_INTENTION_STATE_LABEL[i.status] ?? String(i.status),
    followNote: i.followNote,
    customId: i.customId,
    orderId: i.orderId,
    handledByName: j.handledByName,
    version: i.version,
    createTime: formatDateTime(i.createdAt),
  };
}

type IntentionFilters = Omit<CallParsedInput<IntentionCalls['getGxgdIntentionList']>, 'page' | 'limit'>;

function intentionWhere(user: AuthUser, f: IntentionFilters): SQL | undefined {
  const k = f.keyword?.trim();
  return and(
    ownedScope(user, adIntention.companyId),
    k
      ? or(eq(adIntention.intentionNo, k.toUpperCase()), ilike(adIntention.customerName, likePattern(k)))
      : undefined,
    f.status ? eq(adIntention.status, f.status) : undefined,
    f.areaCode ? eq(adIntention.areaCode, f.areaCode) : undefined,
  );
}

/** 意向客户列表: newest first. */
export function listIntentions(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<IntentionCalls['getGxgdIntentionList']>,
): Promise<Page<AdIntentionRow>> {
  const where = intentionWhere(user, f);
  return paginate(
    db,
    f,
    (w) => selectIntentions(db, where).orderBy(desc(adIntention.id)).limit(w.limit).offset(w.offset),
    { from: adIntention, where },
    toIntentionRow,
  );
}

/** How many leads of the filters the user sees (the list's count: the export's size). */
export const intentionCount = (db: Queryable, user: AuthUser, f: IntentionFilters) =>
  countRows(db, adIntention, intentionWhere(user, f));

export function intentionBatch(
  db: Queryable,
  user: AuthUser,
  f: IntentionFilters,
  afterId: number,
  size: number,
) {
  return selectIntentions(db, and(intentionWhere(user, f), gt(adIntention.id, afterId)))
    .orderBy(asc(adIntention.id))
    .limit(size)
    .then((rows) => rows.map(toIntentionRow));
}

export async function intentionDetail(db: Queryable, user: AuthUser, id: number): Promise<AdIntentionRow> {
  const [j] = await selectIntentions(
    db,
    and(eq(adIntention.id, id), ownedScope(user, adIntention.companyId)),
  );
  if (!j) throw notFound('意向客户不存在或无权访问');
  return toIntentionRow(j);
}

/** 录入或修改意向单 (the operator records what the channel hands in); only a 待跟进 lead changes. */
export async function saveLead(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<typeof gxgdOrderCalls.save>,
): Promise<AdIntentionRow> {
  const companyId = requireOperator(user);
  const fields = {
    customerName: input.customerName,
    contactName: input.contactName ?? null,
    areaCode: input.areaCode ?? null,
    demand: input.demand ?? null,
    budget: input.budget ?? null,
    pointCount: input.pointCount ?? null,
    startDate: input.startDate || null,
    endDate: input.endDate || null,
  };
  if (input.id === undefined) {
    const phone = unmasked(input.contactPhone, null, maskPhone, { name: 'contactPhone', label: '联系电话' });
    const [{ id }] = rowsOf<{ id: number }>(
      await db.execute(sql`select nextval(pg_get_serial_sequence('ad_intention', 'id'))::int as id`),
    );
    await db.insert(adIntention).values({
      id,
      intentionNo: `GX${String(id).padStart(8, '0')}`,
      companyId,
      ...fields,
      contactPhone: phone || null,
    });
    return intentionDetail(db, user, id);
  }
  const where = and(eq(adIntention.id, input.id), eq(adIntention.companyId, companyId));
  const [now] = await db.select().from(adIntention).where(where);
  if (!now) throw notFound('意向客户不存在或无权访问');
  const phone = unmasked(input.contactPhone, now.contactPhone, maskPhone, {
    name: 'contactPhone',
    label: '联系电话',
  });
  await versionedUpdate(
    db,
    adIntention,
    and(where, eq(adIntention.status, I.pending)),
    input.version,
    { ...fields, contactPhone: phone || null, updatedAt: new Date() },
    '意向单已被他人修改或已受理，请刷新后重试',
  );
  return intentionDetail(db, user, input.id);
}

/**
 * 受理: 待跟进 → 已受理 (a conditional UPDATE: of two concurrent acceptances one wins); the lead's
 * customer is found by name among the operator's customers or made.
 */
export async function acceptLead(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<IntentionCalls['accepted']>,
): Promise<AdIntentionRow> {
  const companyId = requireOperator(user);
  const lead = await moveState(db, adIntention, {
    id: input.id,
    version: input.version,
    from: [I.pending],
    to: I.accepted,
    set: {
      handledBy: user.id,
      updatedAt: new Date(),
      ...(input.followNote !== undefined ? { followNote: input.followNote } : {}),
    },
    where: eq(adIntention.companyId, companyId),
    verb: '受理',
    labels: AD_INTENTION_STATE_LABEL,
    missing: '意向客户不存在或无权访问',
  });
  const [made] = await db
    .insert(adCustom)
    .values({
      companyId,
      name: lead.customerName,
      contactName: lead.contactName,
      contactPhone: lead.contactPhone,
      remark: `来自广电意向 ${lead.intentionNo}`,
      createdBy: user.id,
    })
    .onConflictDoUpdate({ target: [adCustom.companyId, adCustom.name], set: { updatedAt: new Date() } })
    .returning({ id: adCustom.id });
  await db.update(adIntention).set({ customId: made.id }).where(eq(adIntention.id, lead.id));
  return intentionDetail(db, user, lead.id);
}

/** 跟进: a note (待跟进 or 已受理), or 放弃. */
export async function followLead(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<IntentionCalls['save']>,
): Promise<AdIntentionRow> {
  const companyId = requireOperator(user);
  const set = {
    handledBy: user.id,
    updatedAt: new Date(),
    ...(input.followNote !== undefined ? { followNote: input.followNote } : {}),
  };
  const common = {
    id: input.id,
    version: input.version,
    from: [I.pending, I.accepted],
    set,
    where: eq(adIntention.companyId, companyId),
    labels: AD_INTENTION_STATE_LABEL,
    missing: '意向客户不存在或无权访问',
  };
  // A note keeps the state (a move to the state it is in); 放弃 moves it.
  const [now] = await db
    .select({ status: adIntention.status })
    .from(adIntention)
    .where(and(eq(adIntention.id, input.id), eq(adIntention.companyId, companyId)));
  if (!now) throw notFound('意向客户不存在或无权访问');
  await moveState(db, adIntention, {
    ...common,
    from: input.drop ? [I.pending, I.accepted] : [now.status === I.accepted ? I.accepted : I.pending],
    to: input.drop ? I.dropped : now.status === I.accepted ? I.accepted : I.pending,
    verb: input.drop ? '放弃' : '跟进',
  });
  return intentionDetail(db, user, input.id);
}
