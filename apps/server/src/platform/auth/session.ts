import { createHash, randomBytes } from 'node:crypto';
import type { DataScope, UserType } from '@ec/contract';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, broadestScope } from '../access.ts';
import type { Queryable } from '../db/client.ts';
import { authToken, enterprise, sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../db/tables.ts';
import type { Platform } from '../platform.ts';
import { needsIntercept } from './roles.ts';
import type { CachedSession } from './session-cache.ts';

export const TOKEN_COOKIE = 'Monitor-Token';
/** A token's expiry is pushed forward on use at most this often, to keep reads from writing. */
const RENEW_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(
  platform: Platform,
  db: Queryable,
  userId: number,
  ip: string,
  userAgent: string | null = null,
) {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const { tokenTtlSeconds, tokenMaxTtlSeconds } = platform.config;
  await db.insert(authToken).values({
    tokenHash: hashToken(token),
    userId,
    ip,
    userAgent,
    expiresAt: new Date(now + tokenTtlSeconds * 1000),
    maxExpiresAt: new Date(now + Math.max(tokenTtlSeconds, tokenMaxTtlSeconds) * 1000),
  });
  return { token, expiresIn: tokenTtlSeconds };
}

function tokenFrom(req: FastifyRequest, allowCookie: boolean): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  if (!allowCookie) return undefined;
  // Inline documents open in a new tab, which sends the cookie but no header.
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return decodeURIComponent(value.join('=')) || undefined;
  }
  return undefined;
}

/**
 * The authentication query, composed once per database and run as a prepared statement: it runs on
 * every request, and composing it through the query builder would cost more than running it.
 */
function buildAuthQuery(db: Queryable) {
  return db
    .select({
      tokenId: authToken.id,
      expiresAt: authToken.expiresAt,
      maxExpiresAt: authToken.maxExpiresAt,
      lastSeenAt: authToken.lastSeenAt,
      id: sysUser.id,
      username: sysUser.username,
      realName: sysUser.realName,
      userType: sysUser.userType,
      companyId: sysUser.companyId,
      areaCodes: sysUser.areaCodes,
      // The filing states, read on every request: a passed filing opens the console at once.
      filingState: sysUser.filingState,
      passwordTemporary: sysUser.passwordTemporary,
      companyFilingState: sql<
        number | null
      >`(select ${enterprise.filingState} from ${enterprise} where ${enterprise.id} = ${sysUser.companyId})`,
      // Roles and permissions in the same round trip: one query per request for authentication.
      roles: sql<RoleGrant[]>`coalesce((
        select json_agg(json_build_object('id', r.id, 'key', r.role_key, 'name', r.name, 'roleType', r.role_type,
          'dataScope', r.data_scope, 'permissions', r.permissions) order by r.id)
        from sys_user_role ur join sys_role r on r.id = ur.role_id
        where ur.user_id = ${sysUser.id} and r.status = 1), '[]'::json)`,
      menuPerms: sql<string[]>`coalesce((
        select array_agg(distinct m.perms)
        from sys_user_role ur
        join sys_role r on r.id = ur.role_id and r.status = 1
        join sys_role_menu rm on rm.role_id = r.id
        join sys_menu m on m.id = rm.menu_id
        where ur.user_id = ${sysUser.id} and m.perms is not null), '{}'::text[])`,
    })
    .from(authToken)
    .innerJoin(sysUser, eq(sysUser.id, authToken.userId))
    .where(
      and(
        eq(authToken.tokenHash, sql.placeholder('tokenHash')),
        isNull(authToken.revokedAt),
        gt(authToken.expiresAt, sql`now()`),
        eq(sysUser.status, 1),
      ),
    )
    .prepare('authenticate');
}
const authQueries = new WeakMap<Queryable, ReturnType<typeof buildAuthQuery>>();

/**
 * The user behind the request's token, with roles and permissions as they are now (or at most a
 * few seconds ago on another server: see SessionCache); null if none.
 */
export async function authenticate(
  platform: Platform,
  req: FastifyRequest,
  allowCookie: boolean,
): Promise<AuthUser | null> {
  const token = tokenFrom(req, allowCookie);
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const now = Date.now();
  const session = platform.sessions.get(tokenHash, now) ?? (await loadSession(platform, tokenHash));
  if (!session) return null;

  const renewed = Math.min(now + platform.config.tokenTtlSeconds * 1000, session.maxExpiresAt);
  // The last activity (在线用户) is written with the renewal, and as often once the expiry is at its
  // maximum: at most once a minute per session and server.
  if (renewed - session.expiresAt > RENEW_EVERY_MS || now - session.lastSeenAt > RENEW_EVERY_MS) {
    // A kept session sees its own renewal at once; other servers' copies keep the older expiry,
    // which only errs on the safe side (a renewal is no NOTIFY, see migration 0008).
    session.expiresAt = Math.max(renewed, session.expiresAt);
    session.lastSeenAt = now;
    await platform.db
      .update(authToken)
      .set({ expiresAt: new Date(session.expiresAt), lastSeenAt: new Date(now) })
      .where(eq(authToken.id, session.tokenId));
  }
  return session.user;
}

