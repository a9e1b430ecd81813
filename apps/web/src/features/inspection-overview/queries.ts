import { inspectionOrderCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** Query keys of 超期未检总览 (read only: nothing here writes). */
export const overviewKeys = {
  all: ['inspection-overview'] as const,
  figures: ['inspection-overview', 'figures'] as const,
  lifts: ['inspection-overview', 'lifts'] as const,
};

/** The figures per district the user sees. */
export function useOverdueOverview() {
  return useQuery({
    queryKey: overviewKeys.figures,
    retry: false,
    queryFn: ({ signal }) => call(inspectionOrderCalls.overdueByDistrict, {}, { signal }),
  });
}
