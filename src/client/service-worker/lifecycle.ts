/**
 * A new version installs beside the running one and waits: pages keep the files they started with (the
 * old precache stays until the new worker takes over). It takes over when every window of the app has
 * closed, or when a page asks for it (the App Update Available page's Update App, through workbox-window's
 * SKIP_WAITING message), which then reloads. Once active, the worker controls the open pages at once, so
 * the first visit already works offline.
 */
export const SKIP_WAITING = 'SKIP_WAITING';

export function handleLifecycle(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event) => {
    if (isSkipWaiting(event.data)) void scope.skipWaiting();
  });
  scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));
}

function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;
}
