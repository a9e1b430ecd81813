import { type CallParsedInput, type InspectorRow, type inspectorCalls, shanghaiToday } from '@ec/contract';
import { keysetBatches } from '../../../platform/excel.ts';
import type { ExportSource } from '../../../platform/exports.ts';
import { inspectorBatch, inspectorCount } from './inspectors.ts';

/** 导出 of 检验人员 by the list's filters: in the background when large (platform/exports.ts). */
export const inspectorExport: ExportSource<CallParsedInput<typeof inspectorCalls.export>, InspectorRow> = {
  name: 'inspection-inspector',
  label: '检验人员',
  sheetName: '检验人员',
  fileName: () => `检验人员_${shanghaiToday()}.xlsx`,
  columns: [
    { header: '姓名', width: 12, value: (r) => r.name },
    { header: '性别', width: 6, value: (r) => r.genderLabel ?? '' },
    { header: '身份证号', width: 22, value: (r) => r.idNumber ?? '' },
    { header: '手机号码', width: 14, value: (r) => r.phone ?? '' },
    { header: '证书编号', width: 22, value: (r) => r.certNo },
    { header: '资格项目', width: 18, value: (r) => r.categoryLabel },
    { header: '发证机关', width: 24, value: (r) => r.issuingAuthority ?? '' },
    { header: '发证日期', width: 12, value: (r) => r.issueDate ?? '' },
    { header: '有效期至', width: 12, value: (r) => r.validUntil },
    { header: '证书状态', width: 10, value: (r) => r.certStateLabel },
    { header: '部门', width: 16, value: (r) => r.departmentName ?? '' },
    { header: '审核状态', width: 10, value: (r) => r.auditStateLabel },
    { header: '检验机构', width: 30, value: (r) => r.orgName },
  ],
  count: (db, user, f) => inspectorCount(db, user, f),
  batches: (db, user, f) => keysetBatches((after, size) => inspectorBatch(db, user, f, after, size)),
};
