import {
  addDays,
  FILING_STATE,
  formatDateTime,
  INSPECTION_ORDER_ATTACHMENTS,
  INSPECTION_ORDER_FINAL_STATES,
  type InspectionOrderAttachmentsInput,
  type InspectionOrderQuote,
  type InspectionOrderState,
  shanghaiMonth,
  shanghaiToday,
} from '@ec/contract';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { readableFileIds } from '../../../platform/files/references.ts';
import { inspectionLiftsRelation, requireLiftInScope } from '../../elevator/api.ts';
import { quote } from '../catalog/costs.ts';
import { inspectionTechParam } from '../params/tables.ts';
import { passedInspectorsOf } from '../people/api.ts';
import { INSPECTION_ORG_KIND } from '../scope.ts';
import {
  noticeParts,
  noticeView,
  ORDER_NOT_FOUND,
  orderDetail,
  stateLabel,
  visibleOrder,
  windowRefusal,
} from './read.ts';
import { isOrgAdminOf, isUseUnitUser } from './scope.ts';
import { inspectionOrderEvent as ev, inspectionChargeNotice as n, inspectionOrder as o } from './tables.ts';

/*
 * The orders' writes. Each state change is one UPDATE whose WHERE holds the expected states (and the
 * version when the client sent one): of two people acting on one order, the second finds no row and
 * is told the order moved (409, naming its state now). The unique index on the open order of a lift
 * decides two applications at once. Every change writes a history row in the same transaction.
 */

type Order = typeof o.$inferSelect;
const OPEN: InspectionOrderState[] = [
  'applied',
  'returned',
  'accepted',
  'quoted',
  'noticed',
  'distributed',
  'inspecting',
];

// ---------------------------------------------------------------- parties

/** The use unit's own order (the use unit that applied); others who see it: 403. */
function asUseUnit(user: AuthUser, order: Order, what: string) {
  if (!isUseUnitUser(user) || user.companyId !== order.useUnitId)
    throw forbidden(`只有申请该检验的使用单位可以${what}`);
}

/** The organisation's own order (applied to it); others who see it (the platform, a regulator): 403. */
function asOrg(user: AuthUser, order: Order, what: string) {
  if (!isOrgAdminOf(user, order.orgId)) throw forbidden(`只有受理该申请的检验机构可以${what}`);
}

// ---------------------------------------------------------------- the moves

const moved = (state: string) =>
  conflict(`该检验申请已被他人处理或状态已变化（当前状态：${stateLabel(state)}），请刷新后重试`);

interface Move {
  from: InspectionOrderState[];
  to: InspectionOrderState;
  action: string;
  reason?: string | null;
  version?: number;
  set?: Partial<typeof o.$inferInsert>;
  /** What the refusal of a wrong state says ("不能受理"). */
  verb: string;
}

async function record(
  q: Queryable,
  user: AuthUser,
  orderId: number,
  action: string,
  fromState: string | null,
  toState: string | null,
  reason?: string | null,
) {
  await q.insert(ev).values({
    orderId,
    action,
    fromState,
    toState,
    reason: reason ?? null,
    actorId: user.id,
    actorName: user.realName || user.username,
  });
}

/**
 * The one conditional UPDATE of every move of an order: from one of `from` (and at `version` when
 * given) to `to`, the version raised, with its history row (`fromState` the state the caller saw).
 * False when the row was in none of `from` (or at another version): nothing written.
 * The inspection's own moves (reports/) use it through ./inspection-moves.ts.
 */
