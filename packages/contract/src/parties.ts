import { z } from 'zod';
import { defineCall, SIGNED_IN } from './call.ts';
import {
  dateText,
  INT4_MAX,
  idField,
  idList,
  idParam,
  isCreditCode,
  isIdNumber,
  messages,
  PHONE_RE,
  pageOf,
  paging,
  phoneField,
  requiredText,
  text,
} from './common.ts';
import { elevatorPage } from './elevator.ts';

/**
 * The parties of the platform and how they get onto it (issue 6): maintenance companies, use units
 * (building companies), inspection organisations, their staff and safety officers, maintenance
 * contracts, communities and the maintenance incentive. Every filing goes through the audit workflow;
 * filing states are the spec's 1 未备案, 2 待审核, 3 备案成功, 4 备案驳回.
 */

// ---------------------------------------------------------------- labels and enums

export const filingStateFilter = z.coerce
  .number({ error: '备案状态应为 1–4' })
  .int('备案状态应为 1–4')
  .min(1, '备案状态应为 1–4')
  .max(4, '备案状态应为 1–4');

/** 许可项目 of TSG 07-2019 for maintenance (DOMAIN.md §5.3). */
export const LICENCE_TYPES = ['manufacture', 'install_repair', 'repair'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];
export const LICENCE_TYPE_LABEL: Record<LicenceType, string> = {
  manufacture: '电梯制造（含安装、修理、改造）',
  install_repair: '电梯安装（含修理）',
  repair: '电梯修理',
};
/** Every level a stored licence may carry, the former rules' C included (list filters). */
export const LICENCE_GRADES = ['A1', 'A2', 'A', 'B', 'C'] as const;
export type LicenceGrade = (typeof LICENCE_GRADES)[number];
/**
 * The levels each 许可项目 has, after TSG 07-2019《特种设备生产单位许可规则》 and the 2019
 * 特种设备生产单位许可目录 (市场监管总局公告 2019 年第 3 号) as we read them: 电梯制造 is graded
 * A1 / A2 / B by the rated speed of 曳引驱动乘客电梯 (A1 over 6.0 m/s, A2 over 2.5 up to 6.0 m/s,
 * B up to 2.5 m/s); 电梯安装（含修理） and 电梯修理 are graded A / B. The C level of the former
 * rules (TSG Z0004-2007) is no longer granted; older records and inspection reports may still show
 * it (DOMAIN.md §5.3, whose exact parameter limits remain to be verified).
 */
export const LICENCE_GRADES_BY_TYPE: Record<LicenceType, readonly LicenceGrade[]> = {
  manufacture: ['A1', 'A2', 'B'],
  install_repair: ['A', 'B'],
  repair: ['A', 'B'],
};
export const licenceGradeAllowed = (type: string | null | undefined, grade: string | null | undefined) =>
  !!type && !!grade && (LICENCE_GRADES_BY_TYPE[type as LicenceType] ?? []).includes(grade as LicenceGrade);

/** 作业人员证书: 2019 codes T (电梯修理) and A (安全管理), and legacy codes still on older cards. */
export const CERT_TYPES = ['T', 'A', 'T1', 'T2', 'T3', 'A4'] as const;
export const CERT_TYPE_LABEL: Record<(typeof CERT_TYPES)[number], string> = {
  T: 'T（电梯修理）',
  A: 'A（特种设备安全管理）',
  T1: 'T1（电梯机械安装维修，旧）',
  T2: 'T2（电梯电气安装维修，旧）',
  T3: 'T3（电梯司机，旧）',
  A4: 'A4（电梯安全管理，旧）',
};
/** Certificate status against today: expiring within CERT_EXPIRING_DAYS (rules.ts) days. */
export const CERT_STATUS = ['valid', 'expiring', 'expired', 'none'] as const;
export const CERT_STATUS_LABEL: Record<(typeof CERT_STATUS)[number], string> = {
  valid: '有效',
  expiring: '即将到期',
  expired: '已过期',
  none: '无证书',
};

export const USE_UNIT_TYPES = ['property', 'owner', 'self', 'other'] as const;
export const USE_UNIT_TYPE_LABEL: Record<(typeof USE_UNIT_TYPES)[number], string> = {
  property: '物业服务企业',
  owner: '产权单位',
  self: '自管单位',
  other: '其他',
};

export const PLAN_TYPES = ['HALF_MONTH', 'MONTH', 'QUARTER', 'HALF_YEAR', 'YEAR'] as const;
export const PLAN_TYPE_LABEL: Record<(typeof PLAN_TYPES)[number], string> = {
  HALF_MONTH: '半月',
  MONTH: '月度',
  QUARTER: '季度',
  HALF_YEAR: '半年',
  YEAR: '年度',
};
/** A contract's standing today; `expiring` within CONTRACT_EXPIRING_DAYS (rules.ts) days of its end. */
export const CONTRACT_STATUS = [
  'draft',
  'pending',
  'rejected',
  'notStarted',
  'valid',
  'expiring',
  'expired',
] as const;
export const CONTRACT_STATUS_LABEL: Record<(typeof CONTRACT_STATUS)[number], string> = {
  draft: '未提交',
  pending: '待审核',
  rejected: '已驳回',
  notStarted: '未生效',
  valid: '有效',
  expiring: '即将到期',
  expired: '已过期',
};
/** Why an elevator is flagged: no passed contract covers today, or the last one has ended. */
export const CONTRACT_FLAGS = ['missing', 'expired', 'expiring'] as const;
export const CONTRACT_FLAG_LABEL: Record<(typeof CONTRACT_FLAGS)[number], string> = {
  missing: '无维保合同',
  expired: '合同已过期',
  expiring: '合同即将到期',
};

/** Company kinds that file on this platform, with the filing route their accounts are sent to. */
export const FILING_KINDS = [
  'maintenance-unit',
  'building-company',
  'inspection-org',
  'maintenance-user',
  'building-company-user',
  'inspection-org-user',
] as const;
export type FilingKind = (typeof FILING_KINDS)[number];

export const PERSON_ROLES = ['staff', 'admin', 'safety_officer', 'safety_director', 'inspector'] as const;
export const PERSON_ROLE_LABEL: Record<(typeof PERSON_ROLES)[number], string> = {
  staff: '维保人员',
  admin: '单位管理员',
  safety_officer: '安全员',
  safety_director: '安全总监',
  inspector: '检验人员',
};

// ---------------------------------------------------------------- field validators

const INVALID_CREDIT = '统一社会信用代码格式不正确（18 位，末位为校验码）';
export const creditCodeField = z
  .string({ error: '统一社会信用代码不能为空' })
  .trim()
  .min(1, '统一社会信用代码不能为空')
  .max(18, INVALID_CREDIT)
  .transform((v) => v.toUpperCase())
  .refine(isCreditCode, INVALID_CREDIT);

export const idNumberField = z
  .string({ error: '身份证号不能为空' })
  .trim()
  .min(1, '身份证号不能为空')
  .max(18, messages.idNumberInvalid)
  .transform((v) => v.toUpperCase())
  .refine(isIdNumber, `${messages.idNumberInvalid}（18 位含校验位，或 15 位）`);

