import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageOf, paging, requiredText, text } from '../common.ts';
import { optionalFileId, phoneInput, version } from '../fields.ts';

/*
 * Mini-program users (小程序用户, doc 001 §7.9 `/wx`): the accounts of the advertising operator's
 * WeChat mini-program — its field workers (安装人员), who install posters and scan the points' QR
 * codes, and its customers' contacts (客户), bound to one of the operator's customers. They are
 * managed here: list, detail, add, update and their photos (`upload`). There is no WeChat here: the
 * mini-program's sign-in (code2session, openid) is out of scope (docs/paths.md); an account's openid
 * is recorded when known. An operator sees its own accounts, the platform all.
 */

export const AD_USER_PERMISSIONS = {
  list: 'ad:user:list',
  edit: 'ad:user:edit',
} as const;

export const WX_USER_KIND = { worker: 1, customer: 2 } as const;
export const WX_USER_KIND_LABEL: Record<number, string> = { 1: '安装人员', 2: '客户' };

const P = AD_USER_PERMISSIONS;

const kind = z.coerce
  .number({ error: '请选择用户类型' })
  .int()
  .refine((v) => v === 1 || v === 2, '用户类型应为安装人员或客户');

export const wxUserRow = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  operatorName: z.string().nullable(),
  kind: z.number().int(),
  kindLabel: z.string(),
  name: z.string(),
  /** Masked (138****1234). */
  phone: z.string(),
  openId: z.string().nullable(),
  /** The bound customer (kind 客户). */
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  /** The bound console account (kind 安装人员, optional): whose own calls act as this worker. */
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  avatarFileId: z.string().nullable(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  createTime: z.string(),
  version: z.number().int(),
});
export type WxUserRow = z.infer<typeof wxUserRow>;

export const wxUserDetail = wxUserRow.extend({
  /** Its task logs (kind 安装人员). */
  logCount: z.number().int(),
});
export type WxUserDetail = z.infer<typeof wxUserDetail>;

export const wxUserFilters = z.object({
  ...paging,
  kind: kind.optional(),
  /** Name or phone. */
  keyword: text(50).optional(),
  customerId: idField('客户').optional(),
  enabled: z.enum(['true', 'false']).optional(),
});
export type WxUserFilters = z.input<typeof wxUserFilters>;

/** A mobile number; the one a detail showed (masked) may come back unchanged (the server keeps the stored one). */
const phone = phoneInput({ label: '手机号', mobile: true, maskedOk: true });

const userFields = {
  kind,
  name: requiredText('姓名', 30),
  phone,
  openId: text(64).nullable().optional(),
  customerId: idField('客户').nullable().optional(),
  userId: idField('系统账号').nullable().optional(),
  avatarFileId: optionalFileId('照片'),
  enabled: z.boolean({ error: '启用状态应为是或否' }).optional(),
  remark: text(300).nullable().optional(),
};

const customerRule = (v: { kind: number; customerId?: number | null }) =>
  v.kind !== 2 || (v.customerId !== undefined && v.customerId !== null);
const customerMessage = { message: '客户类型的用户须绑定广告客户', path: ['customerId'] };

export const wxUserAdd = z
  .object({
    ...userFields,
    /** The platform names the operator; an operator adds to its own. */
    operatorId: idField('广告运营商').optional(),
  })
  .refine(customerRule, customerMessage);
export type WxUserAdd = z.input<typeof wxUserAdd>;

export const wxUserUpdate = z
  .object({ id: idField('用户编号'), version, ...userFields })
  .refine(customerRule, customerMessage);
export type WxUserUpdate = z.input<typeof wxUserUpdate>;

export const WX = '/wx';

export const adUserCalls = {
  getXcxUserList: defineCall({
    domain: 'ad',
    method: 'GET',
    path: `${WX}/getXcxUserList`,
    permission: P.list,
    summary: '小程序用户列表',
    input: wxUserFilters,
    output: pageOf(wxUserRow),
  }),
  getXcxUser: defineCall({
    domain: 'ad',
    method: 'GET',
    path: `${WX}/getXcxUser/{id}`,
    permission: P.list,
    summary: '小程序用户详情',
    input: z.object({ id: idField('用户编号') }),
    output: wxUserDetail,
  }),
  addXcxUser: defineCall({
    domain: 'ad',
    method: 'POST',
    path: `${WX}/addXcxUser`,
    permission: P.edit,
    summary: '新增小程序用户',
    input: wxUserAdd,
    output: wxUserDetail,
  }),
  updateXcxUser: defineCall({
    domain: 'ad',
    method: 'PUT',
    path: `${WX}/updateXcxUser`,
    permission: P.edit,
    summary: '修改小程序用户',
    input: wxUserUpdate,
    output: wxUserDetail,
  }),
  upload: defineCall({
    domain: 'ad',
    method: 'POST',
    path: `${WX}/upload`,
    permission: P.edit,
    summary: '上传小程序用户照片（jpg/png）',
    encoding: 'multipart',
    input: z.object({ id: idField('用户编号') }),
    output: wxUserDetail,
  }),
} as const;
