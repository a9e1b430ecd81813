import { z } from 'zod';
import { defineCall } from './call.ts';
import { dateText, INT4_MAX, idList, requiredText, text } from './common.ts';

/*
 * Field builders every domain's contract shares: real dates, uploaded file ids, the row version of
 * an optimistic save and the `DELETE … ids` call. (They began in parties/fields.ts, which
 * re-exports them.)
 */

const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
export const dateField = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .pipe(dateText)
    .refine(isRealDate, `${label}不是有效日期`);
export const optionalDate = (label: string) =>
  z
    .union([z.literal(''), dateField(label)])
    .nullable()
    .optional();

/** An uploaded file (POST /common/upload → data.id). */
export const fileIdField = (label: string) =>
  z.uuid({ error: `请上传${label}` }).transform((v) => v.toLowerCase());
export const optionalFileId = (label: string) =>
  z
    .union([z.literal(''), fileIdField(label)])
    .nullable()
    .optional();

export const version = z.coerce
  .number({ error: '版本号应为数字' })
  .int('版本号应为整数')
  .min(0, '版本号不正确')
  .max(INT4_MAX, '版本号不正确');

const deletedCount = z.object({ deleted: z.number().int() });

/** `DELETE <path>` of records by id (`ids`), answering how many were deleted. */
export const deleteCall = (domain: string, path: string, permission: string, summary: string) =>
  defineCall({
    domain,
    method: 'DELETE',
    path,
    permission,
    summary,
    input: z.object({ ids: idList }),
    output: deletedCount,
  });

const MOBILE = /^1[3-9]\d{9}$/;
const MOBILE_OR_MASKED = /^1[3-9]\d{9}$|^1\d{2}\*{4}\d{4}$/;
const TELEPHONE = /^[\d\-+ ]*$/;
const TELEPHONE_OR_MASKED = /^[\d\-+ *]*$/;

/**
 * A phone number a form sends. With `maskedOk`, the number as a detail showed it (138****1234,
 * 0771-****1234) may come back unchanged: the `*` is allowed here and the server keeps the stored
 * number (platform/masking.ts `unmasked`, which refuses a masked number that is not the stored
 * one). `mobile`: a required mobile number (11 digits); otherwise an optional telephone of digits,
 * '-', '+' and spaces (add `.nullable().optional()` where it may be left out).
 */
export function phoneInput({
  label,
  maskedOk = false,
  mobile = false,
}: {
  label: string;
  maskedOk?: boolean;
  mobile?: boolean;
}): z.ZodString {
  if (mobile)
    return requiredText(label, 20).regex(maskedOk ? MOBILE_OR_MASKED : MOBILE, `${label}格式不正确`);
  return text(20).regex(maskedOk ? TELEPHONE_OR_MASKED : TELEPHONE, `${label}只能包含数字和“-”`);
}

const LIFT_TYPE_MESSAGE = '电梯类型应为 1（直梯）或 2（扶梯）';

/**
 * The lift's kind as a list filter: 电梯类型 (1 直梯, 2 扶梯) and 使用场所 as the registry stores them.
 * The statistics' filters and the lists their figures drill into (cases, maintenance orders) take
 * the same fields, so that a figure and its list are filtered alike.
 */
export const liftKindFilters = {
  useOccasion: text(10).optional(),
  type: z.coerce
    .number({ error: LIFT_TYPE_MESSAGE })
    .int()
    .refine((v) => v === 1 || v === 2, LIFT_TYPE_MESSAGE)
    .optional(),
};
