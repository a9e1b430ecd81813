import { z } from 'zod';
import { defineCall, PUBLIC } from '../call.ts';
import { idField, idList, pageOf, paging, text } from '../common.ts';
import { dateField } from '../fields.ts';
import { RESCUE_PERMISSIONS } from './rules.ts';

/*
 * Emergency codes (应急码, DOMAIN.md §4): the city's pool of 6-digit codes (leading zeros kept,
 * unique across the city), generated in batches (permanent, or temporary with a last day), claimed
 * by use units and maintenance companies, bound to and unbound from their lifts (the lift's code is
 * the registry's rescue code), voided; printable signboards; and the public report page that a
 * signboard's QR code opens (no sign-in). No named calls exist for them: the paths are designed here
 * (docs/paths.md §应急码).
 */

export const EC = '/pc/emergencyCode';
const P = RESCUE_PERMISSIONS;

/**
 * The public report page's route in the console (a hash route: the console is served as static
 * files, so the QR code holds `<origin>/#/r/<code>` and no server route is needed).
 */
export const PUBLIC_REPORT_PATH = '/r';
export const publicReportUrl = (origin: string, code: string) =>
  `${origin.replace(/\/+$/, '')}/#${PUBLIC_REPORT_PATH}/${code}`;

/** The number printed on every signboard (the city's emergency line). */
export const EMERGENCY_PHONE = '96333';

export const CODE_RE = /^\d{6}$/;
/** One emergency code: exactly six digits, leading zeros kept (a string, never a number). */
export const emergencyCodeField = z
  .string({ error: '请输入 6 位应急码' })
  .trim()
  .regex(CODE_RE, '应急码应为 6 位数字');

/** A code's state, derived: 作废 over 已绑定 over 已认领 over 未认领. */
export const CODE_STATES = ['unclaimed', 'claimed', 'bound', 'void'] as const;
export type CodeState = (typeof CODE_STATES)[number];
export const CODE_STATE_LABEL: Record<CodeState, string> = {
  unclaimed: '未认领',
  claimed: '已认领',
  bound: '已绑定',
  void: '已作废',
};

/** What a code's history records. */
export const CODE_ACTIONS = ['生成', '认领', '绑定', '解绑', '作废'] as const;
export type CodeAction = (typeof CODE_ACTIONS)[number];

/** The most codes one batch may hold, and one claim may take. */
export const MAX_BATCH_QUANTITY = 5000;
export const MAX_CLAIM_QUANTITY = 1000;

const boolText = z.enum(['true', 'false']);

export const codeBatchRow = z.object({
  id: z.number().int(),
  batchNo: z.string(),
  quantity: z.number().int(),
  temporary: z.boolean(),
  validUntil: z.string().nullable(),
  /** A temporary batch past its last day. */
  expired: z.boolean(),
  remark: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** Codes of the batch claimed / bound / void (a claimer counts only its own). */
  claimed: z.number().int(),
  bound: z.number().int(),
  voided: z.number().int(),
});
export type CodeBatchRow = z.infer<typeof codeBatchRow>;

export const emergencyCodeRow = z.object({
  code: z.string(),
  batchId: z.number().int().nullable(),
  batchNo: z.string().nullable(),
  temporary: z.boolean(),
  validUntil: z.string().nullable(),
  expired: z.boolean(),
  state: z.enum(CODE_STATES),
  stateLabel: z.string(),
  claimedBy: z.number().int().nullable(),
  claimedByName: z.string().nullable(),
  claimedAt: z.string().nullable(),
  /** The lift holding the code (the registry's rescue code), when bound. */
  elevatorId: z.number().int().nullable(),
  registerCode: z.string().nullable(),
  address: z.string().nullable(),
  version: z.number().int(),
});
export type EmergencyCodeRow = z.infer<typeof emergencyCodeRow>;

export const codeRecordRow = z.object({
  id: z.number().int(),
  code: z.string(),
  action: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  elevatorId: z.number().int().nullable(),
  registerCode: z.string().nullable(),
  address: z.string().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
  /** The record's lift holds the record's code now (a 绑定 that may be undone). */
  current: z.boolean(),
});
export type CodeRecordRow = z.infer<typeof codeRecordRow>;

/** A lift for the signboard and binding pages: its code (or none) and place. */
export const codeLiftRow = z.object({
  id: z.number().int(),
  registerCode: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
  rescueCode: z.string().nullable(),
});
export type CodeLiftRow = z.infer<typeof codeLiftRow>;

