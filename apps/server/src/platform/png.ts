import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from './db/client.ts';
import { sysFile } from './db/tables.ts';
import type { FileStorage } from './files/storage.ts';

/**
 * Stores a PNG the demo seed drew (a seal, a signature) as a real file: the bytes in the platform's
 * storage and its `sys_file` row, uploaded by `uploaderId` for organisation `ownerCompanyId`, as an
 * upload would be. Answers the file id.
 */
export async function storeSeedPng(
  q: Queryable,
  storage: FileStorage,
  file: { fileName: string; body: Buffer; uploaderId: number; ownerCompanyId: number },
): Promise<string> {
  const id = randomUUID();
  await storage.put(id, file.body, 'image/png');
  await q.insert(sysFile).values({
    id,
    fileName: file.fileName,
    ext: 'png',
    mime: 'image/png',
    size: file.body.length,
    sha256: createHash('sha256').update(file.body).digest('hex'),
    storageKey: id,
    uploaderId: file.uploaderId,
    ownerCompanyId: file.ownerCompanyId,
  });
  return id;
}
