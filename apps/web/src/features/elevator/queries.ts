import { elevatorCalls, enterpriseCalls } from '@ec/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';

/**
 * Query keys of the elevator pages. Every list, detail and claim query lives under ['elevator'], so a
 * write invalidates them all at once: the registry, the claim lists and the details stay in step,
 * also on pages kept alive in other tags.
 */
export const elevatorKeys = {
  all: ['elevator'] as const,
  /** ContractTable's key of elevator lists (it adds the call's path and input). */
  lists: ['elevator', 'list'] as const,
  list: (path: string, input: unknown) => ['elevator', 'list', path, input] as const,
  /** ContractTable's key of claim record lists. */
  claimLists: ['elevator', 'claims'] as const,
  detail: (part: string, id: number | null) => ['elevator', 'detail', part, id] as const,
  claims: (part: string, input: unknown) => ['elevator', 'claims', part, input] as const,
};

/** 超期未检 / 即将到期 counts of the caller's scope; refreshed with every elevator query after a write. */
export function useInspectionCounts(enabled = true) {
  return useQuery({
    queryKey: ['elevator', 'inspection-counts'],
    enabled,
    queryFn: ({ signal }) => call(elevatorCalls.inspectionCounts, {}, { signal, silent: true }),
  });
}

export const invalidateElevators = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: elevatorKeys.all });

/** A callback that refreshes every elevator query after a write. */
export function useInvalidateElevators(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => invalidateElevators(client), [client]);
}

export interface CompanyOption {
  label: string;
  value: number;
}

/**
 * Maintenance companies or use units to pick from. With the enterprise list permission they come
 * from the enterprise register; otherwise from the elevators the user can see (the companies
 * bound to them), which is what a regulator can choose among.
 */
export function useCompanyOptions(kind: 'maintenance' | 'use', enabled = true) {
  const fromRegister = usePermission('system:enterprise:list');
  return useQuery({
    queryKey: ['elevator-companies', kind, fromRegister],
    staleTime: 5 * 60_000,
    enabled,
    queryFn: async ({ signal }): Promise<CompanyOption[]> => {
      if (fromRegister) {
        const page = await call(
          enterpriseCalls.query,
          { page: 1, limit: 500, kind },
          { signal, silent: true },
        );
        return page.records.map((c) => ({ label: c.name, value: c.id }));
      }
      const page = await call(
        elevatorCalls.queryList,
        kind === 'maintenance'
          ? { page: 1, limit: 500, maintenanceClaimState: 3 }
          : { page: 1, limit: 500, useClaimState: 3 },
        { signal, silent: true },
      );
      const seen = new Map<number, string>();
      for (const r of page.records) {
        const id = kind === 'maintenance' ? r.maintenanceCompanyId : r.useCompanyId;
        const name = kind === 'maintenance' ? r.maintenanceCompanyName : r.useCompanyName;
        if (id !== null && name) seen.set(id, name);
      }
      return [...seen].map(([value, label]) => ({ label, value })).sort((a, b) => a.value - b.value);
    },
  });
}
