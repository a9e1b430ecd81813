import { z } from 'zod';
import { defineCall } from './call.ts';
import { dateText, INT4_MAX, idList } from './common.ts';

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
