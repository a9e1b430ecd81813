import type { BatchRecreateResult } from '@ec/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { AppError, forbidden, notFound } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { deriveConclusion, type ItemResult } from './conclusion.ts';
import { reportPdfBytes } from './print.ts';
import { REPORT_NOT_FOUND, resultsOf } from './read.ts';
import { isOrgAdminOf, reportScope } from './scope.ts';
import { inspectionReport as r } from './tables.ts';

/*
 * batchRecreate (批量重新生成): a report's PDF is not stored, testPDF prints it from the stored data
 * each time, so "regenerating" it means checking, report by report, that what would be printed
 * still holds together and prints: the conclusion is derived again from the recorded results (a
 * conclusion that no longer follows from them is named, never silently changed: a pushed
 * conclusion has already moved the lift), and the PDF is rendered now with the current seal
 * and remark, and the instruments as signed (read.ts) (a failure is named). Reports are rendered one at a time, each PDF
 * dropped before the next, so memory stays flat over a batch (at most MAX_BATCH_RECREATE). Nothing
 * is written. Every report must be the caller's organisation's (404 outside the user's reports,
 * 403 for a report the user reads but does not issue).
 */

const message = (err: unknown) =>
  err instanceof AppError ? err.message : `生成失败：${err instanceof Error ? err.message : String(err)}`;

async function conclusionProblem(q: Queryable, row: typeof r.$inferSelect): Promise<string | null> {
  if (!row.conclusion || !row.inspectedOn) return '检验报告尚未签字，没有检验结论，不能生成报告 PDF';
  let cycleStart: string | undefined;
  if (row.attempt > 1) {
    const [first] = await q
      .select({ on: r.inspectedOn })
      .from(r)
      .where(and(eq(r.orderId, row.orderId), eq(r.attempt, 1)));
    cycleStart = first?.on ?? undefined;
  }
  const items = await resultsOf(q, row.id);
  const outcome = deriveConclusion(
    items.map((i) => ({
      code: i.code,
      name: i.name,
      keyItem: i.keyItem,
      result: i.result as ItemResult | null,
      remark: i.remark,
    })),
    row.inspectedOn,
    { reinspection: row.attempt > 1, ...(cycleStart ? { cycleStart } : {}) },
  );
  if (!outcome.ok) return `检验结果不完整：${outcome.message}`;
  if (outcome.conclusion !== row.conclusion)
    return `报告结论「${row.conclusion}」与检验结果得出的结论「${outcome.conclusion}」不一致，请核对检验结果`;
  return null;
}

export async function batchRecreate(
  q: Queryable,
  platform: Platform,
  user: AuthUser,
  ids: number[],
): Promise<BatchRecreateResult> {
  const wanted = [...new Set(ids)];
  const rows = await q
    .select()
    .from(r)
    .where(and(inArray(r.id, wanted), reportScope(user)));
  if (rows.length !== wanted.length) throw notFound(REPORT_NOT_FOUND);
  for (const row of rows)
    if (!isOrgAdminOf(user, row.orgId)) throw forbidden('只有出具该报告的检验机构可以重新生成报告');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results: BatchRecreateResult['results'] = [];
  for (const id of wanted) {
    const row = byId.get(id)!;
    const problem = await conclusionProblem(q, row);
    if (problem) {
      results.push({ id, reportNo: row.reportNo, ok: false, bytes: null, message: problem });
      continue;
    }
    try {
      const { pdf } = await reportPdfBytes(q, platform, user, id);
      results.push({ id, reportNo: row.reportNo, ok: true, bytes: pdf.length, message: null });
    } catch (err) {
      if (!(err instanceof AppError)) platform.log.error({ err, reportId: id }, 'report PDF failed');
      results.push({ id, reportNo: row.reportNo, ok: false, bytes: null, message: message(err) });
    }
  }
  return { recreated: results.filter((x) => x.ok).length, results };
}
