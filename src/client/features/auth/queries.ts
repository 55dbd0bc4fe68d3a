import { useQuery } from '@tanstack/react-query';
import { providersQuery, userQuery } from '../../lib/session-queries.js';
import { MINUTE_MS, SECOND_MS } from '../../lib/time.js';

/** The session (user) query of spec §9: stale 5 min, one retry after 1 s, status refetch every 15 min. */
export function useUser() {
  return useQuery({
    ...userQuery,
    staleTime: 5 * MINUTE_MS,
    retry: 1,
    retryDelay: SECOND_MS,
    refetchInterval: 15 * MINUTE_MS,
  });
}

/** Which sign-in buttons to show; the provider button hides while this is unknown. */
export function useAuthProviders() {
  return useQuery(providersQuery);
}
