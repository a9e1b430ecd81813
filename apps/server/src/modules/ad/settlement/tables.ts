import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysUser, updatedAt } from '../../../platform/db/tables.ts';
import { adPoint } from '../points/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * 结算单: what an operator owes a use unit for a month (per operator, unit and month, unique). A
 * pending one is recomputed in place; an approved one is frozen (the compute's upsert skips it).
 */
export const adSettlement = pgTable(
  'ad_settlement',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    useCompanyId: integer('use_company_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    /** yyyy-MM */
    month: text('month').notNull(),
    pointCount: integer('point_count').notNull(),
    paidDays: bigint('paid_days', { mode: 'number' }).notNull(),
    revenue: money('revenue').notNull(),
    share: numeric('share', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    status: smallint('status').notNull().default(1),
    approvedBy: integer('approved_by').references(() => sysUser.id, { onDelete: 'set null' }),
    approvedAt: at('approved_at'),
    computedAt: at('computed_at').notNull().defaultNow(),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ad_settlement_uq').on(t.operatorId, t.useCompanyId, t.month),
    index('ad_settlement_use_idx').on(t.useCompanyId, t.month),
    index('ad_settlement_month_idx').on(t.month, t.id),
  ],
);

/** One point's days and money on a settlement (replaced with the settlement while it is pending). */
export const adSettlementLine = pgTable(
  'ad_settlement_line',
  {
    id: serial('id').primaryKey(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => adSettlement.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => adPoint.id, { onDelete: 'cascade' }),
    paidDays: integer('paid_days').notNull(),
    revenue: money('revenue').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [uniqueIndex('ad_settlement_line_uq').on(t.settlementId, t.pointId)],
);
