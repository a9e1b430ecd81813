import {
  type adUserCalls,
  type CallParsedInput,
  formatDateTime,
  maskPhone,
  WX_USER_KIND,
  WX_USER_KIND_LABEL,
  type WxUserDetail,
  type WxUserFilters,
  type WxUserRow,
} from '@ec/contract';
import { type AnyColumn, and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, scopeCondition } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { readableFileIds } from '../../../platform/files/references.ts';
import { storeUploads } from '../../../platform/files/service.ts';
import { sameNumber, shownPhone, unmasked } from '../../../platform/masking.ts';
import type { Platform } from '../../../platform/platform.ts';
import { STALE_MESSAGE } from '../../../platform/workflow.ts';
import { adCustom } from '../customers/tables.ts';
import { adTaskLog } from '../tasks/tables.ts';
import { adWxUser } from './tables.ts';

type Add = CallParsedInput<typeof adUserCalls.addXcxUser>;
type Update = CallParsedInput<typeof adUserCalls.updateXcxUser>;

const MISSING = '小程序用户不存在或无权访问';

/** An operator's own accounts; the platform all; nobody else any. */
export const wxUserScope = (user: AuthUser): SQL => scopeCondition(user, { company: adWxUser.operatorId });

const account = alias(sysUser, 'wx_account');

const columns = {
  u: adWxUser,
  operatorName: enterprise.name,
  customerName: adCustom.name,
  userName: account.realName,
};

function baseQuery(db: Queryable) {
  return db
    .select(columns)
    .from(adWxUser)
    .leftJoin(enterprise, eq(enterprise.id, adWxUser.operatorId))
    .leftJoin(adCustom, eq(adCustom.id, adWxUser.customerId))
    .leftJoin(account, eq(account.id, adWxUser.userId));
}

type Joined = Awaited<ReturnType<typeof baseQuery>>[number];

function rowOf(viewer: AuthUser, j: Joined): WxUserRow {
  const u = j.u;
  return {
    id: u.id,
    operatorId: u.operatorId,
    operatorName: j.operatorName,
    kind: u.kind,
    kindLabel: WX_USER_KIND_LABEL[u.kind] ?? String(u.kind),
    name: u.name,
    phone: shownPhone(viewer, { userId: u.userId }, u.phone) ?? '',
    openId: u.openId,
    customerId: u.customerId,
    customerName: j.customerName,
    userId: u.userId,
    userName: j.userName,
    avatarFileId: u.avatarFileId,
    enabled: u.enabled,
    remark: u.remark,
    createTime: formatDateTime(u.createdAt),
    version: u.version,
  };
}

function filtersOf(user: AuthUser, f: WxUserFilters): SQL | undefined {
  const conds: (SQL | undefined)[] = [wxUserScope(user)];
  if (f.kind) conds.push(eq(adWxUser.kind, Number(f.kind)));
  if (f.customerId) conds.push(eq(adWxUser.customerId, Number(f.customerId)));
  if (f.enabled) conds.push(eq(adWxUser.enabled, f.enabled === 'true'));
  if (f.keyword) {
    conds.push(or(ilike(adWxUser.name, likePattern(f.keyword)), sameNumber(adWxUser.phone, f.keyword)));
  }
  return and(...conds);
}

export function listWxUsers(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<typeof adUserCalls.getXcxUserList>,
) {
  const where = filtersOf(user, f);
  return paginate(
    db,
    f,
    ({ limit, offset }) => baseQuery(db).where(where).orderBy(desc(adWxUser.id)).limit(limit).offset(offset),
    { from: adWxUser, where },
    (j) => rowOf(user, j),
  );
}

export async function wxUserDetail(db: Queryable, user: AuthUser, id: number): Promise<WxUserDetail> {
  const [j] = await baseQuery(db).where(and(eq(adWxUser.id, id), wxUserScope(user)));
  if (!j) throw notFound(MISSING);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adTaskLog)
    .where(eq(adTaskLog.workerId, id));
  return { ...rowOf(user, j), logCount: n?.n ?? 0 };
}

