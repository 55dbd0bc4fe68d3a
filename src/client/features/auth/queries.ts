import { useQuery } from '@tanstack/react-query';
import type { AuthProviders, User } from '../../../shared/auth.js';
import { queryKeys } from '../../lib/query-keys.js';

const MINUTE_MS = 60_000;

/** The session (user) query of spec §9: stale 5 min, one retry after 1 s, status refetch every 15 min. */
export function useUser() {
  return useQuery<User | null>({
    queryKey: queryKeys.user,
    staleTime: 5 * MINUTE_MS,
    retry: 1,
    retryDelay: 1_000,
    refetchInterval: 15 * MINUTE_MS,
  });
}

/** Which sign-in buttons to show; the provider button hides while this is unknown. */
export function useAuthProviders() {
  return useQuery<AuthProviders | null>({
    queryKey: queryKeys.providers,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