/** A mobile number or a landline such as 0771-5100000. */
export const CONTACT_PHONE_RE = /^(1[34578]\d{9}|0\d{2,3}-?\d{7,8})$/;
const contactPhoneField = z
  .string({ error: '联系电话不能为空' })
  .trim()
  .min(1, '联系电话不能为空')
  .regex(CONTACT_PHONE_RE, '请输入正确的联系电话（手机号或 0771-1234567）');

const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
export const dateField = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .pipe(dateText)
    .refine(isRealDate, `${label}不是有效日期`);
const optionalDate = (label: string) =>
  z
    .union([z.literal(''), dateField(label)])
    .nullable()
    .optional();

/** An uploaded file (POST /common/upload → data.id). */
export const fileIdField = (label: string) =>
  z.uuid({ error: `请上传${label}` }).transform((v) => v.toLowerCase());
const optionalFileId = (label: string) =>
  z
    .union([z.literal(''), fileIdField(label)])
    .nullable()
    .optional();

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int(`请选择${label}`)
    .positive(`请选择${label}`)
    .max(INT4_MAX, `请选择${label}`);
const version = z.coerce
  .number({ error: '版本号应为数字' })
  .int('版本号应为整数')
  .min(0, '版本号不正确')
  .max(INT4_MAX, '版本号不正确');

// ---------------------------------------------------------------- shared outputs

export const fileRef = z.object({ id: z.string(), fileName: z.string() });
export type FileRef = z.infer<typeof fileRef>;

export const auditStep = z.object({
  action: z.string(),
  actionLabel: z.string(),
  fromState: z.number().int().nullable(),
  toState: z.number().int(),
  actorName: z.string().nullable(),
  description: z.string().nullable(),
  time: z.string(),
});
export type AuditStep = z.infer<typeof auditStep>;

/** One audit case as lists show it. */
const auditFields = {
  auditId: z.number().int(),
  state: z.number().int(),
  stateLabel: z.string(),
  auditState: z.number().int().nullable(),
  auditDescription: z.string().nullable(),
  version: z.number().int(),
  submitterName: z.string().nullable(),
  submitTime: z.string().nullable(),
  deciderName: z.string().nullable(),
  decideTime: z.string().nullable(),
};
export const auditInfo = z.object(auditFields);
export type AuditInfo = z.infer<typeof auditInfo>;

/** Pass or reject a case: the version the reviewer saw, an optional opinion (驳回原因). */
export const auditDecision = z.object({
  auditId: z.coerce.number({ error: '审核记录编号不正确' }).int().positive('审核记录编号不正确'),
  auditDescription: text(500).optional(),
  version: version.optional(),
});

const deletedCount = z.object({ deleted: z.number().int() });

/** `DELETE <path>` of records by id (`ids`), answering how many were deleted. */
const deleteCall = (domain: string, path: string, permission: string, summary: string) =>
  defineCall({
    domain,
    method: 'DELETE',
    path,
    permission,
    summary,
    input: z.object({ ids: idList }),
    output: deletedCount,
  });

/**
 * The audit calls of one kind of filing under `base`: the list of cases (`queryList`), one case with
 * its subject (`detail/{id}` → `{ audit, [subjectKey]: subject }`), pass, reject, and deleting decided
 * cases. Summaries read `<label>审核列表`, `<label>审核详情`, `<label>审核通过`, `<label>审核驳回` and
 * `删除<subject>审核记录（已审核的）`, unless `summaries` says otherwise.
 */
function auditGroup<F extends z.ZodType, R extends z.ZodType, K extends string, D extends z.ZodType>(o: {
  domain: string;
  base: string;
  permission: string;
  /** e.g. 使用单位备案 */
  label: string;
  /** e.g. 使用单位 */
  subject: string;
  filters: F;
  row: R;
  subjectKey: K;
  detail: D;
  summaries?: Partial<Record<'queryList' | 'detail' | 'auditPass' | 'auditReject' | 'delete', string>>;
}) {
  const { domain, base, permission, label } = o;
  const summary = { ...o.summaries };
  return {
    queryList: defineCall({
      domain,
      method: 'GET',
      path: `${base}/queryList`,
      permission,
      summary: summary.queryList ?? `${label}审核列表`,
      input: o.filters,
      output: pageOf(o.row),
    }),
    detail: defineCall({
      domain,
      method: 'GET',
      path: `${base}/detail/{id}`,
      permission,
      summary: summary.detail ?? `${label}审核详情`,
      input: idParam,
      output: z.object({ audit: o.row, [o.subjectKey]: o.detail } as { audit: R } & { [P in K]: D }),
    }),
    auditPass: defineCall({
      domain,
      method: 'POST',
      path: `${base}/auditPass`,
      permission,
      summary: summary.auditPass ?? `${label}审核通过`,
      input: auditDecision,
      output: o.row,
    }),
    auditReject: defineCall({
      domain,
      method: 'POST',
      path: `${base}/auditReject`,
      permission,
      summary: summary.auditReject ?? `${label}审核驳回`,
      input: auditDecision,
      output: o.row,
    }),
    delete: deleteCall(
      domain,
      `${base}/delete`,
      permission,
      summary.delete ?? `删除${o.subject}审核记录（已审核的）`,
    ),
  };
}

/** What every filed record carries about its filing. */
const filingFields = {
  filingState: z.number().int(),
  filingStateLabel: z.string(),
  auditId: z.number().int().nullable(),
  auditVersion: z.number().int().nullable(),
  auditDescription: z.string().nullable(),
};

const companyFields = {
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  areaCode: z.string().nullable(),
  areaName: z.string().nullable(),
  address: z.string().nullable(),
  legalPerson: z.string().nullable(),
  contactName: z.string().nullable(),
  /** Masked unless the viewer belongs to the company or is the platform administrator. */
  contactPhone: z.string().nullable(),
  ...filingFields,
  createTime: z.string(),
};

export const companyAuditRow = auditInfo.extend({
  companyId: z.number().int(),
  kind: z.string(),
  name: z.string(),
  creditCode: z.string().nullable(),
  areaCode: z.string().nullable(),
  areaName: z.string().nullable(),
  legalPerson: z.string().nullable(),
  contactName: z.string().nullable(),
});
export type CompanyAuditRow = z.infer<typeof companyAuditRow>;

const companyAuditFilters = z.object({
  ...paging,
  state: filingStateFilter.optional(),
  name: text(100).optional(),
  creditCode: text(18).optional(),
  areaCode: text(12).optional(),
});

/** Lookup row (creditCodeAndName, selectors). */
export const companyBrief = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  kind: z.string(),
  areaCode: z.string().nullable(),
  filingState: z.number().int(),
});
export type CompanyBrief = z.infer<typeof companyBrief>;

const companyBase = {
  name: requiredText('单位名称', 100),
  creditCode: creditCodeField,
  areaCode: requiredText('所在区域', 12),
  address: requiredText('详细地址', 200),
  legalPerson: requiredText('法定代表人', 32),
  contactName: requiredText('联系人', 32),
  contactPhone: contactPhoneField,
  businessLicenceFileId: optionalFileId('营业执照'),
};
const editOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, id: positiveId('单位'), version: version.optional() });

