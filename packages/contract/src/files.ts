import { z } from 'zod';
import { defineCall, SIGNED_IN } from './call.ts';
import { empty } from './common.ts';

const fileId = z.object({ id: z.string().uuid('文件编号格式不正确') });
export const storedFile = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
const fileInfo = z.object({ id: z.string(), fileName: z.string(), base64: z.string() });

export const fileCalls = {
  upload: defineCall({
    domain: 'shared',
    method: 'POST',
    path: '/common/upload',
    permission: SIGNED_IN,
    summary: '上传文件（图片或 PDF）',
    encoding: 'multipart',
    input: z.object({ sizeParam: z.enum(['tempFileSize']).optional() }),
    output: storedFile,
  }),
  uploadAttachment: defineCall({
    domain: 'shared',
    method: 'POST',
    path: '/pc/attachmentElevator/upload',
    permission: SIGNED_IN,
    summary: '上传附件',
    encoding: 'multipart',
    maxFiles: 5,
    input: z.object({ sizeParam: z.enum(['tempFileSize']).optional() }),
    output: z.array(storedFile),
  }),
  getFileInfo: defineCall({
    domain: 'shared',
    method: 'GET',
    path: '/getFileInfo',
    permission: SIGNED_IN,
    summary: '文件内容（base64）',
    input: fileId,
    output: fileInfo,
  }),
  getUacFileInfo: defineCall({
    domain: 'shared',
    method: 'GET',
    path: '/getUacFileInfo',
    permission: SIGNED_IN,
    summary: '文件内容（base64）',
    input: fileId,
    output: fileInfo,
  }),
  getNewFileInfo: defineCall({
    domain: 'shared',
    method: 'GET',
    path: '/getNewFileInfo',
    permission: SIGNED_IN,
    summary: '文件内容（base64）',
    input: fileId,
    output: fileInfo,
  }),
  imageBase64: defineCall({
    domain: 'shared',
    method: 'GET',
    path: '/show/image/base64',
    permission: SIGNED_IN,
    summary: '图片（base64 data URL）',
    input: fileId,
    output: z.string(),
  }),
  imageUacBase64: defineCall({
    domain: 'shared',
    method: 'GET',
    path: '/show/image/Uacbase64',
    permission: SIGNED_IN,
    summary: '图片（base64 data URL）',
    input: fileId,
    output: z.string(),
  }),
  showFile: defineCall({
    domain: 'shared',
    method: 'GET',
    path: '/showFile',
    permission: SIGNED_IN,
    summary: '在线查看文件',
    result: 'file',
    input: fileId,
    output: z.unknown(),
  }),
  uploadToken: defineCall({
    domain: 'shared',
    method: 'GET',
    path: '/qiniu/upload/token',
    permission: SIGNED_IN,
    summary: '获取直传凭证',
    input: empty,
    output: z.object({
      token: z.string(),
      uploadUrl: z.string(),
      method: z.enum(['POST', 'PUT']),
      expiresAt: z.string(),
      backend: z.enum(['local', 's3']),
    }),
  }),
};
