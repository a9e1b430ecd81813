import type { Call, CallInput, CallOutput } from '@ec/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../lib/api.ts';

/**
 * Every query of this feature lives under ['parties'], so one write refreshes lists, details and
 * audit lists together, also on pages kept alive in other tags.
 */
export const partyKeys = {
  all: ['parties'] as const,
  of: (path: string, input: unknown) => ['parties', path, input] as const,
};

export function useInvalidateParties(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: partyKeys.all }), [client]);
}

/** A contract call as a query of this feature (skipped while `input` is null or `enabled` false). */
export function usePartyQuery<C extends Call>(c: C, input: CallInput<C> | null, enabled = true) {
  return useQuery<CallOutput<C>>({
    queryKey: partyKeys.of(c.path, input),
    queryFn: ({ signal }) => call(c as Call, (input ?? {}) as never, { signal }) as Promise<CallOutput<C>>,
    enabled: enabled && input !== null,
    placeholderData: keepPreviousData,
  });
}
