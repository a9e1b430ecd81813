import { guardLeaseChanges } from '../rescue/api.ts';
import { customerPart } from './customers/index.ts';
import { installOrderHooks } from './orders/hooks.ts';
import { orderPart } from './orders/index.ts';
import { refuseLeaseLoss } from './orders/leases.ts';
import { type AdPart, joinParts } from './part.ts';
import { pointPart } from './points/index.ts';
import { settlementPart } from './settlement/index.ts';
import { taskPart } from './tasks/index.ts';
import { userPart } from './users/index.ts';

/**
 * 电梯广告 (issue 19): an advertising operator's points in the city's lifts, its customers and the
 * partner channel's leads, orders booking points for dates (no point twice on a day: an exclusion
 * constraint), install tasks with QR codes and their logs, the mini-program users and the
 * settlement with the use units that host the points. Each part lives in its folder (part.ts).
 */
const parts: AdPart[] = [
  pointPart,
  customerPart,
  orderPart,
  // tasks, users, settlement: one line each.
  userPart,
  taskPart,
  settlementPart,
];

installOrderHooks(parts.flatMap((p) => (p.orderHooks ? [p.orderHooks] : [])));
// Lease before booking: a lease an order not yet finished or cancelled needs cannot shrink under it.
guardLeaseChanges(refuseLeaseLoss);

export const adModule = joinParts('ad', parts);
