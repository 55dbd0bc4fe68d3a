import { Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { currentTheme, saveTheme, type Theme } from '../lib/theme.js';

/** A switch between light and dark; the choice is kept in the theme cookie. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const isDark = theme === 'dark';

  const toggle = () => {
    const next: Theme = isDark ? 'light' : 'dark';
    saveTheme(next);
    setTheme(next);
  };

  return (
    <button
      type="button"
      role="switch"
      aria-checked={isDark}
      onClick={toggle}
      className="flex w-full items-center justify-between gap-3 rounded-xl px-1 py-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex items-center gap-3">
        {isDark ? <Moon aria-hidden className="h-5 w-5" /> : <Sun aria-hidden className="h-5 w-5" />}
        <span className="font-medium">Dark mode</span>
      </span>
      <span
        aria-hidden
        className={`relative h-6 w-11 rounded-full transition ${isDark ? 'bg-primary' : 'bg-input'}`}
      >
        <span
          className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${isDark ? 'left-5.5' : 'left-0.5'}`}
        />
      </span>
    </button>
  );
}
