import {
  addDays,
  CERT_EXPIRING_DAYS,
  certStateOf,
  FILING_STATE,
  formatDateTime,
  GENDER_LABEL,
  INSPECTOR_AUDIT_LABEL,
  INSPECTOR_CATEGORY_LABEL,
  INSPECTOR_CERT_STATE_LABEL,
  type InspectorCategory,
  type InspectorCertState,
  type InspectorDetail,
  type InspectorRow,
  type InspectorValues,
  maskIdNumber,
  maskPhone,
  shanghaiToday,
} from '@ec/contract';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { countRows, paginate } from '../../../platform/db/paginate.ts';
import { likePattern, uniqueViolation } from '../../../platform/db/sql.ts';
import { auditRecord, enterprise, sysUser } from '../../../platform/db/tables.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import type { FileStorage } from '../../../platform/files/storage.ts';
import { shownIdNumber, shownPhone, unmasked } from '../../../platform/masking.ts';
import { currentCase, historySteps, submit, withdraw } from '../../../platform/workflow.ts';
import { assertOwnOrg, orgScope, ownOrg } from '../scope.ts';
import { inspectorKind } from './kind.ts';
import { moveWorkToAccount, openWorkOf, withoutOpenWork, workList } from './open-work.ts';
import { assertSignature } from './signature.ts';
import { inspectionDepartment, inspectionInspector } from './tables.ts';

/*
 * 检验人员: an organisation's inspectors and their certificates. Everyone in the organisation's
 * scope reads them (scope.ts); its own accounts with the edit permission write them. Adding opens
 * the audit case (kind.ts); a certificate number belongs to one live inspector (unique index).
 */

export const INSPECTOR_NOT_FOUND = '检验人员不存在或无权访问';
const I = inspectionInspector;

const live = isNull(I.deletedAt);

const inspectorSelect = {
  i: I,
  orgName: enterprise.name,
  departmentName: inspectionDepartment.name,
  username: sysUser.username,
  auditId: auditRecord.id,
  auditDescription: auditRecord.description,
};

/** Inspectors with their organisation, department, account and current audit case. */
export const selectInspectors = (q: Queryable) =>
  q
    .select(inspectorSelect)
    .from(I)
    .innerJoin(enterprise, eq(enterprise.id, I.orgId))
    .leftJoin(inspectionDepartment, eq(inspectionDepartment.id, I.departmentId))
    .leftJoin(sysUser, eq(sysUser.id, I.userId))
    .leftJoin(
      auditRecord,
      and(
        eq(auditRecord.kind, inspectorKind.kind),
        eq(auditRecord.subjectId, sql`${I.id}::text`),
        isNull(auditRecord.deletedAt),
      ),
    )
    .$dynamic();
type Selected = Awaited<ReturnType<ReturnType<typeof selectInspectors>['execute']>>[number];

const dayMs = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

/** A selected inspector as lists show it, its numbers masked for whoever is not the inspector. */
export function inspectorRowOf(viewer: AuthUser, r: Selected, today = shanghaiToday()): InspectorRow {
  const certState = certStateOf(r.i.validUntil, today);
  const holder = { userId: r.i.userId };
  const category = r.i.category as InspectorCategory;
  return {
    id: r.i.id,
    orgId: r.i.orgId,
    orgName: r.orgName,
    name: r.i.name,
    gender: r.i.gender,
    genderLabel: r.i.gender ? (GENDER_LABEL[r.i.gender] ?? null) : null,
    idNumber: shownIdNumber(viewer, holder, r.i.idNumber),
    phone: shownPhone(viewer, holder, r.i.phone),
    certNo: r.i.certNo,
    category,
    categoryLabel: INSPECTOR_CATEGORY_LABEL[category] ?? r.i.category,
    issuingAuthority: r.i.issuingAuthority,
    issueDate: r.i.issueDate,
    validUntil: r.i.validUntil,
    certState,
    certStateLabel: INSPECTOR_CERT_STATE_LABEL[certState],
    daysLeft: daysBetween(today, r.i.validUntil),
    departmentId: r.i.departmentId,
    departmentName: r.departmentName,
    userId: r.i.userId,
    username: r.username,
    auditState: r.i.auditState,
    auditStateLabel: INSPECTOR_AUDIT_LABEL[r.i.auditState] ?? String(r.i.auditState),
    auditId: r.auditId,
    auditDescription: r.auditDescription,
    remark: r.i.remark,
    signatureFileId: r.i.signatureFileId,
    version: r.i.version,
    createTime: formatDateTime(r.i.createdAt),
  };
}

