import type { CallParsedInput } from '@ec/contract';
import { type dictAdminCalls, formatDateTime } from '@ec/contract';
import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { refusingConflicts } from '../../platform/db/conflicts.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { sysDictData, sysDictType } from '../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { correlatedCount, nameSome } from './shared.ts';

const valueCount = correlatedCount(sysDictData.typeId, sysDictType.id).as('value_count');

const typeView = (r: typeof sysDictType.$inferSelect, values: number) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  remark: r.remark,
  status: r.status,
  valueCount: values,
  createTime: formatDateTime(r.createdAt),
});

const dataView = (r: typeof sysDictData.$inferSelect, typeCode: string) => ({
  id: r.id,
  typeId: r.typeId,
  typeCode,
  key: r.key,
  value: r.value,
  sort: r.sort,
  status: r.status,
  createTime: formatDateTime(r.createdAt),
});

async function typeOf(q: Queryable, id: number) {
  const [row] = await q
    .select({ type: sysDictType, valueCount })
    .from(sysDictType)
    .where(eq(sysDictType.id, id));
  if (!row) throw notFound('字典类型不存在');
  return typeView(row.type, row.valueCount);
}

/** Every enabled dictionary with its enabled values, as the pages load them once. */
export async function allDictionaries(db: Queryable) {
  const rows = await db
    .select({
      code: sysDictType.code,
      name: sysDictType.name,
      key: sysDictData.key,
      value: sysDictData.value,
    })
    .from(sysDictType)
    .leftJoin(sysDictData, and(eq(sysDictData.typeId, sysDictType.id), eq(sysDictData.status, 1)))
    .where(eq(sysDictType.status, 1))
    .orderBy(asc(sysDictType.id), asc(sysDictData.sort), asc(sysDictData.id));
  const byCode = new Map<string, { code: string; name: string; childs: { key: string; value: string }[] }>();
  for (const r of rows) {
    let entry = byCode.get(r.code);
    if (!entry) {
      entry = { code: r.code, name: r.name, childs: [] };
      byCode.set(r.code, entry);
    }
    if (r.key !== null && r.value !== null) entry.childs.push({ key: r.key, value: r.value });
  }
  return [...byCode.values()];
}

export async function listDictTypes(
  db: Queryable,
  { page, limit, code, name, status }: CallParsedInput<typeof dictAdminCalls.typeQuery>,
) {
  const filters: SQL[] = [];
  if (code) filters.push(ilike(sysDictType.code, likePattern(code)));
  if (name) filters.push(ilike(sysDictType.name, likePattern(name)));
  if (status !== undefined) filters.push(eq(sysDictType.status, status));
  const where = and(...filters);
  return paginate(
    db,
    { page, limit },
    (w) =>
      db
        .select({ type: sysDictType, valueCount })
        .from(sysDictType)
        .where(where)
        .orderBy(asc(sysDictType.id))
        .limit(w.limit)
        .offset(w.offset),
    { from: sysDictType, where },
    (r) => typeView(r.type, r.valueCount),
  );
}

