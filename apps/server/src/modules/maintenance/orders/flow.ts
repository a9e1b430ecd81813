/**
 * The life of a work order (DOMAIN.md §2 and §6): the worker signs in at the lift, fills the
 * checklist with photos and parts, signs and submits; the use unit confirms with its own account
 * (the record is then hashed and chained, never edited); the regulator passes it or rejects it, and
 * a rejected order is redone as a new order that points to it. Each move is `moveState` (one
 * conditional UPDATE on state and version) and leaves a line in the order's log.
 */
import {
  type CallParsedInput,
  distanceMeters,
  formatDate,
  formatDateTime,
  isReviewer,
  MAINTENANCE_PARAMS,
  type MaintenanceOrderDetail,
  type maintenanceOrderCalls,
  type maintenanceWorkCalls,
  NOTE_RESULTS,
  ORDER_STATUS,
  ORDER_STATUSES,
  shanghaiToday,
} from '@ec/contract';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { sysFile } from '../../../platform/db/tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { publishLive } from '../../../platform/live.ts';
import { notify } from '../../../platform/notify.ts';
import { paramNumber } from '../../../platform/params.ts';
import { moveState } from '../../../platform/workflow/moves.ts';
import { STALE_MESSAGE } from '../../../platform/workflow.ts';
import { filedWorkersOf, workersByIds } from '../../parties/api.ts';
import { appendToChain, lockLiftChain } from '../chain.ts';
import { findingsOf, recordFindings } from '../checks.ts';
import { markDone } from '../lifts.ts';
import { audienceOf, ORDER_TOPIC, orderScope } from '../scope.ts';
import {
  maintenanceOrder,
  maintenanceOrderPhoto,
  maintenanceOrderRecord,
  orderNoOn,
  type StoredItem,
} from '../tables.ts';
import { templateItemsFor } from '../templates/service.ts';
import { detailOf, type JoinedOrder, orderInScope } from './read.ts';

type Order = typeof maintenanceOrder.$inferSelect;
type Progress = CallParsedInput<typeof maintenanceWorkCalls.saveProgress>;
type Submit = CallParsedInput<typeof maintenanceWorkCalls.submit>;
type Position = { latitude: number; longitude: number };

const moveOf = (verb: string) => ({
  labels: ORDER_STATUSES,
  missing: '工单不存在或无权访问',
  verb,
});

const SIGNED_OUT = '本工单已签退，维保记录不能再修改';

/** Tells the live pages of everyone who may see the order that it changed (on commit). */
export const announce = (db: Queryable, o: Order, change: string) =>
  publishLive(db, ORDER_TOPIC, { id: o.id, status: o.status, change }, audienceOf(o));

export function log(db: Queryable, orderId: number, action: string, operator: string, detail: string | null) {
  return db.insert(maintenanceOrderRecord).values({ orderId, at: new Date(), action, operator, detail });
}

/** The worker's own order: 404 outside his scope, 403 for anyone but its assigned workers. */
async function workersOrder(db: Queryable, user: AuthUser, id: number): Promise<JoinedOrder> {
  const j = await orderInScope(db, user, id);
  if (!j.order.workerIds.includes(user.id)) throw forbidden('只有指派的维保人员可以执行该工单');
  return j;
}

/** 现场签到: records where the worker stood and how far that is from the lift. */
export async function signIn(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<typeof maintenanceWorkCalls.signIn>,
): Promise<MaintenanceOrderDetail> {
  const j = await workersOrder(db, user, input.id);
  const distance = distanceToLift(j, input);
  const items = j.order.items.length > 0 ? j.order.items : await templateItemsFor(db, j.order);
  const signed = await moveState(db, maintenanceOrder, {
    id: j.order.id,
    version: input.version,
    from: [ORDER_STATUS.planned],
    to: ORDER_STATUS.signedIn,
    set: {
      signInAt: new Date(),
      signInLat: input.latitude,
      signInLng: input.longitude,
      signInDistanceM: distance,
      items,
    },
    ...moveOf('签到'),
  });
  await log(
    db,
    j.order.id,
    '现场签到',
    user.realName,
    distance === null ? '电梯未登记坐标，未计算距离' : `定位距电梯 ${distance} 米`,
  );
  await announce(db, signed as Order, 'signIn');
  return detailOf(db, await orderInScope(db, user, j.order.id));
}

