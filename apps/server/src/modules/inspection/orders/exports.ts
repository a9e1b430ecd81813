import { type OverdueLiftRow, shanghaiToday } from '@ec/contract';
import type { ExportSource } from '../../../platform/exports.ts';
import {
  type OverdueLiftFilters,
  overdueExportColumns,
  overdueLiftBatches,
  overdueLiftCount,
} from './overview.ts';

/**
 * 导出 of 超期未检电梯 by the list's filters: in the background when large (platform/exports.ts).
 * The count refuses (403) a user the overview is not for, before any file.
 */
export const overdueLiftExport: ExportSource<OverdueLiftFilters, OverdueLiftRow> = {
  name: 'inspection-overdue-lifts',
  label: '超期未检电梯',
  sheetName: '超期未检电梯',
  fileName: () => `超期未检电梯_${shanghaiToday()}.xlsx`,
  columns: overdueExportColumns,
  count: (db, user, f) => overdueLiftCount(db, user, f),
  batches: (db, user, f) => overdueLiftBatches(db, user, f),
};
