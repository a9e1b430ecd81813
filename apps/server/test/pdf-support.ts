/**
 * What the tests of printed documents share: PNGs built by hand (signatures, photos, seals and the
 * malformed ones a renderer must refuse) and the PDF read back with pdf.js, as a user's viewer or a
 * copy-paste would read it.
 */
import { crc32, deflateSync } from 'node:zlib';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

// ---------------------------------------------------------------- PNGs built by hand

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * An 8-bit PNG, RGB (`pixel` answers three channels) or RGBA (`alpha`, four); `filter` is every
 * scanline's filter byte (a valid one is 0-4).
 */
export function png(
  width: number,
  height: number,
  pixel: (x: number, y: number) => number[],
  { alpha = false, filter = 0 }: { alpha?: boolean; filter?: number } = {},
): Buffer {
  const channels = alpha ? 4 : 3;
  const stride = 1 + width * channels;
  const raw = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = filter;
    for (let x = 0; x < width; x++) {
      const p = pixel(x, y);
      for (let c = 0; c < channels; c++) raw[y * stride + 1 + x * channels + c] = p[c];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = alpha ? 6 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------- PDFs read back

const open = (data: Uint8Array) =>
  getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
  }).promise;

/** Each page's text (pdf.js's text items joined) and how many images it paints. */
export async function readPdf(data: Uint8Array): Promise<{ pages: string[]; images: number[] }> {
  const doc = await open(data);
  const pages: string[] = [];
  const images: number[] = [];
  try {
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
      const ops = await page.getOperatorList();
      images.push(ops.fnArray.filter((op) => op === OPS.paintImageXObject).length);
    }
  } finally {
    await doc.destroy();
  }
  return { pages, images };
}

/** The whole document's text, a page a line. */
export async function pdfText(data: Uint8Array): Promise<string> {
  const doc = await open(data);
  let out = '';
  try {
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      out += `${content.items.map((item) => ('str' in item ? item.str : '')).join('')}\n`;
    }
  } finally {
    await doc.destroy();
  }
  return out;
}

/** The first page's text items with their baselines (points from the page's bottom). */
export async function firstPageLines(data: Uint8Array): Promise<{ str: string; y: number }[]> {
  const doc = await open(data);
  try {
    const content = await (await doc.getPage(1)).getTextContent();
    return content.items.flatMap((item) => ('str' in item ? [{ str: item.str, y: item.transform[5] }] : []));
  } finally {
    await doc.destroy();
  }
}

/** How many pages the document has. */
export async function pageCount(data: Uint8Array): Promise<number> {
  const doc = await open(data);
  const n = doc.numPages;
  await doc.destroy();
  return n;
}
