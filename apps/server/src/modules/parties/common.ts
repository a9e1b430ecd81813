import {
  addDays,
  CERT_EXPIRING_DAYS,
  FILING_STATE_LABEL,
  type FileRef,
  isReviewer,
  maskIdNumber,
  maskPhone,
  shanghaiToday,
} from '@ec/contract';
import { eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { sysArea, sysFile } from '../../platform/db/tables.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { readableFileIds } from '../../platform/files/references.ts';
import type { AuditRecordRow } from '../../platform/workflow.ts';

/** Regulators (area scope) and the platform (all) review filings; companies never review their own. */
export function assertReviewer(user: AuthUser) {
  if (!isReviewer(user.dataScope)) throw forbidden('只有监管部门可以审核备案');
}

/**
 * Who sees a number in full is decided once, in platform/masking.ts (`seesInFull`: the person
 * themself, a company's own accounts for its contacts); these apply that decision.
 */
export { seesInFull } from '../../platform/masking.ts';
export const phoneFor = (full: boolean, v: string | null | undefined) =>
  v ? (full ? v : maskPhone(v)) : null;
export const idNumberFor = (full: boolean, v: string | null | undefined) =>
  v ? (full ? v : maskIdNumber(v)) : null;

export const filingLabel = (state: number) => FILING_STATE_LABEL[state] ?? String(state);

export const blank = <T>(v: T | '' | null | undefined): T | null => (v === '' || v === undefined ? null : v);

/** The case fields a filed record carries in lists and details. */
export function filingOf(state: number, record: AuditRecordRow | null | undefined) {
  return {
    filingState: state,
    filingStateLabel: filingLabel(state),
    auditId: record?.id ?? null,
    auditVersion: record?.version ?? null,
    auditDescription: record?.description ?? null,
  };
}

export async function fileRefs(
  q: Queryable,
  ids: (string | null | undefined)[],
): Promise<Map<string, FileRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await q
    .select({ id: sysFile.id, fileName: sysFile.fileName })
    .from(sysFile)
    .where(inArray(sysFile.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function fileRef(q: Queryable, id: string | null | undefined): Promise<FileRef | null> {
  if (!id) return null;
  return (await fileRefs(q, [id])).get(id) ?? null;
}

/**
 * Files a record refers to must be ones the actor may read (its own uploads, its organisation's, or
 * files a record it may read references already), or the ones the record already has: attaching an
 * id the actor cannot read would open that file to it, and to every reader of the record.
 */
export async function assertFiles(
  q: Queryable,
  user: AuthUser,
  files: Record<string, string | null | undefined>,
  current: (string | null | undefined)[] = [],
) {
  const keep = new Set(current.filter(Boolean).map((id) => id!.toLowerCase()));
  const wanted = Object.entries(files).flatMap(([field, id]) =>
    id && !keep.has(id.toLowerCase()) ? [{ field, id: id.toLowerCase() }] : [],
  );
  const readable = await readableFileIds(
    q,
    user,
    wanted.map((w) => w.id),
  );
  for (const { field, id } of wanted) {
    if (!readable.has(id)) {
      throw badRequest(`${field}：附件不存在，请重新上传`, [{ field, message: '附件不存在，请重新上传' }]);
    }
  }
}

/** Refuses area codes that are not in the area table (for company and community forms). */
export async function assertArea(q: Queryable, areaCode: string) {
  const [row] = await q.select({ code: sysArea.code }).from(sysArea).where(eq(sysArea.code, areaCode));
  if (!row) {
    throw badRequest(`areaCode：未知的行政区划 ${areaCode}`, [
      { field: 'areaCode', message: '未知的行政区划' },
    ]);
  }
}

/** A regulator works only inside its areas. */
export function assertInArea(user: AuthUser, areaCode: string | null) {
  if (user.dataScope === 'area' && (!areaCode || !user.areaCodes.includes(areaCode))) {
    throw forbidden('只能处理本辖区的单位');
  }
}

export const certStatusOf = (expiry: string | null, day = shanghaiToday()) => {
  if (!expiry) return 'none' as const;
  if (expiry < day) return 'expired' as const;
  if (expiry <= addDays(day, CERT_EXPIRING_DAYS)) return 'expiring' as const;
  return 'valid' as const;
};
