import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../call.ts';
import { idField, idParam, pageOf, paging, phoneField, requiredText, text } from '../common.ts';
import {
  auditDecision,
  auditInfo,
  auditStep,
  dateField,
  deleteCall,
  fileIdField,
  fileRef,
  filingFields,
  idNumberField,
  MU,
  optionalDate,
  optionalFileId,
  positiveId,
  version,
} from './fields.ts';
import { CERT_STATUS, CERT_TYPES, filingStateFilter } from './labels.ts';

/**
 * Persons who file: maintenance staff and safety officers (rows, forms, filters), and the
 * maintenance-staff calls (/pc/maintenanceUser), leaving included. The filters and `personSaved`
 * are shared with the use-unit, officer and inspection-organisation calls.
 */

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

export const personFilters = {
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
export const personAuditFilters = z.object({
  ...paging,
  state: filingStateFilter.optional(),
  realName: text(32).optional(),
  companyId: idField().optional(),
});
export const personSaved = z.object({
  person: personDetail,
  /** Set when the call created an account: shown once, to hand to the person. */
  oneTimePassword: z.string().nullable(),
});
export const personId = z.object({ id: positiveId('人员') });

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
