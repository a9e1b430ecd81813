/** System parameters (参数设置, sys_param) as the modules read them: a value, a number or a list. */
import { eq } from 'drizzle-orm';
import type { Queryable } from './db/client.ts';
import { sysParam } from './db/tables.ts';

/** A system parameter's value, or null when it is not set. */
export async function paramValue(db: Queryable, configKey: string): Promise<string | null> {
  const [row] = await db
    .select({ value: sysParam.value })
    .from(sysParam)
    .where(eq(sysParam.configKey, configKey));
  return row?.value ?? null;
}

/** A numeric parameter; the default when it is missing or not a non-negative number. */
export async function paramNumber(db: Queryable, configKey: string, fallback: number): Promise<number> {
  const v = Number((await paramValue(db, configKey))?.trim() || Number.NaN);
  return Number.isFinite(v) && v >= 0 ? v : fallback;
}

/** A list parameter written with commas (、 and ， too); the default when missing or empty. */
export async function paramList(db: Queryable, configKey: string, fallback: string[]): Promise<string[]> {
  const v = await paramValue(db, configKey);
  const list = (v ?? '')
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 ? list : fallback;
}
