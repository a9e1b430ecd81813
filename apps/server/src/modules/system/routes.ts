import { commonCalls, formatDateTime, logoCalls, paramCalls } from '@ec/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { sysArea, sysLogo, sysParam } from '../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { readableFileIds } from '../../platform/files/references.ts';
import { implement } from '../../platform/http/implement.ts';
import { agreementRoutes } from './agreement.ts';
import { dictRoutes } from './dicts.ts';
import { enterpriseRoutes } from './enterprise.ts';
import { menuRoutes } from './menus.ts';
import { officeRoutes } from './offices.ts';
import { oplogRoutes } from './oplog.ts';
import { revealRoutes } from './reveal.ts';
import { roleRoutes } from './roles.ts';
import { userRoutes } from './users.ts';

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

/** A system parameter's value, or null when it is not set. */
export async function paramValue(db: Queryable, configKey: string): Promise<string | null> {
  const [row] = await db
    .select({ value: sysParam.value })
    .from(sysParam)
    .where(eq(sysParam.configKey, configKey));
  return row?.value ?? null;
}

/** Parameters, platform title and logo, and the shared helper calls. */
const platformSettingRoutes = [
  implement(paramCalls.query, async ({ page, limit, configKey, name }, { platform: { db } }) => {
    const filters: SQL[] = [];
    if (configKey) filters.push(ilike(sysParam.configKey, likePattern(configKey)));
    if (name) filters.push(ilike(sysParam.name, likePattern(name)));
    const where = and(...filters);
    const [records, [{ total }]] = await Promise.all([
      db
        .select()
        .from(sysParam)
        .where(where)
        .orderBy(asc(sysParam.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ total: count() }).from(sysParam).where(where),
    ]);
    return { records: records.map(paramRow), total, page, limit };
  }),
  implement(paramCalls.getValue, ({ configKey }, { platform }) => paramValue(platform.db, configKey)),
  implement(paramCalls.save, async (input, { platform: { db } }) => {
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
  }),
  implement(paramCalls.delete, async ({ ids }, { platform: { db } }) => {
    const builtIn = await db
      .select({ key: sysParam.configKey })
      .from(sysParam)
      .where(and(inArray(sysParam.id, ids), eq(sysParam.builtIn, true)));
    if (builtIn.length > 0) throw conflict(`内置参数不能删除：${builtIn.map((b) => b.key).join('、')}`);
    const deleted = await db.delete(sysParam).where(inArray(sysParam.id, ids)).returning({ id: sysParam.id });
    if (deleted.length === 0) throw notFound('参数不存在');
    return null;
  }),

  implement(logoCalls.query, async ({ page, limit, fileType }, { platform: { db } }) => {
    const where = fileType ? eq(sysLogo.fileType, fileType) : undefined;
    const [records, [{ total }]] = await Promise.all([
      db
        .select()
        .from(sysLogo)
        .where(where)
        .orderBy(desc(sysLogo.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ total: count() }).from(sysLogo).where(where),
    ]);
    return { records: records.map(logoRow), total, page, limit };
  }),
  implement(logoCalls.add, async (input, { user, platform: { db } }) => {
    // Every account may read the logo's file (system/files.ts): only a file the actor may read can become it.
    if (input.logoId && !(await readableFileIds(db, user, [input.logoId])).size) {
      throw badRequest('logoId：标识图片不存在，请重新上传', [
        { field: 'logoId', message: '标识图片不存在，请重新上传' },
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
  }),

  implement(commonCalls.health, async (_input, { platform }) => {
    await platform.db.execute('select 1');
    return { status: 'ok' as const, database: platform.dbKind };
  }),
  implement(commonCalls.areaTree, async (_input, { platform: { db } }) => {
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
  }),
  implement(commonCalls.clientError, (input, { req, user }) => {
    // The message leads the line; the stack and the page stay in the record's fields.
    req.log.warn({ clientError: input, userId: user?.id ?? null }, `front-end error: ${input.message}`);
    return null;
  }),
];

/** Every call of the system-settings module. */
export const systemRoutes = [
  ...platformSettingRoutes,
  ...dictRoutes,
  ...userRoutes,
  ...roleRoutes,
  ...menuRoutes,
  ...officeRoutes,
  ...oplogRoutes,
  ...agreementRoutes,
  ...enterpriseRoutes,
  ...revealRoutes,
];
