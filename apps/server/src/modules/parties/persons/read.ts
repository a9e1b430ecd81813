/**
 * Reading people: who sees whom, lists, details, and the counts a company's pages show.
 */
import {
  addDays,
  CERT_EXPIRING_DAYS,
  CERT_STATUS_LABEL,
  CERT_TYPE_LABEL,
  formatDateTime,
  PERSON_ROLE_LABEL,
  type PersonDetail,
  type PersonRow,
  shanghaiToday,
} from '@ec/contract';
import { and, count, desc, eq, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AuthUser, scopeCondition } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { auditRecord, enterprise, sysUser } from '../../../platform/db/tables.ts';
import { notFound } from '../../../platform/errors.ts';
import { sameNumber } from '../../../platform/masking.ts';
import { historySteps } from '../../../platform/workflow.ts';
import {
  certStatusOf,
  fileRefs,
  filingLabel,
  filingOf,
  idNumberFor,
  phoneFor,
  seesInFull,
} from '../common.ts';
import { elevatorSafetyOfficer, staffProfile } from '../tables.ts';
import { companyKindOf, PERSON_KINDS, type PersonKey, staffLeaveKind } from './kinds.ts';

const leaveCase = alias(auditRecord, 'leave_case');

/** Persons a user may see: all, the company's area, the own company, the person themself. */
export const personScope = (user: AuthUser) =>
  scopeCondition(user, {
    area: enterprise.areaCode,
    company: staffProfile.companyId,
    owner: staffProfile.userId,
  });

export function selectPersons(q: Queryable, key: PersonKey) {
  const kind = PERSON_KINDS[key];
  return q
    .select({
      p: staffProfile,
      u: sysUser,
      companyName: enterprise.name,
      companyArea: enterprise.areaCode,
      audit: auditRecord,
      leave: leaveCase,
    })
    .from(staffProfile)
    .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
    .innerJoin(enterprise, eq(enterprise.id, staffProfile.companyId))
    .leftJoin(
      auditRecord,
      and(
        eq(auditRecord.kind, kind.audit.kind),
        eq(auditRecord.subjectId, sql`${staffProfile.userId}::text`),
      ),
    )
    .leftJoin(
      leaveCase,
      and(
        eq(leaveCase.kind, staffLeaveKind.kind),
        eq(leaveCase.subjectId, sql`${staffProfile.userId}::text`),
      ),
    );
}
type PersonJoin = Awaited<ReturnType<ReturnType<typeof selectPersons>['execute']>>[number];

/** A person's phone and ID number in full for that person only (one policy: platform/masking.ts). */
export const ownerOrAdmin = (user: AuthUser, personId: number) => seesInFull(user, { userId: personId });

/** Who a person is, as lists and audit rows show it to `viewer` (numbers masked unless theirs). */
export function personIdentity(
  viewer: AuthUser,
  r: { u: typeof sysUser.$inferSelect; p: typeof staffProfile.$inferSelect; companyName: string },
) {
  const full = ownerOrAdmin(viewer, r.u.id);
  return {
    realName: r.u.realName,
    phone: phoneFor(full, r.u.phone),
    idNumber: idNumberFor(full, r.p.idNumber),
    companyId: r.p.companyId,
    companyName: r.companyName,
    role: r.p.role,
    roleLabel: PERSON_ROLE_LABEL[r.p.role as keyof typeof PERSON_ROLE_LABEL] ?? r.p.role,
  };
}

export function personRowOf(user: AuthUser, r: PersonJoin, day = shanghaiToday()): PersonRow {
  const certStatus = certStatusOf(r.p.certExpiry, day);
  const leaveState = r.leave && r.leave.state !== 1 ? r.leave.state : null;
  return {
    id: r.u.id,
    ...personIdentity(user, r),
    position: r.p.position,
    certType: r.p.certType,
    certTypeLabel: r.p.certType
      ? (CERT_TYPE_LABEL[r.p.certType as keyof typeof CERT_TYPE_LABEL] ?? r.p.certType)
      : null,
    certNo: r.p.certNo,
    certExpiry: r.p.certExpiry,
    certStatus,
    certStatusLabel: CERT_STATUS_LABEL[certStatus],
    employed: r.p.employed === 1,
    leaveState,
    leaveStateLabel: leaveState === null ? null : leaveLabel(leaveState),
    ...filingOf(r.u.filingState, r.audit),
    createTime: formatDateTime(r.p.createdAt),
  };
}

const leaveLabel = (state: number) =>
  ({ 2: '离职待审核', 3: '已离职', 4: '离职申请被驳回' })[state] ?? filingLabel(state);

export interface PersonFilters {
  page: number;
  limit: number;
  companyId?: number;
  realName?: string;
  phone?: string;
  certType?: string;
  certStatus?: 'valid' | 'expiring' | 'expired' | 'none';
  filingState?: number;
  employed?: boolean;
}

function certStatusCondition(status: string | undefined, day: string): SQL | undefined {
  const soon = addDays(day, CERT_EXPIRING_DAYS);
  switch (status) {
    case 'none':
      return isNull(staffProfile.certExpiry);
    case 'expired':
      return sql`${staffProfile.certExpiry} < ${day}`;
    case 'expiring':
      return sql`${staffProfile.certExpiry} >= ${day} and ${staffProfile.certExpiry} <= ${soon}`;
    case 'valid':
      return sql`${staffProfile.certExpiry} > ${soon}`;
    default:
      return undefined;
  }
}

