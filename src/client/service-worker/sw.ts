/**
 * The service worker (built by vite-plugin-pwa, injectManifest; docs/decisions/0090-installable-app.md).
 * Each concern is its own module that adds its handlers to the worker's scope: the lifecycle (updates),
 * the precache and offline navigation, push and notification clicks, and the app badge
 * (docs/decisions/0092-service-worker-push-and-badge.md).
 */
import { handleBadge } from './badge.js';
import { handleLifecycle } from './lifecycle.js';
import { type PrecacheEntries, precacheApp } from './precache.js';
import { handlePush } from './push.js';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntries };

handleLifecycle(self);
handlePush(self);
handleBadge(self);
// The build replaces self.__WB_MANIFEST with the list of files to precache, each with its revision.
precacheApp(self.__WB_MANIFEST);
