import {
  type DepartmentDetail,
  type DepartmentFields,
  type DepartmentRow,
  FILING_STATE,
  formatDateTime,
  maskPhone,
} from '@ec/contract';
import { and, asc, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { refusingConflicts } from '../../../platform/db/conflicts.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { versionedUpdate } from '../../../platform/db/versioned.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import { shownPhone, unmasked } from '../../../platform/masking.ts';
import { assertOwnOrg, orgScope, ownOrg } from '../scope.ts';
import { INSPECTOR_NOT_FOUND, passedInspectors } from './inspectors.ts';
import { inspectionDepartment, inspectionInspector } from './tables.ts';

/*
 * 部门管理 and 人员分配: an organisation's departments (name unique within it, by the unique
 * index) and the distribution of its passed inspectors into them. A department that still holds
 * inspectors is not deleted (409 saying how many; the inspectors' foreign key restricts it too):
 * take them out first, so nobody is moved without being chosen.
 */

const D = inspectionDepartment;
const I = inspectionInspector;
const NOT_FOUND = '部门不存在或无权访问';

const memberCount = sql<number>`(select count(*)::int from ${I} where ${I.departmentId} = ${D.id} and ${I.deletedAt} is null)`;

const selectDepartments = (q: Queryable) =>
  q
    .select({ d: D, orgName: enterprise.name, inspectorCount: memberCount })
    .from(D)
    .innerJoin(enterprise, eq(enterprise.id, D.orgId))
    .$dynamic();
type Selected = Awaited<ReturnType<ReturnType<typeof selectDepartments>['execute']>>[number];

const departmentRowOf = (viewer: AuthUser, r: Selected): DepartmentRow => ({
  id: r.d.id,
  orgId: r.d.orgId,
  orgName: r.orgName,
  name: r.d.name,
  leader: r.d.leader,
  phone: shownPhone(viewer, { companyId: r.d.orgId }, r.d.phone),
  description: r.d.description,
  inspectorCount: Number(r.inspectorCount),
  version: r.d.version,
  createTime: formatDateTime(r.d.createdAt),
});

export function listDepartments(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; name?: string; orgId?: number },
) {
  const where = and(
    orgScope(user, D.orgId),
    f.orgId ? eq(D.orgId, f.orgId) : undefined,
    f.name ? ilike(D.name, likePattern(f.name)) : undefined,
  );
  return paginate(
    q,
    f,
    (w) => selectDepartments(q).where(where).orderBy(asc(D.orgId), asc(D.id)).limit(w.limit).offset(w.offset),
    { from: D, where },
    (r) => departmentRowOf(user, r),
  );
}

export async function departmentDetail(q: Queryable, user: AuthUser, id: number): Promise<DepartmentDetail> {
  const [row] = await selectDepartments(q).where(and(eq(D.id, id), orgScope(user, D.orgId)));
  if (!row) throw notFound(NOT_FOUND);
  return {
    ...departmentRowOf(user, row),
    inspectors: await passedInspectors(q, user, { departmentId: id, orgId: row.d.orgId }),
  };
}

/** A department the user may change, locked: 404 outside the scope, 403 for a reader. */
async function writableDepartment(q: Queryable, user: AuthUser, id: number) {
  const [row] = await q
    .select()
    .from(D)
    .where(and(eq(D.id, id), orgScope(user, D.orgId)))
    .for('update');
  if (!row) throw notFound(NOT_FOUND);
  assertOwnOrg(user, row.orgId, '部门');
  return row;
}

const blank = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);

export async function addDepartment(tx: Queryable, user: AuthUser, input: DepartmentFields) {
  const orgId = ownOrg(user, '部门');
  const [row] = await refusingConflicts(
    () =>
      tx
        .insert(D)
        .values({
          orgId,
          name: input.name,
          leader: blank(input.leader) ?? null,
          phone: blank(input.phone) ?? null,
          description: blank(input.description) ?? null,
        })
        .returning({ id: D.id }),
    { unique: `本机构已有名为「${input.name}」的部门` },
  );
  return departmentDetail(tx, user, row.id);
}

