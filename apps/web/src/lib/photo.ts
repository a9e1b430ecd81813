import { DEFAULT_UPLOAD_MB, fileCalls } from '@ec/contract';
import { upload } from './api.ts';

/*
 * Photos and the signature go through the platform's upload (POST /common/upload → file id). A
 * phone's camera makes files of several MB (and HEIC on some phones): they are scaled down and sent
 * as JPEG, which the upload accepts.
 */

const MAX_SIDE = 1600;
const KEEP_AS_IS_BYTES = 1.5 * 1024 * 1024;

const isPlain = (b: Blob) => b.type === 'image/jpeg' || b.type === 'image/png';

async function shrink(file: Blob): Promise<Blob> {
  if (isPlain(file) && file.size <= KEEP_AS_IS_BYTES) return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('图片处理失败'))), 'image/jpeg', 0.85),
  );
}

/** Uploads one image under a readable name; resolves with the stored file's id. */
export async function uploadImage(blob: Blob, baseName: string): Promise<string> {
  let ready: Blob;
  try {
    ready = await shrink(blob);
  } catch {
    if (!isPlain(blob)) throw new Error('无法读取该图片格式，请把相机的格式设为“兼容性最佳”（JPEG）后重拍');
    ready = blob;
  }
  if (ready.size > DEFAULT_UPLOAD_MB * 1024 * 1024) {
    throw new Error(`图片超过 ${DEFAULT_UPLOAD_MB} MB，请重新拍摄`);
  }
  const ext = ready.type === 'image/png' ? 'png' : 'jpg';
  const file = new File([ready], `${baseName}.${ext}`, { type: ready.type });
  const stored = await upload(fileCalls.upload, file, {}, { silent: true });
  return stored.id;
}

/** A PNG data URL → its bytes, for the upload. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, body = ''] = dataUrl.split(',');
  const mime = /data:([^;]+)/.exec(head)?.[1] ?? 'image/png';
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: mime });
}

/** Uploads a signature drawn on the SignaturePad (a PNG data URL); resolves with the file's id. */
export const uploadSignature = (png: string, baseName: string) => uploadImage(dataUrlToBlob(png), baseName);
