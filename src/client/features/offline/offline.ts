/**
 * What is kept for offline use (docs/decisions/0142-offline-that-is-useful.md), one chunk: the session agent
 * keeps (after the first screen), the offline banner restores and marks (offline only). Both import it from
 * here, so the build makes one file of it.
 */
export { useKeepForOffline } from './keep-for-offline.js';
export { SavedDataNotice } from './saved-data-notice.js';
