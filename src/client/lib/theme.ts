import { getCookie, setCookie } from './cookies.js';
import { readPreferences, updatePreferences } from './preferences.js';

export type Theme = 'light' | 'dark';

/** The cookie an earlier version kept the choice in, before the preferences cookie held it. */
export const LEGACY_THEME_COOKIE = 'theme';
/** Where an older version of the app kept the choice. */
export const LEGACY_THEME_STORAGE_KEY = 'theme';

export interface ThemeSources {
  /** The preferences cookie's theme (lib/preferences.ts), else the earlier theme cookie. */
  cookie: string | null | undefined;
  legacyStored: string | null | undefined;
  prefersDark: boolean;
}

function asTheme(value: string | null | undefined): Theme | undefined {
  return value === 'light' || value === 'dark' ? value : undefined;
}

/** Spec §4 Theme: the saved cookie, then the older stored value, then the system preference. */
export function resolveTheme({ cookie, legacyStored, prefersDark }: ThemeSources): Theme {
  const system: Theme = prefersDark ? 'dark' : 'light';
  if (cookie === 'system') return system;
  return asTheme(cookie) ?? asTheme(legacyStored) ?? system;
}

const darkQuery = '(prefers-color-scheme: dark)';

function readLegacyStored(): string | null {
  try {
    return window.localStorage.getItem(LEGACY_THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The saved choice: the preferences cookie's, else (an app updated from before it) the old theme cookie. */
function savedThemeChoice(): string | undefined {
  const { theme } = readPreferences();
  return theme !== 'system' ? theme : (getCookie(LEGACY_THEME_COOKIE) ?? theme);
}

export function currentTheme(): Theme {
  return resolveTheme({
    cookie: savedThemeChoice(),
    legacyStored: readLegacyStored(),
    prefersDark: window.matchMedia(darkQuery).matches,
  });
}

/**
 * The class alone: styles.css gives each theme its colour scheme. A page already in the theme (a light page the
 * server drew, taken over by a light browser) is not touched, so the browser has nothing to restyle.
 */
export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

/** Saves an explicit choice in the preferences cookie and applies it. */
export function saveTheme(theme: Theme): void {
  updatePreferences({ theme });
  if (getCookie(LEGACY_THEME_COOKIE) !== undefined) setCookie(LEGACY_THEME_COOKIE, '', -1);
  applyTheme(theme);
}

/** Applies the theme now, and again whenever the system setting changes (an explicit choice still wins). */
export function startTheme(): void {
  applyTheme(currentTheme());
  window.matchMedia(darkQuery).addEventListener('change', () => applyTheme(currentTheme()));
}
