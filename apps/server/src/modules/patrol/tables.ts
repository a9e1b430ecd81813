import type { PatrolTemplateItem } from '@ec/contract';
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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysUser, updatedAt } from '../../platform/db/tables.ts';
// Foreign keys to the lift only (test/module-boundaries.test.ts); queries go through elevator/api.ts.
import { elevator } from '../elevator/tables.ts';

/** 巡检内容: one thing a regulator checks at a lift or a use unit (contract patrol/contents.ts). */
export const patrolContent = pgTable(
  'patrol_content',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** lift | unit */
    appliesTo: text('applies_to').notNull(),
    requirement: text('requirement'),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('patrol_content_name_uq').on(t.appliesTo, t.name)],
);

/** 巡检模板: an ordered set of contents of one target kind. */
export const patrolTemplate = pgTable('patrol_template', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  targetKind: text('target_kind').notNull(),
  remark: text('remark'),
  enabled: boolean('enabled').notNull().default(true),
  version: integer('version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A template's contents in order; a content in a template is not deleted (restrict). */
export const patrolTemplateItem = pgTable(
  'patrol_template_item',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => patrolTemplate.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => patrolContent.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.contentId] }),
    index('patrol_template_item_content_idx').on(t.contentId),
  ],
);

/**
 * 巡检任务 (pollingOrder): a regulator's patrol over lifts or use units of one district. Every state
 * move is one `update … where id and state [and version] returning` (flow.ts).
 */
export const patrolTask = pgTable(
  'patrol_task',
  {
    id: serial('id').primaryKey(),
    /** XJ + yyyyMM + '-' + the id, six digits. */
    taskNo: text('task_no').notNull(),
    name: text('name').notNull(),
    areaCode: text('area_code').notNull(),
    templateId: integer('template_id').references(() => patrolTemplate.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    targetKind: text('target_kind').notNull(),
    /** The template's items when the task was made (later edits of the template do not change it). */
    items: jsonb('items').$type<PatrolTemplateItem[]>().notNull(),
    /** pending | running | done | cancelled */
    state: text('state').notNull().default('pending'),
    planStart: date('plan_start', { mode: 'string' }).notNull(),
    planEnd: date('plan_end', { mode: 'string' }).notNull(),
    remark: text('remark'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    creatorName: text('creator_name'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('patrol_task_no_uq').on(t.taskNo),
    index('patrol_task_area_idx').on(t.areaCode, t.state),
  ],
);

export const patrolTaskAssignee = pgTable(
  'patrol_task_assignee',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => patrolTask.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('patrol_task_assignee_user_idx').on(t.userId)],
);

/** A lift or use unit a task visits, with the place and companies as they were when it was made. */
export const patrolTarget = pgTable(
  'patrol_target',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => patrolTask.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    elevatorId: integer('elevator_id').references(() => elevator.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id').references(() => enterprise.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    useUnitId: integer('use_unit_id').references(() => enterprise.id, { onDelete: 'set null' }),
    maintenanceCompanyId: integer('maintenance_company_id').references(() => enterprise.id, {
      onDelete: 'set null',
    }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy: doublePrecision('accuracy'),
    seq: integer('seq').notNull().default(0),
  },
  (t) => [
    uniqueIndex('patrol_target_lift_uq').on(t.taskId, t.elevatorId).where(sql`${t.elevatorId} is not null`),
    uniqueIndex('patrol_target_unit_uq').on(t.taskId, t.unitId).where(sql`${t.unitId} is not null`),
    index('patrol_target_task_idx').on(t.taskId, t.seq),
  ],
);

/** One result per task, target and item (the unique index); a 不符合 is final once its notice exists. */
export const patrolResult = pgTable(
  'patrol_result',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => patrolTask.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => patrolTarget.id, { onDelete: 'cascade' }),
    contentId: integer('content_id').notNull(),
    /** pass | fail | na */
    result: text('result').notNull(),
    remark: text('remark'),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    recordedBy: integer('recorded_by').references(() => sysUser.id, { onDelete: 'set null' }),
    recorderName: text('recorder_name'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('patrol_result_uq').on(t.taskId, t.targetId, t.contentId),
    index('patrol_result_photos_idx').using('gin', t.photos),
  ],
);

/** 整改通知: a finding for a company to put right by a deadline (contract patrol/notices.ts). */
export const patrolNotice = pgTable(
  'patrol_notice',
  {
    id: serial('id').primaryKey(),
    /** ZG + yyyyMM + '-' + the id, six digits. */
    noticeNo: text('notice_no').notNull(),
    taskId: integer('task_id')
      .notNull()
      .references(() => patrolTask.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => patrolTarget.id, { onDelete: 'cascade' }),
    resultId: integer('result_id')
      .notNull()
      .references(() => patrolResult.id, { onDelete: 'cascade' }),
    areaCode: text('area_code').notNull(),
    contentName: text('content_name').notNull(),
    problem: text('problem'),
    requirement: text('requirement'),
    /** use | maintenance */
    recipient: text('recipient').notNull(),
    recipientCompanyId: integer('recipient_company_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    /** open | answered | closed */
    state: text('state').notNull().default('open'),
    answerText: text('answer_text'),
    answerPhotos: text('answer_photos').array().notNull().default(sql`'{}'::text[]`),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('patrol_notice_no_uq').on(t.noticeNo),
    uniqueIndex('patrol_notice_result_uq').on(t.resultId),
    index('patrol_notice_recipient_idx').on(t.recipientCompanyId, t.state),
    index('patrol_notice_area_idx').on(t.areaCode, t.state),
    index('patrol_notice_task_idx').on(t.taskId),
    index('patrol_notice_photos_idx').using('gin', t.answerPhotos),
  ],
);

/** Who did what to a notice (answer, close, reopen), with the answer's text and photos each time. */
export const patrolNoticeEvent = pgTable(
  'patrol_notice_event',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => patrolNotice.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    text: text('text'),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    actorId: integer('actor_id').references(() => sysUser.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('patrol_notice_event_notice_idx').on(t.noticeId, t.id)],
);
