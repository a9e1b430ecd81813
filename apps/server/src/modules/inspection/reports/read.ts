import {
  formatDateTime,
  INSPECTION_REPORT_STATE_LABEL,
  type InspectionReportDetail,
  type InspectionReportRow,
  type InspectionReportState,
  type ReportFileHistoryRow,
} from '@ec/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { enterprise, sysFile } from '../../../platform/db/tables.ts';
import { notFound } from '../../../platform/errors.ts';
import { inspectionLiftsRelation } from '../../elevator/api.ts';
import { inspectionEquipment } from '../instruments/tables.ts';
import { inspectionOrder } from '../orders/tables.ts';
import { inspectionInspector } from '../people/tables.ts';
import { reportScope } from './scope.ts';
import {
  inspectionReportFileHistory as h,
  inspectionReport as r,
  inspectionResult as res,
  inspectionReportInstrument as ri,
} from './tables.ts';

/* The reports' reads: the list (filters, page), the detail with results, instruments (a signed report's as signed) and inspectors, the original record's versions. Every read is limited by `reportScope` (404 outside it). */

export const REPORT_NOT_FOUND = '检验报告不存在或无权访问';

export type Report = typeof r.$inferSelect;

export const reportStateLabel = (s: string) => INSPECTION_REPORT_STATE_LABEL[s as InspectionReportState] ?? s;

const orgE = alias(enterprise, 'report_org');
const unitE = alias(enterprise, 'report_use_unit');

function rowQuery(q: Queryable) {
  const lift = inspectionLiftsRelation(null).as('report_lift');
  return {
    lift,
    query: q
      .select({
        r,
        orderNo: inspectionOrder.orderNo,
        registerCode: lift.registerCode,
        address: lift.address,
        orgName: orgE.name,
        useUnitName: unitE.name,
        inspectorNames: sql<string>`coalesce((select string_agg(${inspectionInspector.name}, '、' order by ${inspectionInspector.id}) from ${inspectionInspector} where ${inspectionInspector.id} = any(${r.inspectorIds})), '')`,
      })
      .from(r)
      .innerJoin(inspectionOrder, eq(inspectionOrder.id, r.orderId))
      .innerJoin(lift, eq(lift.id, r.elevatorId))
      .leftJoin(orgE, eq(orgE.id, r.orgId))
      .leftJoin(unitE, eq(unitE.id, r.useUnitId)),
  };
}
type Joined = Awaited<ReturnType<ReturnType<typeof rowQuery>['query']['execute']>>[number];

const dateTime = (d: Date | null) => (d ? formatDateTime(d) : null);

const rowView = (j: Joined): InspectionReportRow => ({
  id: j.r.id,
  reportNo: j.r.reportNo,
  orderId: j.r.orderId,
  orderNo: j.orderNo,
  attempt: j.r.attempt,
  kindLabel: j.r.attempt > 1 ? '定期检验（复检）' : '定期检验',
  state: j.r.state as InspectionReportState,
  stateLabel: reportStateLabel(j.r.state),
  elevatorId: j.r.elevatorId,
  registerCode: j.registerCode,
  address: j.address,
  orgId: j.r.orgId,
  orgName: j.orgName,
  useUnitId: j.r.useUnitId,
  useUnitName: j.useUnitName,
  inspectorNames: j.inspectorNames,
  conclusion: j.r.conclusion as InspectionReportRow['conclusion'],
  inspectedOn: j.r.inspectedOn,
  rectificationDeadline: j.r.rectificationDeadline,
  nextInspectionDate: j.r.nextInspectionDate,
  signedAt: dateTime(j.r.signedAt),
  pushedAt: dateTime(j.r.pushedAt),
  issuedAt: dateTime(j.r.issuedAt),
  version: j.r.version,
});

/** The report if the user sees it, else 404. */
export async function visibleReport(q: Queryable, user: AuthUser, id: number): Promise<Report> {
  const [row] = await q
    .select()
    .from(r)
    .where(and(eq(r.id, id), reportScope(user)));
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return row;
}

export interface ReportFilters {
  page: number;
  limit: number;
  conclusion?: string;
  state?: string;
  month?: string;
  registerCode?: string;
  reportNo?: string;
  useUnitName?: string;
  orgName?: string;
}

