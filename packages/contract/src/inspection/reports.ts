import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idList, pageOf, paging, requiredText, text } from '../common.ts';
import { dateField, fileIdField, version } from '../fields.ts';
import { usableEquipment } from './equipment.ts';

/*
 * 检验报告（tbInspectionReport）与检验结果（tbInspectionResult）: the inspection itself, after the order
 * was distributed (orders.ts). One report per order and attempt (1 the first inspection, 2.. the
 * re-inspections after 不合格). The assigned inspector records each item's result (the order moves
 * 已分配 → 检验中), fills in the date and instruments and signs (refused while an instrument is past
 * its calibration or the inspector's certificate has expired); the organisation pushes the signed
 * report to the use unit and the regulator (the order moves to 已出报告, the lift's inspection dates
 * move on a pass, the lift is stopped 停用待整改 on a failure).
 *
 * Report states (every move one conditional UPDATE; stale or wrong state → 409):
 *   inspecting 检验中 → signed 已签字 (`signature`) → pushed 已推送 (`pushReport`)
 *   inspecting | signed → closed 已关闭 (`setiscolsebyids`)
 */

const B = '/inspection/tbInspectionReport';
const domain = 'inspection-report';

export const REPORT_PERMISSIONS = {
  /** Read reports (every party in scope: the organisation, its inspector, the use unit, the regulator). */
  list: 'inspection:report:list',
  /** The inspector: results, report fields, signature, original records. */
  edit: 'inspection:report:edit',
  /** The organisation: push, re-inspection, close, batch edit. */
  push: 'inspection:report:push',
} as const;
const P = REPORT_PERMISSIONS;

export const INSPECTION_REPORT_STATE = {
  inspecting: 'inspecting',
  signed: 'signed',
  pushed: 'pushed',
  closed: 'closed',
} as const;
export type InspectionReportState = (typeof INSPECTION_REPORT_STATE)[keyof typeof INSPECTION_REPORT_STATE];
export const INSPECTION_REPORT_STATES = Object.values(INSPECTION_REPORT_STATE) as [
  InspectionReportState,
  ...InspectionReportState[],
];
export const INSPECTION_REPORT_STATE_LABEL: Record<InspectionReportState, string> = {
  inspecting: '检验中',
  signed: '已签字',
  pushed: '已推送',
  closed: '已关闭',
};

export const INSPECTION_ITEM_RESULTS = ['符合', '不符合', '无此项'] as const;
export const INSPECTION_CONCLUSIONS = ['合格', '不合格', '复检合格', '复检不合格'] as const;

const reportId = idField('检验报告编号');
const monthText = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 yyyy-MM');

// ---------------------------------------------------------------- rows

export const inspectionReportRow = z.object({
  id: z.number().int(),
  reportNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  attempt: z.number().int(),
  /** 定期检验 / 定期检验（复检）. */
  kindLabel: z.string(),
  state: z.enum(INSPECTION_REPORT_STATES),
  stateLabel: z.string(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  address: z.string(),
  orgId: z.number().int(),
  orgName: z.string().nullable(),
  useUnitId: z.number().int(),
  useUnitName: z.string().nullable(),
  inspectorNames: z.string(),
  conclusion: z.enum(INSPECTION_CONCLUSIONS).nullable(),
  inspectedOn: z.string().nullable(),
  rectificationDeadline: z.string().nullable(),
  nextInspectionDate: z.string().nullable(),
  signedAt: z.string().nullable(),
  pushedAt: z.string().nullable(),
  issuedAt: z.string().nullable(),
  version: z.number().int(),
});
export type InspectionReportRow = z.infer<typeof inspectionReportRow>;

export const inspectionResultRow = z.object({
  itemId: z.number().int(),
  code: z.string(),
  category: z.string(),
  name: z.string(),
  keyItem: z.boolean(),
  result: z.enum(INSPECTION_ITEM_RESULTS).nullable(),
  remark: z.string().nullable(),
  photoFileIds: z.array(z.string()),
});
export type InspectionResultRow = z.infer<typeof inspectionResultRow>;

export const inspectionReportDetail = inspectionReportRow.extend({
  remark: z.string().nullable(),
  /** 备注 printed on the PDF (remarkPdf). */
  pdfRemark: z.string().nullable(),
  /** The instruments with their calibration's last valid day (printed on the PDF). */
  instruments: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      serialNo: z.string(),
      validUntil: z.string().nullable(),
    }),
  ),
  inspectors: z.array(z.object({ id: z.number().int(), name: z.string(), certNo: z.string().nullable() })),
  /** 审核人员: chosen when the report is pushed (null before, or when none was named). */
  reviewer: z.object({ id: z.number().int(), name: z.string(), certNo: z.string().nullable() }).nullable(),
  results: z.array(inspectionResultRow),
  /** The current original record's file id (updateOriginalRecord). */
  originalRecordFileId: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type InspectionReportDetail = z.infer<typeof inspectionReportDetail>;

