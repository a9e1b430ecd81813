import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysUser, updatedAt } from '../../../platform/db/tables.ts';
import { inspectionChargeNotice } from '../orders/tables.ts';

/* Tables of this part (re-exported by ../tables.ts for drizzle-kit). */

/**
 * 检验账单: an organisation's bill to one use unit for a period (periodFrom..periodTo, Shanghai dates
 * of the notices' issue). Its state follows its charges (read.ts); the version goes up with every
 * payment recorded through it (batchEdit's WHERE).
 */
export const inspectionBill = pgTable(
  'inspection_bill',
  {
    id: serial('id').primaryKey(),
    /** ZD + yyyyMM of the period's start + '-' + the id, six digits (ZD202611-000012). */
    billNo: text('bill_no').notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => enterprise.id),
    useUnitId: integer('use_unit_id')
      .notNull()
      .references(() => enterprise.id),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspection_bill_no_uq').on(t.billNo),
    index('inspection_bill_org_idx').on(t.orgId, t.periodFrom),
    index('inspection_bill_use_unit_idx').on(t.useUnitId, t.periodFrom),
  ],
);

/** A charge notice of a bill: the unique notice decides that a notice is in one bill at most. */
export const inspectionBillCharge = pgTable(
  'inspection_bill_charge',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => inspectionBill.id, { onDelete: 'cascade' }),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => inspectionChargeNotice.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('inspection_bill_charge_notice_uq').on(t.noticeId),
    index('inspection_bill_charge_bill_idx').on(t.billId),
  ],
);
