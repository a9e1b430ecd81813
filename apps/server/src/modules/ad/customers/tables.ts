import { date, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysUser, updatedAt } from '../../../platform/db/tables.ts';

/** 广告客户: a customer of an advertising operator (who books its points). */
export const adCustom = pgTable(
  'ad_custom',
  {
    id: serial('id').primaryKey(),
    /** The operator whose customer it is. */
    companyId: integer('company_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    industry: text('industry'),
    address: text('address'),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ad_custom_name_uq').on(t.companyId, t.name),
    index('ad_custom_company_idx').on(t.companyId, t.id),
  ],
);

/**
 * 意向客户: a lead from the partner channel (广电, gxgd) for an operator, followed up (AD_INTENTION_STATE
 * 待跟进 → 已受理 → 已成交, or 放弃) by conditional UPDATEs; accepting it makes (or finds) the
 * customer, and an order made from it marks it 已成交.
 */
export const adIntention = pgTable(
  'ad_intention',
  {
    id: serial('id').primaryKey(),
    intentionNo: text('intention_no').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    /** The partner channel (gxgd). */
    channel: text('channel').notNull().default('gxgd'),
    customerName: text('customer_name').notNull(),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    areaCode: text('area_code'),
    /** What the customer wants (points, districts, themes). */
    demand: text('demand'),
    /** 元 */
    budget: integer('budget'),
    pointCount: integer('point_count'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    status: smallint('status').notNull().default(1),
    followNote: text('follow_note'),
    customId: integer('custom_id').references(() => adCustom.id, { onDelete: 'set null' }),
    orderId: integer('order_id'),
    handledBy: integer('handled_by').references(() => sysUser.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ad_intention_no_uq').on(t.intentionNo),
    index('ad_intention_company_idx').on(t.companyId, t.status, t.id),
  ],
);
