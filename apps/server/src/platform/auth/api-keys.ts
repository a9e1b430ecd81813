import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_HEADER, type ApiKeyScope } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/sql.ts';
import { forbidden, tooManyRequests, unauthorized } from '../errors.ts';

/**
 * API keys of partner systems (issue 20), on the request path: a call whose contract names an
 * `apiKeyScope` and whose request carries `X-Api-Key` is authenticated here instead of by a session.
 * The operations module issues and lists the keys (modules/operations/api-keys/); its tables
 * `api_key`, `api_key_rate` and `api_key_use` are read here by name, the platform importing no module.
 *
 * A key is `ec_<8 lower-case letters or digits>_<48 hex>`: the first part looks the row up, the whole
 * key's SHA-256 is compared in constant time with the stored one. Refusals: unknown, malformed,
 * revoked or expired 401; without the call's scope 403; past the key's requests per minute 429,
 * counted by one atomic upsert per request (`insert … on conflict do update … returning`), so that
 * exactly the limit passes whatever the concurrency and the number of nodes.
 */

/** The partner behind a request's key, as handlers see it (`req.apiKey`). */
export interface ApiKeyPrincipal {
  id: number;
  keyId: string;
  name: string;
  /** The key's organisation; null for a platform-wide key. */
  enterpriseId: number | null;
  scopes: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when a key authenticated the request (calls with `apiKeyScope` only). */
    apiKey: ApiKeyPrincipal | null;
    /** The row id of the key the request named, even when it was refused: its use is logged. */
    apiKeyRow: number | null;
  }
}

const KEY_FORMAT = /^ec_([a-z0-9]{8})_([0-9a-f]{48})$/;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new key: its public id, the secret shown once, and the hash kept. */
export function newApiKey(): { keyId: string; secret: string; hash: string } {
  const bytes = randomBytes(8);
  const keyId = [...bytes].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
  const secret = `ec_${keyId}_${randomBytes(24).toString('hex')}`;
  return { keyId, secret, hash: hashApiKey(secret) };
}

/** The X-Api-Key header's value, if the request sent one. */
export function apiKeyOf(req: FastifyRequest): string | undefined {
  const value = req.headers[API_KEY_HEADER.toLowerCase()];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

const INVALID = 'API 密钥无效';

/**
 * Authenticates the request's key for a call of `scope` and counts it against the key's rate; sets
 * `req.apiKey` (and `req.apiKeyRow`, for the use log, as soon as the key is known).
 */
export async function authenticateApiKey(
  db: Queryable,
  req: FastifyRequest,
  key: string,
  scope: ApiKeyScope,
): Promise<ApiKeyPrincipal> {
  const m = KEY_FORMAT.exec(key);
  if (!m) throw unauthorized(`${INVALID}：格式不正确`);
  const [row] = rowsOf<{
    id: number;
    key_id: string;
    name: string;
    enterprise_id: number | null;
    scopes: string[];
    secret_hash: string;
    rate_per_minute: number;
    revoked: boolean;
    expired: boolean;
  }>(
    await db.execute(sql`
      select id, key_id, name, enterprise_id, scopes, secret_hash, rate_per_minute,
        revoked_at is not null as revoked, expires_at <= now() as expired
      from api_key where key_id = ${m[1]}`),
  );
  const given = Buffer.from(hashApiKey(key), 'hex');
  const kept = row ? Buffer.from(row.secret_hash, 'hex') : Buffer.alloc(given.length);
  if (!row || kept.length !== given.length || !timingSafeEqual(given, kept)) throw unauthorized(INVALID);
  req.apiKeyRow = row.id;
  if (row.revoked) throw unauthorized('API 密钥已吊销');
  if (row.expired) throw unauthorized('API 密钥已过期');
  if (!row.scopes.includes(scope)) throw forbidden(`API 密钥没有 ${scope} 权限范围`);
  const [counted] = rowsOf<{ count: number }>(
    await db.execute(sql`
      insert into api_key_rate (key_id, minute, count) values (${row.id}, date_trunc('minute', now()), 1)
      on conflict (key_id, minute) do update set count = api_key_rate.count + 1
      returning count`),
  );
  if (Number(counted.count) > row.rate_per_minute) {
    throw tooManyRequests(`API 密钥请求过于频繁（每分钟至多 ${row.rate_per_minute} 次），请稍后再试`);
  }
  const principal: ApiKeyPrincipal = {
    id: row.id,
    keyId: row.key_id,
    name: row.name,
    enterpriseId: row.enterprise_id,
    scopes: row.scopes,
  };
  req.apiKey = principal;
  return principal;
}

/** Records the request of a known key with its final status (an onSend hook: before the answer leaves). */
export async function logApiKeyUse(db: Queryable, req: FastifyRequest, reply: FastifyReply) {
  if (req.apiKeyRow === null || req.apiKeyRow === undefined) return;
  const path = (req.url.split('?')[0] ?? req.url).slice(0, 500);
  await db.execute(sql`
    insert into api_key_use (key_id, method, path, status, ip)
    values (${req.apiKeyRow}, ${req.method}, ${path}, ${reply.statusCode}, ${req.ip})`);
}

/** Forgets the rate counters of past minutes and the uses older than `keepDays`. */
export async function sweepApiKeyRecords(db: Queryable, keepDays = 180) {
  await db.execute(sql`delete from api_key_rate where minute < now() - interval '5 minutes'`);
  await db.execute(sql`delete from api_key_use where at < now() - make_interval(days => ${keepDays}::int)`);
}
