import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idList, pageOf, paging, queryBool, requiredText, text } from '../common.ts';
import { dateField, deleteCall, version } from '../fields.ts';
import { LIFT_VARIETY_CODES, INSPECTION_PERMISSIONS as P } from './rules.ts';

/*
 * 检验项目（tbInspectionItem、tbInspectionItemElevatorType）与收费标准（tbInspectionCost）. Each
 * inspection organisation keeps its own item catalogue (seeded from the TSG T7001-2023 structure) and
 * its own tariff, keyed by the lift 品种 (LIFT_VARIETIES). Quotes are computed from the tariff by
 * `computeQuote` (tariff.ts). Who sees and edits: server modules/inspection/scope.ts.
 */

const domain = 'inspection';
const I = '/inspection/tbInspectionItem';
const C = '/inspection/tbInspectionCost';

export const INSPECTION_METHODS = ['资料审查', '目测', '测量', '试验'] as const;

/** Categories of the standard catalogue (lifts, then escalators and walks); free text is allowed. */
export const ITEM_CATEGORIES = [
  '技术资料',
  '驱动主机与控制柜',
  '井道及相关设备',
  '轿厢与对重',
  '悬挂装置与补偿装置',
  '层站层门与轿门',
  '驱动与转向站',
  '扶手装置与围裙板',
  '梯级踏板与胶带',
  '安全保护装置',
  '试验',
] as const;

const varietyCode = z.enum(LIFT_VARIETY_CODES, { error: '设备品种不正确' });
const varieties = z
  .array(varietyCode, { error: '请选择适用的设备品种' })
  .max(LIFT_VARIETY_CODES.length)
  .transform((v) => [...new Set(v)]);
/** An organisation (the platform and regulators choose one; an organisation's users are their own). */
const orgId = idField('检验机构');

export const inspectionItemRow = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  code: z.string(),
  category: z.string(),
  name: z.string(),
  content: z.string().nullable(),
  method: z.string(),
  keyItem: z.boolean(),
  sort: z.number().int(),
  /** 品种 codes the item applies to. */
  varieties: z.array(z.string()),
  version: z.number().int(),
  updateTime: z.string(),
});
export type InspectionItemRow = z.infer<typeof inspectionItemRow>;

export const itemFields = z.object({
  code: requiredText('项目编号', 20).regex(/^[0-9A-Za-z.\-()（）]+$/, '项目编号只能包含数字、字母和“.”'),
  category: requiredText('项目类别', 30),
  name: requiredText('检验项目', 100),
  content: text(2000).nullable().optional(),
  method: z.enum(INSPECTION_METHODS, { error: '检验方法应为资料审查、目测、测量或试验' }),
  keyItem: z.boolean().default(false),
  sort: z.coerce.number({ error: '排序应为数字' }).int('排序应为整数').min(0).max(99999).default(0),
});
export type ItemFields = z.input<typeof itemFields>;

export const itemAdd = itemFields.extend({ varieties: varieties.default([]) });
export const itemUpdate = itemFields.extend({ id: idField('检验项目'), version });

export const varietyCount = z.object({
  variety: z.string(),
  varietyName: z.string(),
  itemCount: z.number().int(),
  keyCount: z.number().int(),
});
export const varietyTree = z.object({
  /** Every item of the organisation(s). */
  total: z.number().int(),
  /** Items that apply to no variety yet. */
  unassigned: z.number().int(),
  varieties: z.array(varietyCount),
});
export type VarietyTree = z.infer<typeof varietyTree>;

