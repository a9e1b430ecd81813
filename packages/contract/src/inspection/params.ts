import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, MAX_PAGE_SIZE, pageOf, paging, queryBool, text } from '../common.ts';
import { importReport } from '../elevator/fields.ts';
import { version } from '../fields.ts';
import { INSPECTION_PERMISSIONS, LIFT_VARIETY_CODES, LIFT_VARIETY_LABEL } from './rules.ts';

/*
 * 技术参数（tbTechnicalParameters）与检验电梯. What an inspection organisation recorded of each lift
 * it inspects (one row per organisation and lift: variety, stops, doors, load, speed, rise, length,
 * control mode and the rest of its sheet in `extra`), imported from .xls/.xlsx or edited, and the
 * lifts due for inspection in the organisation's area (检验电梯). The tariff's quotes read the
 * parameters (catalog/); part 2's orders take the recorded, undistributed ones.
 */

const B = '/inspection/tbTechnicalParameters';
const P = INSPECTION_PERMISSIONS;
const domain = 'technical-params';

/** The due window of 检验电梯 and the undistributed list: next inspection within this many days. */
export const DUE_WINDOW_DAYS = 30;

/** A number cell: blank is null; else a number within [min, max] with a Chinese message. */
const numberIn = (label: string, min: number, max: number, unit = '', integer = false) => {
  const range = `${label}应在 ${min}–${max}${unit ? ` ${unit}` : ''} 之间`;
  let n = z
    .number({ error: `${label}应为数字` })
    .min(min, range)
    .max(max, range);
  if (integer) n = n.int(`${label}应为整数`);
  return z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v.trim()) : v),
    n.nullable(),
  );
};

/**
 * The further parameters of a typical 技术参数 sheet, kept in `extra` under their column titles.
 * A numeric one gives its range; the others are text (at most 50 characters).
 */
export const TECH_PARAM_EXTRAS: readonly { title: string; range?: [number, number] }[] = [
  { title: '驱动方式' },
  { title: '曳引比' },
  { title: '电动机功率(kW)', range: [0, 500] },
  { title: '顶层高度(m)', range: [0, 50] },
  { title: '底坑深度(m)', range: [0, 50] },
  { title: '倾斜角(°)', range: [0, 35] },
  { title: '名义宽度(mm)', range: [0, 2000] },
  { title: '额定载客人数', range: [0, 200] },
  { title: '型号' },
  { title: '产品编号' },
];
const EXTRA_TITLES = new Set(TECH_PARAM_EXTRAS.map((e) => e.title));

const extraField = z
  .record(z.string(), z.string().trim().max(50, '参数值不能超过50个字符'))
  .superRefine((extra, ctx) => {
    for (const [title, value] of Object.entries(extra)) {
      if (!EXTRA_TITLES.has(title)) {
        ctx.addIssue({ code: 'custom', path: [title], message: `未知的技术参数「${title}」` });
        continue;
      }
      const range = TECH_PARAM_EXTRAS.find((e) => e.title === title)?.range;
      if (!range || value === '') continue;
      const n = Number(value);
      if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', path: [title], message: `${title}应为数字` });
      else if (n < range[0] || n > range[1])
        ctx.addIssue({ code: 'custom', path: [title], message: `${title}应在 ${range[0]}–${range[1]} 之间` });
    }
  });

/** The parameters themselves (an edit, an import row): every field optional, blank is null. */
export const techParamValues = z.object({
  variety: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(LIFT_VARIETY_CODES, { error: '未知的设备品种' }).nullable().optional(),
  ),
  stops: numberIn('层站数', 2, 200, '', true).optional(),
  doors: numberIn('门数', 1, 400, '', true).optional(),
  ratedLoad: numberIn('额定载重量', 0, 10000, 'kg').optional(),
  ratedSpeed: numberIn('额定速度', 0, 10, 'm/s').optional(),
  riseM: numberIn('提升高度', 0, 500, 'm').optional(),
  lengthM: numberIn('使用区段长度', 0, 1000, 'm').optional(),
  controlMode: z.preprocess((v) => (v === '' ? null : v), text(50).nullable().optional()),
  extra: extraField.optional(),
});
export type TechParamValues = z.infer<typeof techParamValues>;

