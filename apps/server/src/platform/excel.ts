import { PassThrough } from 'node:stream';
import { formatDateTime } from '@ec/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** One column of an export: a Chinese header and how to read the cell from a row. */
export interface ExcelColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | boolean | Date | null | undefined;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const attachmentHeader = (fileName: string) =>
  `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

function cell(v: ReturnType<ExcelColumn<unknown>['value']>) {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return formatDateTime(v);
  return v;
}

/**
 * Streams an .xlsx into the reply as batches arrive: rows are committed to the zip stream one by
 * one and never held together, so memory does not grow with the row count.
 */
export async function streamXlsx<T>(
  reply: FastifyReply,
  opts: { fileName: string; sheetName?: string; columns: ExcelColumn<T>[]; batches: AsyncIterable<T[]> },
): Promise<FastifyReply> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(opts.sheetName ?? 'Sheet1');
  sheet.columns = opts.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  reply.type(XLSX_MIME).header('Content-Disposition', attachmentHeader(opts.fileName)).send(out);

  const write = async () => {
    for await (const batch of opts.batches) {
      for (const row of batch) sheet.addRow(opts.columns.map((c) => cell(c.value(row)))).commit();
      // Let the socket drain before the next batch is fetched.
      if (out.writableNeedDrain) await new Promise((r) => out.once('drain', r));
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => {
    reply.log.error({ err }, 'export failed while streaming');
    out.destroy(err);
  });
  return reply;
}

/**
 * Rows in batches by ascending id (a keyset cursor). Unlike one long server-side cursor, this
 * holds no transaction open, so other requests interleave with a large export — which matters on
 * PGlite, where one open transaction would stop every other query.
 */
export async function* keysetBatches<T>(
  fetch: (afterId: number, size: number) => Promise<T[]>,
  {
    idOf = (row: T) => (row as { id: number }).id,
    size = 1000,
  }: { idOf?: (row: T) => number; size?: number } = {},
): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after, size);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = idOf(rows[rows.length - 1]);
  }
}

/** A small in-memory sheet (error reports, templates). */
export async function xlsxBuffer(
  sheetName: string,
  headers: string[],
  rows: (string | number)[][],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(headers).font = { bold: true };
  for (const r of rows) sheet.addRow(r);
  sheet.columns.forEach((c) => {
    c.width = 20;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