export const reportFileHistoryRow = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  version: z.number().int(),
  fileId: z.string(),
  fileName: z.string().nullable(),
  uploaderName: z.string().nullable(),
  uploadedAt: z.string(),
});
export type ReportFileHistoryRow = z.infer<typeof reportFileHistoryRow>;

// ---------------------------------------------------------------- inputs

export const inspectionReportFilters = {
  ...paging,
  conclusion: z.enum(INSPECTION_CONCLUSIONS, { error: '未知的检验结论' }).optional(),
  state: z.enum(INSPECTION_REPORT_STATES, { error: '未知的报告状态' }).optional(),
  /** Month of the inspection date, yyyy-MM. */
  month: monthText.optional(),
  registerCode: text(40).optional(),
  /** The report number, from its start (BG202611-…). */
  reportNo: text(40).optional(),
  /** Part of the use unit's or the organisation's name. */
  useUnitName: text(60).optional(),
  orgName: text(60).optional(),
};

const resultInput = z.object({
  itemId: idField('检验项目编号'),
  result: z.enum(INSPECTION_ITEM_RESULTS, { error: '检验结果应为 符合、不符合 或 无此项' }),
  remark: text(500).optional(),
  photoFileIds: z.array(fileIdField('缺陷照片')).max(9, '每个项目最多 9 张缺陷照片').optional(),
});

const instrumentIds = z.array(idField('检验设备编号')).max(50, '最多选择 50 台检验设备');

// ---------------------------------------------------------------- calls

export const inspectionResultCalls = {
  updateResult: defineCall({
    domain,
    method: 'POST',
    path: '/inspection/tbInspectionResult/updateResult',
    permission: P.edit,
    summary: '录入检验项目结果',
    input: z
      .object({
        /** The report; without it, the order's first report (created with the first results). */
        reportId: reportId.optional(),
        orderId: idField('检验申请编号').optional(),
        version: version.optional(),
        results: z.array(resultInput).min(1, '请录入检验结果').max(500, '一次最多录入 500 个项目'),
      })
      .refine((v) => v.reportId !== undefined || v.orderId !== undefined, {
        message: '请指定检验报告或检验申请',
        path: ['reportId'],
      }),
    output: inspectionReportDetail,
  }),
};

/** What a client needs to generate and upload reports (getServerInfo; docs/paths.md). */
export const reportServerInfo = z.object({
  /** The server's clock in Shanghai time, yyyy-MM-dd HH:mm:ss, and its day. */
  serverTime: z.string(),
  today: z.string(),
  timeZone: z.string(),
  /** The font the report PDFs are printed in (shipped with the server). */
  pdfFont: z.string(),
  /** The largest file the upload accepts, in MB, and the extensions it accepts for a report. */
  maxUploadMb: z.number(),
  reportFileTypes: z.array(z.string()),
  originalRecordFileTypes: z.array(z.string()),
  /** How report numbers are made, and an example. */
  reportNoRule: z.string(),
  reportNoExample: z.string(),
  /** The most reports one batchRecreate takes. */
  maxBatchRecreate: z.number().int(),
});
export type ReportServerInfo = z.infer<typeof reportServerInfo>;

export const MAX_BATCH_RECREATE = 200;

