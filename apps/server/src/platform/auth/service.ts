import {
  ALL_PERMISSIONS,
  FILING_STATE,
  formatTime,
  LOGIN_FAILURE,
  type LoginMethod,
  type MenuEntry,
  type SessionUser,
  type UserType,
  weakPasswordHashes,
} from '@ec/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AuthUser } from '../access.ts';
import {
  authToken,
  enterprise,
  loginLog,
  sysMenu,
  sysRole,
  sysRoleMenu,
  sysUser,
  sysUserRole,
} from '../db/tables.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../errors.ts';
import type { Platform } from '../platform.ts';
import { accountNamed, identifierTaken, refusingIdentifierClash } from './identifiers.ts';
import { burnVerify, hashSecret, verifySecret } from './passwords.ts';
import { DEFAULT_ROLE_BY_TYPE, filingStateOf, needsIntercept } from './roles.ts';
import { issueToken } from './session.ts';
import { consumeSmsCode } from './sms-codes.ts';

export const MAX_FAILED_LOGINS = 5;
/** Five failures within 15 minutes lock the account for 15 minutes. */
const FAIL_WINDOW = '15 minutes';
const LOCK = '15 minutes';
const WRONG_CREDENTIALS = '用户名或密码错误';
export const PHONE_REGISTERED = '该手机号已注册，请直接登录或找回密码';
const weakHashes = weakPasswordHashes();

/** Where a sign-in comes from, as the sign-in log and the session record it. */
export interface SignInClient {
  ip: string;
  userAgent: string | null;
}

/** A refused sign-in: what the user is told (`error`) and what the log records. */
class Refused extends Error {
  constructor(
    readonly error: Error,
    readonly reason: string,
    readonly userId: number | null,
  ) {
    super(error.message);
  }
}

/**
 * Records one sign-in attempt (登录日志) on the database itself, never in a transaction a refusal
 * rolls back. A log that cannot be written does not change the answer: it is reported instead.
 */
async function recordSignIn(
  platform: Platform,
  entry: {
    username: string;
    userId: number | null;
    success: boolean;
    reason: string | null;
    method: LoginMethod;
    client: SignInClient;
  },
) {
  try {
    await platform.db.insert(loginLog).values({
      username: entry.username,
      userId: entry.userId,
      success: entry.success,
      reason: entry.reason,
      method: entry.method,
      ip: entry.client.ip,
      userAgent: entry.client.userAgent?.slice(0, 500) ?? null,
    });
  } catch (err) {
    platform.log.error({ err }, 'login log: an attempt could not be recorded');
  }
}

/** Sign-in requests whose handler ran (it logs every outcome itself). */
const signInHandled = new WeakSet<object>();

/** Marks a sign-in request as handled: its outcome is logged by `login`. */
export function markSignInHandled(req: object) {
  signInHandled.add(req);
}

/**
 * A sign-in refused before its handler ran — too many attempts from the address (429, the rate
 * limit answers before the form is read), a malformed form (400) — is logged too, with the name
 * typed when the form was read: a burst of refusals from one address shows in 登录日志.
 */
export async function recordRefusedSignIn(
  platform: Platform,
  req: { body?: unknown; ip: string; headers: Record<string, string | string[] | undefined> },
  status: number,
) {
  if (signInHandled.has(req)) return;
  const typed = (req.body as { username?: unknown } | undefined)?.username;
  const agent = req.headers['user-agent'];
  await recordSignIn(platform, {
    username: typeof typed === 'string' ? typed.slice(0, 64) : '',
    userId: null,
    success: false,
    reason:
      status === 429
        ? '登录尝试过于频繁，已限流'
        : status === 400
          ? '请求不完整或格式错误'
          : `请求被拒绝（${status}）`,
    method: 'password',
    client: { ip: req.ip, userAgent: typeof agent === 'string' ? agent : null },
  });
}

/**
 * Signs in with a password, recording the attempt (success, or the failure and its reason) in the
 * sign-in log whatever the outcome.
 */
export async function login(
  platform: Platform,
  username: string,
  passwordHash: string,
  client: SignInClient,
) {
  const attempt = { username, method: 'password' as const, client };
  let userId: number;
  try {
    userId = await checkPassword(platform, username, passwordHash);
  } catch (err) {
    const refused = err instanceof Refused ? err : null;
    await recordSignIn(platform, {
      ...attempt,
      userId: refused?.userId ?? null,
      success: false,
      reason: refused?.reason ?? '系统异常',
    });
    throw refused ? refused.error : err;
  }
  const issued = await issueToken(platform, platform.db, userId, client.ip, client.userAgent);
  await recordSignIn(platform, { ...attempt, userId, success: true, reason: null });
  return issued;
}

/**
 * Checks a password sign-in; the account's id, or a Refused. The failure is counted before the password is checked, in one UPDATE on the account's
 * row (the row lock orders concurrent tries): the n-th try of the window is told n, so however
 * tries arrive, at most five are checked before the account locks; a right password resets the
 * count. An unknown name and a wrong password get the same answer after the same work (a scrypt);
 * only a locked account says so.
 */
