import { inspectionReportCalls, REPORT_PERMISSIONS, reportFileHistoryCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { hasPermission } from '../../lib/access.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { type ReportRights, type ReportSide, reportSideOf } from './logic.ts';

/** Query keys of the report pages: a write invalidates ['inspection-reports']. */
export const reportKeys = {
  all: ['inspection-reports'] as const,
  list: ['inspection-reports', 'list'] as const,
  report: (id: number | null) => ['inspection-reports', 'report', id] as const,
  history: (id: number | null) => ['inspection-reports', 'history', id] as const,
};

export function useReportSide(): ReportSide {
  return reportSideOf(useSession().user);
}

export function useReportRights(): ReportRights {
  const { user } = useSession();
  const held = user?.permissions ?? [];
  return {
    edit: hasPermission(held, REPORT_PERMISSIONS.edit),
    push: hasPermission(held, REPORT_PERMISSIONS.push),
  };
}

export function useReport(id: number | null) {
  return useQuery({
    queryKey: reportKeys.report(id),
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }) => call(inspectionReportCalls.detail, { id: id! }, { signal }),
  });
}

export function useReportHistory(id: number | null) {
  return useQuery({
    queryKey: reportKeys.history(id),
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }) => call(reportFileHistoryCalls.query, { reportId: id! }, { signal }),
  });
}

/** A refusal that means the report moved on (409) or left the user's reach (404). */
export const isStale = (e: unknown) => e instanceof ApiError && (e.status === 409 || e.status === 404);

/**
 * Runs one write of a report and refreshes the report pages. The client shows a refusal's reason; a
 * 409 (someone else changed the report, or it is in another state now) or 404 also reloads, so the
 * page shows the report as it is and the actions it allows now, and calls `onStale` (a dialog
 * closes). Rethrows a refusal (a form stays open on a 400).
 */
export function useReportWrite() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const invalidate = () => client.invalidateQueries({ queryKey: reportKeys.all });
  return async <T>(write: () => Promise<T>, done?: string, onStale?: () => void): Promise<T> => {
    try {
      const out = await write();
      if (done) message.success(done);
      await invalidate();
      return out;
    } catch (e) {
      if (isStale(e)) {
        onStale?.();
        await invalidate();
      }
      throw e;
    }
  };
}
