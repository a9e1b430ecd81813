import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../call.ts';
import { pageOf, paging, phoneField, requiredText, text } from '../common.ts';
import {
  auditDecision,
  auditGroup,
  auditStep,
  BE,
  companyAuditFilters,
  companyAuditRow,
  companyBase,
  companyBrief,
  companyFields,
  deleteCall,
  editOf,
  fileRef,
  positiveId,
} from './fields.ts';
import { filingStateFilter, USE_UNIT_TYPES } from './labels.ts';

/** Use units (使用单位, /pc/buildingCompany) and their audit. */

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
