import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { sysFile } from '../../../platform/db/tables.ts';
import { badRequest, conflict, forbidden } from '../../../platform/errors.ts';
import { fileReadable } from '../../../platform/files/references.ts';
import { updateOriginalRecord } from './flow.ts';
import { fileHistory, reportStateLabel, visibleReport } from './read.ts';
import { isOrgAdminOf } from './scope.ts';

/*
 * uploadReport: the organisation uploads the signed and sealed report as a scanned or externally
 * made PDF (a file id from POST /common/upload). It is kept as the next version of the report's
 * original record (报告原始记录, /pc/insreportAttHis/query): the versions keep who uploaded what and
 * when, and the platform's file read lets every reader of the report read it (scope.ts reportFiles).
 * The report's generated PDF (testPDF) is unchanged. Only a signed or pushed report has a report to
 * scan; the file must be a PDF the uploader may read.
 */
export async function uploadReport(q: Queryable, user: AuthUser, v: { id: number; fileId: string }) {
  const report = await visibleReport(q, user, v.id);
  if (!isOrgAdminOf(user, report.orgId)) throw forbidden('只有出具该报告的检验机构可以上传检验报告');
  if (report.state !== 'signed' && report.state !== 'pushed')
    throw conflict(`该检验报告当前状态为「${reportStateLabel(report.state)}」，签字后的报告才能上传报告文件`);
  const [file] = await q
    .select({ ext: sysFile.ext })
    .from(sysFile)
    .where(and(eq(sysFile.id, v.fileId), fileReadable(user, v.fileId)));
  if (!file) throw badRequest('检验报告文件不存在或无权使用，请重新上传');
  if (file.ext !== 'pdf') throw badRequest('检验报告文件须为 PDF');
  await updateOriginalRecord(q, user, v);
  return fileHistory(q, user, report.id);
}
