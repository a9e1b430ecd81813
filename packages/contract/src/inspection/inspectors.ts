import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  auditStep,
  idField,
  idParam,
  isIdNumber,
  pageOf,
  paging,
  queryBool,
  requiredText,
  text,
} from '../common.ts';
import { dateField, deleteCall, optionalFileId, version } from '../fields.ts';
import { auditDecision, auditInfo, positiveId } from '../parties/fields.ts';
import { addDays, CERT_EXPIRING_DAYS, FILING_STATE } from '../rules.ts';
import { INSPECTION_PERMISSIONS } from './rules.ts';

/*
 * 检验人员（tbInspector、tbInspectorAudit）与部门（tbDepartment）: an inspection organisation's
 * inspectors with their certificates (检验员证 / 特种设备检验人员证, TSG Z8002: 电梯检验员 DTY,
 * 电梯检验师 DTS), the organisation's audit of a joining inspector (the shared workflow, kind
 * 'inspection-inspector'), its departments and the distribution of passed inspectors into them.
 * Paths under /inspection/ as the catalogue spells them; verbs chosen: GET reads, POST adds and
 * actions, PUT updates, DELETE deletes.
 */

const P = INSPECTION_PERMISSIONS;
const domain = 'inspection';
const INS = '/inspection/tbInspector';
const INS_AUDIT = '/inspection/tbInspectorAudit';
const DEP = '/inspection/tbDepartment';

// ---------------------------------------------------------------- labels and rules

/** 检验人员资格项目 (TSG Z8002): 电梯检验员, 电梯检验师. */
export const INSPECTOR_CATEGORIES = ['DTY', 'DTS'] as const;
export type InspectorCategory = (typeof INSPECTOR_CATEGORIES)[number];
export const INSPECTOR_CATEGORY_LABEL: Record<InspectorCategory, string> = {
  DTY: '电梯检验员（DTY）',
  DTS: '电梯检验师（DTS）',
};

export const GENDER_LABEL: Record<number, string> = { 1: '男', 2: '女' };

/** A certificate's state: 已过期 after its last valid day, 即将到期 within CERT_EXPIRING_DAYS. */
export const INSPECTOR_CERT_STATES = ['valid', 'expiring', 'expired'] as const;
export type InspectorCertState = (typeof INSPECTOR_CERT_STATES)[number];
export const INSPECTOR_CERT_STATE_LABEL: Record<InspectorCertState, string> = {
  valid: '有效',
  expiring: '即将到期',
  expired: '已过期',
};

/** The certificate state of a valid-until date on `today` (both `yyyy-MM-dd`). */
export function certStateOf(validUntil: string, today: string): InspectorCertState {
  if (validUntil < today) return 'expired';
  if (validUntil <= addDays(today, CERT_EXPIRING_DAYS)) return 'expiring';
  return 'valid';
}

/** The audit state of an inspector (the case's filing state): 2 待审核, 3 审核通过, 4 已驳回. */
export const INSPECTOR_AUDIT_STATES = [FILING_STATE.pending, FILING_STATE.passed, FILING_STATE.rejected];
export const INSPECTOR_AUDIT_LABEL: Record<number, string> = {
  [FILING_STATE.notFiled]: '未提交',
  [FILING_STATE.pending]: '待审核',
  [FILING_STATE.passed]: '审核通过',
  [FILING_STATE.rejected]: '已驳回',
};

const auditStateFilter = z.coerce
  .number({ error: '审核状态应为 2（待审核）、3（审核通过）或 4（已驳回）' })
  .int('审核状态应为 2（待审核）、3（审核通过）或 4（已驳回）')
  .min(FILING_STATE.pending, '审核状态应为 2（待审核）、3（审核通过）或 4（已驳回）')
  .max(FILING_STATE.rejected, '审核状态应为 2（待审核）、3（审核通过）或 4（已驳回）');