export async function listReports(q: Queryable, user: AuthUser, f: ReportFilters) {
  const { lift, query } = rowQuery(q);
  const where: (SQL | undefined)[] = [reportScope(user)];
  if (f.conclusion) where.push(eq(r.conclusion, f.conclusion));
  if (f.state) where.push(eq(r.state, f.state));
  if (f.month) where.push(sql`to_char(${r.inspectedOn}, 'YYYY-MM') = ${f.month}`);
  if (f.registerCode) where.push(eq(lift.registerCode, f.registerCode));
  if (f.reportNo) where.push(sql`${r.reportNo} like ${`${f.reportNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.useUnitName)
    where.push(
      sql`exists (select 1 from ${enterprise} where ${enterprise.id} = ${r.useUnitId} and ${enterprise.name} ilike ${likePattern(f.useUnitName)})`,
    );
  if (f.orgName)
    where.push(
      sql`exists (select 1 from ${enterprise} where ${enterprise.id} = ${r.orgId} and ${enterprise.name} ilike ${likePattern(f.orgName)})`,
    );
  const cond = and(...where);
  return paginate(
    q,
    f,
    (w) => query.where(cond).orderBy(desc(r.id)).limit(w.limit).offset(w.offset),
    async () => {
      const [row] = await q
        .select({ n: count() })
        .from(r)
        .innerJoin(lift, eq(lift.id, r.elevatorId))
        .where(cond);
      return row?.n ?? 0;
    },
    rowView,
  );
}

/**
 * The instruments a report names, by id: a signed report's as they were when signed (the record
 * written with the signature, tables.ts inspectionReportInstrument), an unsigned one's (and any a
 * signed report has no record of) as they are now.
 */
async function instrumentsOf(q: Queryable, report: Report) {
  const ids = report.instrumentIds;
  if (ids.length === 0) return [];
  const kept = report.signed
    ? await q
        .select({ id: ri.equipmentId, name: ri.name, serialNo: ri.serialNo, validUntil: ri.validUntil })
        .from(ri)
        .where(eq(ri.reportId, report.id))
    : [];
  const rest = ids.filter((id) => !kept.some((k) => k.id === id));
  const now = rest.length
    ? await q
        .select({
          id: inspectionEquipment.id,
          name: inspectionEquipment.name,
          serialNo: inspectionEquipment.serialNo,
          validUntil: inspectionEquipment.validUntil,
        })
        .from(inspectionEquipment)
        .where(inArray(inspectionEquipment.id, rest))
    : [];
  return [...kept.filter((k) => ids.includes(k.id)), ...now].sort((a, b) => a.id - b.id);
}

/** The results of a report in the catalogue's order. */
export function resultsOf(q: Queryable, reportId: number) {
  return q.select().from(res).where(eq(res.reportId, reportId)).orderBy(asc(res.sort), asc(res.id));
}

export async function reportDetail(
  q: Queryable,
  user: AuthUser,
  id: number,
): Promise<InspectionReportDetail> {
  const { query } = rowQuery(q);
  const [j] = await query.where(and(eq(r.id, id), reportScope(user)));
  if (!j) throw notFound(REPORT_NOT_FOUND);
  // In turn, not at once: `q` may be a transaction, one connection.
  const results = await resultsOf(q, id);
  const instruments = await instrumentsOf(q, j.r);
  const people = await (j.r.inspectorIds.length || j.r.reviewerId
    ? q
        .select({
          id: inspectionInspector.id,
          name: inspectionInspector.name,
          certNo: inspectionInspector.certNo,
        })
        .from(inspectionInspector)
        .where(
          inArray(inspectionInspector.id, [...j.r.inspectorIds, ...(j.r.reviewerId ? [j.r.reviewerId] : [])]),
        )
        .orderBy(asc(inspectionInspector.id))
    : []);
  const reviewer = people.find((p) => p.id === j.r.reviewerId) ?? null;
  const inspectors = people.filter((p) => j.r.inspectorIds.includes(p.id));
  return {
    ...rowView(j),
    remark: j.r.remark,
    pdfRemark: j.r.pdfRemark,
    instruments,
    inspectors,
    reviewer,
    results: results.map((x) => ({
      itemId: x.itemId,
      code: x.code,
      category: x.category,
      name: x.name,
      keyItem: x.keyItem,
      result: x.result as InspectionReportDetail['results'][number]['result'],
      remark: x.remark,
      photoFileIds: x.photoFileIds,
    })),
    originalRecordFileId: j.r.originalRecordFileId,
    closedAt: dateTime(j.r.closedAt),
  };
}

/** The original record's versions, newest first. */
export async function fileHistory(
  q: Queryable,
  user: AuthUser,
  reportId: number,
): Promise<ReportFileHistoryRow[]> {
  await visibleReport(q, user, reportId);
  const rows = await q
    .select({ h, fileName: sysFile.fileName })
    .from(h)
    .leftJoin(sysFile, sql`${sysFile.id}::text = ${h.fileId}`)
    .where(eq(h.reportId, reportId))
    .orderBy(desc(h.version));
  return rows.map(({ h: x, fileName }) => ({
    id: x.id,
    reportId: x.reportId,
    version: x.version,
    fileId: x.fileId,
    fileName,
    uploaderName: x.uploaderName,
    uploadedAt: formatDateTime(x.uploadedAt),
  }));
}
