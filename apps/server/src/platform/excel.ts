import { PassThrough, type Writable } from 'node:stream';
import { formatDateTime } from '@ec/contract';
import archiver from 'archiver';
import type { FastifyReply } from 'fastify';

/** One column of an export: a Chinese header and how to read the cell from a row. */
export interface ExcelColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => CellValue;
}

type CellValue = string | number | boolean | Date | null | undefined;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const attachmentHeader = (fileName: string) =>
  `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

// ---------------------------------------------------------------- the workbook's fixed parts

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * Every .xml part is a worksheet unless overridden: a large export rolls over to more sheets than it
 * knew of when this part was written (it is written first, before any sheet).
 */
const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

/** The workbook's relationships: its sheets rId1…rIdN, then the styles. */
const workbookRels = (sheets: number) =>
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
  Array.from(
    { length: sheets },
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('') +
  `<Relationship Id="rId${sheets + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

/** Two cell formats: 0 plain, 1 bold (the header row). */
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="宋体"/></font><font><b/><sz val="11"/><name val="宋体"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '</styleSheet>';

/** Sheet names: at most 31 characters, none of []:*?/\\ (Excel refuses the file otherwise). */
const sheetNameOf = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/** The n-th sheet's name (from 1): the name, then `name (2)`, `name (3)`, … within 31 characters. */
export function nthSheetName(name: string, n: number): string {
  const base = sheetNameOf(name);
  if (n === 1) return base;
  const suffix = ` (${n})`;
  return base.slice(0, 31 - suffix.length) + suffix;
}

const workbookXml = (sheetName: string, sheets: number) =>
  `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
  Array.from(
    { length: sheets },
    (_, i) =>
      `<sheet name="${escapeXml(nthSheetName(sheetName, i + 1))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
  ).join('') +
  '</sheets></workbook>';

// ---------------------------------------------------------------- cells

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Characters XML 1.0 cannot hold: written as they are, they would corrupt the file. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Anything escapeXml changes; most cells have none of it, and one test is cheaper than two replaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold
const TO_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** Escapes markup and drops the characters XML cannot hold. */
function escapeXml(text: string): string {
  if (!TO_ESCAPE.test(text)) return text;
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => XML_ESCAPES[c]);
}

/** Column letters: A…Z, AA…AZ, … */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** One cell; `ref` is its address (A1 style) — some readers refuse cells and rows without one. */
function cellXml(ref: string, value: CellValue, style = ''): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  }
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = value instanceof Date ? formatDateTime(value) : String(value);
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
}

// ---------------------------------------------------------------- writer

const ROWS_PER_WRITE = 50;

/** Rows a worksheet holds in Excel (1,048,576): a larger export goes on in a next sheet. */
export const XLSX_MAX_ROWS = 1_048_576;

/**
 * Writes the rows as an .xlsx into `out`: each sheet's XML is produced row by row and deflated as it
 * goes (archiver runs zlib off the main thread), waiting whenever the output is full, so memory does
 * not grow with the row count. Strings are inline (no shared-string table), so nothing is kept per
 * row; empty cells are left out. A sheet holds at most `rowsPerSheet` rows with its header (Excel's
 * limit): the rows after them go on in `名称 (2)`, `名称 (3)`, … each with the header again. The
 * workbook part, which names the sheets, is written last, once their number is known.
 */