/** The SQL condition of a certificate state on `today`. */
export function certStateCondition(state: InspectorCertState, today: string): SQL {
  const soon = addDays(today, CERT_EXPIRING_DAYS);
  if (state === 'expired') return lt(I.validUntil, today);
  if (state === 'expiring') return and(gte(I.validUntil, today), lte(I.validUntil, soon))!;
  return gt(I.validUntil, soon);
}

/**
 * The organisation a list reads: the user's own for an organisation's account; the one asked (in
 * scope) or every one in scope for the platform and regulators.
 */
const orgFilter = (user: AuthUser, orgId?: number) =>
  and(orgScope(user, I.orgId), orgId ? eq(I.orgId, orgId) : undefined);

export interface InspectorFilters {
  page: number;
  limit: number;
  keyword?: string;
  departmentId?: number;
  certState?: InspectorCertState;
  auditState?: number;
  orgId?: number;
}

const keywordCondition = (keyword?: string) =>
  keyword ? or(ilike(I.name, likePattern(keyword)), ilike(I.certNo, likePattern(keyword))) : undefined;

const baseCondition = (user: AuthUser, f: Omit<InspectorFilters, 'page' | 'limit'>) =>
  and(
    live,
    orgFilter(user, f.orgId),
    keywordCondition(f.keyword),
    f.departmentId ? eq(I.departmentId, f.departmentId) : undefined,
    f.auditState ? eq(I.auditState, f.auditState) : undefined,
  );

/** The list's condition: the filters, the certificate state on `today`, the user's scope. */
const listWhere = (user: AuthUser, f: Omit<InspectorFilters, 'page' | 'limit'>, today: string) =>
  and(baseCondition(user, f), f.certState ? certStateCondition(f.certState, today) : undefined);

/** How many inspectors of the filters the user sees (the list's count: the export's size). */
export const inspectorCount = (q: Queryable, user: AuthUser, f: Omit<InspectorFilters, 'page' | 'limit'>) =>
  countRows(q, I, listWhere(user, f, shanghaiToday()));

/** A batch of the filtered list by ascending id after `afterId` (the export's keyset). */
export async function inspectorBatch(
  q: Queryable,
  user: AuthUser,
  f: Omit<InspectorFilters, 'page' | 'limit'>,
  afterId: number,
  size: number,
) {
  const today = shanghaiToday();
  const rows = await selectInspectors(q)
    .where(and(listWhere(user, f, today), gt(I.id, afterId)))
    .orderBy(asc(I.id))
    .limit(size);
  return rows.map((r) => inspectorRowOf(user, r, today));
}

export async function listInspectors(q: Queryable, user: AuthUser, f: InspectorFilters) {
  const today = shanghaiToday();
  const base = baseCondition(user, f);
  const where = listWhere(user, f, today);
  const page = await paginate(
    q,
    f,
    (w) =>
      selectInspectors(q).where(where).orderBy(asc(I.validUntil), desc(I.id)).limit(w.limit).offset(w.offset),
    { from: I, where },
    (r) => inspectorRowOf(user, r, today),
  );
  // The tags' counts: the certificates of the passed inspectors the other filters select.
  const soon = addDays(today, CERT_EXPIRING_DAYS);
  const [counts] = await q
    .select({
      valid: sql<number>`count(*) filter (where ${I.validUntil} > ${soon})::int`,
      expiring: sql<number>`count(*) filter (where ${I.validUntil} >= ${today} and ${I.validUntil} <= ${soon})::int`,
      expired: sql<number>`count(*) filter (where ${I.validUntil} < ${today})::int`,
    })
    .from(I)
    .where(and(base, eq(I.auditState, FILING_STATE.passed)));
  return {
    ...page,
    certCounts: {
      valid: Number(counts?.valid ?? 0),
      expiring: Number(counts?.expiring ?? 0),
      expired: Number(counts?.expired ?? 0),
    },
  };
}

/** The passed inspectors in scope (pickers, 人员分配), by name. */
export async function passedInspectors(
  q: Queryable,
  user: AuthUser,
  f: { keyword?: string; departmentId?: number; unassigned?: boolean; orgId?: number },
) {
  const today = shanghaiToday();
  const rows = await selectInspectors(q)
    .where(
      and(
        live,
        orgFilter(user, f.orgId),
        eq(I.auditState, FILING_STATE.passed),
        keywordCondition(f.keyword),
        f.departmentId ? eq(I.departmentId, f.departmentId) : undefined,
        f.unassigned ? isNull(I.departmentId) : undefined,
      ),
    )
    .orderBy(asc(I.name), asc(I.id))
    .limit(2000);
  return rows.map((r) => inspectorRowOf(user, r, today));
}

