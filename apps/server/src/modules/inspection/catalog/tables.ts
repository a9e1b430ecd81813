import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, updatedAt } from '../../../platform/db/tables.ts';

/* Tables of this part (re-exported by ../tables.ts for drizzle-kit). */

/**
 * 检验项目: one organisation's item catalogue (TSG T7001-2023 structure), `code` unique per
 * organisation. The varieties an item applies to are `inspection_item_variety`.
 */
export const inspectionItem = pgTable(
  'inspection_item',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    /** 项目编号, e.g. '2.3'. */
    code: text('code').notNull(),
    category: text('category').notNull(),
    name: text('name').notNull(),
    /** 检验内容与要求. */
    content: text('content'),
    /** 资料审查 / 目测 / 测量 / 试验. */
    method: text('method').notNull(),
    /** ★ key item. */
    keyItem: boolean('key_item').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('inspection_item_org_code_uq').on(t.orgId, t.code)],
);

/** Which 品种 (LIFT_VARIETIES code) an item applies to; one row per (item, variety). */
export const inspectionItemVariety = pgTable(
  'inspection_item_variety',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => inspectionItem.id, { onDelete: 'cascade' }),
    variety: text('variety').notNull(),
  },
  (t) => [
    uniqueIndex('inspection_item_variety_uq').on(t.itemId, t.variety),
    index('inspection_item_variety_variety_idx').on(t.variety),
  ],
);

/**
 * 检验收费标准: one organisation's tariff row per 品种 (the unique index decides: two adds for the same
 * variety at once → one row, one 409). Money in 分 (integers); sizes in metres (numeric).
 */
export const inspectionCost = pgTable(
  'inspection_cost',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    variety: text('variety').notNull(),
    /** 基本检验费 per 台, 分. */
    baseFee: integer('base_fee').notNull(),
    /** Stops included in the base fee. */
    baseStops: integer('base_stops'),
    /** Per stop above base_stops, 分. */
    extraStopFee: integer('extra_stop_fee'),
    loadThresholdKg: integer('load_threshold_kg'),
    loadPercentPerTonne: integer('load_percent_per_tonne'),
    riseThresholdM: numeric('rise_threshold_m', { precision: 8, scale: 2, mode: 'number' }),
    riseStepM: numeric('rise_step_m', { precision: 8, scale: 2, mode: 'number' }),
    risePercentPerStep: integer('rise_percent_per_step'),
    lengthThresholdM: numeric('length_threshold_m', { precision: 8, scale: 2, mode: 'number' }),
    lengthStepM: numeric('length_step_m', { precision: 8, scale: 2, mode: 'number' }),
    lengthPercentPerStep: integer('length_percent_per_step'),
    /** 监督检验 as % of the 定期检验 fee. */
    supervisionPercent: integer('supervision_percent').notNull().default(150),
    /** 限速器校验 included in the fee. */
    governorIncluded: boolean('governor_included').notNull().default(true),
    effectiveFrom: date('effective_from').notNull(),
    note: text('note'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('inspection_cost_org_variety_uq').on(t.orgId, t.variety)],
);
