import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../../lib/query-client.js';
import { usePreferences } from '../../lib/use-preferences.js';
import { forgetSavedData } from './forget-saved-data.js';
import { isKeptForOffline, savedDataOf } from './saved-data.js';
import { readSavedData, writeSavedData } from './saved-data-store.js';

/** Answers arrive in bursts (a page's reads, a chat's live messages): one saving a second at most. */
export const SAVE_DELAY_MS = 1_000;

/**
 * Keeps `userId`'s own screens for offline use: a second after any kept read gets a new answer, saves what
 * the cache holds (saved-data.ts). Answers the stop; a saving under way when stopped does not write.
 */
export function keepForOffline(client: QueryClient, userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;
  const save = async () => {
    timer = undefined;
    try {
      const previous = await readSavedData();
      if (isStopped) return;
      await writeSavedData(savedDataOf(client, userId, previous, Date.now()));
    } catch (error) {
      // A browser without IndexedDB (or with it full or refused) keeps nothing: the app works as before.
      console.warn('Failed to keep data for offline use:', error);
    }
  };
  const schedule = () => {
    timer ??= setTimeout(() => void save(), SAVE_DELAY_MS);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && isKeptForOffline(event.query.queryKey))
      schedule();
  });
  schedule();
  return () => {
    isStopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}

/**
 * The signed-in user's screens are kept for offline use; nothing is kept, and what was is deleted, when
 * nobody is signed in (sign-out, expiry: the session agent follows the session's answer) or in privacy mode.
 */
export function useKeepForOffline(userId: string | null): void {
  const { privacyMode } = usePreferences();
  useEffect(() => {
    if (userId === null || privacyMode) {
      void forgetSavedData();
      return;
    }
    return keepForOffline(queryClient, userId);
  }, [userId, privacyMode]);
}
