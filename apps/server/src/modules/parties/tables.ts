import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysFile, sysUser, updatedAt } from '../../platform/db/tables.ts';
import { liftReference } from '../elevator/api.ts';

const fileColumn = (name: string) => uuid(name).references(() => sysFile.id, { onDelete: 'set null' });

/**
 * What a maintenance company files beyond the party row (`enterprise`): its TSG 07 licence
 * (许可项目, 等级, 编号, 有效期) and the scans. The filing state lives on `enterprise.filing_state`.
 */
export const maintenanceUnitProfile = pgTable(
  'maintenance_unit_profile',
  {
    enterpriseId: integer('enterprise_id')
      .primaryKey()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    licenceType: text('licence_type'),
    licenceGrade: text('licence_grade'),
    licenceNo: text('licence_no'),
    licenceExpiry: date('licence_expiry'),
    licenceFileId: fileColumn('licence_file_id'),
    businessLicenceFileId: fileColumn('business_licence_file_id'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Who may read a scan is looked up from the file (parties/files.ts).
    index('maintenance_unit_profile_licence_file_idx').on(t.licenceFileId),
    index('maintenance_unit_profile_business_file_idx').on(t.businessLicenceFileId),
  ],
);

/** A use unit (使用单位 / building company): its kind and its 电梯安全总监 (总局令第74号). */
export const useUnitProfile = pgTable(
  'use_unit_profile',
  {
    enterpriseId: integer('enterprise_id')
      .primaryKey()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    unitType: text('unit_type'),
    safetyDirector: text('safety_director'),
    safetyDirectorPhone: text('safety_director_phone'),
    businessLicenceFileId: fileColumn('business_licence_file_id'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('use_unit_profile_business_file_idx').on(t.businessLicenceFileId)],
);

/** An inspection organisation's approval (核准证); its own module adds the rest later. */
export const inspectionOrgProfile = pgTable(
  'inspection_org_profile',
  {
    enterpriseId: integer('enterprise_id')
      .primaryKey()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    approvalNo: text('approval_no'),
    approvalExpiry: date('approval_expiry'),
    approvalFileId: fileColumn('approval_file_id'),
    businessLicenceFileId: fileColumn('business_licence_file_id'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('inspection_org_profile_approval_file_idx').on(t.approvalFileId),
    index('inspection_org_profile_business_file_idx').on(t.businessLicenceFileId),
  ],
);

/**
 * A person of a company beyond the account (`sys_user`): maintenance workers, safety officers and
 * admins who asked to join an existing company. `company_id` is the company filed for; the account's
 * own `sys_user.company_id` is set only once the filing passes. The person's filing state is
 * `sys_user.filing_state`.
 */
export const staffProfile = pgTable(
  'staff_profile',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => enterprise.id),
    /** staff | admin | safety_officer | safety_director */
    role: text('role').notNull(),
    position: text('position'),
    idNumber: text('id_number').notNull(),
    certType: text('cert_type'),
    certNo: text('cert_no'),
    certExpiry: date('cert_expiry'),
    certFileId: fileColumn('cert_file_id'),
    photoFileId: fileColumn('photo_file_id'),
    /** 1 在职, 0 离职 (after a passed leave). */
    employed: smallint('employed').notNull().default(1),
    leaveReason: text('leave_reason'),
    leaveDate: date('leave_date'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_profile_id_number_uq').on(t.idNumber),
    index('staff_profile_company_idx').on(t.companyId, t.userId),
    index('staff_profile_cert_file_idx').on(t.certFileId),
    index('staff_profile_photo_file_idx').on(t.photoFileId),
  ],
);

/** 维保合同 between a maintenance company and a use unit, audited; its elevators are listed below. */
export const maintenanceContract = pgTable(
  'maintenance_contract',
  {
    id: serial('id').primaryKey(),
    contractNo: text('contract_no').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id')
      .notNull()
      .references(() => enterprise.id),
    useCompanyId: integer('use_company_id')
      .notNull()
      .references(() => enterprise.id),
    /** Area of the use unit, for the regulator's scope. */
    areaCode: text('area_code'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    planType: text('plan_type').notNull(),
    amount: real('amount'),
    signDate: date('sign_date'),
    contractFileId: fileColumn('contract_file_id'),
    remark: text('remark'),
    /** The audit workflow's state mirrored: 1 not submitted, 2 pending, 3 passed, 4 rejected. */
    filingState: smallint('filing_state').notNull().default(1),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('maintenance_contract_no_uq').on(t.contractNo),
    index('maintenance_contract_maintenance_idx').on(t.maintenanceCompanyId, t.id),
    index('maintenance_contract_use_idx').on(t.useCompanyId, t.id),
    index('maintenance_contract_file_idx').on(t.contractFileId),
  ],
);

export const maintenanceContractElevator = pgTable(
  'maintenance_contract_elevator',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => maintenanceContract.id, { onDelete: 'cascade' }),
    elevatorId: liftReference('elevator_id'),
    /**
     * The contract's period and whether it is open (pending or passed), copied by triggers from the
     * contract (migration 0011): never written by the application. The exclusion constraint
     * `maintenance_contract_elevator_no_overlap` (btree_gist: elevator_id =, daterange(start, end) &&,
     * where active) keeps an elevator in one open contract per day.
     */
    startDate: date('start_date'),
    endDate: date('end_date'),
    active: boolean('active').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.elevatorId] }),
    index('maintenance_contract_elevator_idx').on(t.elevatorId),
  ],
);

/** The safety officer (安全员) assigned to an elevator: at most one per elevator (总局令第74号). */
export const elevatorSafetyOfficer = pgTable(
  'elevator_safety_officer',
  {
    elevatorId: liftReference('elevator_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => enterprise.id),
    assignedBy: integer('assigned_by').references(() => sysUser.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('elevator_safety_officer_user_idx').on(t.userId)],
);

/** 小区: named places elevators stand in, optionally managed by a use unit. */
export const community = pgTable(
  'community',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    areaCode: text('area_code').notNull(),
    address: text('address').notNull(),
    useCompanyId: integer('use_company_id').references(() => enterprise.id, { onDelete: 'set null' }),
    buildingCount: integer('building_count'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('community_area_name_uq').on(t.areaCode, t.name),
    index('community_use_company_idx').on(t.useCompanyId),
  ],
);

/** 维保激励: a use unit's rating of its maintenance company for one elevator (1–5). */
export const maintenanceRating = pgTable(
  'maintenance_rating',
  {
    id: serial('id').primaryKey(),
    elevatorId: liftReference('elevator_id'),
    maintenanceCompanyId: integer('maintenance_company_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    useCompanyId: integer('use_company_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    areaCode: text('area_code'),
    /** The confirmed maintenance order rated (the maintenance issue fills it). */
    orderId: integer('order_id'),
    /** yyyy-MM in Asia/Shanghai: one rating per elevator and month. */
    period: text('period').notNull(),
    score: smallint('score').notNull(),
    comment: text('comment'),
    ratedBy: integer('rated_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('maintenance_rating_company_idx').on(t.maintenanceCompanyId),
    uniqueIndex('maintenance_rating_order_uq').on(t.orderId).where(sql`order_id is not null`),
    /** One rating per elevator and month, with or without an order (migration 0011). */
    uniqueIndex('maintenance_rating_period_uq').on(t.elevatorId, t.period),
  ],
);
