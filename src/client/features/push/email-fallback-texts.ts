import { icu, texts } from '../../../shared/i18n/texts.js';

/**
 * Settings' switch of issue 32's e-mail fallback (docs/decisions/0145): the label is the issue's, and the
 * server's mail names it too (so it lives in the shared contract, notificationPreferencesTexts.emailFallback);
 * the line under it is ours.
 */
export const emailFallbackTexts = texts('emailFallback', {
  hint: icu<{ minutes: number }>(
    'When no notification reaches you within {minutes, plural, one {# minute} other {# minutes}} of a message, we email your verified address.',
  ),
});
