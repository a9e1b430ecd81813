import { PassThrough } from 'node:stream';
import XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExcelColumn, keysetBatches, xlsxBuffer } from '../src/platform/excel.ts';

describe('the .xlsx writer', () => {
  it('writes a sheet that Excel readers open, with headers bold and values typed', async () => {
    const file = await xlsxBuffer(
      '电梯/台账:2026',
      ['注册代码', '额定载重量(kg)', '地址'],
      [
        ['31104501032019000001', 1000, '南宁市青秀区民族大道 <88> 号 & "东门"'],
        ['31104501032019000002', 630.5, ''],
      ],
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    // Excel forbids / and : in sheet names.
    const sheet = book.getWorksheet('电梯 台账 2026')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('注册代码');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(2).value).toBe(1000);
    expect(sheet.getRow(2).getCell(3).value).toBe('南宁市青秀区民族大道 <88> 号 & "东门"');
    expect(sheet.getRow(3).getCell(2).value).toBe(630.5);
    expect(sheet.getRow(3).getCell(3).value).toBe(null);
    expect(sheet.rowCount).toBe(3);

    // The importer's reader (SheetJS) reads the same rows.
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(file).Sheets['电梯 台账 2026'], { header: 1 });
    expect(rows[1]).toEqual(['31104501032019000001', 1000, '南宁市青秀区民族大道 <88> 号 & "东门"']);
  });

  it('drops characters XML cannot hold instead of writing a corrupt file', async () => {
    const file = await xlsxBuffer('S', ['备注'], [['第一行\u0000\u0007第二行\n第三行']]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    expect(book.getWorksheet('S')!.getRow(2).getCell(1).value).toBe('第一行第二行\n第三行');
  });

  it('streams many batches; times in Beijing time, booleans as TRUE/FALSE', async () => {
    const { streamXlsx } = await import('../src/platform/excel.ts');
    type Row = { id: number; at: Date; ok: boolean };
    const columns: ExcelColumn<Row>[] = [
      { header: '编号', value: (r) => r.id },
      { header: '时间', value: (r) => r.at },
      { header: '成功', value: (r) => r.ok },
    ];
    async function* batches() {
      for (let b = 0; b < 20; b++) {
        yield Array.from({ length: 500 }, (_, i) => ({
          id: b * 500 + i + 1,
          at: new Date('2026-11-22T08:30:00+08:00'),
          ok: i % 2 === 0,
        }));
      }
    }
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const sent = new Promise((r) => out.on('end', r));
    const reply = {
      type: () => reply,
      header: () => reply,
      send: (stream: PassThrough) => stream.pipe(out),
      log: { error: () => undefined },
    };
    await streamXlsx(reply as never, { fileName: 'x.xlsx', columns, batches: batches() });
    await sent;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(10_001);
    expect(sheet.getRow(10_001).getCell(1).value).toBe(10_000);
    expect(sheet.getRow(2).getCell(2).value).toBe('2026-11-22 08:30:00');
    expect(sheet.getRow(2).getCell(3).value).toBe(true);
    expect(sheet.getRow(3).getCell(3).value).toBe(false);
  });
});

describe('an export past one sheet', () => {
  it('goes on in sheets named 名称 (2), (3)… each with the header, every row once, in order', async () => {
    const { writeXlsx } = await import('../src/platform/excel.ts');
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    // 2,500 rows in batches of 700, 1,000 rows a sheet with its header: 999 + 999 + 502.
    const ids = Array.from({ length: 2500 }, (_, i) => i + 1);
    const batches = Array.from({ length: Math.ceil(ids.length / 700) }, (_, b) =>
      ids.slice(b * 700, (b + 1) * 700),
    );
    await writeXlsx(out, {
      sheetName: '登录日志',
      columns: [{ header: '编号', value: (r: number) => r }],
      batches,
      rowsPerSheet: 1000,
    });
    const file = Buffer.concat(chunks);
    const book = XLSX.read(file);
    expect(book.SheetNames).toEqual(['登录日志', '登录日志 (2)', '登录日志 (3)']);
    const sheets = book.SheetNames.map((name) =>
      XLSX.utils.sheet_to_json<number[]>(book.Sheets[name], { header: 1 }),
    );
    expect(sheets.map((rows) => rows.length)).toEqual([1000, 1000, 503]);
    for (const rows of sheets) expect(rows[0]).toEqual(['编号']);
    expect(sheets.flatMap((rows) => rows.slice(1).map((r) => r[0]))).toEqual(ids);
    // ExcelJS opens it too (the workbook part is written after the sheets).
    const excel = new ExcelJS.Workbook();
    await excel.xlsx.load(file as unknown as ArrayBuffer);
    expect(excel.worksheets.map((w) => [w.name, w.rowCount])).toEqual([
      ['登录日志', 1000],
      ['登录日志 (2)', 1000],
      ['登录日志 (3)', 503],
    ]);
  });

  it('keeps a long sheet name and its number within Excel’s 31 characters', async () => {
    const { nthSheetName } = await import('../src/platform/excel.ts');
    const long = '南宁市青秀区电梯维护保养单位年度维保质量考核结果明细表汇总清单列表';
    expect(nthSheetName(long, 1)).toHaveLength(31);
    expect(nthSheetName(long, 12)).toHaveLength(31);
    expect(nthSheetName(long, 12).endsWith(' (12)')).toBe(true);
    expect(nthSheetName('电梯', 2)).toBe('电梯 (2)');
  });

  it('an exact sheet of rows starts no empty sheet', async () => {
    const { writeXlsx } = await import('../src/platform/excel.ts');
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeXlsx(out, {
      sheetName: 'S',
      columns: [{ header: 'n', value: (r: number) => r }],
      batches: [[1, 2, 3], [4]],
      rowsPerSheet: 5,
    });
    expect(XLSX.read(Buffer.concat(chunks)).SheetNames).toEqual(['S']);
  });
});

describe('keyset batches', () => {
  const table = Array.from({ length: 2500 }, (_, i) => ({ id: (i + 1) * 3 }));
  const reads: number[] = [];
  const fetch = async (after: number, size: number) => {
    reads.push(after);
    return table.filter((r) => r.id > after).slice(0, size);
  };

  it('yields every row once, in order, and stops after a short batch', async () => {
    reads.length = 0;
    const seen: number[] = [];
    for await (const batch of keysetBatches(fetch, { size: 1000 })) seen.push(...batch.map((r) => r.id));
    expect(seen).toEqual(table.map((r) => r.id));
    // 1000 + 1000 + 500: the short third batch ends it without a fourth, empty read.
    expect(reads).toEqual([0, 3000, 6000]);
  });

  it('reads the next batch while the caller works on the current one, never further ahead', async () => {
    reads.length = 0;
    const batches = keysetBatches(fetch, { size: 1000 });
    await batches.next();
    expect(reads).toEqual([0, 3000]);
    await batches.next();
    expect(reads).toEqual([0, 3000, 6000]);
    // A caller that stops early (a cut download) stops the reads.
    await batches.return(undefined);
    expect(reads).toEqual([0, 3000, 6000]);
  });

  it('an exact multiple of the batch size ends with one empty read', async () => {
    const rows = table.slice(0, 2000);
    const got: number[] = [];
    for await (const b of keysetBatches(async (after, size) =>
      rows.filter((r) => r.id > after).slice(0, size),
    ))
      got.push(b.length);
    expect(got).toEqual([1000, 1000]);
  });
});
