import type { CallParsedInput } from '@ec/contract';
import { formatDateTime, maskIdNumber, maskPhone, type UserType, type userCalls } from '@ec/contract';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AuthUser, scopeCondition } from '../../platform/access.ts';
import { refusingIdentifierClash } from '../../platform/auth/identifiers.ts';
import { temporaryPassword } from '../../platform/auth/temporary.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { refusingConflicts } from '../../platform/db/conflicts.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { authToken, enterprise, sysOffice, sysRole, sysUser, sysUserRole } from '../../platform/db/tables.ts';
import { sentFields } from '../../platform/db/versioned.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { sameNumber, shownIdNumber, shownPhone, unmasked } from '../../platform/masking.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  assertAdminsKeepRights,
  assertAreasExist,
  assertCanAssignRoles,
  assertCanManageUsers,
  nameSome,
  orderOf,
  rolesOfUsers,
} from './shared.ts';

/** Users the acting user may see: by the company's area, the company, or only themselves. */
export const userScope = (actor: AuthUser) =>
  scopeCondition(actor, { area: enterprise.areaCode, company: sysUser.companyId, owner: sysUser.id });

const userSelection = {
  user: sysUser,
  companyName: enterprise.name,
  officeName: sysOffice.name,
};

function usersFrom(q: Queryable) {
  return q
    .select(userSelection)
    .from(sysUser)
    .leftJoin(enterprise, eq(enterprise.id, sysUser.companyId))
    .leftJoin(sysOffice, eq(sysOffice.id, sysUser.officeId));
}

type UserJoin = { user: typeof sysUser.$inferSelect; companyName: string | null; officeName: string | null };
type RoleRef = { id: number; roleKey: string; name: string };

/** A user as `viewer` may see it: phone and ID number in full only for the user themself. */
function userView(r: UserJoin, roles: RoleRef[], viewer: AuthUser) {
  const u = r.user;
  const holder = { userId: u.id };
  return {
    id: u.id,
    username: u.username,
    realName: u.realName,
    phone: shownPhone(viewer, holder, u.phone) ?? '',
    email: u.email,
    idNumber: shownIdNumber(viewer, holder, u.idNumber) ?? '',
    userType: u.userType as UserType,
    companyId: u.companyId,
    companyName: r.companyName,
    officeId: u.officeId,
    officeName: r.officeName,
    areaCodes: u.areaCodes,
    roles,
    status: u.status,
    builtIn: u.builtIn,
    createTime: formatDateTime(u.createdAt),
  };
}

/** A user for the edit form (numbers masked as in lists), or 404 when outside the actor's data scope. */
export async function userDetailOf(q: Queryable, actor: AuthUser, id: number) {
  const [row] = await usersFrom(q).where(and(eq(sysUser.id, id), userScope(actor)));
  if (!row) throw notFound('用户不存在或无权访问');
  const roles = (await rolesOfUsers(q, [id])).get(id) ?? [];
  return { ...userView(row, roles, actor), roleIds: roles.map((r) => r.id) };
}

/** Users by id inside the actor's scope; 404 when any of them is missing. */
/**
 * The users an administration call acts on, in the actor's scope (404 otherwise), locked until the
 * call's transaction ends, in id order: what the call then checks of them (their rights, whether
 * the actor may manage them) holds for its write, and two saves of one user (the only way a user's
 * roles change) take turns instead of one silently undoing the other.
 */
async function targetsOf(q: Queryable, actor: AuthUser, ids: number[]) {
  const rows = await q
    .select({
      id: sysUser.id,
      username: sysUser.username,
      builtIn: sysUser.builtIn,
      phone: sysUser.phone,
      idNumber: sysUser.idNumber,
    })
    .from(sysUser)
    .leftJoin(enterprise, eq(enterprise.id, sysUser.companyId))
    .where(and(inArray(sysUser.id, ids), userScope(actor)))
    .orderBy(asc(sysUser.id))
    .for('update', { of: sysUser });
  if (rows.length !== new Set(ids).size) throw notFound('用户不存在或无权访问');
  return rows;
}

const revokeTokensOf = (q: Queryable, userIds: number[]) =>
  q
    .update(authToken)
    .set({ revokedAt: new Date() })
    .where(and(inArray(authToken.userId, userIds), sql`${authToken.revokedAt} is null`));

