import * as c from '../contract.js';
import { LOCALES, type Locale } from '../i18n/locales.js';
import { texts } from '../i18n/texts.js';

/**
 * PUT /api/auth/locale (issue 36, docs/decisions/0164-the-accounts-language.md): the signed-in account's
 * language, which its mails and pushes are written in. `{ locale: 'en-US' | 'de-DE' | 'zh-CN' }` keeps that
 * one; `{ locale: null }` lets the browser decide (the account's mails then follow its last sign-in's
 * language). The answer is `{ locale }` as kept.
 */
export const localeTexts = texts('accountLocale', {
  unknownLocale: 'Please choose a language: en-US, de-DE or zh-CN, or null for the browser’s',
});

export const localeRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { locale: 'text' },
    c.object({
      locale: c.withMessage(c.nullable(c.oneOf(LOCALES)), localeTexts.unknownLocale),
    }),
  ),
);
export type LocaleRequest = c.Input<typeof localeRequestSchema>;

export const localeResponseSchema = c.object({ locale: c.nullable(c.oneOf(LOCALES)) });
export type LocaleResponse = { locale: Locale | null };
