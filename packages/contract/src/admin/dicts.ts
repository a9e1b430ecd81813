import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idList, nothing, pageOf, paging, requiredText } from '../common.ts';
import { formText, optionalId, optionalText, status } from './shared.ts';

/** Dictionaries (/pc/sysDict): types and their entries. */

export const dictType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  status: z.number().int(),
  valueCount: z.number().int(),
  createTime: z.string(),
});
export const dictData = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  typeCode: z.string(),
  key: z.string(),
  value: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  createTime: z.string(),
});

export const dictAdminCalls = {
  typeQuery: defineCall({
    domain: 'dict',
    method: 'GET',
    path: '/pc/sysDict/typeQuery',
    permission: 'system:dict:list',
    summary: '字典类型列表',
    input: z.object({ ...paging, code: optionalText(50), name: optionalText(50), status: status.optional() }),
    output: pageOf(dictType),
  }),
  dataQuery: defineCall({
    domain: 'dict',
    method: 'GET',
    path: '/pc/sysDict/dataQuery',
    permission: 'system:dict:list',
    summary: '字典值列表',
    input: z.object({
      ...paging,
      typeId: optionalId('字典类型').optional(),
      typeCode: optionalText(50),
      key: optionalText(50),
      value: optionalText(100),
      status: status.optional(),
    }),
    output: pageOf(dictData),
  }),
  typeSave: defineCall({
    domain: 'dict',
    method: 'POST',
    path: '/pc/sysDict/typeSave',
    permission: 'system:dict:edit',
    summary: '保存字典类型',
    input: z.object({
      id: optionalId('字典类型编号').optional(),
      code: requiredText('字典编码', 50).regex(
        /^[A-Za-z][\w.-]*$/,
        '字典编码只能包含字母、数字、点、下划线和连字符，并以字母开头',
      ),
      name: requiredText('字典名称', 50),
      remark: formText(200),
      /** 1 for a new type; a change that omits it keeps it. */
      status: status.optional(),
    }),
    output: dictType,
  }),
  dataSave: defineCall({
    domain: 'dict',
    method: 'POST',
    path: '/pc/sysDict/dataSave',
    permission: 'system:dict:edit',
    summary: '保存字典值',
    input: z.object({
      id: optionalId('字典值编号').optional(),
      typeId: optionalId('字典类型'),
      key: requiredText('字典键', 50),
      value: requiredText('字典值', 100),
      /** 0 and 1 for a new value; a change that omits them keeps them. */
      sort: z.number({ error: '排序应为数字' }).int().min(0, '排序不能为负数').max(1_000_000).optional(),
      status: status.optional(),
    }),
    output: dictData,
  }),
  typeDelete: defineCall({
    domain: 'dict',
    method: 'DELETE',
    path: '/pc/sysDict/typeDelete',
    permission: 'system:dict:edit',
    summary: '删除字典类型',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
  dataDelete: defineCall({
    domain: 'dict',
    method: 'DELETE',
    path: '/pc/sysDict/dataDelete',
    permission: 'system:dict:edit',
    summary: '删除字典值',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
};
