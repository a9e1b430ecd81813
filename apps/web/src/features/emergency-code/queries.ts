import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Query keys of the emergency-code pages: everything lives under ['emergency-code'], so that a
 * generation, claim, binding or void refreshes every list (pool, batches, records, lifts).
 */
export const codeKeys = {
  all: ['emergency-code'] as const,
  codes: ['emergency-code', 'codes'] as const,
  batches: ['emergency-code', 'batches'] as const,
  records: ['emergency-code', 'records'] as const,
  lifts: ['emergency-code', 'lifts'] as const,
};

export function useInvalidateCodes(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: codeKeys.all }), [client]);
}
