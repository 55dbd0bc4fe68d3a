import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isBrowserOnline } from './errors.js';
import { MUTATION_RETRY_DELAY_MS, queryRetryDelay, shouldRetryMutation, shouldRetryQuery } from './retry.js';
import { MINUTE_MS } from './time.js';

/** Spec §9: read queries stay fresh 1 min and are cached 5 min. */
const READ_STALE_TIME_MS = MINUTE_MS;
const READ_CACHE_TIME_MS = 5 * MINUTE_MS;
/** Spec §9 "Vehicle query staleness": the owner's vehicles and the public lookups alike. */
export const VEHICLE_STALE_TIME_MS = 5 * MINUTE_MS;

/**
 * Query defaults of spec §9: fresh 1 min, cached 5 min, refetch on focus, no polling. No default query
 * function: each read names its contract (readQuery in lib/api.ts).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: READ_STALE_TIME_MS,
      gcTime: READ_CACHE_TIME_MS,
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

/**
 * TanStack Query learns of connectivity only from online and offline events, so an app opened offline (from
 * the service worker's precache) would fail its first reads, the session's among them, and show Service
 * Temporarily Unavailable. Told at start, it holds the reads until the browser is back online, while the
 * offline banner says why.
 */
onlineManager.setOnline(isBrowserOnline());
