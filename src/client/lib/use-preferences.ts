import { useSyncExternalStore } from 'react';
import { type Preferences, readPreferences, subscribeToPreferences } from './preferences.js';

/**
 * The preferences cookie as React state: components re-render when any preference changes. The server's
 * render of a page reads the request's cookie, and the browser's first render over it its own: the same.
 */
export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribeToPreferences, readPreferences, readPreferences);
}
