import { type CallParsedInput, SEAL_KIND_LABEL, type SealRow, type sealCalls } from '@ec/contract';
import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern, uniqueViolation } from '../../../platform/db/sql.ts';
import { enterprise, sysFile } from '../../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../../platform/errors.ts';
import type { FileReference } from '../../../platform/files/references.ts';
import { fileReadable } from '../../../platform/files/references.ts';
import type { FileStorage } from '../../../platform/files/storage.ts';
import { orgScope, ownOrg } from '../scope.ts';
import { assertSealImage } from './png.ts';
import { inspectionSeal as seal } from './tables.ts';

type Values = CallParsedInput<typeof sealCalls.add>;
type Update = CallParsedInput<typeof sealCalls.update>;
type Stored = typeof seal.$inferSelect;

const WHAT = '印章';

/** Whoever may read a seal (its organisation, the platform) may read its image. */
export const sealFiles: FileReference = {
  name: 'inspection-seal',
  readable: (user, file) =>
    sql`exists (select 1 from ${seal} where ${seal.fileId} = ${file} and ${orgScope(user, seal.orgId)})`,
};

const sealView = (r: Stored, orgName: string, fileName: string | null): SealRow => ({
  id: r.id,
  orgId: r.orgId,
  orgName,
  name: r.name,
  kind: r.kind,
  kindLabel: SEAL_KIND_LABEL[r.kind] ?? '',
  fileId: r.fileId,
  fileName,
  enabled: r.enabled,
  note: r.note,
  version: r.version,
  updateTime: r.updatedAt.toISOString(),
});

const selection = { s: seal, orgName: enterprise.name, fileName: sysFile.fileName };
const joined = (q: Queryable) =>
  q
    .select(selection)
    .from(seal)
    .innerJoin(enterprise, eq(enterprise.id, seal.orgId))
    .leftJoin(sysFile, eq(sysFile.id, seal.fileId));

export async function listSeals(q: Queryable, user: AuthUser, f: CallParsedInput<typeof sealCalls.query>) {
  const where: SQL | undefined = and(
    orgScope(user, seal.orgId),
    f.keyword ? ilike(seal.name, likePattern(f.keyword)) : undefined,
    f.kind ? eq(seal.kind, f.kind) : undefined,
    f.enabled === undefined ? undefined : eq(seal.enabled, f.enabled),
    f.orgId ? eq(seal.orgId, f.orgId) : undefined,
  );
  return paginate(
    q,
    f,
    (w) => joined(q).where(where).orderBy(desc(seal.id)).limit(w.limit).offset(w.offset),
    { from: seal, where },
    (r) => sealView(r.s, r.orgName, r.fileName),
  );
}

export async function sealDetail(q: Queryable, user: AuthUser, id: number): Promise<SealRow> {
  const [row] = await joined(q).where(and(eq(seal.id, id), orgScope(user, seal.orgId)));
  if (!row) throw notFound('印章不存在或无权访问');
  return sealView(row.s, row.orgName, row.fileName);
}

/**
 * The uploaded image must be one the user may read (uploaded by the user or the organisation) and a
 * PNG with transparency within the size limits: read from the stored bytes, not the file's name.
 */
async function assertImage(q: Queryable, storage: FileStorage, user: AuthUser, fileId: string) {
  const [file] = await q
    .select({ key: sysFile.storageKey })
    .from(sysFile)
    .where(and(eq(sysFile.id, fileId), fileReadable(user, fileId)));
  const missing = '印章图片不存在，请重新上传';
  if (!file) throw badRequest(`fileId：${missing}`, [{ field: 'fileId', message: missing }]);
  let body: Buffer;
  try {
    body = await storage.get(file.key);
  } catch {
    throw badRequest(`fileId：${missing}`, [{ field: 'fileId', message: missing }]);
  }
  assertSealImage(body);
}

const enabledTaken = (err: unknown, kind: number) =>
  uniqueViolation(err) === 'inspection_seal_enabled_uq'
    ? conflict(
        `本机构已有启用的${SEAL_KIND_LABEL[kind] ?? '同类印章'}，同一类型只能启用一枚印章，请先停用原印章`,
      )
    : err;

export async function addSeal(q: Queryable, storage: FileStorage, user: AuthUser, v: Values) {
  const orgId = ownOrg(user, WHAT);
  await assertImage(q, storage, user, v.fileId);
  let id: number;
  try {
    [{ id }] = await q
      .insert(seal)
      .values({
        orgId,
        name: v.name,
        kind: v.kind,
        fileId: v.fileId,
        enabled: v.enabled,
        note: v.note || null,
      })
      .returning({ id: seal.id });
  } catch (err) {
    throw enabledTaken(err, v.kind);
  }
  return sealDetail(q, user, id);
}

/**
 * Changes a seal: its name, kind, image, or whether it is enabled. At most one enabled seal per
 * organisation and kind (the partial unique index decides, also between concurrent enables); the
 * version in the UPDATE's WHERE refuses a stale form (409).
 */
export async function updateSeal(q: Queryable, storage: FileStorage, user: AuthUser, v: Update) {
  ownOrg(user, WHAT);
  const [stored] = await q
    .select()
    .from(seal)
    .where(and(eq(seal.id, v.id), orgScope(user, seal.orgId)));
  if (!stored) throw notFound('印章不存在或无权访问');
  if (v.fileId !== stored.fileId) await assertImage(q, storage, user, v.fileId);
  let updated: { id: number }[];
  try {
    updated = await q
      .update(seal)
      .set({
        name: v.name,
        kind: v.kind,
        fileId: v.fileId,
        enabled: v.enabled,
        note: v.note || null,
        version: v.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(seal.id, v.id), eq(seal.orgId, stored.orgId), eq(seal.version, v.version)))
      .returning({ id: seal.id });
  } catch (err) {
    throw enabledTaken(err, v.kind);
  }
  if (updated.length === 0) throw conflict('该印章已被他人修改，请刷新后重试');
  return sealDetail(q, user, v.id);
}

export async function deleteSeals(q: Queryable, user: AuthUser, ids: number[]) {
  const orgId = ownOrg(user, WHAT);
  const wanted = [...new Set(ids)];
  const found = await q
    .select({ id: seal.id })
    .from(seal)
    .where(and(inArray(seal.id, wanted), eq(seal.orgId, orgId)))
    .for('update');
  if (found.length !== wanted.length) throw notFound('印章不存在或无权访问');
  const deleted = await q
    .delete(seal)
    .where(and(inArray(seal.id, wanted), eq(seal.orgId, orgId)))
    .returning({ id: seal.id });
  return { deleted: deleted.length };
}

/**
 * For part 2 (signing a report): the enabled seal of organisation `orgId` and `kind`, with its image;
 * 409 when the organisation has none enabled.
 */
export async function sealFor(q: Queryable, orgId: number, kind: number) {
  const [row] = await q
    .select({ id: seal.id, name: seal.name, fileId: seal.fileId, storageKey: sysFile.storageKey })
    .from(seal)
    .innerJoin(sysFile, eq(sysFile.id, seal.fileId))
    .where(and(eq(seal.orgId, orgId), eq(seal.kind, kind), eq(seal.enabled, true)));
  if (!row) throw conflict(`本机构尚未启用${SEAL_KIND_LABEL[kind] ?? '印章'}，无法签章`);
  return { id: row.id, name: row.name, fileId: row.fileId!, storageKey: row.storageKey };
}
