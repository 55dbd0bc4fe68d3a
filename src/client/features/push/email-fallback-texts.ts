import { EMAIL_FALLBACK_AFTER_MS } from '../../../shared/messaging/status.contract.js';
import { notificationPreferencesTexts } from '../../../shared/push/push.contract.js';

/**
 * Settings' switch of issue 32's e-mail fallback (docs/decisions/0145): the label is the issue's, and the
 * server's mail names it too (so it lives in the shared contract); the line under it is ours.
 */
export const emailFallbackTexts = {
  label: notificationPreferencesTexts.emailFallback,
  hint: `When no notification reaches you within ${EMAIL_FALLBACK_AFTER_MS / 60_000} minutes of a message, we email your verified address.`,
} as const;