/** Metres from the worker's position to the lift (null: the lift has no coordinates). */
function distanceToLift(lift: JoinedOrder, at: Position): number | null {
  return lift.latitude !== null && lift.longitude !== null
    ? distanceMeters(at.latitude, at.longitude, lift.latitude, lift.longitude)
    : null;
}

/** Merges what the worker entered into the order's items, refusing items that are not on it. */
function mergeItems(stored: StoredItem[], input: Progress['items']): StoredItem[] {
  const byId = new Map(input.map((i) => [i.itemId, i]));
  for (const id of byId.keys())
    if (!stored.some((s) => s.itemId === id)) throw badRequest(`维保项目 ${id} 不在本工单中`);
  return stored.map((s) => {
    const i = s.itemId === null ? undefined : byId.get(s.itemId);
    return i ? { ...s, result: i.result, value: i.value ?? null, note: i.note ?? null } : s;
  });
}

/** The photos' files: uploaded by this worker, images; their content hashes. */
async function photoFiles(db: Queryable, user: AuthUser, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: sysFile.id, sha256: sysFile.sha256, mime: sysFile.mime, uploaderId: sysFile.uploaderId })
    .from(sysFile)
    .where(inArray(sysFile.id, ids));
  for (const id of ids) {
    const f = rows.find((r) => r.id === id);
    if (!f || f.uploaderId !== user.id) throw badRequest('照片文件不存在，请重新拍照上传');
    if (!f.mime.startsWith('image/')) throw badRequest('照片应为图片文件');
  }
  return new Map(rows.map((r) => [r.id, r.sha256]));
}

async function saveWork(db: Queryable, user: AuthUser, j: JoinedOrder, input: Progress) {
  const o = j.order;
  if (o.signOutAt) throw conflict(SIGNED_OUT);
  const items = mergeItems(o.items, input.items);
  const hashes = await photoFiles(
    db,
    user,
    input.photos.map((p) => p.fileId),
  );
  let workerIds = o.workerIds;
  let workers = o.workers;
  if (input.coworkerId !== undefined) {
    const main = o.workerIds[0] === user.id ? user.id : o.workerIds[0];
    if (input.coworkerId === null) workerIds = [main];
    else {
      if (input.coworkerId === main) throw badRequest('第二作业人员不能是本人');
      const crew = await filedWorkersOf(db, o.maintenanceCompanyId ?? -1);
      if (!crew.some((w) => w.userId === input.coworkerId))
        throw badRequest('第二作业人员应为本单位已备案、在职的维保人员');
      workerIds = [main, input.coworkerId];
    }
    const facts = await workersByIds(db, workerIds);
    workers = workerIds.map((id) => facts.find((f) => f.userId === id)?.name ?? user.realName);
  }
  const moved = await moveState(db, maintenanceOrder, {
    id: o.id,
    version: input.version,
    from: [ORDER_STATUS.signedIn, ORDER_STATUS.working],
    to: ORDER_STATUS.working,
    set: {
      items,
      parts: input.parts.map((p) => ({ name: p.name, model: p.model ?? null, quantity: p.quantity })),
      workerIds,
      workers,
      remark: input.remark ?? o.remark,
    },
    // Signed out meanwhile (another phone): the record is fixed; the refusal below says so.
    where: and(sql`${user.id} = any(${maintenanceOrder.workerIds})`, isNull(maintenanceOrder.signOutAt)),
    ...moveOf('保存'),
  }).catch(async (e) => {
    const [now] = await db
      .select({ signOutAt: maintenanceOrder.signOutAt })
      .from(maintenanceOrder)
      .where(eq(maintenanceOrder.id, o.id));
    throw now?.signOutAt ? conflict(SIGNED_OUT) : e;
  });
  await db.delete(maintenanceOrderPhoto).where(eq(maintenanceOrderPhoto.orderId, o.id));
  if (input.photos.length > 0)
    await db
      .insert(maintenanceOrderPhoto)
      .values(
        input.photos.map((p, k) => ({
          orderId: o.id,
          fileId: p.fileId,
          label: p.label,
          sha256: hashes.get(p.fileId) ?? '',
          seq: k,
        })),
      )
      .onConflictDoNothing();
  return moved;
}

