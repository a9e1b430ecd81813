import {
  ATTACHMENT_EXTENSIONS,
  type ElevatorAttachment,
  formatDateTime,
  IMAGE_EXTENSIONS,
  MAX_ELEVATOR_ATTACHMENTS,
} from '@ec/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { sysFile, sysUser } from '../../platform/db/tables.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { FileReference } from '../../platform/files/references.ts';
import { elevatorScope } from './scope.ts';
import { requireElevator } from './service.ts';
import { elevator, elevatorAttachment } from './tables.ts';

/**
 * An elevator's attachments open their files to whoever may open the elevator now (its data scope:
 * no pending claim, no longer after it is unbound).
 */
export const attachmentFiles: FileReference = {
  name: 'elevator-attachment',
  readable: (user, file) =>
    sql`exists (select 1 from ${elevatorAttachment} inner join ${elevator} on ${elevator.id} = ${elevatorAttachment.elevatorId}
      where ${elevatorAttachment.fileId} = ${file} and ${elevatorScope(user)})`,
};

const ATTACHABLE: readonly string[] = [...new Set([...ATTACHMENT_EXTENSIONS, ...IMAGE_EXTENSIONS])];

/** The attachments of one elevator, oldest first, with the file's name and size and who attached it. */
async function attachmentsOf(db: Queryable, elevatorId: number): Promise<ElevatorAttachment[]> {
  const rows = await db
    .select({
      id: elevatorAttachment.id,
      elevatorId: elevatorAttachment.elevatorId,
      fileId: elevatorAttachment.fileId,
      fileName: sysFile.fileName,
      size: sysFile.size,
      mime: sysFile.mime,
      uploaderName: sysUser.realName,
      createdAt: elevatorAttachment.createdAt,
    })
    .from(elevatorAttachment)
    .innerJoin(sysFile, eq(sysFile.id, elevatorAttachment.fileId))
    .leftJoin(sysUser, eq(sysUser.id, elevatorAttachment.uploadedBy))
    .where(eq(elevatorAttachment.elevatorId, elevatorId))
    .orderBy(asc(elevatorAttachment.id));
  return rows.map(({ createdAt, ...r }) => ({ ...r, createTime: formatDateTime(createdAt) }));
}

/** Reading follows the detail: an elevator the user may not open is 404. */
export async function listAttachments(db: Queryable, user: AuthUser, elevatorId: number) {
  await requireElevator(db, elevatorId, elevatorScope(user));
  return attachmentsOf(db, elevatorId);
}

/**
 * Attaches files the user uploaded (through /pc/attachmentElevator/upload or /common/upload) to an
 * elevator in the user's scope. Attaching a file twice changes nothing. Runs in a transaction: the
 * elevator's row lock makes concurrent additions count one after another, so the cap holds.
 */
export async function addAttachments(db: Queryable, user: AuthUser, elevatorId: number, fileIds: string[]) {
  const [locked] = await db
    .select({ id: elevator.id })
    .from(elevator)
    .where(and(eq(elevator.id, elevatorId), elevatorScope(user)))
    .for('no key update');
  if (!locked) throw notFound('电梯不存在或无权访问');
  const wanted = [...new Set(fileIds.map((id) => id.toLowerCase()))];
  const files = await db
    .select({ id: sysFile.id, ext: sysFile.ext, fileName: sysFile.fileName })
    .from(sysFile)
    .where(and(inArray(sysFile.id, wanted), eq(sysFile.uploaderId, user.id)));
  if (files.length !== wanted.length) throw notFound('附件文件不存在或不是您上传的，请重新上传');
  const wrong = files.find((f) => !ATTACHABLE.includes(f.ext));
  if (wrong) throw badRequest(`「${wrong.fileName}」的文件类型不能作为电梯附件`);
  const [{ n }] = await db
    .select({ n: count() })
    .from(elevatorAttachment)
    .where(eq(elevatorAttachment.elevatorId, elevatorId));
  if (n + wanted.length > MAX_ELEVATOR_ATTACHMENTS)
    throw conflict(`每台电梯最多 ${MAX_ELEVATOR_ATTACHMENTS} 个附件，请先删除不需要的附件`);
  await db
    .insert(elevatorAttachment)
    .values(wanted.map((fileId) => ({ elevatorId, fileId, uploadedBy: user.id })))
    .onConflictDoNothing();
  return attachmentsOf(db, elevatorId);
}

/** Removes attachments of one elevator in scope; an id that is not one of its attachments is 404. */
export async function removeAttachments(db: Queryable, user: AuthUser, elevatorId: number, ids: number[]) {
  await requireElevator(db, elevatorId, elevatorScope(user));
  const unique = [...new Set(ids)];
  const removed = await db
    .delete(elevatorAttachment)
    .where(and(eq(elevatorAttachment.elevatorId, elevatorId), inArray(elevatorAttachment.id, unique)))
    .returning({ id: elevatorAttachment.id });
  if (removed.length !== unique.length) throw notFound('附件不存在或已被删除');
  return { removed: removed.length };
}
