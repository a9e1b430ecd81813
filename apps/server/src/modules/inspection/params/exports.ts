import { shanghaiToday, type TechParamRow } from '@ec/contract';
import type { ExportSource } from '../../../platform/exports.ts';
import { exportColumns } from './import.ts';
import { exportBatches, exportCount, type ParamExportFilters } from './service.ts';

/**
 * 导出 of an organisation's 技术参数 (exportExcel/{id}) by the list's filters: in the background when
 * large (platform/exports.ts). The call names the file after the organisation (`paramFileName`).
 */
export const paramExport: ExportSource<ParamExportFilters, TechParamRow> = {
  name: 'inspection-tech-param',
  label: '技术参数',
  sheetName: '技术参数',
  fileName: () => `技术参数_${shanghaiToday()}.xlsx`,
  columns: exportColumns,
  count: (db, user, f) => exportCount(db, user, f),
  batches: (db, user, f) => exportBatches(db, user, f),
};

/** The file of an organisation's export (技术参数_机构_日期.xlsx), for the call and its job. */
export const paramFileName = (orgName: string) => `技术参数_${orgName}_${shanghaiToday()}.xlsx`;
