import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  INT4_MAX,
  idParam,
  isCreditCode,
  isIdNumber,
  messages,
  PHONE_RE,
  pageOf,
  paging,
  requiredText,
  text,
} from '../common.ts';
import { filingStateFilter } from './labels.ts';

export { dateField, deleteCall, fileIdField, optionalDate, optionalFileId, version } from '../fields.ts';

import { deleteCall, optionalFileId, version } from '../fields.ts';

/**
 * What every parties file builds on: field validators, the shared outputs (audit case, file
 * reference, company lookup), the `auditGroup()` of audit calls and the company fields that units,
 * use units and inspection organisations share. Some exports (positiveId, version, deleteCall,
 * auditGroup, companyBase, the domain names …) serve only the sibling files: ../parties.ts
 * re-exports the public names, not these.
 */

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

export const positiveId = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int(`请选择${label}`)
    .positive(`请选择${label}`)
    .max(INT4_MAX, `请选择${label}`);
// ---------------------------------------------------------------- shared outputs

export const fileRef = z.object({ id: z.string(), fileName: z.string() });
export type FileRef = z.infer<typeof fileRef>;

// One step of a case's history: the shared shape (common.ts), as the claims' history uses it too.
export { type AuditStep, auditStep } from '../common.ts';

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

/**
 * The audit calls of one kind of filing under `base`: the list of cases (`queryList`), one case with
 * its subject (`detail/{id}` → `{ audit, [subjectKey]: subject }`), pass, reject, and deleting decided
 * cases. Summaries read `<label>审核列表`, `<label>审核详情`, `<label>审核通过`, `<label>审核驳回` and
 * `删除<subject>审核记录（已审核的）`, unless `summaries` says otherwise.
 */
export function auditGroup<
  F extends z.ZodType,
  R extends z.ZodType,
  K extends string,
  D extends z.ZodType,
>(o: {
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
export const filingFields = {
  filingState: z.number().int(),
  filingStateLabel: z.string(),
  auditId: z.number().int().nullable(),
  auditVersion: z.number().int().nullable(),
  auditDescription: z.string().nullable(),
};

export const companyFields = {
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

export const companyAuditFilters = z.object({
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

export const companyBase = {
  name: requiredText('单位名称', 100),
  creditCode: creditCodeField,
  areaCode: requiredText('所在区域', 12),
  address: requiredText('详细地址', 200),
  legalPerson: requiredText('法定代表人', 32),
  contactName: requiredText('联系人', 32),
  contactPhone: contactPhoneField,
  businessLicenceFileId: optionalFileId('营业执照'),
};
export const editOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, id: positiveId('单位'), version: version.optional() });

/** Whether a string is a mobile phone (for forms that accept either kind of number). */
export const isMobile = (v: string) => PHONE_RE.test(v);

/** The catalogue domains (docs/catalogue.tsv) of the maintenance-side and the use-unit-side calls. */
export const MU = 'maintenance-unit';
export const BE = 'building-company';
