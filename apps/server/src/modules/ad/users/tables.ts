import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysFile, sysUser, updatedAt } from '../../../platform/db/tables.ts';
import { adCustom } from '../customers/tables.ts';

/**
 * 小程序用户: an account of the operator's WeChat mini-program — a field worker (kind 1, optionally
 * bound to a console account whose calls then act as him) or a customer's contact (kind 2, bound to
 * one of the operator's customers: a check). One account per phone per operator; one per openid.
 */
export const adWxUser = pgTable(
  'ad_wx_user',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    openId: text('open_id'),
    customerId: integer('customer_id').references(() => adCustom.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    avatarFileId: uuid('avatar_file_id').references(() => sysFile.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ad_wx_user_phone_uq').on(t.operatorId, t.phone),
    uniqueIndex('ad_wx_user_open_id_uq').on(t.openId),
    // One console account acts as at most one worker.
    uniqueIndex('ad_wx_user_user_uq').on(t.userId),
    index('ad_wx_user_operator_idx').on(t.operatorId, t.id),
    index('ad_wx_user_avatar_idx').on(t.avatarFileId),
    check('ad_wx_user_kind_ck', sql`${t.kind} in (1, 2)`),
  ],
);