export const inspectionItemCalls = {
  query: defineCall({
    domain,
    method: 'GET',
    path: `${I}/query`,
    permission: P.itemList,
    summary: '检验项目列表',
    input: z.object({
      ...paging,
      orgId: orgId.optional(),
      variety: varietyCode.optional(),
      /** Items that apply to no variety. */
      unassigned: queryBool.optional(),
      category: text(30).optional(),
      keyItem: queryBool.optional(),
      keyword: text(50).optional(),
    }),
    output: pageOf(inspectionItemRow),
  }),
  add: defineCall({
    domain,
    method: 'POST',
    path: `${I}/add`,
    permission: P.itemEdit,
    summary: '新增检验项目',
    input: itemAdd,
    output: inspectionItemRow,
  }),
  /** Designed (the catalogue names no update): the item's fields, by id and version. */
  update: defineCall({
    domain,
    method: 'PUT',
    path: `${I}/update`,
    permission: P.itemEdit,
    summary: '修改检验项目',
    input: itemUpdate,
    output: inspectionItemRow,
  }),
  get: defineCall({
    domain,
    method: 'GET',
    path: `${I}/get/{id}`,
    permission: P.itemList,
    summary: '检验项目详情',
    input: z.object({ id: idField('检验项目') }),
    output: inspectionItemRow,
  }),
  delete: deleteCall(domain, `${I}/delete`, P.itemEdit, '删除检验项目'),
  /** Sets exactly the varieties the items apply to. */
  settingElevatorType: defineCall({
    domain,
    method: 'PUT',
    path: `${I}/settingElevatorType`,
    permission: P.itemEdit,
    summary: '设置检验项目适用的设备品种',
    input: z.object({ ids: idList, varieties }),
    output: z.array(inspectionItemRow),
  }),
  /** The varieties with their item counts (the page's left-hand tree). */
  elevatorTypeList: defineCall({
    domain,
    method: 'GET',
    path: `${I}/elevatorTypeList`,
    permission: P.itemList,
    summary: '设备品种及其检验项目数',
    input: z.object({ orgId: orgId.optional() }),
    output: varietyTree,
  }),
  /** Takes items out of one variety (the items stay). */
  removeVariety: defineCall({
    domain,
    method: 'DELETE',
    path: '/inspection/tbInspectionItemElevatorType/delete',
    permission: P.itemEdit,
    summary: '将检验项目移出设备品种',
    input: z.object({ itemIds: idList, variety: varietyCode }),
    output: z.object({ deleted: z.number().int() }),
  }),
  /** Designed: copies the standard (TSG T7001-2023) catalogue into an organisation that has none. */
  loadStandard: defineCall({
    domain,
    method: 'POST',
    path: `${I}/loadStandard`,
    permission: P.itemEdit,
    summary: '导入标准检验项目',
    input: z.object({}),
    output: z.object({ added: z.number().int() }),
  }),
};

// ---------------------------------------------------------------- tariff

const fen = (label: string) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}以分计，应为整数`)
    .min(0, `${label}不能为负数`)
    .max(100_000_000, `${label}过大`);
const percent = (label: string, max = 1000) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .min(0, `${label}不能为负数`)
    .max(max, `${label}不能超过 ${max}%`);
const metres = (label: string) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .min(0, `${label}不能为负数`)
    .max(10_000, `${label}过大`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label}最多两位小数`);
const opt = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (v === '' ? null : v), s.nullable().optional());

const costTerms = z.object({
  variety: varietyCode,
  /** 基本检验费 per 台, 分. */
  baseFee: fen('基本检验费'),
  /** Stops included in the base fee. */
  baseStops: opt(z.coerce.number({ error: '包含层站数应为数字' }).int('包含层站数应为整数').min(0).max(200)),
  /** Per stop above `baseStops`, 分. */
  extraStopFee: opt(fen('超层站单价')),
  loadThresholdKg: opt(
    z.coerce.number({ error: '载重起算值应为数字' }).int('载重起算值应为整数').min(0).max(100_000),
  ),
  loadPercentPerTonne: opt(percent('每吨加收比例')),
  riseThresholdM: opt(metres('提升高度起算值')),
  riseStepM: opt(metres('提升高度档距').refine((v) => v > 0, '提升高度档距应大于 0')),
  risePercentPerStep: opt(percent('每档加收比例')),
  lengthThresholdM: opt(metres('长度起算值')),
  lengthStepM: opt(metres('长度档距').refine((v) => v > 0, '长度档距应大于 0')),
  lengthPercentPerStep: opt(percent('每档加收比例')),
  /** 监督检验 as a percentage of the 定期检验 fee. */
  supervisionPercent: z.coerce
    .number({ error: '监督检验比例应为数字' })
    .int('监督检验比例应为整数')
    .min(100, '监督检验比例不能低于 100%')
    .max(500, '监督检验比例不能超过 500%')
    .default(150),
  governorIncluded: z.boolean().default(true),
  effectiveFrom: dateField('执行日期'),
  note: text(500).nullable().optional(),
});

const pairs: [string, string, string][] = [
  ['baseStops', 'extraStopFee', '包含层站数与超层站单价应同时填写'],
  ['loadThresholdKg', 'loadPercentPerTonne', '载重起算值与每吨加收比例应同时填写'],
];
const triples: [string, string, string, string][] = [
  ['riseThresholdM', 'riseStepM', 'risePercentPerStep', '提升高度起算值、档距与每档比例应同时填写'],
  ['lengthThresholdM', 'lengthStepM', 'lengthPercentPerStep', '长度起算值、档距与每档比例应同时填写'],
];
/** A surcharge is given whole or not at all. */
function checkGroups(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  const set = (k: string) => v[k] !== null && v[k] !== undefined;
  for (const [a, b, message] of pairs)
    if (set(a) !== set(b)) ctx.addIssue({ code: 'custom', path: [set(a) ? b : a], message });
  for (const [a, b, c, message] of triples) {
    const n = [a, b, c].filter(set).length;
    if (n > 0 && n < 3) ctx.addIssue({ code: 'custom', path: [[a, b, c].find((k) => !set(k))!], message });
  }
}

