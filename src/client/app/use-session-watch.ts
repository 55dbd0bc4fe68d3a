import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { announceLoggedOutAndRelogin } from '../lib/relogin.js';
import { hasSignOutBeenRequested, watchSession } from '../lib/session-changes.js';

/**
 * Empties the query cache whenever the signed-in account changes, and answers a session that ended without
 * signing out with the 401 behaviour of spec §8 (toast, then sign-in after 500 ms) on every page.
 */
export function useSessionWatch(client: QueryClient): void {
  useEffect(
    () =>
      watchSession(client, {
        hasSignedOut: hasSignOutBeenRequested,
        onExpired: (lastUser) => announceLoggedOutAndRelogin(lastUser),
      }),
    [client],
  );
}