// ---------------------------------------------------------------- maintenance units (/pc/maintenance)

export const maintenanceUnitFields = z.object({
  ...companyBase,
  licenceType: z.enum(LICENCE_TYPES, { error: '请选择许可项目' }),
  licenceGrade: z.enum(LICENCE_GRADES, { error: '请选择许可等级' }),
  licenceNo: requiredText('许可证编号', 50),
  licenceExpiry: dateField('许可证有效期'),
  licenceFileId: fileIdField('许可证扫描件'),
});
export type MaintenanceUnitFields = z.input<typeof maintenanceUnitFields>;

export const maintenanceUnitRow = z.object({
  ...companyFields,
  licenceType: z.string().nullable(),
  licenceTypeLabel: z.string().nullable(),
  licenceGrade: z.string().nullable(),
  licenceNo: z.string().nullable(),
  licenceExpiry: z.string().nullable(),
  licenceExpired: z.boolean(),
  staffCount: z.number().int(),
  elevatorCount: z.number().int(),
});
export type MaintenanceUnitRow = z.infer<typeof maintenanceUnitRow>;

export const maintenanceUnitDetail = maintenanceUnitRow.extend({
  licenceFile: fileRef.nullable(),
  businessLicenceFile: fileRef.nullable(),
  version: z.number().int(),
  updateTime: z.string(),
  history: z.array(auditStep),
});
export type MaintenanceUnitDetail = z.infer<typeof maintenanceUnitDetail>;

const unitIdInput = z.object({ id: positiveId('维保单位') });
const unitFilters = z.object({
  ...paging,
  name: text(100).optional(),
  creditCode: text(18).optional(),
  areaCode: text(12).optional(),
  filingState: filingStateFilter.optional(),
  licenceGrade: z.enum(LICENCE_GRADES, { error: '许可等级不正确' }).optional(),
  licenceExpired: z
    .preprocess(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean(),
    )
    .optional(),
});

export const DETAIL_SECTIONS = ['info', 'history', 'contracts', 'stats'] as const;

const M = '/pc/maintenance';
const MU = 'maintenance-unit';
const unitList = 'maintenance:unit:list';
const unitEdit = 'maintenance:unit:edit';
const unitAudit = 'maintenance:unit:audit';

// ---------------------------------------------------------------- persons (staff, safety officers)

export const personRow = z.object({
  id: z.number().int(),
  realName: z.string(),
  /** Masked unless the viewer is the person or the platform administrator. */
  phone: z.string().nullable(),
  idNumber: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  role: z.string(),
  roleLabel: z.string(),
  position: z.string().nullable(),
  certType: z.string().nullable(),
  certTypeLabel: z.string().nullable(),
  certNo: z.string().nullable(),
  certExpiry: z.string().nullable(),
  certStatus: z.enum(CERT_STATUS),
  certStatusLabel: z.string(),
  employed: z.boolean(),
  leaveState: z.number().int().nullable(),
  leaveStateLabel: z.string().nullable(),
  ...filingFields,
  createTime: z.string(),
});
export type PersonRow = z.infer<typeof personRow>;

export const personDetail = personRow.extend({
  userType: z.string(),
  photoFile: fileRef.nullable(),
  certFile: fileRef.nullable(),
  leaveReason: z.string().nullable(),
  leaveDate: z.string().nullable(),
  elevatorCount: z.number().int(),
  version: z.number().int(),
  updateTime: z.string(),
  history: z.array(auditStep),
  leaveHistory: z.array(auditStep),
});
export type PersonDetail = z.infer<typeof personDetail>;

export const personAuditRow = auditInfo.extend({
  userId: z.number().int(),
  realName: z.string(),
  phone: z.string().nullable(),
  idNumber: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  role: z.string(),
  roleLabel: z.string(),
  certType: z.string().nullable(),
  certNo: z.string().nullable(),
  certExpiry: z.string().nullable(),
});
export type PersonAuditRow = z.infer<typeof personAuditRow>;

export const leaveAuditRow = auditInfo.extend({
  userId: z.number().int(),
  realName: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  leaveReason: z.string().nullable(),
  leaveDate: z.string().nullable(),
});
export type LeaveAuditRow = z.infer<typeof leaveAuditRow>;

const personBase = {
  realName: requiredText('姓名', 32),
  idNumber: idNumberField,
  position: text(32).optional(),
  certNo: text(50).optional(),
  certExpiry: optionalDate('证书有效期'),
  certFileId: optionalFileId('证书扫描件'),
  photoFileId: optionalFileId('本人照片'),
};

/**
 * A maintenance worker: filed by the worker (companyId = the company joined), or added by a
 * maintenance company (its own company) or by the regulator (any company).
 */
export const staffFields = z.object({
  ...personBase,
  phone: phoneField.optional(),
  companyId: positiveId('维保单位').optional(),
  certType: z.enum(CERT_TYPES, { error: '请选择证书类型' }),
  certNo: requiredText('证书编号', 50),
  certExpiry: dateField('证书有效期'),
  photoFileId: fileIdField('本人照片'),
});
export type StaffFields = z.input<typeof staffFields>;

/** A safety officer (安全员) or director of a use unit; the certificate is optional (DOMAIN.md §5.2). */
export const officerFields = z.object({
  ...personBase,
  phone: phoneField.optional(),
  companyId: positiveId('使用单位').optional(),
  /** safety_officer when a new person omits it; an update that omits it keeps the current role. */
  role: z.enum(['safety_officer', 'safety_director'], { error: '请选择岗位' }).optional(),
  certType: z
    .union([z.literal(''), z.enum(CERT_TYPES, { error: '证书类型不正确' })])
    .nullable()
    .optional(),
});
export type OfficerFields = z.input<typeof officerFields>;

const personFilters = {
  ...paging,
  companyId: idField().optional(),
  realName: text(32).optional(),
  phone: text(11).optional(),
  certType: z.enum(CERT_TYPES, { error: '证书类型不正确' }).optional(),
  certStatus: z.enum(CERT_STATUS, { error: '证书状态不正确' }).optional(),
  filingState: filingStateFilter.optional(),
  employed: z
    .preprocess(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean(),
    )
    .optional(),
};
const personAuditFilters = z.object({
  ...paging,
  state: filingStateFilter.optional(),
  realName: text(32).optional(),
  companyId: idField().optional(),
});
const personSaved = z.object({
  person: personDetail,
  /** Set when the call created an account: shown once, to hand to the person. */
  oneTimePassword: z.string().nullable(),
});
const personId = z.object({ id: positiveId('人员') });

const MUSER = '/pc/maintenanceUser';
const userList = 'maintenance:user:list';
const userEdit = 'maintenance:user:edit';
const userAudit = 'maintenance:user:audit';

