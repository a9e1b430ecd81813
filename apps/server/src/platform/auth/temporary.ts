import { randomInt } from 'node:crypto';
import { authCalls, type Call, hashPassword, isWeakPassword } from '@ec/contract';
import type { AuthUser } from '../access.ts';
import { forbidden } from '../errors.ts';
import { hashSecret } from './passwords.ts';

/*
 * A password someone else chose for the account (an administrator creating or resetting a user, a
 * company opening a worker's account) is temporary: it signs in, and then only the password change,
 * the user's own info and logout answer until the holder sets a password of their own.
 */

export const PASSWORD_CHANGE_REQUIRED = '您正在使用临时密码，请先修改密码后再使用系统';

const PASSWORD_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
const PASSWORD_DIGITS = '23456789';

/** A readable one-time password with letters and digits, never one of the weak ones. */
export function oneTimePassword(length = 10): string {
  const all = PASSWORD_LETTERS + PASSWORD_DIGITS;
  for (;;) {
    const chars = Array.from({ length }, () => all[randomInt(all.length)]);
    chars[randomInt(length)] = PASSWORD_DIGITS[randomInt(PASSWORD_DIGITS.length)];
    const withDigit = chars.join('');
    if (/[A-Za-z]/.test(withDigit) && /\d/.test(withDigit) && !isWeakPassword(withDigit)) return withDigit;
  }
}

/**
 * A one-time password to show or send once, and the sys_user columns that store it as temporary:
 * spread `columns` into the account's insert or update.
 */
export async function temporaryPassword() {
  const password = oneTimePassword();
  return {
    password,
    columns: { passwordHash: await hashSecret(hashPassword(password)), passwordTemporary: true },
  };
}

/** The calls a user holding a temporary password may make. */
const OPEN_WITH_TEMPORARY_PASSWORD = new Set<Call>([
  authCalls.modifyPsw,
  authCalls.getUserInfo,
  authCalls.logout,
]);

/** Refuses (403) every other call while the user's password is temporary. */
export function assertPasswordSettled(user: AuthUser, call: Call) {
  if (user.mustChangePassword && !OPEN_WITH_TEMPORARY_PASSWORD.has(call)) {
    throw forbidden(PASSWORD_CHANGE_REQUIRED);
  }
}