/** One inspector in the viewer's scope with its audit history; 404 otherwise. */
export async function inspectorDetail(
  q: Queryable,
  viewer: AuthUser,
  id: number,
  o: { withDeleted?: boolean } = {},
): Promise<InspectorDetail> {
  const [row] = await selectInspectors(q).where(
    and(eq(I.id, id), o.withDeleted ? undefined : live, orgScope(viewer, I.orgId)),
  );
  if (!row) throw notFound(INSPECTOR_NOT_FOUND);
  const auditCase = row.auditId ? null : await currentCase(q, inspectorKind, id);
  return {
    ...inspectorRowOf(viewer, row),
    history: await historySteps(q, row.auditId ?? auditCase?.id),
  };
}

/** A live inspector the user may change: 404 outside the scope, 403 for another organisation's reader. */
async function writableInspector(q: Queryable, user: AuthUser, id: number) {
  const [row] = await q
    .select()
    .from(I)
    .where(and(eq(I.id, id), live, orgScope(user, I.orgId)))
    .for('update');
  if (!row) throw notFound(INSPECTOR_NOT_FOUND);
  assertOwnOrg(user, row.orgId, '检验人员');
  return row;
}

/** The linked account must be an account of the same organisation (its inspector's or admin's). */
async function checkAccount(q: Queryable, orgId: number, userId: number | null) {
  if (userId === null) return;
  const [u] = await q
    .select({ companyId: sysUser.companyId, userType: sysUser.userType })
    .from(sysUser)
    .where(eq(sysUser.id, userId));
  if (!u || u.companyId !== orgId || (u.userType !== 'inspector' && u.userType !== 'inspection')) {
    throw badRequest('关联账号不是本机构的账号', [{ field: 'userId', message: '请选择本机构的账号' }]);
  }
}

const CERT_TAKEN = '该证书编号已登记，不能重复添加';
const USER_TAKEN = '该账号已关联其他检验人员';

/** Runs a write; the unique indexes' refusals become 409 with what clashed. */
async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    throw conflict(constraint.includes('user') ? USER_TAKEN : CERT_TAKEN);
  }
}

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);

function columnsOf(input: InspectorValues) {
  return {
    name: input.name,
    gender: input.gender ?? null,
    certNo: input.certNo.toUpperCase(),
    category: input.category,
    issuingAuthority: blankToNull(input.issuingAuthority) ?? null,
    issueDate: blankToNull(input.issueDate) ?? null,
    validUntil: input.validUntil,
    userId: input.userId ? Number(input.userId) : null,
    remark: blankToNull(input.remark) ?? null,
  };
}

async function orgArea(q: Queryable, orgId: number) {
  const [org] = await q
    .select({ areaCode: enterprise.areaCode })
    .from(enterprise)
    .where(eq(enterprise.id, orgId));
  return org?.areaCode ?? null;
}

/** Adds an inspector of the user's organisation and opens its audit case (待审核). */
export async function addInspector(
  tx: Queryable,
  storage: FileStorage,
  user: AuthUser,
  input: InspectorValues,
) {
  const orgId = ownOrg(user, '检验人员');
  const values = columnsOf(input);
  await checkAccount(tx, orgId, values.userId);
  const signatureFileId = input.signatureFileId || null;
  if (signatureFileId) await assertSignature(tx, storage, user, signatureFileId);
  const [row] = await refusingDuplicates(() =>
    tx
      .insert(I)
      .values({
        ...values,
        orgId,
        idNumber: blankToNull(input.idNumber) ?? null,
        phone: blankToNull(input.phone) ?? null,
        signatureFileId,
        auditState: FILING_STATE.pending,
      })
      .returning({ id: I.id }),
  );
  await submit(tx, inspectorKind, {
    subjectId: row.id,
    actorId: user.id,
    areaCode: await orgArea(tx, orgId),
    companyId: orgId,
    payload: { name: values.name, certNo: values.certNo },
  });
  return inspectorDetail(tx, user, row.id);
}

