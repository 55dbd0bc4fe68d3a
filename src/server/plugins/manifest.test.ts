import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestTexts } from '../../shared/manifest.js';
import { withLocale } from '../i18n.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The web app manifest in the asker's language (issue 36, docs/decisions/0164). */
describe.each(testEngines)('the web app manifest on %s', (engine) => {
  let t: TestApp;
  let clientDir: string;
  const built = {
    name: 'Vehicle Contact',
    short_name: 'Vehicle Contact',
    description: "Reach a vehicle's owner anonymously by QR code or licence plate.",
    lang: 'en',
    start_url: '/',
    icons: [{ src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
  };
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-manifest-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Vehicle Contact</title>');
    fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), JSON.stringify(built));
    t = await createTestApp(engine, { clientDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const manifest = (url: string, language?: string) =>
    call(t.app, 'GET', url, language ? { headers: { 'accept-language': language } } : {});

  it("answers the built manifest with the asker's description and lang, the brand as its name", async () => {
    const english = await manifest('/manifest.webmanifest');
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('application/manifest+json');
    expect(english.headers.vary).toContain('Accept-Language');
    expect(english.headers['cache-control']).toBe('no-cache');
    expect(english.json()).toEqual({ ...built, lang: 'en-US' });

    const german = (await manifest('/manifest.webmanifest', 'de-CH,de;q=0.9')).json();
    const germanDescription = withLocale('de-DE', () => manifestTexts.description);
    expect(germanDescription).not.toBe(built.description);
    expect(german).toEqual({ ...built, lang: 'de-DE', description: germanDescription });

    // The app's own choice, named in the link, wins over the browser's languages.
    const chinese = (await manifest('/manifest.webmanifest?locale=zh-CN', 'de-DE')).json();
    expect(chinese).toMatchObject({ name: 'Vehicle Contact', lang: 'zh-CN' });
    expect(chinese.description).toBe(withLocale('zh-CN', () => manifestTexts.description));
    // A locale the app does not speak is ignored.
    expect((await manifest('/manifest.webmanifest?locale=fr-FR', 'de-DE')).json().lang).toBe('de-DE');
  });
});