/** The operator the record belongs to: the caller's own company, or the one the platform names. */
async function operatorOf(db: Queryable, user: AuthUser, named?: number): Promise<number> {
  if (user.dataScope !== 'all') {
    if (user.companyId === null) throw badRequest('当前账号不属于广告运营商');
    return user.companyId;
  }
  if (!named) throw badRequest('请选择广告运营商', [{ field: 'operatorId', message: '请选择广告运营商' }]);
  const [c] = await db.select({ kind: enterprise.kind }).from(enterprise).where(eq(enterprise.id, named));
  if (!c || c.kind !== 'ad')
    throw badRequest('所选单位不是广告运营商', [{ field: 'operatorId', message: '请选择广告运营商' }]);
  return named;
}

/** The bindings must be the operator's: its customer, an account of its company, a photo the caller may read. */
async function checkBindings(
  db: Queryable,
  user: AuthUser,
  operatorId: number,
  v: { kind: number; customerId?: number | null; userId?: number | null; avatarFileId?: string | null },
) {
  if (v.kind === WX_USER_KIND.customer && v.customerId) {
    const [c] = await db
      .select({ id: adCustom.id })
      .from(adCustom)
      .where(and(eq(adCustom.id, v.customerId), eq(adCustom.companyId, operatorId)));
    if (!c)
      throw badRequest('所选广告客户不存在或不属于该运营商', [
        { field: 'customerId', message: '请选择本运营商的客户' },
      ]);
  }
  if (v.kind === WX_USER_KIND.worker && v.userId) {
    const [u] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.id, v.userId), eq(sysUser.companyId, operatorId)));
    if (!u)
      throw badRequest('所选系统账号不存在或不属于该运营商', [
        { field: 'userId', message: '请选择本运营商的账号' },
      ]);
  }
  if (v.avatarFileId) {
    const ok = await readableFileIds(db, user, [v.avatarFileId]);
    if (!ok.has(v.avatarFileId))
      throw badRequest('照片不存在或无权使用', [{ field: 'avatarFileId', message: '请重新上传照片' }]);
  }
}

const conflicts = { unique: '该手机号、openid 或系统账号已被其他小程序用户使用' };

export async function addWxUser(db: Queryable, user: AuthUser, input: Add): Promise<WxUserDetail> {
  const operatorId = await operatorOf(db, user, input.operatorId);
  const bound = {
    kind: input.kind,
    customerId: input.kind === WX_USER_KIND.customer ? (input.customerId ?? null) : null,
    userId: input.kind === WX_USER_KIND.worker ? (input.userId ?? null) : null,
    avatarFileId: input.avatarFileId || null,
  };
  await checkBindings(db, user, operatorId, bound);
  if (input.phone.includes('*'))
    throw badRequest('请输入完整的手机号', [{ field: 'phone', message: '请输入完整的手机号' }]);
  const [row] = await refusingConflicts(
    () =>
      db
        .insert(adWxUser)
        .values({
          operatorId,
          ...bound,
          name: input.name,
          phone: input.phone,
          openId: input.openId || null,
          enabled: input.enabled ?? true,
          remark: input.remark ?? null,
        })
        .returning({ id: adWxUser.id }),
    conflicts,
  );
  return wxUserDetail(db, user, row.id);
}