export const batchRecreateResult = z.object({
  /** Reports whose PDF was generated again without a problem. */
  recreated: z.number().int(),
  /** Per report: generated, or the reason it could not be (no conclusion yet, a conclusion that no longer follows from its results, a PDF that failed). */
  results: z.array(
    z.object({
      id: z.number().int(),
      reportNo: z.string(),
      ok: z.boolean(),
      bytes: z.number().int().nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type BatchRecreateResult = z.infer<typeof batchRecreateResult>;

const act = z.object({ id: reportId, version: version.optional() });

export const inspectionReportCalls = {
  query: defineCall({
    domain,
    method: 'GET',
    path: `${B}/query`,
    permission: P.list,
    summary: '检验报告列表',
    input: z.object(inspectionReportFilters),
    output: pageOf(inspectionReportRow),
  }),
  detail: defineCall({
    domain,
    method: 'GET',
    path: `${B}/get/detail`,
    permission: P.list,
    summary: '检验报告详情',
    input: z.object({ id: reportId }),
    output: inspectionReportDetail,
  }),
  update: defineCall({
    domain,
    method: 'PUT',
    path: `${B}/update`,
    permission: P.edit,
    summary: '修改检验报告（检验日期、检验设备、备注）',
    input: z.object({
      id: reportId,
      version,
      inspectedOn: dateField('检验日期').optional(),
      instrumentIds: instrumentIds.optional(),
      remark: text(500).optional(),
    }),
    output: inspectionReportDetail,
  }),
  signature: defineCall({
    domain,
    method: 'POST',
    path: `${B}/signature`,
    permission: P.edit,
    summary: '检验人员签字',
    input: act,
    output: inspectionReportDetail,
  }),
  testPDF: defineCall({
    domain,
    method: 'GET',
    path: `${B}/get/testPDF`,
    permission: P.list,
    summary: '检验报告 PDF',
    result: 'file',
    input: z.object({ id: reportId }),
    output: z.unknown(),
  }),
  remarkPdf: defineCall({
    domain,
    method: 'POST',
    path: `${B}/remarkPdf`,
    permission: P.edit,
    summary: '报告 PDF 备注',
    input: z.object({ id: reportId, version: version.optional(), remark: text(500) }),
    output: inspectionReportDetail,
  }),
  pushReport: defineCall({
    domain,
    method: 'POST',
    path: `${B}/pushReport`,
    permission: P.push,
    summary: '推送检验报告（出具报告）',
    // reviewerId: the 审核人员 printed with a signature on the report (an approved inspector of
    // the organisation whose certificate is valid, not one who inspected); omitted: no 审核 line.
    input: act.extend({ reviewerId: idField('审核人员').optional() }),
    output: inspectionReportDetail,
  }),
  createReinspect: defineCall({
    domain,
    method: 'POST',
    path: `${B}/createReinspect`,
    permission: P.push,
    summary: '创建复检报告',
    input: z.object({ id: reportId }),
    output: inspectionReportDetail,
  }),
  updateOriginalRecord: defineCall({
    domain,
    method: 'POST',
    path: `${B}/updateOriginalRecord/{id}`,
    permission: P.edit,
    summary: '上传原始记录（保留历史版本）',
    input: z.object({ id: reportId, fileId: fileIdField('原始记录') }),
    output: z.array(reportFileHistoryRow),
  }),
  setiscolsebyids: defineCall({
    domain,
    method: 'POST',
    path: `${B}/setiscolsebyids`,
    permission: P.push,
    summary: '关闭检验报告',
    input: z.object({ ids: idList, reason: requiredText('关闭原因', 500) }),
    output: z.object({ closed: z.number().int() }),
  }),
  batchEdit: defineCall({
    domain,
    method: 'POST',
    path: `${B}/batchEdit`,
    permission: P.push,
    summary: '批量修改检验报告（检验日期、检验设备）',
    input: z.object({
      ids: idList,
      inspectedOn: dateField('检验日期').optional(),
      instrumentIds: instrumentIds.optional(),
    }),
    output: z.object({ updated: z.number().int() }),
  }),
  // The organisation's tools around a report (plan.ts, info.ts, upload.ts, recreate.ts).
  putDetectionPlan: defineCall({
    domain,
    method: 'PUT',
    path: `${B}/putDetectionPlan`,
    permission: P.push,
    summary: '设置检验计划（现场检验日期、检验人员、检验设备）',
    input: z.object({
      id: reportId,
      version,
      plannedDate: dateField('计划检验日期'),
      inspectorIds: z
        .array(idField('检验人员编号'))
        .min(1, '请选择检验人员')
        .max(10, '最多选择 10 名检验人员'),
      instrumentIds: instrumentIds.min(1, '请选择检验设备'),
    }),
    output: inspectionReportDetail,
  }),
  getServerInfo: defineCall({
    domain,
    method: 'GET',
    path: `${B}/getServerInfo`,
    permission: P.list,
    summary: '报告生成与上传所需的服务器信息',
    input: z.object({}),
    output: reportServerInfo,
  }),
  uploadReport: defineCall({
    domain,
    method: 'POST',
    path: `${B}/uploadReport`,
    permission: P.push,
    summary: '上传签章后的检验报告扫描件（作为原始记录的新版本）',
    input: z.object({ id: reportId, fileId: fileIdField('检验报告文件') }),
    output: z.array(reportFileHistoryRow),
  }),
  batchRecreate: defineCall({
    domain,
    method: 'POST',
    path: `${B}/batchRecreate`,
    permission: P.push,
    summary: '批量重新生成检验报告 PDF',
    input: z.object({
      ids: z.preprocess(
        (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
        z
          .array(idField('检验报告编号'))
          .min(1, '请先选择要重新生成的报告')
          .max(MAX_BATCH_RECREATE, `一次最多重新生成 ${MAX_BATCH_RECREATE} 份报告`),
      ),
    }),
    output: batchRecreateResult,
  }),
};

export const reportFileHistoryCalls = {
  query: defineCall({
    domain,
    method: 'GET',
    path: '/pc/insreportAttHis/query',
    permission: P.list,
    summary: '报告原始记录历史版本',
    input: z.object({ reportId }),
    output: z.array(reportFileHistoryRow),
  }),
};

// ---------------------------------------------------------------- the inspector's phone page (designed)

export const INSPECTION_WORK_DUE = ['today', 'upcoming', 'overdue', 'signed'] as const;
export type InspectionWorkDue = (typeof INSPECTION_WORK_DUE)[number];

/** One lift to inspect: an order distributed to the inspector, with its current report (if any). */
export const inspectionWorkTask = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  orderState: z.string(),
  orderStateLabel: z.string(),
  /** The current report (the last attempt not closed); null before the first results. */
  reportId: z.number().int().nullable(),
  reportNo: z.string().nullable(),
  attempt: z.number().int(),
  reportState: z.enum(INSPECTION_REPORT_STATES).nullable(),
  reportStateLabel: z.string().nullable(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  address: z.string(),
  varietyName: z.string().nullable(),
  useUnitName: z.string().nullable(),
  plannedDate: z.string().nullable(),
  /** today / upcoming / overdue by the on-site date (a re-inspection: today); signed waits for the push. */
  due: z.enum(INSPECTION_WORK_DUE),
  /** Items recorded / all (null before the report exists). */
  recorded: z.number().int().nullable(),
  total: z.number().int().nullable(),
});
export type InspectionWorkTask = z.infer<typeof inspectionWorkTask>;

/** The conclusion the server would draw from the saved results (the signature's rules, conclusion.ts). */
export const inspectionWorkPreview = z.object({
  ok: z.boolean(),
  conclusion: z.enum(INSPECTION_CONCLUSIONS).nullable(),
  /** Why no conclusion yet (items pending), in Chinese. */
  message: z.string().nullable(),
  nonConformities: z.number().int(),
  keyNonConformities: z.number().int(),
  rectificationDeadline: z.string().nullable(),
  nextInspectionDate: z.string().nullable(),
  /** The date the preview was drawn on (the report's inspection date, else today). */
  onDate: z.string(),
});
export type InspectionWorkPreview = z.infer<typeof inspectionWorkPreview>;

export const inspectionWorkDetail = z.object({
  task: inspectionWorkTask,
  /** The lift's registered facts. */
  lift: z.object({
    variety: z.string().nullable(),
    varietyName: z.string().nullable(),
    floors: z.number().nullable(),
    ratedLoad: z.number().nullable(),
    ratedSpeed: z.number().nullable(),
  }),
  report: inspectionReportDetail.nullable(),
  /** The report's results, or before the first results the catalogue's items for the lift (no result). */
  items: z.array(inspectionResultRow),
  preview: inspectionWorkPreview.nullable(),
  /** The organisation's instruments in use and calibrated on the inspection date (or today). */
  instruments: z.array(usableEquipment),
  /** The order's earlier attempts (a re-inspection shows what failed). */
  earlier: z.array(
    z.object({
      id: z.number().int(),
      reportNo: z.string(),
      attempt: z.number().int(),
      conclusion: z.enum(INSPECTION_CONCLUSIONS).nullable(),
      rectificationDeadline: z.string().nullable(),
      failedItems: z.array(z.string()),
    }),
  ),
  today: z.string(),
});
export type InspectionWorkDetail = z.infer<typeof inspectionWorkDetail>;

export const inspectionWorkCalls = {
  /** Designed: the inspector's lifts (today first, then upcoming, overdue, signed awaiting the push). */
  tasks: defineCall({
    domain,
    method: 'GET',
    path: '/inspection/tbInspectionReport/work/tasks',
    permission: P.edit,
    summary: '检验人员的检验任务（手机端）',
    input: z.object({}),
    output: z.array(inspectionWorkTask),
  }),
  /** Designed: one task for the phone page: lift, report, items, preview of the conclusion, instruments. */
  detail: defineCall({
    domain,
    method: 'GET',
    path: '/inspection/tbInspectionReport/work/detail',
    permission: P.edit,
    summary: '检验任务详情（手机端）',
    input: z.object({ orderId: idField('检验申请编号') }),
    output: inspectionWorkDetail,
  }),
};
