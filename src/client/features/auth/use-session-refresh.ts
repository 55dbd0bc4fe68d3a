import { useEffect } from 'react';
import { authTexts, messageResultSchema } from '../../../shared/auth/auth.contract.js';
import { apiRequest } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import { queryClient } from '../../lib/query-client.js';
import { queryKeys } from '../../lib/query-keys.js';
import { MINUTE_MS, SECOND_MS } from '../../lib/time.js';
import { SHORT_TOAST_DURATION_MS, toast } from '../../lib/toast.js';

export const INACTIVITY_REFRESH_MS = 20 * MINUTE_MS;
export const PERIODIC_REFRESH_MS = 12 * 60 * MINUTE_MS;
const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

async function refreshSession(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/refresh-session', undefined, { response: messageResultSchema });
    toast({ title: authTexts.sessionExtended, durationMs: SHORT_TOAST_DURATION_MS });
  } catch (error) {
    // A 401 means the session is gone: re-reading the user moves the app to its signed-out routes.
    if (error instanceof ApiError && error.status === 401) {
      await queryClient.invalidateQueries({ queryKey: queryKeys.user });
      return;
    }
    console.warn('Session refresh failed:', error);
  }
}

/** Refreshes the session after 20 min without pointer or key events, and every 12 h (spec §4 Session). */
export function useSessionRefresh(isSignedIn: boolean): void {
  useEffect(() => {
    if (!isSignedIn) return;
    let idleTimer = window.setTimeout(refreshSession, INACTIVITY_REFRESH_MS);
    let lastReset = Date.now();
    const onActivity = () => {
      const now = Date.now();
      if (now - lastReset < SECOND_MS) return; // pointermove fires often; a second's precision is plenty
      lastReset = now;
      window.clearTimeout(idleTimer);
      idleTimer = window.setTimeout(refreshSession, INACTIVITY_REFRESH_MS);
    };
    const periodic = window.setInterval(refreshSession, PERIODIC_REFRESH_MS);
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      window.clearTimeout(idleTimer);
      window.clearInterval(periodic);
      for (const name of activityEvents) window.removeEventListener(name, onActivity);
    };
  }, [isSignedIn]);
}
