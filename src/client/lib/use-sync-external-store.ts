/**
 * `use-sync-external-store/shim` for React 18+, which has the hook itself: the shim answers React's own hook
 * whenever React has one (its code checks), so the shim's fallback is dead weight in the entry (about 0.6 KB
 * gzip on every first load). vite.config.ts resolves the shim here (wouter imports it).
 */
export { useSyncExternalStore } from 'react';
