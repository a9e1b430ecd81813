import { eq, sql } from 'drizzle-orm';
import type { Queryable } from './client.ts';
import { upgradeDone } from './tables.ts';

/**
 * Runs a data upgrade once per installation: the first start claims `key` (an insert into
 * upgrade_done, whose primary key decides: of starts racing on one database one claims it, the
 * others wait for its transaction and then find the key), runs `upgrade` in the same transaction
 * and records its result; every later start costs one primary-key insert that conflicts. A failed
 * upgrade rolls its claim back with it, so the next start tries again. Returns the upgrade's result,
 * or null when it was done before.
 */
export async function runOnce(
  db: Queryable,
  key: string,
  upgrade: (db: Queryable) => Promise<number>,
): Promise<number | null> {
  const claimed = await db
    .insert(upgradeDone)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: upgradeDone.key });
  if (claimed.length === 0) return null;
  const result = await upgrade(db);
  await db.update(upgradeDone).set({ result, doneAt: sql`now()` }).where(eq(upgradeDone.key, key));
  return result;
}
