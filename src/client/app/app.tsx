import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { useFirstScreenDone } from '../lib/after-first-screen.js';
import { queryClient } from '../lib/query-client.js';
import { currentToasts, subscribeToToasts } from '../lib/toast.js';
import { AppErrorBoundary } from './error-boundary.js';
import { Shell } from './shell.js';
import { useReachabilityProbe } from './use-connectivity.js';
import { useSessionWatch } from './use-session-watch.js';

const loadToaster = () => import('./toaster.js');
/** The server's render of a page, and the browser's first render over it, raise no toast. */
const noToasts = () => false;

/**
 * The toaster (Radix Toast) is its own chunk, fetched when the first toast is raised or once the first
 * screen is done, whichever comes first: most first visits raise no toast, and its files (six, with Radix)
 * stay out of the first screen's load (docs/decisions/0105-first-paint.md). Toasts raised meanwhile wait in
 * the store (lib/toast.ts). It is mounted as soon as it has arrived, with no Suspense in between: a toast
 * raised 500 ms before a redirect (spec §8 Unauthorized) shows as soon as the chunk is here instead of
 * waiting for React to reveal a suspended boundary.
 */
function ToasterWhenLoaded() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const hasToasts = useSyncExternalStore(subscribeToToasts, () => currentToasts().length > 0, noToasts);
  const isFirstScreenDone = useFirstScreenDone();
  const isWanted = hasToasts || isFirstScreenDone;
  useEffect(() => {
    if (!isWanted) return;
    let isMounted = true;
    loadToaster().then(
      (module) => {
        // Drawn as a transition: its first render (Radix's provider and viewport) yields to the browser.
        if (isMounted) startTransition(() => setToaster(() => module.Toaster));
      },
      // Offline before the chunk was cached: toasts keep waiting in the store.
      () => undefined,
    );
    return () => {
      isMounted = false;
    };
  }, [isWanted]);
  if (Toaster === null || !isWanted) return null;
  return <Toaster />;
}

/** The app; `client` is the browser's query cache but for the server's render of a page (ssr/render.tsx). */
export function App({ client = queryClient }: { client?: QueryClient }) {
  useSessionWatch(client);
  useReachabilityProbe();
  return (
    <QueryClientProvider client={client}>
      <AppErrorBoundary>
        <Shell />
      </AppErrorBoundary>
      <ToasterWhenLoaded />
    </QueryClientProvider>
  );
}
