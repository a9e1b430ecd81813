import { costCalls, INSPECTION_PERMISSIONS, inspectionItemCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';

/** Query keys of the catalogue's pages: a write invalidates ['inspection-catalog'] (lists, tree, quotes). */
export const catalogKeys = {
  all: ['inspection-catalog'] as const,
  items: ['inspection-catalog', 'items'] as const,
  tree: (orgId: number | null) => ['inspection-catalog', 'tree', orgId] as const,
  costs: ['inspection-catalog', 'costs'] as const,
  cost: (id: number | null) => ['inspection-catalog', 'cost', id] as const,
  quote: (input: object) => ['inspection-catalog', 'quote', input] as const,
  lifts: (keyword: string, orgId: number | null) => ['inspection-catalog', 'lifts', keyword, orgId] as const,
};

export function useInvalidateCatalog() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: catalogKeys.all });
}

/**
 * What the pages offer (the server decides anyway): an organisation's own accounts edit its
 * catalogue and tariff; the platform and regulators read them.
 */
export function useCatalogRights() {
  const { user } = useSession();
  const own =
    user && (user.userType === 'inspection' || user.userType === 'inspector') ? user.companyId : null;
  const held = user?.permissions ?? [];
  return {
    ownOrg: own ?? null,
    editItems: own != null && hasPermission(held, INSPECTION_PERMISSIONS.itemEdit),
    editCosts: own != null && hasPermission(held, INSPECTION_PERMISSIONS.costEdit),
  };
}

export function useVarietyTree(orgId: number | null) {
  return useQuery({
    queryKey: catalogKeys.tree(orgId),
    queryFn: ({ signal }) => call(inspectionItemCalls.elevatorTypeList, orgId ? { orgId } : {}, { signal }),
  });
}

export function useCost(id: number | null) {
  return useQuery({
    queryKey: catalogKeys.cost(id),
    enabled: id !== null,
    queryFn: ({ signal }) => call(costCalls.get, { id: id! }, { signal }),
  });
}

/** The organisations whose tariff rows the user sees (for the platform's and regulators' quote preview). */
export function useTariffOrgs(enabled: boolean) {
  return useQuery({
    queryKey: [...catalogKeys.costs, 'orgs'],
    enabled,
    queryFn: async ({ signal }) => {
      const page = await call(costCalls.query, { page: 1, limit: 500 }, { signal, silent: true });
      const orgs = new Map<number, string>();
      for (const r of page.records) orgs.set(r.orgId, r.orgName);
      return [...orgs].map(([value, label]) => ({ value, label }));
    },
  });
}
