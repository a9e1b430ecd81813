import { z } from 'zod';
import { defineCall, PUBLIC, SIGNED_IN } from './call.ts';
import {
  empty,
  hashedPassword,
  messages,
  nothing,
  phoneField,
  requiredText,
  smsCodeField,
  text,
} from './common.ts';

/** Kinds of account; each maps to a default role and decides whether filing is required. */
export const USER_TYPES = [
  'platform',
  'regulator',
  'maintenance',
  'maintenance_staff',
  'use_unit',
  'safety_officer',
  'inspection',
  'inspector',
  'rescue',
  'callcenter',
  'ad',
  'iot',
] as const;
export const userType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userType>;

/** Kinds that may sign themselves up on /register. */
export const REGISTRABLE_TYPES = ['maintenance', 'maintenance_staff', 'use_unit', 'inspection'] as const;

export const DATA_SCOPES = ['all', 'area', 'company', 'self'] as const;
export const dataScope = z.enum(DATA_SCOPES);
export type DataScope = z.infer<typeof dataScope>;

/** Purposes an SMS code can be requested for; a code only serves its own purpose. */
export const SMS_PURPOSES = ['register', 'resetPsw', 'editPhone'] as const;
export const smsPurpose = z.enum(SMS_PURPOSES);

export const sessionUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  introduction: z.string().nullable(),
  roles: z.array(z.string()),
  roleCode: z.string().nullable(),
  roleName: z.string().nullable(),
  roleType: z.string().nullable(),
  dataScope,
  areaCodes: z.array(z.string()),
  permissions: z.array(z.string()),
  userType,
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  telephone: z.string().nullable(),
  validSign: z.boolean(),
  filingState: z.number().int(),
  needIntercept: z.boolean(),
  /** Signed in with a temporary (one-time) password: the console shows only the password change. */
  mustChangePassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export interface MenuEntry {
  id: number;
  url: string;
  name: string;
  icon: string | null;
  hidden: boolean;
  childTree: MenuEntry[];
}
export const menuEntry: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    url: z.string(),
    name: z.string(),
    icon: z.string().nullable(),
    hidden: z.boolean(),
    childTree: z.array(menuEntry),
  }),
);

const passwordChange = {
  password: z.string({ error: messages.newPasswordRequired }).pipe(hashedPassword),
  rePassword: z.string({ error: messages.confirmPasswordRequired }).pipe(hashedPassword),
};

export const authCalls = {
  login: defineCall({
    domain: 'auth',
    method: 'POST',
    path: '/oauth/token',
    permission: PUBLIC,
    summary: '登录（密码模式）',
    encoding: 'form',
    rateLimited: true,
    input: z.object({
      grant_type: z.literal('password', { error: 'grant_type 只支持 password' }),
      username: requiredText('用户名或手机号', 64),
      password: z.string({ error: messages.passwordRequired }).pipe(hashedPassword),
    }),
    output: z.object({
      access_token: z.string(),
      token_type: z.literal('bearer'),
      expires_in: z.number().int(),
    }),
  }),
  logout: defineCall({
    domain: 'auth',
    method: 'POST',
    path: '/oauth/logout',
    permission: SIGNED_IN,
    summary: '退出登录',
    input: empty,
    output: nothing,
  }),
  getUserInfo: defineCall({
    domain: 'auth',
    method: 'GET',
    path: '/pc/sysUser/getUserInfo',
    permission: SIGNED_IN,
    summary: '当前用户信息',
    input: empty,
    output: sessionUser,
  }),
  filingStatus: defineCall({
    domain: 'auth',
    method: 'GET',
    path: '/pc/sysUser/filingStatus',
    permission: SIGNED_IN,
    summary: '备案状态',
    input: empty,
    output: z.object({ needIntercept: z.boolean(), filingState: z.number().int() }),
  }),
  getMenuList: defineCall({
    domain: 'auth',
    method: 'GET',
    path: '/pc/sysMenu/getMenuList',
    permission: SIGNED_IN,
    summary: '当前用户菜单',
    input: empty,
    output: z.array(menuEntry),
  }),
  modifyPsw: defineCall({
    domain: 'auth',
    method: 'POST',
    path: '/pc/sysUser/modifyPsw',
    permission: SIGNED_IN,
    summary: '修改密码',
    input: z.object({
      currPassword: z.string({ error: messages.oldPasswordRequired }).pipe(hashedPassword),
      ...passwordChange,
    }),
    output: nothing,
  }),
  sendPhoneCode: defineCall({
    domain: 'auth',
    method: 'POST',
    path: '/pc/sysUser/sendPhoneCode',
    permission: SIGNED_IN,
    summary: '发送换绑手机验证码',
    rateLimited: true,
    input: z.object({ mobile: phoneField }),
    output: nothing,
  }),
  editPhone: defineCall({
    domain: 'auth',
    method: 'POST',
    path: '/pc/sysUser/editPhone',
    permission: SIGNED_IN,
    summary: '修改手机号',
    input: z.object({ phone: phoneField, smsCode: smsCodeField }),
    output: nothing,
  }),
  sendSms: defineCall({
    domain: 'auth',
    method: 'GET',
    path: '/common/sendSms',
    permission: PUBLIC,
    summary: '发送短信验证码',
    rateLimited: true,
    input: z.object({ phone: phoneField, type: smsPurpose.exclude(['editPhone']) }),
    output: nothing,
  }),
  getVerifyCode: defineCall({
    domain: 'auth',
    method: 'POST',
    path: '/pc/login/getVerifyCode',
    permission: PUBLIC,
    summary: '获取验证码',
    rateLimited: true,
    input: z.object({ phone: phoneField, type: smsPurpose.exclude(['editPhone']) }),
    output: nothing,
  }),
  register: defineCall({
    domain: 'auth',
    method: 'POST',
    path: '/pc/login/regist',
    permission: PUBLIC,
    summary: '注册',
    rateLimited: true,
    input: z.object({
      userType: z.enum(['maintenance', 'maintenance_staff', 'use_unit', 'inspection'], {
        error: '请选择注册类型',
      }),
      realName: requiredText('姓名', 32),
      phone: phoneField,
      smsCode: smsCodeField,
      email: text(100).optional(),
      ...passwordChange,
      agree: z.literal(true, { error: '请阅读并同意用户协议' }),
    }),
    output: z.object({ userId: z.number().int() }),
  }),
  resetPassword: defineCall({
    domain: 'auth',
    method: 'POST',
    path: '/pc/login/resetPsw',
    permission: PUBLIC,
    summary: '找回密码',
    rateLimited: true,
    input: z.object({ phone: phoneField, smsCode: smsCodeField, ...passwordChange }),
    output: nothing,
  }),
};