export async function updateDepartment(
  tx: Queryable,
  user: AuthUser,
  input: DepartmentFields & { id: number; version: number },
) {
  const current = await writableDepartment(tx, user, input.id);
  const phone = unmasked(blank(input.phone), current.phone, maskPhone, { name: 'phone', label: '联系电话' });
  await refusingConflicts(
    () =>
      versionedUpdate(tx, D, eq(D.id, input.id), input.version, {
        name: input.name,
        ...(input.leader !== undefined && { leader: blank(input.leader) }),
        ...(phone !== undefined && { phone }),
        ...(input.description !== undefined && { description: blank(input.description) }),
        updatedAt: new Date(),
      }),
    { unique: `本机构已有名为「${input.name}」的部门` },
  );
  return departmentDetail(tx, user, input.id);
}

/** Deletes empty departments, all or nothing; one still holding inspectors is 409. */
export async function deleteDepartments(tx: Queryable, user: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = [];
  for (const id of unique) rows.push(await writableDepartment(tx, user, id));
  for (const d of rows) {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(I)
      .where(and(eq(I.departmentId, d.id), isNull(I.deletedAt)));
    if (n > 0) throw conflict(`部门「${d.name}」下还有 ${n} 名检验人员，请先在人员分配中移出后再删除`);
  }
  const deleted = await refusingConflicts(
    () => tx.delete(D).where(inArray(D.id, unique)).returning({ id: D.id }),
    { foreignKey: '部门下还有检验人员，请先在人员分配中移出后再删除' },
  );
  return { deleted: deleted.length };
}

/** The organisation's live inspectors among `ids`, locked; 404 when one is not the department's organisation's. */
async function ownInspectors(tx: Queryable, orgId: number, ids: number[]) {
  const rows = await tx
    .select({ id: I.id, name: I.name, auditState: I.auditState, departmentId: I.departmentId })
    .from(I)
    .where(and(inArray(I.id, ids), eq(I.orgId, orgId), isNull(I.deletedAt)))
    .for('update');
  if (rows.length !== ids.length) throw notFound(INSPECTOR_NOT_FOUND);
  return rows;
}

/** Puts passed inspectors of the department's organisation into it (moving them from another), at once. */
export async function distribute(
  tx: Queryable,
  user: AuthUser,
  input: { departmentId: number; inspectorIds: number[] },
) {
  const dep = await writableDepartment(tx, user, input.departmentId);
  const ids = [...new Set(input.inspectorIds)];
  const rows = await ownInspectors(tx, dep.orgId, ids);
  const notPassed = rows.filter((r) => r.auditState !== FILING_STATE.passed);
  if (notPassed.length > 0)
    throw conflict(
      `只有审核通过的检验人员才能分配部门：${notPassed.map((r) => r.name).join('、')}尚未审核通过`,
    );
  await tx
    .update(I)
    .set({ departmentId: dep.id, updatedAt: new Date(), version: sql`${I.version} + 1` })
    .where(and(inArray(I.id, ids), eq(I.auditState, FILING_STATE.passed), isNull(I.deletedAt)));
  return departmentDetail(tx, user, dep.id);
}

/** Takes inspectors out of the department, at once; one not in it is refused (400). */
export async function removeFromDepartment(
  tx: Queryable,
  user: AuthUser,
  input: { departmentId: number; inspectorIds: number[] },
) {
  const dep = await writableDepartment(tx, user, input.departmentId);
  const ids = [...new Set(input.inspectorIds)];
  const rows = await ownInspectors(tx, dep.orgId, ids);
  const outside = rows.filter((r) => r.departmentId !== dep.id);
  if (outside.length > 0) {
    const message = `${outside.map((r) => r.name).join('、')}不在部门「${dep.name}」中`;
    throw badRequest(message, [{ field: 'inspectorIds', message }]);
  }
  await tx
    .update(I)
    .set({ departmentId: null, updatedAt: new Date(), version: sql`${I.version} + 1` })
    .where(and(inArray(I.id, ids), eq(I.departmentId, dep.id)));
  return departmentDetail(tx, user, dep.id);
}