export const generateInput = z
  .object({
    quantity: z.coerce
      .number({ error: '生成数量应为数字' })
      .int('生成数量应为整数')
      .min(1, '生成数量至少为 1')
      .max(MAX_BATCH_QUANTITY, `一批最多生成 ${MAX_BATCH_QUANTITY} 个应急码`),
    temporary: z.boolean({ error: '请选择是否为临时应急码' }).default(false),
    /** Temporary codes: the last day they may be bound (yyyy-MM-dd). */
    validUntil: dateField('有效期至').nullable().optional(),
    remark: text(200).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.temporary && !v.validUntil)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: '临时应急码须填写有效期至' });
    if (!v.temporary && v.validUntil)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: '长期应急码不设有效期' });
  });
export type GenerateInput = z.input<typeof generateInput>;

export const codeFilters = z.object({
  ...paging,
  /** The code's first digits (or the whole code). */
  code: z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, '应急码只能是数字')
    .optional(),
  batchId: idField('批次').optional(),
  state: z.enum(CODE_STATES, { error: '状态不正确' }).optional(),
  /** The claimer (regulators' filter). */
  companyId: idField('单位').optional(),
  temporary: boolText.optional(),
  expired: boolText.optional(),
});
export type CodeFilters = z.input<typeof codeFilters>;

export const claimInput = z
  .object({
    /** Take this many free codes from the pool (of the batch, when given). */
    quantity: z.coerce
      .number({ error: '认领数量应为数字' })
      .int('认领数量应为整数')
      .min(1, '认领数量至少为 1')
      .max(MAX_CLAIM_QUANTITY, `一次最多认领 ${MAX_CLAIM_QUANTITY} 个应急码`)
      .optional(),
    /** Or these codes (e.g. of plates already printed). */
    codes: z.array(emergencyCodeField).min(1, '请填写要认领的应急码').max(MAX_CLAIM_QUANTITY).optional(),
    batchId: idField('批次').optional(),
    /** With a quantity: take temporary codes (true) or permanent ones (false, the default). */
    temporary: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.quantity === undefined) === (v.codes === undefined))
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: '请填写认领数量或指定应急码（二选一）' });
  });

export const recordFilters = z.object({
  ...paging,
  /** 认领 (claimRecord) or 绑定 / 解绑 (bindRecord); several with commas. */
  action: z
    .string()
    .trim()
    .refine(
      (v) => v.split(',').every((a) => (CODE_ACTIONS as readonly string[]).includes(a)),
      '操作类型不正确',
    )
    .optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, '应急码只能是数字')
    .optional(),
  /** Register code or address of the lift. */
  keyword: text(50).optional(),
  dateFrom: dateField('开始日期').optional(),
  dateTo: dateField('结束日期').optional(),
});
export type RecordFilters = z.input<typeof recordFilters>;

export const codeLiftFilters = z.object({
  ...paging,
  /** Register code, address or the lift's code. */
  keyword: text(50).optional(),
  /** true: lifts with a code (signboards); false: lifts without one (to bind). */
  bound: boolText.optional(),
});

