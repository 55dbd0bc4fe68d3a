import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { retryDelayUnlessOffline, retryUnlessOffline } from '../../lib/retry.js';
import { providersQuery, userQuery } from '../../lib/session-queries.js';
import { MINUTE_MS, SECOND_MS } from '../../lib/time.js';

/**
 * The session (user) query of spec §9: stale 5 min, one retry after 1 s. Offline, it waits for the connection
 * instead (docs/decisions/0130-offline-is-no-answer.md): its failure is Service Temporarily Unavailable.
 */
const sessionQuery = queryOptions({
  ...userQuery,
  staleTime: 5 * MINUTE_MS,
  retry: retryUnlessOffline(1),
  retryDelay: retryDelayUnlessOffline(SECOND_MS),
});

/** The session query, with its status refetch every 15 min (spec §9). */
export function useUser() {
  return useQuery({ ...sessionQuery, refetchInterval: 15 * MINUTE_MS });
}

/**
 * Asks for the session as the app starts (main.tsx), before React has drawn anything: every first screen
 * waits for its answer, and the request then travels while the shell renders instead of after.
 */
export function prefetchUser(client: QueryClient): void {
  void client.prefetchQuery(sessionQuery);
}

/** Which sign-in buttons to show; the provider button hides while this is unknown. */
export function useAuthProviders() {
  return useQuery(providersQuery);
}
