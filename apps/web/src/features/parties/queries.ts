import type { Call, CallInput, CallOutput } from '@ec/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
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

/**
 * The edit dialog of a list page's records: `create()` opens it empty, `edit(id)` loads the record's
 * detail first (a refusal is shown by the request layer), `remove(id)` deletes and refreshes lists.
 */
export function useRecordEditor<D>(
  load: (id: number) => Promise<D>,
  del: (ids: number[]) => Promise<unknown>,
) {
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const [editing, setEditing] = useState<{ record: D | null } | null>(null);
  return {
    open: editing !== null,
    record: editing?.record ?? null,
    create: () => setEditing({ record: null }),
    edit: async (id: number) => {
      try {
        setEditing({ record: await load(id) });
      } catch {
        // shown by the request layer
      }
    },
    close: () => setEditing(null),
    remove: async (id: number) => {
      await del([id]);
      message.success('已删除');
      await invalidate();
    },
  };
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