/**
 * `update`: one row by id and the version read (409 when someone saved since); without an id, the
 * first parameters of a lift of the organisation's area (409 when someone recorded them meanwhile).
 */
export const techParamSave = techParamValues.extend({
  id: idField('技术参数编号').optional(),
  elevatorId: idField('电梯编号'),
  version: version.optional(),
});

/** One organisation's parameters of one lift, with the lift's identity. */
export const techParamRow = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string().nullable(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
  areaName: z.string().nullable(),
  nextInspectDate: z.string().nullable(),
  variety: z.string().nullable(),
  varietyName: z.string().nullable(),
  stops: z.number().nullable(),
  doors: z.number().nullable(),
  ratedLoad: z.number().nullable(),
  ratedSpeed: z.number().nullable(),
  riseM: z.number().nullable(),
  lengthM: z.number().nullable(),
  controlMode: z.string().nullable(),
  extra: z.record(z.string(), z.string()),
  /** The inspection order the lift went on (part 2); null while undistributed. */
  orderId: z.number().int().nullable(),
  version: z.number().int(),
  updateTime: z.string(),
});
export type TechParamRow = z.infer<typeof techParamRow>;

/**
 * A row of `query`: a lift of the area with the organisation's parameters, or without them (the
 * parameter fields null, `id` null) when none are recorded.
 */
export const techParamListRow = techParamRow.extend({
  id: z.number().int().nullable(),
  orgId: z.number().int().nullable(),
  version: z.number().int().nullable(),
  updateTime: z.string().nullable(),
  /** Row key: `elevatorId-orgId` (a lift without parameters: `elevatorId-0`). */
  key: z.string(),
});
export type TechParamListRow = z.infer<typeof techParamListRow>;

const listFilters = {
  registerCode: text(40).optional(),
  variety: z.enum(LIFT_VARIETY_CODES, { error: '未知的设备品种' }).optional(),
  areaCode: text(12).optional(),
  /** For the platform and regulators: one organisation's rows. */
  orgId: idField('检验机构编号').optional(),
};

/** 检验电梯's due state: past the date (已超期) or within the window (即将到期). */
export const DUE_STATE = { overdue: 'overdue', soon: 'soon' } as const;
export const DUE_STATE_LABEL: Record<string, string> = { overdue: '已超期', soon: '即将到期' };

export const dueFilters = z.object({
  ...paging,
  days: z.coerce
    .number({ error: '天数应为数字' })
    .int('天数应为整数')
    .min(1, '天数应在 1–365 之间')
    .max(365, '天数应在 1–365 之间')
    .default(DUE_WINDOW_DAYS),
  areaCode: text(12).optional(),
  variety: z.enum(LIFT_VARIETY_CODES, { error: '未知的设备品种' }).optional(),
  registerCode: text(40).optional(),
  /** Words of the use unit's name. */
  useUnit: text(50).optional(),
  dueState: z.enum(['overdue', 'soon'], { error: '到期状态应为 overdue 或 soon' }).optional(),
  hasParams: queryBool.optional(),
});

/** A lift due for inspection (检验电梯). */
export const dueLiftRow = z.object({
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
  areaName: z.string().nullable(),
  variety: z.string().nullable(),
  varietyName: z.string().nullable(),
  useCompanyName: z.string().nullable(),
  nextInspectDate: z.string(),
  /** Days until the date (negative: overdue by that many). */
  daysLeft: z.number().int(),
  dueState: z.enum(['overdue', 'soon']),
  /** Parameters recorded (by the user's organisation; for the platform and regulators, by any it sees). */
  recorded: z.boolean(),
  /** The user's organisation's row (null for the platform and regulators, or when none). */
  paramId: z.number().int().nullable(),
  /** On an inspection order already (part 2). */
  distributed: z.boolean(),
});
export type DueLiftRow = z.infer<typeof dueLiftRow>;

/** 检验电梯's counts over the area and window (the filters other than the window do not apply). */
export const dueSummary = z.object({
  due: z.number().int(),
  overdue: z.number().int(),
  recorded: z.number().int(),
  undistributed: z.number().int(),
});
export type DueSummary = z.infer<typeof dueSummary>;

