import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../call.ts';
import { idParam, pageOf, paging, requiredText, text } from '../common.ts';
import { elevatorPage } from '../elevator.ts';
import { contractRow } from './contracts.ts';
import {
  auditDecision,
  auditStep,
  companyAuditFilters,
  companyAuditRow,
  companyBase,
  companyBrief,
  companyFields,
  dateField,
  deleteCall,
  editOf,
  fileIdField,
  fileRef,
  MU,
  positiveId,
} from './fields.ts';
import { filingStateFilter, LICENCE_GRADES, LICENCE_TYPES } from './labels.ts';
import { personFilters, personRow } from './persons.ts';

/** Maintenance units (维保单位, /pc/maintenance and /pc/maintenanceAudit): filing, audit, details. */

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
const unitList = 'maintenance:unit:list';
const unitEdit = 'maintenance:unit:edit';
const unitAudit = 'maintenance:unit:audit';

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
