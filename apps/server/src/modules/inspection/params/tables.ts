import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterprise, updatedAt } from '../../../platform/db/tables.ts';
// Foreign keys to the lift only (test/module-boundaries.test.ts); queries go through elevator/api.ts.
import { elevator } from '../../elevator/tables.ts';
import { inspectionOrder } from '../orders/tables.ts';

/**
 * 技术参数: what an organisation recorded of a lift it inspects (imported from its .xls/.xlsx or
 * edited), one row per organisation and lift. The quote (catalog/) reads the variety, stops, rise,
 * length and load from here (params/facts.ts), falling back to the registry's.
 */
export const inspectionTechParam = pgTable(
  'inspection_tech_param',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    elevatorId: integer('elevator_id')
      .notNull()
      .references(() => elevator.id, { onDelete: 'cascade' }),
    /** 品种 code (LIFT_VARIETIES). */
    variety: text('variety'),
    /** 层站数 (stops). */
    stops: integer('stops'),
    doors: integer('doors'),
    /** 额定载重量, kg. */
    ratedLoad: real('rated_load'),
    /** 额定速度, m/s. */
    ratedSpeed: real('rated_speed'),
    /** 提升高度, m (escalators and lifts). */
    riseM: real('rise_m'),
    /** 名义长度 / 使用区段长度, m (moving walks). */
    lengthM: real('length_m'),
    controlMode: text('control_mode'),
    /** Further parameters of the organisation's sheet, by column title. */
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** The inspection order (part 2) the lift went on; null while undistributed (待分配). */
    orderId: integer('order_id').references(() => inspectionOrder.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspection_tech_param_org_lift_uq').on(t.orgId, t.elevatorId),
    index('inspection_tech_param_lift_idx').on(t.elevatorId),
    // The undistributed rows of an organisation (undistributedList, countUndistributedList).
    index('inspection_tech_param_undistributed_idx')
      .on(t.orgId, t.elevatorId)
      .where(sql`${t.orderId} is null`),
  ],
);
