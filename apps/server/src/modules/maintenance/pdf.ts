/**
 * The maintenance records as a PDF (电梯维护保养记录): one or many work orders, each from a new A4 page,
 * in Chinese with the font shipped in `assets/fonts/` (see its README; nothing is fetched at run time).
 *
 * Streamed: orders are pulled one at a time from an async iterable and each page is written out as
 * soon as the next one starts (pdfkit with `bufferPages: false`); the renderer waits whenever the
 * reader of the stream has not taken what was written, so memory does not grow with the number of
 * orders (what a PDF must keep, one cross-reference offset per object, is a few bytes a page).
 *
 * Images (photos, signatures) come from `readImage`; one that is missing (null) or of a kind the PDF
 * cannot hold is drawn as a labelled box; a read that throws (storage down) ends the stream in error.
 * PNGs are checked here in full before pdfkit sees them: pdfkit decodes some PNGs (alpha, interlace)
 * in a zlib callback, where a corrupt file would throw out of reach of any catch and end the process.
 */
import { PassThrough } from 'node:stream';
import { formatDateTime, PAPER_RECORD_NO_ITEMS, PAPER_RECORD_REMARK } from '@ec/contract';
import PDFDocument from 'pdfkit';
import {
  A4,
  DASH,
  INK,
  MAX_PIXELS,
  MUTED,
  PDF_FONT_PATH,
  PNG_SIGNATURE,
  pngProblem,
  printableText,
  RULE,
  SHADE,
} from '../../platform/pdf.ts';

export interface PdfOrder {
  orderNo: string;
  registerCode: string;
  elevatorName: string | null;
  address: string;
  useCompanyName: string | null;
  maintenanceCompanyName: string | null;
  kindLabel: string;
  statusLabel: string;
  planDate: string;
  signInTime: string | null;
  signOutTime: string | null;
  durationMinutes: number | null;
  signInDistanceM: number | null;
  /** Where the worker signed out (since sign-out is a step of its own) and when the record was submitted. */
  signOutDistanceM?: number | null;
  submitTime?: string | null;
  workers: { name: string; certNo: string | null; certExpiry: string | null }[];
  items: {
    name: string;
    kindLabel: string;
    result: string | null;
    value: string | null;
    note: string | null;
  }[];
  parts: { name: string; model: string | null; quantity: number }[];
  /** 纸质记录补录 on a record entered from paper: its empty checklist says so. */
  remark?: string | null;
  photos: { fileId: string; label: string; sha256: string }[];
  workerSignatureFileId: string | null;
  confirmedBy: string | null;
  confirmTime: string | null;
  confirmSignatureFileId: string | null;
  auditLabel: string | null;
  auditRemark: string | null;
  contentHash: string | null;
  chainHash: string | null;
}

// ---------------------------------------------------------------- page geometry (points, A4 portrait)

const MARGIN = { top: 40, bottom: 48, left: 40, right: 40 };
const PAGE_W = A4.width;
const PAGE_H = A4.height;
const LEFT = MARGIN.left;
const WIDTH = PAGE_W - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE_H - MARGIN.bottom;
const PAD = 4;
const SIZE = 9;
const SMALL = 7.5;
/** The tallest a table row may be: a longer cell is cut with an ellipsis (a row never spans pages). */
const MAX_ROW = 240;

/** Written-out bytes waiting for the reader beyond which rendering waits. */
const HIGH_WATER = 256 * 1024;

// ---------------------------------------------------------------- the stream

/** Streams one PDF containing every order (each starting on a new page) as it is produced. */
export function renderOrdersPdf(
  orders: AsyncIterable<PdfOrder>,
  readImage: (fileId: string) => Promise<Buffer | null>,
): NodeJS.ReadableStream {
  const out = new PassThrough({ highWaterMark: HIGH_WATER });
  render(orders, readImage, out).catch((err: unknown) => {
    if (err !== STOPPED && !out.destroyed) out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

/** Thrown to unwind when the reader has gone away (the stream was destroyed). */
const STOPPED = Symbol('stopped');

async function render(
  orders: AsyncIterable<PdfOrder>,
  readImage: (fileId: string) => Promise<Buffer | null>,
  out: PassThrough,
): Promise<void> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: false,
    // pdfkit caches the layout of every distinct word otherwise: it would grow with the orders.
    fontLayoutCache: false,
    font: PDF_FONT_PATH,
    size: 'A4',
    margins: MARGIN,
    compress: true,
    pdfVersion: '1.7',
    lang: 'zh-CN',
    displayTitle: true,
    info: { Title: '电梯维护保养记录', Creator: '电梯安全监管平台', Producer: '电梯安全监管平台' },
  });
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.write(chunk);
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const page = new Pager(doc, out, printableText(doc));
  let count = 0;
  for await (const order of orders) {
    await drawOrder(page, order, readImage);
    count++;
  }
  if (count === 0) {
    page.start(null);
    page.text('没有符合条件的维保记录。', LEFT, page.y, { width: WIDTH, size: 12 });
  }
  doc.end();
  await ended;
  out.end();
}

