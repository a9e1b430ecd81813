import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../call.ts';
import { idParam, pageOf, paging, requiredText, text } from '../common.ts';
import { version } from '../fields.ts';
import { INSPECTION_PERMISSIONS } from '../inspection/rules.ts';
import { addDays, CERT_EXPIRING_DAYS, shanghaiToday } from '../rules.ts';
import {
  auditDecision,
  auditStep,
  companyAuditFilters,
  companyAuditRow,
  companyBase,
  companyFields,
  dateField,
  editOf,
  fileIdField,
  fileRef,
} from './fields.ts';
import { filingStateFilter } from './labels.ts';
import { personAuditFilters, personAuditRow, personDetail } from './persons.ts';

/** Inspection organisations (检验机构): their filing, its audit and the requests to join one. */

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

/** 核准证 state: 有效, 即将到期 (within CERT_EXPIRING_DAYS), 已过期; null without a date. */
export const APPROVAL_STATES = ['valid', 'expiring', 'expired'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const APPROVAL_STATE_LABEL: Record<ApprovalState, string> = {
  valid: '有效',
  expiring: '即将到期',
  expired: '已过期',
};

/** 核准证 有效 / 即将到期 / 已过期 on a day (null without an expiry date). */
export function approvalStateOf(
  expiry: string | null | undefined,
  day = shanghaiToday(),
): ApprovalState | null {
  if (!expiry) return null;
  if (expiry < day) return 'expired';
  return expiry <= addDays(day, CERT_EXPIRING_DAYS) ? 'expiring' : 'valid';
}

/** A row of the organisation list (机构备案). */
export const inspectionOrgRow = z.object({
  ...companyFields,
  approvalNo: z.string().nullable(),
  approvalExpiry: z.string().nullable(),
  approvalState: z.enum(APPROVAL_STATES).nullable(),
  updateTime: z.string(),
});
export type InspectionOrgRow = z.infer<typeof inspectionOrgRow>;

export const inspectionOrgFilters = z.object({
  ...paging,
  name: text(100).optional(),
  creditCode: text(18).optional(),
  areaCode: text(12).optional(),
  filingState: filingStateFilter.optional(),
  approvalState: z.enum(APPROVAL_STATES, { error: '核准证状态不正确' }).optional(),
});
export type InspectionOrgFilters = z.input<typeof inspectionOrgFilters>;

/** An organisation as a picker shows it (the filed organisations a use unit may apply to). */
export const inspectionOrgOption = z.object({
  id: z.number().int(),
  name: z.string(),
  areaCode: z.string().nullable(),
  areaName: z.string().nullable(),
  address: z.string().nullable(),
  approvalNo: z.string().nullable(),
});
export type InspectionOrgOption = z.infer<typeof inspectionOrgOption>;

/** What an organisation changes of its own profile without a new audit (联系人、电话、地址). */
export const inspectionOrgContact = z.object({
  id: idParam.shape.id,
  version: version.optional(),
  address: companyBase.address,
  contactName: companyBase.contactName,
  contactPhone: companyBase.contactPhone,
});
export type InspectionOrgContact = z.input<typeof inspectionOrgContact>;

const IO = '/inspection/tbInspectionOrganization';
const IOU = '/inspection/tbInspectionOrganizationUserAudit';
const orgAudit = 'inspection:org:audit';
const { orgList, orgEdit } = INSPECTION_PERMISSIONS;
export const inspectionOrgCalls = {
  query: defineCall({
    domain: 'inspection-org',
    method: 'GET',
    path: `${IO}/query`,
    permission: orgList,
    summary: '检验机构列表（机构备案）',
    input: inspectionOrgFilters,
    output: pageOf(inspectionOrgRow),
  }),
  queryList: defineCall({
    domain: 'inspection-org',
    method: 'GET',
    path: `${IO}/queryList`,
    permission: SIGNED_IN,
    summary: '已备案的检验机构（选择报检机构）',
    input: z.object({ keyword: text(100).optional(), areaCode: text(12).optional() }),
    output: z.array(inspectionOrgOption),
  }),
  get: defineCall({
    domain: 'inspection-org',
    method: 'GET',
    path: `${IO}/get/{id}`,
    permission: orgList,
    summary: '检验机构详情',
    input: idParam,
    output: inspectionOrgDetail,
  }),
  getList: defineCall({
    domain: 'inspection-org',
    method: 'GET',
    path: `${IO}/getList`,
    permission: orgList,
    summary: '数据范围内的检验机构（筛选下拉）',
    input: z.object({}),
    output: z.array(inspectionOrgOption),
  }),
  updateInspection: defineCall({
    domain: 'inspection-org',
    method: 'PUT',
    path: `${IO}/updateInspection`,
    permission: orgEdit,
    summary: '检验机构修改联系人、联系电话和地址（无需重新审核）',
    input: inspectionOrgContact,
    output: inspectionOrgDetail,
  }),
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
