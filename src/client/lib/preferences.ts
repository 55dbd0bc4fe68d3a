import { isLocale, type Locale } from '../../shared/i18n/locales.js';
import { DEFAULT_QUICK_MESSAGES } from '../../shared/messaging/messages.contract.js';
import { getCookie, PREFERENCE_COOKIE_DAYS, setCookie } from './cookies.js';

/**
 * The user's preferences, kept in one cookie on this browser (spec §3 Preferences kept in cookies, §9:
 * 365 days). Read and written only through this module: every reader gets the spec's defaults for what is
 * missing or malformed, so an old or hand-edited cookie never breaks a screen.
 */
export const PREFERENCES_COOKIE = 'preferences';

/** A cookie holds about 4 KB; the quick messages are the only part a user can grow. */
export const QUICK_MESSAGES_MAX = 10;
export const QUICK_MESSAGE_MAX_LENGTH = 100;

export type ThemePreference = 'light' | 'dark' | 'system';

export interface NotificationPreferences {
  enabled: boolean;
  sound: boolean;
  vibrate: boolean;
  showPreviews: boolean;
}

export interface Preferences {
  theme: ThemePreference;
  notifications: NotificationPreferences;
  quickMessages: string[];
  autoLogin: boolean;
  privacyMode: boolean;
  lastVehicleId: string | null;
  installPromptDismissed: boolean;
  /** The spec's field; always its default, en-US, since before there was a choice: the choice is `locale`. */
  language: string;
  /** The language chosen in Settings (docs/decisions/0162), or null: the browser's languages decide. */
  locale: Locale | null;
}

export const defaultPreferences: Preferences = {
  theme: 'system',
  notifications: { enabled: true, sound: true, vibrate: true, showPreviews: true },
  quickMessages: [...DEFAULT_QUICK_MESSAGES],
  autoLogin: false,
  privacyMode: false,
  lastVehicleId: null,
  installPromptDismissed: false,
  language: 'en-US',
  locale: null,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** Trimmed, non-empty, unique, at most QUICK_MESSAGES_MAX of at most QUICK_MESSAGE_MAX_LENGTH each. */
export function cleanQuickMessages(messages: readonly unknown[]): string[] {
  const kept: string[] = [];
  for (const message of messages) {
    if (typeof message !== 'string') continue;
    const text = message.trim().slice(0, QUICK_MESSAGE_MAX_LENGTH);
    if (text && !kept.includes(text)) kept.push(text);
    if (kept.length === QUICK_MESSAGES_MAX) break;
  }
  return kept;
}

/** The preferences a cookie value holds, each key checked on its own against its default. */
export function parsePreferences(raw: string | undefined): Preferences {
  let stored: unknown;
  try {
    stored = raw ? JSON.parse(raw) : undefined;
  } catch {
    stored = undefined;
  }
  if (!isRecord(stored)) return structuredClone(defaultPreferences);
  const d = defaultPreferences;
  const notifications = isRecord(stored.notifications) ? stored.notifications : {};
  const theme = stored.theme;
  const quickMessages = Array.isArray(stored.quickMessages)
    ? cleanQuickMessages(stored.quickMessages)
    : [...d.quickMessages];
  return {
    theme: theme === 'light' || theme === 'dark' || theme === 'system' ? theme : d.theme,
    notifications: {
      enabled: bool(notifications.enabled, d.notifications.enabled),
      sound: bool(notifications.sound, d.notifications.sound),
      vibrate: bool(notifications.vibrate, d.notifications.vibrate),
      showPreviews: bool(notifications.showPreviews, d.notifications.showPreviews),
    },
    quickMessages,
    autoLogin: bool(stored.autoLogin, d.autoLogin),
    privacyMode: bool(stored.privacyMode, d.privacyMode),
    lastVehicleId: typeof stored.lastVehicleId === 'string' ? stored.lastVehicleId : d.lastVehicleId,
    installPromptDismissed: bool(stored.installPromptDismissed, d.installPromptDismissed),
    language: typeof stored.language === 'string' && stored.language ? stored.language : d.language,
    locale: isLocale(stored.locale) ? stored.locale : d.locale,
  };
}

let current: Preferences | null = null;
/**
 * The server draws one request after another with this module (decision 0168): what it reads is the cookie
 * of the request at hand, kept only while the next read finds the same cookie (one kept for good would give
 * every finder the first one's quick messages).
 */
let ofRequest: { raw: string | undefined; preferences: Preferences } | null = null;
const listeners = new Set<() => void>();

export function readPreferences(): Preferences {
  // The server's render (and the tests, in Node); the browser's build leaves this out.
  if (import.meta.env.SSR) {
    const raw = getCookie(PREFERENCES_COOKIE);
    if (ofRequest === null || ofRequest.raw !== raw) ofRequest = { raw, preferences: parsePreferences(raw) };
    return ofRequest.preferences;
  }
  current ??= parsePreferences(getCookie(PREFERENCES_COOKIE));
  return current;
}

export type PreferencesChange = Partial<Omit<Preferences, 'notifications'>> & {
  notifications?: Partial<NotificationPreferences>;
};

/** Applies a change, keeps the whole in the cookie (365 days) and tells the subscribers. */
export function updatePreferences(change: PreferencesChange): Preferences {
  const before = readPreferences();
  const next = parsePreferences(
    JSON.stringify({
      ...before,
      ...change,
      notifications: { ...before.notifications, ...change.notifications },
    }),
  );
  current = next;
  setCookie(PREFERENCES_COOKIE, JSON.stringify(next), PREFERENCE_COOKIE_DAYS);
  for (const listener of listeners) listener();
  return next;
}

export function subscribeToPreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forget what was read (tests; a cookie changed outside this module). */
export function rereadPreferences(): void {
  current = null;
  for (const listener of listeners) listener();
}
