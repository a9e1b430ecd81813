import { RESCUE_CASE_TOPIC, type RescueCaseRow, rescueCaseCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { useLiveEvents } from '../../lib/live.ts';

/** Query keys of the case pages: everything under ['rescue', 'cases'] so a move refreshes them all. */
export const rescueKeys = {
  all: ['rescue', 'cases'] as const,
  board: ['rescue', 'cases', 'board'] as const,
  /** The board of one district ('' for all). */
  boardOf: (areaCode: string | null) => ['rescue', 'cases', 'board', areaCode ?? ''] as const,
  list: ['rescue', 'cases', 'list'] as const,
  detail: (id: number | null) => ['rescue', 'cases', 'detail', id] as const,
  hitchTypes: ['rescue', 'hitch-types'] as const,
  recentCalls: ['rescue', 'recent-calls'] as const,
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
 * `onRow`; `onReconnect` runs when events may have been missed (the caller reloads).
 */
export function useCaseEvents(onRow: (row: RescueCaseRow) => void, onReconnect?: () => void) {
  useLiveEvents(RESCUE_CASE_TOPIC, (data) => onRow(data as RescueCaseRow), onReconnect);
}
