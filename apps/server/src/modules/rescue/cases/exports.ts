import {
  type CallParsedInput,
  formatDateTime,
  type RescueCaseRow,
  type rescueCaseCalls,
  shanghaiToday,
} from '@ec/contract';
import { and } from 'drizzle-orm';
import { pageTotal } from '../../../platform/db/totals.ts';
import type { ExportSource } from '../../../platform/exports.ts';
import { rescueCase } from '../tables.ts';
import { caseBatches, filterConditions } from './read.ts';
import { caseScope } from './scope.ts';

type Filters = CallParsedInput<(typeof rescueCaseCalls)['exportCases']>;

/**
 * 导出 of 处置工单记录 by filter: a large result (a year of a city's cases) runs in the background
 * (platform/exports.ts), a small one streams at once; the count is the list's own.
 */
export const caseExport: ExportSource<Filters, RescueCaseRow> = {
  name: 'rescue-case',
  label: '处置工单',
  sheetName: '处置工单',
  fileName: () => `处置工单_${shanghaiToday()}.xlsx`,
  columns: [
    { header: '工单编号', width: 22, value: (r) => r.caseNo },
    { header: '接警时间', width: 20, value: (r) => formatDateTime(r.alarmAt) },
    { header: '类型', width: 10, value: (r) => r.kindLabel },
    { header: '来源', width: 10, value: (r) => r.sourceLabel },
    { header: '状态', width: 10, value: (r) => r.statusLabel },
    { header: '注册代码', width: 24, value: (r) => r.registerCode ?? '' },
    { header: '救援识别码', width: 12, value: (r) => r.rescueCode ?? '' },
    { header: '地址', width: 36, value: (r) => r.address ?? '' },
    { header: '区域', width: 10, value: (r) => r.areaName ?? '' },
    { header: '被困人数', width: 10, value: (r) => r.trapped },
    { header: '解救人数', width: 10, value: (r) => r.freed ?? '' },
    { header: '响应级别', width: 22, value: (r) => r.levelLabel },
    { header: '施救单位', width: 28, value: (r) => r.assigneeName ?? '' },
    { header: '维保单位', width: 28, value: (r) => r.maintenanceCompanyName ?? '' },
    { header: '使用单位', width: 28, value: (r) => r.useCompanyName ?? '' },
    {
      header: '派遣时间',
      width: 20,
      value: (r) => (r.dispatchedAt ? formatDateTime(r.dispatchedAt) : ''),
    },
    { header: '接单时间', width: 20, value: (r) => (r.acceptedAt ? formatDateTime(r.acceptedAt) : '') },
    { header: '到达时间', width: 20, value: (r) => (r.arrivedAt ? formatDateTime(r.arrivedAt) : '') },
    { header: '解困时间', width: 20, value: (r) => (r.freedAt ? formatDateTime(r.freedAt) : '') },
    { header: '关闭时间', width: 20, value: (r) => (r.closedAt ? formatDateTime(r.closedAt) : '') },
    { header: '到达用时（分钟）', width: 14, value: (r) => r.arrivalMinutes ?? '' },
    { header: '现场救援用时（分钟）', width: 16, value: (r) => r.rescueMinutes ?? '' },
    {
      header: '是否超时',
      width: 10,
      value: (r) => (r.overtime === null ? '' : r.overtime ? '是' : '否'),
    },
    { header: '困人原因', width: 16, value: (r) => r.causeLabel ?? '' },
    { header: '接警坐席', width: 12, value: (r) => r.agentName ?? '' },
  ],
  count: async (db, user, f) =>
    (await pageTotal(db, rescueCase, and(caseScope(user), ...filterConditions(f)), false)).total,
  batches: (db, user, f) => caseBatches(db, user, f),
};
