import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageOf, paging, requiredText, text } from '../common.ts';
import { dateField, version } from '../fields.ts';
import { RESCUE_PERMISSIONS } from './rules.ts';

/*
 * Repairs (故障报修, domain `repair` of doc 001): a fault with nobody trapped. The catalogue's three
 * calls (save, queryPage, hitchTypeList) and the designed state moves 受理 and 完成 (docs/paths.md).
 * A repair copies its lift's district and companies when it is opened: a regulator sees those of its
 * districts, a maintenance company and a use unit those of their lifts, the call centre all.
 */

export const REPAIRS = '/pc/elevatorIssuesRepairs';
const P = RESCUE_PERMISSIONS;

/** A repair's states. */
export const REPAIR_STATE = { pending: 1, handling: 2, done: 3 } as const;
export const REPAIR_STATE_LABEL: Record<number, string> = { 1: '待处理', 2: '处理中', 3: '已完成' };

/** Where a repair came from (repair_order.source). */
export const REPAIR_SOURCE = {
  phone: 1,
  alarmButton: 2,
  iot: 3,
  publicReport: 4,
  maintenance: 5,
  useUnit: 6,
} as const;
export const REPAIR_SOURCE_LABEL: Record<number, string> = {
  1: '电话',
  2: '一键呼救',
  3: '物联网',
  4: '扫码上报',
  5: '维保单位',
  6: '使用单位',
};

export const repairRow = z.object({
  id: z.number().int(),
  repairNo: z.string(),
  elevatorId: z.number().int(),
  registerCode: z.string().nullable(),
  elevatorName: z.string().nullable(),
  address: z.string().nullable(),
  areaCode: z.string(),
  hitchType: z.string(),
  hitchTypeLabel: z.string(),
  description: z.string().nullable(),
  reporterName: z.string().nullable(),
  reporterPhone: z.string().nullable(),
  source: z.number().int(),
  sourceLabel: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  maintenanceCompanyId: z.number().int().nullable(),
  maintenanceCompanyName: z.string().nullable(),
  useCompanyId: z.number().int().nullable(),
  useCompanyName: z.string().nullable(),
  caseId: z.number().int().nullable(),
  result: z.string().nullable(),
  createdByName: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
  version: z.number().int(),
});
export type RepairRow = z.infer<typeof repairRow>;

export const repairFilters = z.object({
  ...paging,
  /** Repair number, register code or the reporter's number. */
  keyword: text(50).optional(),
  status: z.coerce.number().int().min(1).max(3).optional(),
  hitchType: text(20).optional(),
  source: z.coerce.number().int().min(1).max(6).optional(),
  areaCode: text(12).optional(),
  elevatorId: idField('电梯').optional(),
  dateFrom: dateField('开始日期').optional(),
  dateTo: dateField('结束日期').optional(),
});
export type RepairFilters = z.input<typeof repairFilters>;

const phone = text(20).regex(/^[\d\-+ ]*$/, '联系电话只能包含数字');

export const repairInput = z.object({
  elevatorId: idField('电梯'),
  hitchType: requiredText('故障类型', 20),
  description: text(500).nullable().optional(),
  reporterName: text(30).nullable().optional(),
  reporterPhone: phone.nullable().optional(),
});

const move = z.object({ id: idField('报修编号'), version });

export const repairCalls = {
  save: defineCall({
    domain: 'repair',
    method: 'POST',
    path: `${REPAIRS}/save`,
    permission: P.repairEdit,
    summary: '故障报修',
    input: repairInput,
    output: repairRow,
  }),
  queryPage: defineCall({
    domain: 'repair',
    method: 'GET',
    path: `${REPAIRS}/queryPage`,
    permission: P.repairList,
    summary: '故障报修列表',
    input: repairFilters,
    output: pageOf(repairRow),
  }),
  hitchTypeList: defineCall({
    domain: 'repair',
    method: 'GET',
    path: `${REPAIRS}/hitchTypeList`,
    permission: P.repairList,
    summary: '故障类型',
    input: z.object({}),
    output: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
  export: defineCall({
    domain: 'repair',
    method: 'GET',
    path: `${REPAIRS}/export`,
    permission: P.repairList,
    summary: '导出故障报修（.xlsx）',
    result: 'file',
    input: repairFilters.omit({ page: true, limit: true }),
    output: z.unknown(),
  }),
  lifts: defineCall({
    domain: 'repair',
    method: 'GET',
    path: `${REPAIRS}/lifts`,
    permission: P.repairEdit,
    summary: '报修可选电梯（注册代码、救援识别码、地址或名称）',
    input: z.object({ keyword: text(50).optional() }),
    output: z.array(
      z.object({
        id: z.number().int(),
        registerCode: z.string(),
        rescueCode: z.string().nullable(),
        name: z.string().nullable(),
        address: z.string(),
      }),
    ),
  }),
  info: defineCall({
    domain: 'repair',
    method: 'GET',
    path: `${REPAIRS}/info`,
    permission: P.repairList,
    summary: '故障报修详情',
    input: z.object({ id: idField('报修编号') }),
    output: repairRow,
  }),
  accept: defineCall({
    domain: 'repair',
    method: 'POST',
    path: `${REPAIRS}/accept`,
    permission: P.repairEdit,
    summary: '受理故障报修',
    input: move,
    output: repairRow,
  }),
  finish: defineCall({
    domain: 'repair',
    method: 'POST',
    path: `${REPAIRS}/finish`,
    permission: P.repairEdit,
    summary: '完成故障报修（处理结果）',
    input: move.extend({ result: requiredText('处理结果', 500) }),
    output: repairRow,
  }),
};
