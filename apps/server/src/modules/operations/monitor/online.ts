import { type CallParsedInput, formatDateTime, type OnlineSession, type onlineCalls } from '@ec/contract';
import { and, count, desc, eq, gt, ilike, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { authToken, enterprise, sysOffice, sysUser } from '../../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { maskedUsername } from '../../../platform/masking.ts';

/**
 * 在线用户: the sessions (auth_token rows) neither revoked nor expired, with their account, its
 * organisation, where they signed in from and their last activity; the administrator ends one
 * (强制下线) by revoking its token, which every node learns at once (NOTIFY auth_changed on a
 * revocation, migration 0008; the node that served the call empties its cache itself).
 */

const active = () => and(isNull(authToken.revokedAt), gt(authToken.expiresAt, sql`now()`));

export async function listOnline(
  db: Queryable,
  user: AuthUser,
  f: CallParsedInput<typeof onlineCalls.query>,
) {
  const filters: (SQL | undefined)[] = [active()];
  if (f.username) filters.push(ilike(sysUser.username, likePattern(f.username)));
  if (f.ip) filters.push(ilike(authToken.ip, likePattern(f.ip)));
  const where = and(...filters);
  const [{ n }] = await db
    .select({ n: count() })
    .from(authToken)
    .innerJoin(sysUser, eq(sysUser.id, authToken.userId))
    .where(where);
  const offset = (f.page - 1) * f.limit;
  const rows =
    n > offset
      ? await db
          .select({
            id: authToken.id,
            tokenHash: authToken.tokenHash,
            userId: sysUser.id,
            username: sysUser.username,
            realName: sysUser.realName,
            orgName: sql<string | null>`coalesce(${enterprise.name}, ${sysOffice.name})`,
            ip: authToken.ip,
            userAgent: authToken.userAgent,
            createdAt: authToken.createdAt,
            lastSeenAt: authToken.lastSeenAt,
            expiresAt: authToken.expiresAt,
          })
          .from(authToken)
          .innerJoin(sysUser, eq(sysUser.id, authToken.userId))
          .leftJoin(enterprise, eq(enterprise.id, sysUser.companyId))
          .leftJoin(sysOffice, eq(sysOffice.id, sysUser.officeId))
          .where(where)
          .orderBy(desc(authToken.lastSeenAt), desc(authToken.id))
          .limit(f.limit)
          .offset(offset)
      : [];
  return {
    records: rows.map(
      (r): OnlineSession => ({
        id: r.id,
        userId: r.userId,
        username: maskedUsername(r.username) ?? '',
        realName: r.realName,
        orgName: r.orgName,
        ip: r.ip,
        userAgent: r.userAgent,
        loginTime: formatDateTime(r.createdAt),
        lastSeenTime: formatDateTime(r.lastSeenAt),
        expiresTime: formatDateTime(r.expiresAt),
        current: r.tokenHash === user.tokenHash,
      }),
    ),
    total: n,
    page: f.page,
    limit: f.limit,
  };
}

/**
 * Ends a session: one UPDATE revokes it if it is still active and not the caller's own, so that of
 * concurrent requests exactly one ends it; the others are told it has already ended.
 */
export async function forceLogout(db: Queryable, user: AuthUser, id: number) {
  const ended = await db
    .update(authToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(authToken.id, id), active(), ne(authToken.tokenHash, user.tokenHash)))
    .returning({ id: authToken.id });
  if (ended.length > 0) return null;
  // Why not, read only to choose the message.
  const [row] = await db
    .select({ tokenHash: authToken.tokenHash })
    .from(authToken)
    .where(eq(authToken.id, id));
  if (!row) throw notFound('会话不存在');
  if (row.tokenHash === user.tokenHash) {
    throw badRequest('不能强制下线自己当前的会话，如需结束请使用“退出登录”');
  }
  throw conflict('该会话已下线或已过期');
}
