/**
 * The audit desks of the people's filings and of workers' leaves, and the leave application.
 */
import type { AuditInfo, LeaveAuditRow, PersonAuditRow } from '@ec/contract';
import { eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { auditRecord, enterprise, sysUser } from '../../../platform/db/tables.ts';
import { conflict } from '../../../platform/errors.ts';
import { auditDesk } from '../../../platform/workflow/audit-desk.ts';
import { decide, submit } from '../../../platform/workflow.ts';
import { assertReviewer } from '../common.ts';
import { staffProfile } from '../tables.ts';
import { PERSON_KINDS, type PersonKey, staffLeaveKind } from './kinds.ts';
import { personDetail, personIdentity, personRowOf, selectPersons } from './read.ts';
import { editable } from './write.ts';

const caseUser = alias(sysUser, 'case_user');

function selectPersonCases(q: Queryable) {
  return q
    .select({ audit: auditRecord, u: caseUser, p: staffProfile, companyName: enterprise.name })
    .from(auditRecord)
    .innerJoin(caseUser, eq(sql`${caseUser.id}::text`, auditRecord.subjectId))
    .innerJoin(staffProfile, eq(staffProfile.userId, caseUser.id))
    .innerJoin(enterprise, eq(enterprise.id, staffProfile.companyId))
    .$dynamic();
}
type PersonCaseJoin = Awaited<ReturnType<ReturnType<typeof selectPersonCases>['execute']>>;

type PersonCaseRow = PersonCaseJoin[number];

const personAuditRow = (r: PersonCaseRow, info: AuditInfo, viewer: AuthUser): PersonAuditRow => ({
  ...info,
  userId: r.u.id,
  ...personIdentity(viewer, r),
  certType: r.p.certType,
  certNo: r.p.certNo,
  certExpiry: r.p.certExpiry,
});

/** The filters of the people's audit lists (filings and leaves). */
const personCaseFilters = (f: { realName?: string; companyId?: number }) => [
  f.realName ? ilike(caseUser.realName, likePattern(f.realName)) : undefined,
  f.companyId ? eq(staffProfile.companyId, f.companyId) : undefined,
];

const personDesk = (key: PersonKey) =>
  auditDesk({
    kind: PERSON_KINDS[key].audit,
    selectCases: selectPersonCases,
    filters: personCaseFilters,
    toRow: personAuditRow,
    subjectKey: 'person',
    loadSubject: (q, viewer, row) => personDetail(q, viewer, key, row.userId),
    assertReviewer,
  });

/** The audit of each kind of person's filing (lists, detail, decisions, deleting decided cases). */
export const personDesks = {
  maintenance: personDesk('maintenance'),
  use: personDesk('use'),
  inspection: personDesk('inspection'),
};

/** Applies for a worker's leave: the worker, its company admin, or a reviewer (passed at once). */
export async function applyLeave(
  tx: Queryable,
  user: AuthUser,
  input: { id: number; leaveReason: string; leaveDate: string },
) {
  const t = await editable(tx, user, 'maintenance', input.id);
  if (t.p.role !== 'staff' || t.p.employed !== 1 || t.u.filingState !== 3) {
    throw conflict('只有已备案的在职维保人员可以申请离职');
  }
  await tx
    .update(staffProfile)
    .set({ leaveReason: input.leaveReason, leaveDate: input.leaveDate, updatedAt: new Date() })
    .where(eq(staffProfile.userId, input.id));
  const record = await submit(tx, staffLeaveKind, {
    subjectId: input.id,
    actorId: user.id,
    areaCode: t.companyArea,
    companyId: t.p.companyId,
    description: input.leaveReason,
  });
  if (t.as === 'reviewer') {
    await decide(tx, staffLeaveKind, {
      auditId: record.id,
      actorId: user.id,
      decision: 'pass',
      description: '监管部门办理离职',
    });
  }
  const [row] = await selectPersons(tx, 'maintenance').where(eq(staffProfile.userId, input.id));
  return personRowOf(user, row);
}

const leaveAuditRow = (r: PersonCaseRow, info: AuditInfo): LeaveAuditRow => ({
  ...info,
  userId: r.u.id,
  realName: r.u.realName,
  companyId: r.p.companyId,
  companyName: r.companyName,
  leaveReason: r.p.leaveReason,
  leaveDate: r.p.leaveDate,
});

/** The audit of workers' leaves (list and decisions). */
export const leaveDesk = auditDesk({
  kind: staffLeaveKind,
  selectCases: selectPersonCases,
  filters: personCaseFilters,
  toRow: leaveAuditRow,
  assertReviewer,
});
