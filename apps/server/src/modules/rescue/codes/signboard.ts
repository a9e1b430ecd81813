/**
 * 应急标识牌: one A5 page per lift, to be printed and put up in the car and at the landing — the
 * lift's 6-digit emergency code large, the QR code of the public report page (`<origin>/r/<code>`),
 * the emergency number 96333, the lift's address and register code. Chinese text in the font shipped
 * in `assets/fonts/` (nothing is fetched at run time); the QR code is drawn as vector squares.
 */
import { PassThrough } from 'node:stream';
import { EMERGENCY_PHONE, formatDate, publicReportUrl } from '@ec/contract';
import { and, asc, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { sysParam } from '../../../platform/db/tables.ts';
import { notFound } from '../../../platform/errors.ts';
import { paramValue } from '../../../platform/params.ts';
import { PDF_FONT_PATH } from '../../../platform/pdf.ts';
import { liftsRelation } from '../../elevator/api.ts';

/** The web origin the QR codes point to: a system parameter, else the origin the request came from. */
export const ORIGIN_PARAM = 'emergencyCodeOrigin';

/**
 * The parameter's row in 参数设置, empty (the request's origin) until an administrator sets it; seeded
 * on the first start and on later ones (an installation made before the row existed), never over a
 * value already there.
 */
export async function seedSignboardParams(db: Queryable) {
  await db
    .insert(sysParam)
    .values({
      configKey: ORIGIN_PARAM,
      value: '',
      name: '应急标识牌二维码网址',
      remark:
        '应急标识牌二维码指向的公众上报页面地址（如 https://dt.example.gov.cn，不含路径）；留空时使用打印标识牌时浏览器访问的地址',
      builtIn: true,
    })
    .onConflictDoNothing();
}

export interface Signboard {
  code: string;
  registerCode: string;
  name: string | null;
  address: string;
}

// A5 portrait, points.
const W = 419.53;
const H = 595.28;
const M = 28;
const RED = '#c8161d';
const INK = '#111111';
const MUTED = '#555555';

function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.05, cell + 0.05);
  doc.fill('#000000').restore();
}

function centered(doc: PDFKit.PDFDocument, text: string, y: number, size: number, color = INK) {
  doc
    .fontSize(size)
    .fillColor(color)
    .text(text, M, y, { width: W - 2 * M, align: 'center', lineBreak: false });
}

function drawBoard(doc: PDFKit.PDFDocument, b: Signboard, origin: string) {
  // Header band.
  doc.rect(0, 0, W, 70).fill(RED);
  doc
    .fillColor('#ffffff')
    .fontSize(24)
    .text('电梯应急救援标识牌', M, 18, { width: W - 2 * M, align: 'center' });
  doc.fontSize(10).text('电梯困人 请拨打应急电话或扫码报警', M, 48, { width: W - 2 * M, align: 'center' });

  centered(doc, '电梯应急码', 86, 13, MUTED);
  centered(doc, b.code, 104, 58, RED);

  const qrSize = 170;
  const qrX = (W - qrSize) / 2;
  const qrY = 178;
  drawQr(doc, publicReportUrl(origin, b.code), qrX, qrY, qrSize);
  centered(doc, '微信或手机扫码  报告困人或故障', qrY + qrSize + 6, 11, INK);

  const phoneY = qrY + qrSize + 30;
  doc.roundedRect(M, phoneY, W - 2 * M, 58, 6).fill('#fff1f0');
  centered(doc, '应急救援电话', phoneY + 6, 11, MUTED);
  centered(doc, EMERGENCY_PHONE, phoneY + 20, 30, RED);

  let y = phoneY + 72;
  const line = (label: string, value: string) => {
    doc.fontSize(10).fillColor(MUTED).text(label, M, y, { width: 64, lineBreak: false });
    doc.fillColor(INK).text(value, M + 64, y, { width: W - 2 * M - 64, height: 28, ellipsis: true });
    y = doc.y + 4;
  };
  line('安装地址', b.address);
  line('注册代码', b.registerCode);
  if (b.name) line('电梯名称', b.name);

  doc
    .moveTo(M, H - 62)
    .lineTo(W - M, H - 62)
    .lineWidth(0.5)
    .strokeColor('#cccccc')
    .stroke();
  centered(doc, '被困时请保持冷静，不要扒门、撬门，按警铃或拨打电话等待救援', H - 54, 9.5, INK);
  centered(doc, `南宁市电梯应急处置服务平台  打印于 ${formatDate(new Date())}`, H - 36, 8, MUTED);
}

/** The signboards as one PDF stream, one page each. */
export function renderSignboards(boards: Signboard[], origin: string): PassThrough {
  const doc = new PDFDocument({
    size: [W, H],
    margin: 0,
    autoFirstPage: false,
    info: { Title: '电梯应急救援标识牌', Creator: 'EC' },
  });
  const out = new PassThrough();
  doc.pipe(out);
  doc.registerFont('sans', PDF_FONT_PATH);
  for (const b of boards) {
    doc.addPage({ size: [W, H], margin: 0 });
    doc.font('sans');
    drawBoard(doc, b, origin);
  }
  doc.end();
  return out;
}

async function originOf(db: Queryable, req: FastifyRequest): Promise<string> {
  const configured = (await paramValue(db, ORIGIN_PARAM))?.trim();
  if (configured) return configured;
  const header = req.headers.origin;
  if (typeof header === 'string' && /^https?:\/\/[^/\s]+$/.test(header)) return header;
  return `${req.protocol}://${req.host}`;
}

/** The chosen lifts the user may see that hold a code, as signboards; 404 when none does. */
export async function exportSignboards(
  db: Queryable,
  user: AuthUser,
  ids: number[],
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const lifts = liftsRelation(user).as('lift');
  const rows = await db
    .select({
      code: lifts.rescueCode,
      registerCode: lifts.registerCode,
      name: lifts.name,
      address: lifts.address,
    })
    .from(lifts)
    .where(and(inArray(lifts.id, ids), isNotNull(lifts.rescueCode)))
    .orderBy(asc(lifts.id));
  if (rows.length === 0) throw notFound('所选电梯不存在、无权访问或未绑定应急码');
  const boards = rows.map((r) => ({ ...r, code: r.code ?? '' }));
  const name = boards.length === 1 ? `应急标识牌_${boards[0].code}.pdf` : `应急标识牌_${boards.length}台.pdf`;
  reply
    .type('application/pdf')
    .header(
      'Content-Disposition',
      `attachment; filename="signboards.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  return reply.send(renderSignboards(boards, await originOf(db, req)));
}
