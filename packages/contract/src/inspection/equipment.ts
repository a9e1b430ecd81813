import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idList, idParam, pageOf, paging, queryBool, requiredText, text } from '../common.ts';
import { dateField, deleteCall, fileIdField, optionalDate, version } from '../fields.ts';
import { addDays } from '../rules.ts';
import { INSPECTION_PERMISSIONS } from './rules.ts';

/*
 * 检验设备（tbInspectionEquipment）与印章（tbInspectionOrganizationSeal）: an inspection
 * organisation's instruments with their calibration (检定/校准) and its seal images. An instrument
 * past its calibration, or not 在用, cannot be put on a report (the picker is `getList`); the one
 * enabled seal of a kind is what a report is signed with. Paths under /inspection/ as the catalogue
 * spells them; verbs chosen: GET reads, POST adds, PUT updates, DELETE deletes.
 */

const P = INSPECTION_PERMISSIONS;
const EQ = '/inspection/tbInspectionEquipment';
const SEAL = '/inspection/tbInspectionOrganizationSeal';

// ---------------------------------------------------------------- labels and rules

/** 即将到期: the calibration runs out within this many days. */
export const EQUIPMENT_EXPIRING_DAYS = 30;

/** 设备状态: only 在用 instruments go on a report. */
export const EQUIPMENT_STATE = { inUse: 1, stopped: 2, repair: 3, scrapped: 4 } as const;
export const EQUIPMENT_STATE_LABEL: Record<number, string> = { 1: '在用', 2: '停用', 3: '维修', 4: '报废' };

/** 检定 (legal metrology, JJG) or 校准 (calibration, JJF). */
export const CALIBRATION_KIND_LABEL: Record<number, string> = { 1: '检定', 2: '校准' };

export const CALIBRATION_STATES = ['valid', 'expiring', 'expired', 'none'] as const;
export type CalibrationState = (typeof CALIBRATION_STATES)[number];
export const CALIBRATION_STATE_LABEL: Record<CalibrationState, string> = {
  valid: '有效',
  expiring: '即将到期',
  expired: '已过期',
  none: '未检定',
};

/** The calibration state of a valid-until date on `today` (both `yyyy-MM-dd`). */
export function calibrationStateOf(validUntil: string | null | undefined, today: string): CalibrationState {
  if (!validUntil) return 'none';
  if (validUntil < today) return 'expired';
  if (validUntil <= addDays(today, EQUIPMENT_EXPIRING_DAYS)) return 'expiring';
  return 'valid';
}

/** 印章类型. */
export const SEAL_KIND_LABEL: Record<number, string> = {
  1: '检验专用章',
  2: '检验报告专用章',
  3: '单位公章',
  4: '其他印章',
};
export const SEAL_KIND = { inspection: 1, report: 2, official: 3, other: 4 } as const;

/** A seal image: a PNG with transparency, at most this many bytes and pixels a side. */
export const SEAL_IMAGE_MAX_BYTES = 1024 * 1024;
export const SEAL_IMAGE_MIN_PX = 64;
export const SEAL_IMAGE_MAX_PX = 2000;

const codeOf = (label: string, values: Record<number, string>) => {
  const allowed = Object.entries(values)
    .map(([k, v]) => `${k}（${v}）`)
    .join('、');
  const message = `${label}应为 ${allowed} 之一`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .refine((v) => v in values, message);
};

// ---------------------------------------------------------------- instruments

export const equipmentRow = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  name: z.string(),
  model: z.string().nullable(),
  serialNo: z.string(),
  manufacturer: z.string().nullable(),
  measuringRange: z.string().nullable(),
  accuracy: z.string().nullable(),
  calibrationKind: z.number().int(),
  calibrationKindLabel: z.string(),
  calibratedOn: z.string().nullable(),
  validUntil: z.string().nullable(),
  certificateNo: z.string().nullable(),
  institution: z.string().nullable(),
  state: z.number().int(),
  stateLabel: z.string(),
  calibrationState: z.enum(CALIBRATION_STATES),
  calibrationStateLabel: z.string(),
  /** Days until the calibration runs out (negative once past), null without one. */
  daysLeft: z.number().int().nullable(),
  note: z.string().nullable(),
  version: z.number().int(),
  updateTime: z.string(),
});
export type EquipmentRow = z.infer<typeof equipmentRow>;

