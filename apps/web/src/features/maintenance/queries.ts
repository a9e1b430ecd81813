import { maintenanceUnitCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { call } from '../../lib/api.ts';
import { useLiveRefresh } from '../../lib/live.ts';
import { MAINTENANCE_PATHS as M } from '../../lib/routes.ts';
import { useSession } from '../../lib/session.ts';

/**
 * Query keys of the maintenance pages: everything lives under ['maintenance'] (the elevator detail's
 * 维保记录 tab too), so that a confirmation, an audit or a verdict refreshes every list and detail.
 */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  /** ContractTable's key of order lists (it adds the call's path and input). */
  orders: ['maintenance', 'orders'] as const,
  /** ContractTable's key of the check lists. */
  checks: ['maintenance', 'checks'] as const,
  order: (part: string, id: number | null) => ['maintenance', 'order', part, id] as const,
};

/** Live maintenance pages: another user's sign-in, submit, confirmation or audit refreshes them. */
export const useLiveMaintenance = () => useLiveRefresh(['maintenance.order'], maintenanceKeys.all);

/** A callback that refreshes every maintenance query after a write. */
export function useInvalidateMaintenance(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: maintenanceKeys.all }), [client]);
}

/**
 * The detail and log pages of an order, in the menu group the user is in when it grants them (the
 * maintenance company's 维保任务 links to 维保任务详情, the registry to 维保工单详情), else the
 * first one the user's menu grants; null when it grants none.
 */
export function useOrderLinks(): {
  detail: ((id: number) => string) | null;
  log: ((id: number) => string) | null;
} {
  const { pathname } = useLocation();
  const { allowed } = useSession();
  const detailOrder = pathname.startsWith(M.audit)
    ? [M.auditDetail, M.taskDetail, M.workOrder]
    : pathname.startsWith('/components/')
      ? [M.taskDetail, M.auditDetail, M.workOrder]
      : [M.workOrder, M.auditDetail, M.taskDetail];
  const logOrder = pathname.startsWith('/components/') ? [M.taskLog, M.log] : [M.log, M.taskLog];
  const detail = detailOrder.find((p) => allowed.has(p));
  const log = logOrder.find((p) => allowed.has(p));
  return {
    detail: detail ? (id) => `${detail}?id=${id}` : null,
    log: log ? (id) => `${log}?orderId=${id}` : null,
  };
}

export interface CompanyOption {
  label: string;
  value: number;
}

/** The filed maintenance companies, for a reviewer's 维保单位 filter (others see only their own). */
export function useMaintenanceCompanies(enabled: boolean) {
  return useQuery({
    queryKey: ['maintenance', 'company-options'],
    staleTime: 5 * 60_000,
    enabled,
    queryFn: async ({ signal }): Promise<CompanyOption[]> => {
      const list = await call(
        maintenanceUnitCalls.selectAllSimpleMaintenanceList,
        {},
        { signal, silent: true },
      );
      return list.map((c) => ({ label: c.name, value: c.id }));
    },
  });
}
