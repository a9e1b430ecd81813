/** `%term%` for ILIKE with the user's % and _ taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows of a raw `execute` result; node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The constraint a unique violation hit (node-postgres and PGlite, wrapped by drizzle or not), else null. */
export function uniqueViolation(err: unknown): string | null {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}
