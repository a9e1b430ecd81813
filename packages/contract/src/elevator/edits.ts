import { z } from 'zod';
import { defineCall } from '../call.ts';
import { dateText, INT4_MAX, idField, idList, idParam, nothing, text } from '../common.ts';
import { audit, E, edit, elevatorDetail, elevatorFields, idsInput, P, syncSheetResult } from './fields.ts';

/** Creating, editing, enabling and disabling lifts, codes, transfers, syncs and inspection dates. */

export const elevatorEditCalls = {
  save: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/save`,
    permission: edit,
    summary: '新增电梯',
    input: elevatorFields,
    output: elevatorDetail,
  }),
  saveedit: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/saveedit`,
    permission: edit,
    summary: '新增或修改电梯',
    input: elevatorFields.extend({
      id: idField().optional(),
      version: z.coerce.number().int().min(0).max(INT4_MAX, '版本号不正确').optional(),
    }),
    output: elevatorDetail,
  }),
  update: defineCall({
    domain: E,
    method: 'PUT',
    path: `${P}/update`,
    permission: edit,
    summary: '修改电梯',
    input: elevatorFields.extend({
      id: idField(),
      version: z.coerce.number().int().min(0).max(INT4_MAX, '版本号不正确'),
    }),
    output: elevatorDetail,
  }),
  updateBatch: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/updateBatch`,
    permission: edit,
    summary: '批量修改电梯',
    input: z
      .object({
        ids: idList,
        useOccasion: text(10).optional(),
        useStatus: z.coerce.number().int().min(1).max(3).optional(),
        nextInspectDate: dateText.optional(),
        useCompanyId: idField().optional(),
      })
      .refine((v) => Object.keys(v).length > 1, '请至少填写一项要修改的内容'),
    output: z.object({ updated: z.number().int() }),
  }),
  delete: defineCall({
    domain: E,
    method: 'DELETE',
    path: `${P}/delete`,
    permission: edit,
    summary: '删除电梯',
    input: idsInput,
    output: z.object({ deleted: z.number().int() }),
  }),
  enAble: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/enAble`,
    permission: edit,
    summary: '启用电梯',
    input: idsInput,
    output: z.object({ updated: z.number().int() }),
  }),
  disAble: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/disAble`,
    permission: edit,
    summary: '停用电梯',
    input: idsInput,
    output: z.object({ updated: z.number().int() }),
  }),
  unbindingEmergencyCode: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/unbindingEmergencyCode`,
    permission: edit,
    summary: '解绑应急救援识别码',
    input: idParam,
    output: nothing,
  }),
  supervisionCode: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/supervisionCode`,
    permission: edit,
    summary: '设置监察识别码',
    input: z.object({
      id: idField(),
      supervisionCode: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z]{4,20}$/, '监察识别码应为 4–20 位字母或数字'),
    }),
    output: nothing,
  }),
  distributionElevator: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/distributionElevator`,
    permission: audit,
    summary: '为电梯指定维保单位',
    input: z.object({
      ids: idList,
      maintenanceCompanyId: z.coerce
        .number()
        .int()
        .positive({ error: '请选择维保单位' })
        .max(INT4_MAX, '编号超出范围'),
    }),
    output: z.object({ updated: z.number().int() }),
  }),
  syncModify: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/syncModify`,
    permission: 'elevator:sync',
    summary: '以同步来源的数据修正电梯登记信息',
    input: z.object({
      id: idField(),
      useCertNo: text(40).optional(),
      registerDate: dateText.optional(),
      lastInspectDate: dateText.optional(),
      nextInspectDate: dateText.optional(),
      useStatus: z.coerce.number().int().min(1).max(3).optional(),
    }),
    output: elevatorDetail,
  }),
  syncData: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/syncData`,
    permission: 'elevator:sync',
    summary: '接收外部系统推送的电梯数据（按注册代码新增或更新）',
    input: z.object({
      records: z.array(elevatorFields).min(1, '没有要同步的数据').max(1000, '一次最多同步 1000 条'),
    }),
    output: z.object({ created: z.number().int(), updated: z.number().int() }),
  }),
  syncSheet: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/syncSheet`,
    permission: 'elevator:sync',
    summary: '读取同步表格（导入模板格式），返回待同步的电梯数据与有问题的行',
    encoding: 'multipart',
    input: z.object({}),
    output: syncSheetResult,
  }),
  refreshInspectTime: defineCall({
    domain: E,
    method: 'GET',
    path: `${P}/refreshInspectTime`,
    permission: edit,
    summary: '按上次检验日期重算下次检验日期',
    input: idParam,
    output: elevatorDetail,
  }),
  refreshAllInspectTime: defineCall({
    domain: E,
    method: 'GET',
    path: `${P}/refreshAllInspectTime`,
    permission: edit,
    summary: '重算全部电梯的下次检验日期',
    input: z.object({}),
    output: z.object({ updated: z.number().int() }),
  }),
};
