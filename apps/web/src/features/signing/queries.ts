import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the signing pages: everything under ['signing']. */
export const signingKeys = {
  all: ['signing'] as const,
  list: (kind: number) => ['signing', 'list', kind] as const,
  detail: (id: number | null) => ['signing', 'detail', id] as const,
  useUnits: ['signing', 'use-units'] as const,
  partners: ['signing', 'partners'] as const,
  lifts: (useCompanyId: number | null) => ['signing', 'lifts', useCompanyId] as const,
};

export function useInvalidateSigning() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: signingKeys.all });
}

/** The pages' routes (lib/routes.ts). */
export { SIGNING_PATHS as SIGNING_PAGES } from '../../lib/routes.ts';
