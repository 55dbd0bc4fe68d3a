import { useSyncExternalStore } from 'react';
import { type Preferences, readPreferences, subscribeToPreferences } from './preferences.js';

/** The preferences cookie as React state: components re-render when any preference changes. */
export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribeToPreferences, readPreferences);
}
