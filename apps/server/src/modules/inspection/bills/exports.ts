import {
  type CallParsedInput,
  formatYuan,
  type InspectionBillRow,
  type inspectionBillCalls,
  shanghaiToday,
} from '@ec/contract';
import { keysetBatches } from '../../../platform/excel.ts';
import type { ExportSource } from '../../../platform/exports.ts';
import { billBatch, billCount, periodText } from './read.ts';

/** 导出 of 检验账单 by the list's filters: in the background when large (platform/exports.ts). */
export const billExport: ExportSource<
  CallParsedInput<typeof inspectionBillCalls.export>,
  InspectionBillRow
> = {
  name: 'inspection-bill',
  label: '检验账单',
  sheetName: '检验账单',
  fileName: () => `检验账单_${shanghaiToday()}.xlsx`,
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
  count: (db, user, f) => billCount(db, user, f),
  batches: (db, user, f) => keysetBatches((after, size) => billBatch(db, user, f, after, size)),
};
