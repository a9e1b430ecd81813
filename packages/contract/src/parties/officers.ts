import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../call.ts';
import { idField, idList, pageOf, paging, text } from '../common.ts';
import { auditGroup, BE, deleteCall, idNumberField, positiveId, version } from './fields.ts';
import {
  officerFields,
  personAuditFilters,
  personAuditRow,
  personDetail,
  personFilters,
  personId,
  personRow,
  personSaved,
} from './persons.ts';

/** Safety officers of use units (/pc/buildingCompanyUser) and who is the officer of each lift. */

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
