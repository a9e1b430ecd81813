/**
 * The periodic inspection report's PDF (src/modules/inspection/reports/pdf.ts), read back with pdf.js
 * as the maintenance PDF's test does: the text is there and extractable (cover, conclusion, items,
 * instruments, people, 第 n 页 共 m 页 on every page), the seal and the signatures are painted, a
 * missing or damaged image is a labelled box and never an error, and 300 items break across pages
 * with the table's header repeated. No database: reports are made here.
 */
import { crc32, deflateSync } from 'node:zlib';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { deriveConclusion, type ItemResult } from '../src/modules/inspection/reports/conclusion.ts';
import {
  type InspectionReportDoc,
  renderInspectionReportPdf,
} from '../src/modules/inspection/reports/pdf.ts';

// ---------------------------------------------------------------- PNGs built by hand

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** An 8-bit RGBA PNG; `filter` is every scanline's filter byte (a valid one is 0-4). */
function png(width: number, height: number, pixel: (x: number, y: number) => number[], filter = 0) {
  const stride = 1 + width * 4;
  const raw = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = filter;
    for (let x = 0; x < width; x++) {
      const p = pixel(x, y);
      for (let c = 0; c < 4; c++) raw[y * stride + 1 + x * 4 + c] = p[c];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A red ring on transparency: what a seal looks like (pdfkit decodes its alpha in a zlib callback). */
const SEAL = png(80, 80, (x, y) => {
  const r = Math.hypot(x - 40, y - 40);
  return r > 33 && r < 38 ? [200, 20, 20, 255] : [0, 0, 0, 0];
});
const SIGNATURE = png(90, 30, (x, y) =>
  Math.abs(y - 15 - 8 * Math.sin(x / 8)) < 2 ? [0, 0, 90, 255] : [0, 0, 0, 0],
);
/** Well-formed chunks and zlib data, but scanline filter 9: pdfkit's decoder would throw. */
const BAD_FILTER = png(20, 20, () => [1, 2, 3, 255], 9);

type Store = Record<string, Buffer | 'throw'>;
const IMAGES: Store = {
  seal: SEAL,
  sigA: SIGNATURE,
  sigB: SIGNATURE,
  sigReviewer: SIGNATURE,
  badFilter: BAD_FILTER,
  truncated: SIGNATURE.subarray(0, SIGNATURE.length - 20),
  text: Buffer.from('这不是图片'),
  down: 'throw',
};
const reader =
  (images: Store = IMAGES) =>
  async (fileId: string): Promise<Buffer | null> => {
    const found = images[fileId];
    if (found === 'throw') throw new Error('对象存储不可用');
    return found ?? null;
  };

// ---------------------------------------------------------------- reports

const NAMES = [
  '使用资料',
  '控制柜、紧急操作和动态测试装置',
  '驱动主机',
  '限速器',
  '层门门锁电气触点',
  '轿厢上行超速保护装置',
  '制动器',
  '轿厢意外移动保护装置',
];

function items(count: number, failing: Record<number, ItemResult> = {}) {
  return Array.from({ length: count }, (_, i) => ({
    code: `${Math.floor(i / 8) + 1}.${(i % 8) + 1}`,
    name: i < NAMES.length ? NAMES[i] : `检验项目第${i + 1}项`,
    keyItem: i % 4 === 1,
    result: failing[i] ?? ((i === 5 ? '无此项' : '符合') as ItemResult),
    remark: failing[i] === '不符合' ? `第${i + 1}项现场检查不符合要求` : null,
  }));
}

function report(over: Partial<InspectionReportDoc> = {}): InspectionReportDoc {
  const list = over.items ?? items(8);
  const derived = deriveConclusion(list, '2026-03-12', { reinspection: over.reinspection ?? false });
  if (!derived.ok) throw new Error(derived.message);
  return {
    reportNo: 'DJ-2026-000123',
    reinspection: false,
    categoryLabel: '电梯',
    varietyLabel: '曳引驱动乘客电梯',
    useCompanyName: '南宁市青秀区万象物业服务有限公司',
    equipmentCode: '31104501002016070123',
    registerCode: '31104501002016070123',
    address: '南宁市青秀区民族大道 136 号 2 号楼',
    orgName: '南宁市特种设备检验研究所',
    inspectionDate: '2026-03-12',
    reportDate: '2026-03-18',
    conclusion: derived.conclusion,
    nextInspectionDate: derived.nextInspectionDate,
    rectificationDeadline: derived.rectificationDeadline,
    params: [
      { label: '额定载重量', value: '1000 kg' },
      { label: '额定速度', value: '1.75 m/s' },
      { label: '层站门数', value: '18 层 18 站 18 门' },
      { label: '控制方式', value: '集选控制' },
      { label: '制造单位', value: '通力电梯有限公司' },
    ],
    items: list,
    instruments: [
      { name: '数字万用表', number: 'JY-YQ-0012', validUntil: '2026-09-30' },
      { name: '钢直尺', number: 'JY-YQ-0045', validUntil: '2026-12-31' },
    ],
    inspectors: [
      { name: '黄志强', certNo: 'DTJ-450100-0231', signatureFileId: 'sigA' },
      { name: '韦丽娟', certNo: null, signatureFileId: 'sigB' },
    ],
    reviewer: { name: '陆建国', signatureFileId: 'sigReviewer' },
    sealFileId: 'seal',
    ...over,
  };
}

/** Each page's text (pdf.js's text items joined) and how many images it paints. */
async function readPdf(data: Buffer): Promise<{ pages: string[]; images: number[] }> {
  const doc = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
  }).promise;
  const pages: string[] = [];
  const images: number[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
    const ops = await page.getOperatorList();
    images.push(ops.fnArray.filter((op) => op === OPS.paintImageXObject).length);
  }
  await doc.destroy();
  return { pages, images };
}

