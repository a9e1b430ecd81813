/**
 * The `enterprise` table has one writer: this module's companies. A company's registry row is
 * written here, whoever asks: a company filing itself or a reviewer adding one (write.ts), a filing
 * state mirrored (kinds.ts), and the platform administrator's 企业管理 page (system/enterprise.ts,
 * through the parties api), which edits the row directly, without a filing. One credit-code rule
 * (checked before the write for a message that names the holder, kept by the unique key when two
 * writes race) and one deletion rule (what still refers to a company keeps it) serve them all.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { conflict } from '../../../platform/errors.ts';

/** A credit code registered twice is refused, naming the company that holds it (`hint` says what to do). */
export async function assertCreditCodeFree(q: Queryable, creditCode: string, exceptId?: number, hint = '') {
  const [clash] = await q
    .select({ id: enterprise.id, name: enterprise.name })
    .from(enterprise)
    .where(eq(enterprise.creditCode, creditCode));
  if (clash && clash.id !== exceptId) {
    throw conflict(`统一社会信用代码 ${creditCode} 已被「${clash.name}」使用${hint}`);
  }
}

/** Runs a write of registry rows; the unique key's refusal (a race the check above lost) is a 409. */
export const guardCreditCode = <T>(creditCode: string, others: string, write: () => Promise<T>) =>
  refusingConflicts(write, { unique: `统一社会信用代码 ${creditCode} 已被其他${others}使用` });

/** The registry fields of a company as the administrator's page edits them. */
export interface RegistryValues {
  name: string;
  creditCode: string;
  kind: string;
  areaCode: string | null;
  address: string | null;
  legalPerson: string | null;
  contactName: string | null;
  contactPhone: string | null;
}

/** Adds a company's registry row (no id) or changes it; answers its id. Run it in the call's transaction. */
export async function writeRegistryRow(q: Queryable, id: number | undefined, values: RegistryValues) {
  return guardCreditCode(values.creditCode, '企业', async () => {
    if (id) {
      await q
        .update(enterprise)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(enterprise.id, id));
      return id;
    }
    const [row] = await q.insert(enterprise).values(values).returning({ id: enterprise.id });
    return row.id;
  });
}

/**
 * Deletes companies' registry rows; a company that records still refer to (lifts, contracts, people…)
 * is refused with `foreignKey`. `unlessPending` keeps a company whose filing awaits audit (its state
 * goes into the DELETE, so a filing submitted meanwhile is not deleted under its reviewer). Answers
 * the ids deleted.
 */
export async function deleteRegistryRows(
  q: Queryable,
  ids: number[],
  o: { foreignKey: string; unlessPending?: boolean },
): Promise<number[]> {
  const deleted = await refusingConflicts(
    () =>
      q
        .delete(enterprise)
        .where(and(inArray(enterprise.id, ids), o.unlessPending ? ne(enterprise.filingState, 2) : undefined))
        .returning({ id: enterprise.id }),
    { foreignKey: o.foreignKey },
  );
  return deleted.map((r) => r.id);
}
