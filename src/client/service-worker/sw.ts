/**
 * The service worker (built by vite-plugin-pwa, injectManifest; docs/decisions/0090-installable-app.md).
 * Each concern is its own module that adds its handlers to the worker's scope: the lifecycle (updates),
 * the precache and offline navigation. Push and notification clicks join the same way, as a module of
 * their own imported here.
 */
import { handleLifecycle } from './lifecycle.js';
import { type PrecacheEntries, precacheApp } from './precache.js';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntries };

handleLifecycle(self);
// The build replaces self.__WB_MANIFEST with the list of files to precache, each with its revision.
precacheApp(self.__WB_MANIFEST);
