import {
  type AdIntentionRow,
  type adIntentionCalls,
  areaLabel,
  type CallParsedInput,
  shanghaiToday,
} from '@ec/contract';
import { keysetBatches } from '../../../platform/excel.ts';
import type { ExportSource } from '../../../platform/exports.ts';
import { intentionBatch, intentionCount } from './service.ts';

type Filters = CallParsedInput<typeof adIntentionCalls.exportExcel>;

/** 导出 of the partner channel's leads by the list's filters, under a page's name (two pages list them). */
const leadExport = (name: string, title: string): ExportSource<Filters, AdIntentionRow> => ({
  name,
  label: title,
  sheetName: title,
  fileName: () => `${title}_${shanghaiToday()}.xlsx`,
  columns: [
    { header: '意向编号', width: 14, value: (r) => r.intentionNo },
    { header: '客户名称', width: 24, value: (r) => r.customerName },
    { header: '联系人', width: 10, value: (r) => r.contactName ?? '' },
    { header: '联系电话', width: 14, value: (r) => r.contactPhone ?? '' },
    { header: '区域', width: 10, value: (r) => (r.areaCode ? (areaLabel(r.areaCode) ?? r.areaCode) : '') },
    { header: '需求', width: 36, value: (r) => r.demand ?? '' },
    { header: '预算（元）', width: 12, value: (r) => r.budget ?? '' },
    { header: '点位数量', width: 10, value: (r) => r.pointCount ?? '' },
    { header: '开始日期', width: 12, value: (r) => r.startDate ?? '' },
    { header: '结束日期', width: 12, value: (r) => r.endDate ?? '' },
    { header: '状态', width: 8, value: (r) => r.statusLabel },
    { header: '跟进记录', width: 30, value: (r) => r.followNote ?? '' },
    { header: '录入时间', width: 18, value: (r) => r.createTime },
  ],
  count: (db, user, f) => intentionCount(db, user, f),
  batches: (db, user, f) => keysetBatches((after, size) => intentionBatch(db, user, f, after, size)),
});

/** 导出 of 意向客户 (/adIntention/exportExcel). */
export const intentionExport = leadExport('ad-intention', '广电意向客户');
/** 导出 of 广电渠道意向单 (/gxgdOrder/exportExcel): the same leads, the channel's page. */
export const gxgdOrderExport = leadExport('ad-gxgd-order', '广电渠道意向单');
