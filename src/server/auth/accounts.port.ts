import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/i18n/locales.js';
import type { DatabaseHandle } from '../db/index.js';
import type { AccountsPort } from '../ports.js';
import { findAccountLocales } from './auth.repo.js';

/**
 * The language an account is written to in (its mails, its pushes; docs/decisions/0164): the one it chose,
 * else its last sign-in's or registration's, else en-US (accounts made before languages were kept).
 */
export const accountLocale = (row: { locale: string | null; signInLocale: string | null }): Locale =>
  isLocale(row.locale) ? row.locale : isLocale(row.signInLocale) ? row.signInLocale : DEFAULT_LOCALE;

/** Auth's read port (src/server/ports.ts), offered to the other features through FeatureDeps. */
export function createAccountsPort(database: DatabaseHandle): AccountsPort {
  return {
    async localeOf(userId, scope) {
      const row = await findAccountLocales(scope?.db ?? database.db, userId);
      return row ? accountLocale(row) : DEFAULT_LOCALE;
    },
  };
}
