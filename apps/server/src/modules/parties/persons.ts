import {
  CERT_STATUS_LABEL,
  CERT_TYPE_LABEL,
  formatDateTime,
  type LeaveAuditRow,
  maskPhone,
  PERSON_ROLE_LABEL,
  type PersonAuditRow,
  type PersonDetail,
  type PersonRow,
  type UserType,
} from '@ec/contract';
import { and, count, desc, eq, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AuthUser, hasPermission, scopeCondition } from '../../platform/access.ts';
import { DEFAULT_ROLE_BY_TYPE } from '../../platform/auth/roles.ts';
import { temporaryPassword } from '../../platform/auth/temporary.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { refusingConflicts } from '../../platform/db/conflicts.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern } from '../../platform/db/sql.ts';
import { auditRecord, enterprise, sysRole, sysUser, sysUserRole } from '../../platform/db/tables.ts';
import { sentFields, versionedUpdate } from '../../platform/db/versioned.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { auditDesk } from '../../platform/workflow/audit-desk.ts';
import {
  currentCase,
  decide,
  defineKind,
  deleteCases,
  historySteps,
  type RecordKind,
  submit,
  type TransitionEvent,
  withdraw,
} from '../../platform/workflow.ts';
import {
  addDays,
  assertFiles,
  assertReviewer,
  auditInfos,
  blank,
  certStatusOf,
  fileRefs,
  filingLabel,
  filingOf,
  idNumberFor,
  isReviewer,
  phoneFor,
  seesInFull,
  today,
} from './common.ts';
import { elevatorSafetyOfficer, staffProfile } from './tables.ts';

// ---------------------------------------------------------------- kinds

/**
 * A person's filing mirrored onto the account: `sys_user.filing_state`, and the company binding
 * (`sys_user.company_id`) once it passes. A passed person leaves the company by a withdraw from 3
 * (after a passed leave audit): the binding ends and the person is "not filed" again.
 */
async function mirrorPerson(tx: Queryable, { to, record }: TransitionEvent) {
  const userId = Number(record.subjectId);
  const [profile] = await tx.select().from(staffProfile).where(eq(staffProfile.userId, userId));
  if (!profile) throw notFound('人员备案信息不存在');
  const set: Partial<typeof sysUser.$inferInsert> = { filingState: to, updatedAt: new Date() };
  if (to === 3) {
    set.companyId = profile.companyId;
    await tx
      .update(staffProfile)
      .set({ employed: 1, leaveReason: null, leaveDate: null })
      .where(eq(staffProfile.userId, userId));
  } else if (to === 1) {
    set.companyId = null;
    await tx.update(staffProfile).set({ employed: 0 }).where(eq(staffProfile.userId, userId));
    await tx.delete(elevatorSafetyOfficer).where(eq(elevatorSafetyOfficer.userId, userId));
  }
  await tx.update(sysUser).set(set).where(eq(sysUser.id, userId));
}

export const maintenanceUserKind = defineKind({
  kind: 'maintenance-user',
  label: '维保人员备案',
  // submit from 3: a change to a filed person's certificate goes back to the regulator (updatePerson).
  transitions: { withdraw: [2, 3], submit: [1, 3, 4] },
  onTransition: mirrorPerson,
});
export const buildingUserKind = defineKind({
  kind: 'building-company-user',
  label: '使用单位人员备案',
  transitions: { withdraw: [2, 3], submit: [1, 3, 4] },
  onTransition: mirrorPerson,
});
/** An account's request to join an inspection organisation already on the platform. */
export const inspectionUserKind = defineKind({
  kind: 'inspection-org-user',
  label: '检验机构人员绑定',
  transitions: { withdraw: [2, 3] },
  onTransition: mirrorPerson,
});

