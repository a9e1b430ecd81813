/**
 * Filing people (themselves, their company admin, a reviewer), changing and deleting them, and
 * requests to join a company.
 */
import { isReviewer, maskPhone } from '@ec/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type AuthUser, hasPermission } from '../../../platform/access.ts';
import { DEFAULT_ROLE_BY_TYPE } from '../../../platform/auth/roles.ts';
import { temporaryPassword } from '../../../platform/auth/temporary.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { enterprise, sysRole, sysUser, sysUserRole } from '../../../platform/db/tables.ts';
import { sentFields, versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { currentCase, decide, deleteCases, submit } from '../../../platform/workflow.ts';
import { assertFiles, blank } from '../common.ts';
import { staffProfile } from '../tables.ts';
import { companyKindOf, PERSON_KINDS, type PersonKey, staffLeaveKind } from './kinds.ts';
import { profileOf } from './read.ts';

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

/**
 * An ID number registered twice is refused. The message names nobody: the call is open to any
 * signed-in account (bindCompany), and a name for a number would tell a stranger who holds it.
 */
async function assertIdNumberFree(q: Queryable, idNumber: string, exceptUserId?: number) {
  const [clash] = await q
    .select({ userId: staffProfile.userId })
    .from(staffProfile)
    .where(eq(staffProfile.idNumber, idNumber));
  if (clash && clash.userId !== exceptUserId) {
    throw conflict(`身份证号 ${idNumber.slice(0, 6)}****${idNumber.slice(-4)} 已被其他人员备案`);
  }
}

/** A phone number another account uses is refused, naming nobody (as an ID number). */
async function assertPhoneFree(q: Queryable, phone: string, exceptUserId?: number) {
  const [clash] = await q.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.phone, phone));
  if (clash && clash.id !== exceptUserId) throw conflict(`手机号 ${maskPhone(phone)} 已被其他账号使用`);
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
  isReviewer(user.dataScope) && hasPermission(user, PERSON_KINDS[key].editPermission);

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
export async function editable(tx: Queryable, user: AuthUser, key: PersonKey, id: number) {
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