export async function moveRow(
  q: Queryable,
  user: AuthUser,
  orderId: number,
  m: Pick<Move, 'from' | 'to' | 'action' | 'reason' | 'version' | 'set'> & { fromState: string },
): Promise<boolean> {
  const rows = await q
    .update(o)
    .set({ ...m.set, state: m.to, version: sql`${o.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(o.id, orderId),
        inArray(o.state, m.from),
        m.version !== undefined ? eq(o.version, m.version) : undefined,
      ),
    )
    .returning({ id: o.id });
  if (rows.length === 0) return false;
  await record(q, user, orderId, m.action, m.fromState, m.to, m.reason);
  return true;
}

/**
 * Moves the order from one of `from` to `to` (moveRow). A state the move does not start from is
 * refused with the state named (409); a row that changed since it was read (another move, another
 * version) likewise.
 */
async function move(q: Queryable, user: AuthUser, order: Order, m: Move) {
  if (!m.from.includes(order.state as InspectionOrderState))
    throw conflict(`该检验申请当前状态为「${stateLabel(order.state)}」，${m.verb}`);
  if (!(await moveRow(q, user, order.id, { ...m, fromState: order.state }))) {
    const [now] = await q.select({ state: o.state }).from(o).where(eq(o.id, order.id));
    throw moved(now?.state ?? order.state);
  }
}

// ---------------------------------------------------------------- apply

async function checkOrg(q: Queryable, orgId: number) {
  const [org] = await q
    .select({ id: enterprise.id, filingState: enterprise.filingState })
    .from(enterprise)
    .where(and(eq(enterprise.id, orgId), eq(enterprise.kind, INSPECTION_ORG_KIND)));
  if (!org || org.filingState !== FILING_STATE.passed)
    throw badRequest('所选检验机构不存在或未通过备案', [
      { field: 'orgId', message: '请选择已备案的检验机构' },
    ]);
}

/** The attachments as stored: every file readable by the applicant (its own uploads), else 400. */
async function attachmentsOf(q: Queryable, user: AuthUser, a: InspectionOrderAttachmentsInput) {
  const stored: Record<string, string[]> = {};
  for (const k of INSPECTION_ORDER_ATTACHMENTS) stored[k.key] = [...new Set(a[k.key] ?? [])];
  const ids = [...new Set(Object.values(stored).flat())];
  const readable = await readableFileIds(q, user, ids);
  const missing = INSPECTION_ORDER_ATTACHMENTS.find((k) => stored[k.key].some((id) => !readable.has(id)));
  if (missing)
    throw badRequest(`${missing.label}的文件不存在或无权使用，请重新上传`, [
      { field: `attachments.${missing.key}`, message: '文件不存在或无权使用' },
    ]);
  return { attachments: stored, fileIds: ids };
}

/** The lift's order-time facts: its use unit must be the applicant, and today within its window. */
async function applicableLift(q: Queryable, user: AuthUser, elevatorId: number) {
  const lift = await requireLiftInScope(q, user, elevatorId);
  if (lift.useCompanyId !== user.companyId) throw forbidden('只有该电梯的使用单位可以申请定期检验');
  const rel = inspectionLiftsRelation(null).as('apply_lift');
  const [facts] = await q
    .select({ next: rel.nextInspectDate, useStatus: rel.useStatus })
    .from(rel)
    .where(eq(rel.id, elevatorId));
  if (!facts?.next)
    throw badRequest('该电梯未登记下次检验日期，无法申请定期检验', [
      { field: 'elevatorId', message: '未登记下次检验日期' },
    ]);
  const refusal = windowRefusal(facts.next, shanghaiToday());
  if (refusal) throw badRequest(refusal, [{ field: 'elevatorId', message: refusal }]);
  return { next: facts.next };
}

/** The organisation's parameters of the lift are on this order (params' 待分配 lists leave it out). */
async function linkParams(q: Queryable, orderId: number, orgId: number, elevatorId: number) {
  await q
    .update(inspectionTechParam)
    .set({ orderId: null })
    .where(and(eq(inspectionTechParam.orderId, orderId), sql`${inspectionTechParam.orgId} <> ${orgId}`));
  await q
    .update(inspectionTechParam)
    .set({ orderId })
    .where(and(eq(inspectionTechParam.orgId, orgId), eq(inspectionTechParam.elevatorId, elevatorId)));
}
/** The order is over (closed, cancelled, reported): its lift's parameters are 待分配 again for the next one. */
export const unlinkParams = (q: Queryable, orderId: number) =>
  q.update(inspectionTechParam).set({ orderId: null }).where(eq(inspectionTechParam.orderId, orderId));

const DUPLICATE = '该电梯已有未办结的检验申请，不能重复申请';

export interface ApplyInput {
  id?: number;
  version?: number;
  elevatorId: number;
  orgId: number;
  attachments: InspectionOrderAttachmentsInput;
  remark?: string;
}

/**
 * `apply`: the use unit applies for one of its lifts within the window; with an id, a returned
 * order corrected and applied again (returned → applied).
 */
export async function applyOrder(q: Queryable, user: AuthUser, input: ApplyInput) {
  if (!isUseUnitUser(user)) throw forbidden('只有电梯使用单位可以申请定期检验');
  const useUnitId = user.companyId!;
  if (input.id !== undefined) {
    const order = await visibleOrder(q, user, input.id);
    asUseUnit(user, order, '重新提交申请');
    if (order.elevatorId !== input.elevatorId)
      throw badRequest('检验申请与电梯不符', [{ field: 'elevatorId', message: '检验申请与电梯不符' }]);
    const { next } = await applicableLift(q, user, input.elevatorId);
    await checkOrg(q, input.orgId);
    const files = await attachmentsOf(q, user, input.attachments);
    await move(q, user, order, {
      from: ['returned'],
      to: 'applied',
      action: 'reapply',
      verb: '只有已退回的申请可以重新提交',
      version: input.version,
      set: {
        orgId: input.orgId,
        ...files,
        applyRemark: input.remark ?? order.applyRemark,
        nextInspectionDate: next,
        returnReason: null,
        appliedAt: new Date(),
      },
    });
    await linkParams(q, order.id, input.orgId, order.elevatorId);
    return orderDetail(q, user, order.id);
  }
  const { next } = await applicableLift(q, user, input.elevatorId);
  await checkOrg(q, input.orgId);
  const files = await attachmentsOf(q, user, input.attachments);
  const [open] = await q
    .select({ orderNo: o.orderNo, state: o.state })
    .from(o)
    .where(and(eq(o.elevatorId, input.elevatorId), notInArray(o.state, [...INSPECTION_ORDER_FINAL_STATES])));
  if (open) throw conflict(`${DUPLICATE}（申请单号 ${open.orderNo}，${stateLabel(open.state)}）`);
  const id = await nextOrderId(q);
  await refusingConflicts(
    () =>
      q.insert(o).values({
        id,
        orderNo: orderNo(id),
        elevatorId: input.elevatorId,
        orgId: input.orgId,
        useUnitId,
        state: 'applied',
        nextInspectionDate: next,
        ...files,
        applyRemark: input.remark || null,
        appliedBy: user.id,
      }),
    { unique: DUPLICATE },
  );
  await record(q, user, id, 'apply', null, 'applied');
  await linkParams(q, id, input.orgId, input.elevatorId);
  return orderDetail(q, user, id);
}

export async function nextOrderId(q: Queryable): Promise<number> {
  const [row] = await q
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('inspection_order', 'id'))`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return row.id;
}
/** JY + the month of application + the id, six digits: JY202611-000123. */
export const orderNo = (id: number, month = shanghaiMonth()) =>
  `JY${month.replace('-', '')}-${String(id).padStart(6, '0')}`;

/** `update`: the use unit corrects an order not yet accepted (applied or returned). */
export async function updateOrder(
  q: Queryable,
  user: AuthUser,
  input: {
    id: number;
    version: number;
    orgId?: number;
    attachments?: InspectionOrderAttachmentsInput;
    remark?: string;
  },
) {
  const order = await visibleOrder(q, user, input.id);
  asUseUnit(user, order, '修改申请');
  if (input.orgId !== undefined) await checkOrg(q, input.orgId);
  const files = input.attachments ? await attachmentsOf(q, user, input.attachments) : {};
  const state = order.state as InspectionOrderState;
  await move(q, user, order, {
    from: ['applied', 'returned'],
    to: state,
    action: 'update',
    verb: '已受理的申请不能修改',
    version: input.version,
    set: {
      ...(input.orgId !== undefined ? { orgId: input.orgId } : {}),
      ...files,
      ...(input.remark !== undefined ? { applyRemark: input.remark || null } : {}),
    },
  });
  if (input.orgId !== undefined) await linkParams(q, order.id, input.orgId, order.elevatorId);
  return orderDetail(q, user, order.id);
}

/** `cancelBind`: the use unit withdraws an order not yet accepted. */
export async function cancelOrder(
  q: Queryable,
  user: AuthUser,
  input: { id: number; version?: number; reason?: string },
) {
  const order = await visibleOrder(q, user, input.id);
  asUseUnit(user, order, '撤回申请');
  await move(q, user, order, {
    from: ['applied', 'returned'],
    to: 'cancelled',
    action: 'cancel',
    verb: '已受理的申请不能撤回，请联系检验机构关闭',
    version: input.version,
    reason: input.reason || null,
  });
  await unlinkParams(q, order.id);
  return orderDetail(q, user, order.id);
}

// ---------------------------------------------------------------- the organisation

export async function acceptOrder(q: Queryable, user: AuthUser, input: { id: number; version?: number }) {
  const order = await visibleOrder(q, user, input.id);
  asOrg(user, order, '受理');
  await move(q, user, order, {
    from: ['applied'],
    to: 'accepted',
    action: 'accept',
    verb: '只有待受理的申请可以受理',
    version: input.version,
    set: { acceptedAt: new Date() },
  });
  return orderDetail(q, user, order.id);
}

export async function sendBackOrder(
  q: Queryable,
  user: AuthUser,
  input: { id: number; version?: number; reason: string },
) {
  const order = await visibleOrder(q, user, input.id);
  asOrg(user, order, '退回');
  await move(q, user, order, {
    from: ['applied'],
    to: 'returned',
    action: 'sendBack',
    verb: '只有待受理的申请可以退回',
    version: input.version,
    reason: input.reason,
    set: { returnReason: input.reason },
  });
  return orderDetail(q, user, order.id);
}

export async function closeOrder(
  q: Queryable,
  user: AuthUser,
  input: { id: number; version?: number; reason: string },
) {
  const order = await visibleOrder(q, user, input.id);
  asOrg(user, order, '关闭');
  await move(q, user, order, {
    from: OPEN,
    to: 'closed',
    action: 'close',
    verb: '已办结的申请不能关闭',
    version: input.version,
    reason: input.reason,
    set: { closeReason: input.reason },
  });
  await unlinkParams(q, order.id);
  return orderDetail(q, user, order.id);
}

/** `saveRemark`: the organisation's internal remark, in any state (not a state change, no version). */
export async function saveRemark(q: Queryable, user: AuthUser, input: { id: number; remark: string }) {
  const order = await visibleOrder(q, user, input.id);
  asOrg(user, order, '保存备注');
  await q
    .update(o)
    .set({ orgRemark: input.remark || null, version: sql`${o.version} + 1`, updatedAt: new Date() })
    .where(eq(o.id, order.id));
  await record(q, user, order.id, 'remark', order.state, order.state, input.remark || null);
  return orderDetail(q, user, order.id);
}

// ---------------------------------------------------------------- quote and charge notice

/**
 * `quotedPrice`: the fee computed by the tariff (catalog's quote from the lift's technical
 * parameters, the registry's facts where none are recorded); never typed. From 已受理, or again from
 * 已报价 while no notice is issued (the tariff or parameters changed).
 */
export async function quoteOrder(q: Queryable, user: AuthUser, input: { id: number; version?: number }) {
  const order = await visibleOrder(q, user, input.id);
  asOrg(user, order, '报价');
  if (!['accepted', 'quoted'].includes(order.state))
    throw conflict(`该检验申请当前状态为「${stateLabel(order.state)}」，只有已受理的申请可以报价`);
  let computed: Awaited<ReturnType<typeof quote>>;
  try {
    computed = await quote(q, user, { elevatorId: order.elevatorId, inspectionType: 'periodic' });
  } catch (err) {
    if (err instanceof AppError && err.status === 404)
      throw conflict(
        '该电梯不在本机构的检验区域，且本机构未录入其技术参数，无法按收费标准报价；请先录入技术参数',
      );
    throw err;
  }
  const at = new Date();
  const q2: InspectionOrderQuote = {
    amount: computed.total,
    lines: computed.lines,
    notes: computed.notes,
    quotedAt: formatDateTime(at),
  };
  await move(q, user, order, {
    from: ['accepted', 'quoted'],
    to: 'quoted',
    action: 'quote',
    verb: '只有已受理的申请可以报价',
    version: input.version,
    reason: `报价 ${(computed.total / 100).toFixed(2)} 元`,
    set: { quoteAmount: computed.total, quote: q2, quotedAt: at },
  });
  return orderDetail(q, user, order.id);
}

const noticeNoOf = (orderNo: string) => `SF${orderNo.slice(2)}`;

/** `preChargeNotice`: the notice as it would be issued (nothing saved). */
export async function previewNotice(q: Queryable, user: AuthUser, input: { id: number; dueDate?: string }) {
  const order = await visibleOrder(q, user, input.id);
  asOrg(user, order, '签发收费通知单');
  if (order.state !== 'quoted' || !order.quote)
    throw conflict(`该检验申请当前状态为「${stateLabel(order.state)}」，只有已报价的申请可以签发收费通知单`);
  const { parts } = await noticeParts(q, order.id);
  return {
    id: null,
    orderId: order.id,
    orderNo: order.orderNo,
    noticeNo: null,
    ...parts,
    amount: order.quote.amount,
    items: order.quote.lines,
    dueDate: input.dueDate ?? addDays(shanghaiToday(), 30),
    issuedAt: null,
    payState: 'unpaid' as const,
    payStateLabel: '未缴费',
    paidAt: null,
    payMethod: null,
    payRemark: null,
    version: null,
  };
}

/** `signChargeNotice`: issues the notice from the quote (已报价 → 待缴费), in the same transaction. */
export async function signNotice(
  q: Queryable,
  user: AuthUser,
  input: { id: number; version?: number; dueDate?: string },
) {
  const order = await visibleOrder(q, user, input.id);
  asOrg(user, order, '签发收费通知单');
  const today = shanghaiToday();
  if (input.dueDate && input.dueDate < today)
    throw badRequest('缴费截止日期不能早于今天', [{ field: 'dueDate', message: '缴费截止日期不能早于今天' }]);
  await move(q, user, order, {
    from: ['quoted'],
    to: 'noticed',
    action: 'notice',
    verb: '只有已报价的申请可以签发收费通知单',
    // The version read at least: a re-quote meanwhile (it bumps the version) refuses the notice,
    // which would otherwise copy the quote read before it.
    version: input.version ?? order.version,
  });
  // The move succeeded on the row as read: its quote is the one the notice copies.
  const quoteNow = order.quote!;
  await q.insert(n).values({
    orderId: order.id,
    noticeNo: noticeNoOf(order.orderNo),
    amount: quoteNow.amount,
    items: quoteNow.lines,
    dueDate: input.dueDate ?? addDays(today, 30),
    issuedBy: user.id,
  });
  return orderDetail(q, user, order.id);
}

/** `tbInspectionChargeNotice/add`: records the payment or the exemption of an unpaid notice, once. */
export async function recordPayment(
  q: Queryable,
  user: AuthUser,
  input: {
    orderId: number;
    version?: number;
    payState: 'paid' | 'exempt';
    paidAt?: string;
    payMethod?: string;
    payRemark?: string;
  },
) {
  const order = await visibleOrder(q, user, input.orderId);
  asOrg(user, order, '登记缴费');
  const [notice] = await q.select().from(n).where(eq(n.orderId, order.id));
  if (!notice) throw notFound('该检验申请尚未签发收费通知单');
  const today = shanghaiToday();
  if (input.paidAt && input.paidAt > today)
    throw badRequest('缴费日期不能晚于今天', [{ field: 'paidAt', message: '缴费日期不能晚于今天' }]);
  const rows = await q
    .update(n)
    .set({
      payState: input.payState,
      paidAt: input.payState === 'paid' ? (input.paidAt ?? today) : null,
      payMethod: input.payMethod || null,
      payRemark: input.payRemark || null,
      recordedBy: user.id,
      version: sql`${n.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(n.id, notice.id),
        eq(n.payState, 'unpaid'),
        input.version !== undefined ? eq(n.version, input.version) : undefined,
      ),
    )
    .returning();
  if (rows.length === 0) {
    const [now] = await q.select({ payState: n.payState }).from(n).where(eq(n.id, notice.id));
    throw conflict(
      now?.payState === 'unpaid'
        ? '该收费通知单已被他人修改，请刷新后重试'
        : `该收费通知单已登记为「${now?.payState === 'paid' ? '已缴费' : '免缴费'}」，不能重复登记`,
    );
  }
  await record(
    q,
    user,
    order.id,
    input.payState === 'paid' ? 'pay' : 'exempt',
    order.state,
    order.state,
    input.payRemark || null,
  );
  const { parts } = await noticeParts(q, order.id);
  return noticeView(order, parts, rows[0]);
}

// ---------------------------------------------------------------- distribution

/**
 * `distribution`: an inspector of the same organisation who passed the audit and whose certificate
 * is valid on the on-site date, and an on-site date from today on (待缴费 → 已分配; again while
 * 已分配, to change the inspector or the date before the inspection starts).
 */
export async function distributeOrder(
  q: Queryable,
  user: AuthUser,
  input: { id: number; version?: number; inspectorId: number; plannedDate: string },
) {
  const order = await visibleOrder(q, user, input.id);
  asOrg(user, order, '分配检验人员');
  const today = shanghaiToday();
  if (input.plannedDate < today)
    throw badRequest('现场检验日期不能早于今天', [
      { field: 'plannedDate', message: '现场检验日期不能早于今天' },
    ]);
  const [inspector] = await passedInspectorsOf(q, order.orgId, [input.inspectorId]);
  if (!inspector) throw notFound('检验人员不存在、不属于本机构或未通过审核');
  if (!inspector.validUntil || inspector.validUntil < input.plannedDate)
    throw badRequest(
      `检验人员${inspector.name}的资格证书${inspector.validUntil ? `有效期至 ${inspector.validUntil}，` : '未登记有效期，'}现场检验日期须在证书有效期内`,
      [{ field: 'inspectorId', message: '检验人员证书已过期' }],
    );
  await move(q, user, order, {
    from: ['noticed', 'distributed'],
    to: 'distributed',
    action: 'distribute',
    verb: '只有已签发收费通知单的申请可以分配检验人员',
    version: input.version,
    reason: `${inspector.name}，现场检验日期 ${input.plannedDate}`,
    set: {
      inspectorId: inspector.id,
      inspectorUserId: inspector.userId,
      plannedDate: input.plannedDate,
      distributedAt: new Date(),
    },
  });
  return orderDetail(q, user, order.id);
}

export { ORDER_NOT_FOUND };
