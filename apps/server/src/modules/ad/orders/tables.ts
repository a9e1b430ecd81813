import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysUser, updatedAt } from '../../../platform/db/tables.ts';
import { adCustom } from '../customers/tables.ts';
import { adPoint } from '../points/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 广告订单: a customer books points of its operator for a date range. States AD_ORDER_STATE
 * (草稿 → 待审核 → 已确认 → 投放中 → 已完成, 已取消) move by conditional UPDATEs. The amount is
 * computed by the server from the lines (never typed).
 */
export const adOrder = pgTable(
  'ad_order',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    customId: integer('custom_id')
      .notNull()
      .references(() => adCustom.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    status: smallint('status').notNull().default(1),
    /** 元: the sum of the lines' amounts. */
    amount: integer('amount').notNull().default(0),
    pointCount: integer('point_count').notNull().default(0),
    /** The lead it came from, when it did. */
    intentionId: integer('intention_id'),
    content: text('content'),
    remark: text('remark'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    confirmedBy: integer('confirmed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    confirmedAt: at('confirmed_at'),
    finishedAt: at('finished_at'),
    cancelledAt: at('cancelled_at'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ad_order_no_uq').on(t.orderNo),
    index('ad_order_company_idx').on(t.companyId, t.id),
    index('ad_order_custom_idx').on(t.customId, t.id),
    index('ad_order_state_idx').on(t.status, t.endDate),
  ],
);

/**
 * An order's line: one point for the order's dates. `active` (the order holds its points: not
 * cancelled or finished) is written with the order's state in the same transaction; the exclusion
 * constraint `ad_order_point_no_overlap` (btree_gist: point_id =, daterange(start, end, '[]') &&,
 * where active; migration 0031) keeps a point in one booking per day, whoever writes.
 */
export const adOrderPoint = pgTable(
  'ad_order_point',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => adOrder.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => adPoint.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** 元 per period, as the point's price was when booked. */
    price: integer('price').notNull(),
    /** 元: price × periods. */
    amount: integer('amount').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('ad_order_point_uq').on(t.orderId, t.pointId),
    index('ad_order_point_point_idx').on(t.pointId, t.startDate),
  ],
);
