import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../call.ts';
import { idParam, pageOf, requiredText } from '../common.ts';
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
