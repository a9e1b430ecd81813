import { repairCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** Query keys of the repairs page: everything under ['repairs'] so a save or a move refreshes it all. */
export const repairKeys = {
  all: ['repairs'] as const,
  list: ['repairs', 'list'] as const,
  detail: (id: number | null) => ['repairs', 'detail', id] as const,
  hitchTypes: ['repairs', 'hitch-types'] as const,
  lifts: (keyword: string) => ['repairs', 'lifts', keyword] as const,
};

export function useRepairHitchTypes() {
  return useQuery({
    queryKey: repairKeys.hitchTypes,
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) => call(repairCalls.hitchTypeList, {}, { signal, silent: true }),
  });
}

export function useRepair(id: number | null) {
  return useQuery({
    queryKey: repairKeys.detail(id),
    enabled: id !== null,
    queryFn: ({ signal }) => call(repairCalls.info, { id: id! }, { signal }),
  });
}

export function useInvalidateRepairs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: repairKeys.all });
}
