/**
 * Filing companies (a company for itself, or a reviewer adding one), changing and deleting them.
 */
import {
  isReviewer,
  LICENCE_GRADES_BY_TYPE,
  LICENCE_TYPE_LABEL,
  type LicenceType,
  licenceGradeAllowed,
} from '@ec/contract';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { type AuthUser, hasPermission } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { auditRecord, enterprise, sysUser } from '../../../platform/db/tables.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { currentCase, decide, deleteCases, submit } from '../../../platform/workflow.ts';
import { assertArea, assertFiles, assertInArea, blank } from '../common.ts';
import { inspectionOrgProfile, maintenanceUnitProfile, staffProfile, useUnitProfile } from '../tables.ts';
import { COMPANY_KINDS, type CompanyKey, companyScope } from './kinds.ts';
import { assertCreditCodeFree, deleteRegistryRows, guardCreditCode } from './registry.ts';

export interface CompanyInput {
  name: string;
  creditCode: string;
  areaCode: string;
  address: string;
  legalPerson: string;
  contactName: string;
  contactPhone: string;
  businessLicenceFileId?: string | null;
  [field: string]: unknown;
}

const profileTable = (key: CompanyKey) =>
  key === 'maintenance' ? maintenanceUnitProfile : key === 'use' ? useUnitProfile : inspectionOrgProfile;

/** The profile columns of one kind from the form. */
function profileValues(key: CompanyKey, input: CompanyInput) {
  const businessLicenceFileId = blank(input.businessLicenceFileId as string | null | undefined);
  if (key === 'maintenance') {
    if (!licenceGradeAllowed(input.licenceType as string, input.licenceGrade as string))
      throw badRequest(
        `许可项目「${LICENCE_TYPE_LABEL[input.licenceType as LicenceType]}」没有 ${input.licenceGrade} 级，可选：${LICENCE_GRADES_BY_TYPE[input.licenceType as LicenceType].join('、')} 级`,
      );
    return {
      licenceType: input.licenceType as string,
      licenceGrade: input.licenceGrade as string,
      licenceNo: input.licenceNo as string,
      licenceExpiry: input.licenceExpiry as string,
      licenceFileId: input.licenceFileId as string,
      businessLicenceFileId,
    };
  }
  if (key === 'use') {
    return {
      unitType: input.unitType as string,
      safetyDirector: input.safetyDirector as string,
      safetyDirectorPhone: input.safetyDirectorPhone as string,
      businessLicenceFileId,
    };
  }
  return {
    approvalNo: input.approvalNo as string,
    approvalExpiry: input.approvalExpiry as string,
    approvalFileId: input.approvalFileId as string,
    businessLicenceFileId,
  };
}

function fileFields(key: CompanyKey, input: CompanyInput): Record<string, string | null | undefined> {
  const v = profileValues(key, input) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k]) => k.endsWith('FileId'))
      .map(([k, id]) => [k, (id as string | null) ?? null]),
  );
}

async function loadProfile(
  q: Queryable,
  key: CompanyKey,
  id: number,
): Promise<Record<string, unknown> | null> {
  const table = profileTable(key);
  const [row] = await q.select().from(table).where(eq(table.enterpriseId, id));
  return (row as Record<string, unknown> | undefined) ?? null;
}

/**
 * Writes a company's profile: inserts the first one, else one UPDATE conditional on the version the
 * writer saw (`versionedUpdate`): of concurrent changes from one version exactly one is stored.
 */
