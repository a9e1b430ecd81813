import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../access.ts';
import type { Queryable } from '../db/client.ts';
import { sysFile } from '../db/tables.ts';

/**
 * Records of one module that reference stored files. `readable` is the SQL condition that holds when
 * a record of the module the user may read (by the module's own data scope) references the file
 * `file` names: the id being read (a parameter) or the `sys_file.id` column. It is an `exists (…)`
 * over an index on the referencing column, so checking it costs an index probe. The platform knows
 * no domain: modules register their references (`registerFileReference`, from their index.ts) and
 * the file calls consult all of them in the one query that reads the file.
 */
export interface FileReference {
  /** What references the files, e.g. 'elevator-attachment'; one registration per name. */
  name: string;
  readable(user: AuthUser, file: SQL | AnyColumn): SQL;
}

const references = new Map<string, FileReference>();

/** Registers a module's file references (again under the same name replaces the earlier one). */
export function registerFileReference(...refs: FileReference[]) {
  for (const ref of refs) references.set(ref.name, ref);
}

/** The registered references, for tests and diagnostics. */
export const fileReferences = (): FileReference[] => [...references.values()];

/**
 * The files a user may read, as a condition on `sys_file`: its owners (the uploader and the
 * uploader's organisation), and whoever may read a record that references it. A reference that
 * leaves the user's scope (an elevator unbound from the company, a claim withdrawn) no longer opens
 * the file. Reading one file, pass its id: each reference is then checked once, by its index, rather
 * than per row (which the planner may turn into a hash of every file a regulator's area references).
 */
export function fileReadable(user: AuthUser, id?: string): SQL {
  const file = id === undefined ? sysFile.id : sql`${id}::uuid`;
  return or(
    eq(sysFile.uploaderId, user.id),
    user.companyId === null ? undefined : eq(sysFile.ownerCompanyId, user.companyId),
    ...fileReferences().map((r) => r.readable(user, file)),
  )!;
}

/** Which of `ids` exist and the user may read (in one query). */
export async function readableFileIds(q: Queryable, user: AuthUser, ids: string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return new Set();
  const rows = await q
    .select({ id: sysFile.id })
    .from(sysFile)
    .where(and(inArray(sysFile.id, wanted), fileReadable(user)));
  return new Set(rows.map((r) => r.id));
}
