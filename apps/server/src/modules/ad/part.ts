import type { ModulePart } from '../../platform/module.ts';
import type { OrderHooks } from './orders/hooks.ts';

/**
 * One part of the advertising module (points, customers and leads, orders; tasks, mini-program
 * users, settlement): what it adds to the module, declared beside its code. Besides the platform's
 * part fields, a part may react to the orders' moves (`orderHooks`: e.g. the tasks part makes the
 * install tasks when an order is confirmed); index.ts installs them once, explicitly.
 */
export type AdPart = ModulePart & { orderHooks?: Partial<OrderHooks> };
export { joinParts } from '../../platform/module.ts';