/** 保存进度: what the worker has entered so far; the order is then 作业中. */
export async function saveProgress(db: Queryable, user: AuthUser, input: Progress) {
  const j = await workersOrder(db, user, input.id);
  await saveWork(db, user, j, input);
  return detailOf(db, await orderInScope(db, user, j.order.id));
}

/** Every item answered, with its measured value and its note where it needs them (400 otherwise). */
function requireAnswered(items: StoredItem[]) {
  const open = items.filter((i) => !i.result);
  if (open.length > 0) throw badRequest(`还有 ${open.length} 个维保项目未填写结果（如「${open[0].name}」）`);
  const noValue = items.filter((i) => i.measured && i.result !== '无此项' && !i.value?.trim());
  if (noValue.length > 0) throw badRequest(`「${noValue[0].name}」需要填写测量值`);
  const noNote = items.filter((i) => i.result && NOTE_RESULTS.includes(i.result) && !i.note?.trim());
  if (noNote.length > 0) throw badRequest(`「${noNote[0].name}」${noNote[0].result}，请填写说明`);
}

/**
 * 现场签退: where the worker stands when leaving the lift, once. The rule is the UPDATE's: it matches
 * only an order signed in and not yet signed out, of one of its workers, at the version the phone
 * showed; of any number of sign-outs at once, one lands and the others are told why not (409).
 * Every item must be answered first: after the sign-out the record can no longer change.
 */
export async function signOut(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<typeof maintenanceWorkCalls.signOut>,
): Promise<MaintenanceOrderDetail> {
  const j = await workersOrder(db, user, input.id);
  const o = j.order;
  if (o.signOutAt) throw conflict(`本工单已于 ${formatDateTime(o.signOutAt)} 签退，不能重复签退`);
  if (o.status !== ORDER_STATUS.signedIn && o.status !== ORDER_STATUS.working)
    throw conflict(
      o.status === ORDER_STATUS.planned
        ? '请先在电梯现场签到，再签退'
        : `当前状态为「${ORDER_STATUSES[o.status] ?? o.status}」，不能签退`,
    );
  requireAnswered(o.items);
  const distance = distanceToLift(j, input);
  const [moved] = (await db
    .update(maintenanceOrder)
    .set({
      signOutAt: new Date(),
      signOutLat: input.latitude,
      signOutLng: input.longitude,
      signOutDistanceM: distance,
      status: ORDER_STATUS.working,
      version: sql`${maintenanceOrder.version} + 1`,
    })
    .where(
      and(
        eq(maintenanceOrder.id, o.id),
        isNull(maintenanceOrder.signOutAt),
        isNotNull(maintenanceOrder.signInAt),
        inArray(maintenanceOrder.status, [ORDER_STATUS.signedIn, ORDER_STATUS.working]),
        eq(maintenanceOrder.version, input.version),
        sql`${user.id} = any(${maintenanceOrder.workerIds})`,
      ),
    )
    .returning()) as Order[];
  if (!moved) {
    const [now] = await db
      .select({ signOutAt: maintenanceOrder.signOutAt, status: maintenanceOrder.status })
      .from(maintenanceOrder)
      .where(eq(maintenanceOrder.id, o.id));
    if (now?.signOutAt) throw conflict(`本工单已于 ${formatDateTime(now.signOutAt)} 签退，不能重复签退`);
    throw conflict(STALE_MESSAGE);
  }
  const max = await paramNumber(
    db,
    MAINTENANCE_PARAMS.signInMaxMetersKey,
    MAINTENANCE_PARAMS.signInMaxMeters,
  );
  await log(
    db,
    o.id,
    '现场签退',
    user.realName,
    distance === null
      ? '电梯未登记坐标，未计算距离'
      : `定位距电梯 ${distance} 米${distance > max ? `，超过 ${max} 米` : ''}`,
  );
  await announce(db, moved, 'signOut');
  return detailOf(db, await orderInScope(db, user, o.id));
}

