import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
import { numberKey } from '../masking.ts';

/** Standard timestamp columns, shared by every module's tables. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Every party on the platform: maintenance companies, use units, inspection organisations … */
export const enterprise = pgTable(
  'enterprise',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    creditCode: text('credit_code'),
    kind: text('kind').notNull(),
    areaCode: text('area_code'),
    address: text('address'),
    legalPerson: text('legal_person'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    filingState: smallint('filing_state').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('enterprise_credit_code_uq').on(t.creditCode), index('enterprise_kind_idx').on(t.kind)],
);

/** The authority's own organisation tree (机构管理): bureaus, departments, offices. */
export const sysOffice = pgTable(
  'sys_office',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    code: text('code'),
    areaCode: text('area_code'),
    leader: text('leader'),
    phone: text('phone'),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sys_office_parent_idx').on(t.parentId), uniqueIndex('sys_office_code_uq').on(t.code)],
);

export const sysUser = pgTable(
  'sys_user',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    phone: text('phone'),
    realName: text('real_name').notNull(),
    email: text('email'),
    idNumber: text('id_number'),
    avatar: text('avatar'),
    introduction: text('introduction'),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type').notNull(),
    companyId: integer('company_id').references(() => enterprise.id),
    officeId: integer('office_id').references(() => sysOffice.id, { onDelete: 'set null' }),
    areaCodes: text('area_codes').array().notNull().default(sql`'{}'::text[]`),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    /** Filing state of the person (staff); companies carry their own. 1..4 as in the spec. */
    filingState: smallint('filing_state').notNull().default(3),
    builtIn: boolean('built_in').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** A one-time password an administrator or a company gave out: only the password change is open until it is changed. */
    passwordTemporary: boolean('password_temporary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sys_user_username_uq').on(t.username),
    uniqueIndex('sys_user_phone_uq').on(t.phone),
    // The masked lists' phone search (masking.ts sameNumber) compares this expression: its index
    // serves the search, which scanned every account before.
    index('sys_user_phone_digits_idx').on(numberKey(t.phone)),
    index('sys_user_company_idx').on(t.companyId),
  ],
);

/**
 * Every name an account can be reached by: its user name, its phone and its past ones. The primary
 * key decides that one value names one account; a trigger on sys_user keeps it (migration 0009), so
 * every writer of accounts is held to it, and sign-in resolves the name it is given here.
 */
export const sysUserIdentifier = pgTable(
  'sys_user_identifier',
  {
    value: text('value').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    /** username | phone | past (a former user name or phone, kept by its account and not for sign-in) */
    kind: text('kind').notNull(),
  },
  (t) => [index('sys_user_identifier_user_idx').on(t.userId)],
);

export const sysRole = pgTable(
  'sys_role',
  {
    id: serial('id').primaryKey(),
    roleKey: text('role_key').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** all | area | company | self */
    dataScope: text('data_scope').notNull().default('self'),
    roleType: text('role_type'),
    /** Permission strings granted beside the menu buttons; '*:*:*' grants all. */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    status: smallint('status').notNull().default(1),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_role_key_uq').on(t.roleKey)],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => sysRole.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)],
);

/** Menu tree: directories (M), pages (C) and buttons (F) whose `perms` are permission strings. */
export const sysMenu = pgTable(
  'sys_menu',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    url: text('url').notNull(),
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    type: text('type').notNull().default('C'),
    perms: text('perms'),
    createdAt: createdAt(),
  },
  (t) => [index('sys_menu_parent_idx').on(t.parentId)],
);

