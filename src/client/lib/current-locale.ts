import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/i18n/locales.js';

// The app's language as Lingui's one client instance holds it (lib/i18n.ts loads and switches it). Its own
// module, free of the build's catalogue imports, so that code run outside Vite (the journeys' helpers import
// lib/api.ts) can read it.

/** The app's language now. */
export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

/** Calls `listener` when the app's language changes (or its catalogue grows). */
export function subscribeToLocale(listener: () => void): () => void {
  return i18n.on('change', listener);
}