// ---------------------------------------------------------------- pages and text

interface TextStyle {
  width: number;
  /** The box the text may fill; text past it is cut with an ellipsis (default: one line). */
  height?: number;
  size?: number;
  color?: string;
  align?: 'left' | 'center' | 'right';
  bold?: boolean;
}

/** The page being drawn, where the next thing goes (y), and the text drawn with the one font. */
class Pager {
  y = MARGIN.top;
  private order: string | null = null;
  private pageInOrder = 0;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly out: PassThrough,
    /** Text as the font can draw it (platform/pdf.ts). */
    readonly printable: (value: string) => string,
  ) {}

  /** A new page for the order (null: the empty document's only page), with its running foot. */
  start(orderNo: string | null): void {
    this.order = orderNo;
    this.pageInOrder++;
    this.doc.addPage({ size: 'A4', margins: MARGIN });
    this.y = MARGIN.top;
    const foot =
      orderNo === null ? '电梯维护保养记录' : `电梯维护保养记录　${orderNo}　第 ${this.pageInOrder} 页`;
    this.text(foot, LEFT, PAGE_H - MARGIN.bottom + 18, {
      width: WIDTH,
      size: SMALL,
      color: MUTED,
      align: 'center',
    });
  }

  /** Starts the order's first page. */
  startOrder(orderNo: string): void {
    this.pageInOrder = 0;
    this.order = orderNo;
    this.start(orderNo);
  }

  /** Room for `height` more points on this page, or a new page (true when one was started). */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.start(this.order);
    return true;
  }

  /** Draws text in a box; it never starts a page (pdfkit would when text runs past the margin). */
  text(value: string, x: number, y: number, style: TextStyle): void {
    const size = style.size ?? SIZE;
    const doc = this.doc.fontSize(size).fillColor(style.color ?? INK);
    const height = style.height ?? doc.currentLineHeight(true) + 1;
    if (style.bold) doc.lineWidth(size / 30).strokeColor(style.color ?? INK);
    doc.text(this.printable(value), x, y, {
      width: style.width,
      height,
      ellipsis: true,
      align: style.align ?? 'left',
      lineGap: 1,
      fill: true,
      stroke: style.bold === true,
    });
  }

  /** The height text takes in a box of that width. */
  heightOf(value: string, width: number, size = SIZE): number {
    return this.doc.fontSize(size).heightOfString(this.printable(value), { width, lineGap: 1 });
  }

  lineHeight(size = SIZE): number {
    return this.doc.fontSize(size).currentLineHeight(true) + 1;
  }

  /** Waits while the reader has not taken what was written; unwinds if the reader has gone. */
  async pace(): Promise<void> {
    if (this.out.destroyed) throw STOPPED;
    if (!this.out.writableNeedDrain) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.out.off('drain', done);
        this.out.off('close', done);
        resolve();
      };
      this.out.on('drain', done);
      this.out.on('close', done);
    });
    if (this.out.destroyed) throw STOPPED;
  }
}

// ---------------------------------------------------------------- blocks

/** A section's heading; kept with at least `keep` points of what follows it. */
function heading(p: Pager, title: string, keep = 40): void {
  const h = p.lineHeight(11) + 4;
  p.ensure(h + keep);
  p.y += 6;
  p.doc.rect(LEFT, p.y + 2, 3, h - 6).fill('#2f6fb2');
  p.text(title, LEFT + 8, p.y, { width: WIDTH - 8, size: 11, bold: true });
  p.y += h;
}

/** Label/value rows: two pairs a row, or one pair whose value spans the row. */
function fieldGrid(p: Pager, rows: [string, string][][]): void {
  const labelW = 72;
  const halfValue = (WIDTH - 2 * labelW) / 2;
  for (const row of rows) {
    const cells: { text: string; width: number; label: boolean }[] = [];
    for (const [label, value] of row) {
      cells.push({ text: label, width: labelW, label: true });
      cells.push({ text: value, width: row.length === 1 ? WIDTH - labelW : halfValue, label: false });
    }
    const height = Math.min(
      MAX_ROW,
      Math.max(...cells.map((c) => p.heightOf(c.text || DASH, c.width - 2 * PAD))) + 2 * PAD,
    );
    p.ensure(height);
    let x = LEFT;
    for (const cell of cells) {
      if (cell.label) p.doc.rect(x, p.y, cell.width, height).fill(SHADE);
      p.doc.lineWidth(0.5).rect(x, p.y, cell.width, height).stroke(RULE);
      p.text(cell.text || DASH, x + PAD, p.y + PAD, {
        width: cell.width - 2 * PAD,
        height: height - 2 * PAD + 1,
        color: cell.label ? MUTED : INK,
      });
      x += cell.width;
    }
    p.y += height;
  }
}

