import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idList, idParam, nothing, requiredText, text } from '../common.ts';
import { contactPhone, formText, nullableRef, optionalId, optionalText, status } from './shared.ts';

/** Organisations (/pc/sysOffice): the regulators' office tree. */

export interface OfficeTreeNode {
  id: number;
  parentId: number | null;
  name: string;
  code: string | null;
  areaCode: string | null;
  leader: string | null;
  /** Masked except for the department's members (one policy: server masking.ts; sensitiveCalls.reveal). */
  phone: string | null;
  sort: number;
  status: number;
  userCount: number;
  children: OfficeTreeNode[];
}
const officeFields = {
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  areaCode: z.string().nullable(),
  leader: z.string().nullable(),
  phone: z.string().nullable(),
  sort: z.number().int(),
  status: z.number().int(),
  userCount: z.number().int(),
};
export const officeTreeNode: z.ZodType<OfficeTreeNode> = z.lazy(() =>
  z.object({ ...officeFields, children: z.array(officeTreeNode) }),
);
export const officeDetail = z.object(officeFields);

export const officeCalls = {
  tree: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysOffice/tree',
    permission: 'system:office:list',
    summary: '机构树',
    input: z.object({ name: optionalText(50), status: status.optional() }),
    output: z.array(officeTreeNode),
  }),
  detail: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysOffice/detail/{id}',
    permission: 'system:office:edit',
    summary: '机构详情',
    input: idParam,
    output: officeDetail,
  }),
  save: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysOffice/save',
    permission: 'system:office:edit',
    summary: '新增或修改机构',
    input: z.object({
      id: optionalId('机构编号').optional(),
      /** A new office: at the root, sort 0, enabled; a change that omits a field keeps it. */
      parentId: nullableRef('上级机构').optional(),
      name: requiredText('机构名称', 100),
      code: text(50)
        .regex(/^[\w-]*$/, '机构编码只能包含字母、数字、下划线和连字符')
        .nullable()
        .optional(),
      areaCode: formText(12),
      leader: formText(32),
      phone: contactPhone,
      sort: z.number({ error: '排序应为数字' }).int().min(0, '排序不能为负数').max(1_000_000).optional(),
      status: status.optional(),
    }),
    output: officeDetail,
  }),
  delete: defineCall({
    domain: 'system',
    method: 'DELETE',
    path: '/pc/sysOffice/delete',
    permission: 'system:office:edit',
    summary: '删除机构',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
};