export const sysRoleMenu = pgTable(
  'sys_role_menu',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => sysRole.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => sysMenu.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** Bearer tokens, stored only as their SHA-256. */
export const authToken = pgTable(
  'auth_token',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxExpiresAt: timestamp('max_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Last request with the token, written at most once a minute (platform/auth/session.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_token_hash_uq').on(t.tokenHash),
    index('auth_token_user_idx').on(t.userId),
    // 在线用户: the sessions not revoked, by expiry.
    index('auth_token_active_idx').on(t.expiresAt).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Every sign-in attempt (登录日志), success or failure with the reason, written by the auth service
 * outside any transaction (a refused sign-in is logged too); purged after a retention period.
 */
export const loginLog = pgTable(
  'login_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** As typed (a user name or a phone). */
    username: text('username').notNull(),
    userId: integer('user_id'),
    success: boolean('success').notNull(),
    reason: text('reason'),
    /** password | sms */
    method: text('method').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('login_log_created_idx').on(t.createdAt)],
);

export const smsCode = pgTable(
  'sms_code',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_code_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

export const sysFile = pgTable('sys_file', {
  id: uuid('id').primaryKey(),
  fileName: text('file_name').notNull(),
  ext: text('ext').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  storageKey: text('storage_key').notNull(),
  uploaderId: integer('uploader_id').references(() => sysUser.id, { onDelete: 'set null' }),
  /** The uploader's organisation, which owns the file with the uploader (platform/files/references.ts). */
  ownerCompanyId: integer('owner_company_id').references(() => enterprise.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const sysParam = pgTable(
  'sys_param',
  {
    id: serial('id').primaryKey(),
    configKey: text('config_key').notNull(),
    value: text('value').notNull().default(''),
    name: text('name').notNull(),
    remark: text('remark'),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_param_key_uq').on(t.configKey)],
);

export const sysLogo = pgTable('sys_logo', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  logoId: uuid('logo_id').references(() => sysFile.id, { onDelete: 'set null' }),
  fileType: text('file_type').notNull().default('logo'),
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const sysDictType = pgTable(
  'sys_dict_type',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    remark: text('remark'),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_dict_type_code_uq').on(t.code)],
);

export const sysDictData = pgTable(
  'sys_dict_data',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => sysDictType.id, { onDelete: 'restrict' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_dict_data_type_key_uq').on(t.typeId, t.key)],
);

export const sysArea = pgTable(
  'sys_area',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    parentCode: text('parent_code'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('sys_area_parent_idx').on(t.parentCode)],
);

export const operationLog = pgTable(
  'operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    username: text('username'),
    ip: text('ip'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    summary: text('summary'),
    params: jsonb('params'),
    status: integer('status').notNull(),
    success: boolean('success').notNull(),
    message: text('message'),
    durationMs: integer('duration_ms').notNull(),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('operation_log_created_idx').on(t.createdAt), index('operation_log_user_idx').on(t.userId)],
);

/** One audit case of any record kind (platform/workflow). */
export const auditRecord = pgTable(
  'audit_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull(),
    /** Filing state: 1 not filed, 2 awaiting audit, 3 passed, 4 rejected. */
    state: smallint('state').notNull(),
    /** Audit state of the last decision: 1 approved, 0 rejected. */
    auditState: smallint('audit_state'),
    description: text('description'),
    areaCode: text('area_code'),
    companyId: integer('company_id'),
    payload: jsonb('payload'),
    version: integer('version').notNull().default(0),
    submittedBy: integer('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_record_kind_state_idx').on(t.kind, t.state),
    uniqueIndex('audit_record_subject_uq').on(t.kind, t.subjectId),
  ],
);

export const auditHistory = pgTable(
  'audit_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    auditId: bigint('audit_id', { mode: 'number' })
      .notNull()
      .references(() => auditRecord.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    actorId: integer('actor_id'),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_history_audit_idx').on(t.auditId)],
);

/**
 * Data upgrades done (platform/db/once.ts): a fix of existing rows that a start needs to run once per
 * installation, not at every start, claims its key here in the start's transaction.
 */
export const upgradeDone = pgTable('upgrade_done', {
  key: text('key').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  /** What the upgrade returned (rows changed), for the record. */
  result: integer('result'),
});

/** Last run of each scheduled job, so that a job runs once per period across nodes. */
export const jobState = pgTable('job_state', {
  name: text('name').primaryKey(),
  lastSlot: text('last_slot'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastStatus: text('last_status'),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
  /** Failed runs since the last successful one; the streak began at `fail_since`. */
  failStreak: integer('fail_streak').notNull().default(0),
  failSince: timestamp('fail_since', { withTimezone: true }),
});

/**
 * Every run of a scheduled job (platform/jobs.ts), written after the run outside the job's own
 * transaction, so a failed run's record survives its rollback. The last JOB_RUNS_KEPT per job are kept.
 */
export const jobRun = pgTable(
  'job_run',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** hostname:pid of the node that ran it. */
    node: text('node').notNull(),
    manual: boolean('manual').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    outcome: text('outcome').notNull(),
    error: text('error'),
  },
  (t) => [index('job_run_name_idx').on(t.name, t.id)],
);

/** Texts the platform shows, such as the user agreement on the register page; sanitised HTML. */
export const sysAgreement = pgTable(
  'sys_agreement',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    updatedBy: integer('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_agreement_kind_uq').on(t.kind)],
);

/**
 * The message centre (platform/notify.ts): one row per recipient, so each reads its own. A producer
 * that runs again (a daily expiry check) names the event with `dedupKey`: one row per user and key.
 * `smsState`: null when the kind sends no SMS, else 'pending' until the SMS job sends it ('sent',
 * 'skipped' when the user has no phone or is over the hourly limit, 'failed').
 */
export const notification = pgTable(
  'notification',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    dedupKey: text('dedup_key'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    smsState: text('sms_state'),
    smsAt: timestamp('sms_at', { withTimezone: true }),
  },
  (t) => [
    index('notification_user_idx').on(t.userId, t.id),
    index('notification_unread_idx').on(t.userId, t.kind).where(sql`read_at is null`),
    uniqueIndex('notification_dedup_uq').on(t.userId, t.kind, t.dedupKey).where(sql`dedup_key is not null`),
    index('notification_sms_pending_idx').on(t.id).where(sql`sms_state = 'pending'`),
  ],
);

/** Per kind of message: the roles whose holders receive it, whether it also goes out by SMS. */
export const notificationRule = pgTable('notification_rule', {
  kind: text('kind').primaryKey(),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  sms: boolean('sms').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * Background exports (platform/exports.ts): a list export too large for the 30-second window, run by
 * any node's worker (claimed with `for update skip locked`), its file in the storage backend.
 * `source` names the registered export, `input` its filters as the call received them.
 */
export const exportJob = pgTable(
  'export_job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    input: jsonb('input').notNull(),
    state: text('state').notNull().default('queued'),
    totalRows: integer('total_rows'),
    rows: integer('rows').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }),
    storageKey: text('storage_key'),
    error: text('error'),
    node: text('node'),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('export_job_user_idx').on(t.userId, t.id),
    index('export_job_queue_idx').on(t.id).where(sql`state = 'queued'`),
    index('export_job_running_idx').on(t.heartbeatAt).where(sql`state = 'running'`),
  ],
);