/** The report's parameter table (part 2's reports): these columns, in this order. */
export const REPORT_PARAM_COLUMNS = [
  '注册代码',
  '设备品种',
  '层站数',
  '门数',
  '额定载重量(kg)',
  '额定速度(m/s)',
  '提升高度(m)',
  '使用区段长度(m)',
  '控制方式',
  ...TECH_PARAM_EXTRAS.map((e) => e.title),
] as const;

export const reportParamRow = z.object({
  elevatorId: z.number().int(),
  registerCode: z.string(),
  /** The organisation recorded parameters; else the cells are the registry's (variety, floors, load, speed). */
  recorded: z.boolean(),
  /** One cell per REPORT_PARAM_COLUMNS, as text ('' when unknown). */
  cells: z.array(z.string()),
});
export type ReportParamRow = z.infer<typeof reportParamRow>;

export const varietyName = (code: string | null | undefined) =>
  code ? (LIFT_VARIETY_LABEL[code] ?? code) : null;

export const technicalParamCalls = {
  query: defineCall({
    domain,
    method: 'GET',
    path: `${B}/query`,
    permission: P.paramList,
    summary: '技术参数列表',
    input: z.object({ ...paging, ...listFilters, hasParams: queryBool.optional() }),
    output: pageOf(techParamListRow),
  }),
  reportTechnicalParametersList: defineCall({
    domain,
    method: 'POST',
    path: `${B}/reportTechnicalParametersList`,
    permission: P.paramList,
    summary: '报告中的技术参数',
    reads: true,
    input: z.object({
      elevatorIds: z
        .array(idField('电梯编号'))
        .min(1, '请指定电梯')
        .max(MAX_PAGE_SIZE, `一次最多 ${MAX_PAGE_SIZE} 台电梯`),
      /** Whose parameters (the platform and regulators must name it; an organisation's own user need not). */
      orgId: idField('检验机构编号').optional(),
    }),
    output: z.object({ columns: z.array(z.string()), rows: z.array(reportParamRow) }),
  }),
  elevatorTechnicalParametersList: defineCall({
    domain,
    method: 'GET',
    path: `${B}/elevatorTechnicalParametersList`,
    permission: P.paramList,
    summary: '一台电梯的技术参数',
    input: z.object({ elevatorId: idField('电梯编号') }),
    output: z.array(techParamRow),
  }),
  importTechnicalParameters: defineCall({
    domain,
    method: 'POST',
    path: `${B}/importTechnicalParameters`,
    permission: P.paramEdit,
    summary: '导入技术参数',
    encoding: 'multipart',
    input: z.object({}),
    output: importReport,
  }),
  importTemplate: defineCall({
    domain,
    method: 'GET',
    path: `${B}/importTemplate`,
    permission: P.paramEdit,
    summary: '技术参数导入模板',
    result: 'file',
    input: z.object({}),
    output: z.unknown(),
  }),
  update: defineCall({
    domain,
    method: 'PUT',
    path: `${B}/update`,
    permission: P.paramEdit,
    summary: '保存技术参数',
    input: techParamSave,
    output: techParamRow,
  }),
  undistributedList: defineCall({
    domain,
    method: 'GET',
    path: `${B}/undistributedList`,
    permission: P.paramList,
    summary: '待分配检验的电梯技术参数',
    input: z.object({ ...paging, ...listFilters, days: dueFilters.shape.days }),
    output: pageOf(techParamRow),
  }),
  countUndistributedList: defineCall({
    domain,
    method: 'GET',
    path: `${B}/countUndistributedList`,
    permission: P.paramList,
    summary: '待分配检验的电梯数',
    input: z.object({ ...listFilters, days: dueFilters.shape.days }),
    output: z.object({ count: z.number().int() }),
  }),
  exportExcel: defineCall({
    domain,
    method: 'GET',
    path: `${B}/exportExcel/{id}`,
    permission: P.paramList,
    summary: '导出检验机构的技术参数',
    result: 'file',
    input: z.object({
      id: idField('检验机构编号'),
      registerCode: listFilters.registerCode,
      variety: listFilters.variety,
      areaCode: listFilters.areaCode,
    }),
    output: z.unknown(),
  }),
  dueList: defineCall({
    domain,
    method: 'GET',
    path: `${B}/dueList`,
    permission: P.paramList,
    summary: '检验电梯（到期待检的电梯）',
    input: dueFilters,
    output: pageOf(dueLiftRow).extend({ summary: dueSummary }),
  }),
};
