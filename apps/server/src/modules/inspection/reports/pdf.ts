/**
 * The periodic inspection report as a PDF (《电梯定期检验报告》, DOMAIN.md §3, TSG T7001-2023): a cover
 * with the conclusion in large type, the conclusion page (non-conformities and their rectification
 * deadline, the inspectors' and the reviewer's signatures, the organisation's seal), the technical
 * parameters, the instruments used and the item table; every page numbered 第 n 页 共 m 页.
 *
 * In Chinese with the font the server ships (assets/fonts/, the one the maintenance records embed): the
 * text is text, extractable. One report is a few pages: it is built in memory (pdfkit's buffered
 * pages, for the page count in each foot) and handed back whole; a batch renders one after another.
 *
 * Images (signatures, the seal) come from `readImage`; one that is missing (null) or not a PNG or JPEG
 * the PDF can hold is a labelled box; a read that fails (readImage throws) fails the PDF. PNGs go through platform/pdf.ts's full
 * check before pdfkit sees them: pdfkit decodes some PNGs (alpha, which every seal has) in a zlib
 * callback, where a corrupt file would throw out of reach of any catch.
 */
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
} from '../../../platform/pdf.ts';
import { type Conclusion, type ItemResult, isPass, nonConformitiesOf } from './conclusion.ts';

export interface InspectionReportDoc {
  reportNo: string;
  /** 定期检验; a re-inspection shows 定期检验（复检）. */
  reinspection: boolean;
  /** 设备类别, e.g. 电梯. */
  categoryLabel: string;
  /** 设备品种, e.g. 曳引驱动乘客电梯. */
  varietyLabel: string;
  useCompanyName: string;
  /** 设备代码 (the 20-digit equipment code), when known. */
  equipmentCode: string | null;
  /** 注册代码. */
  registerCode: string;
  /** 安装地点. */
  address: string;
  /** 检验机构. */
  orgName: string;
  inspectionDate: string;
  reportDate: string;
  conclusion: Conclusion;
  /** On a pass. */
  nextInspectionDate: string | null;
  /** When there are non-conformities. */
  rectificationDeadline: string | null;
  /** 主要技术参数, in order. */
  params: { label: string; value: string }[];
  items: { code: string; name: string; keyItem: boolean; result: ItemResult; remark: string | null }[];
  instruments: { name: string; number: string; validUntil: string | null }[];
  inspectors: { name: string; certNo: string | null; signatureFileId: string | null }[];
  reviewer: { name: string; signatureFileId: string | null } | null;
  sealFileId: string | null;
  /** 备注 under the conclusion, if any. */
  remark?: string | null;
}

export type ReadImage = (fileId: string) => Promise<Buffer | null>;

// ---------------------------------------------------------------- page geometry (points, A4 portrait)

const PAGE_W = A4.width;
const PAGE_H = A4.height;
const MARGIN = { top: 48, bottom: 56, left: 48, right: 48 };
const LEFT = MARGIN.left;
const WIDTH = PAGE_W - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE_H - MARGIN.bottom;
const PAD = 4;
const SIZE = 9.5;
const SMALL = 8;
/** The tallest a table row may be: a longer cell is cut with an ellipsis (a row never spans pages). */
const MAX_ROW = 200;

const PASS = '#1d7a3a';
const FAIL = '#c0262d';

// ---------------------------------------------------------------- drawing

interface TextStyle {
  width: number;
  /** The box the text may fill; past it the text is cut with an ellipsis (default: one line). */
  height?: number;
  size?: number;
  color?: string;
  align?: 'left' | 'center' | 'right';
}

/** The document and where the next thing goes on its current page. */
class Sheet {
  y = MARGIN.top;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly readImage: ReadImage,
    /** Text as the font can draw it (platform/pdf.ts: ℃ → °C, never an empty box). */
    readonly clean: (value: string) => string,
  ) {}

  newPage(): void {
    this.doc.addPage({ size: 'A4', margins: MARGIN });
    this.y = MARGIN.top;
  }

  /** Room for `height` more points on this page, or a new page (true when one was started). */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.newPage();
    return true;
  }

  /** Text in a box; it never starts a page (pdfkit would when text runs past the margin). */
  text(value: string, x: number, y: number, style: TextStyle): void {
    const size = style.size ?? SIZE;
    const doc = this.doc.fontSize(size).fillColor(style.color ?? INK);
    doc.text(this.clean(value), x, y, {
      width: style.width,
      height: style.height ?? this.lineHeight(size),
      ellipsis: true,
      align: style.align ?? 'left',
      lineGap: 1,
    });
  }

  heightOf(value: string, width: number, size = SIZE): number {
    return this.doc.fontSize(size).heightOfString(this.clean(value), { width, lineGap: 1 });
  }

  lineHeight(size = SIZE): number {
    return this.doc.fontSize(size).currentLineHeight(true) + 1;
  }
}