export const maintenanceUserCalls = {
  queryList: defineCall({
    domain: MU,
    method: 'GET',
    path: `${MUSER}/queryList`,
    permission: userList,
    summary: '维保人员列表',
    input: z.object(personFilters),
    output: pageOf(personRow),
  }),
  detail: defineCall({
    domain: MU,
    method: 'GET',
    path: `${MUSER}/detail/{id}`,
    permission: SIGNED_IN,
    summary: '维保人员详情（本人、本单位、辖区或平台）',
    input: personId,
    output: personDetail,
  }),
  save: defineCall({
    domain: MU,
    method: 'POST',
    path: `${MUSER}/save`,
    permission: SIGNED_IN,
    summary: '维保人员备案：本人初始备案，或单位/监管部门新增人员',
    input: staffFields,
    output: personSaved,
  }),
  update: defineCall({
    domain: MU,
    method: 'POST',
    path: `${MUSER}/update`,
    permission: SIGNED_IN,
    summary: '修改维保人员；本人被驳回后修改即重新提交',
    input: staffFields.extend({
      id: positiveId('人员'),
      version: version.optional(),
      /** Omitted: unchanged (others see it masked). */
      idNumber: idNumberField.optional(),
    }),
    output: personSaved,
  }),
  delete: deleteCall(MU, `${MUSER}/delete`, userEdit, '删除维保人员（账号一并删除）'),
  queryAuditList: defineCall({
    domain: MU,
    method: 'GET',
    path: `${MUSER}/queryAuditList`,
    permission: userAudit,
    summary: '维保人员备案审核列表',
    input: personAuditFilters,
    output: pageOf(personAuditRow),
  }),
  auditDetail: defineCall({
    domain: MU,
    method: 'GET',
    path: `${MUSER}/auditDetail/{id}`,
    permission: userAudit,
    summary: '维保人员备案审核详情',
    input: idParam,
    output: z.object({ audit: personAuditRow, person: personDetail }),
  }),
  auditPass: defineCall({
    domain: MU,
    method: 'POST',
    path: `${MUSER}/auditPass`,
    permission: userAudit,
    summary: '维保人员备案审核通过',
    input: auditDecision,
    output: personAuditRow,
  }),
  auditReject: defineCall({
    domain: MU,
    method: 'POST',
    path: `${MUSER}/auditReject`,
    permission: userAudit,
    summary: '维保人员备案审核驳回',
    input: auditDecision,
    output: personAuditRow,
  }),
  deleteAudit: deleteCall(MU, `${MUSER}/deleteAudit`, userAudit, '删除维保人员审核记录（已审核的）'),
  leave: defineCall({
    domain: MU,
    method: 'POST',
    path: `${MUSER}/leave`,
    permission: SIGNED_IN,
    summary: '维保人员离职申请（本人或本单位提交，监管部门审核）',
    input: z.object({
      id: positiveId('人员'),
      leaveReason: requiredText('离职原因', 200),
      leaveDate: dateField('离职日期'),
    }),
    output: personRow,
  }),
  leaveAuditList: defineCall({
    domain: MU,
    method: 'GET',
    path: `${MUSER}/leaveAuditList`,
    permission: userAudit,
    summary: '维保人员离职审核列表',
    input: personAuditFilters,
    output: pageOf(leaveAuditRow),
  }),
  leaveAuditPass: defineCall({
    domain: MU,
    method: 'POST',
    path: `${MUSER}/leaveAuditPass`,
    permission: userAudit,
    summary: '维保人员离职审核通过（解除与单位的关系）',
    input: auditDecision,
    output: leaveAuditRow,
  }),
  leaveAuditReject: defineCall({
    domain: MU,
    method: 'POST',
    path: `${MUSER}/leaveAuditReject`,
    permission: userAudit,
    summary: '维保人员离职审核驳回',
    input: auditDecision,
    output: leaveAuditRow,
  }),
};

// ---------------------------------------------------------------- contracts

export const contractFields = z
  .object({
    contractNo: requiredText('合同编号', 50),
    maintenanceCompanyId: positiveId('维保单位'),
    useCompanyId: positiveId('使用单位'),
    startDate: dateField('合同开始日期'),
    endDate: dateField('合同结束日期'),
    planType: z.enum(PLAN_TYPES, { error: '请选择维保计划类型' }),
    amount: z.coerce
      .number({ error: '合同金额应为数字' })
      .min(0, '合同金额不能为负数')
      .max(100_000_000, '合同金额超出范围')
      .nullable()
      .optional(),
    signDate: optionalDate('签订日期'),
    elevatorIds: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
      z
        .array(z.coerce.number().int().positive('电梯编号不正确'), { error: '请选择合同覆盖的电梯' })
        .min(1, '请选择合同覆盖的电梯')
        .max(500, '一份合同最多 500 台电梯'),
    ),
    contractFileId: optionalFileId('合同扫描件'),
    remark: text(500).optional(),
  })
  .refine((v) => v.endDate > v.startDate, { message: '合同结束日期应晚于开始日期', path: ['endDate'] });
export type ContractFields = z.input<typeof contractFields>;

export const contractRow = z.object({
  id: z.number().int(),
  contractNo: z.string(),
  maintenanceCompanyId: z.number().int(),
  maintenanceCompanyName: z.string(),
  useCompanyId: z.number().int(),
  useCompanyName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  planType: z.string(),
  planTypeLabel: z.string(),
  amount: z.number().nullable(),
  elevatorCount: z.number().int(),
  status: z.enum(CONTRACT_STATUS),
  statusLabel: z.string(),
  ...filingFields,
  createTime: z.string(),
});
export type ContractRow = z.infer<typeof contractRow>;

export const contractElevator = z.object({
  id: z.number().int(),
  registerCode: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
});

export const contractDetail = contractRow.extend({
  signDate: z.string().nullable(),
  remark: z.string().nullable(),
  contractFile: fileRef.nullable(),
  elevators: z.array(contractElevator),
  version: z.number().int(),
  updateTime: z.string(),
  history: z.array(auditStep),
});
export type ContractDetail = z.infer<typeof contractDetail>;

export const contractAuditRow = auditInfo.extend({
  contractId: z.number().int(),
  contractNo: z.string(),
  maintenanceCompanyName: z.string(),
  useCompanyName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  elevatorCount: z.number().int(),
});
export type ContractAuditRow = z.infer<typeof contractAuditRow>;

export const elevatorContractState = z.object({
  elevatorId: z.number().int(),
  /** none: no contract; pending: only one awaiting audit; valid / expiring / expired by the latest passed one. */
  state: z.enum(['none', 'pending', 'notStarted', 'valid', 'expiring', 'expired']),
  stateLabel: z.string(),
  contractId: z.number().int().nullable(),
  contractNo: z.string().nullable(),
  endDate: z.string().nullable(),
});

