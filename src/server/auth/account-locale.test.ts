import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeTexts } from '../../shared/auth/locale.contract.js';
import { ErrorCode } from '../../shared/errors.js';
import { withLocale } from '../i18n.js';
import { createCookieJar } from '../test/cookie-jar.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { linkIn } from '../test/mail.js';
import { SESSION_COOKIE_NAMES } from '../test/sign-up.js';
import { createTestApp, STRONG_PASSWORD, type TestApp, uniqueEmail } from '../test/test-app.js';

/*
 * Issue 36: the account's language kept on the server (docs/decisions/0164). Registration keeps the
 * request's; PUT /api/auth/locale changes it (null: the browser decides, and mails follow the last
 * sign-in's); the verification, reset and other mails reach the account in it, whatever the request's.
 */
describe.each(testEngines)("the account's language on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** Registers in `language` (the app sends its own as Accept-Language) and follows the mailed link. */
  async function registerIn(language: string) {
    const email = uniqueEmail('locale');
    const jar = createCookieJar();
    const request = async (method: 'GET' | 'POST', path: string, body?: object) => {
      const url = new URL(path, t.config.appOrigin);
      const response = await call(t.app, method, path, {
        body,
        cookie: jar.cookieHeader(url),
        headers: { 'accept-language': language },
      });
      jar.store(url, [response.headers['set-cookie'] ?? []].flat().map(String));
      return response;
    };
    const registered = await request('POST', '/api/auth/register', {
      email,
      password: STRONG_PASSWORD,
      firstName: 'Greta',
      lastName: 'Lang',
    });
    expect(registered.statusCode).toBe(201);
    const mail = await t.mail.waitFor(email);
    const link = linkIn(mail);
    expect((await request('GET', `${link.pathname}${link.search}`)).headers.location).toBe('/?verified=1');
    const cookie = jar.find(SESSION_COOKIE_NAMES);
    if (!cookie) throw new Error('not signed in');
    return { email, cookie, mail };
  }

  const userOf = async (cookie: string) => (await call(t.app, 'GET', '/api/auth/user', { cookie })).json();
  const setLocale = (cookie: string | undefined, body: unknown, language = 'en-US') =>
    call(t.app, 'PUT', '/api/auth/locale', { cookie, body, headers: { 'accept-language': language } });
  const resetMailOf = async (email: string, language: string) => {
    const before = t.mail.count(email);
    const asked = await call(t.app, 'POST', '/api/auth/forgot-password', {
      body: { email },
      headers: { 'accept-language': language },
    });
    expect(asked.statusCode).toBe(200);
    await expect.poll(() => t.mail.count(email)).toBe(before + 1);
    return t.mail.messages.filter((mail) => mail.to.includes(email)).at(-1);
  };

  it('keeps the language an account registers in, and writes its verification mail in it', async () => {
    const german = await registerIn('de-DE,de;q=0.9,en;q=0.5');
    expect(german.mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(german.mail.text).toContain('Willkommen bei Vehicle Contact.');
    expect(german.mail.text).toContain('E-Mail-Adresse bestätigen: http');
    expect(await userOf(german.cookie)).toMatchObject({ email: german.email, locale: 'de-DE' });

    const chinese = await registerIn('zh-TW');
    expect(chinese.mail.subject).toBe('验证您的电子邮件地址');
    expect(chinese.mail.text).toContain('欢迎使用 Vehicle Contact。');
    expect((await userOf(chinese.cookie)).locale).toBe('zh-CN');

    const english = await registerIn('fr-FR');
    expect(english.mail.subject).toBe('Verify your email address');
    expect((await userOf(english.cookie)).locale).toBe('en-US');
  });

  it("writes the reset mail in the account's language, whatever language asks for it", async () => {
    const german = await registerIn('de-DE');
    const mail = await resetMailOf(german.email, 'zh-CN');
    expect(mail?.subject).toBe('Passwort zurücksetzen');
    expect(mail?.text).toContain('Wenn Sie das waren, wählen Sie mit dem Link unten ein neues Passwort.');
    // The answer to the request itself is in the request's language.
    const answer = await call(t.app, 'POST', '/api/auth/forgot-password', {
      body: { email: 'not-an-address' },
      headers: { 'accept-language': 'de-DE' },
    });
    expect(answer.headers['content-language']).toBe('de-DE');
  });

  it('changes the language with PUT /api/auth/locale; null leaves it to the browser, mails following the last sign-in', async () => {
    const account = await registerIn('en-US');
    const chosen = await setLocale(account.cookie, { locale: 'de-DE' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ locale: 'de-DE' });
    expect((await userOf(account.cookie)).locale).toBe('de-DE');
    expect((await resetMailOf(account.email, 'en-US'))?.subject).toBe('Passwort zurücksetzen');

    const cleared = await setLocale(account.cookie, { locale: null });
    expect(cleared.json()).toEqual({ locale: null });
    expect((await userOf(account.cookie)).locale).toBeNull();
    // No choice: the language of its last sign-in (its registration's, English here).
    expect((await resetMailOf(account.email, 'de-DE'))?.subject).toBe('Reset your password');

    // Signed in again from a Chinese browser: its mails follow.
    const signedIn = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: account.email, password: STRONG_PASSWORD },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await resetMailOf(account.email, 'en-US'))?.subject).toBe('重置您的密码');
    // A choice outlasts sign-ins in other languages.
    await setLocale(account.cookie, { locale: 'de-DE' });
    await call(t.app, 'POST', '/api/auth/login', {
      body: { email: account.email, password: STRONG_PASSWORD },
      headers: { 'accept-language': 'en-US' },
    });
    expect((await resetMailOf(account.email, 'zh-CN'))?.subject).toBe('Passwort zurücksetzen');
  });

  it('refuses anything but en-US, de-DE, zh-CN or null with a 400, and a signed-out caller with a 401', async () => {
    const account = await registerIn('en-US');
    for (const body of [
      { locale: 'fr-FR' },
      { locale: 'de' },
      { locale: 'DE-de' },
      { locale: '' },
      {},
      { language: 'de-DE' },
    ]) {
      const refused = await setLocale(account.cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toEqual({ message: localeTexts.unknownLocale, code: ErrorCode.validation });
    }
    for (const body of [{ locale: 42 }, { locale: ['de-DE'] }, ['de-DE'], null]) {
      const refused = await setLocale(account.cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().code).toBe(ErrorCode.validation);
    }
    // Refused in the request's language.
    const inGerman = await setLocale(account.cookie, { locale: 'xx' }, 'de-DE');
    expect(inGerman.json().message).toBe(withLocale('de-DE', () => localeTexts.unknownLocale));
    expect(inGerman.json().message).not.toBe(localeTexts.unknownLocale);
    expect((await userOf(account.cookie)).locale).toBe('en-US');

    const signedOut = await setLocale(undefined, { locale: 'de-DE' });
    expect(signedOut.statusCode).toBe(401);
  });
});
