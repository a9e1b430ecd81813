import { RESCUE_CASE_TOPIC, type RescueCaseRow, rescueCaseCalls } from '@ec/contract';
import { API_PREFIX } from '@ec/contract/call';
import { commonCalls } from '@ec/contract/system';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../lib/api.ts';

/** Query keys of the case pages: everything under ['rescue', 'cases'] so a move refreshes them all. */
export const rescueKeys = {
  all: ['rescue', 'cases'] as const,
  board: ['rescue', 'cases', 'board'] as const,
  list: ['rescue', 'cases', 'list'] as const,
  detail: (id: number | null) => ['rescue', 'cases', 'detail', id] as const,
  hitchTypes: ['rescue', 'hitch-types'] as const,
  lifts: (keyword: string) => ['rescue', 'lifts', keyword] as const,
};

export function useCaseDetail(id: number | null) {
  return useQuery({
    queryKey: rescueKeys.detail(id),
    enabled: id !== null,
    queryFn: ({ signal }) => call(rescueCaseCalls.detail, { id: id! }, { signal, silent: true }),
  });
}

export function useHitchTypes(enabled = true) {
  return useQuery({
    queryKey: rescueKeys.hitchTypes,
    enabled,
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) => call(rescueCaseCalls.hitchTypeList, {}, { signal, silent: true }),
  });
}

/**
 * The live cases (topic rescue.case): each event is the case's row as it is now, handed to
 * `onRow`; `onReconnect` runs when the stream comes back after a break (events may have been missed
 * meanwhile, so the caller reloads). The EventSource sends the session cookie and reconnects itself.
 */
export function useCaseEvents(onRow: (row: RescueCaseRow) => void, onReconnect?: () => void) {
  const handlers = useRef({ onRow, onReconnect });
  handlers.current = { onRow, onReconnect };
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_PREFIX}${commonCalls.liveEvents.path}?topics=${RESCUE_CASE_TOPIC}`);
    let opened = false;
    source.addEventListener('open', () => {
      if (opened) handlers.current.onReconnect?.();
      opened = true;
    });
    source.addEventListener(RESCUE_CASE_TOPIC, (e) => {
      try {
        handlers.current.onRow(JSON.parse((e as MessageEvent<string>).data) as RescueCaseRow);
      } catch {
        // a frame that is not a case: nothing to show
      }
    });
    return () => source.close();
  }, []);
}
