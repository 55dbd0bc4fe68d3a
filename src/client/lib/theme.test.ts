import { describe, expect, it } from 'vitest';
import { resolveTheme } from './theme.js';

describe('resolveTheme', () => {
  it.each([
    // the saved cookie first
    ['dark', 'light', false, 'dark'],
    ['light', 'dark', true, 'light'],
    // an explicit "system" cookie follows the system
    ['system', 'dark', false, 'light'],
    ['system', 'light', true, 'dark'],
    // then the older stored value
    [undefined, 'dark', false, 'dark'],
    [undefined, 'light', true, 'light'],
    ['garbage', 'dark', false, 'dark'],
    // then the system preference
    [undefined, null, true, 'dark'],
    [undefined, null, false, 'light'],
    [null, 'garbage', true, 'dark'],
  ] as const)(
    'cookie %s, stored %s, system dark %s gives %s',
    (cookie, legacyStored, prefersDark, expected) => {
      expect(resolveTheme({ cookie, legacyStored, prefersDark })).toBe(expected);
    },
  );
});
