import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idList, idParam, isCreditCode, nothing, pageOf, paging, requiredText } from '../common.ts';
import { contactPhone, formText, optionalId, optionalText, sorting } from './shared.ts';

/** The enterprise directory (/pc/enterprise) of system settings. */

export const ENTERPRISE_KINDS = [
  'maintenance',
  'use',
  'inspection',
  'rescue',
  'callcenter',
  'ad',
  'iot',
  'building',
  'manufacturer',
  'other',
] as const;
export const ENTERPRISE_KIND_LABELS: Record<(typeof ENTERPRISE_KINDS)[number], string> = {
  maintenance: '维保单位',
  use: '使用单位',
  inspection: '检验机构',
  rescue: '救援单位',
  callcenter: '呼叫中心',
  ad: '广告运营商',
  iot: '物联网商户',
  building: '建设单位',
  manufacturer: '制造单位',
  other: '其他',
};
export const enterpriseKind = z.enum(ENTERPRISE_KINDS, { error: '请选择企业类型' });
export const ENTERPRISE_SORT_FIELDS = ['id', 'name', 'creditCode', 'createTime'] as const;
export const CREDIT_CODE_INVALID = '统一社会信用代码格式不正确';

/** Contact phone masked except for the company's own accounts (server masking.ts; sensitiveCalls.reveal). */
export const enterpriseRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  kind: z.string(),
  areaCode: z.string().nullable(),
  address: z.string().nullable(),
  legalPerson: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  filingState: z.number().int(),
  userCount: z.number().int(),
  createTime: z.string(),
});

export const enterpriseCalls = {
  query: defineCall({
    domain: 'enterprise',
    method: 'GET',
    path: '/pc/enterprise/query',
    permission: 'system:enterprise:list',
    summary: '企业列表',
    input: z.object({
      ...paging,
      name: optionalText(100),
      creditCode: optionalText(18),
      kind: enterpriseKind.optional(),
      areaCode: optionalText(12),
      ...sorting(ENTERPRISE_SORT_FIELDS),
    }),
    output: pageOf(enterpriseRecord),
  }),
  save: defineCall({
    domain: 'enterprise',
    method: 'POST',
    path: '/pc/enterprise/save',
    permission: 'system:enterprise:edit',
    summary: '新增或修改企业',
    input: z.object({
      id: optionalId('企业编号').optional(),
      name: requiredText('企业名称', 100),
      creditCode: z
        .string({ error: '统一社会信用代码不能为空' })
        .trim()
        .min(1, '统一社会信用代码不能为空')
        .max(50, CREDIT_CODE_INVALID)
        .transform((v) => v.toUpperCase())
        .refine(isCreditCode, CREDIT_CODE_INVALID),
      kind: enterpriseKind,
      areaCode: formText(12),
      address: formText(200),
      legalPerson: formText(32),
      contactName: formText(32),
      contactPhone,
    }),
    output: enterpriseRecord,
  }),
  detail: defineCall({
    domain: 'enterprise',
    method: 'GET',
    path: '/pc/enterprise/detail/{id}',
    permission: 'system:enterprise:list',
    summary: '企业详情',
    input: idParam,
    output: enterpriseRecord,
  }),
  delete: defineCall({
    domain: 'enterprise',
    method: 'DELETE',
    path: '/pc/enterprise/delete',
    permission: 'system:enterprise:edit',
    summary: '删除企业',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
};