async function writeProfile(
  tx: Queryable,
  key: CompanyKey,
  id: number,
  input: CompanyInput,
  existing: { version: number } | null,
) {
  const values = profileValues(key, input);
  const stale = `${COMPANY_KINDS[key].label}信息已被他人修改，请刷新后重试`;
  if (key === 'maintenance') {
    const v = values as typeof maintenanceUnitProfile.$inferInsert;
    if (existing) {
      const where = eq(maintenanceUnitProfile.enterpriseId, id);
      await versionedUpdate(
        tx,
        maintenanceUnitProfile,
        where,
        existing.version,
        { ...v, updatedAt: new Date() },
        stale,
      );
    } else await tx.insert(maintenanceUnitProfile).values({ ...v, enterpriseId: id });
  } else if (key === 'use') {
    const v = values as typeof useUnitProfile.$inferInsert;
    if (existing) {
      const where = eq(useUnitProfile.enterpriseId, id);
      await versionedUpdate(
        tx,
        useUnitProfile,
        where,
        existing.version,
        { ...v, updatedAt: new Date() },
        stale,
      );
    } else await tx.insert(useUnitProfile).values({ ...v, enterpriseId: id });
  } else {
    const v = values as typeof inspectionOrgProfile.$inferInsert;
    if (existing) {
      const where = eq(inspectionOrgProfile.enterpriseId, id);
      await versionedUpdate(
        tx,
        inspectionOrgProfile,
        where,
        existing.version,
        { ...v, updatedAt: new Date() },
        stale,
      );
    } else await tx.insert(inspectionOrgProfile).values({ ...v, enterpriseId: id });
  }
}

const enterpriseValues = (input: CompanyInput) => ({
  name: input.name,
  creditCode: input.creditCode,
  areaCode: input.areaCode,
  address: input.address,
  legalPerson: input.legalPerson,
  contactName: input.contactName,
  contactPhone: input.contactPhone,
});

/** A filer whose credit code is taken is most likely joining its own company. */
const CREDIT_CODE_HINT = '，如为本单位请使用企业绑定';

/** A pending request of the account to join a company (staff_profile), if any. */
async function joinRequestOf(q: Queryable, userId: number) {
  const [row] = await q
    .select({ companyId: staffProfile.companyId, name: enterprise.name, state: sysUser.filingState })
    .from(staffProfile)
    .innerJoin(enterprise, eq(enterprise.id, staffProfile.companyId))
    .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
    .where(eq(staffProfile.userId, userId));
  return row ?? null;
}

/**
 * Files a new company. The company's own account (a maintenance company, a use unit, an inspection
 * organisation that has no company yet) files for itself: the company is created, bound to the
 * account and submitted (state 2). A reviewer holding the kind's edit permission adds a company
 * directly: submitted and passed at once, in its own area.
 */
export async function saveCompany(
  tx: Queryable,
  user: AuthUser,
  key: CompanyKey,
  input: CompanyInput,
): Promise<number> {
  const kind = COMPANY_KINDS[key];
  const selfFiling = user.userType === kind.filer;
  if (selfFiling) {
    if (user.companyId !== null) {
      const [own] = await tx
        .select({ name: enterprise.name })
        .from(enterprise)
        .where(eq(enterprise.id, user.companyId));
      throw conflict(`本账号已绑定「${own?.name ?? '单位'}」，如需修改请在备案信息中修改后提交`);
    }
    const request = await joinRequestOf(tx, user.id);
    if (request && request.state === 2) throw conflict(`您已申请加入「${request.name}」，请等待审核结果`);
    if (request) await tx.delete(staffProfile).where(eq(staffProfile.userId, user.id));
  } else {
    if (!kind.editPermission || !hasPermission(user, kind.editPermission) || !isReviewer(user.dataScope)) {
      throw forbidden(`没有新增${kind.label}的权限`);
    }
    assertInArea(user, input.areaCode);
  }
  await assertArea(tx, input.areaCode);
  await assertFiles(tx, user, fileFields(key, input));
  await assertCreditCodeFree(tx, input.creditCode, undefined, CREDIT_CODE_HINT);
  const id = await guardCreditCode(input.creditCode, '单位', async () => {
    const [row] = await tx
      .insert(enterprise)
      .values({ ...enterpriseValues(input), kind: key, filingState: 1 })
      .returning({ id: enterprise.id });
    return row.id;
  });
  await writeProfile(tx, key, id, input, null);
  const submitted = await submit(tx, kind.audit, {
    subjectId: id,
    actorId: user.id,
    areaCode: input.areaCode,
    companyId: id,
    payload: { ...enterpriseValues(input), ...profileValues(key, input) },
    description: selfFiling ? '单位提交初始备案' : '监管部门新增',
  });
  if (selfFiling) {
    // Bound only if still unbound, in the UPDATE itself: of two filings at once by one account, one
    // company is created and the other filing is refused (and rolled back).
    const bound = await tx
      .update(sysUser)
      .set({ companyId: id, updatedAt: new Date() })
      .where(and(eq(sysUser.id, user.id), isNull(sysUser.companyId)))
      .returning({ id: sysUser.id });
    if (bound.length === 0) throw conflict('本账号已绑定单位，如需修改请在备案信息中修改后提交');
  } else {
    await decide(tx, kind.audit, {
      auditId: submitted.id,
      actorId: user.id,
      decision: 'pass',
      description: '监管部门录入，直接备案',
    });
  }
  return id;
}