interface Column {
  header: string;
  /** A share of the table's width. */
  share: number;
  align?: 'left' | 'center' | 'right';
}

/**
 * A table that breaks across pages: a row that does not fit starts a new page, where the section's
 * title (marked 续) and the header row are drawn again. Rows come one at a time.
 */
async function table(p: Pager, title: string, columns: Column[], rows: Iterable<string[]>): Promise<void> {
  const total = columns.reduce((sum, c) => sum + c.share, 0);
  const widths = columns.map((c) => (WIDTH * c.share) / total);
  const headerH = p.lineHeight() + 2 * PAD;
  const drawRow = (cells: string[], height: number, header: boolean) => {
    let x = LEFT;
    cells.forEach((text, i) => {
      if (header) p.doc.rect(x, p.y, widths[i], height).fill(SHADE);
      p.doc.lineWidth(0.5).rect(x, p.y, widths[i], height).stroke(RULE);
      p.text(text, x + PAD, p.y + PAD, {
        width: widths[i] - 2 * PAD,
        height: height - 2 * PAD + 1,
        align: header ? 'center' : (columns[i].align ?? 'left'),
        color: header ? MUTED : INK,
      });
      x += widths[i];
    });
    p.y += height;
  };
  heading(p, title, headerH + 24);
  drawRow(
    columns.map((c) => c.header),
    headerH,
    true,
  );
  for (const cells of rows) {
    const texts = cells.map((t) => t || DASH);
    const height = Math.min(
      MAX_ROW,
      Math.max(...texts.map((t, i) => p.heightOf(t, widths[i] - 2 * PAD))) + 2 * PAD,
    );
    if (p.ensure(height)) {
      heading(p, `${title}（续）`, headerH + height);
      drawRow(
        columns.map((c) => c.header),
        headerH,
        true,
      );
    }
    drawRow(texts, height, false);
    await p.pace();
  }
}

/** A line of muted text under a section ("未更换配件"). */
function note(p: Pager, text: string): void {
  const h = p.lineHeight() + 2;
  p.ensure(h);
  p.text(text, LEFT, p.y + 1, { width: WIDTH, color: MUTED });
  p.y += h;
}

// ---------------------------------------------------------------- images

/** What pdfkit's openImage returns (not in its typings). */
interface OpenedImage {
  width: number;
  height: number;
  /** JPEG: undefined when the component count is not 1, 3 or 4. */
  colorSpace?: string;
  /** PNG: called when the image's object is complete, at once or after pdfkit's async decode. */
  finalize?: () => unknown;
}

type ImageResult = { image: OpenedImage; done: Promise<void> } | { failure: string };

/** Opens image bytes for pdfkit, or says why they cannot be drawn. */
function openImage(doc: PDFKit.PDFDocument, data: Buffer): ImageResult {
  const isPng = data.subarray(0, 8).equals(PNG_SIGNATURE);
  const isJpeg = data.length > 4 && data[0] === 0xff && data[1] === 0xd8;
  if (!isPng && !isJpeg) return { failure: '图片格式不支持' };
  if (isPng) {
    const problem = pngProblem(data);
    if (problem) return { failure: problem };
  }
  let image: OpenedImage;
  try {
    image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(data);
  } catch {
    return { failure: '图片无法读取' };
  }
  if (!(image.width > 0 && image.height > 0)) return { failure: '图片无法读取' };
  if (image.width * image.height > MAX_PIXELS) return { failure: '图片过大' };
  if (isJpeg && !image.colorSpace) return { failure: '图片格式不支持' };
  let done: Promise<void> = Promise.resolve();
  const finalize = image.finalize;
  if (typeof finalize === 'function') {
    done = new Promise<void>((resolve) => {
      image.finalize = () => {
        const result = finalize.call(image);
        resolve();
        return result;
      };
    });
  }
  return { image, done };
}

/**
 * An image fitted and centred in a box, or the box with a label saying why there is none. Returns
 * once pdfkit has written the image, so that at most one decoded image is held at a time.
 */
