import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysFile, sysUser, updatedAt } from '../../platform/db/tables.ts';
// The one reference to another module's tables: the foreign key to the lift, which the database
// keeps true (a deleted lift takes its maintenance records with it). Tables files may name another
// module's table for a foreign key and for nothing else (test/module-boundaries.test.ts); queries go
// through the elevator module's api.ts.
import { elevator } from '../elevator/tables.ts';

const liftId = (name: string) =>
  integer(name)
    .notNull()
    .references(() => elevator.id, { onDelete: 'cascade' });
const fileId = (name: string) => uuid(name).references(() => sysFile.id, { onDelete: 'set null' });

/** One checklist line of a record as stored (the template item's snapshot and the worker's result). */
export interface StoredItem {
  itemId: number | null;
  seq: number;
  name: string;
  kind: number;
  requirement: string | null;
  measured: boolean;
  unit: string | null;
  result: '正常' | '已调整' | '已更换' | '异常' | '无此项' | null;
  value: string | null;
  note: string | null;
}
export interface StoredPart {
  name: string;
  model: string | null;
  quantity: number;
}

/** 维保内容: a checklist template of one appendix of TSG T5002-2017, versioned. */
export const maintenanceContent = pgTable('maintenance_content', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** A 曳引/强制驱动, B 液压, C 杂物, D 扶梯/人行道 */
  appendix: text('appendix').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark'),
  /** Raised by every change of the template or its items; each version's items are kept below. */
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** 维保项目: the items of a template, by interval (1 半月 … 4 年度). */
export const maintenanceContentItem = pgTable(
  'maintenance_content_item',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => maintenanceContent.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    seq: integer('seq').notNull().default(0),
    name: text('name').notNull(),
    requirement: text('requirement'),
    measured: boolean('measured').notNull().default(false),
    unit: text('unit'),
    seasonWindow: text('season_window'),
    version: integer('version').notNull().default(0),
  },
  (t) => [index('maintenance_content_item_content_idx').on(t.contentId, t.kind, t.seq)],
);

/** Each version of a template: its items as they were (an order keeps the version it was made with). */
export const maintenanceContentVersion = pgTable(
  'maintenance_content_version',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => maintenanceContent.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    items: jsonb('items').$type<StoredItem[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.version] })],
);