// ---------------------------------------------------------------- inspectors

export const inspectorRow = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  name: z.string(),
  gender: z.number().int().nullable(),
  genderLabel: z.string().nullable(),
  /** Masked unless the viewer is the inspector's own account. */
  idNumber: z.string().nullable(),
  /** Masked unless the viewer is the inspector's own account. */
  phone: z.string().nullable(),
  certNo: z.string(),
  category: z.enum(INSPECTOR_CATEGORIES),
  categoryLabel: z.string(),
  issuingAuthority: z.string().nullable(),
  issueDate: z.string().nullable(),
  validUntil: z.string(),
  certState: z.enum(INSPECTOR_CERT_STATES),
  certStateLabel: z.string(),
  /** Days from today to the last valid day (negative once expired). */
  daysLeft: z.number().int(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  /** The sign-in account of the organisation linked to this inspector, if any. */
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  auditState: z.number().int(),
  auditStateLabel: z.string(),
  auditId: z.number().int().nullable(),
  auditDescription: z.string().nullable(),
  remark: z.string().nullable(),
  /** The signature image (a PNG, POST /common/upload), printed on the reports the inspector signs. */
  signatureFileId: z.string().nullable(),
  version: z.number().int(),
  createTime: z.string(),
});
export type InspectorRow = z.infer<typeof inspectorRow>;

export const inspectorDetail = inspectorRow.extend({
  /** The audit case's steps, oldest first (提交审核, 审核通过 / 驳回 …). */
  history: z.array(auditStep),
});
export type InspectorDetail = z.infer<typeof inspectorDetail>;

const certCounts = z.object({
  valid: z.number().int(),
  expiring: z.number().int(),
  expired: z.number().int(),
});

export const inspectorPage = pageOf(inspectorRow).extend({
  /** Certificate states of the passed inspectors the list's other filters select. */
  certCounts,
});
export type InspectorPage = z.infer<typeof inspectorPage>;

const ID_INVALID = '请输入正确的身份证号（18 位含校验位，或 15 位）';

const phone = z
  .string()
  .trim()
  .max(20, '手机号码格式不正确')
  .refine((v) => v === '' || /^1[3-9]\d{9}$/.test(v) || v.includes('*'), '请输入正确的手机号码');

/** What the add and edit dialogs send. */
const inspectorObject = z.object({
  name: requiredText('姓名', 32),
  gender: z.coerce
    .number({ error: '请选择性别' })
    .int('请选择性别')
    .refine((v) => v === 1 || v === 2, '请选择性别')
    .optional()
    .nullable(),
  /** A masked number sent back unchanged keeps the stored one (the server checks the mask). */
  idNumber: z
    .string()
    .trim()
    .max(18, ID_INVALID)
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || v.includes('*') || isIdNumber(v), ID_INVALID)
    .optional()
    .nullable(),
  phone: phone.optional().nullable(),
  certNo: requiredText('证书编号', 50).regex(/^[A-Za-z0-9-]+$/, '证书编号只能包含字母、数字和短横线'),
  category: z.enum(INSPECTOR_CATEGORIES, { error: '请选择资格项目（DTY 电梯检验员 / DTS 电梯检验师）' }),
  issuingAuthority: text(64).optional().nullable(),
  issueDate: z
    .union([z.literal(''), dateField('发证日期')])
    .optional()
    .nullable(),
  validUntil: dateField('证书有效期至'),
  /** An account of the same organisation (its inspector's sign-in). */
  userId: z
    .union([z.literal(''), positiveId('关联账号')])
    .optional()
    .nullable(),
  remark: text(200).optional().nullable(),
  /** 签名图片 (PNG): omitted keeps the stored one on update, '' or null clears it. */
  signatureFileId: optionalFileId('签名图片'),
});
const issuedBeforeValid = {
  check: (v: { issueDate?: string | null; validUntil: string }) => !v.issueDate || v.issueDate < v.validUntil,
  message: { message: '证书有效期至应晚于发证日期', path: ['validUntil'] },
};
export const inspectorFields = inspectorObject.refine(issuedBeforeValid.check, issuedBeforeValid.message);
export type InspectorFields = z.input<typeof inspectorFields>;
export type InspectorValues = z.output<typeof inspectorFields>;

