import { getCookie, setCookie } from '../../lib/cookies.js';

/**
 * Cookie consent (spec §4 Cookie consent, §9): not set, accepted or declined. Accepted is kept 730 days,
 * declined 30 days, after which the banner asks again. The choice and its date live in one cookie.
 */
export const CONSENT_COOKIE = 'cookie-consent';
export const CONSENT_ACCEPTED_DAYS = 730;
export const CONSENT_DECLINED_DAYS = 30;
/** The banner appears this long after load when no consent exists (spec §9). */
export const CONSENT_BANNER_DELAY_MS = 2_000;
/** Reset Cookie Preferences reloads the page after this (spec §4). */
export const CONSENT_RESET_RELOAD_MS = 1_000;

const DAY_MS = 24 * 60 * 60 * 1000;

export type ConsentStatus = 'accepted' | 'declined';

export interface Consent {
  status: ConsentStatus | null;
  /** When the choice was made; null when not set. */
  since: Date | null;
}

export const NO_CONSENT: Consent = { status: null, since: null };

/**
 * What the consent cookie says at `now`. A decline older than 30 days counts as not set (spec §4: declined
 * is asked again after more than 30 days), even if a browser kept the cookie longer.
 */
export function parseConsent(raw: string | undefined, now: number): Consent {
  if (!raw) return NO_CONSENT;
  const [status, at] = raw.split('|');
  const since = new Date(Number(at));
  if ((status !== 'accepted' && status !== 'declined') || Number.isNaN(since.getTime())) return NO_CONSENT;
  if (since.getTime() > now) return NO_CONSENT;
  const age = now - since.getTime();
  if (status === 'declined' && age > CONSENT_DECLINED_DAYS * DAY_MS) return NO_CONSENT;
  if (status === 'accepted' && age > CONSENT_ACCEPTED_DAYS * DAY_MS) return NO_CONSENT;
  return { status, since };
}

export function formatConsent(status: ConsentStatus, now: number): string {
  return `${status}|${now}`;
}

const listeners = new Set<() => void>();
let cached: { raw: string | undefined; consent: Consent } | null = null;

export function readConsent(): Consent {
  const raw = getCookie(CONSENT_COOKIE);
  if (cached === null || cached.raw !== raw) cached = { raw, consent: parseConsent(raw, Date.now()) };
  return cached.consent;
}

export function subscribeToConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveConsent(status: ConsentStatus): void {
  const days = status === 'accepted' ? CONSENT_ACCEPTED_DAYS : CONSENT_DECLINED_DAYS;
  setCookie(CONSENT_COOKIE, formatConsent(status, Date.now()), days);
  for (const listener of listeners) listener();
}

/** Reset Cookie Preferences: the choice is forgotten (with what it allowed) and the app starts again. */
export function resetConsent(clearAllowed: () => void): void {
  setCookie(CONSENT_COOKIE, '', -1);
  clearAllowed();
  for (const listener of listeners) listener();
  window.setTimeout(() => window.location.reload(), CONSENT_RESET_RELOAD_MS);
}