/**
 * Changes an inspector (the version the editor saw decides a race). A rejected inspector is
 * submitted for audit again; a masked phone or ID number sent back unchanged keeps the stored one.
 * A new linked account takes over the inspector's orders and reports (the inspector is the same
 * person, only their sign-in changed; the account linked before loses them); removing the account
 * is refused while the inspector has open work (409 naming it).
 */
export async function updateInspector(
  tx: Queryable,
  storage: FileStorage,
  user: AuthUser,
  input: InspectorValues & { id: number; version: number },
) {
  const current = await writableInspector(tx, user, input.id);
  const values = columnsOf(input);
  await checkAccount(tx, current.orgId, values.userId);
  const phone = unmasked(blankToNull(input.phone), current.phone, maskPhone, {
    name: 'phone',
    label: '手机号码',
  });
  const idNumber = unmasked(blankToNull(input.idNumber), current.idNumber, maskIdNumber, {
    name: 'idNumber',
    label: '身份证号',
  });
  // Omitted keeps the stored signature, '' or null clears it; a new one is checked.
  const signatureFileId = input.signatureFileId === undefined ? undefined : input.signatureFileId || null;
  if (signatureFileId && signatureFileId !== current.signatureFileId)
    await assertSignature(tx, storage, user, signatureFileId);
  // The account reaches the inspector's orders and reports through the id copied onto them
  // (open-work.ts): a new account takes them over below; none at all is refused while there is
  // open work. Decided under the row's lock (writableInspector), which every write giving the
  // inspector work waits for (passedInspectorsOf reads for share).
  const relinked = values.userId !== current.userId;
  if (relinked && values.userId === null) {
    const work = (await openWorkOf(tx, [input.id])).get(input.id)!;
    if (work.orders.length || work.reports.length)
      throw conflict(
        `检验人员${current.name}还有未完成的检验任务（${workList(work)}），不能取消关联账号；请先重新分配或关闭这些任务，或改为关联其本人的其他账号`,
      );
  }
  await refusingDuplicates(() =>
    versionedUpdate(tx, I, and(eq(I.id, input.id), live), input.version, {
      ...values,
      ...(phone !== undefined && { phone }),
      ...(idNumber !== undefined && { idNumber }),
      ...(signatureFileId !== undefined && { signatureFileId }),
      updatedAt: new Date(),
    }),
  );
  if (relinked && values.userId !== null) await moveWorkToAccount(tx, input.id, values.userId);
  if (current.auditState === FILING_STATE.rejected) {
    await submit(tx, inspectorKind, {
      subjectId: input.id,
      actorId: user.id,
      areaCode: await orgArea(tx, current.orgId),
      companyId: current.orgId,
      payload: { name: values.name, certNo: values.certNo },
      description: '修改后重新提交',
    });
  }
  return inspectorDetail(tx, user, input.id);
}

/**
 * Deletes inspectors (all or nothing): they leave their department, a pending audit case is
 * withdrawn, the row is kept (soft delete) for the audit history and the certificate number freed.
 * An inspector with open work (open-work.ts: orders to inspect, reports not yet pushed) is not
 * deleted: their account would keep reaching that work and nobody could finish it. The UPDATE leaves
 * them (its snapshot is taken after the rows are locked, so it sees every order given to them
 * meanwhile), and the whole batch is refused naming what to redistribute or close first (409).
 */
export async function deleteInspectors(tx: Queryable, user: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = [];
  for (const id of unique) rows.push(await writableInspector(tx, user, id));
  for (const id of unique) {
    const c = await currentCase(tx, inspectorKind, id);
    if (c && c.state === FILING_STATE.pending && !c.deletedAt)
      await withdraw(tx, inspectorKind, { auditId: c.id, actorId: user.id, description: '检验人员已删除' });
  }
  const deleted = await tx
    .update(I)
    .set({ deletedAt: new Date(), departmentId: null, updatedAt: new Date(), version: sql`${I.version} + 1` })
    .where(and(inArray(I.id, unique), live, withoutOpenWork))
    .returning({ id: I.id });
  if (deleted.length !== unique.length) {
    const work = await openWorkOf(tx, unique);
    const busy = rows.flatMap((row) => {
      const w = work.get(row.id)!;
      return w.orders.length || w.reports.length ? [`${row.name}（${workList(w)}）`] : [];
    });
    throw conflict(
      `${busy.length} 名检验人员还有未完成的检验任务，不能删除：${busy.join('；')}。请先将这些检验申请重新分配给其他检验人员，或关闭、推送相关检验报告后再删除`,
    );
  }
  return { deleted: deleted.length };
}
