import { hashKey, type QueryClient } from '@tanstack/react-query';
import { readPreferences } from '../../lib/preferences.js';
import { queryKeys } from '../../lib/query-keys.js';
import { outlivesSession } from '../../lib/session-changes.js';
import { hasSessionHint } from '../../lib/session-hint.js';
import { userQuery } from '../../lib/session-queries.js';
import { forgetSavedData } from './forget-saved-data.js';
import { fillFromSaved, restorableEntries, type SavedEntry } from './saved-data.js';
import { readSavedData } from './saved-data-store.js';

/** The saved answers being shown; null once the session's answer named someone else (or nobody). */
let restorable: Map<string, SavedEntry> | null = null;
let stopGuard: (() => void) | null = null;

/**
 * Opened offline, who is signed in is not known yet (decision 0116): the saved answers are shown on the word
 * of the session cookie's readable twin. The session's first answer decides: if it is not the account they
 * were saved for, they are taken off every screen (as watchSession does on an account change) and deleted.
 */
function guardUntilTheSessionAnswers(client: QueryClient, userId: string): void {
  if (stopGuard !== null) return;
  const userHash = hashKey(queryKeys.user);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== userHash || event.action.type !== 'success')
      return;
    const user = client.getQueryData(userQuery.queryKey);
    stopGuard?.();
    if (user?.id === userId) return;
    restorable = null;
    client.removeQueries({ predicate: (query) => !outlivesSession(query.queryKey) });
    void forgetSavedData();
  });
  stopGuard = () => {
    unsubscribe();
    stopGuard = null;
  };
}

/**
 * The saved answers this browser may show now: only with a session cookie, outside privacy mode, for the
 * account signed in (or, while that is not known yet, under guardUntilTheSessionAnswers), not older than
 * 24 hours.
 */
async function loadRestorable(client: QueryClient): Promise<Map<string, SavedEntry> | null> {
  if (readPreferences().privacyMode || !hasSessionHint()) return null;
  const saved = await readSavedData();
  if (saved === null) return null;
  const user = client.getQueryData(userQuery.queryKey);
  if (user === null || (user !== undefined && user.id !== saved.userId)) return null;
  if (user === undefined) guardUntilTheSessionAnswers(client, saved.userId);
  return restorableEntries(saved, Date.now());
}

/**
 * While the app is offline: every read of the user's own screens that has nothing to show (opened offline,
 * or let go of by the cache) shows its saved answer (saved-data.ts), now and as screens open. Answers the stop.
 */
export function fillFromSavedWhileOffline(client: QueryClient): () => void {
  let isStopped = false;
  const cache = client.getQueryCache();
  const unsubscribe = cache.subscribe((event) => {
    // Added while a screen renders: filled right after, not during its render.
    if (event.type === 'added')
      queueMicrotask(() => {
        if (!isStopped && restorable !== null) fillFromSaved(client, event.query, restorable);
      });
  });
  loadRestorable(client).then(
    (entries) => {
      if (isStopped || entries === null) return;
      restorable = entries;
      for (const query of cache.getAll()) fillFromSaved(client, query, entries);
    },
    (error: unknown) => console.warn('Failed to read the data kept for offline use:', error),
  );
  return () => {
    isStopped = true;
    unsubscribe();
  };
}