export const flaggedElevator = z.object({
  elevatorId: z.number().int(),
  registerCode: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
  maintenanceCompanyId: z.number().int().nullable(),
  maintenanceCompanyName: z.string().nullable(),
  useCompanyId: z.number().int().nullable(),
  useCompanyName: z.string().nullable(),
  flag: z.enum(CONTRACT_FLAGS),
  flagLabel: z.string(),
  contractNo: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type FlaggedElevator = z.infer<typeof flaggedElevator>;

const MC = '/pc/maintenanceContract';
const MCA = '/pc/maintenanceContractAudit';
const contractList = 'maintenance:contract:list';
const contractEdit = 'maintenance:contract:edit';
const contractAudit = 'maintenance:contract:audit';

export const contractCalls = {
  queryList: defineCall({
    domain: MU,
    method: 'GET',
    path: `${MC}/queryList`,
    permission: contractList,
    summary: '维保合同列表',
    input: z.object({
      ...paging,
      contractNo: text(50).optional(),
      maintenanceCompanyId: idField().optional(),
      useCompanyId: idField().optional(),
      filingState: filingStateFilter.optional(),
      status: z.enum(CONTRACT_STATUS, { error: '合同状态不正确' }).optional(),
      elevatorId: idField().optional(),
    }),
    output: pageOf(contractRow),
  }),
  detail: defineCall({
    domain: MU,
    method: 'GET',
    path: `${MC}/detail/{id}`,
    permission: contractList,
    summary: '维保合同详情',
    input: idParam,
    output: contractDetail,
  }),
  save: defineCall({
    domain: MU,
    method: 'POST',
    path: `${MC}/save`,
    permission: contractEdit,
    summary: '新增维保合同并提交审核',
    input: contractFields,
    output: contractDetail,
  }),
  update: defineCall({
    domain: MU,
    method: 'POST',
    path: `${MC}/update`,
    permission: contractEdit,
    summary: '修改维保合同（重新提交审核）',
    input: contractFields.safeExtend({ id: positiveId('合同'), version: version.optional() }),
    output: contractDetail,
  }),
  delete: deleteCall(MU, `${MC}/delete`, contractEdit, '删除维保合同（待审核的除外）'),
  elevatorState: defineCall({
    domain: MU,
    method: 'POST',
    path: `${MC}/elevatorState`,
    reads: true,
    permission: SIGNED_IN,
    summary: '电梯的维保合同状态（缺失、过期的标记）',
    input: z.object({ elevatorIds: idList }),
    output: z.array(elevatorContractState),
  }),
  flaggedElevators: defineCall({
    domain: MU,
    method: 'GET',
    path: `${MC}/flaggedElevators`,
    permission: contractList,
    summary: '无有效维保合同或合同即将到期的电梯',
    input: z.object({
      ...paging,
      flag: z.enum(CONTRACT_FLAGS, { error: '标记类型不正确' }).optional(),
      registerCode: text(32).optional(),
    }),
    output: pageOf(flaggedElevator),
  }),
};

export const contractAuditCalls = auditGroup({
  domain: MU,
  base: MCA,
  permission: contractAudit,
  label: '维保合同',
  subject: '维保合同',
  filters: z.object({ ...paging, state: filingStateFilter.optional(), contractNo: text(50).optional() }),
  row: contractAuditRow,
  subjectKey: 'contract',
  detail: contractDetail,
});

export const unitStats = z.object({
  staffCount: z.number().int(),
  staffPending: z.number().int(),
  certExpired: z.number().int(),
  certExpiring: z.number().int(),
  elevatorCount: z.number().int(),
  contractCount: z.number().int(),
  contractValid: z.number().int(),
  averageRating: z.number().nullable(),
  ratingCount: z.number().int(),
});

export const maintenanceUnitCalls = {
  queryAuditList: defineCall({
    domain: MU,
    method: 'GET',
    path: `${M}/queryAuditList`,
    permission: unitAudit,
    summary: '维保单位备案待审核列表',
    input: companyAuditFilters,
    output: pageOf(companyAuditRow),
  }),
  query: defineCall({
    domain: MU,
    method: 'GET',
    path: `${M}/query`,
    permission: unitList,
    summary: '维保单位列表',
    input: unitFilters,
    output: pageOf(maintenanceUnitRow),
  }),
  delete: deleteCall(MU, `${M}/delete`, unitEdit, '删除维保单位（无人员、电梯、合同时）'),
  auditPass: defineCall({
    domain: MU,
    method: 'POST',
    path: `${M}/auditPass`,
    permission: unitAudit,
    summary: '维保单位备案审核通过',
    input: auditDecision,
    output: companyAuditRow,
  }),
  auditReject: defineCall({
    domain: MU,
    method: 'POST',
    path: `${M}/auditReject`,
    permission: unitAudit,
    summary: '维保单位备案审核驳回',
    input: auditDecision,
    output: companyAuditRow,
  }),
  userInfo: defineCall({
    domain: MU,
    method: 'GET',
    path: `${M}/queryDetail/userInfo`,
    permission: unitList,
    summary: '维保单位的人员',
    input: unitIdInput.extend(personFilters).omit({ companyId: true }),
    output: pageOf(personRow),
  }),
  certInfo: defineCall({
    domain: MU,
    method: 'GET',
    path: `${M}/certInfo`,
    permission: unitList,
    summary: '维保单位资质证书与人员持证情况',
    input: unitIdInput,
    output: z.object({
      licenceType: z.string().nullable(),
      licenceTypeLabel: z.string().nullable(),
      licenceGrade: z.string().nullable(),
      licenceNo: z.string().nullable(),
      licenceExpiry: z.string().nullable(),
      licenceExpired: z.boolean(),
      licenceFile: fileRef.nullable(),
      businessLicenceFile: fileRef.nullable(),
      staffCerts: z.object({
        total: z.number().int(),
        valid: z.number().int(),
        expiring: z.number().int(),
        expired: z.number().int(),
      }),
    }),
  }),
  queryDetail: defineCall({
    domain: MU,
    method: 'GET',
    path: `${M}/queryDetail/{type}`,
    permission: unitList,
    summary: '维保单位详情（info 基本信息、history 审核记录、contracts 合同、stats 统计）',
    input: unitIdInput.extend({
      type: z.enum(DETAIL_SECTIONS, { error: '详情类型应为 info、history、contracts 或 stats' }),
    }),
    output: z.object({
      type: z.enum(DETAIL_SECTIONS),
      info: maintenanceUnitDetail.optional(),
      history: z.array(auditStep).optional(),
      contracts: z.array(contractRow).optional(),
      stats: unitStats.optional(),
    }),
  }),
  save: defineCall({
    domain: MU,
    method: 'POST',
    path: `${M}/save`,
    permission: SIGNED_IN,
    summary: '维保单位备案：本单位初始备案，或监管部门新增维保单位',
    input: maintenanceUnitFields,
    output: maintenanceUnitDetail,
  }),
  update: defineCall({
    domain: MU,
    method: 'POST',
    path: `${M}/update`,
    permission: SIGNED_IN,
    summary: '修改维保单位；被驳回后修改即重新提交审核',
    input: editOf(maintenanceUnitFields.shape),
    output: maintenanceUnitDetail,
  }),
  elevatorList: defineCall({
    domain: MU,
    method: 'GET',
    path: `${M}/elevator/queryList`,
    permission: unitList,
    summary: '维保单位维保的电梯',
    input: unitIdInput.extend({ ...paging, registerCode: text(32).optional(), keyword: text(50).optional() }),
    output: elevatorPage,
  }),
  creditCodeAndName: defineCall({
    domain: MU,
    method: 'GET',
    path: `${M}/creditCodeAndName`,
    permission: SIGNED_IN,
    summary: '按统一社会信用代码或名称查找单位（备案、绑定前核对）',
    input: z
      .object({ creditCode: text(18).optional(), name: text(100).optional() })
      .refine((v) => (v.creditCode?.length ?? 0) >= 6 || (v.name?.length ?? 0) >= 2, {
        message: '请输入统一社会信用代码（至少 6 位）或单位名称（至少 2 个字）',
        path: ['creditCode'],
      }),
    output: z.array(companyBrief),
  }),
  querySimple: defineCall({
    domain: MU,
    method: 'GET',
    path: `${M}/querySimple`,
    permission: SIGNED_IN,
    summary: '已备案维保单位（选择器，按名称检索）',
    input: z.object({
      keyword: text(50).optional(),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    output: z.array(companyBrief),
  }),
  selectAllSimpleMaintenanceList: defineCall({
    domain: MU,
    method: 'GET',
    path: `${M}/selectAllSimpleMaintenanceList`,
    permission: SIGNED_IN,
    summary: '全部已备案维保单位（下拉选择）',
    input: z.object({}),
    output: z.array(companyBrief),
  }),
};

const MA = '/pc/maintenanceAudit';
export const maintenanceAuditCalls = {
  query: defineCall({
    domain: MU,
    method: 'GET',
    path: `${MA}/query`,
    permission: unitAudit,
    summary: '维保单位审核记录（全部状态）',
    input: companyAuditFilters,
    output: pageOf(companyAuditRow),
  }),
  getAuditDetail: defineCall({
    domain: MU,
    method: 'GET',
    path: `${MA}/getAuditDetail/{id}`,
    permission: unitAudit,
    summary: '维保单位审核详情（含上传的证照与审核历史）',
    input: idParam,
    output: z.object({ audit: companyAuditRow, company: maintenanceUnitDetail }),
  }),
  delete: deleteCall(MU, `${MA}/delete`, unitAudit, '删除维保单位审核记录（已审核的）'),
};

// ---------------------------------------------------------------- building companies (use units)

export const buildingCompanyFields = z.object({
  ...companyBase,
  unitType: z.enum(USE_UNIT_TYPES, { error: '请选择单位类型' }),
  safetyDirector: requiredText('电梯安全总监', 32),
  safetyDirectorPhone: phoneField,
});
export type BuildingCompanyFields = z.input<typeof buildingCompanyFields>;

export const buildingCompanyRow = z.object({
  ...companyFields,
  unitType: z.string().nullable(),
  unitTypeLabel: z.string().nullable(),
  safetyDirector: z.string().nullable(),
  safetyDirectorPhone: z.string().nullable(),
  officerCount: z.number().int(),
  elevatorCount: z.number().int(),
});
export type BuildingCompanyRow = z.infer<typeof buildingCompanyRow>;

export const buildingCompanyDetail = buildingCompanyRow.extend({
  businessLicenceFile: fileRef.nullable(),
  version: z.number().int(),
  updateTime: z.string(),
  history: z.array(auditStep),
});
export type BuildingCompanyDetail = z.infer<typeof buildingCompanyDetail>;

const BC = '/pc/buildingCompany';
const BCA = '/pc/buildingCompanyAudit';
const BE = 'building-company';
const companyList = 'building:company:list';
const companyEdit = 'building:company:edit';
const companyAudit = 'building:company:audit';

export const buildingCompanyCalls = {
  queryList: defineCall({
    domain: BE,
    method: 'GET',
    path: `${BC}/queryList`,
    permission: companyList,
    summary: '使用单位列表',
    input: z.object({
      ...paging,
      name: text(100).optional(),
      creditCode: text(18).optional(),
      areaCode: text(12).optional(),
      filingState: filingStateFilter.optional(),
      unitType: z.enum(USE_UNIT_TYPES, { error: '单位类型不正确' }).optional(),
    }),
    output: pageOf(buildingCompanyRow),
  }),
  companyDetail: defineCall({
    domain: BE,
    method: 'POST',
    path: `${BC}/companyDetail`,
    reads: true,
    permission: companyList,
    summary: '使用单位详情',
    input: z.object({ id: positiveId('使用单位') }),
    output: buildingCompanyDetail,
  }),
  save: defineCall({
    domain: BE,
    method: 'POST',
    path: `${BC}/save`,
    permission: SIGNED_IN,
    summary: '使用单位备案：本单位初始备案，或监管部门新增使用单位',
    input: buildingCompanyFields,
    output: buildingCompanyDetail,
  }),
  update: defineCall({
    domain: BE,
    method: 'POST',
    path: `${BC}/update`,
    permission: SIGNED_IN,
    summary: '修改使用单位；被驳回后修改即重新提交审核',
    input: editOf(buildingCompanyFields.shape),
    output: buildingCompanyDetail,
  }),
  delete: deleteCall(BE, `${BC}/delete`, companyEdit, '删除使用单位（无人员、电梯、合同时）'),
  selectAll: defineCall({
    domain: BE,
    method: 'GET',
    path: `${BC}/selectAll`,
    permission: SIGNED_IN,
    summary: '全部已备案使用单位（下拉选择）',
    input: z.object({ keyword: text(50).optional() }),
    output: z.array(companyBrief),
  }),
  buildingCompanyStatistics: defineCall({
    domain: BE,
    method: 'GET',
    path: `${BC}/buildingCompanyStatistics`,
    permission: companyList,
    summary: '使用单位统计（备案状态、区域、安全员、电梯）',
    input: z.object({ areaCode: text(12).optional() }),
    output: z.object({
      total: z.number().int(),
      byState: z.array(z.object({ state: z.number().int(), label: z.string(), count: z.number().int() })),
      byArea: z.array(
        z.object({
          areaCode: z.string().nullable(),
          areaName: z.string().nullable(),
          count: z.number().int(),
        }),
      ),
      officerCount: z.number().int(),
      officerPending: z.number().int(),
      elevatorCount: z.number().int(),
      elevatorWithOfficer: z.number().int(),
    }),
  }),
  auditCompany: defineCall({
    domain: BE,
    method: 'POST',
    path: `${BC}/auditCompany`,
    permission: companyAudit,
    summary: '审核使用单位备案（pass 通过或驳回）',
    input: auditDecision.extend({ pass: z.boolean({ error: '请选择审核结果' }) }),
    output: companyAuditRow,
  }),
};

export const buildingCompanyAuditCalls = auditGroup({
  domain: BE,
  base: BCA,
  permission: companyAudit,
  label: '使用单位备案',
  subject: '使用单位',
  filters: companyAuditFilters,
  row: companyAuditRow,
  subjectKey: 'company',
  detail: buildingCompanyDetail,
  summaries: { detail: '使用单位审核详情' },
});

// ---------------------------------------------------------------- building company users (safety officers)

const BU = '/pc/buildingCompanyUser';
const BUA = '/pc/buildingCompanyUserAudit';
const officerList = 'building:user:list';
const officerEdit = 'building:user:edit';
const officerAudit = 'building:user:audit';

export const buildingUserCalls = {
  queryList: defineCall({
    domain: BE,
    method: 'GET',
    path: `${BU}/queryList`,
    permission: officerList,
    summary: '使用单位人员（安全员）列表',
    input: z.object(personFilters),
    output: pageOf(personRow),
  }),
  detail: defineCall({
    domain: BE,
    method: 'GET',
    path: `${BU}/detail/{id}`,
    permission: SIGNED_IN,
    summary: '使用单位人员详情（本人、本单位、辖区或平台）',
    input: personId,
    output: personDetail,
  }),
  save: defineCall({
    domain: BE,
    method: 'POST',
    path: `${BU}/save`,
    permission: officerEdit,
    summary: '任命安全员（开通账号并提交备案）',
    input: officerFields,
    output: personSaved,
  }),
  update: defineCall({
    domain: BE,
    method: 'POST',
    path: `${BU}/update`,
    permission: SIGNED_IN,
    summary: '修改安全员；本人被驳回后修改即重新提交',
    input: officerFields.extend({
      id: positiveId('人员'),
      version: version.optional(),
      idNumber: idNumberField.optional(),
    }),
    output: personSaved,
  }),
  delete: deleteCall(BE, `${BU}/delete`, officerEdit, '删除安全员（账号与电梯分配一并删除）'),
};

export const buildingUserAuditCalls = auditGroup({
  domain: BE,
  base: BUA,
  permission: officerAudit,
  label: '安全员备案',
  subject: '安全员',
  filters: personAuditFilters,
  row: personAuditRow,
  subjectKey: 'person',
  detail: personDetail,
});

export const elevatorOfficerRow = z.object({
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
  useCompanyId: z.number().int().nullable(),
  useCompanyName: z.string().nullable(),
  userId: z.number().int().nullable(),
  realName: z.string().nullable(),
  phone: z.string().nullable(),
  assignTime: z.string().nullable(),
});
export type ElevatorOfficerRow = z.infer<typeof elevatorOfficerRow>;

const EBU = '/pc/elevatorBuildingCompanyUser';
export const elevatorOfficerCalls = {
  queryList: defineCall({
    domain: BE,
    method: 'GET',
    path: `${EBU}/queryList`,
    permission: officerList,
    summary: '电梯的安全员（每台电梯一名）',
    input: z.object({
      ...paging,
      elevatorId: idField().optional(),
      userId: idField().optional(),
      useCompanyId: idField().optional(),
      registerCode: text(32).optional(),
      assigned: z
        .preprocess(
          (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
          z.boolean(),
        )
        .optional(),
    }),
    output: pageOf(elevatorOfficerRow),
  }),
  queryCompanyUserList: defineCall({
    domain: BE,
    method: 'GET',
    path: `${EBU}/queryCompanyUserList`,
    permission: officerList,
    summary: '可分配的安全员（本单位已备案的）',
    input: z.object({ companyId: idField().optional() }),
    output: z.array(
      z.object({
        userId: z.number().int(),
        realName: z.string(),
        phone: z.string().nullable(),
        role: z.string(),
        roleLabel: z.string(),
        elevatorCount: z.number().int(),
      }),
    ),
  }),
  save: defineCall({
    domain: BE,
    method: 'POST',
    path: `${EBU}/save`,
    permission: officerEdit,
    summary: '为电梯指定安全员（userId 为空则取消）',
    input: z.object({
      elevatorIds: idList,
      userId: z.coerce.number().int().positive('请选择安全员').nullable(),
    }),
    output: z.object({ updated: z.number().int() }),
  }),
};

// ---------------------------------------------------------------- communities (/pc/community)

export const communityFields = z.object({
  id: idField().optional(),
  version: version.optional(),
  name: requiredText('小区名称', 100),
  areaCode: requiredText('所在区域', 12),
  address: requiredText('详细地址', 200),
  useCompanyId: z.coerce.number().int().positive('使用单位不正确').nullable().optional(),
  buildingCount: z.coerce
    .number({ error: '楼栋数应为数字' })
    .int('楼栋数应为整数')
    .min(0, '楼栋数不能为负数')
    .max(1000, '楼栋数超出范围')
    .nullable()
    .optional(),
  longitude: z.coerce.number({ error: '经度应为数字' }).min(-180).max(180).nullable().optional(),
  latitude: z.coerce.number({ error: '纬度应为数字' }).min(-90).max(90).nullable().optional(),
  remark: text(500).optional(),
});
export type CommunityFields = z.input<typeof communityFields>;

export const communityRow = z.object({
  id: z.number().int(),
  name: z.string(),
  areaCode: z.string(),
  areaName: z.string().nullable(),
  address: z.string(),
  useCompanyId: z.number().int().nullable(),
  useCompanyName: z.string().nullable(),
  buildingCount: z.number().int().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  remark: z.string().nullable(),
  elevatorCount: z.number().int(),
  version: z.number().int(),
  createTime: z.string(),
});
export type CommunityRow = z.infer<typeof communityRow>;

const CM = '/pc/community';
export const communityCalls = {
  query: defineCall({
    domain: 'community',
    method: 'GET',
    path: `${CM}/query`,
    permission: 'community:list',
    summary: '小区列表',
    input: z.object({
      ...paging,
      name: text(100).optional(),
      areaCode: text(12).optional(),
      useCompanyId: idField().optional(),
    }),
    output: pageOf(communityRow),
  }),
  detail: defineCall({
    domain: 'community',
    method: 'GET',
    path: `${CM}/detail/{id}`,
    permission: 'community:list',
    summary: '小区详情',
    input: idParam,
    output: communityRow,
  }),
  save: defineCall({
    domain: 'community',
    method: 'POST',
    path: `${CM}/save`,
    permission: 'community:edit',
    summary: '新增或修改小区',
    input: communityFields,
    output: communityRow,
  }),
  delete: deleteCall('community', `${CM}/delete`, 'community:edit', '删除小区'),
};

// ---------------------------------------------------------------- maintenance incentive (维保激励)

export const incentiveRow = z.object({
  maintenanceCompanyId: z.number().int(),
  maintenanceCompanyName: z.string(),
  ratingCount: z.number().int(),
  elevatorCount: z.number().int(),
  averageScore: z.number(),
  lastRatedAt: z.string().nullable(),
});
export type IncentiveRow = z.infer<typeof incentiveRow>;

export const ratingRow = z.object({
  id: z.number().int(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  address: z.string(),
  maintenanceCompanyId: z.number().int(),
  maintenanceCompanyName: z.string(),
  useCompanyName: z.string(),
  orderId: z.number().int().nullable(),
  score: z.number().int(),
  comment: z.string().nullable(),
  raterName: z.string().nullable(),
  createTime: z.string(),
});
export type RatingRow = z.infer<typeof ratingRow>;

const MI = '/pc/maintenanceIncentive';
export const incentiveCalls = {
  queryList: defineCall({
    domain: BE,
    method: 'GET',
    path: `${MI}/queryList`,
    permission: 'incentive:list',
    summary: '维保激励：各维保单位的平均评分',
    input: z.object({ ...paging, name: text(100).optional() }),
    output: pageOf(incentiveRow),
  }),
  detail: defineCall({
    domain: BE,
    method: 'GET',
    path: `${MI}/detail`,
    permission: 'incentive:list',
    summary: '维保激励：一个维保单位的评价明细',
    input: z.object({ ...paging, maintenanceCompanyId: positiveId('维保单位') }),
    output: pageOf(ratingRow),
  }),
  save: defineCall({
    domain: BE,
    method: 'POST',
    path: `${MI}/save`,
    permission: 'incentive:rate',
    summary: '使用单位按电梯评价维保单位（1–5 分，每台电梯每月一次）',
    input: z.object({
      elevatorId: positiveId('电梯'),
      score: z.coerce
        .number({ error: '请评分' })
        .int('评分应为 1–5 的整数')
        .min(1, '评分应为 1–5 的整数')
        .max(5, '评分应为 1–5 的整数'),
      comment: text(300).optional(),
      orderId: idField().nullable().optional(),
    }),
    output: ratingRow,
  }),
};

// ---------------------------------------------------------------- inspection organisations (binding and audit)

export const inspectionOrgFields = z.object({
  ...companyBase,
  approvalNo: requiredText('核准证编号', 50),
  approvalExpiry: dateField('核准证有效期'),
  approvalFileId: fileIdField('核准证扫描件'),
});
export type InspectionOrgFields = z.input<typeof inspectionOrgFields>;

export const inspectionOrgDetail = z.object({
  ...companyFields,
  approvalNo: z.string().nullable(),
  approvalExpiry: z.string().nullable(),
  approvalFile: fileRef.nullable(),
  businessLicenceFile: fileRef.nullable(),
  version: z.number().int(),
  updateTime: z.string(),
  history: z.array(auditStep),
});
export type InspectionOrgDetail = z.infer<typeof inspectionOrgDetail>;

const IO = '/inspection/tbInspectionOrganization';
const IOU = '/inspection/tbInspectionOrganizationUserAudit';
const orgAudit = 'inspection:org:audit';
export const inspectionOrgCalls = {
  submitAudit: defineCall({
    domain: 'inspection-org',
    method: 'POST',
    path: `${IO}/submitAudit`,
    permission: SIGNED_IN,
    summary: '检验机构绑定：提交机构备案',
    input: inspectionOrgFields,
    output: inspectionOrgDetail,
  }),
  updateAudit: defineCall({
    domain: 'inspection-org',
    method: 'POST',
    path: `${IO}/updateAudit`,
    permission: SIGNED_IN,
    summary: '检验机构修改备案（被驳回后重新提交）',
    input: editOf(inspectionOrgFields.shape),
    output: inspectionOrgDetail,
  }),
  auditPass: defineCall({
    domain: 'inspection-org',
    method: 'PUT',
    path: `${IO}/auditPass`,
    permission: orgAudit,
    summary: '检验机构备案审核通过',
    input: auditDecision,
    output: companyAuditRow,
  }),
  auditReject: defineCall({
    domain: 'inspection-org',
    method: 'PUT',
    path: `${IO}/auditReject`,
    permission: orgAudit,
    summary: '检验机构备案审核驳回',
    input: auditDecision,
    output: companyAuditRow,
  }),
  auditQuery: defineCall({
    domain: 'inspection-org',
    method: 'GET',
    path: '/inspection/tbInspectionOrganizationAudit/query',
    permission: orgAudit,
    summary: '检验机构备案审核列表',
    input: companyAuditFilters,
    output: pageOf(companyAuditRow),
  }),
  auditGet: defineCall({
    domain: 'inspection-org',
    method: 'GET',
    path: '/inspection/tbInspectionOrganizationAudit/get/{id}',
    permission: orgAudit,
    summary: '检验机构备案审核详情',
    input: idParam,
    output: z.object({ audit: companyAuditRow, company: inspectionOrgDetail }),
  }),
  // Requests of accounts to join an organisation already on the platform (企业绑定 on
  // /initialFiling/mechanism), audited on the organisation-audit page like the other join requests.
  userAuditQuery: defineCall({
    domain: 'inspection-org',
    method: 'GET',
    path: `${IOU}/query`,
    permission: orgAudit,
    summary: '检验机构绑定申请审核列表',
    input: personAuditFilters,
    output: pageOf(personAuditRow),
  }),
  userAuditGet: defineCall({
    domain: 'inspection-org',
    method: 'GET',
    path: `${IOU}/get/{id}`,
    permission: orgAudit,
    summary: '检验机构绑定申请审核详情',
    input: idParam,
    output: z.object({ audit: personAuditRow, person: personDetail }),
  }),
  userAuditPass: defineCall({
    domain: 'inspection-org',
    method: 'PUT',
    path: `${IOU}/auditPass`,
    permission: orgAudit,
    summary: '检验机构绑定申请审核通过',
    input: auditDecision,
    output: personAuditRow,
  }),
  userAuditReject: defineCall({
    domain: 'inspection-org',
    method: 'PUT',
    path: `${IOU}/auditReject`,
    permission: orgAudit,
    summary: '检验机构绑定申请审核驳回',
    input: auditDecision,
    output: personAuditRow,
  }),
};

// ---------------------------------------------------------------- the signed-in account's own filing

export const myFiling = z.object({
  /** Which filing the account makes: its company's, or its own as a person. */
  kind: z.enum(FILING_KINDS).nullable(),
  /** The initial filing route the account belongs on (doc 000 §2). */
  page: z.string(),
  state: z.number().int(),
  stateLabel: z.string(),
  needIntercept: z.boolean(),
  auditDescription: z.string().nullable(),
  company: z
    .object({
      id: z.number().int(),
      name: z.string(),
      kind: z.string(),
      filingState: z.number().int(),
      version: z.number().int(),
    })
    .nullable(),
  /** A person's pending or decided request to join a company. */
  person: personDetail.nullable(),
  maintenanceUnit: maintenanceUnitDetail.nullable(),
  buildingCompany: buildingCompanyDetail.nullable(),
  inspectionOrg: inspectionOrgDetail.nullable(),
  history: z.array(auditStep),
});
export type MyFiling = z.infer<typeof myFiling>;

export const filingCalls = {
  current: defineCall({
    domain: 'parties',
    method: 'GET',
    path: '/pc/filing/current',
    permission: SIGNED_IN,
    summary: '本账号的备案情况（初始备案页面）',
    input: z.object({}),
    output: myFiling,
  }),
  bindCompany: defineCall({
    domain: 'parties',
    method: 'POST',
    path: '/pc/filing/bindCompany',
    permission: SIGNED_IN,
    summary: '企业绑定：申请加入已在平台登记的单位（监管部门审核）',
    input: z.object({
      creditCode: creditCodeField,
      name: requiredText('单位名称', 100),
      idNumber: idNumberField,
      position: text(32).optional(),
    }),
    output: myFiling,
  }),
};

/** Whether a string is a mobile phone (for forms that accept either kind of number). */
export const isMobile = (v: string) => PHONE_RE.test(v);
