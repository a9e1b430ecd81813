import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idParam, pageOf, paging, requiredText, text } from '../common.ts';
import { deleteCall, version } from '../fields.ts';
import { APPENDICES } from './rules.ts';

/*
 * 维保内容 (a template: the checklist of one appendix of TSG T5002-2017) and 维保项目 (its items).
 * A template is versioned: every change of it or of its items makes a new version, the versions are
 * kept, and an order keeps the version it was made with. Paths (unnamed in the spec, unnamed.md §C2)
 * are listed in docs/paths.md.
 */

export const TEMPLATE_PERMISSIONS = { list: 'maintenance:template:list', edit: 'maintenance:template:edit' };
const MC = '/pc/maintenanceContent';
const MI = '/pc/maintenanceItem';
const appendix = z.enum(Object.keys(APPENDICES) as [keyof typeof APPENDICES], {
  error: '请选择适用附件（A/B/C/D）',
});

export const templateItem = z.object({
  id: z.number().int(),
  contentId: z.number().int(),
  kind: z.number().int(),
  kindLabel: z.string(),
  seq: z.number().int(),
  name: z.string(),
  requirement: z.string().nullable(),
  measured: z.boolean(),
  unit: z.string().nullable(),
  /** e.g. 雨季前 / 冬季前: a seasonal item (DOMAIN.md §2.3). */
  seasonWindow: z.string().nullable(),
  version: z.number().int(),
});
export type TemplateItem = z.infer<typeof templateItem>;

export const templateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  appendix: z.string(),
  appendixLabel: z.string(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  /** The template's version: raised by every change of it or of its items. */
  version: z.number().int(),
  itemCounts: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
  }),
  planCount: z.number().int(),
  updateTime: z.string(),
});
export type TemplateRow = z.infer<typeof templateRow>;

export const templateDetail = templateRow.extend({
  items: z.array(templateItem),
  versions: z.array(
    z.object({ version: z.number().int(), itemCount: z.number().int(), createTime: z.string() }),
  ),
});
export type TemplateDetail = z.infer<typeof templateDetail>;

const templateFields = {
  name: requiredText('维保内容名称', 100),
  appendix,
  enabled: z.boolean().optional(),
  remark: text(500).nullable().optional(),
};
const itemFields = {
  contentId: idField('维保内容'),
  kind: z.coerce.number({ error: '请选择维保类别' }).int().min(1, '请选择维保类别').max(4, '请选择维保类别'),
  seq: z.coerce.number().int().min(0).max(999).optional(),
  name: requiredText('维保项目名称', 100),
  requirement: text(500).nullable().optional(),
  measured: z.boolean().optional(),
  unit: text(10).nullable().optional(),
  seasonWindow: text(20).nullable().optional(),
};

export const maintenanceContentCalls = {
  queryList: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MC}/queryList`,
    permission: TEMPLATE_PERMISSIONS.list,
    summary: '维保内容列表',
    input: z.object({ ...paging, name: text(100).optional(), appendix: appendix.optional() }),
    output: pageOf(templateRow),
  }),
  queryDetail: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MC}/queryDetail`,
    permission: TEMPLATE_PERMISSIONS.list,
    summary: '维保内容详情（含项目与版本）',
    input: idParam,
    output: templateDetail,
  }),
  add: defineCall({
    domain: 'maintenance',
    method: 'POST',
    path: `${MC}/add`,
    permission: TEMPLATE_PERMISSIONS.edit,
    summary: '新增维保内容',
    input: z.object(templateFields),
    output: templateRow,
  }),
  update: defineCall({
    domain: 'maintenance',
    method: 'PUT',
    path: `${MC}/update`,
    permission: TEMPLATE_PERMISSIONS.edit,
    summary: '修改维保内容',
    input: z.object({ id: idField(), version, ...templateFields }),
    output: templateRow,
  }),
  delete: deleteCall(
    'maintenance',
    `${MC}/delete`,
    TEMPLATE_PERMISSIONS.edit,
    '删除维保内容（未被计划使用的）',
  ),
};

export const maintenanceItemCalls = {
  queryList: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MI}/queryList`,
    permission: TEMPLATE_PERMISSIONS.list,
    summary: '维保项目列表',
    input: z.object({
      ...paging,
      contentId: idField('维保内容').optional(),
      kind: z.coerce.number().int().min(1).max(4).optional(),
      name: text(100).optional(),
    }),
    output: pageOf(templateItem),
  }),
  queryDetail: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MI}/queryDetail`,
    permission: TEMPLATE_PERMISSIONS.list,
    summary: '维保项目详情',
    input: idParam,
    output: templateItem,
  }),
  add: defineCall({
    domain: 'maintenance',
    method: 'POST',
    path: `${MI}/add`,
    permission: TEMPLATE_PERMISSIONS.edit,
    summary: '新增维保项目（维保内容升一个版本）',
    input: z.object(itemFields),
    output: templateItem,
  }),
  update: defineCall({
    domain: 'maintenance',
    method: 'PUT',
    path: `${MI}/update`,
    permission: TEMPLATE_PERMISSIONS.edit,
    summary: '修改维保项目（维保内容升一个版本）',
    input: z.object({ id: idField(), version, ...itemFields }),
    output: templateItem,
  }),
  delete: deleteCall(
    'maintenance',
    `${MI}/delete`,
    TEMPLATE_PERMISSIONS.edit,
    '删除维保项目（维保内容升一个版本）',
  ),
};
