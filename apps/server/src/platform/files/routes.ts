import { ATTACHMENT_EXTENSIONS, DISPLAY_IMAGE_EXTENSIONS, fileCalls, IMAGE_EXTENSIONS } from '@ec/contract';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../access.ts';
import { badRequest, unauthorized } from '../errors.ts';
import { implement } from '../http/implement.ts';
import type { Platform } from '../platform.ts';
import { readFile, signUploadToken, storeUploads, verifyUploadToken } from './service.ts';

/** A request that carries an upload token must carry a valid one. */
function checkUploadToken(platform: Platform, req: FastifyRequest, userId: number) {
  const token = req.headers['x-upload-token'];
  if (token === undefined) return;
  if (typeof token !== 'string' || !verifyUploadToken(platform.config.secret, token, userId)) {
    throw unauthorized('上传凭证无效或已过期，请重新获取');
  }
}

const fileInfo = async (platform: Platform, user: AuthUser, id: string) => {
  const { row, body } = await readFile(platform, user, id);
  return { id: row.id, fileName: row.fileName, base64: body.toString('base64') };
};

const imageDataUrl = async (platform: Platform, user: AuthUser, id: string) => {
  const { row, body } = await readFile(platform, user, id);
  if (!DISPLAY_IMAGE_EXTENSIONS.includes(row.ext)) throw badRequest('该文件不是图片');
  return `data:${row.mime};base64,${body.toString('base64')}`;
};

export const fileRoutes = [
  implement(fileCalls.upload, async (input, { req, user, platform }) => {
    checkUploadToken(platform, req, user.id);
    const [file] = await storeUploads(platform, req, user, {
      extensions: IMAGE_EXTENSIONS,
      maxFiles: 1,
      useParamLimit: input.sizeParam === 'tempFileSize',
    });
    return file;
  }),
  implement(fileCalls.uploadAttachment, (input, { req, user, platform }) => {
    checkUploadToken(platform, req, user.id);
    return storeUploads(platform, req, user, {
      extensions: ATTACHMENT_EXTENSIONS,
      maxFiles: fileCalls.uploadAttachment.maxFiles ?? 1,
      useParamLimit: input.sizeParam === 'tempFileSize',
    });
  }),
  implement(fileCalls.getFileInfo, ({ id }, { user, platform }) => fileInfo(platform, user, id)),
  implement(fileCalls.getUacFileInfo, ({ id }, { user, platform }) => fileInfo(platform, user, id)),
  implement(fileCalls.getNewFileInfo, ({ id }, { user, platform }) => fileInfo(platform, user, id)),
  implement(fileCalls.imageBase64, ({ id }, { user, platform }) => imageDataUrl(platform, user, id)),
  implement(fileCalls.imageUacBase64, ({ id }, { user, platform }) => imageDataUrl(platform, user, id)),
  implement(fileCalls.showFile, async ({ id }, { reply, user, platform }) => {
    const { row, body } = await readFile(platform, user, id);
    const inline = row.ext === 'pdf' || DISPLAY_IMAGE_EXTENSIONS.includes(row.ext);
    return reply
      .type(row.mime)
      .header('Cache-Control', 'private, max-age=300')
      .header(
        'Content-Disposition',
        `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
      )
      .send(body);
  }),
  implement(fileCalls.uploadToken, async (_input, { user, platform }) => {
    // Uploads always pass through the server, which checks them before they reach any backend.
    const { token, expiresAt } = signUploadToken(platform.config.secret, user.id);
    return {
      token,
      uploadUrl: '/monitor/api/common/upload',
      method: 'POST' as const,
      expiresAt: expiresAt.toISOString(),
      backend: platform.storage.backend,
    };
  }),
];