async function checkPassword(platform: Platform, username: string, passwordHash: string): Promise<number> {
  const { db } = platform;
  const locked = sql`${sysUser.lockedUntil} is not null and ${sysUser.lockedUntil} > now()`;
  const fresh = sql`${sysUser.firstFailedAt} is null or ${sysUser.firstFailedAt} <= now() - ${FAIL_WINDOW}::interval`;
  const [user] = await db
    .update(sysUser)
    .set({
      failedLogins: sql`case when ${locked} then ${sysUser.failedLogins} when ${fresh} then 1 else ${sysUser.failedLogins} + 1 end`,
      firstFailedAt: sql`case when ${locked} then ${sysUser.firstFailedAt} when ${fresh} then now() else ${sysUser.firstFailedAt} end`,
    })
    .where(inArray(sysUser.id, accountNamed(db, username)))
    .returning({
      id: sysUser.id,
      passwordHash: sysUser.passwordHash,
      status: sysUser.status,
      tries: sysUser.failedLogins,
      lockedUntil: sysUser.lockedUntil,
    });
  if (!user) {
    await burnVerify(passwordHash);
    throw new Refused(badRequest(WRONG_CREDENTIALS), LOGIN_FAILURE.unknownAccount, null);
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    throw new Refused(
      tooManyRequests(`密码错误次数过多，账号已锁定，请于 ${formatTime(user.lockedUntil)} 后重试`),
      LOGIN_FAILURE.locked,
      user.id,
    );
  }
  // Five tries of this window are being checked or have failed: this one is not checked.
  if (user.tries > MAX_FAILED_LOGINS) {
    throw new Refused(
      tooManyRequests('密码错误次数过多，账号已锁定，请稍后重试'),
      LOGIN_FAILURE.tooManyTries,
      user.id,
    );
  }
  if (!(await verifySecret(passwordHash, user.passwordHash))) {
    if (user.tries < MAX_FAILED_LOGINS) {
      throw new Refused(badRequest(WRONG_CREDENTIALS), LOGIN_FAILURE.wrongPassword, user.id);
    }
    const [lock] = await db
      .update(sysUser)
      .set({
        lockedUntil: sql`now() + ${LOCK}::interval`,
        failedLogins: 0,
        firstFailedAt: null,
      })
      .where(eq(sysUser.id, user.id))
      .returning({ lockedUntil: sysUser.lockedUntil });
    throw new Refused(
      tooManyRequests(`密码错误次数过多，账号已锁定 15 分钟，请于 ${formatTime(lock.lockedUntil!)} 后重试`),
      LOGIN_FAILURE.lockedNow,
      user.id,
    );
  }
  await db
    .update(sysUser)
    .set({ failedLogins: 0, firstFailedAt: null, lockedUntil: null })
    .where(eq(sysUser.id, user.id));
  if (user.status !== 1)
    throw new Refused(forbidden('账号已停用，请联系管理员'), LOGIN_FAILURE.disabled, user.id);
  return user.id;
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
    mustChangePassword: u.passwordTemporary,
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
    // Only the password that was checked is replaced: of two changes at once, the second finds it gone.
    const changed = await tx
      .update(sysUser)
      .set({ passwordHash, passwordTemporary: false, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(sysUser.id, user.id), eq(sysUser.passwordHash, row.hash)))
      .returning({ id: sysUser.id });
    if (changed.length === 0) throw conflict('密码已被修改，请重新输入旧密码');
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

/**
 * Registers an account named by its phone. The code is checked first, so that nobody learns whether
 * a phone is registered without holding it; the identifier table then decides (a phone, a user name
 * or a past phone of another account is refused, however many registrations race).
 */
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
  await consumeSmsCode(platform, input.phone, 'register', input.smsCode);
  const passwordHash = await hashSecret(input.password);
  return refusingIdentifierClash(
    () =>
      db.transaction(async (tx) => {
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
            filingState: FILING_STATE.notFiled,
          })
          .returning({ id: sysUser.id });
        if (role) await tx.insert(sysUserRole).values({ userId: created.id, roleId: role.id });
        return { userId: created.id };
      }),
    { username: PHONE_REGISTERED, phone: PHONE_REGISTERED },
  );
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
        passwordTemporary: false,
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

/** Moves the account to a new phone; the old one stays reserved to it (a past identifier). */
export async function editPhone(
  platform: Platform,
  user: AuthUser,
  input: { phone: string; smsCode: string },
) {
  await consumeSmsCode(platform, input.phone, 'editPhone', input.smsCode);
  await refusingIdentifierClash(
    () =>
      platform.db
        .update(sysUser)
        .set({ phone: input.phone, updatedAt: new Date() })
        .where(eq(sysUser.id, user.id)),
    { phone: '该手机号已被其他账号使用', username: '该手机号已被其他账号使用' },
  );
}

/** Whether the phone names an account (as its phone, its user name or a past one): it cannot register. */
export const phoneRegistered = (platform: Platform, phone: string) => identifierTaken(platform.db, phone);

/** Whether an account has this phone now: a password reset by SMS reaches it. */
export async function phoneInUse(platform: Platform, phone: string) {
  const [row] = await platform.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.phone, phone));
  return Boolean(row);
}
