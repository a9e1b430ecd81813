import {
  ALL_PERMISSIONS,
  type MenuEntry,
  type SessionUser,
  type UserType,
  weakPasswordHashes,
} from '@ec/contract';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { AuthUser } from '../access.ts';
import { authToken, enterprise, sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../db/tables.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../errors.ts';
import type { Platform } from '../platform.ts';
import { burnVerify, hashSecret, verifySecret } from './passwords.ts';
import { DEFAULT_ROLE_BY_TYPE, filingStateOf, needsIntercept } from './roles.ts';
import { issueToken } from './session.ts';
import { consumeSmsCode } from './sms-codes.ts';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 15 * 60_000;
const FAIL_WINDOW_MS = 15 * 60_000;
const WRONG_CREDENTIALS = '用户名或密码错误';
const weakHashes = weakPasswordHashes();

const hhmm = (d: Date) =>
  d.toLocaleTimeString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

export async function login(platform: Platform, username: string, passwordHash: string, ip: string) {
  const { db } = platform;
  const [user] = await db
    .select()
    .from(sysUser)
    .where(or(eq(sysUser.username, username), eq(sysUser.phone, username)))
    .limit(1);
  if (!user) {
    await burnVerify(passwordHash);
    throw badRequest(WRONG_CREDENTIALS);
  }
  const now = Date.now();
  if (user.lockedUntil && user.lockedUntil.getTime() > now) {
    throw tooManyRequests(`密码错误次数过多，账号已锁定，请于 ${hhmm(user.lockedUntil)} 后重试`);
  }
  if (!(await verifySecret(passwordHash, user.passwordHash))) {
    const windowOpen = user.firstFailedAt && now - user.firstFailedAt.getTime() < FAIL_WINDOW_MS;
    const failures = windowOpen ? user.failedLogins + 1 : 1;
    const lockedUntil = failures >= MAX_FAILED_LOGINS ? new Date(now + LOCK_MS) : null;
    await db
      .update(sysUser)
      .set({
        failedLogins: lockedUntil ? 0 : failures,
        firstFailedAt: lockedUntil ? null : windowOpen ? user.firstFailedAt : new Date(now),
        lockedUntil,
      })
      .where(eq(sysUser.id, user.id));
    if (lockedUntil) {
      throw tooManyRequests(`密码错误次数过多，账号已锁定 15 分钟，请于 ${hhmm(lockedUntil)} 后重试`);
    }
    throw badRequest(`${WRONG_CREDENTIALS}，还可尝试 ${MAX_FAILED_LOGINS - failures} 次`);
  }
  if (user.status !== 1) throw forbidden('账号已停用，请联系管理员');
  if (user.failedLogins > 0 || user.lockedUntil) {
    await db
      .update(sysUser)
      .set({ failedLogins: 0, firstFailedAt: null, lockedUntil: null })
      .where(eq(sysUser.id, user.id));
  }
  return issueToken(platform, db, user.id, ip);
}

export async function sessionUserOf(platform: Platform, user: AuthUser): Promise<SessionUser> {
  const [row] = await platform.db
    .select({
      user: sysUser,
      companyName: enterprise.name,
      companyState: enterprise.filingState,
    })
    .from(sysUser)
    .leftJoin(enterprise, eq(enterprise.id, sysUser.companyId))
    .where(eq(sysUser.id, user.id));
  if (!row) throw notFound('用户不存在');
  const u = row.user;
  const type = u.userType as UserType;
  const companyState = u.companyId === null ? null : row.companyState;
  const primary = user.roles[0];
  return {
    userId: u.id,
    username: u.username,
    name: u.realName,
    avatar: u.avatar,
    introduction: u.introduction,
    roles: user.roles.map((r) => r.key),
    roleCode: primary?.key ?? null,
    roleName: primary?.name ?? null,
    roleType: primary?.roleType ?? null,
    dataScope: user.dataScope,
    areaCodes: u.areaCodes,
    permissions: [...user.permissions].sort(),
    userType: type,
    companyId: u.companyId,
    companyName: row.companyName ?? null,
    telephone: u.phone,
    validSign: u.status === 1,
    filingState: filingStateOf(type, u.filingState, companyState),
    needIntercept: needsIntercept(type, u.filingState, companyState),
  };
}

/** Directories and pages the user's roles grant (buttons are permissions, not entries), as a tree. */
export async function menuTreeOf(platform: Platform, user: AuthUser): Promise<MenuEntry[]> {
  const { db } = platform;
  const columns = {
    id: sysMenu.id,
    parentId: sysMenu.parentId,
    url: sysMenu.url,
    name: sysMenu.name,
    icon: sysMenu.icon,
    hidden: sysMenu.hidden,
  };
  const pagesOnly = sql`${sysMenu.type} in ('M', 'C')`;
  const rows = user.permissions.has(ALL_PERMISSIONS)
    ? await db.select(columns).from(sysMenu).where(pagesOnly).orderBy(asc(sysMenu.sort), asc(sysMenu.id))
    : user.roles.length === 0
      ? []
      : await db
          .selectDistinct({ ...columns, sort: sysMenu.sort })
          .from(sysMenu)
          .innerJoin(sysRoleMenu, eq(sysRoleMenu.menuId, sysMenu.id))
          .where(
            and(
              pagesOnly,
              sql`${sysRoleMenu.roleId} in (${sql.join(
                user.roles.map((r) => sql`${r.id}`),
                sql`, `,
              )})`,
            ),
          )
          .orderBy(asc(sysMenu.sort), asc(sysMenu.id));
  return buildTree(rows);
}

export function buildTree(
  rows: {
    id: number;
    parentId: number | null;
    url: string;
    name: string;
    icon: string | null;
    hidden: boolean;
  }[],
): MenuEntry[] {
  const byId = new Map<number, MenuEntry>();
  for (const r of rows)
    byId.set(r.id, { id: r.id, url: r.url, name: r.name, icon: r.icon, hidden: r.hidden, childTree: [] });
  const roots: MenuEntry[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    // A page whose directory is not granted is not shown either.
    if (parent) parent.childTree.push(node);
    else if (r.parentId === null) roots.push(node);
  }
  return roots;
}

function checkNewPassword(password: string, rePassword: string) {
  if (password !== rePassword) throw badRequest('两次输入密码不一致!');
  if (weakHashes.has(password)) throw badRequest('您输入的密码过于简单，请尝试其他密码。');
}

export async function changePassword(
  platform: Platform,
  user: AuthUser,
  input: { currPassword: string; password: string; rePassword: string },
) {
  const { db } = platform;
  const [row] = await db.select({ hash: sysUser.passwordHash }).from(sysUser).where(eq(sysUser.id, user.id));
  if (!row || !(await verifySecret(input.currPassword, row.hash))) throw badRequest('旧密码不正确');
  checkNewPassword(input.password, input.rePassword);
  if (input.password === input.currPassword) throw badRequest('新密码不能与旧密码相同');
  const passwordHash = await hashSecret(input.password);
  await db.transaction(async (tx) => {
    await tx
      .update(sysUser)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(sysUser.id, user.id));
    // Other sessions end; the one that changed the password goes on.
    await tx
      .update(authToken)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(authToken.userId, user.id),
          ne(authToken.tokenHash, user.tokenHash),
          sql`${authToken.revokedAt} is null`,
        ),
      );
  });
}

