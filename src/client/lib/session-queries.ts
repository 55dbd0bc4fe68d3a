import { queryOptions } from '@tanstack/react-query';
import { authProvidersSchema, currentUserSchema } from '../../shared/auth/auth.contract.js';
import { readQuery } from './api.js';
import { queryKeys } from './query-keys.js';

/**
 * The reads that belong to no account (lib/session-changes.ts), each with its contract. Their keys carry the
 * answer's type, so the cache reads them typed (getQueryData(userQuery.queryKey)).
 */

/** The signed-in user, null when nobody is. */
export const userQuery = queryOptions({ queryKey: queryKeys.user, queryFn: readQuery(currentUserSchema) });

/** Which sign-in buttons to show: they do not change while the app runs. */
export const providersQuery = queryOptions({
  queryKey: queryKeys.providers,
  queryFn: readQuery(authProvidersSchema),
  staleTime: Number.POSITIVE_INFINITY,
});
