import { identifierConflict } from '../auth/identifiers.ts';
import { conflict } from '../errors.ts';

/** The PostgreSQL error code of a failed query (node-postgres and PGlite, wrapped by drizzle or not). */
export function dbErrorCode(err: unknown): string | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

/**
 * Runs a write and turns the database's unique and foreign-key refusals into 409 messages: the
 * constraint decides (a check before the write would race), this says so in Chinese.
 */
export async function refusingConflicts<T>(
  write: () => Promise<T>,
  messages: { unique?: string; foreignKey?: string },
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    // A user name or phone that names another account is told as such (platform/auth/identifiers.ts).
    const clash = identifierConflict(err);
    if (clash) throw clash;
    const code = dbErrorCode(err);
    if (code === '23505' && messages.unique) throw conflict(messages.unique);
    if (code === '23503' && messages.foreignKey) throw conflict(messages.foreignKey);
    throw err;
  }
}
