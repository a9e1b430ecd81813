import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
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

/** Sends a 6-digit code: one per phone and purpose per 60 s, valid for 5 minutes. */
export async function sendSmsCode(platform: Platform, phone: string, purpose: string) {
  const { db } = platform;
  const [last] = await db
    .select({ createdAt: smsCode.createdAt })
    .from(smsCode)
    .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose)))
    .orderBy(desc(smsCode.createdAt))
    .limit(1);
  if (last) {
    const wait = SMS_RESEND_MS - (Date.now() - last.createdAt.getTime());
    if (wait > 0) throw tooManyRequests(`验证码发送过于频繁，请 ${Math.ceil(wait / 1000)} 秒后再试`);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(smsCode).values({
    phone,
    purpose,
    codeHash: digest(phone, purpose, code),
    expiresAt: new Date(Date.now() + SMS_CODE_TTL_MS),
  });
  await platform.sms.send(
    phone,
    `【电梯云监管平台】您正在${PURPOSE_TEXT[purpose] ?? '进行验证'}，验证码 ${code}，5 分钟内有效。请勿告诉他人。`,
  );
}

/**
 * Checks and consumes the newest code for the phone and purpose. Wrong tries are counted outside
 * any transaction, so a failed request still uses one of the five.
 */
export async function consumeSmsCode(platform: Platform, phone: string, purpose: string, code: string) {
  const { db } = platform;
  const [row] = await db
    .select()
    .from(smsCode)
    .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose), isNull(smsCode.consumedAt)))
    .orderBy(desc(smsCode.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() < Date.now()) throw badRequest('验证码已失效，请重新获取');
  if (row.attempts >= SMS_MAX_TRIES) throw badRequest('验证码错误次数过多，请重新获取');
  if (row.codeHash !== digest(phone, purpose, code)) {
    await db
      .update(smsCode)
      .set({ attempts: row.attempts + 1 })
      .where(eq(smsCode.id, row.id));
    const left = SMS_MAX_TRIES - row.attempts - 1;
    throw badRequest(left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，请重新获取');
  }
  const consumed = await db
    .update(smsCode)
    .set({ consumedAt: new Date() })
    .where(and(eq(smsCode.id, row.id), isNull(smsCode.consumedAt)))
    .returning({ id: smsCode.id });
  if (consumed.length === 0) throw badRequest('验证码已使用，请重新获取');
}
