import type {
  BatchRecreateResult,
  InspectionReportRow,
  InspectionReportState,
  SessionUser,
} from '@ec/contract';

/*
 * The pure rules of the report pages: whose list the page shows, which actions a report offers to
 * whom in its state, and how a batch regeneration reads. The server decides each again; these only
 * choose what to show.
 */

/** Who looks at the reports: the issuing organisation, its inspector, the use unit, a regulator (reads), the platform. */
export type ReportSide = 'organization' | 'inspector' | 'useUnit' | 'regulator' | 'platform';

export function reportSideOf(
  user: Pick<SessionUser, 'userType' | 'dataScope' | 'companyId'> | null,
): ReportSide {
  if (!user) return 'platform';
  if (user.dataScope === 'all') return 'platform';
  if (user.userType === 'inspector') return 'inspector';
  if (user.userType === 'inspection' && user.companyId !== null) return 'organization';
  if (user.userType === 'regulator' || user.dataScope === 'area') return 'regulator';
  return 'useUnit';
}

export interface ReportRights {
  /** The inspector's writes (signature, remark, original records). */
  edit: boolean;
  /** The organisation's writes (push, re-inspection, close, batch edit, plan, upload, regenerate). */
  push: boolean;
}

export type ReportAction =
  | 'plan'
  | 'signature'
  | 'remark'
  | 'push'
  | 'reinspect'
  | 'close'
  | 'upload'
  | 'pdf'
  | 'records';

const FAILED = new Set(['不合格', '复检不合格']);

/** The actions of one report for the side and its rights (the server's rules in reports/flow.ts, plan.ts, upload.ts). */
export function reportActionsFor(
  r: Pick<InspectionReportRow, 'state' | 'conclusion'>,
  side: ReportSide,
  rights: ReportRights,
): ReportAction[] {
  const out: ReportAction[] = [];
  const org = side === 'organization';
  const open = r.state === 'inspecting' || r.state === 'signed';
  if (org && rights.push && r.state === 'inspecting') out.push('plan');
  if (side === 'inspector' && rights.edit && r.state === 'inspecting') out.push('signature');
  if ((org || side === 'inspector') && rights.edit && open) out.push('remark');
  if (org && rights.push) {
    if (r.state === 'signed') out.push('push');
    if (r.state === 'pushed' && r.conclusion && FAILED.has(r.conclusion)) out.push('reinspect');
    if (open) out.push('close');
    if (r.state === 'signed' || r.state === 'pushed') out.push('upload');
  }
  if (r.conclusion) out.push('pdf');
  out.push('records');
  return out;
}

/** Which rows a batch takes: 批量编辑 the reports still 检验中, 重新生成 those with a conclusion, 关闭 the open ones. */
export const batchable = {
  edit: (r: Pick<InspectionReportRow, 'state'>) => r.state === 'inspecting',
  recreate: (r: Pick<InspectionReportRow, 'conclusion'>) => r.conclusion !== null,
  close: (r: Pick<InspectionReportRow, 'state'>) => r.state === 'inspecting' || r.state === 'signed',
};

/** The rows of a selection a batch takes, and the report numbers it leaves out. */
export function splitSelection<T extends Pick<InspectionReportRow, 'reportNo'>>(
  rows: T[],
  ok: (r: T) => boolean,
) {
  const taken = rows.filter(ok);
  const skipped = rows.filter((r) => !ok(r)).map((r) => r.reportNo);
  return { taken, skipped };
}

/** One line for a batch regeneration's outcome. */
export function recreateSummary(res: BatchRecreateResult): string {
  const failed = res.results.filter((x) => !x.ok);
  if (failed.length === 0) return `已重新生成 ${res.recreated} 份报告`;
  return `已重新生成 ${res.recreated} 份报告，${failed.length} 份未能生成`;
}

export const STATE_COLOR: Record<InspectionReportState, string> = {
  inspecting: 'processing',
  signed: 'blue',
  pushed: 'green',
  closed: 'default',
};

export const CONCLUSION_COLOR: Record<string, string> = {
  合格: 'green',
  复检合格: 'green',
  不合格: 'red',
  复检不合格: 'red',
};

/** A file size in KB or MB. */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
