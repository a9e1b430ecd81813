/**
 * What every printed document shares (the maintenance records, the inspection reports, the rescue
 * signboards): the Chinese font shipped in the repository (nothing is fetched at run time), which
 * code points it draws, and the full check of a PNG before pdfkit sees it — pdfkit decodes some PNGs
 * (alpha, interlace) in a zlib callback, where a corrupt file would throw out of reach of any catch
 * and end the process.
 */
import { fileURLToPath } from 'node:url';
import { crc32, inflateSync } from 'node:zlib';
import type { AuthUser } from './access.ts';
import { AppError } from './errors.ts';
import { readFile } from './files/service.ts';
import type { Platform } from './platform.ts';

/** The font shipped in assets/fonts/ (its README): from src/platform/ and dist/platform/ alike. */
export const PDF_FONT_PATH = fileURLToPath(new URL('../../assets/fonts/ec-pdf-sans.ttf', import.meta.url));

/**
 * How a printed document reads its images (photos, signatures, seals): through the platform's file
 * read with the reader's access. A file that is gone or not readable by this user (404) is `null`
 * and prints as missing; any other failure (storage or database down) is logged and thrown, and
 * fails the document: a signed record never leaves with a photo or signature silently left out.
 */
export function pdfImageReader(platform: Platform, user: AuthUser, what: string) {
  return async (fileId: string): Promise<Buffer | null> => {
    try {
      return (await readFile(platform, user, fileId)).body;
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      platform.log.error({ err, fileId }, `${what}: image unreadable`);
      throw err;
    }
  };
}

/** Larger images are drawn as a labelled box (a decoded 40-megapixel RGBA image is 160 MB). */
export const MAX_PIXELS = 40_000_000;

/** Which code points the font draws; pdfkit's font is fontkit's, which says so. */
export function glyphCheck(doc: PDFKit.PDFDocument): (codePoint: number) => boolean {
  const font = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?: (cp: number) => boolean } } })
    ._font?.font;
  if (typeof font?.hasGlyphForCodePoint !== 'function') return () => true;
  return (cp) => font.hasGlyphForCodePoint?.(cp) ?? true;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Why pdfkit cannot take these PNG bytes safely, or null when it can. */
export function pngProblem(data: Buffer): string | null {
  if (data.length < 8 + 25 + 12 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return '不是 PNG 文件';
  let pos = 8;
  let header: { width: number; height: number; depth: number; colorType: number; interlace: number } | null =
    null;
  let palette = false;
  let indexedAlpha = false;
  const idat: Buffer[] = [];
  for (;;) {
    if (pos + 12 > data.length) return 'PNG 文件不完整';
    const length = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    if (length > 0x7fffffff || pos + 12 + length > data.length) return 'PNG 文件不完整';
    const body = data.subarray(pos + 8, pos + 8 + length);
    if (crc32(data.subarray(pos + 4, pos + 8 + length)) !== data.readUInt32BE(pos + 8 + length)) {
      return 'PNG 文件已损坏';
    }
    pos += 12 + length;
    if (header === null && type !== 'IHDR') return 'PNG 文件已损坏';
    if (type === 'IHDR') {
      if (header !== null || length !== 13) return 'PNG 文件已损坏';
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8],
        colorType: body[9],
        interlace: body[12],
      };
      if (body[10] !== 0 || body[11] !== 0 || header.interlace > 1) return 'PNG 文件已损坏';
    } else if (type === 'PLTE') {
      palette = true;
    } else if (type === 'tRNS') {
      indexedAlpha = header?.colorType === 3;
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
  }
  if (header === null || idat.length === 0) return 'PNG 文件已损坏';
  const { width, height, depth, colorType, interlace } = header;
  const depths: Record<number, number[]> = {
    0: [1, 2, 4, 8, 16],
    2: [8, 16],
    3: [1, 2, 4, 8],
    4: [8, 16],
    6: [8, 16],
  };
  const channels: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
  if (!depths[colorType]?.includes(depth) || width === 0 || height === 0) return 'PNG 文件已损坏';
  if (colorType === 3 && !palette) return 'PNG 文件已损坏';
  if (width * height > MAX_PIXELS) return '图片过大';
  // pdfkit decodes these itself, and its decoder reads only whole-byte pixels.
  const decoded = interlace === 1 || colorType === 4 || colorType === 6 || indexedAlpha;
  if (decoded && depth < 8) return '图片格式不支持';
  // The scanlines: each a filter byte (0-4) and its pixels, pass by pass when interlaced.
  const bitsPerPixel = depth * channels[colorType];
  const passes =
    interlace === 1
      ? [
          [0, 0, 8, 8],
          [4, 0, 8, 8],
          [0, 4, 4, 8],
          [2, 0, 4, 4],
          [0, 2, 2, 4],
          [1, 0, 2, 2],
          [0, 1, 1, 2],
        ]
      : [[0, 0, 1, 1]];
  const lines: number[] = [];
  let expected = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w <= 0 || h <= 0) continue;
    const stride = 1 + Math.ceil((w * bitsPerPixel) / 8);
    for (let row = 0; row < h; row++) lines.push(expected + row * stride);
    expected += h * stride;
  }
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    return 'PNG 文件已损坏';
  }
  if (pixels.length !== expected) return 'PNG 文件已损坏';
  for (const at of lines) if (pixels[at] > 4) return 'PNG 文件已损坏';
  return null;
}

/** A4 portrait, in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
/** The documents' palette: text, secondary text, rules, shaded header cells; a dash for "none". */
export const INK = '#111111';
export const MUTED = '#666666';
export const RULE = '#8c8c8c';
export const SHADE = '#eef1f5';
export const DASH = '—';

// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters a PDF line cannot show
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;

/**
 * Text as the document's font can draw it: no control characters, and every character the font
 * lacks replaced by its compatibility form when the font has that (℃ → °C, ① → 1, ㎜ → mm), else by
 * U+FFFD — never an empty box. One per document (it remembers each replacement).
 */
export function printableText(doc: PDFKit.PDFDocument): (value: string) => string {
  const hasGlyph = glyphCheck(doc);
  const fallback = new Map<number, string>();
  const replaceMissing = (text: string) => {
    let result = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp === 10 || hasGlyph(cp)) {
        result += ch;
        continue;
      }
      let instead = fallback.get(cp);
      if (instead === undefined) {
        const nfkc = ch.normalize('NFKC');
        const drawable = nfkc !== ch && [...nfkc].every((c) => hasGlyph(c.codePointAt(0) ?? 0));
        instead = drawable ? nfkc : '\ufffd';
        fallback.set(cp, instead);
      }
      result += instead;
    }
    return result;
  };
  return (value) => {
    const text = value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(CONTROL, '');
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp !== 10 && !hasGlyph(cp)) return replaceMissing(text);
    }
    return text;
  };
}
