import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysUser, updatedAt } from '../../../platform/db/tables.ts';
// Foreign keys to the lift only (test/module-boundaries.test.ts); queries go through elevator/api.ts.
import { elevator } from '../../elevator/tables.ts';

/** The value an insert carries for a column the trigger copies from the lift (never stored). */
const copiedFromLift =
  <T>(placeholder: T) =>
  () =>
    placeholder;

/**
 * 广告点位: a frame or a screen at a position in a lift, owned by an advertising operator. The lift's
 * register code, name, address, district, use unit, type, use occasion and coordinates are copied,
 * so that the availability search, the group counts, the scopes and the map read this table's
 * indexed columns alone. The database keeps the copy (migration 0056): a point written copies its
 * lift as it stands (the lift locked `for share`), and an update of a lift that changes one of
 * them updates the lift's points in the same statement, whoever writes it (a use claim passed or
 * released, the registry's edits and imports) — so lease before booking reads the lift's current
 * use unit. State: AD_POINT_STATE (contract ad/rules.ts).
 *
 * Lock order: whoever locks several points locks them by lift, then id (orders/service.ts
 * lockPoints); an update of lifts locks the points of those it changed so too (migration 0064).
 */
export const adPoint = pgTable(
  'ad_point',
  {
    id: serial('id').primaryKey(),
    pointNo: text('point_no').notNull(),
    /** The advertising operator that owns the point. */
    companyId: integer('company_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    elevatorId: integer('elevator_id')
      .notNull()
      .references(() => elevator.id, { onDelete: 'cascade' }),
    /** AD_POSITION: 1 轿厢左壁 2 轿厢右壁 3 轿厢后壁 4 候梯厅 */
    position: smallint('position').notNull(),
    /** e.g. 60×90cm */
    size: text('size').notNull(),
    /** AD_MEDIUM: 1 海报框架 2 电子屏 */
    medium: smallint('medium').notNull(),
    /** 元 per period (AD_PERIOD_DAYS). */
    price: integer('price').notNull(),
    /** AD_POINT_STATE: 1 空闲 2 已预订 3 投放中 4 维修 5 停用 */
    state: smallint('state').notNull().default(1),
    /** The QR code bound at the point by the field worker (the tasks part), once bound. */
    qrCode: text('qr_code'),
    // Copied from the lift by the database (migration 0056's `ad_point_copy_lift`), whatever an
    // insert passes: writers name the lift only, and the NOT NULL copies start as a placeholder.
    registerCode: text('register_code').notNull().$defaultFn(copiedFromLift('')),
    liftName: text('lift_name'),
    areaCode: text('area_code').notNull().$defaultFn(copiedFromLift('')),
    useCompanyId: integer('use_company_id').references(() => enterprise.id, { onDelete: 'set null' }),
    /** The lift's type (1 直梯 2 扶梯). */
    liftType: smallint('lift_type').notNull().$defaultFn(copiedFromLift(0)),
    useOccasion: text('use_occasion'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    address: text('address'),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ad_point_no_uq').on(t.pointNo),
    // One point per lift, position and medium (a lift's left wall holds one frame).
    uniqueIndex('ad_point_place_uq').on(t.elevatorId, t.position, t.medium),
    uniqueIndex('ad_point_qr_uq').on(t.qrCode).where(sql`${t.qrCode} is not null`),
    index('ad_point_company_idx').on(t.companyId, t.id),
    index('ad_point_company_area_idx').on(t.companyId, t.areaCode, t.id),
    index('ad_point_use_idx').on(t.useCompanyId, t.id),
    index('ad_point_area_idx').on(t.areaCode, t.id),
    index('ad_point_register_idx').on(t.registerCode),
  ],
);