async function imageBox(
  p: Pager,
  readImage: (fileId: string) => Promise<Buffer | null>,
  fileId: string | null,
  box: { x: number; y: number; w: number; h: number },
  absent: string,
): Promise<void> {
  let failure = absent;
  if (fileId !== null) {
    // A read that fails (rather than finds nothing) throws through: the PDF stream ends in error.
    const data = await readImage(fileId);
    failure = data ? '' : '图片缺失';
    if (data) {
      const opened = openImage(p.doc, data);
      if ('image' in opened) {
        p.doc.image(opened.image as unknown as Buffer, box.x + 2, box.y + 2, {
          fit: [box.w - 4, box.h - 4],
          align: 'center',
          valign: 'center',
        });
        p.doc.lineWidth(0.5).rect(box.x, box.y, box.w, box.h).stroke(RULE);
        await opened.done;
        return;
      }
      failure = opened.failure;
    }
  }
  p.doc.lineWidth(0.5).rect(box.x, box.y, box.w, box.h).dash(3, { space: 2 }).stroke(RULE).undash();
  const lh = p.lineHeight();
  p.text(failure, box.x + PAD, box.y + (box.h - lh) / 2, {
    width: box.w - 2 * PAD,
    color: MUTED,
    align: 'center',
  });
}

// ---------------------------------------------------------------- one order

/** An ISO timestamp as Shanghai's `yyyy-MM-dd HH:mm:ss`; anything else as it is. */
function time(value: string | null): string {
  if (!value) return DASH;
  return /^\d{4}-\d{2}-\d{2}T/.test(value) ? formatDateTime(value) || value : value;
}

function duration(minutes: number | null): string {
  if (minutes === null) return DASH;
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h > 0 ? `${h} 小时 ${m} 分钟` : `${m} 分钟`;
}

function distance(metres: number | null): string {
  if (metres === null) return DASH;
  return metres >= 1000 ? `${(metres / 1000).toFixed(2)} 公里` : `${Math.round(metres)} 米`;
}

async function drawOrder(
  p: Pager,
  o: PdfOrder,
  readImage: (fileId: string) => Promise<Buffer | null>,
): Promise<void> {
  p.startOrder(o.orderNo);

  p.text('电梯维护保养记录', LEFT, p.y, { width: WIDTH, size: 18, align: 'center', bold: true });
  p.y += p.lineHeight(18) + 4;
  p.text(`工单编号：${o.orderNo}`, LEFT, p.y, { width: WIDTH / 2 });
  p.text(`状态：${o.statusLabel}`, LEFT + WIDTH / 2, p.y, { width: WIDTH / 2, align: 'right' });
  p.y += p.lineHeight() + 2;
  p.doc
    .lineWidth(1)
    .moveTo(LEFT, p.y)
    .lineTo(LEFT + WIDTH, p.y)
    .stroke('#2f6fb2');
  p.y += 2;

  heading(p, '电梯信息');
  fieldGrid(p, [
    [
      ['注册代码', o.registerCode],
      ['名称', o.elevatorName ?? ''],
    ],
    [['地址', o.address]],
    [
      ['使用单位', o.useCompanyName ?? ''],
      ['维保单位', o.maintenanceCompanyName ?? ''],
    ],
  ]);

  heading(p, '维保作业');
  fieldGrid(p, [
    [
      ['类别', o.kindLabel],
      ['计划日期', o.planDate],
    ],
    [
      ['签到时间', time(o.signInTime)],
      ['签退时间', time(o.signOutTime)],
    ],
    [
      ['时长', duration(o.durationMinutes)],
      ['签到距离', distance(o.signInDistanceM)],
    ],
    [
      ['签退距离', distance(o.signOutDistanceM ?? null)],
      ['提交时间', time(o.submitTime ?? null)],
    ],
  ]);

  if (o.workers.length === 0) {
    heading(p, '维保人员');
    note(p, '未登记维保人员');
  } else {
    await table(
      p,
      '维保人员',
      [
        { header: '姓名', share: 2 },
        { header: '证书编号', share: 3 },
        { header: '有效期', share: 2, align: 'center' },
      ],
      o.workers.map((w) => [w.name, w.certNo ?? '', w.certExpiry ?? '']),
    );
  }

  if (o.items.length === 0) {
    heading(p, '保养项目');
    note(p, o.remark === PAPER_RECORD_REMARK ? PAPER_RECORD_NO_ITEMS : '无保养项目');
  } else {
    await table(
      p,
      '保养项目',
      [
        { header: '序号', share: 0.7, align: 'center' },
        { header: '项目', share: 4 },
        { header: '类别', share: 1.6, align: 'center' },
        { header: '结果', share: 1.4, align: 'center' },
        { header: '测量值', share: 1.8 },
        { header: '备注', share: 3 },
      ],
      o.items.map((it, i) => [
        String(i + 1),
        it.name,
        it.kindLabel,
        it.result ?? '',
        it.value ?? '',
        it.note ?? '',
      ]),
    );
  }

  if (o.parts.length === 0) {
    heading(p, '更换配件');
    note(p, '未更换配件');
  } else {
    await table(
      p,
      '更换配件',
      [
        { header: '序号', share: 0.7, align: 'center' },
        { header: '名称', share: 4 },
        { header: '型号', share: 3 },
        { header: '数量', share: 1, align: 'right' },
      ],
      o.parts.map((part, i) => [String(i + 1), part.name, part.model ?? '', String(part.quantity)]),
    );
  }

  await photos(p, o, readImage);
  await signatures(p, o, readImage);

  heading(p, '确认与审核');
  fieldGrid(p, [
    [
      ['使用单位确认', o.confirmedBy ?? '未确认'],
      ['确认时间', time(o.confirmTime)],
    ],
    [['审核状态', o.auditLabel ?? '未审核']],
    [['审核意见', o.auditRemark ?? '']],
  ]);

  // The record's fingerprints, in full: what a reader checks the stored record against.
  const lh = p.lineHeight(SMALL);
  heading(p, '数据完整性', 2 * lh + 8);
  for (const [label, hash] of [
    ['内容哈希（SHA-256）', o.contentHash],
    ['链哈希', o.chainHash],
  ] as const) {
    p.ensure(lh + 2);
    p.text(`${label}：`, LEFT, p.y, { width: 100, size: SMALL, color: MUTED });
    p.text(hash ?? '未生成', LEFT + 100, p.y, { width: WIDTH - 100, size: SMALL });
    p.y += lh + 2;
  }
  await p.pace();
}

