import { inspectionBillCalls as C } from '@ec/contract';
import { exportList } from '../../../platform/exports.ts';
import { implement } from '../../../platform/http/implement.ts';
import { billExport } from './exports.ts';
import { batchEditBills, createBill } from './flow.ts';
import { billDetail, billReports, listBills, managementExpense } from './read.ts';

const tx = { tx: true };

/** 检验账单: thin bindings over the scoped services (read.ts, flow.ts). */
export const billRoutes = [
  implement(C.list, (f, { user, db }) => listBills(db, user, f)),
  implement(C.get, ({ id }, { user, db }) => billDetail(db, user, id)),
  implement(C.reports, (f, { user, db }) => billReports(db, user, f)),
  implement(C.managementExpense, (f, { user, db }) => managementExpense(db, user, f)),
  implement(C.create, (v, { user, db }) => createBill(db, user, v), tx),
  implement(C.export, (f, ctx) => exportList(ctx, billExport, f)),
  implement(C.batchEdit, (v, { user, db }) => batchEditBills(db, user, v), tx),
];
