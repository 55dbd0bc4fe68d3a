import { i18n } from '@lingui/core';
import type { ClientPart } from '../../shared/i18n/catalogs.js';
import { DEFAULT_LOCALE, isLocale, type Locale, negotiateLocale } from '../../shared/i18n/locales.js';
import { namespaceIds, onNamespaceDefined, readTextsFrom, wordsByIds } from '../../shared/i18n/texts.js';
import { whenFirstScreenIsDone } from './after-first-screen.js';
import { currentLocale } from './current-locale.js';

/**
 * The app's language (issue 36, docs/decisions/0162-languages-plan.md): the one chosen in Settings, else the
 * browser's first that the app speaks, else en-US. The first screen waits for its part of the catalogue
 * (shared/i18n/catalogs.ts: landing, finder or owner; docs/decisions/0167), the whole (`all`) follows once it
 * has painted, and any other screen waits for the whole (app/pages.ts). Every text the screens read
 * (shared/i18n/texts.ts) comes from the one Lingui instance here.
 */
readTextsFrom(() => i18n);

const catalogues = import.meta.glob<Record<string, unknown>>(
  '../../../locales/*/{landing,finder,owner,all}.json',
  { import: 'default' },
);
const loaded = new Map<string, Promise<void>>();

const catalogueKey = (locale: Locale, part: ClientPart) => `../../../locales/${locale}/${part}.json`;

function load(locale: Locale, part: ClientPart): Promise<void> {
  const key = catalogueKey(locale, part);
  let loading = loaded.get(key);
  if (!loading) {
    const read = catalogues[key];
    loading = (read ? read() : Promise.resolve({})).then((catalogue) => loadCatalogue(locale, catalogue));
    // A failed load (offline before the chunk was cached) is tried again next time; English stays readable.
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

/** Runs of words (a built catalogue) whose namespace's texts() call has not run yet, by language. */
const waiting = new Map<string, Map<string, unknown[]>>();

/**
 * Loads a catalogue: as written (the dev server) keyed by id; as built, runs of words by namespace, each
 * keyed here by its namespace's ids once the module defining them has run (shared/i18n/texts.ts).
 */
function loadCatalogue(locale: Locale, catalogue: unknown): void {
  if (!Array.isArray(catalogue)) {
    i18n.load(locale, catalogue as never);
    return;
  }
  const messages: Record<string, unknown> = {};
  for (const [namespace, ...words] of catalogue as [string, ...unknown[]][]) {
    const ids = namespaceIds(namespace);
    if (ids) Object.assign(messages, wordsByIds(ids, words));
    else waiting.set(locale, (waiting.get(locale) ?? new Map()).set(namespace, words));
  }
  i18n.load(locale, messages as never);
}

onNamespaceDefined((namespace) => {
  for (const [locale, runs] of waiting) {
    const words = runs.get(namespace);
    const ids = namespaceIds(namespace);
    if (!words || !ids) continue;
    runs.delete(namespace);
    i18n.load(locale, wordsByIds(ids, words) as never);
  }
});

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
 * Loads the part of the language's catalogue a screen needs and makes the language the app's; the whole
 * follows once the first screen has painted. Where the catalogue cannot come, the app carries on in what it
 * had (English to begin with).
 */
export async function activateLocale(locale: Locale, part: ClientPart = 'all'): Promise<void> {
  try {
    await load(locale, part);
  } catch {
    if (!i18n.locale) i18n.activate(DEFAULT_LOCALE);
    return;
  }
  i18n.activate(locale);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  if (part !== 'all') whenFirstScreenIsDone(() => void load(locale, 'all').catch(() => undefined));
}

/**
 * Resolves when the current language's part of the catalogue is here (or could not come): the whole, when
 * it is here or on its way, else the part.
 */
export function catalogueReady(part: ClientPart): Promise<void> {
  // The server's render reads every text from the server's own catalogues (ssr/render.tsx); the
  // browser's build leaves this out.
  if (import.meta.env.SSR) return Promise.resolve();
  const locale = currentLocale();
  const whole = loaded.get(catalogueKey(locale, 'all'));
  return (whole ?? load(locale, part)).catch(() => undefined);
}

/** Resolves when the current language's whole catalogue is here (or could not come). */
export const restOfCatalogue = (): Promise<void> => catalogueReady('all');

export { currentLocale, subscribeToLocale } from './current-locale.js';
