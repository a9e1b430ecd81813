import { shanghaiToday } from '@ec/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { badRequest, conflict, forbidden } from '../../../platform/errors.ts';
import { usableInstruments } from '../instruments/index.ts';
import { passedInspectorsOf } from '../people/api.ts';
import { reportDetail, reportStateLabel, visibleReport } from './read.ts';
import { isOrgAdminOf } from './scope.ts';
import { inspectionReport as r } from './tables.ts';

/*
 * 检验计划 (putDetectionPlan): the organisation sets or changes, before the inspector signs, the
 * on-site date of a report (its inspection date), the inspectors who go and the instruments they
 * take. The same checks as the signature: each instrument 在用 and within its calibration on that
 * date (usableInstruments), each inspector a passed inspector of the organisation whose certificate
 * is valid on that date (passedInspectorsOf). The report's own inspector (the one the order was
 * distributed to, who records and signs) stays first. One conditional UPDATE (state 检验中 and the
 * version the client read): a stale plan is 409.
 */

export interface DetectionPlan {
  id: number;
  version: number;
  plannedDate: string;
  inspectorIds: number[];
  instrumentIds: number[];
}

/** The latest a plan may be set ahead of today. */
const MAX_DAYS_AHEAD = 366;

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export async function putDetectionPlan(q: Queryable, user: AuthUser, v: DetectionPlan) {
  const report = await visibleReport(q, user, v.id);
  if (!isOrgAdminOf(user, report.orgId)) throw forbidden('只有出具该报告的检验机构可以设置检验计划');
  if (report.state !== 'inspecting')
    throw conflict(
      `该检验报告当前状态为「${reportStateLabel(report.state)}」，只有检验中的报告可以设置检验计划`,
    );
  const today = shanghaiToday();
  if (daysBetween(today, v.plannedDate) > MAX_DAYS_AHEAD) throw badRequest('计划检验日期不能晚于一年以后');
  const inspectorIds = [...new Set(v.inspectorIds)];
  const own = report.inspectorIds[0];
  if (own !== undefined && !inspectorIds.includes(own))
    throw badRequest('检验人员须包含分配到该检验任务的检验人员（负责录入结果与签字）');
  const ordered = own === undefined ? inspectorIds : [own, ...inspectorIds.filter((i) => i !== own)];
  const people = await passedInspectorsOf(q, report.orgId, ordered);
  if (people.length !== ordered.length) throw badRequest('检验人员不存在或不是本机构审核通过的检验人员');
  for (const p of people) {
    if (!p.validUntil || p.validUntil < v.plannedDate)
      throw conflict(
        `检验人员${p.name}（证书编号 ${p.certNo ?? '未登记'}）的资格证书${p.validUntil ? `有效期至 ${p.validUntil}，早于计划检验日期` : '未登记有效期'}，不能安排检验`,
      );
  }
  await usableInstruments(q, report.orgId, v.instrumentIds, v.plannedDate);
  const rows = await q
    .update(r)
    .set({
      inspectedOn: v.plannedDate,
      inspectorIds: ordered,
      instrumentIds: [...new Set(v.instrumentIds)],
      version: sql`${r.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(r.id, report.id), eq(r.state, 'inspecting'), eq(r.version, v.version)))
    .returning({ id: r.id });
  if (rows.length === 0) {
    const [now] = await q.select({ state: r.state }).from(r).where(eq(r.id, report.id));
    throw conflict(
      `该检验报告已被他人修改或状态已变化（当前状态：${reportStateLabel(now?.state ?? report.state)}），请刷新后重试`,
    );
  }
  return reportDetail(q, user, report.id);
}
