import { inspectionWorkCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const inspectWorkKeys = {
  all: ['inspection-work'] as const,
  tasks: ['inspection-work', 'tasks'] as const,
  detail: (orderId: number) => ['inspection-work', 'detail', orderId] as const,
};

/** The inspector's lifts, fresh on every visit. */
export const useTasks = () =>
  useQuery({
    queryKey: inspectWorkKeys.tasks,
    queryFn: ({ signal }) => call(inspectionWorkCalls.tasks, {}, { signal, silent: true }),
    staleTime: 0,
  });

/**
 * One lift's work (lift, report, items, the server's conclusion, usable instruments). Loaded when the
 * lift opens and after each write, never behind the inspector's back: the page compares its edits
 * with the results it loaded, and a newer version arriving unseen would let a save overwrite them.
 */
export const useWork = (orderId: number) =>
  useQuery({
    queryKey: inspectWorkKeys.detail(orderId),
    queryFn: ({ signal }) => call(inspectionWorkCalls.detail, { orderId }, { signal, silent: true }),
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
