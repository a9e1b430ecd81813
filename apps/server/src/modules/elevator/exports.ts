import { type ElevatorFilters, shanghaiToday } from '@ec/contract';
import { and, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import { pageTotal } from '../../platform/db/totals.ts';
import type { ExportSource } from '../../platform/exports.ts';
import { filterConditions } from './list.ts';
import { type ExportRow, exportRows } from './rows.ts';
import { elevatorScope, elevatorScopeGrams } from './scope.ts';
import { exportColumns, fullExportColumns } from './sheet.ts';
import { elevator } from './tables.ts';

export const EXPORT_NAME = () => `电梯台账_${shanghaiToday()}.xlsx`;

/** The registry's rows an export by filter holds: the user's scope and the list's filters. */
const within = (user: AuthUser, f: Partial<ElevatorFilters>): SQL | undefined =>
  and(elevatorScope(user), ...filterConditions(f, true, elevatorScopeGrams(user)));

/**
 * 导出 and 导出（含技术参数） of the registry by filter: large results run in the background
 * (platform/exports.ts); the count is the list's own (estimated past a million, as the list shows).
 */
export const elevatorExport: ExportSource<Partial<ElevatorFilters>, ExportRow> = {
  name: 'elevator',
  label: '电梯台账',
  sheetName: '电梯台账',
  fileName: EXPORT_NAME,
  columns: exportColumns,
  count: async (db, user, f) => (await pageTotal(db, elevator, within(user, f), false)).total,
  batches: (db, user, f) => exportRows(db, within(user, f)),
};

export const elevatorFullExport: ExportSource<Partial<ElevatorFilters>, ExportRow> = {
  ...elevatorExport,
  name: 'elevator-full',
  label: '电梯台账（含技术参数）',
  fileName: () => `电梯台账（含技术参数）_${shanghaiToday()}.xlsx`,
  columns: fullExportColumns,
};
