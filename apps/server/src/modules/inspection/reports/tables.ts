import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysUser, updatedAt } from '../../../platform/db/tables.ts';
// Foreign keys to the lift only (test/module-boundaries.test.ts); queries go through elevator/api.ts.
import { elevator } from '../../elevator/tables.ts';
import { inspectionItem } from '../catalog/tables.ts';
import { inspectionOrder } from '../orders/tables.ts';
import { inspectionInspector } from '../people/tables.ts';

/* Tables of this part (re-exported by ../tables.ts for drizzle-kit). */

/**
 * 检验报告: one per order and attempt (1 the first inspection, 2.. the re-inspections). The lift, the
 * organisation, the use unit and the inspector's account are the order's, copied for the scope.
 * States (contract inspection/reports.ts): inspecting → signed → pushed; inspecting | signed → closed.
 * Every move is one `update … where id and state [and version] returning`.
 */
export const inspectionReport = pgTable(
  'inspection_report',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => inspectionOrder.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull().default(1),
    /** BG + the order number's digits + '-' + attempt (BG202611-000123-1). */
    reportNo: text('report_no').notNull(),
    elevatorId: integer('elevator_id')
      .notNull()
      .references(() => elevator.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => enterprise.id),
    useUnitId: integer('use_unit_id')
      .notNull()
      .references(() => enterprise.id),
    inspectorUserId: integer('inspector_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    /** inspection_inspector ids (the order's inspector first). */
    inspectorIds: integer('inspector_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** inspection_equipment ids used. */
    instrumentIds: integer('instrument_ids').array().notNull().default(sql`'{}'::integer[]`),
    state: text('state').notNull().default('inspecting'),
    /** 合格 / 不合格 / 复检合格 / 复检不合格: drawn from the results when signed. */
    conclusion: text('conclusion'),
    rectificationDeadline: date('rectification_deadline', { mode: 'string' }),
    nextInspectionDate: date('next_inspection_date', { mode: 'string' }),
    inspectedOn: date('inspected_on', { mode: 'string' }),
    remark: text('remark'),
    pdfRemark: text('pdf_remark'),
    /** The current original record (its versions in inspection_report_file_history). */
    originalRecordFileId: text('original_record_file_id'),
    signed: boolean('signed').notNull().default(false),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: integer('signed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    /** 审核人员 (an inspection_inspector of the organisation), named when the report is pushed. */
    reviewerId: integer('reviewer_id').references(() => inspectionInspector.id, { onDelete: 'set null' }),
    pushed: boolean('pushed').notNull().default(false),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    /** The report date (出具日期): when pushed. */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspection_report_no_uq').on(t.reportNo),
    uniqueIndex('inspection_report_order_attempt_uq').on(t.orderId, t.attempt),
    index('inspection_report_org_idx').on(t.orgId, t.inspectedOn),
    index('inspection_report_inspector_idx').on(t.inspectorUserId),
    index('inspection_report_lift_idx').on(t.elevatorId),
    // The reports naming an instrument (an instrument a report names is not deleted) …
    index('inspection_report_instruments_idx').using('gin', t.instrumentIds),
    // … and the open reports naming an inspector (one with open work is not deleted): people/open-work.ts.
    index('inspection_report_open_inspectors_idx')
      .using('gin', t.inspectorIds)
      .where(sql`${t.state} in ('inspecting', 'signed')`),
  ],
);

/** 检验结果: one row per report and catalogue item (name and ★ copied: the report keeps them). */
export const inspectionResult = pgTable(
  'inspection_result',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => inspectionReport.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => inspectionItem.id),
    code: text('code').notNull(),
    category: text('category').notNull(),
    name: text('name').notNull(),
    keyItem: boolean('key_item').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** 符合 / 不符合 / 无此项; null until recorded. */
    result: text('result'),
    remark: text('remark'),
    photoFileIds: text('photo_file_ids').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspection_result_report_item_uq').on(t.reportId, t.itemId),
    index('inspection_result_photos_idx').using('gin', t.photoFileIds),
  ],
);

/** 报告原始记录历史: every version of a report's original record file (updateOriginalRecord). */
export const inspectionReportFileHistory = pgTable(
  'inspection_report_file_history',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => inspectionReport.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileId: text('file_id').notNull(),
    uploadedBy: integer('uploaded_by').references(() => sysUser.id, { onDelete: 'set null' }),
    uploaderName: text('uploader_name'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inspection_report_file_history_uq').on(t.reportId, t.version),
    index('inspection_report_file_history_file_idx').on(t.fileId),
  ],
);

/**
 * 报告所用检验设备（签字时）: per signed report and instrument, what the report prints about it (name,
 * model, number, calibration dates) as it was when the report was signed, written in the signing
 * transaction from the instrument rows read for share (flow.ts signReport). A signed report shows
 * these (read.ts), so a recalibration or an edit of the instrument afterwards does not change it; an
 * unsigned report shows the instruments' current rows. The instrument is named by id without a
 * foreign key: the record stands on its own (an instrument a report names is not deleted anyway,
 * instruments/equipment.ts).
 */
export const inspectionReportInstrument = pgTable(
  'inspection_report_instrument',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => inspectionReport.id, { onDelete: 'cascade' }),
    /** The inspection_equipment id. */
    equipmentId: integer('equipment_id').notNull(),
    name: text('name').notNull(),
    model: text('model'),
    /** 出厂编号 (the number printed). */
    serialNo: text('serial_no').notNull(),
    calibratedOn: date('calibrated_on', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('inspection_report_instrument_uq').on(t.reportId, t.equipmentId)],
);
