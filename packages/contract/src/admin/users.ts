import { z } from 'zod';
import { USER_TYPES } from '../auth.ts';
import { defineCall, SIGNED_IN } from '../call.ts';
import { idList, idParam, nothing, pageOf, paging, requiredText, text } from '../common.ts';
import {
  emailText,
  idNumberText,
  nullableRef,
  optionalId,
  optionalPhone,
  optionalText,
  sorting,
  status,
  userType,
} from './shared.ts';

/** Users (/pc/sysUser): list, detail, form, status, password reset and deletion of accounts. */

export const USER_SORT_FIELDS = ['id', 'username', 'realName', 'createTime'] as const;

export const roleRef = z.object({ id: z.number().int(), roleKey: z.string(), name: z.string() });

/** A user as lists show it: phone and ID number masked. */
export const userRow = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  idNumber: z.string(),
  userType,
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  officeId: z.number().int().nullable(),
  officeName: z.string().nullable(),
  areaCodes: z.array(z.string()),
  roles: z.array(roleRef),
  status: z.number().int(),
  builtIn: z.boolean(),
  createTime: z.string(),
});
export type UserRow = z.infer<typeof userRow>;

/** A user for the edit form: phone and ID number masked as in lists, except the user's own. */
export const userDetail = userRow.extend({ roleIds: z.array(z.number().int()) });

export const userFields = z.object({
  id: optionalId('用户编号').optional(),
  username: requiredText('用户名', 32).regex(
    /^[A-Za-z0-9_.@-]+$/,
    '用户名只能包含字母、数字、下划线、点、@ 和连字符',
  ),
  realName: requiredText('姓名', 32),
  phone: optionalPhone,
  email: emailText,
  idNumber: idNumberText,
  userType: z.enum(USER_TYPES, { error: '请选择用户类型' }),
  companyId: nullableRef('所属企业').optional(),
  officeId: nullableRef('所属机构').optional(),
  /** Defaults belong to creation: a change that omits a field keeps it (none: no areas). */
  areaCodes: z
    .array(text(12), { error: '管辖区域应为区域代码列表' })
    .max(50, '管辖区域最多 50 个')
    .optional(),
  roleIds: z
    .array(optionalId('角色'), { error: '请至少选择一个角色' })
    .min(1, '请至少选择一个角色')
    .max(20, '一个用户最多 20 个角色'),
});

export const subMaintenanceAdmin = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  phone: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
});

export const userCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysUser/query',
    permission: 'system:user:list',
    summary: '用户列表',
    input: z.object({
      ...paging,
      name: optionalText(50),
      phone: optionalText(11),
      roleId: optionalId('角色').optional(),
      companyId: optionalId('所属企业').optional(),
      companyName: optionalText(100),
      officeId: optionalId('所属机构').optional(),
      userType: z.enum(USER_TYPES, { error: '用户类型不正确' }).optional(),
      status: status.optional(),
      ...sorting(USER_SORT_FIELDS),
    }),
    output: pageOf(userRow),
  }),
  detail: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysUser/detail/{id}',
    permission: 'system:user:edit',
    summary: '用户详情（含完整手机号和身份证号）',
    input: idParam,
    output: userDetail,
  }),
  save: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysUser/save',
    permission: 'system:user:edit',
    summary: '新增或修改用户',
    input: userFields,
    output: z.object({
      user: userDetail,
      /** Only when a user is created: the initial password, shown once and never stored in clear. */
      initialPassword: z.string().nullable(),
    }),
  }),
  updateStatus: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysUser/updateStatus',
    permission: 'system:user:edit',
    summary: '启用或停用用户',
    input: z.object({ id: optionalId('用户编号'), status }),
    output: nothing,
  }),
  resetPassword: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysUser/resetPassword',
    permission: 'system:user:edit',
    summary: '重置用户密码',
    input: z.object({
      id: optionalId('用户编号'),
      /** show: the one-time password is returned once; sms: it is sent to the user's phone. */
      delivery: z.enum(['show', 'sms'], { error: '发送方式应为 show 或 sms' }).default('show'),
    }),
    output: z.object({ password: z.string().nullable(), sentTo: z.string().nullable() }),
  }),
  delete: defineCall({
    domain: 'system',
    method: 'DELETE',
    path: '/pc/sysUser/delete',
    permission: 'system:user:edit',
    summary: '删除用户',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
  selectSubMaintenanceAdmin: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysUser/selectSubMaintenanceAdmin',
    permission: SIGNED_IN,
    summary: '维保单位管理员选项',
    input: z.object({ companyId: optionalId('维保单位').optional(), name: optionalText(50) }),
    output: z.array(subMaintenanceAdmin),
  }),
};