export const inspectorFilters = z.object({
  ...paging,
  /** 姓名或证书编号. */
  keyword: text(50).optional(),
  departmentId: idField('部门').optional(),
  certState: z.enum(INSPECTOR_CERT_STATES, { error: '证书状态应为 valid、expiring 或 expired' }).optional(),
  auditState: auditStateFilter.optional(),
  /** The platform and regulators may pick one organisation. */
  orgId: idField('检验机构').optional(),
});

export const inspectorAuditRow = auditInfo.extend({
  inspectorId: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  name: z.string(),
  certNo: z.string(),
  category: z.enum(INSPECTOR_CATEGORIES),
  categoryLabel: z.string(),
  validUntil: z.string(),
  certState: z.enum(INSPECTOR_CERT_STATES),
  certStateLabel: z.string(),
  phone: z.string().nullable(),
});
export type InspectorAuditRow = z.infer<typeof inspectorAuditRow>;

export const inspectorCalls = {
  query: defineCall({
    domain,
    method: 'GET',
    path: `${INS}/query`,
    permission: P.inspectorList,
    summary: '检验人员列表（证书状态、审核状态、部门筛选）',
    input: inspectorFilters,
    output: inspectorPage,
  }),
  add: defineCall({
    domain,
    method: 'POST',
    path: `${INS}/add`,
    permission: P.inspectorEdit,
    summary: '新增检验人员（提交本机构审核）',
    input: inspectorFields,
    output: inspectorDetail,
  }),
  update: defineCall({
    domain,
    method: 'PUT',
    path: `${INS}/update`,
    permission: P.inspectorEdit,
    summary: '修改检验人员；已驳回的修改后重新提交审核',
    input: inspectorObject
      .extend({ id: positiveId('检验人员'), version })
      .refine(issuedBeforeValid.check, issuedBeforeValid.message),
    output: inspectorDetail,
  }),
  delete: deleteCall(domain, `${INS}/delete`, P.inspectorEdit, '删除检验人员'),
  list: defineCall({
    domain,
    method: 'GET',
    path: `${INS}/list`,
    permission: P.inspectorList,
    summary: '本机构审核通过的检验人员（选择用）',
    input: z.object({
      keyword: text(50).optional(),
      departmentId: idField('部门').optional(),
      /** Only those in no department. */
      unassigned: queryBool.optional(),
      orgId: idField('检验机构').optional(),
    }),
    output: z.array(inspectorRow),
  }),
  export: defineCall({
    domain,
    method: 'GET',
    path: `${INS}/export`,
    permission: P.inspectorList,
    summary: '导出检验人员（.xlsx，按列表筛选）',
    result: 'file',
    input: inspectorFilters.omit({ page: true, limit: true }),
    output: z.unknown(),
  }),
  get: defineCall({
    domain,
    method: 'GET',
    path: `${INS}/get/{id}`,
    permission: P.inspectorList,
    summary: '检验人员详情',
    input: idParam,
    output: inspectorDetail,
  }),
  auditList: defineCall({
    domain,
    method: 'GET',
    path: `${INS}/auditList`,
    permission: P.inspectorList,
    summary: '检验人员审核列表',
    input: z.object({
      ...paging,
      state: auditStateFilter.optional(),
      keyword: text(50).optional(),
    }),
    output: pageOf(inspectorAuditRow),
  }),
  auditPass: defineCall({
    domain,
    method: 'POST',
    path: `${INS}/auditPass`,
    permission: P.inspectorAudit,
    summary: '检验人员审核通过',
    input: auditDecision,
    output: inspectorAuditRow,
  }),
  auditReject: defineCall({
    domain,
    method: 'POST',
    path: `${INS}/auditReject`,
    permission: P.inspectorAudit,
    summary: '检验人员审核驳回',
    input: auditDecision,
    output: inspectorAuditRow,
  }),
  auditDelete: deleteCall(
    domain,
    `${INS_AUDIT}/delete`,
    P.inspectorAudit,
    '删除检验人员审核记录（已审核的）',
  ),
  auditGet: defineCall({
    domain,
    method: 'GET',
    path: `${INS_AUDIT}/get/{id}`,
    permission: P.inspectorList,
    summary: '检验人员审核详情',
    input: idParam,
    output: z.object({ audit: inspectorAuditRow, inspector: inspectorDetail }),
  }),
};

