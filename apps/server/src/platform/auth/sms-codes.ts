import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { smsCode } from '../db/tables.ts';
import { badRequest, tooManyRequests } from '../errors.ts';
import type { Platform } from '../platform.ts';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_MAX_TRIES = 5;

const digest = (phone: string, purpose: string, code: string) =>
  createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');

const PURPOSE_TEXT: Record<string, string> = {
  register: '注册账号',
  resetPsw: '找回密码',
  editPhone: '更换手机号',
};

/**
 * Sends a 6-digit code: one per phone and purpose per 60 s, valid for 5 minutes. The 60 s are
 * decided under a transaction-scoped advisory lock on the phone and purpose, so concurrent requests
 * send one code. `message` writes the text (null: keep the code, send nothing), so that a request
 * that must not reveal whether a phone is registered answers, and is limited, like any other.
 */
export async function sendSmsCode(
  platform: Platform,
  phone: string,
  purpose: string,
  message: ((code: string) => string) | null = (code) =>
    `【电梯云监管平台】您正在${PURPOSE_TEXT[purpose] ?? '进行验证'}，验证码 ${code}，5 分钟内有效。请勿告诉他人。`,
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await platform.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms:${phone}:${purpose}`}, 0))`);
    const [last] = await tx
      .select({ createdAt: smsCode.createdAt })
      .from(smsCode)
      .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose)))
      .orderBy(desc(smsCode.createdAt))
      .limit(1);
    if (last) {
      const wait = SMS_RESEND_MS - (Date.now() - last.createdAt.getTime());
      if (wait > 0) throw tooManyRequests(`验证码发送过于频繁，请 ${Math.ceil(wait / 1000)} 秒后再试`);
    }
    await tx.insert(smsCode).values({
      phone,
      purpose,
      codeHash: digest(phone, purpose, code),
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + SMS_CODE_TTL_MS),
    });
  });
  if (message) await platform.sms.send(phone, message(code));
}

/**
 * Checks and consumes the newest code for the phone and purpose. The try is used up first, by one
 * UPDATE on the code's row (attempts + 1 while under five, still open and unexpired), and only a try
 * that got through is compared: however many arrive at once, at most five are ever evaluated. A
 * failed request keeps its try (no transaction undoes it).
 */
export async function consumeSmsCode(platform: Platform, phone: string, purpose: string, code: string) {
  const { db } = platform;
  const newest = db
    .select({ id: smsCode.id })
    .from(smsCode)
    .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose)))
    .orderBy(desc(smsCode.createdAt), desc(smsCode.id))
    .limit(1);
  const [tried] = await db
    .update(smsCode)
    .set({ attempts: sql`${smsCode.attempts} + 1` })
    .where(
      and(
        eq(smsCode.id, sql`(${newest})`),
        isNull(smsCode.consumedAt),
        gt(smsCode.expiresAt, sql`now()`),
        lt(smsCode.attempts, SMS_MAX_TRIES),
      ),
    )
    .returning({ id: smsCode.id, codeHash: smsCode.codeHash, attempts: smsCode.attempts });
  if (!tried) {
    // Why it was refused, read only to choose the message.
    const [row] = await db
      .select({ attempts: smsCode.attempts, consumedAt: smsCode.consumedAt })
      .from(smsCode)
      .where(eq(smsCode.id, sql`(${newest})`));
    if (row && row.consumedAt === null && row.attempts >= SMS_MAX_TRIES) {
      throw badRequest('验证码错误次数过多，请重新获取');
    }
    throw badRequest('验证码已失效，请重新获取');
  }
  if (tried.codeHash !== digest(phone, purpose, code)) {
    const left = SMS_MAX_TRIES - tried.attempts;
    throw badRequest(left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，请重新获取');
  }
  const consumed = await db
    .update(smsCode)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsCode.id, tried.id), isNull(smsCode.consumedAt)))
    .returning({ id: smsCode.id });
  if (consumed.length === 0) throw badRequest('验证码已使用，请重新获取');
}