export async function updateWxUser(db: Queryable, user: AuthUser, input: Update): Promise<WxUserDetail> {
  const [stored] = await db
    .select()
    .from(adWxUser)
    .where(and(eq(adWxUser.id, input.id), wxUserScope(user)));
  if (!stored) throw notFound(MISSING);
  const bound = {
    kind: input.kind,
    customerId: input.kind === WX_USER_KIND.customer ? (input.customerId ?? null) : null,
    userId: input.kind === WX_USER_KIND.worker ? (input.userId ?? null) : null,
    avatarFileId: input.avatarFileId === undefined ? stored.avatarFileId : input.avatarFileId || null,
  };
  await checkBindings(db, user, stored.operatorId, {
    ...bound,
    avatarFileId: bound.avatarFileId === stored.avatarFileId ? null : bound.avatarFileId,
  });
  const phone =
    unmasked(input.phone, stored.phone, maskPhone, { name: 'phone', label: '手机号' }) ?? stored.phone;
  const rows = await refusingConflicts(
    () =>
      db
        .update(adWxUser)
        .set({
          ...bound,
          name: input.name,
          phone,
          openId: input.openId === undefined ? stored.openId : input.openId || null,
          enabled: input.enabled ?? stored.enabled,
          remark: input.remark === undefined ? stored.remark : input.remark,
          version: sql`${adWxUser.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(adWxUser.id, input.id), eq(adWxUser.version, input.version)))
        .returning({ id: adWxUser.id }),
    conflicts,
  );
  if (rows.length === 0) throw conflict(STALE_MESSAGE);
  return wxUserDetail(db, user, input.id);
}

/** `POST /wx/upload?id=`: the account's photo (jpg / png / gif), stored through the platform's files. */
export async function uploadWxUserPhoto(
  platform: Platform,
  req: FastifyRequest,
  user: AuthUser,
  id: number,
): Promise<WxUserDetail> {
  const db = platform.db;
  const [stored] = await db
    .select({ id: adWxUser.id })
    .from(adWxUser)
    .where(and(eq(adWxUser.id, id), wxUserScope(user)));
  if (!stored) throw notFound(MISSING);
  const [file] = await storeUploads(platform, req, user, {
    extensions: ['jpg', 'jpeg', 'png', 'gif'],
    maxFiles: 1,
    useParamLimit: true,
  });
  // The account as it is now, in scope: one deleted or moved meanwhile is a 404 (the upload stays the
  // uploader's, unreferenced, as any upload whose form was abandoned).
  const written = await db
    .update(adWxUser)
    .set({ avatarFileId: file.id, version: sql`${adWxUser.version} + 1`, updatedAt: new Date() })
    .where(and(eq(adWxUser.id, id), wxUserScope(user)))
    .returning({ id: adWxUser.id });
  if (written.length === 0) throw notFound(MISSING);
  return wxUserDetail(db, user, id);
}

/**
 * The worker a field call (a write) acts as: the named one of the task's operator, or the caller's
 * bound one; its row is locked `for share` in the call's transaction. A field worker's own account
 * (data scope self, 广告安装人员) acts as its bound worker only, whatever it names.
 */
export async function workerFor(
  db: Queryable,
  user: AuthUser,
  operatorId: number,
  named?: number,
  /** The task's assigned worker, when the caller names none and acts as none. */
  assigned?: number | null,
): Promise<{ id: number; name: string }> {
  const workerId = user.dataScope === 'self' ? undefined : named;
  let cond = workerId ? eq(adWxUser.id, workerId) : eq(adWxUser.userId, user.id);
  if (!workerId && assigned) {
    const [bound] = await db.select({ id: adWxUser.id }).from(adWxUser).where(eq(adWxUser.userId, user.id));
    if (!bound) cond = eq(adWxUser.id, assigned);
  }
  const [w] = await db
    .select({
      id: adWxUser.id,
      name: adWxUser.name,
      operatorId: adWxUser.operatorId,
      kind: adWxUser.kind,
      enabled: adWxUser.enabled,
    })
    .from(adWxUser)
    .where(cond)
    // Locked until the field call's write commits: a concurrent disable (updateWxUser) waits, then
    // finds the log written; a disable in progress makes the call wait and then refuse.
    .for('share');
  if (!w || w.operatorId !== operatorId || w.kind !== WX_USER_KIND.worker) {
    throw badRequest(
      workerId ? '所选安装人员不存在或不属于该运营商' : '请选择安装人员（当前账号未绑定小程序安装人员）',
      [{ field: 'workerId', message: '请选择安装人员' }],
    );
  }
  if (!w.enabled) throw badRequest('该安装人员已停用', [{ field: 'workerId', message: '安装人员已停用' }]);
  return { id: w.id, name: w.name };
}

/** Whoever may read a mini-program user may read its photo. */
export const wxUserFileReference = {
  name: 'ad-wx-user',
  readable: (user: AuthUser, file: SQL | AnyColumn) =>
    sql`exists (select 1 from ${adWxUser} where ${adWxUser.avatarFileId} = ${file} and ${wxUserScope(user)})`,
};
