import { PassThrough, Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { API_PREFIX, type ImportReport } from '@ec/contract';
import archiver from 'archiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_HEADERS } from '../src/modules/elevator/sheet.ts';
import { readSheet } from '../src/platform/import/sheet-reader.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';

// ---------------------------------------------------------------- hostile workbooks, made here

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

type Source = string | Buffer | Readable;

/** A workbook zip from its parts: a sheet, and optionally a shared-string table (level 9 for bombs). */
async function workbook(parts: { sheet: Source; sharedStrings?: Source; level?: number }): Promise<Buffer> {
  const zip = archiver('zip', { zlib: { level: parts.level ?? 1 } });
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    out.on('end', resolve);
    zip.on('error', reject);
  });
  zip.pipe(out);
  zip.append(
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
    { name: '[Content_Types].xml' },
  );
  zip.append(
    `<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    { name: '_rels/.rels' },
  );
  zip.append(
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    { name: 'xl/workbook.xml' },
  );
  zip.append(
    `<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    { name: 'xl/_rels/workbook.xml.rels' },
  );
  if (parts.sharedStrings !== undefined) zip.append(parts.sharedStrings, { name: 'xl/sharedStrings.xml' });
  zip.append(parts.sheet, { name: 'xl/worksheets/sheet1.xml' });
  void zip.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** A text made of `head`, `count` copies of `unit` (produced a megabyte at a time) and `tail`. */
function repeated(head: string, unit: (i: number) => string, count: number, tail: string): Readable {
  let i = 0;
  return Readable.from(
    (function* () {
      yield head;
      while (i < count) {
        let chunk = '';
        for (; i < count && chunk.length < 1024 * 1024; i++) chunk += unit(i);
        yield chunk;
      }
      yield tail;
    })(),
  );
}

const cellText = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER_ROW = `<row r="1">${IMPORT_HEADERS.map((h, i) => cellText(`${String.fromCharCode(65 + (i % 26))}1`, h)).join('')}</row>`;
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}"><sheetData>${HEADER_ROW}`;
const SHEET_TAIL = '</sheetData></worksheet>';

/** One importable elevator row (register code from n) in the template's columns. */
function rowXml(line: number, n: number): string {
  return (
    `<row r="${line}">${cellText(`A${line}`, `31104501032027${String(n).padStart(6, '0')}`)}` +
    `${cellText(`F${line}`, '直梯')}${cellText(`I${line}`, '青秀区')}${cellText(`J${line}`, `南宁市青秀区限额路 ${n} 号`)}</row>`
  );
}

/** Sets the uncompressed size the zip's central directory declares for `name` (a lying bomb). */
function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; ) {
    const nameLength = out.readUInt16LE(at + 28);
    if (out.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      out.writeUInt32LE(size, at + 24);
      return out;
    }
    at = at > 0 ? out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at - 1) : -1;
  }
  throw new Error(`no ${name} in the zip`);
}

/** Samples this process's RSS while `work` runs; returns its growth over the start, in MB. */
async function peakGrowthMb<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - start) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------- the kit on its own

describe('the import kit (platform/import)', () => {
  it('reads header, rows with their sheet row numbers, shared strings, numbers and dates', async () => {
    const ws = XLSX.utils.aoa_to_sheet(
      [
        ['编号', '日期', '数值', '文字'],
        [],
        ['A-1', new Date(Date.UTC(2018, 2, 1)), 0.1 + 0.2, '南宁 & <青秀>'],
      ],
      { cellDates: true },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, ws, 'S');
    for (const bookType of ['xlsx', 'biff8'] as const) {
      const data = await readSheet(XLSX.write(book, { type: 'buffer', bookType }), {
        maxRows: 10,
        tooManyRows: '太多',
      });
      expect(data.header?.cells).toEqual(['编号', '日期', '数值', '文字']);
      expect(data.rows).toEqual([{ line: 3, cells: ['A-1', '2018-03-01', '0.3', '南宁 & <青秀>'] }]);
    }
  });

  it('stops a worker that outgrows its heap or its time, with a Chinese 413', async () => {
    const big = await workbook({ sheet: repeated(SHEET_HEAD, (i) => rowXml(i + 2, i), 15_000, SHEET_TAIL) });
    const memory = readSheet(big, { maxRows: 20_000, tooManyRows: '太多', memoryMb: 8 });
    await expect(memory).rejects.toMatchObject({ status: 413, message: expect.stringContaining('内存上限') });
    const time = readSheet(big, { maxRows: 20_000, tooManyRows: '太多', timeLimitMs: 50 });
    await expect(time).rejects.toMatchObject({
      status: 413,
      message: expect.stringContaining('秒内未能读完'),
    });
    // The same file within the limits reads whole.
    expect((await readSheet(big, { maxRows: 20_000, tooManyRows: '太多' })).rows).toHaveLength(15_000);
  });
});

