import type { AuthUser } from '../../../platform/access.ts';
import type { Tx } from '../../../platform/db/client.ts';

/**
 * What the orders tell the other parts of the module when an order moves: the order and its
 * booked lines, inside the transaction of the move (a hook that throws undoes the move).
 */
export interface OrderEvent {
  orderId: number;
  orderNo: string;
  /** The advertising operator. */
  companyId: number;
  customId: number;
  startDate: string;
  endDate: string;
  lines: { lineId: number; pointId: number; elevatorId: number; startDate: string; endDate: string }[];
  /** Who moved it (null: a job). */
  user: AuthUser | null;
}

export type OrderHook = (tx: Tx, order: OrderEvent) => Promise<void>;

/**
 * The moves other parts may react to:
 * - `confirmed`: 待审核 → 已确认 (the tasks part makes the install tasks per point);
 * - `started`: 已确认 → 投放中;
 * - `finished`: → 已完成 at the order's end (removal tasks);
 * - `cancelled`: → 已取消 (the points are freed before the hook runs; open tasks may be closed).
 */
export interface OrderHooks {
  confirmed: OrderHook[];
  started: OrderHook[];
  finished: OrderHook[];
  cancelled: OrderHook[];
}

const installed: OrderHooks = { confirmed: [], started: [], finished: [], cancelled: [] };

/** Called once by the module's index.ts with the parts' hooks (nothing registers on import). */
export function installOrderHooks(parts: Partial<OrderHooks>[]): void {
  for (const key of Object.keys(installed) as (keyof OrderHooks)[])
    installed[key] = parts.flatMap((p) => p[key] ?? []);
}

/** Runs the installed hooks of a move, in the order of the parts. */
export async function runOrderHooks(kind: keyof OrderHooks, tx: Tx, order: OrderEvent): Promise<void> {
  for (const hook of installed[kind]) await hook(tx, order);
}
