import { z } from 'zod';
import { messages } from './messages.ts';
import { hashPassword } from './password.ts';
import { formatDateTime } from './rules.ts';

export { hashPassword, messages };

z.config(z.locales.zhCN());

// ---------------------------------------------------------------- envelope and paging

export const SUCCESS_CODE = 200;
export const SUCCESS_MSG = 'success';

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), resultMsg: z.string(), data });

export const errorEnvelope = z.object({
  code: z.number().int(),
  resultMsg: z.string(),
  requestId: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const MAX_PAGE_SIZE = 500;

export const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
};
export const pagingQuery = z.object(paging);

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    records: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
export type Page<T> = { records: T[]; total: number; page: number; limit: number };

/** One step of a record's review history (a filing, a claim…): who moved it from which state to which. */
export const auditStep = z.object({
  action: z.string(),
  actionLabel: z.string(),
  fromState: z.number().int().nullable(),
  toState: z.number().int(),
  actorName: z.string().nullable(),
  description: z.string().nullable(),
  time: z.string(),
});
export type AuditStep = z.infer<typeof auditStep>;

export const empty = z.object({});
export const nothing = z.null();

/**
 * The largest value of an `integer` column. Every id, version and count the client sends is bounded
 * by it here, in the shared field schemas, so that 2^31 is a 400 with a message, not a database error.
 */
export const INT4_MAX = 2_147_483_647;
/** Text that spells a number (a query string, a form field) is read as that number; nothing else is. */
const numberFromText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
/**
 * A record id: a positive integer within the column's range, sent as a number or as its digits.
 * Not `z.coerce`: it turns `true` into 1, and a request with `"id": true` would act on record 1.
 */
export const idField = (label = '编号') =>
  z.preprocess(
    numberFromText,
    z
      .number({ error: `${label}应为数字` })
      .int(`${label}应为整数`)
      .positive(`${label}应为正整数`)
      .max(INT4_MAX, `${label}超出范围`),
  );
export const idParam = z.object({ id: idField() });

/** `ids` as an array or as "1,2,3" (DELETE calls carry it in the query string). */
export const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z.array(idField()).min(1, '请先选择要操作的数据').max(1000),
);

/** Query-string boolean: 'true'/'1' and 'false'/'0'. */
export const queryBool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

/**
 * Control characters no text field accepts (tab, line feed and carriage return are text). The server
 * refuses them in every string of every request, whatever the call's schema, with this message: a
 * NUL byte would otherwise reach PostgreSQL, which cannot store it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARS_MESSAGE = '不能包含控制字符';

/** Trimmed text with a length limit; every free-text field goes through it. */
export const text = (max = 200) => z.string().trim().max(max);
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}不能超过${max}个字符`);

/** Date-time strings are shown and accepted as `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai. */
export const dateTimeText = z.string();
export const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd');

// ---------------------------------------------------------------- messages (doc 000 §5, §8)

// ---------------------------------------------------------------- validators

export const PHONE_RE = /^1[34578]\d{9}$/;
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const SMS_CODE_LENGTH = 6;
export const PASSWORD_MIN = 6;

export const isPhone = (v: string) => PHONE_RE.test(v);
export const isEmail = (v: string) => EMAIL_RE.test(v);
export const isLettersOnly = (v: string) => /^[A-Za-z]+$/.test(v);
export const isDigitsOnly = (v: string) => /^\d+$/.test(v);
export const isStrongPassword = (v: string) => v.length >= PASSWORD_MIN && /[A-Za-z]/.test(v) && /\d/.test(v);

/** GB 11643 citizen ID: 18 characters with an ISO 7064 MOD 11-2 check character, or the old 15 digits. */
export function isIdNumber(v: string): boolean {
  if (/^\d{15}$/.test(v)) return true;
  if (!/^\d{17}[\dXx]$/.test(v)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(v[i]), 0);
  return '10X98765432'[sum % 11] === v[17].toUpperCase();
}

