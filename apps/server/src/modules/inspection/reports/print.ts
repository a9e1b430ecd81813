import { LIFT_VARIETY_LABEL, SEAL_KIND } from '@ec/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { sysFile } from '../../../platform/db/tables.ts';
import { conflict } from '../../../platform/errors.ts';
import type { FileStorage } from '../../../platform/files/storage.ts';
import { inspectionLiftsRelation } from '../../elevator/api.ts';
import { sealFor } from '../instruments/index.ts';
import type { Conclusion, ItemResult } from './conclusion.ts';
import { type InspectionReportDoc, renderInspectionReportPdf } from './pdf.ts';
import { reportDetail } from './read.ts';

/*
 * The report's PDF (get/testPDF): a signed or pushed report (one with a conclusion) rendered by pdf.ts
 * with the organisation's report seal (sealFor; none enabled: the PDF says the seal is missing) and the
 * images read from the platform's file storage.
 */

async function inspectionDoc(q: Queryable, user: AuthUser, id: number): Promise<InspectionReportDoc> {
  const d = await reportDetail(q, user, id);
  if (!d.conclusion) throw conflict('检验报告尚未签字，没有检验结论，不能生成报告 PDF');
  const lift = inspectionLiftsRelation(null).as('pdf_lift');
  const [facts] = await q.select().from(lift).where(eq(lift.id, d.elevatorId));
  const seal = await sealFor(q, d.orgId, SEAL_KIND.report).catch(() => null);
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
    instruments: d.instruments.map((i) => ({ name: i.name, number: i.serialNo, validUntil: null })),
    inspectors: d.inspectors.map((p) => ({ name: p.name, certNo: p.certNo, signatureFileId: null })),
    reviewer: null,
    sealFileId: seal?.fileId ?? null,
    remark: d.pdfRemark,
  };
}

export async function reportPdf(
  q: Queryable,
  storage: FileStorage,
  user: AuthUser,
  id: number,
  reply: FastifyReply,
) {
  const doc = await inspectionDoc(q, user, id);
  const readImage = async (fileId: string) => {
    try {
      const [row] = await q
        .select({ key: sysFile.storageKey })
        .from(sysFile)
        .where(sql`${sysFile.id}::text = ${fileId}`);
      return row ? await storage.get(row.key) : null;
    } catch {
      return null;
    }
  };
  const pdf = await renderInspectionReportPdf(doc, readImage);
  const name = `检验报告_${doc.reportNo}.pdf`;
  return reply
    .type('application/pdf')
    .header(
      'Content-Disposition',
      `inline; filename="report.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .send(pdf);
}
