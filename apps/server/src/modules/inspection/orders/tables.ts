import type { InspectionOrderQuote } from '@ec/contract';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysUser, updatedAt } from '../../../platform/db/tables.ts';
// Foreign keys to the lift only (test/module-boundaries.test.ts); queries go through elevator/api.ts.
import { elevator } from '../../elevator/tables.ts';
import { inspectionInspector } from '../people/tables.ts';

/* Tables of this part (re-exported by ../tables.ts for drizzle-kit). */

/**
 * 检验申请: a use unit's application for the periodic inspection of one lift, to one organisation,
 * and its way through acceptance, quote, charge notice and distribution (contract inspection/orders.ts
 * for the states). Every state change is one `update … where id and state [and version] returning`.
 * One open order per lift: the partial unique index decides two applications at once.
 */
export const inspectionOrder = pgTable(
  'inspection_order',
  {
    id: serial('id').primaryKey(),
    /** JY + yyyyMM of application + '-' + the id, six digits (JY202611-000123). */
    orderNo: text('order_no').notNull(),
    elevatorId: integer('elevator_id')
      .notNull()
      .references(() => elevator.id, { onDelete: 'cascade' }),
    /** The inspection organisation applied to. */
    orgId: integer('org_id')
      .notNull()
      .references(() => enterprise.id),
    /** The use unit that applied (the lift's use unit then). */
    useUnitId: integer('use_unit_id')
      .notNull()
      .references(() => enterprise.id),
    /** 'periodic' (定期检验) only for now. */
    kind: text('kind').notNull().default('periodic'),
    state: text('state').notNull(),
    /** The next-inspection date the application is for (the registry's at application). */
    nextInspectionDate: date('next_inspection_date', { mode: 'string' }).notNull(),
    /** File ids per attachment kind (ORDER_ATTACHMENTS). */
    attachments: jsonb('attachments').$type<Record<string, string[]>>().notNull(),
    /** Every file id of `attachments`, for the files' read check (GIN: one index probe per file). */
    fileIds: text('file_ids').array().notNull().default(sql`'{}'::text[]`),
    applyRemark: text('apply_remark'),
    /** The organisation's internal remark (saveRemark). */
    orgRemark: text('org_remark'),
    returnReason: text('return_reason'),
    closeReason: text('close_reason'),
    /** 分: computed from the tariff (catalog/), never typed. */
    quoteAmount: integer('quote_amount'),
    quote: jsonb('quote').$type<InspectionOrderQuote>(),
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    inspectorId: integer('inspector_id').references(() => inspectionInspector.id),
    /** The inspector's account (whose `inspector/query` lists the order). */
    inspectorUserId: integer('inspector_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    /** The on-site date. */
    plannedDate: date('planned_date', { mode: 'string' }),
    distributedAt: timestamp('distributed_at', { withTimezone: true }),
    appliedBy: integer('applied_by').references(() => sysUser.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspection_order_no_uq').on(t.orderNo),
    // One open order per lift (open: not reported, closed or cancelled; ORDER_FINAL_STATES).
    uniqueIndex('inspection_order_open_lift_uq')
      .on(t.elevatorId)
      .where(sql`${t.state} not in ('reported', 'closed', 'cancelled')`),
    index('inspection_order_lift_idx').on(t.elevatorId),
    index('inspection_order_org_idx').on(t.orgId, t.appliedAt),
    // A list filtered by state and month of application (issue 16's bench: 1,000,000 orders): the
    // organisation's count and page are one range of this index (the count an index-only scan) …
    index('inspection_order_org_state_applied_idx').on(t.orgId, t.state, t.appliedAt),
    // … and the platform's and a regulator's (whose scope is checked per row on the lift) of this one.
    index('inspection_order_state_applied_idx').on(t.state, t.appliedAt),
    index('inspection_order_use_unit_idx').on(t.useUnitId, t.appliedAt),
    index('inspection_order_inspector_idx').on(t.inspectorUserId, t.plannedDate),
    // An inspector's orders (their open work, their account moved: people/open-work.ts).
    index('inspection_order_inspector_id_idx').on(t.inspectorId),
    index('inspection_order_files_idx').using('gin', t.fileIds),
  ],
);

/** 检验申请记录: who did what to an order, shown on its detail. */
export const inspectionOrderEvent = pgTable(
  'inspection_order_event',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => inspectionOrder.id, { onDelete: 'cascade' }),
    /** apply, update, accept, sendBack, quote, notice, pay, distribute, close, cancel, remark. */
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    reason: text('reason'),
    actorId: integer('actor_id').references(() => sysUser.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inspection_order_event_order_idx').on(t.orderId, t.id)],
);

/** 收费通知单: one per order, issued from its quote (signChargeNotice); its payment recorded later. */
export const inspectionChargeNotice = pgTable(
  'inspection_charge_notice',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => inspectionOrder.id, { onDelete: 'cascade' }),
    /** SF + the order number's digits. */
    noticeNo: text('notice_no').notNull(),
    /** 分. */
    amount: integer('amount').notNull(),
    items: jsonb('items').$type<InspectionOrderQuote['lines']>().notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: integer('issued_by').references(() => sysUser.id, { onDelete: 'set null' }),
    /** unpaid 未缴费, paid 已缴费, exempt 免缴费. */
    payState: text('pay_state').notNull().default('unpaid'),
    paidAt: date('paid_at', { mode: 'string' }),
    payMethod: text('pay_method'),
    payRemark: text('pay_remark'),
    recordedBy: integer('recorded_by').references(() => sysUser.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspection_charge_notice_order_uq').on(t.orderId),
    uniqueIndex('inspection_charge_notice_no_uq').on(t.noticeNo),
  ],
);
