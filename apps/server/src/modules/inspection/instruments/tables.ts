/* Tables of this part (re-exported by ../tables.ts for drizzle-kit). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysFile, sysUser, updatedAt } from '../../../platform/db/tables.ts';

/**
 * 检验设备: an instrument of one inspection organisation (限速器测试仪, 钢丝绳探伤仪 …) with its
 * current calibration (检定/校准). The serial number is unique within the organisation. A recorded
 * calibration also lands in `inspection_equipment_calibration` (the history the detail shows).
 */
export const inspectionEquipment = pgTable(
  'inspection_equipment',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    model: text('model'),
    /** 出厂编号. */
    serialNo: text('serial_no').notNull(),
    manufacturer: text('manufacturer'),
    /** 测量范围. */
    measuringRange: text('measuring_range'),
    /** 准确度等级 / 精度. */
    accuracy: text('accuracy'),
    /** 1 检定, 2 校准 (EQUIPMENT_CALIBRATION_KIND). */
    calibrationKind: smallint('calibration_kind').notNull().default(1),
    calibratedOn: date('calibrated_on'),
    validUntil: date('valid_until'),
    certificateNo: text('certificate_no'),
    institution: text('institution'),
    /** 1 在用, 2 停用, 3 维修, 4 报废 (EQUIPMENT_STATE). */
    state: smallint('state').notNull().default(1),
    note: text('note'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspection_equipment_serial_uq').on(t.orgId, t.serialNo),
    index('inspection_equipment_valid_idx').on(t.orgId, t.validUntil),
  ],
);

/** One recorded calibration of an instrument (appended, never changed). */
export const inspectionEquipmentCalibration = pgTable(
  'inspection_equipment_calibration',
  {
    id: serial('id').primaryKey(),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => inspectionEquipment.id, { onDelete: 'cascade' }),
    calibrationKind: smallint('calibration_kind').notNull(),
    calibratedOn: date('calibrated_on').notNull(),
    validUntil: date('valid_until').notNull(),
    certificateNo: text('certificate_no'),
    institution: text('institution'),
    recordedBy: integer('recorded_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('inspection_equipment_calibration_eq_idx').on(t.equipmentId)],
);

/**
 * 印章: a seal image (a PNG with transparency) of an organisation. At most one enabled seal per
 * organisation and kind: the one a report is signed with.
 */
export const inspectionSeal = pgTable(
  'inspection_seal',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1 检验专用章, 2 检验报告专用章, 3 单位公章, 4 其他 (SEAL_KIND). */
    kind: smallint('kind').notNull(),
    fileId: uuid('file_id').references(() => sysFile.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(false),
    note: text('note'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspection_seal_enabled_uq').on(t.orgId, t.kind).where(sql`${t.enabled}`),
    index('inspection_seal_org_idx').on(t.orgId),
    index('inspection_seal_file_idx').on(t.fileId),
  ],
);
