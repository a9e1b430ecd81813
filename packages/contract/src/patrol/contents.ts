import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idParam, pageOf, paging, queryBool, requiredText, text } from '../common.ts';
import { deleteCall, version } from '../fields.ts';
import { PATROL_PERMISSIONS as P, PATROL_CATEGORIES, PATROL_TARGET_KINDS } from './rules.ts';

/*
 * 巡检内容 (what a regulator checks at a lift or a use unit) and 巡检模板 (an ordered set of contents
 * of one target kind). City-wide reference data: the platform and the regulators edit them, a task
 * keeps a copy of its template's items as they were when it was made. Paths: docs/paths.md.
 */

const C = '/pc/pollingContent';
const T = '/pc/pollingTemplate';
const domain = 'polling';

const targetKind = z.enum(PATROL_TARGET_KINDS, { error: '请选择适用对象（电梯或使用单位）' });
const category = z.enum(PATROL_CATEGORIES, { error: '请选择检查类别' });

export const patrolContentRow = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  appliesTo: targetKind,
  appliesToLabel: z.string(),
  /** 检查要求: what 符合 means. */
  requirement: z.string().nullable(),
  enabled: z.boolean(),
  /** Templates that hold it (a content in a template is not deleted). */
  templateCount: z.number().int(),
  version: z.number().int(),
  updateTime: z.string(),
});
export type PatrolContentRow = z.infer<typeof patrolContentRow>;

export const patrolContentInput = z.object({
  id: idField('巡检内容编号').optional(),
  version: version.optional(),
  name: requiredText('检查内容', 100),
  category,
  appliesTo: targetKind,
  requirement: text(500).nullable().optional(),
  enabled: z.boolean().optional(),
});
export type PatrolContentInput = z.input<typeof patrolContentInput>;

export const patrolTemplateItem = z.object({
  contentId: z.number().int(),
  seq: z.number().int(),
  name: z.string(),
  category: z.string(),
  requirement: z.string().nullable(),
});
export type PatrolTemplateItem = z.infer<typeof patrolTemplateItem>;

export const patrolTemplateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  targetKind,
  targetKindLabel: z.string(),
  remark: z.string().nullable(),
  enabled: z.boolean(),
  itemCount: z.number().int(),
  version: z.number().int(),
  updateTime: z.string(),
});
export type PatrolTemplateRow = z.infer<typeof patrolTemplateRow>;
export const patrolTemplateDetail = patrolTemplateRow.extend({ items: z.array(patrolTemplateItem) });
export type PatrolTemplateDetail = z.infer<typeof patrolTemplateDetail>;

export const patrolTemplateInput = z.object({
  id: idField('巡检模板编号').optional(),
  version: version.optional(),
  name: requiredText('模板名称', 100),
  targetKind,
  remark: text(500).nullable().optional(),
  enabled: z.boolean().optional(),
  /** The contents in their order (the order of this list). */
  contentIds: z
    .array(idField('巡检内容编号'), { error: '请选择检查内容' })
    .min(1, '模板至少包含一项检查内容')
    .max(100, '模板最多包含 100 项检查内容'),
});
export type PatrolTemplateInput = z.input<typeof patrolTemplateInput>;

export const patrolContentCalls = {
  queryList: defineCall({
    domain,
    method: 'POST',
    path: `${C}/queryList`,
    permission: P.contentList,
    summary: '巡检内容列表',
    reads: true,
    input: z.object({
      ...paging,
      name: text(100).optional(),
      category: category.optional(),
      appliesTo: targetKind.optional(),
      enabled: queryBool.optional(),
    }),
    output: pageOf(patrolContentRow),
  }),
  save: defineCall({
    domain,
    method: 'POST',
    path: `${C}/save`,
    permission: P.contentEdit,
    summary: '新增或修改巡检内容',
    input: patrolContentInput,
    output: patrolContentRow,
  }),
  delete: deleteCall(domain, `${C}/delete`, P.contentEdit, '删除巡检内容（未被模板使用的）'),
};

export const patrolTemplateCalls = {
  queryList: defineCall({
    domain,
    method: 'POST',
    path: `${T}/queryList`,
    permission: P.contentList,
    summary: '巡检模板列表',
    reads: true,
    input: z.object({
      ...paging,
      name: text(100).optional(),
      targetKind: targetKind.optional(),
      enabled: queryBool.optional(),
    }),
    output: pageOf(patrolTemplateRow),
  }),
  queryDetail: defineCall({
    domain,
    method: 'POST',
    path: `${T}/queryDetail`,
    permission: P.contentList,
    summary: '巡检模板详情（含检查内容）',
    reads: true,
    input: idParam,
    output: patrolTemplateDetail,
  }),
  save: defineCall({
    domain,
    method: 'POST',
    path: `${T}/save`,
    permission: P.contentEdit,
    summary: '新增或修改巡检模板',
    input: patrolTemplateInput,
    output: patrolTemplateDetail,
  }),
  delete: deleteCall(domain, `${T}/delete`, P.contentEdit, '删除巡检模板'),
};
