import { fileTypeFromBuffer } from 'file-type';

/**
 * What the bytes really are, as the extension family they may be uploaded under. Old Office files
 * (doc, xls) share one container format (CFB), so either extension is accepted for it.
 */
export async function contentFamilies(body: Buffer): Promise<string[]> {
  const detected = await fileTypeFromBuffer(body);
  if (!detected) return [];
  switch (detected.ext) {
    case 'jpg':
      return ['jpg', 'jpeg'];
    case 'cfb':
      return ['doc', 'xls'];
    default:
      return [detected.ext];
  }
}

export async function contentMatches(body: Buffer, ext: string): Promise<{ ok: boolean; mime: string }> {
  const detected = await fileTypeFromBuffer(body);
  const families = await contentFamilies(body);
  return { ok: families.includes(ext), mime: detected?.mime ?? 'application/octet-stream' };
}
