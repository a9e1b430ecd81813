import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { DEFAULT_UPLOAD_MB, fileExtension, IMPORT_EXTENSIONS, IMPORT_LIMIT_MB, messages } from '@ec/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../access.ts';
import { sysFile, sysParam } from '../db/tables.ts';
import { badRequest, notFound, tooLarge, unsupportedType } from '../errors.ts';
import type { Platform } from '../platform.ts';
import { contentMatches } from './detect.ts';
import { fileReadable } from './references.ts';

export interface UploadRules {
  extensions: readonly string[];
  maxFiles: number;
  /** Read the size limit from the tempFileSize parameter instead of the 5 MB default. */
  useParamLimit: boolean;
}

interface Received {
  fileName: string;
  ext: string;
  body: Buffer;
}

async function limitMb(platform: Platform, useParam: boolean): Promise<number> {
  if (!useParam) return DEFAULT_UPLOAD_MB;
  const [row] = await platform.db
    .select({ value: sysParam.value })
    .from(sysParam)
    .where(eq(sysParam.configKey, 'tempFileSize'));
  const mb = Number(row?.value);
  return Number.isFinite(mb) && mb > 0 ? Math.min(mb, 10) : DEFAULT_UPLOAD_MB;
}

/** Reads every file part, refusing on count, size and extension before anything is stored. */
async function receive(
  req: FastifyRequest,
  rules: Pick<UploadRules, 'extensions' | 'maxFiles'>,
  maxBytes: number,
  tooLargeMessage: string,
  typeMessage: string = messages.imageType,
): Promise<Received[]> {
  if (!req.isMultipart()) throw unsupportedType('请以 multipart/form-data 上传文件');
  const files: Received[] = [];
  for await (const part of req.parts()) {
    if (part.type !== 'file') continue;
    if (files.length >= rules.maxFiles) {
      part.file.resume();
      throw badRequest(messages.tooManyFiles);
    }
    const body = await part.toBuffer();
    const fileName = (part.filename || 'file').slice(0, 200);
    const ext = fileExtension(fileName);
    if (body.length > maxBytes) throw tooLarge(tooLargeMessage);
    if (!rules.extensions.includes(ext)) throw unsupportedType(typeMessage);
    files.push({ fileName, ext, body });
  }
  if (files.length === 0) throw badRequest('请选择要上传的文件');
  return files;
}

/** Stores the uploaded files, owned by the uploader and the uploader's organisation. */
export async function storeUploads(
  platform: Platform,
  req: FastifyRequest,
  owner: Pick<AuthUser, 'id' | 'companyId'>,
  rules: UploadRules,
) {
  const mb = await limitMb(platform, rules.useParamLimit);
  const files = await receive(req, rules, mb * 1024 * 1024, messages.oversize(mb));
  const checked = [];
  for (const f of files) {
    const { ok, mime } = await contentMatches(f.body, f.ext);
    if (!ok) throw unsupportedType(messages.imageType);
    checked.push({ ...f, mime });
  }
  const stored: string[] = [];
  try {
    const rows = [];
    for (const f of checked) {
      const id = randomUUID();
      await platform.storage.put(id, f.body, f.mime);
      stored.push(id);
      rows.push({
        id,
        fileName: f.fileName,
        ext: f.ext,
        mime: f.mime,
        size: f.body.length,
        sha256: createHash('sha256').update(f.body).digest('hex'),
        storageKey: id,
        uploaderId: owner.id,
        ownerCompanyId: owner.companyId,
      });
    }
    await platform.db.insert(sysFile).values(rows);
    return rows.map((r) => ({ id: r.id, fileName: r.fileName, size: r.size, mime: r.mime }));
  } catch (err) {
    // Bytes without a row are garbage: take them back.
    await Promise.allSettled(stored.map((key) => platform.storage.delete(key)));
    throw err;
  }
}

/** One spreadsheet for an import: .xls or .xlsx by content, at most 10 MB; kept in memory only. */
export async function receiveSpreadsheet(req: FastifyRequest): Promise<{ fileName: string; body: Buffer }> {
  const [file] = await receive(
    req,
    { extensions: IMPORT_EXTENSIONS, maxFiles: 1 },
    IMPORT_LIMIT_MB * 1024 * 1024,
    messages.importTooLarge,
    messages.importType,
  );
  if (!(await contentMatches(file.body, file.ext)).ok) throw unsupportedType(messages.importType);
  return file;
}

/** Stores a file the server made (an error report, an export) so the user, and only the user, can download it. */
export async function storeGenerated(
  platform: Platform,
  userId: number,
  fileName: string,
  body: Buffer,
  mime: string,
) {
  const id = randomUUID();
  await platform.storage.put(id, body, mime);
  try {
    await platform.db.insert(sysFile).values({
      id,
      fileName,
      ext: fileExtension(fileName),
      mime,
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      storageKey: id,
      uploaderId: userId,
    });
  } catch (err) {
    await platform.storage.delete(id).catch(() => undefined);
    throw err;
  }
  return id;
}

/**
 * A file's row and bytes, if the user may read it (references.ts): one query decides. A file the
 * user may not read is 404, like one that does not exist.
 */
export async function readFile(platform: Platform, user: AuthUser, id: string) {
  const [row] = await platform.db
    .select()
    .from(sysFile)
    .where(and(eq(sysFile.id, id), fileReadable(user, id)));
  if (!row) throw notFound('文件不存在或无权访问');
  try {
    return { row, body: await platform.storage.get(row.storageKey) };
  } catch (err) {
    platform.log.error({ err, fileId: id }, 'file row without bytes');
    throw notFound('文件内容已丢失');
  }
}

const TOKEN_TTL_MS = 10 * 60_000;

/** A short-lived token for a direct upload to this server, bound to the user. */
export function signUploadToken(secret: string, userId: number, now = Date.now()) {
  const expires = now + TOKEN_TTL_MS;
  const payload = `${userId}.${expires}`;
  const sig = createHmac('sha256', secret).update(payload).digest('base64url');
  return { token: `${payload}.${sig}`, expiresAt: new Date(expires) };
}

export function verifyUploadToken(secret: string, token: string, userId: number, now = Date.now()): boolean {
  const [uid, expires, sig] = token.split('.');
  if (!uid || !expires || !sig) return false;
  const expected = createHmac('sha256', secret).update(`${uid}.${expires}`).digest('base64url');
  const a = Buffer.from(sig);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) && Number(uid) === userId && Number(expires) > now;
}
