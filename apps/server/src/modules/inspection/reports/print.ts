import { LIFT_VARIETY_LABEL, SEAL_KIND } from '@ec/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { AppError, conflict } from '../../../platform/errors.ts';
import { pdfImageReader } from '../../../platform/pdf.ts';
import type { Platform } from '../../../platform/platform.ts';
import { inspectionLiftsRelation } from '../../elevator/api.ts';
import { sealFor } from '../instruments/index.ts';
import { signaturesOf } from '../people/api.ts';
import type { Conclusion, ItemResult } from './conclusion.ts';
import { type InspectionReportDoc, renderInspectionReportPdf } from './pdf.ts';
import { reportDetail } from './read.ts';

/*
 * The report's PDF (get/testPDF): a signed or pushed report (one with a conclusion) rendered by pdf.ts
 * with each signing inspector's and the reviewer's signature image (people's signaturesOf) and the organisation's report seal (sealFor; none enabled: the PDF says the seal is missing), each
 * instrument with its calibration's last valid day (a signed report's as signed, read.ts), and the images read through the platform's file
 * read (readFile: the reader's file access decides; the report's readers read its organisation's
 * report seal, scope.ts reportFiles).
 */

export async function inspectionDoc(q: Queryable, user: AuthUser, id: number): Promise<InspectionReportDoc> {
  const d = await reportDetail(q, user, id);
  if (!d.conclusion) throw conflict('检验报告尚未签字，没有检验结论，不能生成报告 PDF');
  const lift = inspectionLiftsRelation(null).as('pdf_lift');
  const [facts] = await q.select().from(lift).where(eq(lift.id, d.elevatorId));
  const seal = await sealFor(q, d.orgId, SEAL_KIND.report).catch((err: unknown) => {
    // No seal enabled (409): the PDF says so; anything else is a real error.
    if (err instanceof AppError && err.status === 409) return null;
    throw err;
  });
  const signatures = await signaturesOf(q, [
    ...d.inspectors.map((p) => p.id),
    ...(d.reviewer ? [d.reviewer.id] : []),
  ]);
  const num = (v: number | null | undefined, unit: string) => (v == null ? '—' : `${v} ${unit}`);
  return {
    reportNo: d.reportNo,
    reinspection: d.attempt > 1,
    categoryLabel: '电梯',
    varietyLabel: (facts?.variety && LIFT_VARIETY_LABEL[facts.variety]) || '电梯',
    useCompanyName: d.useUnitName ?? '',
    equipmentCode: null,
    registerCode: d.registerCode,
    address: d.address,
    orgName: d.orgName ?? '',
    inspectionDate: d.inspectedOn ?? '',
    reportDate: (d.issuedAt ?? d.signedAt ?? '').slice(0, 10),
    conclusion: d.conclusion as Conclusion,
    nextInspectionDate: d.nextInspectionDate,
    rectificationDeadline: d.rectificationDeadline,
    params: [
      { label: '额定载重量', value: num(facts?.ratedLoad, 'kg') },
      { label: '额定速度', value: num(facts?.ratedSpeed, 'm/s') },
      { label: '层站数', value: num(facts?.floors, '层') },
    ],
    items: d.results.map((x) => ({
      code: x.code,
      name: x.name,
      keyItem: x.keyItem,
      result: (x.result ?? '无此项') as ItemResult,
      remark: x.remark,
    })),
    instruments: d.instruments.map((i) => ({
      name: i.name,
      number: i.serialNo,
      validUntil: i.validUntil,
    })),
    inspectors: d.inspectors.map((p) => ({
      name: p.name,
      certNo: p.certNo,
      signatureFileId: signatures.get(p.id) ?? null,
    })),
    reviewer: d.reviewer
      ? { name: d.reviewer.name, signatureFileId: signatures.get(d.reviewer.id) ?? null }
      : null,
    sealFileId: seal?.fileId ?? null,
    remark: d.pdfRemark,
  };
}

/** The images of a report's PDF (platform/pdf.ts: missing prints as missing, a failure fails it). */
export const reportImages = (platform: Platform, user: AuthUser) =>
  pdfImageReader(platform, user, 'inspection report');

/** The report's PDF bytes and its print data. */
export async function reportPdfBytes(q: Queryable, platform: Platform, user: AuthUser, id: number) {
  const doc = await inspectionDoc(q, user, id);
  return { doc, pdf: await renderInspectionReportPdf(doc, reportImages(platform, user)) };
}

export async function reportPdf(
  q: Queryable,
  platform: Platform,
  user: AuthUser,
  id: number,
  reply: FastifyReply,
) {
  const { doc, pdf } = await reportPdfBytes(q, platform, user, id);
  const name = `检验报告_${doc.reportNo}.pdf`;
  return reply
    .type('application/pdf')
    .header(
      'Content-Disposition',
      `inline; filename="report.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .send(pdf);
}