/** 第 n 页 共 N 页 at the foot of every page, N the document's page count. */
function expectNumbered(pages: string[]): void {
  for (const [i, text] of pages.entries()) expect(text).toContain(`第 ${i + 1} 页 共 ${pages.length} 页`);
}

// ---------------------------------------------------------------- tests

describe('periodic inspection report PDF', () => {
  it('holds the cover, the conclusion, the parameters, the instruments and the items as text, each page numbered', async () => {
    const r = report();
    const pdf = await renderInspectionReportPdf(r, reader());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, images } = await readPdf(pdf);
    const all = pages.join('\n');

    // The cover: the title, every identifying field, the conclusion and the next date.
    for (const expected of [
      '电梯定期检验报告',
      '报告编号：DJ-2026-000123',
      '电梯',
      '曳引驱动乘客电梯',
      '南宁市青秀区万象物业服务有限公司',
      '31104501002016070123',
      '南宁市青秀区民族大道 136 号 2 号楼',
      '南宁市特种设备检验研究所',
      '2026-03-12',
      '2026-03-18',
      '合格',
      '下次检验日期：2027-03-12',
    ]) {
      expect(pages[0]).toContain(expected);
    }
    // The conclusion page, with the people and the organisation.
    expect(pages[1]).toContain('检验结论');
    expect(pages[1]).toContain('无不符合项目');
    for (const expected of [
      '检验人员：黄志强',
      '证书编号：DTJ-450100-0231',
      '检验人员：韦丽娟',
      '审核人员：陆建国',
    ]) {
      expect(pages[1]).toContain(expected);
    }
    expect(pages[1]).toContain('检验机构（盖章）：南宁市特种设备检验研究所');
    // Parameters, instruments, items.
    for (const expected of [
      '额定速度',
      '1.75 m/s',
      '通力电梯有限公司',
      '数字万用表',
      'JY-YQ-0012',
      '2026-09-30',
    ]) {
      expect(all).toContain(expected);
    }
    for (const it of r.items) expect(all).toContain(it.name);
    for (const header of ['项目编号', '检验项目', '类别', '检验结果', '备注']) expect(all).toContain(header);
    expect(all).toContain('无此项');
    expect(all).toContain('关键'); // key items: a drawn ★ and the word
    expect(all).toContain('为关键项目');
    // 第 n 页 共 N 页 at the foot of every page.
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expectNumbered(pages);
    // The three signatures and the seal are painted on the conclusion page, nothing elsewhere.
    expect(images[1]).toBe(4);
    expect(images.reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('shows a fail with its non-conformities, the key ones first, and the rectification deadline', async () => {
    const r = report({ items: items(16, { 1: '不符合', 2: '不符合', 9: '不符合' }) });
    expect(r.conclusion).toBe('不合格');
    expect(r.rectificationDeadline).toBe('2026-03-26'); // 10 working days after Thursday 2026-03-12
    const { pages } = await readPdf(await renderInspectionReportPdf(r, reader()));
    expect(pages[0]).toContain('不合格');
    expect(pages[0]).not.toContain('下次检验日期：2027');
    const conclusion = pages[1];
    expect(conclusion).toContain('不符合项目');
    expect(conclusion).toContain('整改期限：使用单位应于 2026-03-26 前完成');
    expect(conclusion).toContain('申请复检');
    // The key items (index 1 and 9) before the general one (index 2).
    const at = (text: string) => conclusion.indexOf(text);
    expect(at('第2项现场检查不符合要求')).toBeGreaterThan(-1);
    expect(at('第2项现场检查不符合要求')).toBeLessThan(at('第10项现场检查不符合要求'));
    expect(at('第10项现场检查不符合要求')).toBeLessThan(at('第3项现场检查不符合要求'));
  });

  it('says 复检合格 on a passed re-inspection', async () => {
    const r = report({ reinspection: true });
    expect(r.conclusion).toBe('复检合格');
    const { pages } = await readPdf(await renderInspectionReportPdf(r, reader()));
    expect(pages[0]).toContain('定期检验（复检）');
    expect(pages[0]).toContain('复检合格');
  });

  it('labels a missing, damaged or not-an-image signature or seal, and still renders', async () => {
    const r = report({
      inspectors: [
        { name: '甲', certNo: null, signatureFileId: 'badFilter' },
        { name: '乙', certNo: null, signatureFileId: 'truncated' },
        { name: '丙', certNo: null, signatureFileId: 'text' },
        { name: '丁', certNo: null, signatureFileId: null },
      ],
      reviewer: { name: '戊', signatureFileId: 'gone' },
      sealFileId: 'gone',
    });
    const { pages, images } = await readPdf(await renderInspectionReportPdf(r, reader()));
    const all = pages.join('\n');
    expect(all).toContain('（签名图片无效：PNG 文件已损坏）');
    expect(all).toContain('（签名图片无效：PNG 文件不完整）');
    expect(all).toContain('（签名图片无效：格式不支持）');
    expect(all).toContain('（签名图片缺失）');
    expect(all).toContain('（印章图片缺失）');
    expect(images.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('fails, rather than printing the record without it, when an image cannot be read (storage down)', async () => {
    const r = report({ reviewer: { name: '戊', signatureFileId: 'down' } });
    await expect(renderInspectionReportPdf(r, reader())).rejects.toThrow('对象存储不可用');
  });

  it('breaks a 300-item table across pages, repeating its header, every item present', async () => {
    const r = report({ items: items(300) });
    const pdf = await renderInspectionReportPdf(r, reader());
    const { pages } = await readPdf(pdf);
    const withItems = pages.filter((t) => t.includes('检验项目第'));
    expect(withItems.length).toBeGreaterThanOrEqual(5);
    for (const page of withItems) {
      for (const header of ['项目编号', '检验项目', '检验结果', '备注']) expect(page).toContain(header);
    }
    expect(pages.some((t) => t.includes('检验项目及结果（续）'))).toBe(true);
    const all = pages.join('\n');
    for (let i = 9; i <= 300; i++) expect(all).toContain(`检验项目第${i}项`);
    expectNumbered(pages);
    // Its time is the benchmark's (npm run bench -- --only inspection-report), never a test's.
  });

  it('keeps characters a PDF line cannot show out of the text, and long values within their boxes', async () => {
    const r = report({
      useCompanyName: `南宁\u0000市\u0007${'很长的使用单位名称'.repeat(30)}`,
      remark: '备注\t第一行\r\n第二行',
    });
    const { pages } = await readPdf(await renderInspectionReportPdf(r, reader()));
    expect(pages[0]).toContain('南宁市很长的使用单位名称');
    expect(pages[1]).toContain('备注 第一行');
    expectNumbered(pages);
  });

  it('keeps the cover on one page, top to bottom, however long its values', async () => {
    const long = (s: string) => s.repeat(12);
    const r = report({
      varietyLabel: long('曳引驱动乘客电梯'),
      useCompanyName: long('南宁市青秀区万象物业服务有限公司'),
      address: long('南宁市青秀区民族大道 136 号'),
      orgName: long('南宁市特种设备检验研究所'),
    });
    const pdf = await renderInspectionReportPdf(r, reader());
    const doc = await getDocument({
      data: new Uint8Array(pdf),
      isEvalSupported: false,
      disableFontFace: true,
    }).promise;
    const content = await (await doc.getPage(1)).getTextContent();
    await doc.destroy();
    /** The baseline (points from the page's bottom) of the first text item that starts so. */
    const lines = content.items.flatMap((item) =>
      'str' in item ? [{ str: item.str, y: item.transform[5] }] : [],
    );
    const y = (start: string) => {
      const found = lines.find((l) => l.str.startsWith(start));
      expect(found, start).toBeDefined();
      return found?.y ?? Number.NaN;
    };
    const order = [y('电梯定期检验报告'), y('报告日期'), y('合格'), y('下次检验日期'), y('第 1 页')];
    expect(order).toEqual([...order].sort((a, b) => b - a));
    // The organisation's name at the foot of the cover: below the next-inspection date, above the page number.
    const foot = lines.filter((l) => l.str.startsWith('南宁市特种设备检验研究所')).map((l) => l.y);
    expect(Math.min(...foot)).toBeLessThan(y('下次检验日期'));
    expect(Math.min(...foot)).toBeGreaterThan(y('第 1 页'));
  });
});
