import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysUser } from '../../../platform/db/tables.ts';

/**
 * A partner system's API key (issue 20). The secret `ec_<key_id>_<48 hex>` is shown once; the row keeps
 * its SHA-256 (`secret_hash`) and the public `key_id`, by which a request's key is looked up.
 * platform/auth/api-keys.ts reads these three tables by name (the platform imports no module).
 */
export const apiKey = pgTable(
  'api_key',
  {
    id: serial('id').primaryKey(),
    keyId: text('key_id').notNull(),
    name: text('name').notNull(),
    /** The organisation; null for a platform-wide key. */
    enterpriseId: integer('enterprise_id').references(() => enterprise.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    secretHash: text('secret_hash').notNull(),
    ratePerMinute: integer('rate_per_minute').notNull().default(600),
    /** The first instant the key no longer works (the day after its expiry day, 00:00 Shanghai). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_key_key_id_uq').on(t.keyId)],
);

/**
 * Requests per key and minute: the rate limit is one `insert … on conflict do update … returning`
 * on this row, so concurrent requests on any node count exactly. Old minutes are swept by a job.
 */
export const apiKeyRate = pgTable(
  'api_key_rate',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKey.id, { onDelete: 'cascade' }),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.minute] })],
);

/** Every request made with a known key, refused ones included. */
export const apiKeyUse = pgTable(
  'api_key_use',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKey.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    ip: text('ip'),
  },
  (t) => [index('api_key_use_key_idx').on(t.keyId, t.id)],
);
