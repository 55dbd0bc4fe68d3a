import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

export type PrecacheEntries = Array<PrecacheEntry | string>;

/**
 * The app shell, every route's chunk, the styles, icons and the QR decoder worker are fetched at install
 * and answered from the cache: every screen opens offline. Nothing comes from another origin.
 */
export function precacheApp(entries: PrecacheEntries): void {
  // Not the web app manifest: the server answers it in the language of who asks (docs/decisions/0164).
  precacheAndRoute(
    entries.filter((entry) => !WEB_MANIFEST.test(typeof entry === 'string' ? entry : entry.url)),
  );
  // The files of older versions, once this one is active.
  cleanupOutdatedCaches();
  // A page of the app opened offline (or on a slow network) gets the precached index.html; the router
  // picks the screen. The API, the WebSocket and files keep going to the network.
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      allowlist: [/./],
      denylist: [/^\/api(?:[/?#]|$)/, /^\/ws(?:[/?#]|$)/, FILE_PATH],
    }),
  );
}

const WEB_MANIFEST = /\.webmanifest(?:[?#]|$)/;

/**
 * A path whose last segment has an extension (/robots.txt, /sw.js): a file, as the server sees it
 * (src/server/plugins/static.ts), not a page. Matched on the path only, before any query string: a
 * scanned link in /vehicle-found?qr=… may well contain dots.
 */
const FILE_PATH = /^[^?#]*\/[^/?#]*\.[A-Za-z0-9]{1,12}(?:[?#]|$)/;
