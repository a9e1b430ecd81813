import { z } from 'zod';
import { defineCall, PUBLIC } from '../call.ts';
import { requiredText } from '../common.ts';

/** Agreements (/pc/sysAgreement): 用户注册协议 and 隐私政策, shown at sign-up. */

export const AGREEMENT_KINDS = ['register', 'privacy'] as const;
export const AGREEMENT_TITLES: Record<(typeof AGREEMENT_KINDS)[number], string> = {
  register: '用户注册协议',
  privacy: '隐私政策',
};
export const agreementKind = z.enum(AGREEMENT_KINDS, { error: '协议类型应为 register 或 privacy' });

export const agreement = z.object({
  kind: agreementKind,
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  updateTime: z.string().nullable(),
});

export const agreementCalls = {
  detail: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysAgreement/detail',
    permission: PUBLIC,
    summary: '协议内容',
    input: z.object({ kind: agreementKind.default('register') }),
    output: agreement,
  }),
  save: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysAgreement/save',
    permission: 'system:agreement:edit',
    summary: '保存协议内容',
    input: z.object({
      kind: agreementKind.default('register'),
      title: requiredText('协议标题', 100),
      content: z.string({ error: '协议内容应为文本' }).max(200_000, '协议内容不能超过 200000 个字符'),
    }),
    output: agreement,
  }),
};
