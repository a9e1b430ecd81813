/**
 * The maintenance records' PDF (src/modules/maintenance/pdf.ts), read back with pdf.js: the text is
 * there and extractable (the embedded font maps glyphs to Unicode), images are drawn or stand as
 * labelled boxes, the item table breaks across pages with its header repeated, and 500 orders stream
 * through with memory that does not grow with them. No database: orders are made here.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32 } from 'node:zlib';
import { PAPER_RECORD_NO_ITEMS, PAPER_RECORD_REMARK } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { type PdfOrder, renderOrdersPdf } from '../src/modules/maintenance/pdf.ts';
import { pngProblem } from '../src/platform/pdf.ts';
import { pageCount, png, readPdf } from './pdf-support.ts';

const PHOTO = png(48, 36, (x, y) => [x * 5, y * 7, 160]);
/** With alpha: pdfkit decodes it in a zlib callback (the path a bad file would crash). */
const SIGNATURE = png(
  90,
  30,
  (x, y) => (Math.abs(y - 15 - 8 * Math.sin(x / 8)) < 2 ? [0, 0, 90, 255] : [0, 0, 0, 0]),
  { alpha: true },
);
/** Well-formed chunks and zlib data, but scanline filter 9: pdfkit's decoder would throw. */
const BAD_FILTER = png(20, 20, () => [1, 2, 3, 255], { alpha: true, filter: 9 });
const TRUNCATED = PHOTO.subarray(0, PHOTO.length - 20);

const IMAGES: Record<string, Buffer | 'throw'> = {
  photo: PHOTO,
  signature: SIGNATURE,
  badFilter: BAD_FILTER,
  truncated: TRUNCATED,
  text: Buffer.from('这不是图片'),
  storageDown: 'throw',
};

async function readImage(fileId: string): Promise<Buffer | null> {
  const found = IMAGES[fileId];
  if (found === 'throw') throw new Error('对象存储不可用');
  return found ?? null;
}

// ---------------------------------------------------------------- orders

const hex = (seed: number) =>
  Array.from({ length: 64 }, (_, i) => ((seed * 7 + i * 13) % 16).toString(16)).join('');

function order(n: number, items = 6): PdfOrder {
  const names = [
    '机房、滑轮间环境',
    '手动紧急操作装置',
    '驱动主机',
    '制动器各销轴部位',
    '制动器间隙',
    '编码器',
  ];
  return {
    orderNo: `WB${String(n).padStart(8, '0')}`,
    registerCode: `31101100${String(n).padStart(12, '0')}`,
    elevatorName: `${n}号楼客梯`,
    address: '上海市浦东新区张江路 88 号',
    useCompanyName: '上海张江物业管理有限公司',
    maintenanceCompanyName: '上海安达电梯维修保养有限公司',
    kindLabel: '半月保养',
    statusLabel: '已完成',
    planDate: '2025-03-15',
    signInTime: '2025-03-15T01:30:00.000Z',
    signOutTime: '2025-03-15T02:45:00.000Z',
    durationMinutes: 75,
    signInDistanceM: 36,
    workers: [
      { name: `张伟${n}`, certNo: `T23100${n}`, certExpiry: '2027-06-30' },
      { name: '李强', certNo: null, certExpiry: null },
    ],
    items: Array.from({ length: items }, (_, i) => ({
      name: i < names.length ? names[i] : `检查项目第${i + 1}项`,
      kindLabel: '半月',
      result: i === 4 ? '已调整' : '正常',
      value: i === 4 ? '0.5 mm' : null,
      note: i === 4 ? '间隙调整至 0.5 mm' : null,
    })),
    parts: [{ name: '制动器闸瓦', model: 'ZW-200', quantity: 2 }],
    photos: [
      { fileId: 'photo', label: '制动器间隙测量', sha256: hex(n + 1) },
      { fileId: 'gone', label: '机房环境', sha256: hex(n + 2) },
      { fileId: 'badFilter', label: '轿顶', sha256: hex(n + 3) },
      { fileId: 'truncated', label: '底坑', sha256: hex(n + 4) },
      { fileId: 'text', label: '层门', sha256: hex(n + 5) },
    ],
    workerSignatureFileId: 'signature',
    confirmedBy: '王芳',
    confirmTime: '2025-03-15T03:00:00.000Z',
    confirmSignatureFileId: null,
    auditLabel: '审核通过',
    auditRemark: '记录完整',
    contentHash: hex(n + 100),
    chainHash: hex(n + 200),
  };
}

