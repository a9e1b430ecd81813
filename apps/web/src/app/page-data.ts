import { elevatorCalls } from '@ec/contract';
import { elevatorKeys } from '../features/elevator/queries.ts';
import { call } from '../lib/api.ts';
import { ELEVATOR_PATHS } from '../lib/routes.ts';
import { queryClient } from './query-client.ts';

/**
 * The first data of a page, asked for as soon as its route is entered: after sign-in that is while
 * the session (user, menu, dictionaries) is still loading, so that the page's first render already
 * holds its rows instead of rendering empty, asking, and rendering again. Each entry must use the
 * query key and input of the page's own first query (otherwise the page simply asks again).
 */
const firstData: Record<string, () => Promise<void>> = {
  // 电梯管理: its ContractTable's first page (page 1 of 10, no filter, no sort), the inspection counts and
  // the area tree of the search form's area picker.
  [ELEVATOR_PATHS.management]: async () => {
    const input = { page: 1, limit: 10 };
    await Promise.all([
      queryClient.prefetchQuery({
        queryKey: elevatorKeys.list(elevatorCalls.queryList.path, input),
        queryFn: ({ signal }) => call(elevatorCalls.queryList, input, { signal, silent: true }),
      }),
      queryClient.prefetchQuery({
        queryKey: ['elevator', 'inspection-counts'],
        queryFn: ({ signal }) => call(elevatorCalls.inspectionCounts, {}, { signal, silent: true }),
      }),
      // (The picker's module is the page's anyway; other pages need not load it.)
      import('../components/AreaCascader.tsx').then((m) => queryClient.prefetchQuery(m.areaTreeQuery)),
    ]);
  },
};

/** Starts fetching the first data of the page at `path` (a page opened with a query string is left alone). */
export function prefetchPageData(path: string, search: string): void {
  if (search) return;
  firstData[path]?.().catch(() => undefined);
}
