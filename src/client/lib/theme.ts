import { getCookie, PREFERENCE_COOKIE_DAYS, setCookie } from './cookies.js';

export type Theme = 'light' | 'dark';
export type ThemePreference = Theme | 'system';

export const THEME_COOKIE = 'theme';
/** Where an older version of the app kept the choice. */
export const LEGACY_THEME_STORAGE_KEY = 'theme';

export interface ThemeSources {
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

export function currentTheme(): Theme {
  return resolveTheme({
    cookie: getCookie(THEME_COOKIE),
    legacyStored: readLegacyStored(),
    prefersDark: window.matchMedia(darkQuery).matches,
  });
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** Saves an explicit choice in the preference cookie and applies it. */
export function saveTheme(theme: Theme): void {
  setCookie(THEME_COOKIE, theme, PREFERENCE_COOKIE_DAYS);
  applyTheme(theme);
}

/** Applies the theme now, and again whenever the system setting changes (an explicit choice still wins). */
export function startTheme(): void {
  applyTheme(currentTheme());
  window.matchMedia(darkQuery).addEventListener('change', () => applyTheme(currentTheme()));
}
