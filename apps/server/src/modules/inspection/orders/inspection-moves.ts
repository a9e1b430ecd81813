import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { conflict } from '../../../platform/errors.ts';
import { moveRow, unlinkParams } from './flow.ts';
import { stateLabel } from './read.ts';
import { inspectionOrder as o } from './tables.ts';

/*
 * The order's moves the inspection makes (reports/, contract inspection/orders.ts): 已分配 → 检验中
 * with the first results, 检验中 → 已出报告 when the first report is pushed. The orders' own
 * conditional UPDATE and history row (moveRow); the report's write runs in the same transaction.
 */

const stateOf = async (q: Queryable, orderId: number) =>
  (await q.select({ state: o.state }).from(o).where(eq(o.id, orderId)))[0]?.state ?? 'closed';

/** 已分配 → 检验中 (already 检验中: nothing to do); any other state: 409. */
export async function orderInspecting(q: Queryable, user: AuthUser, orderId: number) {
  const moved = await moveRow(q, user, orderId, {
    from: ['distributed'],
    to: 'inspecting',
    action: 'inspect',
    fromState: 'distributed',
  });
  if (moved) return;
  const state = await stateOf(q, orderId);
  if (state !== 'inspecting')
    throw conflict(`该检验申请当前状态为「${stateLabel(state)}」，不能录入检验结果`);
}

/** 检验中 → 已出报告, the lift's parameters free for its next order; any other state: 409. */
export async function orderReported(q: Queryable, user: AuthUser, orderId: number) {
  const moved = await moveRow(q, user, orderId, {
    from: ['inspecting'],
    to: 'reported',
    action: 'report',
    fromState: 'inspecting',
  });
  if (!moved)
    throw conflict(`该检验申请当前状态为「${stateLabel(await stateOf(q, orderId))}」，不能出具报告`);
  await unlinkParams(q, orderId);
}