export const calibrationRecord = z.object({
  id: z.number().int(),
  calibrationKind: z.number().int(),
  calibrationKindLabel: z.string(),
  calibratedOn: z.string(),
  validUntil: z.string(),
  certificateNo: z.string().nullable(),
  institution: z.string().nullable(),
  recordedBy: z.string().nullable(),
  recordTime: z.string(),
});
export type CalibrationRecord = z.infer<typeof calibrationRecord>;

export const equipmentDetail = equipmentRow.extend({ calibrations: z.array(calibrationRecord) });
export type EquipmentDetail = z.infer<typeof equipmentDetail>;

/** An instrument a report may name today (getList: 在用 and within its calibration). */
export const usableEquipment = z.object({
  id: z.number().int(),
  name: z.string(),
  model: z.string().nullable(),
  serialNo: z.string(),
  validUntil: z.string(),
});
export type UsableEquipment = z.infer<typeof usableEquipment>;

const equipmentFields = {
  name: requiredText('设备名称', 100),
  model: text(100).nullish(),
  serialNo: requiredText('出厂编号', 100),
  manufacturer: text(200).nullish(),
  measuringRange: text(100).nullish(),
  accuracy: text(100).nullish(),
  calibrationKind: codeOf('检定方式', CALIBRATION_KIND_LABEL).default(1),
  calibratedOn: optionalDate('检定日期'),
  validUntil: optionalDate('有效期至'),
  certificateNo: text(100).nullish(),
  institution: text(200).nullish(),
  state: codeOf('设备状态', EQUIPMENT_STATE_LABEL).default(EQUIPMENT_STATE.inUse),
  note: text(500).nullish(),
};

type CalibrationDates = { calibratedOn?: string | null; validUntil?: string | null };
/** Both dates or neither, and the validity after the calibration. */
const calibrationDates = (v: CalibrationDates, ctx: z.RefinementCtx) => {
  if (v.calibratedOn && !v.validUntil)
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: '请填写有效期至' });
  if (!v.calibratedOn && v.validUntil)
    ctx.addIssue({ code: 'custom', path: ['calibratedOn'], message: '请填写检定日期' });
  if (v.calibratedOn && v.validUntil && v.validUntil <= v.calibratedOn)
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: '有效期至应晚于检定日期' });
};

export const equipmentValues = z.object(equipmentFields).superRefine(calibrationDates);
export type EquipmentValues = z.input<typeof equipmentValues>;
export const equipmentUpdate = z
  .object({ id: idField('设备编号'), version, ...equipmentFields })
  .superRefine(calibrationDates);
export type EquipmentUpdate = z.input<typeof equipmentUpdate>;

const equipmentFilters = z.object({
  ...paging,
  /** 设备名称、型号或出厂编号. */
  keyword: text(50).optional(),
  state: codeOf('设备状态', EQUIPMENT_STATE_LABEL).optional(),
  calibrationState: z
    .enum(CALIBRATION_STATES, { error: '检定状态应为 valid、expiring、expired 或 none' })
    .optional(),
  /** The platform and regulators see several organisations. */
  orgId: idField('检验机构').optional(),
});

