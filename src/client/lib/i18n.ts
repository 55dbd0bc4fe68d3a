import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale, negotiateLocale } from '../../shared/i18n/locales.js';
import { readTextsFrom } from '../../shared/i18n/texts.js';

/**
 * The app's language (issue 36, docs/decisions/0162-languages-plan.md): the one chosen in Settings, else the
 * browser's first that the app speaks, else en-US. Its catalogues come in two parts: `first` before the
 * first screen paints, `rest` right after, which a lazy screen waits for (app/pages.ts). Every text the
 * screens read (shared/i18n/texts.ts) comes from the one Lingui instance here.
 */
readTextsFrom(() => i18n);

const catalogues = import.meta.glob<Record<string, unknown>>('../../../locales/*/{first,rest}.json', {
  import: 'default',
});
const loaded = new Map<string, Promise<void>>();

function load(locale: Locale, part: 'first' | 'rest'): Promise<void> {
  const key = `../../../locales/${locale}/${part}.json`;
  let loading = loaded.get(key);
  if (!loading) {
    const read = catalogues[key];
    loading = (read ? read() : Promise.resolve({})).then((messages) => i18n.load(locale, messages as never));
    // A failed load (offline before the chunk was cached) is tried again next time; English stays readable.
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

let rest: Promise<void> = Promise.resolve();

/** The language the browser asks for, as far as the app speaks it. */
export function browserLocale(): Locale {
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return negotiateLocale(languages.filter(Boolean));
}

/** The app's language: `choice` (Settings) when there is one, else the browser's. */
export function localeFor(choice: string | null | undefined): Locale {
  return isLocale(choice) ? choice : browserLocale();
}

/**
 * Loads the language's first catalogue and makes it the app's; its rest follows (`restOfCatalogue`). Where
 * the catalogue cannot come, the app carries on in what it had (English to begin with).
 */
export async function activateLocale(locale: Locale): Promise<void> {
  try {
    await load(locale, 'first');
  } catch {
    if (!i18n.locale) i18n.activate(DEFAULT_LOCALE);
    return;
  }
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  rest = load(locale, 'rest').catch(() => undefined);
}

/** Resolves when the current language's whole catalogue is here (or could not come). */
export const restOfCatalogue = (): Promise<void> => rest;

/** The app's language now. */
export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

/** Calls `listener` when the app's language changes. */
export function subscribeToLocale(listener: () => void): () => void {
  return i18n.on('change', listener);
}
