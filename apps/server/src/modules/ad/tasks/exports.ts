import {
  type AdTaskLogRow,
  type AdTaskStat,
  type adTaskCalls,
  type CallParsedInput,
  shanghaiToday,
} from '@ec/contract';
import type { ExportSource } from '../../../platform/exports.ts';
import { logBatches, logCount, logStats } from './service.ts';

/** 导出 of 投放日志 by the list's filters: in the background when large (platform/exports.ts). */
export const taskLogExport: ExportSource<CallParsedInput<typeof adTaskCalls.export>, AdTaskLogRow> = {
  name: 'ad-task-log',
  label: '投放日志',
  sheetName: '投放日志',
  fileName: () => `投放日志_${shanghaiToday()}.xlsx`,
  columns: [
    { header: '日志编号', width: 10, value: (r) => r.id },
    { header: '订单号', width: 22, value: (r) => r.orderNo ?? '' },
    { header: '点位编号', width: 18, value: (r) => r.pointName ?? '' },
    { header: '注册代码', width: 24, value: (r) => r.registerCode ?? '' },
    { header: '地址', width: 36, value: (r) => r.address ?? '' },
    { header: '任务类型', width: 10, value: (r) => r.taskKindLabel },
    { header: '安装人员', width: 12, value: (r) => r.workerName ?? '' },
    { header: '提交时间', width: 20, value: (r) => r.logTime },
    { header: '距电梯（米）', width: 12, value: (r) => r.distanceM ?? '' },
    { header: '距离超限', width: 10, value: (r) => (r.far ? '是' : '否') },
    { header: '状态', width: 10, value: (r) => r.statusLabel },
    { header: '审核人', width: 12, value: (r) => r.reviewerName ?? '' },
    { header: '审核时间', width: 20, value: (r) => r.reviewTime ?? '' },
    { header: '审核意见', width: 30, value: (r) => r.reviewRemark ?? '' },
  ],
  count: (db, user, f) => logCount(db, user, f),
  batches: (db, user, f) => logBatches(db, user, f),
};

type StatFilters = CallParsedInput<typeof adTaskCalls.exportStat>;

/** 投放统计 as the page shows it (logStats: the same scope, dimension and dates), one sheet per dimension. */
function statExport(
  by: StatFilters['by'],
  label: string,
  keyHeader: string,
): ExportSource<StatFilters, AdTaskStat> {
  return {
    name: `ad-task-stat-${by}`,
    label: `投放统计（${label}）`,
    sheetName: '投放统计',
    fileName: () => `投放统计_${label}_${shanghaiToday()}.xlsx`,
    columns: [
      { header: keyHeader, width: by === 'order' ? 22 : 14, value: (r) => r.name },
      { header: '日志数', width: 10, value: (r) => r.logs },
      { header: '待审核', width: 10, value: (r) => r.pending },
      { header: '已通过', width: 10, value: (r) => r.approved },
      { header: '已驳回', width: 10, value: (r) => r.rejected },
      { header: '距离超限', width: 10, value: (r) => r.far },
      { header: '涉及任务', width: 10, value: (r) => r.tasks },
      { header: '已完成任务', width: 12, value: (r) => r.doneTasks },
    ],
    count: async (db, user, f) => (await logStats(db, user, { ...f, by })).length,
    async *batches(db, user, f) {
      yield await logStats(db, user, { ...f, by });
    },
  };
}

export const taskStatExports = {
  worker: statExport('worker', '按安装人员', '安装人员'),
  order: statExport('order', '按订单', '订单号'),
} as const;
