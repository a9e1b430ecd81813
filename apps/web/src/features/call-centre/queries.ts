import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the call-centre pages: everything under ['call-centre']. */
export const callCentreKeys = {
  all: ['call-centre'] as const,
  agents: ['call-centre', 'agents'] as const,
  agent: (userId: number | null) => ['call-centre', 'agent', userId] as const,
  calls: ['call-centre', 'calls'] as const,
  candidates: ['call-centre', 'candidates'] as const,
  cases: (keyword: string) => ['call-centre', 'cases', keyword] as const,
  records: ['call-centre', 'records'] as const,
  detail: (userId: number | null) => ['call-centre', 'detail', userId] as const,
};

export function useInvalidateCallCentre() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: callCentreKeys.all });
}

/** The pages' routes (lib/routes.ts). */
export { CALL_CENTRE_PATHS as CALL_CENTRE_PAGES } from '../../lib/routes.ts';
