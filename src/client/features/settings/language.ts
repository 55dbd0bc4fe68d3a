import type { QueryClient } from '@tanstack/react-query';
import * as c from '../../../shared/contract.js';
import { isLocale, LOCALES, type Locale } from '../../../shared/i18n/locales.js';
import { apiRequest } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import { activateLocale, currentLocale, localeFor } from '../../lib/i18n.js';
import { readPreferences, updatePreferences } from '../../lib/preferences.js';
import { queryKeys } from '../../lib/query-keys.js';

/**
 * The app's language as Settings chooses it (issue 36, docs/decisions/0166-language-choice.md): this
 * browser's choice (the `locale` preference, null for "the browser decides"), and the account's, which the
 * server keeps for the mails and pushes it sends and which a browser without a choice of its own follows.
 */

/** PUT /api/auth/locale {locale}: the account's language, or null for its browsers'. */
export const ACCOUNT_LOCALE_PATH = '/api/auth/locale';
export const accountLocaleResultSchema = c.object({ locale: c.nullable(c.oneOf(LOCALES)) });

/** This browser's choice: kept in the preferences, and the app redrawn in it at once (main.tsx). */
export async function chooseLocale(choice: Locale | null): Promise<void> {
  updatePreferences({ locale: choice });
  rememberAccountLocale(null);
  await activateLocale(localeFor(choice));
}

/**
 * Keeps the choice with the account. Answers false when the server has no such endpoint (404, an older
 * server): the choice then stays this browser's alone; any other failure is thrown.
 */
export async function saveAccountLocale(client: QueryClient, choice: Locale | null): Promise<boolean> {
  try {
    const saved = await apiRequest(
      'PUT',
      ACCOUNT_LOCALE_PATH,
      { locale: choice },
      {
        response: accountLocaleResultSchema,
      },
    );
    client.setQueryData(queryKeys.user, (user: object | null | undefined) =>
      user ? { ...user, locale: saved.locale } : user,
    );
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/**
 * The account's language as the last answer of GET /api/auth/user told it, kept so that the next start
 * paints in it at once instead of after the answer (main.tsx). Only while this browser has no choice.
 */
const ACCOUNT_LOCALE_KEY = 'account-locale';

export function rememberedAccountLocale(): Locale | null {
  try {
    const stored = window.localStorage.getItem(ACCOUNT_LOCALE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

function rememberAccountLocale(locale: Locale | null): void {
  try {
    if (locale) window.localStorage.setItem(ACCOUNT_LOCALE_KEY, locale);
    else window.localStorage.removeItem(ACCOUNT_LOCALE_KEY);
  } catch {
    // Storage refused (private mode): the account's language comes with each answer instead.
  }
}

/** The language an answer of GET /api/auth/user carries: its `locale`, when it is one the app speaks. */
export function accountLocaleOf(user: unknown): Locale | null {
  if (typeof user !== 'object' || user === null) return null;
  const { locale } = user as { locale?: unknown };
  return isLocale(locale) ? locale : null;
}

/** The app's language now: this browser's choice, else the account's, else the browser's. */
export const appLocale = (accountLocale: Locale | null): Locale =>
  localeFor(readPreferences().locale ?? accountLocale);

/**
 * Follows the signed-in account's language while this browser has no choice of its own: a new device of a
 * German owner turns German as soon as the session's answer comes (and starts in it the next time). Signed
 * out, the browser's languages decide again. Answers the unsubscription.
 */
export function followAccountLocale(client: QueryClient): () => void {
  const follow = (user: unknown) => {
    if (user === undefined) return;
    const accountLocale = accountLocaleOf(user);
    if (readPreferences().locale !== null) return;
    rememberAccountLocale(accountLocale);
    const wanted = appLocale(accountLocale);
    if (wanted !== currentLocale()) void activateLocale(wanted);
  };
  follow(client.getQueryData(queryKeys.user));
  const userQueryHash = JSON.stringify(queryKeys.user);
  return client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryHash === userQueryHash) follow(event.query.state.data);
  });
}
