import type { CallParsedInput } from '@ec/contract';
import { formatDateTime, type logoCalls, type paramCalls } from '@ec/contract';
import { and, asc, desc, eq, ilike, inArray, like, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { sysArea, sysFile, sysLogo, sysParam } from '../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';

const paramRow = (r: typeof sysParam.$inferSelect) => ({
  id: r.id,
  configKey: r.configKey,
  value: r.value,
  name: r.name,
  remark: r.remark,
  updateTime: formatDateTime(r.updatedAt),
});

const logoRow = (r: typeof sysLogo.$inferSelect) => ({
  id: r.id,
  title: r.title,
  logoId: r.logoId,
  fileType: r.fileType,
  createTime: formatDateTime(r.createdAt),
});

export { paramValue } from '../../platform/params.ts';

export async function listParams(
  db: Queryable,
  { page, limit, configKey, name }: CallParsedInput<typeof paramCalls.query>,
) {
  const filters: SQL[] = [];
  if (configKey) filters.push(ilike(sysParam.configKey, likePattern(configKey)));
  if (name) filters.push(ilike(sysParam.name, likePattern(name)));
  const where = and(...filters);
  return paginate(
    db,
    { page, limit },
    (w) => db.select().from(sysParam).where(where).orderBy(asc(sysParam.id)).limit(w.limit).offset(w.offset),
    { from: sysParam, where },
    paramRow,
  );
}

export async function saveParam(db: Queryable, input: CallParsedInput<typeof paramCalls.save>) {
  const values = {
    configKey: input.configKey,
    value: input.value,
    name: input.name,
    remark: input.remark ?? null,
  };
  const [clash] = await db
    .select({ id: sysParam.id })
    .from(sysParam)
    .where(eq(sysParam.configKey, input.configKey));
  if (clash && clash.id !== input.id) throw conflict(`参数键 ${input.configKey} 已存在`);
  if (input.id) {
    const [row] = await db
      .update(sysParam)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sysParam.id, input.id))
      .returning();
    if (!row) throw notFound('参数不存在');
    return paramRow(row);
  }
  const [row] = await db.insert(sysParam).values(values).onConflictDoNothing().returning();
  if (!row) throw conflict(`参数键 ${input.configKey} 已存在`);
  return paramRow(row);
}

/** Deletes parameters; built-in ones stay. */
export async function deleteParams(db: Queryable, { ids }: CallParsedInput<typeof paramCalls.delete>) {
  const builtIn = await db
    .select({ key: sysParam.configKey })
    .from(sysParam)
    .where(and(inArray(sysParam.id, ids), eq(sysParam.builtIn, true)));
  if (builtIn.length > 0) throw conflict(`内置参数不能删除：${builtIn.map((b) => b.key).join('、')}`);
  const deleted = await db.delete(sysParam).where(inArray(sysParam.id, ids)).returning({ id: sysParam.id });
  if (deleted.length === 0) throw notFound('参数不存在');
  return null;
}

export async function listLogos(
  db: Queryable,
  { page, limit, fileType }: CallParsedInput<typeof logoCalls.query>,
) {
  const where = fileType ? eq(sysLogo.fileType, fileType) : undefined;
  return paginate(
    db,
    { page, limit },
    (w) => db.select().from(sysLogo).where(where).orderBy(desc(sysLogo.id)).limit(w.limit).offset(w.offset),
    { from: sysLogo, where },
    logoRow,
  );
}

export async function addLogo(db: Queryable, user: AuthUser, input: CallParsedInput<typeof logoCalls.add>) {
  // Every account may read the logo's file (system/files.ts): only an image the actor uploaded can
  // become it, never a file the actor merely may read (another party's filing scan, say).
  if (input.logoId) {
    const [own] = await db
      .select({ id: sysFile.id })
      .from(sysFile)
      .where(
        and(eq(sysFile.id, input.logoId), eq(sysFile.uploaderId, user.id), like(sysFile.mime, 'image/%')),
      );
    if (!own)
      throw badRequest('logoId：标识图片不存在或不是您上传的图片，请重新上传', [
        { field: 'logoId', message: '标识图片不存在或不是您上传的图片，请重新上传' },
      ]);
  }
  const [row] = await db
    .insert(sysLogo)
    .values({
      title: input.title,
      logoId: input.logoId ?? null,
      fileType: input.fileType,
      createdBy: user.id,
    })
    .returning();
  return logoRow(row);
}

/** Whether the database answers. */
export async function health(platform: Platform) {
  await platform.db.execute('select 1');
  return { status: 'ok' as const, database: platform.dbKind };
}

/** The administrative areas as a tree. */
export async function areaTree(db: Queryable) {
  const rows = await db.select().from(sysArea).orderBy(asc(sysArea.sort), asc(sysArea.code));
  type Node = { value: string; label: string; children?: Node[] };
  const nodes = new Map<string, Node>(rows.map((r) => [r.code, { value: r.code, label: r.name }]));
  const roots: Node[] = [];
  for (const r of rows) {
    const node = nodes.get(r.code)!;
    const parent = r.parentCode ? nodes.get(r.parentCode) : undefined;
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}
