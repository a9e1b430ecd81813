import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysUser, updatedAt } from '../../../platform/db/tables.ts';

/* Tables of this part (re-exported by ../tables.ts for drizzle-kit). */

/**
 * 部门: a department of an inspection organisation. Its name is unique within the organisation
 * (the unique index decides two adds at once). A department still holding inspectors cannot be
 * deleted: the inspectors' foreign key restricts it.
 */
export const inspectionDepartment = pgTable(
  'inspection_department',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    leader: text('leader'),
    phone: text('phone'),
    description: text('description'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('inspection_department_org_name_uq').on(t.orgId, t.name)],
);

/**
 * 检验人员: an inspector of an organisation with the certificate (检验员证 number, 资格项目 DTY/DTS,
 * issuing authority, validity). `audit_state` mirrors the audit case (shared workflow, kind
 * 'inspection-inspector'): 2 待审核, 3 审核通过, 4 已驳回; only passed inspectors are distributed to
 * departments or offered by the pickers. Deleting is soft (`deleted_at`) so that the audit history
 * keeps its subject; a certificate number and a linked account belong to one live inspector only
 * (partial unique indexes).
 */
export const inspectionInspector = pgTable(
  'inspection_inspector',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => inspectionDepartment.id, {
      onDelete: 'restrict',
    }),
    userId: integer('user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** 1 男, 2 女. */
    gender: smallint('gender'),
    idNumber: text('id_number'),
    phone: text('phone'),
    certNo: text('cert_no').notNull(),
    /** DTY 电梯检验员, DTS 电梯检验师. */
    category: text('category').notNull(),
    issuingAuthority: text('issuing_authority'),
    issueDate: date('issue_date', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    auditState: smallint('audit_state').notNull().default(2),
    remark: text('remark'),
    /** The inspector's signature image (a PNG in sys_file), printed on the reports the inspector signs. */
    signatureFileId: text('signature_file_id'),
    version: integer('version').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspection_inspector_cert_uq').on(t.certNo).where(sql`deleted_at is null`),
    uniqueIndex('inspection_inspector_user_uq').on(t.userId).where(sql`deleted_at is null`),
    index('inspection_inspector_org_idx').on(t.orgId),
    index('inspection_inspector_department_idx').on(t.departmentId),
  ],
);