/** 离职: a passed leave ends the worker's filing with the company (withdraws it from 3 to 1). */
export const staffLeaveKind = defineKind({
  kind: 'maintenance-user-leave',
  label: '维保人员离职',
  transitions: { submit: [1, 3, 4] },
  onTransition: async (tx, { to, record, actorId }) => {
    if (to !== 3) return;
    const userId = Number(record.subjectId);
    const filing = await currentCase(tx, maintenanceUserKind, userId);
    if (filing && filing.deletedAt === null && filing.state === 3) {
      await withdraw(tx, maintenanceUserKind, {
        auditId: filing.id,
        actorId,
        description: '离职审核通过，解除与单位的备案关系',
      });
    } else {
      // The filing was removed from the audit list: end the binding directly.
      await tx
        .update(sysUser)
        .set({ companyId: null, filingState: 1, updatedAt: new Date() })
        .where(eq(sysUser.id, userId));
      await tx.update(staffProfile).set({ employed: 0 }).where(eq(staffProfile.userId, userId));
    }
  },
});

/** The kind of company a person belongs to; the same keys as the companies' (`enterprise.kind`). */
export type PersonKey = 'maintenance' | 'use' | 'inspection';

interface PersonKindInfo {
  key: PersonKey;
  label: string;
  audit: RecordKind;
  /** The account kind created for a new person, and the company admin's account kind. */
  accountType: UserType;
  adminType: UserType;
  editPermission: string;
  /** Profile roles a company admin or reviewer may give when adding a person. */
  roles: string[];
  /** The company kind's name in messages. */
  companyLabel: string;
}

export const PERSON_KINDS: Record<PersonKey, PersonKindInfo> = {
  maintenance: {
    key: 'maintenance',
    label: '维保人员',
    audit: maintenanceUserKind,
    accountType: 'maintenance_staff',
    adminType: 'maintenance',
    editPermission: 'maintenance:user:edit',
    roles: ['staff'],
    companyLabel: '维保单位',
  },
  use: {
    key: 'use',
    label: '安全员',
    audit: buildingUserKind,
    accountType: 'safety_officer',
    adminType: 'use_unit',
    editPermission: 'building:user:edit',
    roles: ['safety_officer', 'safety_director'],
    companyLabel: '使用单位',
  },
  // Inspection organisations' people join by binding only (their own module adds the rest).
  inspection: {
    key: 'inspection',
    label: '检验机构人员',
    audit: inspectionUserKind,
    accountType: 'inspector',
    adminType: 'inspection',
    editPermission: 'inspection:org:edit',
    roles: ['inspector'],
    companyLabel: '检验机构',
  },
};

export const personKindOfUser = (type: UserType): PersonKey | null =>
  type === 'maintenance_staff' || type === 'maintenance'
    ? 'maintenance'
    : type === 'safety_officer' || type === 'use_unit'
      ? 'use'
      : type === 'inspector' || type === 'inspection'
        ? 'inspection'
        : null;

// ---------------------------------------------------------------- reading

const leaveCase = alias(auditRecord, 'leave_case');

/** Persons a user may see: all, the company's area, the own company, the person themself. */
export const personScope = (user: AuthUser) =>
  scopeCondition(user, {
    area: enterprise.areaCode,
    company: staffProfile.companyId,
    owner: staffProfile.userId,
  });