/**
 * ★, drawn: the shipped font has no glyph for U+2605 (assets/fonts/README.md), so the mark is a path
 * and the words beside it ("关键") carry it in the text.
 */
function star(s: Sheet, cx: number, cy: number, r: number, color = INK): void {
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    const radius = i % 2 === 0 ? r : r * 0.4;
    points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  s.doc.polygon(...points).fill(color);
}

/** A section's heading; kept with at least `keep` points of what follows it. */
function heading(s: Sheet, title: string, keep = 40): void {
  const h = s.lineHeight(12) + 6;
  s.ensure(h + keep);
  s.y += 6;
  s.doc.rect(LEFT, s.y + 2, 3, h - 8).fill('#2f6fb2');
  s.text(title, LEFT + 8, s.y, { width: WIDTH - 8, size: 12 });
  s.y += h;
}

/** Label/value rows: pairs side by side, the values sharing what the labels leave. */
function fieldGrid(s: Sheet, rows: [string, string][][], labelW = 78, valueSize = SIZE): void {
  for (const row of rows) {
    const valueW = (WIDTH - row.length * labelW) / row.length;
    const height = Math.min(
      MAX_ROW,
      Math.max(
        ...row.map(([label, value]) =>
          Math.max(
            s.heightOf(label, labelW - 2 * PAD),
            s.heightOf(value || DASH, valueW - 2 * PAD, valueSize),
          ),
        ),
      ) +
        2 * PAD,
    );
    s.ensure(height);
    let x = LEFT;
    for (const [label, value] of row) {
      s.doc.rect(x, s.y, labelW, height).fill(SHADE);
      s.doc.lineWidth(0.5).rect(x, s.y, labelW, height).stroke(RULE);
      s.text(label, x + PAD, s.y + PAD, {
        width: labelW - 2 * PAD,
        height: height - 2 * PAD + 1,
        color: MUTED,
      });
      x += labelW;
      s.doc.lineWidth(0.5).rect(x, s.y, valueW, height).stroke(RULE);
      s.text(value || DASH, x + PAD, s.y + PAD, {
        width: valueW - 2 * PAD,
        height: height - 2 * PAD + 1,
        size: valueSize,
      });
      x += valueW;
    }
    s.y += height;
  }
}

interface Column {
  header: string;
  /** A share of the table's width. */
  share: number;
  align?: 'left' | 'center' | 'right';
}

interface Cell {
  text: string;
  color?: string;
  /** A ★ before the text. */
  star?: boolean;
}

/**
 * A table that breaks across pages: a row that does not fit starts a new page, where the section's
 * title (marked 续) and the header row are drawn again.
 */
function table(s: Sheet, title: string, columns: Column[], rows: Iterable<Cell[]>): void {
  const total = columns.reduce((sum, c) => sum + c.share, 0);
  const widths = columns.map((c) => (WIDTH * c.share) / total);
  const headerH = s.lineHeight() + 2 * PAD;
  const starW = SIZE + 2;
  const header = () => {
    let x = LEFT;
    columns.forEach((c, i) => {
      s.doc.rect(x, s.y, widths[i], headerH).fill(SHADE);
      s.doc.lineWidth(0.5).rect(x, s.y, widths[i], headerH).stroke(RULE);
      s.text(c.header, x + PAD, s.y + PAD, { width: widths[i] - 2 * PAD, align: 'center', color: MUTED });
      x += widths[i];
    });
    s.y += headerH;
  };
  heading(s, title, headerH + 24);
  header();
  for (const cells of rows) {
    const inner = (i: number) => widths[i] - 2 * PAD - (cells[i].star ? starW : 0);
    const height = Math.min(
      MAX_ROW,
      Math.max(...cells.map((c, i) => s.heightOf(c.text || DASH, inner(i)))) + 2 * PAD,
    );
    if (s.ensure(height)) {
      heading(s, `${title}（续）`, headerH + height);
      header();
    }
    let x = LEFT;
    cells.forEach((c, i) => {
      s.doc.lineWidth(0.5).rect(x, s.y, widths[i], height).stroke(RULE);
      let tx = x + PAD;
      if (c.star) {
        const lh = s.lineHeight();
        star(s, tx + starW / 2 - 1, s.y + PAD + lh / 2 - 0.5, SIZE / 2, c.color ?? INK);
        tx += starW;
      }
      s.text(c.text || DASH, tx, s.y + PAD, {
        width: inner(i),
        height: height - 2 * PAD + 1,
        align: c.star ? 'left' : (columns[i].align ?? 'left'),
        color: c.color,
      });
      x += widths[i];
    });
    s.y += height;
  }
}

