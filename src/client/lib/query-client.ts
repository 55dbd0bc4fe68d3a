import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api.js';
import { MUTATION_RETRY_DELAY_MS, queryRetryDelay, shouldRetryMutation, shouldRetryQuery } from './retry.js';

/** Query defaults of spec §9: fresh 1 min, cached 5 min, refetch on focus, no polling. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: 60_000,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: true,
      refetchInterval: false,
      retry: shouldRetryQuery,
      retryDelay: queryRetryDelay,
    },
    mutations: {
      retry: shouldRetryMutation,
      retryDelay: MUTATION_RETRY_DELAY_MS,
    },
  },
});
