import { INSPECTION_ORDER_STATE_LABEL, type InspectionOrderState } from '@ec/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { conflict } from '../../../platform/errors.ts';
import { unlinkParams } from '../orders/flow.ts';
import { inspectionOrderEvent as ev, inspectionOrder as o } from '../orders/tables.ts';

/*
 * The order's moves the inspection makes (contract inspection/orders.ts): 已分配 → 检验中 with the first
 * results, 检验中 → 已出报告 when the first report is pushed. One conditional UPDATE each, a history row
 * with it. (orders/ exports no such move; these write the order's table within the module.)
 */

const label = (s: string) => INSPECTION_ORDER_STATE_LABEL[s as InspectionOrderState] ?? s;

async function move(q: Queryable, user: AuthUser, orderId: number, from: string, to: string, action: string) {
  const rows = await q
    .update(o)
    .set({ state: to, version: sql`${o.version} + 1`, updatedAt: new Date() })
    .where(and(eq(o.id, orderId), eq(o.state, from)))
    .returning({ id: o.id });
  if (rows.length === 0) return false;
  await q.insert(ev).values({
    orderId,
    action,
    fromState: from,
    toState: to,
    actorId: user.id,
    actorName: user.realName || user.username,
  });
  return true;
}

const stateOf = async (q: Queryable, orderId: number) =>
  (await q.select({ state: o.state }).from(o).where(eq(o.id, orderId)))[0]?.state ?? 'closed';

/** 已分配 → 检验中 (already 检验中: nothing to do); any other state: 409. */
export async function orderInspecting(q: Queryable, user: AuthUser, orderId: number) {
  if (await move(q, user, orderId, 'distributed', 'inspecting', 'inspect')) return;
  const state = await stateOf(q, orderId);
  if (state !== 'inspecting') throw conflict(`该检验申请当前状态为「${label(state)}」，不能录入检验结果`);
}

/** 检验中 → 已出报告, the lift's parameters free for its next order; any other state: 409. */
export async function orderReported(q: Queryable, user: AuthUser, orderId: number) {
  if (await move(q, user, orderId, 'inspecting', 'reported', 'report')) {
    await unlinkParams(q, orderId);
    return;
  }
  throw conflict(`该检验申请当前状态为「${label(await stateOf(q, orderId))}」，不能出具报告`);
}
