import { type CallParsedInput, type RepairRow, type repairCalls, shanghaiToday } from '@ec/contract';
import type { ExportSource } from '../../../platform/exports.ts';
import { repairBatches, repairCount } from './service.ts';

type Filters = CallParsedInput<(typeof repairCalls)['export']>;

/** 导出 of 故障报修 by filter: in the background when large (platform/exports.ts), else at once. */
export const repairExport: ExportSource<Filters, RepairRow> = {
  name: 'repair',
  label: '故障报修',
  sheetName: '故障报修',
  fileName: () => `故障报修_${shanghaiToday()}.xlsx`,
  columns: [
    { header: '报修单号', width: 22, value: (r) => r.repairNo },
    { header: '注册代码', width: 24, value: (r) => r.registerCode ?? '' },
    { header: '电梯地址', width: 36, value: (r) => r.address ?? '' },
    { header: '故障类型', width: 16, value: (r) => r.hitchTypeLabel },
    { header: '故障描述', width: 36, value: (r) => r.description ?? '' },
    { header: '报修人', width: 12, value: (r) => r.reporterName ?? '' },
    { header: '联系电话', width: 16, value: (r) => r.reporterPhone ?? '' },
    { header: '来源', width: 10, value: (r) => r.sourceLabel },
    { header: '状态', width: 10, value: (r) => r.statusLabel },
    { header: '维保单位', width: 28, value: (r) => r.maintenanceCompanyName ?? '' },
    { header: '使用单位', width: 28, value: (r) => r.useCompanyName ?? '' },
    { header: '报修时间', width: 20, value: (r) => r.createTime },
    { header: '完成时间', width: 20, value: (r) => r.finishTime ?? '' },
    { header: '处理结果', width: 36, value: (r) => r.result ?? '' },
  ],
  count: (db, user, f) => repairCount(db, user, f),
  batches: (db, user, f) => repairBatches(db, user, f),
};
