import { buildingCompanyCalls, maintenanceUnitCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/api.ts';

/**
 * A company's name by its id, for a filter a link set (the list's notice): a maintenance company
 * from the list every signed-in user may read, a use unit from its detail; 编号 N until (or unless) known.
 */
export function CompanyName({ kind, id }: { kind: 'maintenance' | 'use'; id: number }) {
  const name = useQuery({
    queryKey: ['company-name', kind, kind === 'use' ? id : 'all'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<Map<number, string>> => {
      if (kind === 'use') {
        const unit = await call(buildingCompanyCalls.companyDetail, { id }, { signal, silent: true });
        return new Map([[id, unit.name]]);
      }
      const list = await call(
        maintenanceUnitCalls.selectAllSimpleMaintenanceList,
        {},
        { signal, silent: true },
      );
      return new Map(list.map((c) => [c.id, c.name]));
    },
  });
  return <>{name.data?.get(id) ?? `编号 ${id}`}</>;
}