export const emergencyCodeCalls = {
  generate: defineCall({
    domain: 'emergency-code',
    method: 'POST',
    path: `${EC}/batch/generate`,
    permission: P.codeEdit,
    summary: '批量生成应急码（全市唯一的 6 位数字）',
    input: generateInput,
    output: codeBatchRow,
  }),
  batchList: defineCall({
    domain: 'emergency-code',
    method: 'GET',
    path: `${EC}/batch/list`,
    permission: P.codeList,
    summary: '应急码批次列表',
    input: z.object({ ...paging, temporary: boolText.optional() }),
    output: pageOf(codeBatchRow),
  }),
  list: defineCall({
    domain: 'emergency-code',
    method: 'GET',
    path: `${EC}/list`,
    permission: P.codeList,
    summary: '应急码列表（码池）',
    input: codeFilters,
    output: pageOf(emergencyCodeRow),
  }),
  claim: defineCall({
    domain: 'emergency-code',
    method: 'POST',
    path: `${EC}/claim`,
    permission: P.codeClaim,
    summary: '认领应急码（按数量或指定应急码）',
    input: claimInput,
    output: z.object({ codes: z.array(z.string()) }),
  }),
  bind: defineCall({
    domain: 'emergency-code',
    method: 'POST',
    path: `${EC}/bind`,
    permission: P.codeClaim,
    summary: '应急码绑定电梯',
    input: z.object({ code: emergencyCodeField, elevatorId: idField('电梯') }),
    output: codeRecordRow,
  }),
  unbind: defineCall({
    domain: 'emergency-code',
    method: 'POST',
    path: `${EC}/unbind`,
    permission: P.codeClaim,
    summary: '应急码解绑电梯',
    input: z.object({ code: emergencyCodeField }),
    output: codeRecordRow,
  }),
  void: defineCall({
    domain: 'emergency-code',
    method: 'POST',
    path: `${EC}/void`,
    permission: P.codeEdit,
    summary: '作废应急码',
    input: z.object({
      codes: z.array(emergencyCodeField).min(1, '请先选择要作废的应急码').max(MAX_CLAIM_QUANTITY),
    }),
    output: z.object({ voided: z.number().int() }),
  }),
  records: defineCall({
    domain: 'emergency-code',
    method: 'GET',
    path: `${EC}/record/list`,
    permission: P.codeList,
    summary: '应急码认领、绑定记录',
    input: recordFilters,
    output: pageOf(codeRecordRow),
  }),
  lifts: defineCall({
    domain: 'emergency-code',
    method: 'GET',
    path: `${EC}/lift/list`,
    permission: P.codeList,
    summary: '可绑定应急码或打印标识牌的电梯',
    input: codeLiftFilters,
    output: pageOf(codeLiftRow),
  }),
  signboard: defineCall({
    domain: 'emergency-code',
    method: 'POST',
    path: `${EC}/signboard`,
    permission: P.codeList,
    summary: '打印应急标识牌 PDF（一梯一页）',
    result: 'file',
    input: z.object({ ids: idList.pipe(z.array(z.number()).max(500, '一次最多打印 500 台电梯的标识牌')) }),
    output: z.unknown(),
  }),
};

// ---------------------------------------------------------------- the public report page (no sign-in)

/** What the public report page may show of a lift: its place, a masked register code, an open case. */
export const publicLift = z.object({
  code: z.string(),
  address: z.string(),
  /** The register code with its middle hidden. */
  registerCode: z.string(),
  name: z.string().nullable(),
  /** A rescue for this lift is under way (a report joins it). */
  caseOpen: z.boolean(),
});
export type PublicLift = z.infer<typeof publicLift>;

export const PUBLIC_REPORT_KINDS = ['困人', '故障'] as const;

export const publicReportInput = z.object({
  code: emergencyCodeField,
  kind: z.enum(PUBLIC_REPORT_KINDS, { error: '请选择有人被困或电梯故障' }),
  trapped: z.coerce
    .number({ error: '被困人数应为数字' })
    .int('被困人数应为整数')
    .min(0, '被困人数不能为负数')
    .max(99, '被困人数不能超过 99')
    .optional(),
  phone: z
    .string()
    .trim()
    .max(20, '电话号码过长')
    .regex(/^[\d\-+ ]*$/, '电话号码只能包含数字')
    .nullable()
    .optional(),
  description: text(300).nullable().optional(),
});
export type PublicReportInput = z.input<typeof publicReportInput>;

export const publicReportResult = z.object({
  /** A rescue for this lift was already under way: the report was added to it. */
  joined: z.boolean(),
  message: z.string(),
});

/** Limits of the public report (system parameters; defaults). */
export const PUBLIC_REPORT_PARAMS = {
  cooldownMinutes: { key: 'publicReportCooldownMinutes', fallback: 10, name: '扫码上报同梯合并时间（分钟）' },
  perIpHour: { key: 'publicReportPerIpHour', fallback: 10, name: '扫码上报每 IP 每小时上限' },
} as const;

export const publicReportCalls = {
  lift: defineCall({
    domain: 'emergency-code',
    method: 'GET',
    path: '/public/rescue/lift/{code}',
    permission: PUBLIC,
    summary: '扫码上报：应急码对应的电梯',
    input: z.object({ code: emergencyCodeField }),
    output: publicLift,
    // Per IP and minute like the sign-in calls: nobody walks the million codes for their addresses.
    rateLimited: true,
  }),
  report: defineCall({
    domain: 'emergency-code',
    method: 'POST',
    path: '/public/rescue/report',
    permission: PUBLIC,
    summary: '扫码上报困人或故障',
    input: publicReportInput,
    output: publicReportResult,
    // A first fence before the database's own limits (per IP an hour, per lift): see public.ts.
    rateLimited: true,
  }),
};