function note(s: Sheet, text: string, color = MUTED): void {
  const h = s.heightOf(text, WIDTH) + 4;
  s.ensure(h);
  s.text(text, LEFT, s.y + 2, { width: WIDTH, height: h, color });
  s.y += h;
}

// ---------------------------------------------------------------- images

/** What pdfkit's openImage returns (not in its typings). */
interface OpenedImage {
  width: number;
  height: number;
  /** JPEG: undefined when the component count is not 1, 3 or 4. */
  colorSpace?: string;
}

const isPngBytes = (b: Buffer) => b.length > 8 && b.subarray(0, 8).equals(PNG_SIGNATURE);
const isJpegBytes = (b: Buffer) => b.length > 4 && b[0] === 0xff && b[1] === 0xd8;

/** The image ready for pdfkit, or why it cannot be drawn (in Chinese). */
async function loadImage(s: Sheet, fileId: string | null): Promise<OpenedImage | string> {
  if (fileId === null) return '图片缺失';
  // A failure to read (storage or database down) is not a missing image: it fails the PDF, so that
  // nobody receives a signed record with its signature silently left out; the caller retries.
  const data = await s.readImage(fileId);
  if (!data || data.length === 0) return '图片缺失';
  if (isPngBytes(data)) {
    const problem = pngProblem(data);
    if (problem) return `图片无效：${problem}`;
  } else if (!isJpegBytes(data)) {
    return '图片无效：格式不支持';
  }
  try {
    const image = (s.doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(data);
    if (!(image.width > 0 && image.height > 0)) return '图片无效：无法读取';
    if (image.width * image.height > MAX_PIXELS) return '图片无效：图片过大';
    if (isJpegBytes(data) && !image.colorSpace) return '图片无效：格式不支持';
    return image;
  } catch {
    return '图片无效：无法读取';
  }
}

/**
 * An image fitted and centred in a framed box, or the box dashed and labelled （签名图片缺失）.
 */
async function imageBox(
  s: Sheet,
  what: string,
  fileId: string | null,
  box: { x: number; y: number; w: number; h: number },
): Promise<boolean> {
  const image = await loadImage(s, fileId);
  if (typeof image !== 'string') {
    s.doc.image(image as unknown as Buffer, box.x + 2, box.y + 2, {
      fit: [box.w - 4, box.h - 4],
      align: 'center',
      valign: 'center',
    });
    s.doc.lineWidth(0.5).rect(box.x, box.y, box.w, box.h).stroke(RULE);
    return true;
  }
  const label = `（${what}${image}）`;
  s.doc.lineWidth(0.5).rect(box.x, box.y, box.w, box.h).dash(3, { space: 2 }).stroke(RULE).undash();
  const h = Math.min(box.h - 2 * PAD, s.heightOf(label, box.w - 2 * PAD, SMALL) + 1);
  s.text(label, box.x + PAD, box.y + (box.h - h) / 2, {
    width: box.w - 2 * PAD,
    height: h,
    size: SMALL,
    color: MUTED,
    align: 'center',
  });
  return false;
}

// ---------------------------------------------------------------- the report

const kindOf = (r: InspectionReportDoc) => (r.reinspection ? '定期检验（复检）' : '定期检验');
const conclusionColor = (c: Conclusion) => (isPass(c) ? PASS : FAIL);
const nextDate = (r: InspectionReportDoc) =>
  isPass(r.conclusion) ? (r.nextInspectionDate ?? DASH) : '—（整改后申请复检）';

function cover(s: Sheet, r: InspectionReportDoc): void {
  s.newPage();
  s.text(`报告编号：${r.reportNo}`, LEFT, s.y, { width: WIDTH, align: 'right', size: 10.5 });

  const labelW = 96;
  const x = LEFT + 40;
  const w = WIDTH - 80;
  const fields: [string, string][] = [
    ['设备类别', r.categoryLabel],
    ['设备品种', r.varietyLabel],
    ['使用单位', r.useCompanyName],
    ['设备代码', r.equipmentCode ?? ''],
    ['注册代码', r.registerCode],
    ['安装地点', r.address],
    ['检验机构', r.orgName],
    ['检验日期', r.inspectionDate],
    ['报告日期', r.reportDate],
  ];
  // Everything fits the one page: the title moves up for long values, which are cut at two lines
  // (at one when even that would not fit) with an ellipsis.
  const titleH = s.lineHeight(28) + 8 + s.lineHeight(13) + 40;
  const conclusionH = 18 + 86 + 12 + s.lineHeight(11.5);
  const limit = BOTTOM - 50 - conclusionH;
  const heightsFor = (lines: number) =>
    fields.map(
      ([, value]) => Math.min(lines * s.lineHeight(11.5), s.heightOf(value || DASH, w - labelW, 11.5)) + 8,
    );
  const total = (hs: number[]) => hs.reduce((sum, h) => sum + h + 6, 0);
  let heights = heightsFor(2);
  if (limit - total(heights) - titleH < MARGIN.top + 24) heights = heightsFor(1);
  s.y = Math.max(MARGIN.top + 24, Math.min(150, limit - total(heights) - titleH));
  s.text('电梯定期检验报告', LEFT, s.y, { width: WIDTH, size: 28, align: 'center' });
  s.y += s.lineHeight(28) + 8;
  s.text(kindOf(r), LEFT, s.y, { width: WIDTH, size: 13, align: 'center', color: MUTED });
  s.y += s.lineHeight(13) + 40;

  for (const [i, [label, value]] of fields.entries()) {
    const height = heights[i];
    s.text(`${label}：`, x, s.y + 3, { width: labelW, size: 11.5, color: MUTED, align: 'right' });
    s.text(value || DASH, x + labelW, s.y + 3, { width: w - labelW, height: height - 6, size: 11.5 });
    s.doc
      .lineWidth(0.5)
      .moveTo(x + labelW, s.y + height)
      .lineTo(x + w, s.y + height)
      .stroke(RULE);
    s.y += height + 6;
  }

  // The conclusion, in large type.
  s.y += 18;
  const boxH = 86;
  s.doc.lineWidth(1.2).rect(x, s.y, w, boxH).stroke(conclusionColor(r.conclusion));
  s.text('检验结论', x, s.y + 10, { width: w, size: 11, align: 'center', color: MUTED });
  s.text(r.conclusion, x, s.y + 30, {
    width: w,
    size: 32,
    align: 'center',
    color: conclusionColor(r.conclusion),
  });
  s.y += boxH + 12;
  s.text(`下次检验日期：${nextDate(r)}`, x, s.y, { width: w, size: 11.5, align: 'center' });

  s.text(r.orgName, LEFT, BOTTOM - 40, { width: WIDTH, size: 12, align: 'center' });
  s.text(r.reportDate, LEFT, BOTTOM - 40 + s.lineHeight(12) + 2, { width: WIDTH, size: 11, align: 'center' });
}

async function conclusionPage(s: Sheet, r: InspectionReportDoc): Promise<void> {
  s.newPage();
  s.text('检验结论', LEFT, s.y, { width: WIDTH, size: 18, align: 'center' });
  s.y += s.lineHeight(18) + 10;
  fieldGrid(s, [
    [
      ['使用单位', r.useCompanyName],
      ['注册代码', r.registerCode],
    ],
    [
      ['设备品种', r.varietyLabel],
      ['设备代码', r.equipmentCode ?? ''],
    ],
    [['安装地点', r.address]],
    [
      ['检验类别', kindOf(r)],
      ['检验日期', r.inspectionDate],
    ],
  ]);
  // The conclusion, in large type.
  const rowH = s.lineHeight(22) + 2 * PAD + 8;
  s.doc.rect(LEFT, s.y, 78, rowH).fill(SHADE);
  s.doc.lineWidth(0.5).rect(LEFT, s.y, 78, rowH).stroke(RULE);
  s.doc
    .lineWidth(0.5)
    .rect(LEFT + 78, s.y, WIDTH - 78, rowH)
    .stroke(RULE);
  s.text('检验结论', LEFT + PAD, s.y + (rowH - s.lineHeight()) / 2, { width: 70, color: MUTED });
  s.text(r.conclusion, LEFT + 78 + 12, s.y + PAD + 4, {
    width: WIDTH - 90,
    size: 22,
    color: conclusionColor(r.conclusion),
  });
  s.y += rowH;
  fieldGrid(s, [[['下次检验日期', nextDate(r)]]]);
  if (r.remark) fieldGrid(s, [[['备注', r.remark]]]);

  const failed = nonConformitiesOf(r.items);
  if (failed.length > 0) {
    table(
      s,
      '不符合项目',
      [
        { header: '项目编号', share: 1.3, align: 'center' },
        { header: '检验项目', share: 4 },
        { header: '类别', share: 1.1, align: 'center' },
        { header: '问题描述', share: 4.6 },
      ],
      failed.map((it) => [
        { text: it.code },
        { text: it.name },
        it.keyItem ? { text: '关键', star: true, color: FAIL } : { text: '一般' },
        { text: it.remark ?? '' },
      ]),
    );
    if (r.rectificationDeadline) {
      note(
        s,
        `整改期限：使用单位应于 ${r.rectificationDeadline} 前完成上述不符合项目的整改，并将整改报告（附整改见证材料）报送检验机构${
          isPass(r.conclusion) ? '。' : '，整改完成后申请复检。'
        }`,
        FAIL,
      );
    }
  } else {
    heading(s, '不符合项目', 20);
    note(s, '无不符合项目。');
  }

  await signatures(s, r);
}

/** The inspectors', the reviewer's signatures and the organisation's seal. */
async function signatures(s: Sheet, r: InspectionReportDoc): Promise<void> {
  const people = [
    ...r.inspectors.map((p) => ({
      role: '检验人员',
      name: p.name,
      detail: p.certNo,
      fileId: p.signatureFileId,
    })),
    ...(r.reviewer
      ? [{ role: '审核人员', name: r.reviewer.name, detail: null, fileId: r.reviewer.signatureFileId }]
      : []),
  ];
  const perRow = 3;
  const gap = 12;
  const w = (WIDTH - gap * (perRow - 1)) / perRow;
  const boxH = 54;
  const lh = s.lineHeight();
  const cellH = 2 * lh + boxH + 10;
  heading(s, '检验、审核人员签字', cellH);
  if (people.length === 0) note(s, '未登记检验人员。');
  for (let start = 0; start < people.length; start += perRow) {
    if (s.ensure(cellH)) heading(s, '检验、审核人员签字（续）', cellH);
    const top = s.y;
    for (const [i, person] of people.slice(start, start + perRow).entries()) {
      const x = LEFT + i * (w + gap);
      s.text(`${person.role}：${person.name}`, x, top, { width: w });
      s.text(person.detail ? `证书编号：${person.detail}` : ' ', x, top + lh, {
        width: w,
        size: SMALL,
        color: MUTED,
      });
      await imageBox(s, '签名', person.fileId, { x, y: top + 2 * lh + 2, w, h: boxH });
    }
    s.y = top + cellH;
  }

  // The organisation's seal, printed over its name and the report date at the foot.
  const sealSize = 100;
  const footH = 2 * s.lineHeight(11) + 12;
  s.ensure(Math.max(footH, sealSize - 10) + 8);
  s.y += 8;
  const footTop = s.y;
  const footX = LEFT + WIDTH / 2 - 40;
  s.text(`检验机构（盖章）：${r.orgName}`, footX, footTop, { width: LEFT + WIDTH - footX, size: 11 });
  s.text(`报告日期：${r.reportDate}`, footX, footTop + s.lineHeight(11) + 4, {
    width: LEFT + WIDTH - footX,
    size: 11,
  });
  const seal = await loadImage(s, r.sealFileId);
  if (typeof seal === 'string') {
    // No seal to print: said on a line of its own under the date, over nothing.
    const y = footTop + footH - 4;
    s.text(`（印章${seal}）`, footX, y, { width: LEFT + WIDTH - footX, size: SMALL, color: FAIL });
    s.y = y + s.lineHeight(SMALL) + 4;
    return;
  }
  const box = { x: LEFT + WIDTH - sealSize - 20, y: footTop + footH / 2 - sealSize / 2 };
  s.doc.image(seal as unknown as Buffer, box.x, box.y, {
    fit: [sealSize, sealSize],
    align: 'center',
    valign: 'center',
  });
  s.y = Math.max(footTop + footH, box.y + sealSize);
}

function technical(s: Sheet, r: InspectionReportDoc): void {
  s.newPage();
  heading(s, '主要技术参数');
  if (r.params.length === 0) {
    note(s, '未登记技术参数。');
  } else {
    const rows: [string, string][][] = [];
    for (let i = 0; i < r.params.length; i += 2) {
      rows.push(r.params.slice(i, i + 2).map((p) => [p.label, p.value] as [string, string]));
    }
    fieldGrid(s, rows, 96);
  }
  if (r.instruments.length === 0) {
    heading(s, '检验仪器设备', 20);
    note(s, '未登记检验仪器设备。');
  } else {
    table(
      s,
      '检验仪器设备',
      [
        { header: '序号', share: 0.7, align: 'center' },
        { header: '仪器设备名称', share: 4 },
        { header: '设备编号', share: 3 },
        { header: '检定/校准有效期至', share: 2.4, align: 'center' },
      ],
      r.instruments.map((it, i) => [
        { text: String(i + 1) },
        { text: it.name },
        { text: it.number },
        { text: it.validUntil ?? '' },
      ]),
    );
  }
}

function itemTable(s: Sheet, r: InspectionReportDoc): void {
  s.newPage();
  const resultColor = (v: ItemResult) => (v === '不符合' ? FAIL : v === '无此项' ? MUTED : INK);
  table(
    s,
    '检验项目及结果',
    [
      { header: '项目编号', share: 1.3, align: 'center' },
      { header: '检验项目', share: 4.4 },
      { header: '类别', share: 1.1, align: 'center' },
      { header: '检验结果', share: 1.4, align: 'center' },
      { header: '备注', share: 3.2 },
    ],
    r.items.map((it) => [
      { text: it.code },
      { text: it.name },
      it.keyItem ? { text: '关键', star: true } : { text: '一般' },
      { text: it.result, color: resultColor(it.result) },
      { text: it.remark ?? '' },
    ]),
  );
  // The legend: the star drawn, its meaning in words.
  const lh = s.lineHeight(SMALL);
  s.ensure(lh + 8);
  s.y += 4;
  star(s, LEFT + 4, s.y + lh / 2 - 0.5, SMALL / 2);
  s.text('为关键项目：任一关键项目不符合，检验结论为不合格；无此项表示该电梯不适用该项目。', LEFT + 11, s.y, {
    width: WIDTH - 11,
    size: SMALL,
    color: MUTED,
  });
  s.y += lh + 4;
}

/** The foot of every page: 第 n 页 共 m 页, and the report number. */
function footers(s: Sheet, r: InspectionReportDoc): void {
  const { start, count } = s.doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    s.doc.switchToPage(i);
    const y = PAGE_H - MARGIN.bottom + 22;
    s.text(`报告编号：${r.reportNo}`, LEFT, y, { width: WIDTH / 2, size: SMALL, color: MUTED });
    s.text(`第 ${i - start + 1} 页 共 ${count} 页`, LEFT + WIDTH / 2, y, {
      width: WIDTH / 2,
      size: SMALL,
      color: MUTED,
      align: 'right',
    });
  }
}

/** The report's PDF, whole. Never fails on an image; fails only if pdfkit itself does. */
export async function renderInspectionReportPdf(
  report: InspectionReportDoc,
  readImage: ReadImage,
): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    font: PDF_FONT_PATH,
    size: 'A4',
    margins: MARGIN,
    compress: true,
    pdfVersion: '1.7',
    lang: 'zh-CN',
    displayTitle: true,
    info: {
      Title: `电梯定期检验报告 ${report.reportNo}`,
      Subject: report.registerCode,
      Creator: '电梯安全监管平台',
      Producer: '电梯安全监管平台',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const s = new Sheet(doc, readImage, printableText(doc));
  cover(s, report);
  await conclusionPage(s, report);
  technical(s, report);
  itemTable(s, report);
  footers(s, report);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
