import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { enterprise, sysFile, sysUser } from '../../platform/db/tables.ts';

/**
 * The search grams of a lift (search_grams) and its scope tokens: `a:<district>`, `m:<maintenance
 * company id>` and `u:<use unit id>` (search.ts scopeGram). The GIN index is over this expression,
 * so that one probe answers "contains 民族 in district 450103": a district's term no longer fetches
 * every lift of the term from the table to drop those of other districts. PostgreSQL keeps the index
 * in step with every write that changes a lift's district or companies, in that write's own
 * statement; a text gram never holds ':' (normalise drops it), so a token never matches a text.
 * Queries must spell the expression exactly as the index does: use `scopedGrams`.
 */
export function scopedGramsOf(t: {
  searchGrams: AnyColumn;
  areaCode: AnyColumn;
  maintenanceCompanyId: AnyColumn;
  useCompanyId: AnyColumn;
}): SQL {
  return sql`(${t.searchGrams} || array['a:' || ${t.areaCode}, 'm:' || coalesce(${t.maintenanceCompanyId}::text, ''), 'u:' || coalesce(${t.useCompanyId}::text, '')])`;
}

/** The GIN index over scopedGramsOf: its statistics say how many lifts hold each gram (list.ts). */
export const SCOPED_GRAMS_INDEX = 'elevator_scoped_grams_idx';

/** 电梯台账: one row per elevator, identifiers as strings (DOMAIN.md §1). */
export const elevator = pgTable(
  'elevator',
  {
    id: serial('id').primaryKey(),
    registerCode: text('register_code').notNull(),
    deviceCode: text('device_code'),
    useCertNo: text('use_cert_no'),
    rescueCode: text('rescue_code'),
    supervisionCode: text('supervision_code'),
    name: text('name'),
    internalNo: text('internal_no'),
    factoryNo: text('factory_no'),
    /** 1 直梯, 2 扶梯 */
    type: smallint('type').notNull(),
    /** 品种 code of 《特种设备目录》, e.g. 3110. */
    variety: text('variety'),
    useOccasion: text('use_occasion'),
    areaCode: text('area_code').notNull(),
    address: text('address').notNull(),
    community: text('community'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    useCompanyId: integer('use_company_id').references(() => enterprise.id),
    maintenanceCompanyId: integer('maintenance_company_id').references(() => enterprise.id),
    /** 0 not claimed, 2 claim awaiting review, 3 bound; kept in step by the claim workflow. */
    maintenanceClaimState: smallint('maintenance_claim_state').notNull().default(0),
    useClaimState: smallint('use_claim_state').notNull().default(0),
    manufacturer: text('manufacturer'),
    installer: text('installer'),
    brand: text('brand'),
    model: text('model'),
    ratedLoad: real('rated_load'),
    ratedSpeed: real('rated_speed'),
    floors: integer('floors'),
    manufactureDate: date('manufacture_date'),
    installDate: date('install_date'),
    registerDate: date('register_date'),
    lastInspectDate: date('last_inspect_date'),
    nextInspectDate: date('next_inspect_date'),
    /** 1 enabled, 0 disabled (启用/停用 in the registry). */
    status: smallint('status').notNull().default(1),
    /** 1 在用, 2 停用, 3 报废 */
    useStatus: smallint('use_status').notNull().default(1),
    /** Two-character grams of address, community and name: serves 2-character Chinese searches. */
    searchGrams: text('search_grams').array().notNull().default(sql`'{}'::text[]`),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('elevator_register_code_uq').on(t.registerCode),
    uniqueIndex('elevator_device_code_uq').on(t.deviceCode),
    uniqueIndex('elevator_rescue_code_uq').on(t.rescueCode),
    index('elevator_area_idx').on(t.areaCode, t.id),
    index('elevator_maintenance_company_idx').on(t.maintenanceCompanyId, t.id),
    // The regulator's usual filter: its district and one maintenance company, newest first.
    index('elevator_area_maintenance_idx').on(t.areaCode, t.maintenanceCompanyId, t.id),
    index('elevator_use_company_idx').on(t.useCompanyId, t.id),
    index('elevator_next_inspect_idx').on(t.nextInspectDate),
    // A district's or a company's list filtered on 启用状态, 认领状态 or 检验状态 (migration 0012).
    index('elevator_area_status_idx').on(t.areaCode, t.status, t.id),
    index('elevator_maintenance_status_idx').on(t.maintenanceCompanyId, t.status, t.id),
    index('elevator_area_claim_idx').on(t.areaCode, t.maintenanceClaimState, t.id),
    index('elevator_maintenance_claim_idx').on(t.maintenanceCompanyId, t.maintenanceClaimState, t.id),
    index('elevator_area_inspect_idx').on(t.areaCode, t.nextInspectDate).where(sql`${t.useStatus} = 1`),
    index('elevator_maintenance_inspect_idx')
      .on(t.maintenanceCompanyId, t.nextInspectDate)
      .where(sql`${t.useStatus} = 1`),
    // A district and a maintenance company with a state (a regulator's company filter, a company's
    // district filter): the count is an index-only range instead of a bitmap AND of two indexes and
    // the heap (18 ms → 0.3 ms for 1,001 of 1,000,000 lifts; migration 0069, docs/benchmarks.md).
    index('elevator_area_maintenance_status_idx').on(t.areaCode, t.maintenanceCompanyId, t.status, t.id),
    index('elevator_area_maintenance_claim_idx').on(
      t.areaCode,
      t.maintenanceCompanyId,
      t.maintenanceClaimState,
      t.id,
    ),
    index('elevator_area_maintenance_inspect_idx')
      .on(t.areaCode, t.maintenanceCompanyId, t.nextInspectDate)
      .where(sql`${t.useStatus} = 1`),
    // The grams with the lift's scope tokens (scopedGramsOf): one probe applies a term and a scope.
    index(SCOPED_GRAMS_INDEX).using('gin', scopedGramsOf(t)),
  ],
);

/**
 * One claim of an elevator by a company (认领): a maintenance company or a use unit. Each claim is
 * one case of the audit workflow; at most one claim per elevator and type is pending or bound.
 */
export const elevatorClaim = pgTable(
  'elevator_claim',
  {
    id: serial('id').primaryKey(),
    elevatorId: integer('elevator_id')
      .notNull()
      .references(() => elevator.id, { onDelete: 'cascade' }),
    claimType: text('claim_type').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => enterprise.id),
    communityId: integer('community_id'),
    /** The workflow state mirrored: 1 withdrawn/released, 2 pending, 3 bound, 4 rejected. */
    state: smallint('state').notNull().default(2),
    auditId: integer('audit_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('elevator_claim_elevator_idx').on(t.elevatorId),
    index('elevator_claim_company_idx').on(t.companyId, t.state),
    uniqueIndex('elevator_claim_open_uq').on(t.elevatorId, t.claimType).where(sql`state in (2, 3)`),
  ],
);

/** 电梯附件: a stored file (sys_file) attached to an elevator; one row per elevator and file. */
export const elevatorAttachment = pgTable(
  'elevator_attachment',
  {
    id: serial('id').primaryKey(),
    elevatorId: integer('elevator_id')
      .notNull()
      .references(() => elevator.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => sysFile.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('elevator_attachment_uq').on(t.elevatorId, t.fileId),
    index('elevator_attachment_file_idx').on(t.fileId),
  ],
);

/** The indexed grams-and-scope expression of `elevator` (scopedGramsOf), for queries. */
export const scopedGrams = scopedGramsOf(elevator);
