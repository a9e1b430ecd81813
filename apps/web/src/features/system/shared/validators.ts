import { CREDIT_CODE_INVALID, isCreditCode, isEmail, isIdNumber, isPhone, messages } from '@ec/contract';
import type { FormRule } from 'antd';

/** Rules for optional fields: blank passes, anything else must be valid (the server checks the same). */
const optional =
  (check: (v: string) => boolean, message: string): FormRule =>
  () => ({
    validator: (_: unknown, value: unknown) => {
      const v = typeof value === 'string' ? value.trim() : '';
      return !v || check(v) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });

/**
 * Edit forms show phones and ID numbers masked (the server's one policy); left as shown, the mask
 * goes back and the server keeps the stored number (it refuses any other mask).
 */
const orMask = (check: (v: string) => boolean) => (v: string) => check(v) || /^[\dXx-]*\*+[\dXx-]*$/.test(v);

export const optionalPhone = [optional(orMask(isPhone), messages.phoneInvalid)];
export const optionalEmail = [optional(isEmail, messages.emailInvalid)];
export const optionalIdNumber = [optional(orMask(isIdNumber), messages.idNumberInvalid)];
export const contactPhone = [
  optional(
    orMask((v) => /^\d[\d-]{5,18}\d$/.test(v)),
    '联系电话格式不正确',
  ),
];

export const creditCodeRules: FormRule[] = [
  { required: true, whitespace: true, message: '统一社会信用代码不能为空' },
  optional((v) => isCreditCode(v), CREDIT_CODE_INVALID),
];

export const required = (message: string): FormRule[] => [{ required: true, whitespace: true, message }];
export const requiredChoice = (message: string): FormRule[] => [{ required: true, message }];

/** `模块:资源:操作`, e.g. system:user:edit; `*:*:*` grants all. */
export const PERMISSION_RE = /^(\*|[A-Za-z][\w-]*)(:(\*|[\w-]+)){0,4}$/;
