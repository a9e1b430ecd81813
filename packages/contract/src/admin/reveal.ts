import { z } from 'zod';
import { defineCall } from '../call.ts';

/** Full numbers on request: one masked phone or ID number shown in full, and logged. */

/** The permission that reveals a masked phone or ID number (platform administrator, regulators). */
export const REVEAL_PERMISSION = 'system:sensitive:reveal';

/** Which numbers of which records can be revealed: the record kind, then its fields. */
export const REVEAL_FIELDS = {
  /** A system account (用户管理). */
  user: ['phone', 'idNumber'],
  /** A filed person: maintenance worker, safety officer, inspector (phone of the account, ID of the filing). */
  person: ['phone', 'idNumber'],
  /** A company: its contact phone, and a use unit's safety director's phone. */
  company: ['contactPhone', 'safetyDirectorPhone'],
  /** A regulator's department (机构管理). */
  office: ['phone'],
} as const;
export type RevealKind = keyof typeof REVEAL_FIELDS;
export const REVEAL_KINDS = Object.keys(REVEAL_FIELDS) as [RevealKind, ...RevealKind[]];
export const REVEAL_FIELD_NAMES = ['phone', 'idNumber', 'contactPhone', 'safetyDirectorPhone'] as const;
export type RevealField = (typeof REVEAL_FIELD_NAMES)[number];

export const sensitiveCalls = {
  /**
   * One masked number in full, for a record inside the caller's data scope (404 otherwise). Every
   * call is an operation-log entry (who, which record, which field), whether it succeeds or not.
   */
  reveal: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/common/reveal',
    permission: REVEAL_PERMISSION,
    summary: '查看完整号码',
    input: z
      .object({
        kind: z.enum(REVEAL_KINDS, { error: '记录类型应为 user、person、company 或 office' }),
        id: z.coerce
          .number({ error: '记录编号应为数字' })
          .int('记录编号应为整数')
          .positive('记录编号应为正整数')
          .max(2_147_483_647, '记录编号超出范围'),
        field: z.enum(REVEAL_FIELD_NAMES, { error: '不支持查看该字段' }),
      })
      .refine((v) => (REVEAL_FIELDS[v.kind] as readonly string[]).includes(v.field), {
        message: '该记录没有这个号码字段',
        path: ['field'],
      }),
    output: z.object({ value: z.string().nullable() }),
  }),
};
