import { z } from 'zod';
import { DATA_SCOPES, USER_TYPES } from '../auth.ts';
import { idField, isEmail, isIdNumber, messages, PHONE_RE, text } from '../common.ts';
import { parseShanghaiTime } from '../rules.ts';

/**
 * What the system-settings files share: sorting, status, reference and text fields, and the form
 * fields that accept a masked number back unchanged. Exported for the sibling files; ../admin.ts
 * re-exports only PERMISSION_RE.
 */

/** Sorting on a whitelist of columns; antd's ascend/descend. */
export const sorting = <const F extends readonly [string, ...string[]]>(fields: F) => ({
  sortField: z.enum(fields, { error: '不支持按该字段排序' }).optional(),
  sortOrder: z.enum(['ascend', 'descend'], { error: '排序方向应为 ascend 或 descend' }).optional(),
});

export const userType = z.enum(USER_TYPES);
export const dataScope = z.enum(DATA_SCOPES);
export const status = z.coerce
  .number({ error: '状态应为 0 或 1' })
  .int('状态应为 0 或 1')
  .min(0, '状态应为 0 或 1')
  .max(1, '状态应为 0 或 1');
/** An id named in its messages (the shared idField: digits or a number, never `true`). */
export const optionalId = (label: string) => idField(label);
export const nullableRef = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .positive(`${label}应为正整数`)
    .nullable();

/** A permission string such as `system:user:edit`; `*:*:*` grants all. */
export const PERMISSION_RE = /^(\*|[A-Za-z][\w-]*)(:(\*|[\w-]+)){0,4}$/;
export const permissionText = z
  .string()
  .trim()
  .max(100)
  .regex(PERMISSION_RE, '权限标识格式应为 模块:资源:操作');

export const timeBound = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => parseShanghaiTime(v) !== null, `${label}格式应为 yyyy-MM-dd HH:mm:ss`);

/** A query filter: absent or blank means no filter. */
export const optionalText = (max: number) => text(max).optional();
/** An optional form field: absent, null or blank all mean "not set" (forms send back what details gave). */
export const formText = (max: number) => text(max).nullable().optional();
export const emailText = text(100)
  .refine((v) => v === '' || isEmail(v), messages.emailInvalid)
  .nullable()
  .optional();
/**
 * Details show phones and ID numbers masked (one policy on the server); an edit form that sends the
 * mask back unchanged keeps the stored number, so a mask is accepted where a number is.
 */
const MASKED = /^[\dXx-]*\*+[\dXx-]*$/;
export const idNumberText = text(18)
  .refine((v) => v === '' || isIdNumber(v) || MASKED.test(v), messages.idNumberInvalid)
  .nullable()
  .optional();
export const optionalPhone = text(11)
  .refine((v) => v === '' || PHONE_RE.test(v) || MASKED.test(v), messages.phoneInvalid)
  .nullable()
  .optional();
/** Landline or mobile: digits with optional dashes. */
export const contactPhone = text(20)
  .refine((v) => v === '' || /^\d[\d-]{5,18}\d$/.test(v) || MASKED.test(v), '联系电话格式不正确')
  .nullable()
  .optional();
