import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { enterprise } from '../../platform/db/tables.ts';
// The one reference to another module's tables: the foreign key of a work order to its lift, which
// the database keeps true (a deleted lift takes its orders with it). Tables files may name another
// module's table for a foreign key and for nothing else (test/module-boundaries.test.ts); queries go
// through the elevator module's api.ts.
import { elevator } from '../elevator/tables.ts';

/** One checklist line of a maintenance record. */
export interface OrderItem {
  name: string;
  result: '正常' | '已调整' | '已更换' | '异常' | '无此项';
  note: string | null;
}

/**
 * 维保工单: one maintenance visit of one elevator (TSG T5002-2017 §2.5: who, when, which items
 * with which result, and the use unit's confirmation). Saved records are not edited (DOMAIN.md
 * §2.5); the log below keeps every step.
 */
export const maintenanceOrder = pgTable(
  'maintenance_order',
  {
    id: serial('id').primaryKey(),
    /** 工单号, e.g. WB202611080000123. */
    orderNo: text('order_no').notNull(),
    elevatorId: integer('elevator_id')
      .notNull()
      .references(() => elevator.id, { onDelete: 'cascade' }),
    maintenanceCompanyId: integer('maintenance_company_id').references(() => enterprise.id, {
      onDelete: 'set null',
    }),
    /** 1 半月, 2 季度, 3 半年, 4 年度 */
    kind: smallint('kind').notNull(),
    /** 0 待维保, 1 维保中, 2 待确认, 3 已完成 */
    status: smallint('status').notNull().default(0),
    planDate: date('plan_date', { mode: 'string' }).notNull(),
    signInAt: timestamp('sign_in_at', { withTimezone: true }),
    signOutAt: timestamp('sign_out_at', { withTimezone: true }),
    workers: text('workers').array().notNull().default(sql`'{}'::text[]`),
    items: jsonb('items').$type<OrderItem[]>().notNull().default([]),
    remark: text('remark'),
    confirmedBy: text('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('maintenance_order_no_uq').on(t.orderNo),
    index('maintenance_order_elevator_idx').on(t.elevatorId, t.planDate),
  ],
);

/** 维保日志: each step of a work order (created, signed in, submitted, confirmed…). */
export const maintenanceOrderRecord = pgTable(
  'maintenance_order_record',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => maintenanceOrder.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action').notNull(),
    operator: text('operator').notNull(),
    detail: text('detail'),
  },
  (t) => [index('maintenance_order_record_order_idx').on(t.orderId, t.at)],
);