/** 维保计划: one per lift: template, interval, first date, workers; the job makes orders from it. */
export const maintenancePlan = pgTable(
  'maintenance_plan',
  {
    id: serial('id').primaryKey(),
    elevatorId: liftId('elevator_id'),
    maintenanceCompanyId: integer('maintenance_company_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => maintenanceContent.id),
    intervalDays: smallint('interval_days').notNull(),
    firstDate: date('first_date', { mode: 'string' }).notNull(),
    /** The plan date of the next order the job makes. */
    nextDate: date('next_date', { mode: 'string' }).notNull(),
    /** Orders made so far (the kind of the n-th visit follows from n). */
    visitSeq: integer('visit_seq').notNull().default(0),
    workerIds: integer('worker_ids').array().notNull().default(sql`'{}'::int[]`),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('maintenance_plan_elevator_uq').on(t.elevatorId),
    index('maintenance_plan_company_idx').on(t.maintenanceCompanyId),
    index('maintenance_plan_due_idx').on(t.nextDate).where(sql`enabled`),
  ],
);

/**
 * 维保工单: one maintenance visit of one lift (TSG T5002-2017 §2.5: who, when, which items with which
 * result, and the use unit's confirmation). The lift's area and companies are copied at creation:
 * the record names whom it was for, and the lists filter on them. A confirmed record is never
 * edited; its content hash is chained to the lift's previous confirmed record.
 */
export const maintenanceOrder = pgTable(
  'maintenance_order',
  {
    id: serial('id').primaryKey(),
    /** 工单号, e.g. WB202611080000123. */
    orderNo: text('order_no').notNull(),
    elevatorId: liftId('elevator_id'),
    planId: integer('plan_id').references(() => maintenancePlan.id, { onDelete: 'set null' }),
    maintenanceCompanyId: integer('maintenance_company_id').references(() => enterprise.id, {
      onDelete: 'set null',
    }),
    useCompanyId: integer('use_company_id').references(() => enterprise.id, { onDelete: 'set null' }),
    areaCode: text('area_code'),
    /** 1 半月, 2 季度, 3 半年, 4 年度 */
    kind: smallint('kind').notNull(),
    /** ORDER_STATUS of the contract: 0 待维保 … 6 已驳回 */
    status: smallint('status').notNull().default(0),
    planDate: date('plan_date', { mode: 'string' }).notNull(),
    /** The template it was made from: the database refuses to delete a template orders use. */
    contentId: integer('content_id').references(() => maintenanceContent.id, { onDelete: 'restrict' }),
    contentVersion: integer('content_version'),
    /** The workers assigned (accounts); `workers` are the names as they signed. */
    workerIds: integer('worker_ids').array().notNull().default(sql`'{}'::int[]`),
    workers: text('workers').array().notNull().default(sql`'{}'::text[]`),
    signInAt: timestamp('sign_in_at', { withTimezone: true }),
    signInLat: doublePrecision('sign_in_lat'),
    signInLng: doublePrecision('sign_in_lng'),
    signInDistanceM: integer('sign_in_distance_m'),
    /**
     * 签退: when and where the worker left the lift (set once: the UPDATE matches only while it is
     * null); from then on the record's content is fixed. Orders submitted before sign-out was a step
     * of its own have their submit time here and no position (migration 0068).
     */
    signOutAt: timestamp('sign_out_at', { withTimezone: true }),
    signOutLat: doublePrecision('sign_out_lat'),
    signOutLng: doublePrecision('sign_out_lng'),
    signOutDistanceM: integer('sign_out_distance_m'),
    /** 提交: the signed-out record sent to the use unit (backfilled from sign_out_at, migration 0068). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    items: jsonb('items').$type<StoredItem[]>().notNull().default([]),
    parts: jsonb('parts').$type<StoredPart[]>().notNull().default([]),
    workerSignatureFileId: fileId('worker_signature_file_id'),
    remark: text('remark'),
    confirmedByUserId: integer('confirmed_by_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    confirmedBy: text('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmSignatureFileId: fileId('confirm_signature_file_id'),
    confirmRemark: text('confirm_remark'),
    auditedBy: text('audited_by'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    auditRemark: text('audit_remark'),
    correctsOrderId: integer('corrects_order_id'),
    /** Tamper evidence: sha256 of the confirmed content, and of (previous chain hash + content hash). */
    contentHash: text('content_hash'),
    chainHash: text('chain_hash'),
    chainSeq: integer('chain_seq'),
    /**
     * Open findings (待核查 or 确认违规) of the order's checks, kept by a trigger on maintenance_check
     * in the transaction that changes them (migration 0030), so that the list reads a column, not a
     * count per row.
     */
    openFindings: integer('open_findings').notNull().default(0),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('maintenance_order_no_uq').on(t.orderNo),
    index('maintenance_order_elevator_idx').on(t.elevatorId, t.planDate),
    // The lists' usual filters (company, state, month) with their order (plan date, id), so that a
    // page stops after its rows; the regulator's the same within its district.
    index('maintenance_order_company_idx').on(t.maintenanceCompanyId, t.status, t.planDate, t.id),
    index('maintenance_order_area_company_idx').on(
      t.areaCode,
      t.maintenanceCompanyId,
      t.status,
      t.planDate,
      t.id,
    ),
    index('maintenance_order_use_idx').on(t.useCompanyId, t.planDate),
    index('maintenance_order_area_idx').on(t.areaCode, t.planDate),
    // No index on worker_ids: a worker's orders are found by plan date (his phone page: planned up to
    // today, not yet submitted), and a GIN on the array served no query but cost every order made
    // (migration 0044).
    /** The job makes one order per plan and date, however often it runs. */
    uniqueIndex('maintenance_order_plan_date_uq').on(t.planId, t.planDate).where(sql`plan_id is not null`),
    /** One place per confirmed record in its lift's chain: two confirmations cannot fork it. */
    uniqueIndex('maintenance_order_chain_uq').on(t.elevatorId, t.chainSeq).where(sql`chain_seq is not null`),
    /** A rejected record is redone once. */
    uniqueIndex('maintenance_order_corrects_uq')
      .on(t.correctsOrderId)
      .where(sql`corrects_order_id is not null`),
  ],
);

/**
 * The running part of a work order number (WB + plan date + this): the sequence starts at 1,000,000,
 * so it has 7 digits and more as it grows, never cut.
 */
export const ORDER_NO_SEQUENCE = sql<string>`nextval('maintenance_order_no_seq')::text`;
export const orderNoOn = (day: string) =>
  sql<string>`'WB' || ${day.replaceAll('-', '')} || ${ORDER_NO_SEQUENCE}`;

/** The photos of a record, with their content hash (the duplicate-photo check looks them up). */
export const maintenanceOrderPhoto = pgTable(
  'maintenance_order_photo',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => maintenanceOrder.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => sysFile.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    sha256: text('sha256').notNull(),
    seq: smallint('seq').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.fileId] }),
    index('maintenance_order_photo_hash_idx').on(t.sha256),
    index('maintenance_order_photo_file_idx').on(t.fileId),
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

/** 监管核查: a finding on a submitted order; a regulator marks it once (确认违规 or 误报). */
export const maintenanceCheck = pgTable(
  'maintenance_check',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => maintenanceOrder.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    detail: text('detail').notNull(),
    /** For a reused photo: the order that used it first. */
    otherOrderId: integer('other_order_id'),
    /** 0 待核查, 1 确认违规, 2 误报 */
    verdict: smallint('verdict').notNull().default(0),
    note: text('note'),
    reviewedBy: integer('reviewed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('maintenance_check_order_kind_uq').on(t.orderId, t.kind),
    index('maintenance_check_kind_idx').on(t.kind, t.verdict, t.createdAt),
  ],
);

/**
 * The maintenance state of each lift bound to a maintenance company: its area and companies (copied,
 * refreshed by the daily job), the plan date of its last submitted visit and the day the next one is
 * due. The overdue lists and counts read this table.
 */
export const maintenanceLift = pgTable(
  'maintenance_lift',
  {
    elevatorId: liftId('elevator_id').primaryKey(),
    maintenanceCompanyId: integer('maintenance_company_id'),
    useCompanyId: integer('use_company_id'),
    areaCode: text('area_code'),
    lastDoneDate: date('last_done_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('maintenance_lift_area_due_idx').on(t.areaCode, t.dueDate),
    index('maintenance_lift_company_due_idx').on(t.maintenanceCompanyId, t.dueDate),
  ],
);

/** The daily overdue count per district and company, for the statistics. */
export const maintenanceOverdueDaily = pgTable(
  'maintenance_overdue_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    lifts: integer('lifts').notNull(),
    overdue: integer('overdue').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.areaCode, t.maintenanceCompanyId] })],
);
