import { SEAL_IMAGE_MAX_BYTES } from '@ec/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { sysFile } from '../../../platform/db/tables.ts';
import { badRequest } from '../../../platform/errors.ts';
import { type FileReference, fileReadable } from '../../../platform/files/references.ts';
import type { FileStorage } from '../../../platform/files/storage.ts';
import { pngFacts } from '../instruments/png.ts';
import { reportScope } from '../reports/scope.ts';
import { inspectionReport as report } from '../reports/tables.ts';
import { orgScope } from '../scope.ts';
import { inspectionInspector as I } from './tables.ts';

/*
 * 签名图片: an inspector's signature, a PNG uploaded through the platform (POST /common/upload) and
 * printed on the reports the inspector signs. Who reads the inspector (its organisation, the
 * platform, the regulators of its area) or a report the inspector is on (inspecting or reviewing) reads
 * the image.
 */

export const signatureFiles: FileReference = {
  name: 'inspection-inspector-signature',
  readable: (user, file) => sql`exists (select 1 from ${I} where ${I.signatureFileId} = (${file})::text and (
    ${orgScope(user, I.orgId)}
    or exists (select 1 from ${report} where (${report.inspectorIds} @> array[${I.id}] or ${report.reviewerId} = ${I.id})
      and ${reportScope(user)})))`,
};

const refuse = (message: string) =>
  badRequest(`签名图片：${message}`, [{ field: 'signatureFileId', message }]);

/** The uploaded signature must be a file the user may read, and a PNG (read from its bytes). */
export async function assertSignature(q: Queryable, storage: FileStorage, user: AuthUser, fileId: string) {
  const [file] = await q
    .select({ key: sysFile.storageKey })
    .from(sysFile)
    .where(and(eq(sysFile.id, fileId), fileReadable(user, fileId)));
  const missing = '签名图片不存在，请重新上传';
  if (!file) throw refuse(missing);
  let body: Buffer;
  try {
    body = await storage.get(file.key);
  } catch {
    throw refuse(missing);
  }
  if (body.length > SEAL_IMAGE_MAX_BYTES)
    throw refuse(`签名图片不能超过 ${Math.round(SEAL_IMAGE_MAX_BYTES / 1024)} KB`);
  if (!pngFacts(body)) throw refuse('签名图片必须是 PNG 格式（文件内容不是 PNG）');
}

/** For the report's PDF: the signature image of each of `ids` (inspector id → file id or null). */
export async function signaturesOf(q: Queryable, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await q.select({ id: I.id, fileId: I.signatureFileId }).from(I).where(inArray(I.id, ids));
  return new Map(rows.map((r) => [r.id, r.fileId]));
}
