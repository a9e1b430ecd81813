import { and, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { sysUserIdentifier } from '../db/tables.ts';
import { type AppError, conflict } from '../errors.ts';

/*
 * One value (a user name, a phone, a past one) names one account. The database decides: the primary
 * key of sys_user_identifier, kept by a trigger on sys_user (migration 0009) for every writer of
 * accounts (registration, the user pages, phone changes, the parties' worker accounts, the seeds).
 * A clash raises unique_violation inside the account's own INSERT or UPDATE; the functions below turn
 * it into a 409 a person can act on.
 */

/**
 * The account a sign-in name resolves to (a current user name or phone; a past one is reserved but
 * signs nobody in), as a subquery for the statement that uses it.
 */
export const accountNamed = (db: Queryable, value: string) =>
  db
    .select({ userId: sysUserIdentifier.userId })
    .from(sysUserIdentifier)
    .where(and(eq(sysUserIdentifier.value, value), ne(sysUserIdentifier.kind, 'past')));

/** Whether any account (now or in the past) is named by this value. */
export async function identifierTaken(db: Queryable, value: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: sysUserIdentifier.userId })
    .from(sysUserIdentifier)
    .where(eq(sysUserIdentifier.value, value));
  return Boolean(row);
}

interface PgErrorLike {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  cause?: unknown;
}

const KIND_LABEL: Record<string, string> = { username: '用户名', phone: '手机号' };

/**
 * The 409 for an account write that named a user name or phone another account holds (now or in the
 * past), or null when the error is something else. `messages` may override the text per kind.
 */
export function identifierConflict(
  err: unknown,
  messages: { username?: string; phone?: string } = {},
): AppError | null {
  for (let e = err as PgErrorLike | undefined; e; e = e.cause as PgErrorLike | undefined) {
    if (e.code !== '23505') continue;
    let kind: string | undefined;
    let value = '';
    if (e.constraint === 'sys_user_identifier_pkey' && typeof e.detail === 'string') {
      const at = e.detail.indexOf(':');
      kind = e.detail.slice(0, at);
      value = e.detail.slice(at + 1);
    } else if (e.constraint === 'sys_user_username_uq' || e.constraint === 'sys_user_phone_uq') {
      kind = e.constraint === 'sys_user_phone_uq' ? 'phone' : 'username';
      // PostgreSQL's own detail: Key (username)=(value) already exists.
      value = (typeof e.detail === 'string' && /\)=\((.*)\) already exists/.exec(e.detail)?.[1]) || '';
    } else {
      return null;
    }
    const own = kind === 'phone' ? messages.phone : messages.username;
    if (own) return conflict(own);
    // A mobile number is told as one, whichever field holds it (a registered account's user name is its phone).
    const label = /^1\d{10}$/.test(value) ? '手机号' : (KIND_LABEL[kind] ?? '用户名或手机号');
    return conflict(value ? `${label} ${value} 已被其他账号使用` : `${label}已被其他账号使用`);
  }
  return null;
}

/** Runs an account write, turning an identifier clash into its 409. */
export async function refusingIdentifierClash<T>(
  write: () => Promise<T>,
  messages?: { username?: string; phone?: string },
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw identifierConflict(err, messages) ?? err;
  }
}
