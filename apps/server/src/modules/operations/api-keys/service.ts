import {
  API_KEY_DEFAULT_RATE,
  type ApiKeyRow,
  type ApiKeyScope,
  type apiKeyCalls,
  type CallParsedInput,
  formatDate,
  formatDateTime,
  type PartnerLiftRow,
  parseShanghaiTime,
  shanghaiToday,
} from '@ec/contract';
import { and, desc, eq, gt, ilike, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import { newApiKey } from '../../../platform/auth/api-keys.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern, uniqueViolation } from '../../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { partnerLiftsByRegisterCodes } from '../../elevator/api.ts';
import { apiKey, apiKeyUse } from './tables.ts';

type In<K extends keyof typeof apiKeyCalls> = CallParsedInput<(typeof apiKeyCalls)[K]>;

const DAY_MS = 86_400_000;
export const KEY_MISSING = 'API 密钥不存在';

const columns = {
  id: apiKey.id,
  keyId: apiKey.keyId,
  name: apiKey.name,
  enterpriseId: apiKey.enterpriseId,
  enterpriseName: enterprise.name,
  scopes: apiKey.scopes,
  ratePerMinute: apiKey.ratePerMinute,
  expiresAt: apiKey.expiresAt,
  revokedAt: apiKey.revokedAt,
  createdAt: apiKey.createdAt,
  createdBy: sysUser.realName,
  lastUseAt: sql<
    string | null
  >`(select u.at from ${apiKeyUse} u where u.key_id = ${apiKey.id} order by u.id desc limit 1)`,
  uses: sql<number>`(select count(*)::int from ${apiKeyUse} u where u.key_id = ${apiKey.id})`,
};

function selectKeys(db: Queryable) {
  return db
    .select(columns)
    .from(apiKey)
    .leftJoin(enterprise, eq(enterprise.id, apiKey.enterpriseId))
    .leftJoin(sysUser, eq(sysUser.id, apiKey.createdBy));
}

type Raw = Awaited<ReturnType<ReturnType<typeof selectKeys>['execute']>>[number];

function toRow(r: Raw, now = Date.now()): ApiKeyRow {
  return {
    id: r.id,
    keyId: r.keyId,
    name: r.name,
    enterpriseId: r.enterpriseId,
    enterpriseName: r.enterpriseName,
    scopes: r.scopes as ApiKeyScope[],
    ratePerMinute: r.ratePerMinute,
    // expires_at is the first instant past the expiry day: the day is the one before it.
    expiresOn: formatDate(r.expiresAt.getTime() - 1),
    state: r.revokedAt ? 'revoked' : r.expiresAt.getTime() <= now ? 'expired' : 'active',
    createTime: formatDateTime(r.createdAt),
    createdBy: r.createdBy,
    revokeTime: r.revokedAt ? formatDateTime(r.revokedAt) : null,
    lastUseTime: r.lastUseAt ? formatDateTime(r.lastUseAt) : null,
    uses: Number(r.uses),
  };
}

export function listApiKeys(db: Queryable, f: In<'query'>) {
  const filters: SQL[] = [];
  if (f.name) filters.push(ilike(apiKey.name, likePattern(f.name)));
  if (f.state === 'revoked') filters.push(isNotNull(apiKey.revokedAt));
  if (f.state === 'active') filters.push(isNull(apiKey.revokedAt), gt(apiKey.expiresAt, sql`now()`));
  if (f.state === 'expired') filters.push(isNull(apiKey.revokedAt), lte(apiKey.expiresAt, sql`now()`));
  const where = filters.length ? and(...filters) : undefined;
  return paginate(
    db,
    f,
    (w) => selectKeys(db).where(where).orderBy(desc(apiKey.id)).limit(w.limit).offset(w.offset),
    { from: apiKey, where },
    (r) => toRow(r),
  );
}

async function keyById(db: Queryable, id: number): Promise<ApiKeyRow> {
  const [row] = await selectKeys(db).where(eq(apiKey.id, id));
  if (!row) throw notFound(KEY_MISSING);
  return toRow(row);
}

/** Issues a key; the secret is in this answer only (the table keeps its SHA-256). */
export async function createApiKey(db: Queryable, user: AuthUser, f: In<'create'>) {
  if (f.expiresOn < shanghaiToday()) throw badRequest('expiresOn：到期日期不能早于今天');
  const dayStart = parseShanghaiTime(f.expiresOn);
  if (!dayStart) throw badRequest('expiresOn：到期日期不是有效日期');
  if (f.enterpriseId) {
    const [org] = await db
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(eq(enterprise.id, f.enterpriseId));
    if (!org) throw badRequest('enterpriseId：所属组织不存在');
  }
  const scopes = [...new Set(f.scopes)];
  // A key id is 8 random characters (36^8): a collision is retried, the unique index decides it.
  for (let attempt = 0; ; attempt++) {
    const made = newApiKey();
    try {
      const [row] = await db
        .insert(apiKey)
        .values({
          keyId: made.keyId,
          name: f.name,
          enterpriseId: f.enterpriseId ?? null,
          scopes,
          secretHash: made.hash,
          ratePerMinute: f.ratePerMinute ?? API_KEY_DEFAULT_RATE,
          expiresAt: new Date(dayStart.getTime() + DAY_MS),
          createdBy: user.id,
        })
        .returning({ id: apiKey.id });
      return { key: await keyById(db, row.id), secret: made.secret };
    } catch (err) {
      if (uniqueViolation(err) === null || attempt >= 3) throw err;
    }
  }
}

/** Revokes a key at once, on every node (each request reads the key's row). */
export async function revokeApiKey(db: Queryable, user: AuthUser, id: number) {
  const done = await db
    .update(apiKey)
    .set({ revokedAt: new Date(), revokedBy: user.id })
    .where(and(eq(apiKey.id, id), isNull(apiKey.revokedAt)))
    .returning({ id: apiKey.id });
  if (done.length > 0) return null;
  const [found] = await db.select({ id: apiKey.id }).from(apiKey).where(eq(apiKey.id, id));
  if (!found) throw notFound(KEY_MISSING);
  throw conflict('该 API 密钥已吊销');
}

/** The requests made with a key, newest first. */
export async function listApiKeyUses(db: Queryable, f: In<'uses'>) {
  const [found] = await db.select({ id: apiKey.id }).from(apiKey).where(eq(apiKey.id, f.id));
  if (!found) throw notFound(KEY_MISSING);
  const where = eq(apiKeyUse.keyId, f.id);
  return paginate(
    db,
    f,
    (w) =>
      db.select().from(apiKeyUse).where(where).orderBy(desc(apiKeyUse.id)).limit(w.limit).offset(w.offset),
    { from: apiKeyUse, where },
    (r) => ({
      id: r.id,
      time: formatDateTime(r.at),
      method: r.method,
      path: r.path,
      status: r.status,
      ip: r.ip,
    }),
  );
}

/** The partner's lift query: a platform-wide key reads any lift, an organisation's only its own. */
export function partnerLifts(
  db: Queryable,
  key: { enterpriseId: number | null },
  codes: string[],
): Promise<PartnerLiftRow[]> {
  return partnerLiftsByRegisterCodes(db, [...new Set(codes)], key.enterpriseId);
}