export const equipmentCalls = {
  query: defineCall({
    domain: 'equipment',
    method: 'GET',
    path: `${EQ}/query`,
    permission: P.equipmentList,
    summary: '检验设备列表',
    input: equipmentFilters,
    output: pageOf(equipmentRow),
  }),
  add: defineCall({
    domain: 'equipment',
    method: 'POST',
    path: `${EQ}/add`,
    permission: P.equipmentEdit,
    summary: '新增检验设备',
    input: equipmentValues,
    output: equipmentDetail,
  }),
  update: defineCall({
    domain: 'equipment',
    method: 'PUT',
    path: `${EQ}/update`,
    permission: P.equipmentEdit,
    summary: '修改检验设备或登记检定',
    input: equipmentUpdate,
    output: equipmentDetail,
  }),
  delete: deleteCall('equipment', `${EQ}/delete`, P.equipmentEdit, '删除检验设备'),
  get: defineCall({
    domain: 'equipment',
    method: 'GET',
    path: `${EQ}/get/{id}`,
    permission: P.equipmentList,
    summary: '检验设备详情（含检定记录）',
    input: idParam,
    output: equipmentDetail,
  }),
  getList: defineCall({
    domain: 'equipment',
    method: 'GET',
    path: `${EQ}/getList`,
    permission: P.equipmentList,
    summary: '可用于检验报告的检验设备（在用且在检定有效期内）',
    input: z.object({
      /** The day of the inspection; today when absent. */
      onDate: dateField('检验日期').optional(),
      orgId: idField('检验机构').optional(),
    }),
    output: z.array(usableEquipment),
  }),
  deleteGroups: defineCall({
    domain: 'equipment',
    method: 'DELETE',
    path: `${EQ}/deleteGroups/{ids}`,
    permission: P.equipmentEdit,
    summary: '批量删除检验设备',
    input: z.object({ ids: idList }),
    output: z.object({ deleted: z.number().int() }),
  }),
  export: defineCall({
    domain: 'equipment',
    method: 'GET',
    path: `${EQ}/export`,
    permission: P.equipmentList,
    summary: '导出检验设备（.xlsx）',
    result: 'file',
    input: equipmentFilters.omit({ page: true, limit: true }),
    output: z.unknown(),
  }),
};

// ---------------------------------------------------------------- seals

export const sealRow = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  name: z.string(),
  kind: z.number().int(),
  kindLabel: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  enabled: z.boolean(),
  note: z.string().nullable(),
  version: z.number().int(),
  updateTime: z.string(),
});
export type SealRow = z.infer<typeof sealRow>;

const sealFields = {
  name: requiredText('印章名称', 100),
  kind: codeOf('印章类型', SEAL_KIND_LABEL),
  fileId: fileIdField('印章图片'),
  enabled: z.boolean({ error: '启用状态应为 true 或 false' }).default(false),
  note: text(500).nullish(),
};
export const sealValues = z.object(sealFields);
export type SealValues = z.input<typeof sealValues>;
export const sealUpdate = z.object({ id: idField('印章编号'), version, ...sealFields });
export type SealUpdate = z.input<typeof sealUpdate>;

export const sealCalls = {
  query: defineCall({
    domain: 'seal',
    method: 'GET',
    path: `${SEAL}/query`,
    permission: P.sealList,
    summary: '印章列表',
    input: z.object({
      ...paging,
      keyword: text(50).optional(),
      kind: codeOf('印章类型', SEAL_KIND_LABEL).optional(),
      enabled: queryBool.optional(),
      orgId: idField('检验机构').optional(),
    }),
    output: pageOf(sealRow),
  }),
  get: defineCall({
    domain: 'seal',
    method: 'GET',
    path: `${SEAL}/get/{id}`,
    permission: P.sealList,
    summary: '印章详情',
    input: idParam,
    output: sealRow,
  }),
  add: defineCall({
    domain: 'seal',
    method: 'POST',
    path: `${SEAL}/add`,
    permission: P.sealEdit,
    summary: '新增印章（透明背景 PNG）',
    input: sealValues,
    output: sealRow,
  }),
  update: defineCall({
    domain: 'seal',
    method: 'PUT',
    path: `${SEAL}/update`,
    permission: P.sealEdit,
    summary: '修改、启用或停用印章',
    input: sealUpdate,
    output: sealRow,
  }),
  delete: deleteCall('seal', `${SEAL}/delete`, P.sealEdit, '删除印章'),
};
