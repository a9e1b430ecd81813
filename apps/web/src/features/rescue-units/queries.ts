import { rescueUnitCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** Query keys of the rescue units' pages: a write invalidates ['rescue-units']. */
export const unitKeys = {
  all: ['rescue-units'] as const,
  units: ['rescue-units', 'units'] as const,
  unit: (id: number | null) => ['rescue-units', 'unit', id] as const,
  teams: ['rescue-units', 'teams'] as const,
  grids: ['rescue-units', 'grids'] as const,
  week: (unitId: number, weekStart: string) => ['rescue-units', 'week', unitId, weekStart] as const,
  board: ['rescue-units', 'board'] as const,
  accounts: (unitId: number) => ['rescue-units', 'accounts', unitId] as const,
};

export function useInvalidateUnits() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: unitKeys.all });
}

/** Every rescue unit the user sees (for pickers). */
export function useUnitOptions() {
  return useQuery({
    queryKey: [...unitKeys.units, 'options'],
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await call(rescueUnitCalls.unitList, { page: 1, limit: 500 }, { signal, silent: true })).records.map(
        (u) => ({
          value: u.id,
          label: u.name,
        }),
      ),
  });
}

/** Every grid the user sees (for the map). */
export function useAllGrids(unitId?: number) {
  return useQuery({
    queryKey: [...unitKeys.grids, 'all', unitId ?? null],
    queryFn: async ({ signal }) =>
      (
        await call(
          rescueUnitCalls.gridList,
          { page: 1, limit: 500, ...(unitId ? { unitId } : {}) },
          { signal, silent: true },
        )
      ).records,
  });
}

export function useUnitDetail(id: number | null) {
  return useQuery({
    queryKey: unitKeys.unit(id),
    enabled: id !== null,
    queryFn: ({ signal }) => call(rescueUnitCalls.unitDetail, { id: id! }, { signal }),
  });
}
