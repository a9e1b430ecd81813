import type { Queryable } from '../../../platform/db/client.ts';

/** A lift leased (租赁签约, kind 2) by its use unit to an advertising operator. */
export interface LeasedLift {
  partnerId: number;
  elevatorId: number;
  useCompanyId: number;
}

/**
 * A check another module runs when leases shrink (deleted, shortened, a lift taken out, the operator,
 * the use unit or the kind changed): called inside the lease write's transaction, after the write,
 * with the leases' rows locked `for update` and the (operator, lift, use unit) triples the changed
 * leases covered before; it throws (a 409) to refuse the change.
 */
export type LeaseGuard = (tx: Queryable, lifts: LeasedLift[]) => Promise<void>;

const guards = new Set<LeaseGuard>();

export function addLeaseGuard(guard: LeaseGuard): void {
  guards.add(guard);
}

/** Runs every guard for the triples a lease write took away from (nothing when none). */
export async function runLeaseGuards(tx: Queryable, lifts: LeasedLift[]): Promise<void> {
  if (lifts.length === 0) return;
  for (const guard of guards) await guard(tx, lifts);
}
