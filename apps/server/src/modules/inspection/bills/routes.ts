import { inspectionBillCalls as C, formatYuan, shanghaiToday } from '@ec/contract';
import { keysetBatches, streamXlsx } from '../../../platform/excel.ts';
import { implement } from '../../../platform/http/implement.ts';
import { batchEditBills, createBill } from './flow.ts';
import { billBatch, billDetail, billReports, listBills, managementExpense, periodText } from './read.ts';

const tx = { tx: true };

/** 检验账单: thin bindings over the scoped services (read.ts, flow.ts). */
export const billRoutes = [
  implement(C.list, (f, { user, db }) => listBills(db, user, f)),
  implement(C.get, ({ id }, { user, db }) => billDetail(db, user, id)),
  implement(C.reports, (f, { user, db }) => billReports(db, user, f)),
  implement(C.managementExpense, (f, { user, db }) => managementExpense(db, user, f)),
  implement(C.create, (v, { user, db }) => createBill(db, user, v), tx),
  implement(C.export, (f, { user, reply, db }) =>
    streamXlsx(reply, {
      fileName: `检验账单_${shanghaiToday()}.xlsx`,
      sheetName: '检验账单',
      columns: [
        { header: '账单编号', width: 18, value: (r) => r.billNo },
        { header: '使用单位', width: 30, value: (r) => r.useUnitName ?? '' },
        { header: '检验机构', width: 30, value: (r) => r.orgName ?? '' },
        { header: '账期', width: 24, value: (r) => periodText(r.periodFrom, r.periodTo) },
        { header: '笔数', width: 8, value: (r) => r.chargeCount },
        { header: '应收（元）', width: 14, value: (r) => formatYuan(r.amount) },
        { header: '已缴（元）', width: 14, value: (r) => formatYuan(r.paidAmount) },
        { header: '免缴（元）', width: 14, value: (r) => formatYuan(r.exemptAmount) },
        { header: '未缴（元）', width: 14, value: (r) => formatYuan(r.unpaidAmount) },
        { header: '状态', width: 10, value: (r) => r.stateLabel },
        { header: '生成时间', width: 20, value: (r) => r.createdAt },
        { header: '备注', width: 30, value: (r) => r.remark ?? '' },
      ],
      batches: keysetBatches((after, size) => billBatch(db, user, f, after, size)),
    }),
  ),
  implement(C.batchEdit, (v, { user, db }) => batchEditBills(db, user, v), tx),
];
