import { onlineManager, QueryClient } from '@tanstack/react-query';
import { connectivity } from './connectivity.js';
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
export const createQueryClient = () =>
  new QueryClient({
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

/** The browser's one query cache. */
export const queryClient = createQueryClient();

/**
 * TanStack Query learns of connectivity only from the browser's online and offline events, so an app opened
 * offline (from the service worker's precache) would fail its first reads, the session's among them, and show
 * Service Temporarily Unavailable; so would one whose network reaches nothing while the browser says online.
 * It follows the app's connectivity instead (lib/connectivity.ts): the reads wait until the server answers
 * again, while the offline banner says why.
 */
onlineManager.setEventListener((setOnline) => {
  setOnline(connectivity.isOnline());
  return connectivity.subscribe(() => setOnline(connectivity.isOnline()));
});