export const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * Changes a company. Its own account: while not filed or rejected, the change is submitted again
 * (state 2); while awaiting audit it is refused; once filed only the contact details may change. A
 * reviewer with the edit permission changes anything in scope without touching the filing state.
 */
export async function updateCompany(
  tx: Queryable,
  user: AuthUser,
  key: CompanyKey,
  input: CompanyInput & { id: number; version?: number },
): Promise<number> {
  const kind = COMPANY_KINDS[key];
  const self = user.userType === kind.filer && user.companyId === input.id;
  const reviewer =
    !!kind.editPermission && hasPermission(user, kind.editPermission) && isReviewer(user.dataScope);
  const [current] = await tx
    .select()
    .from(enterprise)
    .where(and(eq(enterprise.id, input.id), eq(enterprise.kind, key), self ? undefined : companyScope(user)));
  if (!current || (!self && !reviewer)) throw notFound(`${kind.label}不存在或无权修改`);
  const profile = await loadProfile(tx, key, input.id);
  // The version the writer saw (or, without one, the one just read) goes into the UPDATE's WHERE.
  const seen = profile && { version: input.version ?? (profile.version as number) };
  const now = { ...current, ...(profile ?? {}) } as Record<string, unknown>;
  // The one optional field: a change that does not send the business licence keeps it.
  if (input.businessLicenceFileId === undefined) {
    input = { ...input, businessLicenceFileId: (now.businessLicenceFileId as string | null) ?? null };
  }
  if (self && !reviewer) {
    if (current.filingState === 2) throw conflict(`${kind.label}备案正在审核中，审核完成前不能修改`);
    if (current.filingState === 3) {
      const changed = kind.keyFields.filter((f) => !same(now[f], input[f]));
      if (changed.length > 0) {
        throw conflict(
          `已备案的${kind.label}只能修改联系人、联系电话和地址；名称、信用代码、证照等变更请联系监管部门`,
        );
      }
    }
  } else {
    assertInArea(user, input.areaCode);
  }
  await assertArea(tx, input.areaCode);
  const currentFiles = Object.entries(now)
    .filter(([k]) => k.endsWith('FileId'))
    .map(([, v]) => v as string | null);
  await assertFiles(tx, user, fileFields(key, input), currentFiles);
  if (input.creditCode !== current.creditCode)
    await assertCreditCodeFree(tx, input.creditCode, input.id, CREDIT_CODE_HINT);
  await guardCreditCode(input.creditCode, '单位', () =>
    tx
      .update(enterprise)
      .set({ ...enterpriseValues(input), updatedAt: new Date() })
      .where(eq(enterprise.id, input.id)),
  );
  await writeProfile(tx, key, input.id, input, seen);
  if (self && (current.filingState === 1 || current.filingState === 4)) {
    await submit(tx, kind.audit, {
      subjectId: input.id,
      actorId: user.id,
      areaCode: input.areaCode,
      companyId: input.id,
      payload: { ...enterpriseValues(input), ...profileValues(key, input) },
      description: current.filingState === 4 ? '修改后重新提交' : '单位提交备案',
    });
  } else if (reviewer && current.filingState !== 2) {
    // Keep the case's area in step with the company for the reviewers' scope.
    await tx
      .update(auditRecord)
      .set({ areaCode: input.areaCode })
      .where(and(eq(auditRecord.kind, kind.audit.kind), eq(auditRecord.subjectId, String(input.id))));
  }
  return input.id;
}