/** GB 32100 unified social credit code: 18 characters with its check character. */
export function isCreditCode(v: string): boolean {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const code = v.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = weights.reduce((acc, w, i) => acc + w * chars.indexOf(code[i]), 0);
  return chars[(31 - (sum % 31)) % 31] === code[17];
}

/** Repeated values in a list (the spec's duplicate-check helper). */
export function findDuplicates<T>(values: T[]): T[] {
  const seen = new Set<T>();
  const dup = new Set<T>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

export const phoneField = z
  .string({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .regex(PHONE_RE, messages.phoneInvalid);
export const smsCodeField = z
  .string({ error: messages.smsCodeRequired })
  .trim()
  .regex(/^\d{6}$/, messages.smsCodeLength);

// ---------------------------------------------------------------- passwords on the wire

export const hashedPassword = z
  .string({ error: messages.passwordRequired })
  .regex(/^[0-9a-f]{64}$/, '密码须经客户端散列后提交');

export const WEAK_PASSWORDS = [
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '111111',
  '000000',
  '888888',
  '666666',
  '123123',
  '654321',
  '112233',
  'abc123',
  'abc1234',
  'abc12345',
  'a123456',
  'a12345678',
  'aa123456',
  'qwe123',
  'qwe123456',
  'qwer1234',
  'qwerty',
  'qwerty123',
  'password',
  'password1',
  'passw0rd',
  'admin',
  'admin123',
  'admin888',
  'root123',
  'test123',
  'iloveyou',
  '1q2w3e4r',
  '1qaz2wsx',
  'woaini1314',
  '5201314',
  'zxcvbnm',
  'asdf1234',
  'asd123456',
  'abcd1234',
];
export const isWeakPassword = (plain: string) => WEAK_PASSWORDS.includes(plain.toLowerCase());
export const weakPasswordHashes = (): Set<string> => new Set(WEAK_PASSWORDS.map(hashPassword));

// ---------------------------------------------------------------- masks and formats

/** 13812345678 → 138****5678 */
export function maskPhone(v: string | null | undefined): string {
  if (!v) return '';
  // A landline (0771-5100000, 07715100000, 010-12345678) keeps its area code and last four digits.
  const landline = /^(0\d{2,3})(-)(\d{7,8})$/.exec(v) ?? /^(010|02\d|0\d{3})()(\d{7,8})$/.exec(v);
  if (landline) {
    const [, area, dash, local] = landline;
    return `${area}${dash}${'*'.repeat(local.length - 4)}${local.slice(-4)}`;
  }
  if (v.length >= 11) return `${v.slice(0, 3)}****${v.slice(-4)}`;
  // Anything shorter still hides all but its last two characters.
  return v.length > 2 ? `${'*'.repeat(v.length - 2)}${v.slice(-2)}` : '**';
}

/** 18-character ID → first 6, stars, last 4. */
export function maskIdNumber(v: string | null | undefined): string {
  if (!v) return '';
  if (v.length < 10) return v;
  return `${v.slice(0, 6)}${'*'.repeat(v.length - 10)}${v.slice(-4)}`;
}

/** 刚刚 under 30 s, N分钟前 under an hour, N小时前 under a day, else the date. */
export function relativeTime(v: Date | string | number, now: Date = new Date()): string {
  const diff = (now.getTime() - new Date(v).getTime()) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < 3600) return `${Math.max(1, Math.floor(diff / 60))}分钟前`;
  if (diff < 86400) return `${Math.floor(diff / 3600)}小时前`;
  return formatDateTime(v);
}

// ---------------------------------------------------------------- files (doc 000 §5)

export const IMAGE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'gif'] as const;
export const ATTACHMENT_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'zip', 'rar'] as const;
export const IMPORT_EXTENSIONS = ['xls', 'xlsx'] as const;
export const DEFAULT_UPLOAD_MB = 5;
export const IMPORT_LIMIT_MB = 10;
export const DISPLAY_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'svg', 'ico', 'bmp'];
export const fileExtension = (name: string) =>
  name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
