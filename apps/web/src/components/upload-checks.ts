import {
  ATTACHMENT_EXTENSIONS,
  DEFAULT_UPLOAD_MB,
  fileExtension,
  IMAGE_EXTENSIONS,
  IMPORT_EXTENSIONS,
  IMPORT_LIMIT_MB,
  messages,
} from '@ec/contract';

export type UploadKind = 'image' | 'attachment';

const MB = 1024 * 1024;

/** The spec's upload checks (doc 000 §5, §8), first failing one wins; null when the file may go. */
export function checkUpload(
  file: { name: string; size: number },
  options: {
    kind: UploadKind;
    limitMb?: number;
    alreadyChosen: number;
    multiple?: boolean;
    maxCount?: number;
  },
): string | null {
  const allowed: readonly string[] = options.kind === 'image' ? IMAGE_EXTENSIONS : ATTACHMENT_EXTENSIONS;
  if (!allowed.includes(fileExtension(file.name))) return messages.imageType;
  const limitMb = options.limitMb ?? DEFAULT_UPLOAD_MB;
  if (file.size > limitMb * MB) return messages.oversize(limitMb);
  const max = options.multiple ? (options.maxCount ?? Number.POSITIVE_INFINITY) : 1;
  if (options.alreadyChosen >= max) return messages.tooManyFiles;
  return null;
}

/** Imports take XLS or XLSX up to 10 MB. */
export function checkImport(file: { name: string; size: number }): string | null {
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)))
    return messages.importType;
  if (file.size > IMPORT_LIMIT_MB * MB) return messages.importTooLarge;
  return null;
}

/** The `tempFileSize` parameter in MB; anything unusable falls back to the default. */
export function parseLimitMb(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_UPLOAD_MB;
}
