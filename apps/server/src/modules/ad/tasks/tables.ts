import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysFile, sysUser, updatedAt } from '../../../platform/db/tables.ts';
import { adOrder } from '../orders/tables.ts';
import { adPoint } from '../points/tables.ts';
import { adWxUser } from '../users/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 投放任务: install (kind 1) or remove (kind 2) an order's poster at one point, or change it (kind 3,
 * 换画, asked for by the operator on a point 投放中). One install and one removal per order and
 * point (a partial unique index: generating twice, or from two nodes at once, adds nothing); changes
 * may repeat, but a point holds at most one open change (待执行, 待审核, 已驳回: a partial unique
 * index). State moves are conditional UPDATEs on (id, status, version).
 */
export const adTask = pgTable(
  'ad_task',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => adOrder.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => adPoint.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    status: smallint('status').notNull().default(1),
    planDate: date('plan_date').notNull(),
    workerId: integer('worker_id').references(() => adWxUser.id, { onDelete: 'set null' }),
    finishedAt: at('finished_at'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ad_task_order_point_kind_uq')
      .on(t.orderId, t.pointId, t.kind)
      .where(sql`${t.kind} in (1, 2)`),
    uniqueIndex('ad_task_one_open_change_uq')
      .on(t.pointId)
      .where(sql`${t.kind} = 3 and ${t.status} in (1, 2, 4)`),
    index('ad_task_operator_idx').on(t.operatorId, t.id),
    index('ad_task_point_idx').on(t.pointId),
    index('ad_task_worker_idx').on(t.workerId),
    check('ad_task_kind_ck', sql`${t.kind} in (1, 2, 3)`),
  ],
);

/**
 * 投放日志: a worker's proof of one task — the photo, the scanned code, where and when — and the
 * operator's verdict. At most one log of a task awaits review (a partial unique index).
 */
export const adTaskLog = pgTable(
  'ad_task_log',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => adTask.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    workerId: integer('worker_id')
      .notNull()
      .references(() => adWxUser.id, { onDelete: 'restrict' }),
    recordedBy: integer('recorded_by').references(() => sysUser.id, { onDelete: 'set null' }),
    photoFileId: uuid('photo_file_id')
      .notNull()
      .references(() => sysFile.id, { onDelete: 'restrict' }),
    qrCode: text('qr_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    distanceM: integer('distance_m'),
    far: boolean('far').notNull().default(false),
    loggedAt: at('logged_at').notNull().defaultNow(),
    status: smallint('status').notNull().default(1),
    reviewedBy: integer('reviewed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    reviewedAt: at('reviewed_at'),
    reviewRemark: text('review_remark'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ad_task_log_one_pending_uq').on(t.taskId).where(sql`${t.status} = 1`),
    index('ad_task_log_task_idx').on(t.taskId, t.id),
    index('ad_task_log_operator_idx').on(t.operatorId, t.id),
    index('ad_task_log_worker_idx').on(t.workerId),
    index('ad_task_log_photo_idx').on(t.photoFileId),
  ],
);