/**
 * 提交: the signed-out record with the worker's signature goes to the use unit; the regulator's
 * checks run on it (the on-site time is sign-in → sign-out).
 */
export async function submit(db: Queryable, user: AuthUser, input: Submit) {
  const j = await workersOrder(db, user, input.id);
  const open = j.order.status === ORDER_STATUS.signedIn || j.order.status === ORDER_STATUS.working;
  if (open && !j.order.signOutAt) throw conflict('请先在电梯现场签退，再提交维保记录');
  requireAnswered(j.order.items);
  await photoFiles(db, user, [input.signatureFileId]);
  const moved = (await moveState(db, maintenanceOrder, {
    id: j.order.id,
    version: input.version,
    from: [ORDER_STATUS.working],
    to: ORDER_STATUS.awaitingConfirm,
    set: { submittedAt: new Date(), workerSignatureFileId: input.signatureFileId },
    where: and(sql`${user.id} = any(${maintenanceOrder.workerIds})`, isNotNull(maintenanceOrder.signOutAt)),
    ...moveOf('提交'),
  })) as Order;
  await recordFindings(db, moved.id, await findingsOf(db, moved, j));
  await markDone(db, moved);
  await announce(db, moved, 'submit');
  const items = moved.items;
  const changed = items.filter((i) => i.result !== '正常' && i.result !== '无此项').length;
  await log(
    db,
    moved.id,
    '提交维保记录',
    moved.workers.join('、'),
    `共 ${items.length} 项，${changed} 项有调整、更换或异常`,
  );
  return detailOf(db, await orderInScope(db, user, moved.id));
}

/** 使用单位确认: by the lift's use unit's own account; the record joins the lift's chain. */
export async function confirm(
  db: Queryable,
  user: AuthUser,
  input: CallParsedInput<typeof maintenanceOrderCalls.confirm>,
) {
  const j = await orderInScope(db, user, input.id);
  const isUseUnit = user.userType === 'use_unit' || user.userType === 'safety_officer';
  if (!isUseUnit || user.companyId === null || user.companyId !== j.order.useCompanyId)
    throw forbidden('维保记录只能由电梯使用单位的账号确认');
  if (input.signatureFileId) await confirmSignature(db, user, input.signatureFileId);
  await lockLiftChain(db, j.order.elevatorId);
  const moved = (await moveState(db, maintenanceOrder, {
    id: j.order.id,
    version: input.version,
    from: [ORDER_STATUS.awaitingConfirm],
    to: ORDER_STATUS.completed,
    set: {
      confirmedByUserId: user.id,
      confirmedBy: user.realName,
      confirmedAt: new Date(),
      confirmSignatureFileId: input.signatureFileId ?? null,
      confirmRemark: input.remark ?? null,
    },
    ...moveOf('确认'),
  })) as Order;
  const { chainHash } = await appendToChain(db, moved);
  await announce(db, moved, 'confirm');
  await log(
    db,
    moved.id,
    '使用单位确认',
    user.realName,
    `维保记录已确认，存证哈希 ${chainHash.slice(0, 16)}…`,
  );
  return detailOf(db, await orderInScope(db, user, moved.id));
}

