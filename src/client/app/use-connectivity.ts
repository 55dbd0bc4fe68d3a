import { useEffect, useSyncExternalStore } from 'react';
import { isBrowserOnline } from '../lib/errors.js';
import { SHORT_TOAST_DURATION_MS, toast } from '../lib/toast.js';

const ONLINE_TOAST_THROTTLE_MS = 10_000;

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isBrowserOnline);
}

/** The offline and online toasts of spec §8 (the online one at most once per 10 s). */
export function useConnectivityToasts(): void {
  useEffect(() => {
    let lastOnlineToast = 0;
    const onOffline = () =>
      toast({ title: "You're Offline", description: 'Some features may not work until you reconnect' });
    const onOnline = () => {
      const now = Date.now();
      if (now - lastOnlineToast < ONLINE_TOAST_THROTTLE_MS) return;
      lastOnlineToast = now;
      toast({
        title: 'Back Online',
        description: 'Your internet connection has been restored',
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
