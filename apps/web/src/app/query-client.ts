import { QueryClient } from '@tanstack/react-query';

/**
 * The console's query cache, provided by the console's routes (app-shell.tsx): the sign-in page
 * makes its one call without it and does not load it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already shows errors; a refused call is not retried blindly.
    queries: { retry: 0, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: 0 },
  },
});