async function loadSession(platform: Platform, tokenHash: string): Promise<CachedSession | null> {
  const { db, sessions } = platform;
  let query = authQueries.get(db);
  if (!query) {
    query = buildAuthQuery(db);
    authQueries.set(db, query);
  }
  const generation = sessions.begin();
  const [row] = await query.execute({ tokenHash });
  if (!row) return null;
  const { roles, permissions, dataScope } = grantsOf(row.roles, row.menuPerms);
  const session: CachedSession = {
    tokenId: row.tokenId,
    expiresAt: row.expiresAt.getTime(),
    maxExpiresAt: row.maxExpiresAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
    user: {
      id: row.id,
      username: row.username,
      realName: row.realName,
      userType: row.userType as UserType,
      companyId: row.companyId,
      areaCodes: row.areaCodes,
      dataScope,
      roles,
      permissions,
      tokenHash,
      needIntercept: needsIntercept(
        row.userType as UserType,
        row.filingState,
        row.companyId === null ? null : row.companyFilingState,
      ),
      mustChangePassword: row.passwordTemporary,
    },
  };
  sessions.put(tokenHash, session, generation);
  return session;
}

interface RoleGrant {
  id: number;
  key: string;
  name: string;
  roleType: string | null;
  dataScope: string;
  permissions: string[];
}

/** Permissions are the roles' own strings plus the button strings of the menus they grant. */
function grantsOf(roleRows: RoleGrant[], menuPerms: (string | null)[]) {
  const permissions = new Set<string>(roleRows.flatMap((r) => r.permissions));
  for (const perms of menuPerms) {
    for (const p of (perms ?? '').split(',')) if (p.trim()) permissions.add(p.trim());
  }
  return {
    roles: roleRows.map(({ id, key, name, roleType }) => ({ id, key, name, roleType })),
    permissions,
    dataScope: broadestScope(roleRows.map((r) => r.dataScope)) as DataScope,
  };
}

/** Roles, permission strings and data scope of a user as they are now. */
export async function loadGrants(db: Queryable, userId: number) {
  const roleRows = await db
    .select({
      id: sysRole.id,
      key: sysRole.roleKey,
      name: sysRole.name,
      roleType: sysRole.roleType,
      dataScope: sysRole.dataScope,
      permissions: sysRole.permissions,
    })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.status, 1)))
    .orderBy(sysRole.id);
  const menuPerms =
    roleRows.length === 0
      ? []
      : await db
          .selectDistinct({ perms: sysMenu.perms })
          .from(sysRoleMenu)
          .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
          .where(
            and(
              inArray(
                sysRoleMenu.roleId,
                roleRows.map((r) => r.id),
              ),
              isNotNull(sysMenu.perms),
            ),
          );
  return grantsOf(
    roleRows,
    menuPerms.map((m) => m.perms),
  );
}

/** Revokes a token (logout). The caller's write call empties the session cache when it ends. */
export async function revokeToken(db: Queryable, tokenHash: string) {
  await db.update(authToken).set({ revokedAt: new Date() }).where(eq(authToken.tokenHash, tokenHash));
}

/**
 * A user as a request of theirs would see the data now, without a token: for work done on their
 * behalf later (a background export). Null when the account is disabled or gone.
 */
export async function userById(db: Queryable, id: number): Promise<AuthUser | null> {
  const [row] = await db
    .select({
      id: sysUser.id,
      username: sysUser.username,
      realName: sysUser.realName,
      userType: sysUser.userType,
      companyId: sysUser.companyId,
      areaCodes: sysUser.areaCodes,
    })
    .from(sysUser)
    .where(and(eq(sysUser.id, id), eq(sysUser.status, 1)));
  if (!row) return null;
  const { roles, permissions, dataScope } = await loadGrants(db, id);
  return {
    ...row,
    userType: row.userType as UserType,
    roles,
    permissions,
    dataScope,
    tokenHash: '',
    needIntercept: false,
    mustChangePassword: false,
  };
}
