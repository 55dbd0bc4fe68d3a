/**
 * Registers the service worker (src/client/service-worker/sw.ts) once the page has loaded, so its
 * precache downloads do not compete with the first screen. A new version waits until the app asks for it
 * (docs/decisions/0090-installable-app.md): the App Update Available page's Update App applies it.
 */
let applyWaitingVersion: (() => Promise<void>) | null = null;

export function registerServiceWorker(): void {
  // Vite's dev server builds no service worker; it serves every module fresh.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    const updateServiceWorker = registerSW({
      // A new version is installed and waiting: Update App hands over to it, and the page reloads when
      // it takes control.
      onNeedRefresh: () => {
        applyWaitingVersion = () => updateServiceWorker(true);
      },
      onRegisterError: (error: unknown) => console.warn('Service worker registration failed:', error),
    });
  });
}

/**
 * Update App (spec §8 error fallback page "App Update Available"): the waiting version takes over and the
 * page reloads under it; without one, a reload fetches what the server has now.
 */
export function updateApp(): void {
  if (applyWaitingVersion) void applyWaitingVersion();
  else window.location.reload();
}