export const costAdd = costTerms.superRefine(checkGroups);
export const costUpdate = costTerms.extend({ id: idField('收费标准'), version }).superRefine(checkGroups);
export type CostFields = z.input<typeof costAdd>;

export const inspectionCostRow = costTerms.extend({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  variety: z.string(),
  varietyName: z.string(),
  baseStops: z.number().int().nullable(),
  extraStopFee: z.number().int().nullable(),
  loadThresholdKg: z.number().int().nullable(),
  loadPercentPerTonne: z.number().int().nullable(),
  riseThresholdM: z.number().nullable(),
  riseStepM: z.number().nullable(),
  risePercentPerStep: z.number().int().nullable(),
  lengthThresholdM: z.number().nullable(),
  lengthStepM: z.number().nullable(),
  lengthPercentPerStep: z.number().int().nullable(),
  supervisionPercent: z.number().int(),
  governorIncluded: z.boolean(),
  effectiveFrom: z.string(),
  note: z.string().nullable(),
  version: z.number().int(),
  updateTime: z.string(),
});
export type InspectionCostRow = z.infer<typeof inspectionCostRow>;

export const inspectionTypeField = z.enum(['periodic', 'supervision'], {
  error: '检验类别应为定期检验或监督检验',
});

export const quoteLine = z.object({ label: z.string(), detail: z.string(), amount: z.number().int() });
export const inspectionQuote = z.object({
  orgId: z.number().int(),
  orgName: z.string(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  liftName: z.string().nullable(),
  inspectionType: inspectionTypeField,
  /** The facts the fee was computed from (technical parameters, else the registry's). */
  facts: z.object({
    variety: z.string().nullable(),
    varietyName: z.string().nullable(),
    stops: z.number().nullable(),
    riseM: z.number().nullable(),
    lengthM: z.number().nullable(),
    ratedLoad: z.number().nullable(),
  }),
  costId: z.number().int(),
  lines: z.array(quoteLine),
  /** 分. */
  periodicFee: z.number().int(),
  /** 分. */
  total: z.number().int(),
  notes: z.array(z.string()),
});
export type InspectionQuote = z.infer<typeof inspectionQuote>;

export const quoteLift = z.object({
  id: z.number().int(),
  registerCode: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  variety: z.string().nullable(),
  varietyName: z.string().nullable(),
});
export type QuoteLift = z.infer<typeof quoteLift>;

export const costCalls = {
  query: defineCall({
    domain,
    method: 'GET',
    path: `${C}/query`,
    permission: P.costList,
    summary: '检验收费标准列表',
    input: z.object({ ...paging, orgId: orgId.optional(), variety: varietyCode.optional() }),
    output: pageOf(inspectionCostRow),
  }),
  get: defineCall({
    domain,
    method: 'GET',
    path: `${C}/get/{id}`,
    permission: P.costList,
    summary: '检验收费标准详情',
    input: z.object({ id: idField('收费标准') }),
    output: inspectionCostRow,
  }),
  add: defineCall({
    domain,
    method: 'POST',
    path: `${C}/add`,
    permission: P.costEdit,
    summary: '新增检验收费标准',
    input: costAdd,
    output: inspectionCostRow,
  }),
  update: defineCall({
    domain,
    method: 'PUT',
    path: `${C}/update`,
    permission: P.costEdit,
    summary: '修改检验收费标准',
    input: costUpdate,
    output: inspectionCostRow,
  }),
  delete: deleteCall(domain, `${C}/delete`, P.costEdit, '删除检验收费标准'),
  /** Designed: the fee of one lift computed from the organisation's tariff, with its lines. */
  quote: defineCall({
    domain,
    method: 'GET',
    path: `${C}/quote`,
    permission: P.costList,
    summary: '计算电梯检验报价',
    input: z.object({
      elevatorId: idField('电梯'),
      inspectionType: inspectionTypeField.default('periodic'),
      orgId: orgId.optional(),
    }),
    output: inspectionQuote,
  }),
  /** Designed: lifts the organisation may quote (its district's, or those it holds parameters of), by register code. */
  lifts: defineCall({
    domain,
    method: 'GET',
    path: `${C}/lifts`,
    permission: P.costList,
    summary: '可报价的电梯',
    input: z.object({ keyword: text(50).optional(), orgId: orgId.optional() }),
    output: z.array(quoteLift),
  }),
};