// ---------------------------------------------------------------- through the import calls

describe.each(dbKinds)('import limits on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await t.login('jg_qingxiu');
  });
  afterAll(() => t.close());

  const upload = async (body: Buffer, name = 'elevators.xlsx', call = 'importList', as = token) => {
    const { payload, contentType } = multipart([{ name, body }]);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/pc/elevator/${call}`,
      headers: { authorization: `Bearer ${as}`, 'content-type': contentType },
      payload,
    });
    return { status: res.statusCode, body: res.json() as { data: ImportReport; resultMsg: string } };
  };
  const total = async () =>
    (
      await t.api<{ total: number }>('POST', '/pc/elevator/queryList', {
        token,
        body: { page: 1, limit: 10 },
      })
    ).body.data.total;

  /**
   * Uploads `body` while list calls run one after another, and returns the import's answer, the
   * RSS growth, and how many list calls were answered before the import's answer came.
   */
  async function importUnderLoad(body: Buffer, name?: string, call?: string, as?: string) {
    let importDone = false;
    let listsBefore = 0;
    const { result, growthMb } = await peakGrowthMb(async () => {
      const importing = upload(body, name, call, as).finally(() => {
        importDone = true;
      });
      const lists = (async () => {
        while (!importDone) {
          const res = await t.api('POST', '/pc/elevator/queryList', { token, body: { page: 1, limit: 20 } });
          expect(res.status).toBe(200);
          if (!importDone) listsBefore++;
        }
      })();
      const [answer] = await Promise.all([importing, lists]);
      return answer;
    });
    return { ...result, growthMb, listsBefore };
  }

  it('refuses a zip bomb (a sheet of hundreds of MB from a small file) before inflating it', async () => {
    const before = await total();
    // 300 MB of cells past the last column the reader keeps: no rows, only bytes.
    const sheet = repeated(SHEET_HEAD, () => '<c r="ZZ2"><v>1</v></c>'.repeat(64), 200_000, SHEET_TAIL);
    const bomb = await workbook({ sheet, level: 9 });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await importUnderLoad(bomb);
    expect(res.status).toBe(413);
    expect(res.body.resultMsg).toMatch(/^文件解压后超过 \d+ MB，请删除多余内容或拆分文件后再导入$/);
    expect(res.growthMb).toBeLessThan(300);
    expect(res.listsBefore).toBeGreaterThan(0);
    expect(await total()).toBe(before);

    // The same bomb whose zip directory claims a small size: the inflation stops where the size is
    // exceeded, and the file is refused as unreadable.
    const liar = declareSize(bomb, 'xl/worksheets/sheet1.xml', 4096);
    const lied = await importUnderLoad(liar);
    expect(lied.status).toBe(400);
    expect(lied.body.resultMsg).toBe('文件无法读取，请使用导入模板填写后上传');
    expect(lied.growthMb).toBeLessThan(300);
    expect(await total()).toBe(before);
  });

  it('stops reading at the first row past the limit and writes nothing', async () => {
    const before = await total();
    const rows = await workbook({
      sheet: repeated(SHEET_HEAD, (i) => rowXml(i + 2, i), 300_000, SHEET_TAIL),
    });
    const res = await importUnderLoad(rows);
    expect(res.status).toBe(413);
    expect(res.body.resultMsg).toBe('一次最多导入 20000 行，请拆分文件');
    expect(res.growthMb).toBeLessThan(300);
    expect(res.listsBefore).toBeGreaterThan(0);
    expect(await total()).toBe(before);

    // The sync sheet (technical parameters from another system) has its own, smaller limit.
    const sync = await importUnderLoad(rows, 'sync.xlsx', 'syncSheet', await t.login('admin'));
    expect(sync.status).toBe(413);
    expect(sync.body.resultMsg).toBe('一次最多同步 1000 条，请拆分文件');
  });

  it('refuses a huge shared-string table', async () => {
    const before = await total();
    const sharedStrings = repeated(
      `<sst xmlns="${MAIN_NS}">`,
      (i) => `<si><t>${i}</t></si>`,
      2_000_000,
      '</sst>',
    );
    const sheet = `${SHEET_HEAD}<row r="2"><c r="A2" t="s"><v>0</v></c></row>${SHEET_TAIL}`;
    const res = await importUnderLoad(await workbook({ sheet, sharedStrings }));
    expect(res.status).toBe(413);
    expect(res.body.resultMsg).toBe('文件中的不同文字超过 1000000 条，请拆分文件后再导入');
    expect(res.growthMb).toBeLessThan(300);
    expect(await total()).toBe(before);
  });

  it('refuses a malformed zip with a Chinese 400', async () => {
    const before = await total();
    const good = await workbook({ sheet: `${SHEET_HEAD}${rowXml(2, 1)}${SHEET_TAIL}` });
    // The sheet's compressed bytes overwritten: the zip's directory is intact, its data is not.
    const at = good.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length;
    const broken = Buffer.from(good);
    broken.fill(0x5a, at + 20, at + 60);
    const res = await upload(broken);
    expect(res.status).toBe(400);
    expect(res.body.resultMsg).toBe('文件无法读取，请使用导入模板填写后上传');
    // A zip without its directory at all.
    const cut = await upload(good.subarray(0, good.length - 200));
    expect(cut.status).toBe(400);
    expect(cut.body.resultMsg).toBe('文件无法读取，请使用导入模板填写后上传');
    expect(await total()).toBe(before);
  });

  it('refuses an .xls over the row limit (read in the worker) and writes nothing', async () => {
    const before = await total();
    // The required columns, as people fill them (SheetJS writes .xls slowly with many distinct texts,
    // and the limit is checked before any cell is validated).
    const header = ['注册代码*', '电梯类型*', '所在区域*', '详细地址*'];
    const aoa = [
      header,
      ...Array.from({ length: 20_050 }, () => ['31104501032028000001', '直梯', '青秀区', '南宁']),
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa), 'S');
    const xls = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const res = await importUnderLoad(xls, 'elevators.xls');
    expect(res.status).toBe(413);
    expect(res.body.resultMsg).toBe('一次最多导入 20000 行，请拆分文件');
    expect(res.growthMb).toBeLessThan(300);
    expect(await total()).toBe(before);
  });

  it('reports a bad row by its number in the sheet, blank rows before it included', async () => {
    const before = await total();
    const bad = rowXml(5, 900_001).replace('青秀区', '火星区');
    const sheet = `${SHEET_HEAD}${rowXml(2, 900_000)}<row r="3"/><row r="4"></row>${bad}${SHEET_TAIL}`;
    const res = await upload(await workbook({ sheet }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ success: false, total: 2, imported: 0 });
    expect(res.body.data.errors).toEqual([{ row: 5, column: '所在区域', message: '未知的区域「火星区」' }]);
    expect(await total()).toBe(before);
  });

  it('imports a file of exactly the row limit while other calls keep answering', async () => {
    const before = await total();
    const full = await workbook({
      sheet: repeated(SHEET_HEAD, (i) => rowXml(i + 2, 500_000 + i), 20_000, SHEET_TAIL),
    });
    const res = await importUnderLoad(full);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ success: true, total: 20_000, imported: 20_000 });
    expect(res.listsBefore).toBeGreaterThan(0);
    expect(await total()).toBe(before + 20_000);
  });
});