async function confirmSignature(db: Queryable, user: AuthUser, fileId: string) {
  const [f] = await db.select({ uploaderId: sysFile.uploaderId }).from(sysFile).where(eq(sysFile.id, fileId));
  if (!f || f.uploaderId !== user.id) throw badRequest('签名文件不存在，请重新签名');
}

/**
 * 审核通过 / 驳回 of orders 已完成, in the reviewer's scope. Orders not in that state are left out;
 * nothing decided at all is a 409. A rejected order gets its redo: a new order for the same lift and
 * workers, planned today, pointing to it (the unique index lets an order be redone once).
 */
export async function audit(
  db: Queryable,
  user: AuthUser,
  { ids, description }: { ids: number[]; description?: string },
  pass: boolean,
): Promise<{ updated: number }> {
  if (!isReviewer(user.dataScope)) throw forbidden('维保记录由监管部门审核');
  // The reason is optional (doc 001 §7.6, the catalogue's auditReject); the dialog offers the field.
  const reason = description?.trim() || null;
  const decided = (await db
    .update(maintenanceOrder)
    .set({
      status: pass ? ORDER_STATUS.approved : ORDER_STATUS.rejected,
      auditedBy: user.realName,
      auditedAt: new Date(),
      auditRemark: reason,
      version: sql`${maintenanceOrder.version} + 1`,
    })
    .where(
      and(
        inArray(maintenanceOrder.id, ids),
        eq(maintenanceOrder.status, ORDER_STATUS.completed),
        orderScope(user),
      ),
    )
    .returning()) as Order[];
  if (decided.length === 0) {
    const [reachable] = await db
      .select({ id: maintenanceOrder.id })
      .from(maintenanceOrder)
      .where(and(inArray(maintenanceOrder.id, ids), orderScope(user)))
      .limit(1);
    if (!reachable) throw notFound('工单不存在或无权访问');
    throw conflict('所选工单均不是「已完成」待审核状态，请刷新后重试');
  }
  const today = shanghaiToday();
  for (const o of decided) {
    await log(db, o.id, pass ? '审核通过' : '审核驳回', user.realName, reason);
    await announce(db, o, pass ? 'auditPass' : 'auditReject');
    if (pass) continue;
    const [redo] = await db
      .insert(maintenanceOrder)
      .values({
        orderNo: orderNoOn(today),
        elevatorId: o.elevatorId,
        planId: null,
        maintenanceCompanyId: o.maintenanceCompanyId,
        useCompanyId: o.useCompanyId,
        areaCode: o.areaCode,
        kind: o.kind,
        planDate: today,
        contentId: o.contentId,
        contentVersion: o.contentVersion,
        workerIds: o.workerIds,
        workers: o.workers,
        correctsOrderId: o.id,
      })
      .returning({ id: maintenanceOrder.id, orderNo: maintenanceOrder.orderNo });
    await log(
      db,
      redo.id,
      '创建工单',
      user.realName,
      `工单 ${o.orderNo} 被驳回后重做${reason ? `：${reason}` : '（未填写驳回原因）'}`,
    );
    await log(
      db,
      o.id,
      '生成重做工单',
      '系统',
      `重做工单 ${redo.orderNo}，计划日期 ${formatDate(new Date())}`,
    );
    // 消息中心: the company's maintenance staff (rule 'maintenance') and the order's workers.
    await notify(db, {
      kind: 'maintenance',
      title: `维保工单 ${o.orderNo} 被驳回`,
      body: `驳回原因：${reason ?? '未填写'}；已生成重做工单 ${redo.orderNo}，计划今日完成`,
      link: `/basicInformation/workOrderNo?id=${redo.id}`,
      companyIds: o.maintenanceCompanyId === null ? [] : [o.maintenanceCompanyId],
      userIds: o.workerIds ?? [],
      dedupKey: `order-rejected:${o.id}`,
    });
  }
  return { updated: decided.length };
}