export async function listUsers(
  db: Queryable,
  actor: AuthUser,
  input: CallParsedInput<typeof userCalls.query>,
) {
  const filters: (SQL | undefined)[] = [userScope(actor)];
  if (input.name) {
    filters.push(
      or(ilike(sysUser.realName, likePattern(input.name)), ilike(sysUser.username, likePattern(input.name))),
    );
  }
  if (input.phone) filters.push(sameNumber(sysUser.phone, input.phone));
  if (input.roleId) {
    filters.push(
      inArray(
        sysUser.id,
        db.select({ id: sysUserRole.userId }).from(sysUserRole).where(eq(sysUserRole.roleId, input.roleId)),
      ),
    );
  }
  if (input.companyId) filters.push(eq(sysUser.companyId, input.companyId));
  if (input.companyName) filters.push(ilike(enterprise.name, likePattern(input.companyName)));
  if (input.officeId) filters.push(eq(sysUser.officeId, input.officeId));
  if (input.userType) filters.push(eq(sysUser.userType, input.userType));
  if (input.status !== undefined) filters.push(eq(sysUser.status, input.status));
  const where = and(...filters);
  const order = orderOf(
    {
      id: sysUser.id,
      username: sysUser.username,
      realName: sysUser.realName,
      createTime: sysUser.createdAt,
    },
    sysUser.id,
    input.sortField,
    input.sortOrder,
  );
  const found = await paginate(
    db,
    input,
    (w) =>
      usersFrom(db)
        .where(where)
        .orderBy(...order)
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      // The scope and the company-name filter read the company: the count joins it too.
      const [{ total }] = await db
        .select({ total: count() })
        .from(sysUser)
        .leftJoin(enterprise, eq(enterprise.id, sysUser.companyId))
        .where(where);
      return total;
    },
  );
  const roles = await rolesOfUsers(
    db,
    found.records.map((r) => r.user.id),
  );
  return { ...found, records: found.records.map((r) => userView(r, roles.get(r.user.id) ?? [], actor)) };
}

export async function saveUser(db: Queryable, actor: AuthUser, sent: CallParsedInput<typeof userCalls.save>) {
  // A change keeps what the request does not send (phone, e-mail, ID number, company, office,
  // areas); a new user has no areas. The user is locked first (targetsOf); whether the actor may
  // change it is checked below.
  const [stored] = sent.id ? await targetsOf(db, actor, [sent.id]) : [null];
  const [row] = sent.id ? await db.select().from(sysUser).where(eq(sysUser.id, sent.id)) : [];
  const kept = row
    ? {
        phone: row.phone,
        email: row.email,
        idNumber: row.idNumber,
        companyId: row.companyId,
        officeId: row.officeId,
        areaCodes: row.areaCodes,
      }
    : { areaCodes: [] as string[] };
  const input = { ...kept, ...sentFields(sent), ...{ username: sent.username, realName: sent.realName } };
  const roleIds = [...new Set(sent.roleIds)];
  const roles = await db.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.id, roleIds));
  if (roles.length !== roleIds.length)
    throw badRequest('所选角色不存在', [{ field: 'roleIds', message: '角色不存在' }]);
  await assertCanAssignRoles(db, actor, roleIds, input.areaCodes);
  if (input.companyId) {
    const [company] = await db
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(eq(enterprise.id, input.companyId));
    if (!company) throw badRequest('所属企业不存在', [{ field: 'companyId', message: '企业不存在' }]);
  }
  if (input.officeId) {
    const [office] = await db
      .select({ id: sysOffice.id })
      .from(sysOffice)
      .where(eq(sysOffice.id, input.officeId));
    if (!office) throw badRequest('所属机构不存在', [{ field: 'officeId', message: '机构不存在' }]);
  }
  await assertAreasExist(db, input.areaCodes);
  if (input.id) await assertCanManageUsers(db, actor, [input.id]);

  // The detail showed phone and ID number masked: sent back unchanged, they keep the stored ones.
  const phone = unmasked(input.phone, stored?.phone, maskPhone, { name: 'phone', label: '手机号' }) || null;
  const idNumber = unmasked(input.idNumber, stored?.idNumber, maskIdNumber, {
    name: 'idNumber',
    label: '身份证号',
  });
  // Sign-in accepts a user name or a phone: the identifier table refuses one naming another account.
  const identifierMessages = {
    username: `用户名 ${input.username} 已被其他账号使用`,
    phone: `手机号 ${phone} 已被其他账号使用`,
  };

  const values = {
    username: input.username,
    realName: input.realName,
    phone,
    email: input.email || null,
    idNumber: idNumber ? idNumber.toUpperCase() : null,
    userType: sent.userType,
    companyId: input.companyId ?? null,
    officeId: input.officeId ?? null,
    areaCodes: [...new Set(input.areaCodes)],
  };
  // A new user's password is temporary: the first sign-in leads to the password change only.
  const initial = input.id ? null : await temporaryPassword();

  const user = await refusingConflicts(
    () =>
      refusingIdentifierClash(async () => {
        let id = input.id;
        if (id) {
          await db
            .update(sysUser)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(sysUser.id, id));
          await db.delete(sysUserRole).where(eq(sysUserRole.userId, id));
        } else {
          const [created] = await db
            .insert(sysUser)
            .values({ ...values, ...initial!.columns })
            .returning({ id: sysUser.id });
          id = created.id;
        }
        await db.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId: id, roleId })));
        await assertAdminsKeepRights(db, actor);
        // The saved user must stay inside the actor's data scope (no moving users to other companies).
        const [visible] = await db
          .select({ id: sysUser.id })
          .from(sysUser)
          .leftJoin(enterprise, eq(enterprise.id, sysUser.companyId))
          .where(and(eq(sysUser.id, id), userScope(actor)));
        if (!visible) throw forbidden('不能把用户设置到自己的数据范围之外');
        return userDetailOf(db, actor, id);
      }, identifierMessages),
    { unique: '用户名或手机号已被其他账号使用' },
  );
  return { user, initialPassword: initial?.password ?? null };
}