export async function listPersons(q: Queryable, user: AuthUser, key: PersonKey, f: PersonFilters) {
  const day = shanghaiToday();
  const where = and(
    eq(enterprise.kind, companyKindOf(key)),
    personScope(user),
    f.companyId ? eq(staffProfile.companyId, f.companyId) : undefined,
    f.realName ? ilike(sysUser.realName, likePattern(f.realName)) : undefined,
    f.phone ? sameNumber(sysUser.phone, f.phone) : undefined,
    f.certType ? eq(staffProfile.certType, f.certType) : undefined,
    certStatusCondition(f.certStatus, day),
    f.filingState ? eq(sysUser.filingState, f.filingState) : undefined,
    f.employed === undefined ? undefined : eq(staffProfile.employed, f.employed ? 1 : 0),
  );
  return paginate(
    q,
    f,
    (w) =>
      selectPersons(q, key)
        .where(where)
        .orderBy(desc(staffProfile.createdAt), desc(staffProfile.userId))
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [{ total }] = await q
        .select({ total: count() })
        .from(staffProfile)
        .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
        .innerJoin(enterprise, eq(enterprise.id, staffProfile.companyId))
        .where(where);
      return total;
    },
    (r) => personRowOf(user, r, day),
  );
}

/** One person in scope (or the signed-in person themself), in full for the owner and the admin. */
export async function personDetail(
  q: Queryable,
  user: AuthUser,
  key: PersonKey,
  id: number,
): Promise<PersonDetail> {
  const [r] = await selectPersons(q, key).where(
    and(
      eq(staffProfile.userId, id),
      eq(enterprise.kind, companyKindOf(key)),
      user.id === id ? undefined : personScope(user),
    ),
  );
  if (!r) throw notFound(`${PERSON_KINDS[key].label}不存在或无权访问`);
  const files = await fileRefs(q, [r.p.photoFileId, r.p.certFileId]);
  const [{ lifts }] = await q
    .select({ lifts: count() })
    .from(elevatorSafetyOfficer)
    .where(eq(elevatorSafetyOfficer.userId, id));
  return {
    ...personRowOf(user, r),
    userType: r.u.userType,
    photoFile: (r.p.photoFileId && files.get(r.p.photoFileId)) || null,
    certFile: (r.p.certFileId && files.get(r.p.certFileId)) || null,
    leaveReason: r.p.leaveReason,
    leaveDate: r.p.leaveDate,
    elevatorCount: lifts,
    version: r.p.version,
    updateTime: formatDateTime(r.p.updatedAt),
    history: await historySteps(q, r.audit?.id),
    leaveHistory: await historySteps(q, r.leave?.id),
  };
}

/** The profile of an account (its own filing as a person), if any. */
export async function profileOf(q: Queryable, userId: number) {
  const [row] = await q
    .select({ p: staffProfile, companyKind: enterprise.kind })
    .from(staffProfile)
    .innerJoin(enterprise, eq(enterprise.id, staffProfile.companyId))
    .where(eq(staffProfile.userId, userId));
  return row ?? null;
}

/** People of a company whose filing passed and who still work there (staff_profile joined with sys_user). */
const filedMembersOf = (companyId: number) =>
  and(eq(staffProfile.companyId, companyId), eq(staffProfile.employed, 1), eq(sysUser.filingState, 3));

/** Passed safety officers of a company who are still employed. */
export async function filedOfficers(q: Queryable, companyId: number) {
  return q
    .select({
      userId: sysUser.id,
      realName: sysUser.realName,
      phone: sysUser.phone,
      role: staffProfile.role,
      elevatorCount:
        sql<number>`(select count(*) from ${elevatorSafetyOfficer} o where o.user_id = ${sysUser.id})`.mapWith(
          Number,
        ),
    })
    .from(staffProfile)
    .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
    .where(
      and(
        filedMembersOf(companyId),
        eq(sysUser.companyId, companyId),
        inArray(staffProfile.role, ['safety_officer', 'safety_director']),
        ne(sysUser.status, 0),
      ),
    )
    .orderBy(sysUser.realName);
}

/** Certificates of a company's filed, employed workers: how many, expired, and expiring within 30 days. */
export async function staffCertCounts(q: Queryable, companyId: number) {
  const day = shanghaiToday();
  const soon = addDays(day, CERT_EXPIRING_DAYS);
  const [certs] = await q
    .select({
      total: count(),
      expired: sql<number>`count(*) filter (where ${staffProfile.certExpiry} < ${day})`.mapWith(Number),
      expiring:
        sql<number>`count(*) filter (where ${staffProfile.certExpiry} >= ${day} and ${staffProfile.certExpiry} <= ${soon})`.mapWith(
          Number,
        ),
    })
    .from(staffProfile)
    .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
    .where(and(filedMembersOf(companyId), eq(staffProfile.role, 'staff')));
  return {
    total: certs.total,
    expired: certs.expired,
    expiring: certs.expiring,
    valid: certs.total - certs.expired - certs.expiring,
  };
}

/** People of a company whose filing awaits audit. */
export async function pendingPeopleCount(q: Queryable, companyId: number) {
  const [{ pending }] = await q
    .select({ pending: count() })
    .from(staffProfile)
    .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
    .where(and(eq(staffProfile.companyId, companyId), eq(sysUser.filingState, 2)));
  return pending;
}
