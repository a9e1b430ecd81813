import { type CallParsedInput, type EquipmentRow, type equipmentCalls, shanghaiToday } from '@ec/contract';
import { keysetBatches } from '../../../platform/excel.ts';
import type { ExportSource } from '../../../platform/exports.ts';
import { equipmentBatch, equipmentCount } from './equipment.ts';

/** 导出 of 检验设备 by the list's filters: in the background when large (platform/exports.ts). */
export const equipmentExport: ExportSource<CallParsedInput<typeof equipmentCalls.export>, EquipmentRow> = {
  name: 'inspection-equipment',
  label: '检验设备',
  sheetName: '检验设备',
  fileName: () => `检验设备_${shanghaiToday()}.xlsx`,
  columns: [
    { header: '设备名称', width: 20, value: (r) => r.name },
    { header: '规格型号', width: 16, value: (r) => r.model ?? '' },
    { header: '出厂编号', width: 18, value: (r) => r.serialNo },
    { header: '制造单位', width: 28, value: (r) => r.manufacturer ?? '' },
    { header: '测量范围', width: 16, value: (r) => r.measuringRange ?? '' },
    { header: '准确度', width: 14, value: (r) => r.accuracy ?? '' },
    { header: '检定方式', width: 10, value: (r) => r.calibrationKindLabel },
    { header: '检定日期', width: 12, value: (r) => r.calibratedOn ?? '' },
    { header: '有效期至', width: 12, value: (r) => r.validUntil ?? '' },
    { header: '检定状态', width: 10, value: (r) => r.calibrationStateLabel },
    { header: '证书编号', width: 22, value: (r) => r.certificateNo ?? '' },
    { header: '检定机构', width: 28, value: (r) => r.institution ?? '' },
    { header: '设备状态', width: 10, value: (r) => r.stateLabel },
    { header: '检验机构', width: 30, value: (r) => r.orgName },
    { header: '备注', width: 30, value: (r) => r.note ?? '' },
  ],
  count: (db, user, f) => equipmentCount(db, user, f),
  batches: (db, user, f) => keysetBatches((after, size) => equipmentBatch(db, user, f, after, size)),
};