export async function listDictValues(db: Queryable, input: CallParsedInput<typeof dictAdminCalls.dataQuery>) {
  const filters: SQL[] = [];
  if (input.typeId) filters.push(eq(sysDictData.typeId, input.typeId));
  if (input.typeCode) filters.push(eq(sysDictType.code, input.typeCode));
  if (input.key) filters.push(ilike(sysDictData.key, likePattern(input.key)));
  if (input.value) filters.push(ilike(sysDictData.value, likePattern(input.value)));
  if (input.status !== undefined) filters.push(eq(sysDictData.status, input.status));
  const where = and(...filters);
  return paginate(
    db,
    input,
    (w) =>
      db
        .select({ data: sysDictData, typeCode: sysDictType.code })
        .from(sysDictData)
        .innerJoin(sysDictType, eq(sysDictType.id, sysDictData.typeId))
        .where(where)
        .orderBy(asc(sysDictData.typeId), asc(sysDictData.sort), asc(sysDictData.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      // The type code filter needs the join in the count too.
      const [{ total }] = await db
        .select({ total: count() })
        .from(sysDictData)
        .innerJoin(sysDictType, eq(sysDictType.id, sysDictData.typeId))
        .where(where);
      return total;
    },
    (r) => dataView(r.data, r.typeCode),
  );
}

export async function saveDictType(db: Queryable, input: CallParsedInput<typeof dictAdminCalls.typeSave>) {
  const [clash] = await db
    .select({ name: sysDictType.name })
    .from(sysDictType)
    .where(and(eq(sysDictType.code, input.code), input.id ? ne(sysDictType.id, input.id) : undefined));
  if (clash) throw conflict(`字典编码 ${input.code} 已被「${clash.name}」使用`);
  // A change keeps what the request does not send; a new type is enabled.
  const [current] = input.id ? await db.select().from(sysDictType).where(eq(sysDictType.id, input.id)) : [];
  const values = {
    code: input.code,
    name: input.name,
    remark: input.remark === undefined ? (current?.remark ?? null) : input.remark || null,
    status: input.status ?? current?.status ?? 1,
  };
  const id = await refusingConflicts(
    async () => {
      if (input.id) {
        const [row] = await db
          .update(sysDictType)
          .set(values)
          .where(eq(sysDictType.id, input.id))
          .returning({ id: sysDictType.id });
        if (!row) throw notFound('字典类型不存在');
        return row.id;
      }
      const [row] = await db.insert(sysDictType).values(values).returning({ id: sysDictType.id });
      return row.id;
    },
    { unique: `字典编码 ${input.code} 已存在` },
  );
  return typeOf(db, id);
}

export async function saveDictValue(db: Queryable, input: CallParsedInput<typeof dictAdminCalls.dataSave>) {
  const [type] = await db.select().from(sysDictType).where(eq(sysDictType.id, input.typeId));
  if (!type) throw badRequest('字典类型不存在', [{ field: 'typeId', message: '字典类型不存在' }]);
  const [clash] = await db
    .select({ id: sysDictData.id })
    .from(sysDictData)
    .where(
      and(
        eq(sysDictData.typeId, input.typeId),
        eq(sysDictData.key, input.key),
        input.id ? ne(sysDictData.id, input.id) : undefined,
      ),
    );
  const duplicate = `字典键 ${input.key} 在「${type.name}」中已存在`;
  if (clash) throw conflict(duplicate);
  // A change keeps what the request does not send; a new value is first and enabled.
  const [current] = input.id ? await db.select().from(sysDictData).where(eq(sysDictData.id, input.id)) : [];
  const values = {
    typeId: input.typeId,
    key: input.key,
    value: input.value,
    sort: input.sort ?? current?.sort ?? 0,
    status: input.status ?? current?.status ?? 1,
  };
  const row = await refusingConflicts(
    async () => {
      if (input.id) {
        const [updated] = await db
          .update(sysDictData)
          .set(values)
          .where(eq(sysDictData.id, input.id))
          .returning();
        if (!updated) throw notFound('字典值不存在');
        return updated;
      }
      const [created] = await db.insert(sysDictData).values(values).returning();
      return created;
    },
    { unique: duplicate },
  );
  return dataView(row, type.code);
}

/** Deletes dictionary types that have no values left. */
export async function deleteDictTypes(
  db: Queryable,
  { ids }: CallParsedInput<typeof dictAdminCalls.typeDelete>,
) {
  const types = await db
    .select({ type: sysDictType, valueCount })
    .from(sysDictType)
    .where(inArray(sysDictType.id, ids));
  if (types.length !== new Set(ids).size) throw notFound('字典类型不存在');
  for (const { type, valueCount: n } of types) {
    if (n > 0) {
      const values = await db
        .select({ value: sysDictData.value })
        .from(sysDictData)
        .where(eq(sysDictData.typeId, type.id))
        .orderBy(asc(sysDictData.sort), asc(sysDictData.id))
        .limit(4);
      throw conflict(
        `字典类型「${type.name}」下还有 ${n} 个字典值（${nameSome(values.map((v) => v.value))}），请先删除这些字典值`,
      );
    }
  }
  await refusingConflicts(() => db.delete(sysDictType).where(inArray(sysDictType.id, ids)), {
    foreignKey: '字典类型下还有字典值，请先删除这些字典值',
  });
  return null;
}

export async function deleteDictValues(
  db: Queryable,
  { ids }: CallParsedInput<typeof dictAdminCalls.dataDelete>,
) {
  const deleted = await db
    .delete(sysDictData)
    .where(inArray(sysDictData.id, ids))
    .returning({ id: sysDictData.id });
  if (deleted.length === 0) throw notFound('字典值不存在');
  return null;
}
