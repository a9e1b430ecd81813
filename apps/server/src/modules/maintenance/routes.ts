import {
  elevatorCalls,
  maintenanceContentCalls,
  maintenanceItemCalls,
  maintenanceOrderCalls,
  maintenancePlanCalls,
  maintenanceWorkCalls,
  orderCheckCalls,
  pictureCheckCalls,
} from '@ec/contract';
import { implement } from '../../platform/http/implement.ts';
import { requireLiftInScope } from '../elevator/api.ts';
import { verifyChain } from './chain.ts';
import { listChecks, markChecks } from './checks.ts';
import { exportOrdersPdf } from './export.ts';
import { audit, confirm, saveProgress, signIn, signOut, submit } from './orders/flow.ts';
import {
  listOrders,
  orderDetail,
  orderInScope,
  orderParts,
  orderRecords,
  orderWorkers,
} from './orders/read.ts';
import { coworkersOf, myOrders } from './orders/work.ts';
import {
  deletePlans,
  liftMaintenanceInfo,
  listMaintainedLifts,
  requireMaintainedLift,
  savePlan,
} from './plans.ts';
import {
  addItem,
  addTemplate,
  deleteItems,
  deleteTemplates,
  itemDetail,
  listItems,
  listTemplates,
  templateDetail,
  updateItem,
  updateTemplate,
} from './templates/service.ts';

const tx = { tx: true };
const O = maintenanceOrderCalls;
const W = maintenanceWorkCalls;

const orderRoutes = [
  implement(elevatorCalls.detailMaintenanceOrderInfo, async ({ elevatorId, page, limit }, { user, db }) => {
    await requireLiftInScope(db, user, elevatorId);
    return listOrders(db, user, { elevatorId, page, limit });
  }),
  implement(elevatorCalls.detailMaintenanceInfo, ({ elevatorId }, { user, db }) =>
    liftMaintenanceInfo(db, user, elevatorId),
  ),
  implement(O.queryList, (f, { user, db }) => listOrders(db, user, f)),
  implement(O.info, ({ id }, { user, db }) => orderDetail(db, user, id)),
  implement(O.queryOrderRecord, ({ orderId, page, limit }, { user, db }) =>
    orderRecords(db, user, orderId, page, limit),
  ),
  implement(O.partInfo, ({ orderId }, { user, db }) => orderParts(db, user, orderId)),
  implement(O.userInfo, ({ orderId }, { user, db }) => orderWorkers(db, user, orderId)),
  implement(O.confirm, (input, { user, db }) => confirm(db, user, input), tx),
  implement(O.auditPass, (input, { user, db }) => audit(db, user, input, true), tx),
  implement(O.auditReject, (input, { user, db }) => audit(db, user, input, false), tx),
  implement(O.verifyChain, async ({ orderId }, { user, db }) => {
    const { order } = await orderInScope(db, user, orderId);
    return verifyChain(db, order.elevatorId, order.chainSeq);
  }),
  implement(O.batchExportPDF, (input, { user, reply, platform }) =>
    exportOrdersPdf(platform, user, input, reply),
  ),
];

const workRoutes = [
  implement(W.myOrders, ({ date }, { user, db }) => myOrders(db, user, date)),
  implement(W.coworkers, ({ id }, { user, db }) => coworkersOf(db, user, id)),
  implement(W.signIn, (input, { user, db }) => signIn(db, user, input), tx),
  implement(W.saveProgress, (input, { user, db }) => saveProgress(db, user, input), tx),
  implement(W.signOut, (input, { user, db }) => signOut(db, user, input), tx),
  implement(W.submit, (input, { user, db }) => submit(db, user, input), tx),
];

const templateRoutes = [
  implement(maintenanceContentCalls.queryList, (f, { db }) => listTemplates(db, f)),
  implement(maintenanceContentCalls.queryDetail, ({ id }, { db }) => templateDetail(db, id)),
  implement(maintenanceContentCalls.add, (f, { db }) => addTemplate(db, f), tx),
  implement(maintenanceContentCalls.update, (f, { db }) => updateTemplate(db, f), tx),
  implement(maintenanceContentCalls.delete, ({ ids }, { db }) => deleteTemplates(db, ids), tx),
  implement(maintenanceItemCalls.queryList, (f, { db }) => listItems(db, f)),
  implement(maintenanceItemCalls.queryDetail, ({ id }, { db }) => itemDetail(db, id)),
  implement(maintenanceItemCalls.add, (f, { db }) => addItem(db, f), tx),
  implement(maintenanceItemCalls.update, (f, { db }) => updateItem(db, f), tx),
  implement(maintenanceItemCalls.delete, ({ ids }, { db }) => deleteItems(db, ids), tx),
];

const planRoutes = [
  implement(maintenancePlanCalls.queryList, (f, { user, db }) => listMaintainedLifts(db, user, f)),
  implement(maintenancePlanCalls.queryDetail, ({ elevatorId }, { user, db }) =>
    requireMaintainedLift(db, user, elevatorId),
  ),
  implement(maintenancePlanCalls.save, (f, { user, db }) => savePlan(db, user, f), tx),
  implement(maintenancePlanCalls.delete, ({ ids }, { user, db }) => deletePlans(db, user, ids), tx),
];

const checkRoutes = (calls: typeof orderCheckCalls | typeof pictureCheckCalls, page: 'order' | 'picture') => [
  implement(calls.list, (f, { user, db }) => listChecks(db, user, f, page)),
  implement(calls.update, ({ id, verdict, note }, { user, db }) =>
    markChecks(db, user, [id], verdict, note, page),
  ),
  implement(calls.updateByIds, ({ ids, verdict, note }, { user, db }) =>
    markChecks(db, user, ids, verdict, note, page),
  ),
];

export const maintenanceRoutes = [
  ...orderRoutes,
  ...workRoutes,
  ...templateRoutes,
  ...planRoutes,
  ...checkRoutes(orderCheckCalls, 'order'),
  ...checkRoutes(pictureCheckCalls, 'picture'),
];
