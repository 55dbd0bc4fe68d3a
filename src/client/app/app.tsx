import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { queryClient } from '../lib/query-client.js';
import { currentToasts, subscribeToToasts } from '../lib/toast.js';
import { AppErrorBoundary } from './error-boundary.js';
import { Shell } from './shell.js';
import { useSessionWatch } from './use-session-watch.js';

const loadToaster = () => import('./toaster.js');
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/**
 * The toaster (Radix Toast) joins the page with the first toast: most first visits raise none, and its
 * code stays out of their first load. Toasts raised meanwhile wait in the store (lib/toast.ts).
 */
function ToasterOnFirstToast() {
  const hasToasts = useSyncExternalStore(subscribeToToasts, () => currentToasts().length > 0);
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function App() {
  useSessionWatch(queryClient);
  // Fetched once the first screen is up, so a toast raised right after (a sign-in redirect 500 ms later)
  // finds the toaster ready instead of racing its download.
  useEffect(() => {
    void loadToaster();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <AppErrorBoundary>
        <Shell />
      </AppErrorBoundary>
      <ToasterOnFirstToast />
    </QueryClientProvider>
  );
}
