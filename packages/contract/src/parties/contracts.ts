import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../call.ts';
import { idField, idList, idParam, pageOf, paging, requiredText, text } from '../common.ts';
import {
  auditGroup,
  auditInfo,
  auditStep,
  dateField,
  deleteCall,
  fileRef,
  filingFields,
  MU,
  optionalDate,
  optionalFileId,
  positiveId,
  version,
} from './fields.ts';
import { CONTRACT_FLAGS, CONTRACT_STATUS, filingStateFilter, PLAN_TYPES } from './labels.ts';

/** Maintenance contracts (维保合同, /pc/maintenanceContract) and their audit. */

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
