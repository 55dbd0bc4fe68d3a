import { useEffect, useSyncExternalStore } from 'react';
import { connectivity, watchReachability } from '../lib/connectivity.js';
import { SHORT_TOAST_DURATION_MS, toast } from '../lib/toast.js';
import { shellTexts } from './texts.js';

const ONLINE_TOAST_THROTTLE_MS = 10_000;

/** A page drawn by the server, and the browser's first render over it, say online (ssr/render.tsx). */
const isOnlineOnServer = () => true;

/** Whether the app can reach its server: the browser has a network and the API answers (lib/connectivity.ts). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, isOnlineOnServer);
}

/** Any answer of the server, a 503 included, says it can be reached; no answer, that it cannot. */
const probeServer = (): Promise<boolean> =>
  fetch('/api/health', { cache: 'no-store', credentials: 'omit' }).then(
    () => true,
    () => false,
  );

/** While the API does not answer and the browser says online, asks the server now and then until it does. */
export function useReachabilityProbe(): void {
  useEffect(() => watchReachability(connectivity, probeServer), []);
}

/** The offline and online toasts of spec §8 (the online one at most once per 10 s). */
export function useConnectivityToasts(): void {
  useEffect(() => {
    let lastOnlineToast = 0;
    const onOffline = () =>
      toast({ title: shellTexts.offlineTitle, description: shellTexts.offlineDescription });
    const onOnline = () => {
      const now = Date.now();
      if (now - lastOnlineToast < ONLINE_TOAST_THROTTLE_MS) return;
      lastOnlineToast = now;
      toast({
        title: shellTexts.onlineTitle,
        description: shellTexts.onlineDescription,
        durationMs: SHORT_TOAST_DURATION_MS,
      });
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, []);
}
