import { z } from 'zod';
import { defineCall } from '../call.ts';
import { empty, idList, nothing, requiredText, text } from '../common.ts';
import { formText, nullableRef, optionalId, PERMISSION_RE } from './shared.ts';

/** Menus (/pc/sysMenu): the menu tree and its permission strings. */

export const MENU_TYPES = ['M', 'C', 'F'] as const;

export interface MenuTreeNode {
  id: number;
  parentId: number | null;
  name: string;
  url: string;
  icon: string | null;
  sort: number;
  hidden: boolean;
  /** M directory, C page, F button (its perms are permission strings). */
  type: (typeof MENU_TYPES)[number];
  perms: string | null;
  children: MenuTreeNode[];
}
export const menuTreeNode: z.ZodType<MenuTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    url: z.string(),
    icon: z.string().nullable(),
    sort: z.number().int(),
    hidden: z.boolean(),
    type: z.enum(MENU_TYPES),
    perms: z.string().nullable(),
    children: z.array(menuTreeNode),
  }),
);

export const menuCalls = {
  tree: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysMenu/tree',
    permission: 'system:menu:list',
    summary: '菜单树（含按钮权限）',
    input: empty,
    output: z.array(menuTreeNode),
  }),
  save: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysMenu/save',
    permission: 'system:menu:edit',
    summary: '新增或修改菜单',
    input: z.object({
      id: optionalId('菜单编号').optional(),
      /** A new entry: at the root, sort 0, shown; a change that omits a field keeps it. */
      parentId: nullableRef('上级菜单').optional(),
      name: requiredText('菜单名称', 50),
      type: z.enum(MENU_TYPES, { error: '菜单类型应为 M（目录）、C（页面）或 F（按钮）' }),
      url: text(200)
        .regex(/^[\w/.:-]*$/, '路由地址只能包含字母、数字和 / . : - _')
        .optional(),
      icon: formText(50),
      sort: z
        .number({ error: '排序应为数字' })
        .int('排序应为整数')
        .min(0, '排序不能为负数')
        .max(1_000_000)
        .optional(),
      hidden: z.boolean({ error: '是否隐藏应为 true 或 false' }).optional(),
      /** Comma-separated permission strings of a button. */
      perms: text(500)
        .refine(
          (v) => v.split(',').every((p) => PERMISSION_RE.test(p.trim())),
          '权限标识格式应为 模块:资源:操作，多个用逗号分隔',
        )
        .or(z.literal(''))
        .nullable()
        .optional(),
    }),
    output: menuTreeNode,
  }),
  sort: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysMenu/sort',
    permission: 'system:menu:edit',
    summary: '调整菜单顺序和层级',
    input: z.object({
      items: z
        .array(
          z.object({
            id: optionalId('菜单编号'),
            parentId: nullableRef('上级菜单'),
            sort: z.number({ error: '排序应为数字' }).int().min(0, '排序不能为负数').max(1_000_000),
          }),
          { error: '请提交要调整的菜单' },
        )
        .min(1, '请提交要调整的菜单')
        .max(2000),
    }),
    output: nothing,
  }),
  delete: defineCall({
    domain: 'system',
    method: 'DELETE',
    path: '/pc/sysMenu/delete',
    permission: 'system:menu:edit',
    summary: '删除菜单',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
};
