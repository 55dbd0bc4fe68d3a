/**
 * Spec §9 Push and Message notification poll, and the cookies of spec §3; one place for every timing. The
 * prompt's 3 s are gone: it comes at a moment (ADDENDUM §11, features/push/push-moment.ts).
 */
export const pushTimings = {
  /** Ours: a prompt whose moment came while a form was being filled looks again this often. */
  formCheckEveryMs: 1_000,
  renewalFirstCheckMs: 60_000,
  renewalCheckEveryMs: 30 * 60_000,
  renewalToastAtMostEveryMs: 5 * 60_000,
  permissionCheckEveryMs: 30_000,
  basicPollEveryMs: 30_000,
  basicNotificationCloseMs: 5_000,
} as const;

/** Set by the prompt's Not now (and its close): no prompt for 30 days (spec §9 Cookies). */
export const PROMPT_DISMISSED_COOKIE = 'pushPromptDismissed';
export const PROMPT_DISMISSED_DAYS = 30;
/** How long Enable waits for the service worker to register (it registers after the page's load event). */
export const SERVICE_WORKER_WAIT_MS = 10_000;
