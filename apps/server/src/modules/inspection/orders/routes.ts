import { inspectionOrderCalls as C, chargeNoticeCalls as N } from '@ec/contract';
import { exportList } from '../../../platform/exports.ts';
import { implement } from '../../../platform/http/implement.ts';
import { overdueLiftExport } from './exports.ts';
import {
  acceptOrder,
  applyOrder,
  cancelOrder,
  closeOrder,
  distributeOrder,
  previewNotice,
  quoteOrder,
  recordPayment,
  saveRemark,
  sendBackOrder,
  signNotice,
  updateOrder,
} from './flow.ts';
import { overdueByDistrict, overdueLifts } from './overview.ts';
import {
  applicableLifts,
  chargeData,
  listOrders,
  noticeDetail,
  orderDetail,
  orderMain,
  orderStatistics,
  orgOptions,
} from './read.ts';

const tx = { tx: true };

/** 检验申请 and 收费通知单: thin bindings over the scoped services (read.ts, flow.ts). */
export const orderRoutes = [
  implement(C.organizationQuery, (f, { user, db }) => listOrders(db, user, f)),
  implement(C.inspectorQuery, (f, { user, db }) => listOrders(db, user, f, true)),
  implement(C.useUnitQuery, (f, { user, db }) => listOrders(db, user, f)),
  implement(C.applicableLifts, (f, { user, db }) => applicableLifts(db, user, f)),
  implement(C.orgOptions, (f, { db }) => orgOptions(db, f)),
  implement(C.get, ({ id }, { user, db }) => orderDetail(db, user, id)),
  implement(C.apply, (v, { user, db }) => applyOrder(db, user, v), tx),
  implement(C.update, (v, { user, db }) => updateOrder(db, user, v), tx),
  implement(C.cancelBind, (v, { user, db }) => cancelOrder(db, user, v), tx),
  implement(C.acceptance, (v, { user, db }) => acceptOrder(db, user, v), tx),
  implement(C.sendBack, (v, { user, db }) => sendBackOrder(db, user, v), tx),
  implement(C.close, (v, { user, db }) => closeOrder(db, user, v), tx),
  implement(C.saveRemark, (v, { user, db }) => saveRemark(db, user, v), tx),
  implement(C.quotedPrice, (v, { user, db }) => quoteOrder(db, user, v), tx),
  implement(C.chargeData, ({ id }, { user, db }) => chargeData(db, user, id)),
  implement(C.preChargeNotice, (v, { user, db }) => previewNotice(db, user, v)),
  implement(C.signChargeNotice, (v, { user, db }) => signNotice(db, user, v), tx),
  implement(C.distribution, (v, { user, db }) => distributeOrder(db, user, v), tx),
  implement(C.inspecttionOrganizationMain, (_f, { user, db }) => orderMain(db, user)),
  implement(C.inspecttionOrganizationStatistics, (f, { user, db }) => orderStatistics(db, user, f)),
  implement(C.overdueByDistrict, (_f, { user, db }) => overdueByDistrict(db, user)),
  implement(C.overdueLifts, (f, { user, db }) => overdueLifts(db, user, f)),
  implement(C.overdueLiftsExport, (f, ctx) => exportList(ctx, overdueLiftExport, f)),
  implement(N.add, (v, { user, db }) => recordPayment(db, user, v), tx),
  implement(N.getDetail, ({ orderId }, { user, db }) => noticeDetail(db, user, orderId)),
];