// ---------------------------------------------------------------- departments

export const departmentRow = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  name: z.string(),
  leader: z.string().nullable(),
  /** The organisation's own accounts see it in full, others masked. */
  phone: z.string().nullable(),
  description: z.string().nullable(),
  inspectorCount: z.number().int(),
  version: z.number().int(),
  createTime: z.string(),
});
export type DepartmentRow = z.infer<typeof departmentRow>;

export const departmentDetail = departmentRow.extend({ inspectors: z.array(inspectorRow) });
export type DepartmentDetail = z.infer<typeof departmentDetail>;

export const departmentFields = z.object({
  name: requiredText('部门名称', 50),
  leader: text(32).optional().nullable(),
  phone: z
    .string()
    .trim()
    .max(20, '联系电话格式不正确')
    .refine(
      (v) => v === '' || v.includes('*') || /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/.test(v),
      '请输入正确的联系电话（手机号或 0771-1234567）',
    )
    .optional()
    .nullable(),
  description: text(200).optional().nullable(),
});
export type DepartmentFields = z.input<typeof departmentFields>;

const distribution = z.object({
  departmentId: positiveId('部门'),
  inspectorIds: z
    .array(positiveId('检验人员'), { error: '请选择检验人员' })
    .min(1, '请选择检验人员')
    .max(500, '一次最多选择 500 名检验人员'),
});

export const departmentCalls = {
  query: defineCall({
    domain,
    method: 'GET',
    path: `${DEP}/query`,
    permission: P.departmentList,
    summary: '部门列表',
    input: z.object({ ...paging, name: text(50).optional(), orgId: idField('检验机构').optional() }),
    output: pageOf(departmentRow),
  }),
  add: defineCall({
    domain,
    method: 'POST',
    path: `${DEP}/add`,
    permission: P.departmentEdit,
    summary: '新增部门',
    input: departmentFields,
    output: departmentDetail,
  }),
  update: defineCall({
    domain,
    method: 'PUT',
    path: `${DEP}/update`,
    permission: P.departmentEdit,
    summary: '修改部门',
    input: departmentFields.extend({ id: positiveId('部门'), version }),
    output: departmentDetail,
  }),
  delete: deleteCall(domain, `${DEP}/delete`, P.departmentEdit, '删除部门（部门下无检验人员时）'),
  get: defineCall({
    domain,
    method: 'GET',
    path: `${DEP}/get/{id}`,
    permission: P.departmentList,
    summary: '部门详情（含部门人员）',
    input: idParam,
    output: departmentDetail,
  }),
  distribution: defineCall({
    domain,
    method: 'POST',
    path: `${DEP}/distribution`,
    permission: P.departmentEdit,
    summary: '人员分配：把审核通过的检验人员分配到部门',
    input: distribution,
    output: departmentDetail,
  }),
  remove: defineCall({
    domain,
    method: 'POST',
    path: `${DEP}/remove`,
    permission: P.departmentEdit,
    summary: '人员分配：把检验人员移出部门',
    input: distribution,
    output: departmentDetail,
  }),
};