export async function register(
  platform: Platform,
  input: {
    userType: UserType;
    realName: string;
    phone: string;
    smsCode: string;
    email?: string;
    password: string;
    rePassword: string;
  },
) {
  checkNewPassword(input.password, input.rePassword);
  const { db } = platform;
  const taken = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(or(eq(sysUser.phone, input.phone), eq(sysUser.username, input.phone)));
  if (taken.length > 0) throw conflict('该手机号已注册，请直接登录或找回密码');
  await consumeSmsCode(platform, input.phone, 'register', input.smsCode);
  const passwordHash = await hashSecret(input.password);
  return db.transaction(async (tx) => {
    const [role] = await tx
      .select({ id: sysRole.id })
      .from(sysRole)
      .where(eq(sysRole.roleKey, DEFAULT_ROLE_BY_TYPE[input.userType]));
    const [created] = await tx
      .insert(sysUser)
      .values({
        username: input.phone,
        phone: input.phone,
        realName: input.realName,
        email: input.email || null,
        passwordHash,
        userType: input.userType,
        filingState: 1,
      })
      .onConflictDoNothing()
      .returning({ id: sysUser.id });
    if (!created) throw conflict('该手机号已注册，请直接登录或找回密码');
    if (role) await tx.insert(sysUserRole).values({ userId: created.id, roleId: role.id });
    return { userId: created.id };
  });
}

export async function resetPassword(
  platform: Platform,
  input: { phone: string; smsCode: string; password: string; rePassword: string },
) {
  checkNewPassword(input.password, input.rePassword);
  await consumeSmsCode(platform, input.phone, 'resetPsw', input.smsCode);
  const passwordHash = await hashSecret(input.password);
  await platform.db.transaction(async (tx) => {
    const updated = await tx
      .update(sysUser)
      .set({
        passwordHash,
        passwordChangedAt: new Date(),
        failedLogins: 0,
        lockedUntil: null,
        firstFailedAt: null,
      })
      .where(eq(sysUser.phone, input.phone))
      .returning({ id: sysUser.id });
    if (updated.length === 0) throw badRequest('验证码已失效，请重新获取');
    await tx
      .update(authToken)
      .set({ revokedAt: new Date() })
      .where(and(eq(authToken.userId, updated[0].id), sql`${authToken.revokedAt} is null`));
  });
}

export async function editPhone(
  platform: Platform,
  user: AuthUser,
  input: { phone: string; smsCode: string },
) {
  const { db } = platform;
  const [other] = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.phone, input.phone), ne(sysUser.id, user.id)));
  if (other) throw conflict('该手机号已被其他账号使用');
  await consumeSmsCode(platform, input.phone, 'editPhone', input.smsCode);
  await db.update(sysUser).set({ phone: input.phone, updatedAt: new Date() }).where(eq(sysUser.id, user.id));
}

export async function phoneRegistered(platform: Platform, phone: string) {
  const [row] = await platform.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.phone, phone));
  return Boolean(row);
}
