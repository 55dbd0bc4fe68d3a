import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocale, restOfCatalogue } from '../../lib/i18n.js';
import { readPreferences, rereadPreferences } from '../../lib/preferences.js';
import { queryKeys } from '../../lib/query-keys.js';
import {
  ACCOUNT_LOCALE_PATH,
  chooseLocale,
  followAccountLocale,
  rememberedAccountLocale,
  saveAccountLocale,
} from './language.js';
import { settingsTexts } from './texts.js';

/** The browser this runs in: its cookies, its storage, its languages (English) and the page's <html>. */
function aBrowser() {
  let cookies = new Map<string, string>();
  const stored = new Map<string, string>();
  const html = { lang: '' };
  vi.stubGlobal('document', {
    documentElement: html,
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      cookies = new Map(cookies).set(pair.slice(0, separator), pair.slice(separator + 1));
    },
  });
  vi.stubGlobal('window', {
    location: { protocol: 'http:' },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
  });
  vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US', 'en'] });
  rereadPreferences();
  return { html };
}

const fetchMock = vi.fn<typeof fetch>();
const until = (condition: () => boolean) => expect.poll(condition).toBe(true);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('the Language choice', () => {
  it('turns the app to the chosen language at once, keeps the choice, and goes back to the browser’s', async () => {
    const { html } = aBrowser();
    await chooseLocale('zh-CN');
    await restOfCatalogue();
    expect(currentLocale()).toBe('zh-CN');
    expect(html.lang).toBe('zh-CN');
    expect(readPreferences().locale).toBe('zh-CN');
    expect(settingsTexts.language).toBe('语言');
    expect(settingsTexts.title).toBe('设置');
    // After a reload the preferences cookie still holds it.
    rereadPreferences();
    expect(readPreferences().locale).toBe('zh-CN');

    await chooseLocale('de-DE');
    await restOfCatalogue();
    expect(settingsTexts.language).toBe('Sprache');

    await chooseLocale(null);
    expect(readPreferences().locale).toBeNull();
    expect(currentLocale()).toBe('en-US');
    expect(settingsTexts.language).toBe('Language');
  });

  it('keeps a signed-in choice with the account, and a server without the endpoint leaves it local', async () => {
    aBrowser();
    const client = new QueryClient();
    client.setQueryData(queryKeys.user, { id: 'u-1', email: 'a@example.com', locale: null });
    fetchMock.mockResolvedValueOnce(Response.json({ locale: 'de-DE' }));
    await expect(saveAccountLocale(client, 'de-DE')).resolves.toBe(true);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe(ACCOUNT_LOCALE_PATH);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ locale: 'de-DE' });
    expect(client.getQueryData(queryKeys.user)).toMatchObject({ locale: 'de-DE' });

    fetchMock.mockResolvedValueOnce(Response.json({ locale: null }));
    await expect(saveAccountLocale(client, null)).resolves.toBe(true);
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ locale: null });

    fetchMock.mockResolvedValueOnce(Response.json({ message: 'Not Found' }, { status: 404 }));
    await expect(saveAccountLocale(client, 'zh-CN')).resolves.toBe(false);
    fetchMock.mockResolvedValueOnce(Response.json({ message: 'Boom' }, { status: 500 }));
    await expect(saveAccountLocale(client, 'zh-CN')).rejects.toThrow();
  });

  it('follows the account’s language while the browser has no choice of its own', async () => {
    aBrowser();
    await chooseLocale(null);
    const client = new QueryClient();
    const stop = followAccountLocale(client);

    // A new device of a German owner: German as soon as the session answers, and at the next start.
    client.setQueryData(queryKeys.user, { id: 'u-1', email: 'a@example.com', locale: 'de-DE' });
    await until(() => currentLocale() === 'de-DE');
    expect(rememberedAccountLocale()).toBe('de-DE');

    // Signed out: the browser's languages again.
    client.setQueryData(queryKeys.user, null);
    await until(() => currentLocale() === 'en-US');
    expect(rememberedAccountLocale()).toBeNull();

    // This browser's own choice wins over the account's.
    await chooseLocale('zh-CN');
    client.setQueryData(queryKeys.user, { id: 'u-1', email: 'a@example.com', locale: 'de-DE' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentLocale()).toBe('zh-CN');
    stop();
  });
});