/** Thumbnails, four a row: the image, its label and the start of its SHA-256. */
async function photos(
  p: Pager,
  o: PdfOrder,
  readImage: (fileId: string) => Promise<Buffer | null>,
): Promise<void> {
  const perRow = 4;
  const gap = 8;
  const w = (WIDTH - gap * (perRow - 1)) / perRow;
  const imageH = 96;
  const lh = p.lineHeight(SMALL);
  const cellH = imageH + 4 + 2 * lh + lh + gap;
  heading(p, '现场照片', o.photos.length ? cellH : 20);
  if (o.photos.length === 0) {
    note(p, '无现场照片');
    return;
  }
  for (let start = 0; start < o.photos.length; start += perRow) {
    if (p.ensure(cellH)) heading(p, '现场照片（续）', cellH);
    const top = p.y;
    for (const [i, photo] of o.photos.slice(start, start + perRow).entries()) {
      const x = LEFT + i * (w + gap);
      await imageBox(p, readImage, photo.fileId, { x, y: top, w, h: imageH }, '图片缺失');
      const labelH = Math.min(2 * lh, p.heightOf(photo.label || DASH, w, SMALL));
      p.text(photo.label || DASH, x, top + imageH + 3, {
        width: w,
        height: labelH + 1,
        size: SMALL,
        align: 'center',
      });
      p.text(`SHA-256 ${photo.sha256.slice(0, 16)}`, x, top + imageH + 3 + labelH, {
        width: w,
        size: SMALL,
        color: MUTED,
        align: 'center',
      });
      await p.pace();
    }
    p.y = top + cellH;
  }
}

/** The worker's and the confirmer's signatures side by side. */
async function signatures(
  p: Pager,
  o: PdfOrder,
  readImage: (fileId: string) => Promise<Buffer | null>,
): Promise<void> {
  const gap = 16;
  const w = (WIDTH - gap) / 2;
  const boxH = 80;
  const lh = p.lineHeight();
  heading(p, '签字', lh + boxH + 4);
  const top = p.y;
  const sides = [
    { title: '维保人员签字', fileId: o.workerSignatureFileId },
    { title: `使用单位签字${o.confirmedBy ? `（${o.confirmedBy}）` : ''}`, fileId: o.confirmSignatureFileId },
  ];
  for (const [i, side] of sides.entries()) {
    const x = LEFT + i * (w + gap);
    p.text(side.title, x, top, { width: w, color: MUTED });
    await imageBox(p, readImage, side.fileId, { x, y: top + lh, w, h: boxH }, '未签字');
  }
  p.y = top + lh + boxH + 4;
  await p.pace();
}
