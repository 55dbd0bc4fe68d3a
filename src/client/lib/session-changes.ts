import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { User } from '../../shared/auth/auth.contract.js';
import { queryKeys } from './query-keys.js';
import { userQuery } from './session-queries.js';

/** The queries that belong to no account: the session itself and the sign-in options. */
const sessionIndependentHashes: ReadonlySet<string> = new Set([
  hashKey(queryKeys.user),
  hashKey(queryKeys.providers),
]);

export function outlivesSession(queryKey: QueryKey): boolean {
  return sessionIndependentHashes.has(hashKey(queryKey));
}

export interface SessionChange {
  /** Another account (or none) now: nothing read for the previous one may be shown. */
  clearsCache: boolean;
  /** The session ended without the user signing out. */
  isExpiry: boolean;
}

const noChange: SessionChange = { clearsCache: false, isExpiry: false };

/**
 * What a new answer of the session query means. `undefined` is "not known yet": the first answer is no
 * change. Only the account's id counts, so a refreshed user (say, now verified) keeps the cache.
 */
export function sessionChange(
  previous: User | null | undefined,
  next: User | null | undefined,
  hasSignedOut: boolean,
): SessionChange {
  if (previous === undefined || next === undefined) return noChange;
  if ((previous?.id ?? null) === (next?.id ?? null)) return noChange;
  return { clearsCache: true, isExpiry: previous !== null && next === null && !hasSignedOut };
}

let isSignOutRequested = false;

/** The user asked to sign out (the logout call): losing the session from now on is no expiry. */
export function noteSignOutRequested(): void {
  isSignOutRequested = true;
}

export function hasSignOutBeenRequested(): boolean {
  return isSignOutRequested;
}

interface SessionWatch {
  hasSignedOut: () => boolean;
  /** The session ended on its own; `lastUser` was signed in until now. */
  onExpired: (lastUser: User) => void;
}

/**
 * Follows the session query. When its account changes (sign-in, sign-out, expiry, another account), every
 * other query is removed, so no screen shows the previous account's data, and no empty answer read without
 * a session (reads answer null on 401) stays fresh for the next one. Returns the unsubscribe function.
 *
 * A cache subscriber, not an effect: it runs when the answer lands, before any screen renders with it.
 */
export function watchSession(client: QueryClient, { hasSignedOut, onExpired }: SessionWatch): () => void {
  const userHash = hashKey(queryKeys.user);
  let known = client.getQueryData(userQuery.queryKey);
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== userHash) return;
    const next = client.getQueryData(userQuery.queryKey);
    if (next === undefined) return;
    const previous = known;
    known = next;
    const change = sessionChange(previous, next, hasSignedOut());
    if (change.clearsCache) client.removeQueries({ predicate: (query) => !outlivesSession(query.queryKey) });
    if (change.isExpiry && previous) onExpired(previous);
  });
}