export async function writeXlsx<T>(
  out: Writable,
  opts: {
    sheetName?: string;
    columns: ExcelColumn<T>[];
    batches: AsyncIterable<T[]> | Iterable<T[]>;
    rowsPerSheet?: number;
  },
): Promise<void> {
  const rowsPerSheet = opts.rowsPerSheet ?? XLSX_MAX_ROWS;
  if (rowsPerSheet < 2) throw new Error('a sheet holds its header and at least one row');
  const zip = archiver('zip', { zlib: { level: 1 } });
  const finished = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('close', resolve);
    out.once('error', reject);
    zip.once('error', reject);
  });
  zip.pipe(out);
  zip.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
  zip.append(ROOT_RELS, { name: '_rels/.rels' });
  zip.append(STYLES, { name: 'xl/styles.xml' });

  const letters = opts.columns.map((_, i) => columnName(i));
  const widths = opts.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 18}" customWidth="1"/>`)
    .join('');
  const headerRow =
    '<row r="1">' +
    opts.columns.map((c, i) => cellXml(`${letters[i]}1`, c.header, ' s="1"')).join('') +
    '</row>';
  let sheets = 0;
  let sheet!: PassThrough;
  /** The row number last written in the current sheet (1: its header). */
  let n = 0;
  const write = async (text: string) => {
    if (!sheet.write(text)) await new Promise((r) => sheet.once('drain', r));
  };
  const openSheet = async () => {
    sheets++;
    sheet = new PassThrough({ highWaterMark: 256 * 1024 });
    zip.append(sheet, { name: `xl/worksheets/sheet${sheets}.xml` });
    n = 1;
    await write(
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0"${sheets === 1 ? ' tabSelected="1"' : ''}>` +
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
        `<cols>${widths}</cols><sheetData>${headerRow}`,
    );
  };
  const closeSheet = () => sheet.end('</sheetData></worksheet>');

  await openSheet();
  for await (const batch of opts.batches) {
    // Written every ROWS_PER_WRITE rows: a text built over a whole batch lives long enough to be
    // promoted to the old generation, which then grows with garbage between major collections.
    for (let start = 0; start < batch.length; ) {
      if (n === rowsPerSheet) {
        closeSheet();
        await openSheet();
      }
      const end = Math.min(batch.length, start + ROWS_PER_WRITE, start + rowsPerSheet - n);
      let chunk = '';
      for (let r = start; r < end; r++) {
        const row = batch[r];
        n++;
        chunk += `<row r="${n}">`;
        for (let i = 0; i < opts.columns.length; i++) {
          chunk += cellXml(letters[i] + n, opts.columns[i].value(row));
        }
        chunk += '</row>';
      }
      await write(chunk);
      start = end;
    }
  }
  closeSheet();
  zip.append(workbookXml(opts.sheetName ?? 'Sheet1', sheets), { name: 'xl/workbook.xml' });
  zip.append(workbookRels(sheets), { name: 'xl/_rels/workbook.xml.rels' });
  void zip.finalize();
  await finished;
}

/**
 * Streams an .xlsx into the reply as batches arrive. A failure after the first bytes left cannot
 * change the status any more: the download is cut, and the error is logged with the request id.
 */
export async function streamXlsx<T>(
  reply: FastifyReply,
  opts: { fileName: string; sheetName?: string; columns: ExcelColumn<T>[]; batches: AsyncIterable<T[]> },
): Promise<FastifyReply> {
  const out = new PassThrough();
  reply.type(XLSX_MIME).header('Content-Disposition', attachmentHeader(opts.fileName)).send(out);
  writeXlsx(out, opts).catch((err) => {
    reply.log.error({ err }, 'export failed while streaming');
    out.destroy(err);
  });
  return reply;
}

/**
 * Rows in batches by ascending id (a keyset cursor). Unlike one long server-side cursor, this
 * holds no transaction open, so other requests interleave with a large export — which matters on
 * PGlite, where one open transaction would stop every other query. The next batch is asked for as
 * soon as a batch arrives, so the database reads it while the caller writes the current one: at
 * most two batches are held.
 */
export async function* keysetBatches<T>(
  fetch: (afterId: number, size: number) => Promise<T[]>,
  {
    idOf = (row: T) => (row as { id: number }).id,
    size = 1000,
  }: { idOf?: (row: T) => number; size?: number } = {},
): AsyncGenerator<T[]> {
  let next: Promise<T[]> | undefined = fetch(0, size);
  try {
    while (next) {
      const rows = await next;
      next = undefined;
      if (rows.length === 0) return;
      if (rows.length === size) next = fetch(idOf(rows[rows.length - 1]), size);
      yield rows;
    }
  } finally {
    // A consumer that stops early (a cut download) leaves no rejected read unobserved.
    next?.catch(() => undefined);
  }
}

/** A small sheet in memory (error reports, templates), written by the same writer. */
export async function xlsxBuffer(
  sheetName: string,
  headers: string[],
  rows: (string | number)[][],
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeXlsx(out, {
    sheetName,
    columns: headers.map((header, i) => ({ header, width: 20, value: (r: (string | number)[]) => r[i] })),
    batches: [rows],
  });
  return Buffer.concat(chunks);
}
