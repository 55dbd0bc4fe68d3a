import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleTexts } from '../shared/vehicles/texts.js';
import { withLocale } from './i18n.js';
import { vehicleBody } from './test/factories.js';
import { call } from './test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from './test/test-app.js';

describe('the server answers in the language asked for (docs/decisions/0162)', () => {
  let t: TestApp;
  let owner: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    owner = await createVerifiedUser(t);
  });
  afterAll(() => t.close());

  it("words an error in Accept-Language's first language the app speaks, else in English", async () => {
    const cases: [string | undefined, string, string][] = [
      ['de-DE,de;q=0.9,en;q=0.8', 'Fahrzeug nicht gefunden', 'de-DE'],
      ['fr-FR, zh;q=0.8', '未找到车辆', 'zh-CN'],
      ['fr-FR', 'Vehicle not found', 'en-US'],
      [undefined, 'Vehicle not found', 'en-US'],
    ];
    for (const [acceptLanguage, message, locale] of cases) {
      const response = await call(t.app, 'GET', '/api/vehicles/lookup/ZZZ-9999', {
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message, code: 'NOT_FOUND' });
      expect(response.headers['content-language']).toBe(locale);
    }
  });

  it('keeps the language through a body read, and between requests running side by side', async () => {
    const refused = (acceptLanguage: string) =>
      call(t.app, 'POST', '/api/vehicles', {
        cookie: owner.cookie,
        body: vehicleBody({ licensePlate: 'A' }),
        headers: { 'accept-language': acceptLanguage },
      });
    const answers = await Promise.all(['de-DE', 'zh-CN', 'en-US', 'de-DE', 'zh-CN'].map(refused));
    expect(answers.map((answer) => answer.json().message)).toEqual([
      'Das Kennzeichen ist zu kurz',
      '车牌过短',
      'License plate is too short',
      'Das Kennzeichen ist zu kurz',
      '车牌过短',
    ]);
  });

  it('reads texts in the language given to work outside a request (a mail, a push), English elsewhere', () => {
    expect(withLocale('de-DE', () => vehicleTexts.vehicleNotFound)).toBe('Fahrzeug nicht gefunden');
    expect(withLocale('xx-YY', () => vehicleTexts.vehicleNotFound)).toBe('Vehicle not found');
    expect(vehicleTexts.vehicleNotFound).toBe('Vehicle not found');
  });
});
