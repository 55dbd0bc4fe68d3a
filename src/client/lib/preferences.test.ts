import { afterEach, describe, expect, it } from 'vitest';
import { readRequestCookiesFrom } from './cookies.js';
import {
  cleanQuickMessages,
  defaultPreferences,
  parsePreferences,
  QUICK_MESSAGE_MAX_LENGTH,
  QUICK_MESSAGES_MAX,
  readPreferences,
} from './preferences.js';

describe('parsePreferences', () => {
  it('gives the spec’s defaults without a cookie, or with one that is not JSON or not an object', () => {
    for (const raw of [undefined, '', 'not json', '[]', 'null', '42']) {
      expect(parsePreferences(raw)).toEqual(defaultPreferences);
    }
    expect(defaultPreferences).toMatchObject({
      theme: 'system',
      notifications: { enabled: true, sound: true, vibrate: true, showPreviews: true },
      autoLogin: false,
      privacyMode: false,
      lastVehicleId: null,
      installPromptDismissed: false,
      language: 'en-US',
    });
    expect(defaultPreferences.quickMessages).toEqual([
      'Your car is blocking my driveway',
      'Your parking meter is about to expire',
      'Your lights are on',
      'You left your car unlocked',
      'Great parking job!',
      'Emergency - please move your car',
    ]);
  });

  it('keeps each valid key and replaces each invalid one with its default', () => {
    const parsed = parsePreferences(
      JSON.stringify({
        theme: 'dark',
        notifications: { enabled: false, sound: 'loud', showPreviews: false },
        quickMessages: ['Move please', 7],
        autoLogin: true,
        privacyMode: 'yes',
        lastVehicleId: 'v1',
        installPromptDismissed: true,
        language: '',
        locale: 'fr-FR',
        extra: 'ignored',
      }),
    );
    expect(parsed).toEqual({
      theme: 'dark',
      notifications: { enabled: false, sound: true, vibrate: true, showPreviews: false },
      quickMessages: ['Move please'],
      autoLogin: true,
      privacyMode: false,
      lastVehicleId: 'v1',
      installPromptDismissed: true,
      language: 'en-US',
      locale: null,
    });
    // A language the app speaks is kept as chosen (docs/decisions/0162).
    expect(parsePreferences(JSON.stringify({ locale: 'zh-CN' })).locale).toBe('zh-CN');
  });

  it('refuses an unknown theme', () => {
    expect(parsePreferences(JSON.stringify({ theme: 'sepia' })).theme).toBe('system');
  });

  it('hands out a copy: changing what it answers does not change the defaults', () => {
    parsePreferences(undefined).quickMessages.push('x');
    expect(defaultPreferences.quickMessages).not.toContain('x');
  });
});

describe('cleanQuickMessages', () => {
  it('trims, drops empty and repeated texts, caps length and count', () => {
    const long = 'a'.repeat(QUICK_MESSAGE_MAX_LENGTH + 20);
    const many = Array.from({ length: QUICK_MESSAGES_MAX + 5 }, (_, index) => `Message ${index}`);
    expect(cleanQuickMessages([' Hello ', '', '   ', 'Hello', long, null])).toEqual([
      'Hello',
      'a'.repeat(QUICK_MESSAGE_MAX_LENGTH),
    ]);
    expect(cleanQuickMessages(many)).toHaveLength(QUICK_MESSAGES_MAX);
  });
});

describe('readPreferences in the server’s render', () => {
  afterEach(() => readRequestCookiesFrom(() => ''));

  it('reads the cookie of each request it draws, not the first one’s (decision 0168)', () => {
    const cookieOf = (quickMessages: string[]) =>
      `consent=declined; preferences=${encodeURIComponent(JSON.stringify({ quickMessages }))}`;
    let request = cookieOf(['Call me on 0170 1234567']);
    readRequestCookiesFrom(() => request);
    expect(readPreferences().quickMessages).toEqual(['Call me on 0170 1234567']);
    // Read again for the same request: the same answer, as React wants of a store's snapshot.
    expect(readPreferences()).toBe(readPreferences());

    request = 'consent=declined';
    expect(readPreferences().quickMessages).toEqual(defaultPreferences.quickMessages);
    request = cookieOf(['Your lights are on']);
    expect(readPreferences().quickMessages).toEqual(['Your lights are on']);
  });
});
