import { z } from 'zod';
import { DATA_SCOPES } from '../auth.ts';
import { defineCall } from '../call.ts';
import { idList, idParam, nothing, pageOf, paging, requiredText } from '../common.ts';
import { dataScope, formText, optionalId, optionalText, permissionText, status } from './shared.ts';

/** Roles (/pc/sysRole): permissions (menus) and data scope of each role. */

export const roleRow = z.object({
  id: z.number().int(),
  roleKey: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  dataScope,
  roleType: z.string().nullable(),
  permissions: z.array(z.string()),
  status: z.number().int(),
  builtIn: z.boolean(),
  userCount: z.number().int(),
  createTime: z.string(),
});
export const roleDetail = roleRow.extend({ menuIds: z.array(z.number().int()) });

export const roleCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysRole/query',
    permission: 'system:role:list',
    summary: '角色列表',
    input: z.object({
      ...paging,
      name: optionalText(50),
      roleKey: optionalText(50),
      status: status.optional(),
    }),
    output: pageOf(roleRow),
  }),
  detail: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysRole/detail/{id}',
    permission: 'system:role:list',
    summary: '角色详情（含授权菜单）',
    input: idParam,
    output: roleDetail,
  }),
  save: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysRole/save',
    permission: 'system:role:edit',
    summary: '新增或修改角色',
    input: z.object({
      id: optionalId('角色编号').optional(),
      roleKey: requiredText('角色标识', 50).regex(
        /^[A-Za-z][\w-]*$/,
        '角色标识只能包含字母、数字、下划线和连字符',
      ),
      name: requiredText('角色名称', 50),
      description: formText(200),
      dataScope: z.enum(DATA_SCOPES, { error: '请选择数据范围' }),
      roleType: formText(30),
      /** A new role: enabled, no menus, no permissions; a change that omits one of these keeps it. */
      status: status.optional(),
      /** Menus and buttons granted; the ancestors of a granted entry are granted with it. */
      menuIds: z.array(optionalId('菜单'), { error: '菜单应为编号列表' }).max(2000).optional(),
      /** Permission strings granted beside the menu buttons. */
      permissions: z.array(permissionText, { error: '权限标识应为列表' }).max(100).optional(),
    }),
    output: roleDetail,
  }),
  delete: defineCall({
    domain: 'system',
    method: 'DELETE',
    path: '/pc/sysRole/delete',
    permission: 'system:role:edit',
    summary: '删除角色',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
};