async function* each(orders: PdfOrder[]): AsyncGenerator<PdfOrder> {
  for (const o of orders) yield o;
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------- tests

describe('maintenance record PDF', () => {
  it('holds each order on its own pages with its text extractable and its images drawn or labelled', async () => {
    const [a, b] = [order(1), order(2)];
    const pdf = await bytesOf(renderOrdersPdf(each([a, b]), readImage));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, images } = await readPdf(new Uint8Array(pdf));
    expect(pages.length).toBeGreaterThanOrEqual(2);

    // Each order starts a page of its own: the second order's first page has nothing of the first.
    const firstOfB = pages.findIndex((t) => t.includes(`工单编号：${b.orderNo}`));
    expect(pages.findIndex((t) => t.includes(`工单编号：${a.orderNo}`))).toBe(0);
    expect(firstOfB).toBeGreaterThan(0);
    expect(pages[firstOfB]).not.toContain(a.orderNo);
    expect(pages.slice(0, firstOfB).join('')).not.toContain(b.orderNo);

    const textOf = (from: number, to: number) => pages.slice(from, to).join('\n');
    for (const [o, text] of [
      [a, textOf(0, firstOfB)],
      [b, textOf(firstOfB, pages.length)],
    ] as const) {
      for (const expected of [
        '电梯维护保养记录',
        o.registerCode,
        o.elevatorName ?? '',
        '上海张江物业管理有限公司',
        '制动器间隙',
        '已调整',
        '0.5 mm',
        o.workers[0].name,
        o.workers[0].certNo ?? '',
        '2027-06-30',
        '2025-03-15 09:30:00', // the sign-in time in Shanghai's time
        '1 小时 15 分钟',
        '36 米',
        '制动器闸瓦',
        'ZW-200',
        `SHA-256 ${o.photos[0].sha256.slice(0, 16)}`,
        '王芳',
        '审核通过',
        o.contentHash ?? '',
        o.chainHash ?? '',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain(o.photos[0].sha256); // only the first 16 hex characters of a photo's hash
      // Missing, damaged, truncated and not-an-image images are labelled boxes.
      expect(text).toContain('图片缺失');
      expect(text.split('PNG 文件已损坏').length - 1).toBe(1);
      expect(text).toContain('PNG 文件不完整');
      expect(text).toContain('图片格式不支持');
    }
    // The photo and the worker's signature are painted in each order; nothing else is.
    expect(images.reduce((sum, n) => sum + n, 0)).toBe(4);
  });

  it('ends the stream in error when an image cannot be read (storage down), instead of leaving it out', async () => {
    const o = { ...order(3), confirmSignatureFileId: 'storageDown' };
    await expect(bytesOf(renderOrdersPdf(each([order(2), o]), readImage))).rejects.toThrow('对象存储不可用');
  });

  it('tells which PNGs it will not hand to pdfkit', () => {
    expect(pngProblem(PHOTO)).toBeNull();
    expect(pngProblem(SIGNATURE)).toBeNull();
    expect(pngProblem(BAD_FILTER)).toBe('PNG 文件已损坏');
    expect(pngProblem(TRUNCATED)).toBe('PNG 文件不完整');
    const flipped = Buffer.from(PHOTO);
    flipped[40] ^= 0xff; // inside IDAT: the chunk's CRC no longer matches
    expect(pngProblem(flipped)).toBe('PNG 文件已损坏');
    // A header claiming 8000 × 6000 pixels (48 million) is refused before anything is inflated.
    const huge = Buffer.from(PHOTO);
    huge.writeUInt32BE(8000, 16);
    huge.writeUInt32BE(6000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    expect(pngProblem(huge)).toBe('图片过大');
  });

  it('breaks a 60-item table across pages, repeating its header', async () => {
    const o = order(7, 60);
    const { pages } = await readPdf(new Uint8Array(await bytesOf(renderOrdersPdf(each([o]), readImage))));
    const withItems = pages.filter((t) => t.includes('检查项目第'));
    expect(withItems.length).toBeGreaterThanOrEqual(2);
    for (const page of withItems) {
      for (const header of ['序号', '项目', '类别', '结果', '测量值', '备注']) expect(page).toContain(header);
    }
    expect(pages.some((t) => t.includes('保养项目（续）'))).toBe(true);
    const pageOf = (name: string) => pages.findIndex((t) => t.includes(name));
    expect(pageOf('制动器间隙')).toBe(0);
    expect(pageOf('检查项目第60项')).toBeGreaterThan(0);
    for (let i = 7; i <= 60; i++) expect(pageOf(`检查项目第${i}项`)).toBeGreaterThanOrEqual(0);
    // The record's foot comes after the last item.
    expect(pageOf(o.chainHash ?? '')).toBeGreaterThanOrEqual(pageOf('检查项目第60项'));
  });

  it('says that a paper record keeps its checklist on paper, where an order without items says it has none', async () => {
    const paper = { ...order(8, 0), remark: PAPER_RECORD_REMARK };
    const empty = order(9, 0);
    const { pages } = await readPdf(
      new Uint8Array(await bytesOf(renderOrdersPdf(each([paper, empty]), readImage))),
    );
    const second = pages.findIndex((t) => t.includes(`工单编号：${empty.orderNo}`));
    expect(second).toBeGreaterThan(0);
    const flat = (from: number, to: number) => pages.slice(from, to).join('').replace(/\s+/g, '');
    expect(flat(0, second)).toContain(PAPER_RECORD_NO_ITEMS);
    expect(flat(0, second)).not.toContain('无保养项目');
    expect(flat(second, pages.length)).toContain('无保养项目');
    expect(flat(second, pages.length)).not.toContain(PAPER_RECORD_NO_ITEMS);
  });

  it('makes a PDF with one page saying so when there is no order', async () => {
    const { pages } = await readPdf(new Uint8Array(await bytesOf(renderOrdersPdf(each([]), readImage))));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('没有符合条件的维保记录');
  });

  it('stops pulling orders when the reader goes away', async () => {
    let pulled = 0;
    let closed = false;
    async function* endless(): AsyncGenerator<PdfOrder> {
      try {
        for (;;) yield order(++pulled);
      } finally {
        closed = true;
      }
    }
    const stream = renderOrdersPdf(endless(), readImage) as NodeJS.ReadableStream & { destroy(): void };
    for await (const _ of stream) break; // the first chunk, then the reader leaves (destroying the stream)
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(true);
    const after = pulled;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pulled).toBe(after);
    expect(pulled).toBeLessThan(40);
  });

  it('streams 500 orders with memory that does not grow with them, through a slow reader', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    /**
     * Live memory: the JS heap and the Buffers outside it, after full collections. V8 frees the
     * memory of collected Buffers in a background task: it is given a moment before reading.
     */
    const live = async () => {
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    // A photo that does not compress (noise): ~30 KB an order, 15 MB for the lot. Were the output
    // held anywhere (pages buffered, the reader's pace ignored), live memory would grow by that.
    let seed = 1;
    const noise = png(100, 100, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return [seed & 255, (seed >> 8) & 255, (seed >> 16) & 255];
    });
    const images: Record<string, Buffer> = { photo: noise, signature: SIGNATURE };
    const read = async (id: string) => images[id] ?? null;

    const samples: Record<number, number> = {};
    let pulled = 0;
    async function* many(): AsyncGenerator<PdfOrder> {
      for (let n = 1; n <= 500; n++) {
        if (n === 51 || n === 500) samples[n] = await live();
        pulled = n;
        yield { ...order(n, 12), photos: [{ fileId: 'photo', label: '现场', sha256: hex(n) }] };
      }
    }

    const file = join(tmpdir(), `maintenance-pdf-${process.pid}.pdf`);
    const fd = openSync(file, 'w');
    let written = 0;
    // A reader that takes one chunk a turn of the event loop, and once, after order 100, stops
    // reading until the renderer has stopped pulling orders (nothing pulled for 200 ms).
    const stall = { started: false, from: 0, pulled: Number.NaN };
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, done) {
        writeSync(fd, chunk);
        written += chunk.length;
        if (stall.started || pulled < 100) return void setImmediate(done);
        stall.started = true;
        stall.from = pulled;
        void (async () => {
          for (let before = -1; before !== pulled; ) {
            before = pulled;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          stall.pulled = pulled - stall.from;
          done();
        })();
      },
    });
    try {
      await pipeline(renderOrdersPdf(many(), read), slow);
      closeSync(fd);
      const growth = samples[500] - samples[51];
      expect(written).toBeGreaterThan(15_000_000);
      expect(growth, `live memory grew ${Math.round(growth / 1e6)} MB from order 50 to 500`).toBeLessThan(
        10_000_000,
      );
      // The renderer waits for its reader: while the reader stalled, it pulled only the orders that
      // fill the streams' buffers (~0.5 MB, ~30 kB an order), not the 400 that were left.
      expect(stall.pulled).toBeLessThan(30);
      expect(await pageCount(readFileSync(file))).toBeGreaterThanOrEqual(500);
    } finally {
      rmSync(file, { force: true });
    }
  });
});
