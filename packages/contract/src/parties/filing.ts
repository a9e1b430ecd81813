import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../call.ts';
import { requiredText, text } from '../common.ts';
import { buildingCompanyDetail } from './building-companies.ts';
import { auditStep, creditCodeField, idNumberField } from './fields.ts';
import { inspectionOrgDetail } from './inspection-orgs.ts';
import { FILING_KINDS } from './labels.ts';
import { maintenanceUnitDetail } from './maintenance-units.ts';
import { personDetail } from './persons.ts';

/** The signed-in account's own filing (初始备案, /pc/filing). */

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