function selectPersons(q: Queryable, key: PersonKey) {
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
const ownerOrAdmin = (user: AuthUser, personId: number) => seesInFull(user, { userId: personId });

function personRowOf(user: AuthUser, r: PersonJoin, day = today()): PersonRow {
  const full = ownerOrAdmin(user, r.u.id);
  const certStatus = certStatusOf(r.p.certExpiry, day);
  const leaveState = r.leave && r.leave.state !== 1 ? r.leave.state : null;
  return {
    id: r.u.id,
    realName: r.u.realName,
    phone: phoneFor(full, r.u.phone),
    idNumber: idNumberFor(full, r.p.idNumber),
    companyId: r.p.companyId,
    companyName: r.companyName,
    role: r.p.role,
    roleLabel: PERSON_ROLE_LABEL[r.p.role as keyof typeof PERSON_ROLE_LABEL] ?? r.p.role,
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

/** `enterprise.kind` of a person kind's companies: the same key. */
const companyKindOf = (key: PersonKey): string => key;

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
  const soon = addDays(day, 30);
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
  const day = today();
  const where = and(
    eq(enterprise.kind, companyKindOf(key)),
    personScope(user),
    f.companyId ? eq(staffProfile.companyId, f.companyId) : undefined,
    f.realName ? ilike(sysUser.realName, likePattern(f.realName)) : undefined,
    f.phone ? ilike(sysUser.phone, `${f.phone.replace(/\D/g, '')}%`) : undefined,
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

// ---------------------------------------------------------------- writing

export interface PersonInput {
  realName: string;
  idNumber: string;
  phone?: string;
  companyId?: number;
  position?: string;
  role?: string;
  certType?: string | null;
  certNo?: string | null;
  certExpiry?: string | null;
  certFileId?: string | null;
  photoFileId?: string | null;
}

/** An ID number registered twice is refused, naming who holds it. */
async function assertIdNumberFree(q: Queryable, idNumber: string, exceptUserId?: number) {
  const [clash] = await q
    .select({ userId: staffProfile.userId, name: sysUser.realName })
    .from(staffProfile)
    .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
    .where(eq(staffProfile.idNumber, idNumber));
  if (clash && clash.userId !== exceptUserId) {
    throw conflict(`身份证号 ${idNumber.slice(0, 6)}****${idNumber.slice(-4)} 已被「${clash.name}」备案`);
  }
}

async function assertPhoneFree(q: Queryable, phone: string, exceptUserId?: number) {
  const [clash] = await q
    .select({ id: sysUser.id, name: sysUser.realName })
    .from(sysUser)
    .where(eq(sysUser.phone, phone));
  if (clash && clash.id !== exceptUserId)
    throw conflict(`手机号 ${maskPhone(phone)} 已被「${clash.name}」使用`);
}

const guardPerson = <T>(write: () => Promise<T>) =>
  refusingConflicts(write, { unique: '手机号或身份证号已被其他人员使用' });

function profileValues(key: PersonKey, input: PersonInput) {
  return {
    idNumber: input.idNumber,
    position: blank(input.position),
    certType: blank(input.certType),
    certNo: blank(input.certNo),
    certExpiry: blank(input.certExpiry),
    certFileId: blank(input.certFileId),
    photoFileId: blank(input.photoFileId),
    role: key === 'maintenance' ? 'staff' : (input.role ?? 'safety_officer'),
  };
}

/** The company a person files with: of the right kind and itself filed (passed). */
async function filedCompany(q: Queryable, key: PersonKey, companyId: number | undefined) {
  const label = PERSON_KINDS[key].companyLabel;
  if (!companyId)
    throw badRequest(`companyId：请选择${label}`, [{ field: 'companyId', message: `请选择${label}` }]);
  const [company] = await q
    .select()
    .from(enterprise)
    .where(and(eq(enterprise.id, companyId), eq(enterprise.kind, companyKindOf(key))));
  if (!company)
    throw badRequest(`companyId：${label}不存在`, [{ field: 'companyId', message: `${label}不存在` }]);
  if (company.filingState !== 3) throw conflict(`「${company.name}」尚未完成备案，暂不能加入`);
  return company;
}

async function createAccount(tx: Queryable, key: PersonKey, input: PersonInput) {
  const kind = PERSON_KINDS[key];
  if (!input.phone)
    throw badRequest('phone：手机号不能为空', [{ field: 'phone', message: '手机号不能为空' }]);
  await assertPhoneFree(tx, input.phone);
  // A temporary password: the worker changes it at the first sign-in (platform/auth/temporary.ts).
  const { password, columns } = await temporaryPassword();
  const [created] = await guardPerson(() =>
    tx
      .insert(sysUser)
      .values({
        username: input.phone!,
        phone: input.phone!,
        realName: input.realName,
        idNumber: input.idNumber,
        ...columns,
        userType: kind.accountType,
        filingState: 1,
      })
      .returning({ id: sysUser.id }),
  );
  const [role] = await tx
    .select({ id: sysRole.id })
    .from(sysRole)
    .where(eq(sysRole.roleKey, DEFAULT_ROLE_BY_TYPE[kind.accountType]));
  if (role) await tx.insert(sysUserRole).values({ userId: created.id, roleId: role.id });
  return { userId: created.id, password };
}

const canEditAsCompany = (user: AuthUser, key: PersonKey) =>
  user.userType === PERSON_KINDS[key].adminType &&
  user.companyId !== null &&
  hasPermission(user, PERSON_KINDS[key].editPermission);
const canEditAsReviewer = (user: AuthUser, key: PersonKey) =>
  isReviewer(user) && hasPermission(user, PERSON_KINDS[key].editPermission);

function inReviewerArea(user: AuthUser, areaCode: string | null) {
  return user.dataScope === 'all' || (!!areaCode && user.areaCodes.includes(areaCode));
}

/**
 * Files a person. The worker's own account files itself (companyId = the company joined); a company
 * admin adds a person to its own filed company (an account is opened, its one-time password returned);
 * a reviewer adds a person to a company of its area, filed at once.
 */
export async function savePerson(tx: Queryable, user: AuthUser, key: PersonKey, input: PersonInput) {
  const kind = PERSON_KINDS[key];
  const self = user.userType === kind.accountType;
  let companyId: number;
  let oneTime: string | null = null;
  let personId: number;
  let areaCode: string | null;
  const reviewer = !self && canEditAsReviewer(user, key);
  if (self) {
    const [existing] = await tx.select().from(staffProfile).where(eq(staffProfile.userId, user.id));
    if (existing) throw conflict('您已提交过备案，请在备案信息中修改后重新提交');
    const company = await filedCompany(tx, key, input.companyId);
    companyId = company.id;
    areaCode = company.areaCode;
    personId = user.id;
  } else if (canEditAsCompany(user, key)) {
    const company = await filedCompany(tx, key, user.companyId!).catch(() => {
      throw conflict('本单位备案通过后才能添加人员');
    });
    companyId = company.id;
    areaCode = company.areaCode;
    personId = 0;
  } else if (reviewer) {
    const company = await filedCompany(tx, key, input.companyId);
    if (!inReviewerArea(user, company.areaCode)) throw forbidden('只能为本辖区的单位添加人员');
    companyId = company.id;
    areaCode = company.areaCode;
    personId = 0;
  } else {
    throw forbidden(`没有添加${kind.label}的权限`);
  }
  if (key === 'maintenance' && self && !input.photoFileId) {
    throw badRequest('photoFileId：请上传本人照片', [{ field: 'photoFileId', message: '请上传本人照片' }]);
  }
  await assertFiles(tx, user, { certFileId: input.certFileId, photoFileId: input.photoFileId });
  await assertIdNumberFree(tx, input.idNumber);
  if (!self) {
    const account = await createAccount(tx, key, input);
    personId = account.userId;
    oneTime = account.password;
  } else {
    await tx
      .update(sysUser)
      .set({ realName: input.realName, idNumber: input.idNumber, updatedAt: new Date() })
      .where(eq(sysUser.id, user.id));
  }
  await guardPerson(() =>
    tx.insert(staffProfile).values({ ...profileValues(key, input), userId: personId, companyId }),
  );
  const record = await submit(tx, kind.audit, {
    subjectId: personId,
    actorId: user.id,
    areaCode,
    companyId,
    description: self ? '本人提交初始备案' : reviewer ? '监管部门新增' : '单位新增人员',
  });
  if (reviewer) {
    await decide(tx, kind.audit, {
      auditId: record.id,
      actorId: user.id,
      decision: 'pass',
      description: '监管部门录入，直接备案',
    });
  }
  return { personId, oneTimePassword: oneTime };
}

/** The profile and account of a person the user may change, with how they may change it. */
async function editable(tx: Queryable, user: AuthUser, key: PersonKey, id: number) {
  const [row] = await tx
    .select({ p: staffProfile, u: sysUser, companyArea: enterprise.areaCode, companyKind: enterprise.kind })
    .from(staffProfile)
    .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
    .innerJoin(enterprise, eq(enterprise.id, staffProfile.companyId))
    .where(eq(staffProfile.userId, id));
  const kind = PERSON_KINDS[key];
  if (!row || row.companyKind !== companyKindOf(key)) throw notFound(`${kind.label}不存在或无权访问`);
  if (user.id === id) return { ...row, as: 'self' as const };
  if (canEditAsCompany(user, key) && user.companyId === row.p.companyId)
    return { ...row, as: 'company' as const };
  if (canEditAsReviewer(user, key) && inReviewerArea(user, row.companyArea))
    return { ...row, as: 'reviewer' as const };
  throw notFound(`${kind.label}不存在或无权访问`);
}

/** What a filed person's review rests on: a change by the employer reopens the filing (state 2). */
const CERT_FIELDS = ['certType', 'certNo', 'certExpiry', 'certFileId'] as const;

/**
 * Changes a person. The person themself: while not filed or rejected (resubmitted at once); the
 * company admin: its own people (a rejected one is resubmitted, a filed one whose certificate changes
 * goes back for review); a reviewer: anything in its area, the filing state untouched. Nobody changes a
 * filing that awaits audit. A field the request does not send keeps its value.
 */
export async function updatePerson(
  tx: Queryable,
  user: AuthUser,
  key: PersonKey,
  changes: Omit<PersonInput, 'idNumber'> & { id: number; version?: number; idNumber?: string },
) {
  const kind = PERSON_KINDS[key];
  const t = await editable(tx, user, key, changes.id);
  const kept = {
    realName: t.u.realName,
    idNumber: t.p.idNumber,
    position: t.p.position ?? undefined,
    role: t.p.role,
    certType: t.p.certType,
    certNo: t.p.certNo,
    certExpiry: t.p.certExpiry,
    certFileId: t.p.certFileId,
    photoFileId: t.p.photoFileId,
  };
  const input = { ...kept, ...sentFields(changes), id: changes.id, version: changes.version };
  const state = t.u.filingState;
  if (state === 2) throw conflict(`${kind.label}备案正在审核中，审核完成前不能修改`);
  if (t.as === 'self' && state === 3) throw conflict('已备案的信息如需变更，请联系单位管理员');
  let companyId = t.p.companyId;
  let areaCode = t.companyArea;
  if (t.as === 'self' && input.companyId && input.companyId !== companyId) {
    const company = await filedCompany(tx, key, input.companyId);
    companyId = company.id;
    areaCode = company.areaCode;
  }
  if (key === 'maintenance' && !input.photoFileId) {
    throw badRequest('photoFileId：请上传本人照片', [{ field: 'photoFileId', message: '请上传本人照片' }]);
  }
  await assertFiles(tx, user, { certFileId: input.certFileId, photoFileId: input.photoFileId }, [
    t.p.certFileId,
    t.p.photoFileId,
  ]);
  if (input.idNumber !== t.p.idNumber) await assertIdNumberFree(tx, input.idNumber, input.id);
  const userSet: Partial<typeof sysUser.$inferInsert> = {
    realName: input.realName,
    idNumber: input.idNumber,
    updatedAt: new Date(),
  };
  if (t.as !== 'self' && input.phone && input.phone !== t.u.phone) {
    await assertPhoneFree(tx, input.phone, input.id);
    userSet.phone = input.phone;
    if (t.u.username === t.u.phone) userSet.username = input.phone;
  }
  await guardPerson(() => tx.update(sysUser).set(userSet).where(eq(sysUser.id, input.id)));
  const values = profileValues(key, input);
  if (key === 'use' && !input.role) values.role = t.p.role;
  const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');
  const certChanged = CERT_FIELDS.some((f) => !same(values[f], t.p[f]));
  // The version the writer saw (or, without one, the one just read) goes into the UPDATE's WHERE.
  await guardPerson(() =>
    versionedUpdate(
      tx,
      staffProfile,
      eq(staffProfile.userId, input.id),
      input.version ?? t.p.version,
      { ...values, companyId, updatedAt: new Date() },
      `${kind.label}信息已被他人修改，请刷新后重试`,
    ),
  );
  // A filed person whose certificate the employer changed is filed no more until the regulator has
  // seen the change (as a company's licence change is the regulator's to make).
  const reopen = state === 3 && t.as === 'company' && certChanged;
  if (state === 1 || (state === 4 && t.as !== 'reviewer') || reopen) {
    await submit(tx, kind.audit, {
      subjectId: input.id,
      actorId: user.id,
      areaCode,
      companyId,
      description: reopen ? '证书信息变更，重新提交审核' : state === 4 ? '修改后重新提交' : '提交备案',
    });
  }
  return input.id;
}

/** Deletes people and their accounts; pending filings and leaves are decided first, nobody deletes themself. */
export async function deletePersons(tx: Queryable, user: AuthUser, key: PersonKey, ids: number[]) {
  const kind = PERSON_KINDS[key];
  const unique = [...new Set(ids)];
  if (unique.includes(user.id)) throw conflict('不能删除自己的账号');
  const targets = [];
  for (const id of unique) {
    // editable() refuses a person out of reach with the same 404; a database error stays an error.
    const t = await editable(tx, user, key, id);
    if (t.as === 'self') throw notFound(`${kind.label}不存在或无权访问`);
    targets.push(t);
  }
  for (const t of targets) {
    if (t.u.filingState === 2) throw conflict(`「${t.u.realName}」的备案正在审核中，请先审核`);
    for (const audit of [kind.audit, staffLeaveKind]) {
      const c = await currentCase(tx, audit, t.p.userId);
      if (c && c.deletedAt === null && c.state === 2)
        throw conflict(`「${t.u.realName}」有待审核的申请，请先审核`);
      if (c && c.deletedAt === null) await deleteCases(tx, audit, [c.id], { actorId: user.id });
    }
  }
  // The state goes into the DELETE: a person whose filing was submitted meanwhile stays.
  const deleted = await refusingConflicts(
    () =>
      tx
        .delete(sysUser)
        .where(and(inArray(sysUser.id, unique), ne(sysUser.filingState, 2)))
        .returning({ id: sysUser.id }),
    { foreignKey: '人员仍被业务数据引用，不能删除' },
  );
  if (deleted.length !== unique.length) throw conflict('人员的备案正在审核中或已变化，请刷新后重试');
  return unique.length;
}

// ---------------------------------------------------------------- audit desks

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

async function personAuditRows(
  q: Queryable,
  user: AuthUser,
  rows: PersonCaseJoin,
): Promise<PersonAuditRow[]> {
  const infos = await auditInfos(
    q,
    rows.map((r) => r.audit),
  );
  return rows.map((r, i) => {
    const full = ownerOrAdmin(user, r.u.id);
    return {
      ...infos[i],
      userId: r.u.id,
      realName: r.u.realName,
      phone: phoneFor(full, r.u.phone),
      idNumber: idNumberFor(full, r.p.idNumber),
      companyId: r.p.companyId,
      companyName: r.companyName,
      role: r.p.role,
      roleLabel: PERSON_ROLE_LABEL[r.p.role as keyof typeof PERSON_ROLE_LABEL] ?? r.p.role,
      certType: r.p.certType,
      certNo: r.p.certNo,
      certExpiry: r.p.certExpiry,
    };
  });
}

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
    toRows: personAuditRows,
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

// ---------------------------------------------------------------- leave (离职)

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

async function leaveAuditRows(
  q: Queryable,
  _viewer: AuthUser,
  rows: PersonCaseJoin,
): Promise<LeaveAuditRow[]> {
  const infos = await auditInfos(
    q,
    rows.map((r) => r.audit),
  );
  return rows.map((r, i) => ({
    ...infos[i],
    userId: r.u.id,
    realName: r.u.realName,
    companyId: r.p.companyId,
    companyName: r.companyName,
    leaveReason: r.p.leaveReason,
    leaveDate: r.p.leaveDate,
  }));
}

/** The audit of workers' leaves (list and decisions). */
export const leaveDesk = auditDesk({
  kind: staffLeaveKind,
  selectCases: selectPersonCases,
  filters: personCaseFilters,
  toRows: leaveAuditRows,
  assertReviewer,
});

/** The profile of an account (its own filing as a person), if any. */
export async function profileOf(q: Queryable, userId: number) {
  const [row] = await q
    .select({ p: staffProfile, companyKind: enterprise.kind })
    .from(staffProfile)
    .innerJoin(enterprise, eq(enterprise.id, staffProfile.companyId))
    .where(eq(staffProfile.userId, userId));
  return row ?? null;
}

/**
 * An account asks to join an existing company (企业绑定): a person filing, with role admin for a
 * company account and the kind's own role (检验人员) for a person account.
 */
export async function requestJoin(
  tx: Queryable,
  user: AuthUser,
  key: PersonKey,
  company: typeof enterprise.$inferSelect,
  input: { idNumber: string; position?: string },
) {
  const kind = PERSON_KINDS[key];
  const existing = await profileOf(tx, user.id);
  if (existing && user.companyId === null) {
    const state = (
      await tx.select({ s: sysUser.filingState }).from(sysUser).where(eq(sysUser.id, user.id))
    )[0]?.s;
    if (state === 2) throw conflict('您的绑定申请正在审核中，请耐心等待');
  }
  await assertIdNumberFree(tx, input.idNumber, user.id);
  await tx
    .update(sysUser)
    .set({ idNumber: input.idNumber, updatedAt: new Date() })
    .where(eq(sysUser.id, user.id));
  const values = {
    companyId: company.id,
    role: user.userType === kind.adminType ? 'admin' : kind.roles[0],
    position: blank(input.position),
    idNumber: input.idNumber,
    updatedAt: new Date(),
  };
  await guardPerson(async () => {
    // A changed request is a new version of the profile: an edit made from the old one is refused.
    if (existing)
      await tx
        .update(staffProfile)
        .set({ ...values, version: sql`${staffProfile.version} + 1` })
        .where(eq(staffProfile.userId, user.id));
    else await tx.insert(staffProfile).values({ ...values, userId: user.id });
  });
  await submit(tx, kind.audit, {
    subjectId: user.id,
    actorId: user.id,
    areaCode: company.areaCode,
    companyId: company.id,
    description: `申请绑定「${company.name}」`,
  });
}

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
        eq(staffProfile.companyId, companyId),
        eq(sysUser.companyId, companyId),
        eq(sysUser.filingState, 3),
        eq(staffProfile.employed, 1),
        inArray(staffProfile.role, ['safety_officer', 'safety_director']),
        ne(sysUser.status, 0),
      ),
    )
    .orderBy(sysUser.realName);
}

/** Certificates of a company's filed, employed workers: how many, expired, and expiring within 30 days. */
export async function staffCertCounts(q: Queryable, companyId: number) {
  const day = today();
  const soon = addDays(day, 30);
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
    .where(
      and(
        eq(staffProfile.companyId, companyId),
        eq(staffProfile.employed, 1),
        eq(staffProfile.role, 'staff'),
        eq(sysUser.filingState, 3),
      ),
    );
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