export async function setUserStatus(
  db: Queryable,
  actor: AuthUser,
  { id, status }: CallParsedInput<typeof userCalls.updateStatus>,
) {
  const [target] = await targetsOf(db, actor, [id]);
  if (status === 0 && id === actor.id) throw conflict('不能停用自己的账号');
  if (status === 0 && target.builtIn) throw conflict(`不能停用内置管理员账号 ${target.username}`);
  await assertCanManageUsers(db, actor, [id]);

  await db.update(sysUser).set({ status, updatedAt: new Date() }).where(eq(sysUser.id, id));
  // A disabled account's sessions end now and do not come back when it is enabled again.
  if (status === 0) await revokeTokensOf(db, [id]);

  return null;
}

/** A new temporary password for a user, shown once or sent by SMS; the user's sessions end. */
export async function resetUserPassword(
  platform: Platform,
  actor: AuthUser,
  { id, delivery }: CallParsedInput<typeof userCalls.resetPassword>,
) {
  const { db } = platform;
  const [target] = await targetsOf(db, actor, [id]);
  if (id === actor.id) throw conflict('不能重置自己的密码，请在个人中心修改密码');
  await assertCanManageUsers(db, actor, [id]);
  if (delivery === 'sms' && !target.phone) throw badRequest('该用户没有手机号，无法通过短信发送新密码');
  // The new password is temporary: the user must change it at the next sign-in.
  const { password, columns } = await temporaryPassword();
  // Its own transaction, not the call's: the reset is committed before the SMS is sent, and stays
  // when the SMS fails (the 503 below says so).
  await db.transaction(async (tx) => {
    await tx
      .update(sysUser)
      .set({
        ...columns,
        passwordChangedAt: new Date(),
        failedLogins: 0,
        firstFailedAt: null,
        lockedUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(sysUser.id, id));
    await revokeTokensOf(tx, [id]);
  });
  if (delivery === 'show') return { password, sentTo: null };
  try {
    await platform.sms.send(
      target.phone!,
      `您的电梯云监管平台登录密码已被管理员重置为 ${password}，首次登录后须先修改密码。`,
    );
  } catch (err) {
    platform.log.error({ err }, 'reset-password SMS failed');
    throw new AppError(503, '密码已重置，但短信发送失败，请重新重置并选择显示一次性密码');
  }
  return { password: null, sentTo: maskPhone(target.phone) };
}

export async function deleteUsers(
  db: Queryable,
  actor: AuthUser,
  { ids }: CallParsedInput<typeof userCalls.delete>,
) {
  if (ids.includes(actor.id)) throw conflict('不能删除自己的账号');
  const targets = await targetsOf(db, actor, ids);
  const builtIn = targets.filter((t) => t.builtIn).map((t) => t.username);
  if (builtIn.length > 0) throw conflict(`不能删除内置管理员账号 ${nameSome(builtIn)}`);
  await assertCanManageUsers(db, actor, ids);
  await refusingConflicts(
    async () => {
      await db.delete(sysUser).where(inArray(sysUser.id, ids));
      await assertAdminsKeepRights(db, actor);
    },
    {
      foreignKey: `用户 ${nameSome(targets.map((t) => t.username))} 已有业务数据，不能删除，请改为停用`,
    },
  );
  return null;
}

/** Enabled maintenance-company administrators in scope, for a picker (at most 200). */
export async function maintenanceAdmins(
  db: Queryable,
  actor: AuthUser,
  input: CallParsedInput<typeof userCalls.selectSubMaintenanceAdmin>,
) {
  const filters: (SQL | undefined)[] = [
    eq(sysUser.userType, 'maintenance'),
    eq(sysUser.status, 1),
    userScope(actor),
  ];
  if (input.companyId) filters.push(eq(sysUser.companyId, input.companyId));
  if (input.name) filters.push(ilike(sysUser.realName, likePattern(input.name)));
  const rows = await db
    .select({
      id: sysUser.id,
      username: sysUser.username,
      realName: sysUser.realName,
      phone: sysUser.phone,
      companyId: sysUser.companyId,
      companyName: enterprise.name,
    })
    .from(sysUser)
    .leftJoin(enterprise, eq(enterprise.id, sysUser.companyId))
    .where(and(...filters))
    .orderBy(sysUser.id)
    .limit(200);
  return rows.map((r) => ({ ...r, phone: shownPhone(actor, { userId: r.id }, r.phone) ?? '' }));
}