/** Deletes companies in scope that nothing refers to any more; pending filings are decided first. */
export async function deleteCompanies(tx: Queryable, user: AuthUser, key: CompanyKey, ids: number[]) {
  const kind = COMPANY_KINDS[key];
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: enterprise.id, name: enterprise.name, filingState: enterprise.filingState })
    .from(enterprise)
    .where(and(inArray(enterprise.id, unique), eq(enterprise.kind, key), companyScope(user)));
  if (rows.length !== unique.length) throw notFound(`${kind.label}不存在或无权访问`);
  for (const c of rows) {
    if (c.filingState === 2) throw conflict(`「${c.name}」的备案正在审核中，请先审核`);
    const [{ users }] = await tx.select({ users: count() }).from(sysUser).where(eq(sysUser.companyId, c.id));
    const [{ members }] = await tx
      .select({ members: count() })
      .from(staffProfile)
      .where(eq(staffProfile.companyId, c.id));
    if (users + members > 0) {
      throw conflict(`「${c.name}」还有 ${Math.max(users, members)} 名人员，请先删除或转移人员`);
    }
    const current = await currentCase(tx, kind.audit, c.id);
    if (current && current.deletedAt === null) {
      await deleteCases(tx, kind.audit, [current.id], { actorId: user.id });
    }
  }
  // The state goes into the DELETE: a company whose filing was submitted meanwhile stays.
  const deleted = await deleteRegistryRows(tx, unique, {
    foreignKey: `${kind.label}仍有关联的电梯、合同或其他业务数据，不能删除`,
    unlessPending: true,
  });
  if (deleted.length !== unique.length) throw conflict(`${kind.label}的备案正在审核中或已变化，请刷新后重试`);
  return unique.length;
}

/**
 * An inspection organisation changes its contact, phone and address (updateInspection): no new
 * audit, since none of its filed facts change. Only the organisation's own accounts (a regulator
 * changes filed facts through the filing); the profile's version goes into the UPDATE's WHERE, so of
 * two changes from one screen one is stored and the other answers 409.
 */
export async function updateOrgContact(
  tx: Queryable,
  user: AuthUser,
  input: { id: number; version?: number; address: string; contactName: string; contactPhone: string },
): Promise<number> {
  const [current] = await tx
    .select({ id: enterprise.id, filingState: enterprise.filingState })
    .from(enterprise)
    .where(and(eq(enterprise.id, input.id), eq(enterprise.kind, 'inspection'), companyScope(user)));
  if (!current) throw notFound('检验机构不存在或无权访问');
  if (!(user.userType === 'inspection' && user.companyId === input.id))
    throw forbidden('只有检验机构本机构人员可以修改联系信息');
  if (current.filingState === 2) throw conflict('检验机构备案正在审核中，审核完成前不能修改');
  await versionedUpdate(
    tx,
    inspectionOrgProfile,
    eq(inspectionOrgProfile.enterpriseId, input.id),
    input.version,
    { updatedAt: new Date() },
    '检验机构信息已被他人修改，请刷新后重试',
  );
  await tx
    .update(enterprise)
    .set({
      address: input.address,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      updatedAt: new Date(),
    })
    .where(eq(enterprise.id, input.id));
  return input.id;
}
