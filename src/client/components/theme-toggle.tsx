import { Moon, Sun } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { saveTheme } from '../lib/theme.js';
import { componentTexts } from './texts.js';

/** The applied theme is the dark class on <html> (lib/theme.ts); it also changes with the system setting. */
function subscribeToAppliedTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const isDarkApplied = () => document.documentElement.classList.contains('dark');

/** A switch between light and dark; the choice is kept in the theme cookie. It shows the theme applied now. */
export function ThemeToggle() {
  const isDark = useSyncExternalStore(subscribeToAppliedTheme, isDarkApplied);

  const toggle = () => saveTheme(isDark ? 'light' : 'dark');

  return (
    <button
      type="button"
      role="switch"
      aria-checked={isDark}
      onClick={toggle}
      className="flex w-full items-center justify-between gap-3 min-h-11 rounded-xl px-1 py-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex items-center gap-3">
        {isDark ? <Moon aria-hidden className="h-5 w-5" /> : <Sun aria-hidden className="h-5 w-5" />}
        <span className="font-medium">{componentTexts.darkMode}</span>
      </span>
      <span
        aria-hidden
        className={`relative h-6 w-11 rounded-full transition ${isDark ? 'bg-primary-solid' : 'bg-input'}`}
      >
        <span
          className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${isDark ? 'left-5.5' : 'left-0.5'}`}
        />
      </span>
    </button>
  );
}
