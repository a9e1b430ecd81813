import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { sysDictData, sysDictType } from '../../../platform/db/tables.ts';

/** The system dictionary of fault types (故障类型) shared by repairs and the call centre. */
export const HITCH_TYPE_DICT = 'hitch_type';

/**
 * The fault types (hitchTypeList) from the system dictionary `hitch_type`, enabled entries in their
 * order: `value` is the key stored on a repair, `label` its Chinese name.
 */
export function hitchTypes(q: Queryable): Promise<{ value: string; label: string }[]> {
  return q
    .select({ value: sysDictData.key, label: sysDictData.value })
    .from(sysDictData)
    .innerJoin(sysDictType, eq(sysDictType.id, sysDictData.typeId))
    .where(and(eq(sysDictType.code, HITCH_TYPE_DICT), eq(sysDictType.status, 1), eq(sysDictData.status, 1)))
    .orderBy(asc(sysDictData.sort), asc(sysDictData.id));
}

/** The label of one fault type, or null when the key is not an enabled entry of the dictionary. */
export async function hitchTypeLabel(q: Queryable, key: string): Promise<string | null> {
  const [row] = await q
    .select({ label: sysDictData.value })
    .from(sysDictData)
    .innerJoin(sysDictType, eq(sysDictType.id, sysDictData.typeId))
    .where(
      and(
        eq(sysDictType.code, HITCH_TYPE_DICT),
        eq(sysDictType.status, 1),
        eq(sysDictData.status, 1),
        eq(sysDictData.key, key),
      ),
    )
    .limit(1);
  return row?.label ?? null;
}
