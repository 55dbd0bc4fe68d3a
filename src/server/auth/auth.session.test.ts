import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../shared/auth/auth.contract.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import {
  createTestApp,
  createVerifiedUser,
  STRONG_PASSWORD,
  sessionCookieFrom,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';

const DAY = 86_400_000;

describe.each(testEngines)('sign-in and sessions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const login = (body: unknown, cookie?: string) =>
    call(t.app, 'POST', '/api/auth/login', { body, ...(cookie ? { cookie } : {}) });

  it('signs in with a browser-session cookie by default', async () => {
    const user = await createVerifiedUser(t);
    const response = await login({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ emailVerificationRequired: false, message: 'Welcome back!' });
    const cookie = response.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call(t.app, 'GET', '/api/auth/user', { cookie: sessionCookieFrom(response) });
    expect(me.json()).toEqual({
      id: expect.any(String),
      email: user.email,
      emailVerified: true,
      firstName: 'Test',
      lastName: 'User',
      authProvider: 'email',
      locale: 'en-US',
    });
  });

  it('with rememberMe, keeps a persistent cookie for 30 days', async () => {
    const user = await createVerifiedUser(t);
    const response = await login({
      email: user.email.toUpperCase(),
      password: user.password,
      rememberMe: true,
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'session');
    const lifetime = new Date(cookie?.expires ?? 0).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(30 * DAY - 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * DAY);
  });

  it('stores only a hash of the session token and issues a new one at every sign-in', async () => {
    const user = await createVerifiedUser(t);
    const first = await login({ email: user.email, password: user.password });
    const firstCookie = sessionCookieFrom(first);
    const token = firstCookie.split('=')[1] ?? '';
    const stored = await t.db
      .selectFrom('sessions')
      .select('tokenHash')
      .where('tokenHash', '=', token)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
    const second = await login({ email: user.email, password: user.password }, firstCookie);
    expect(sessionCookieFrom(second)).not.toBe(firstCookie);
    // The session the browser held before signing in again has ended (no fixation).
    const old = await call(t.app, 'GET', '/api/auth/user', { cookie: firstCookie });
    expect(old.json()).toBeNull();
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const user = await createVerifiedUser(t);
    const wrongPassword = await login({ email: user.email, password: 'Wrong-Password-1' });
    const unknownEmail = await login({ email: uniqueEmail('nobody'), password: 'Wrong-Password-1' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: authTexts.invalidLogin, code: 'INVALID_CREDENTIALS' });
      expect(response.cookies).toEqual([]);
    }
    expect(wrongPassword.body).toBe(unknownEmail.body);
  });

  it.each([
    [{}, authTexts.missingCredentials],
    [{ email: 'a@example.org' }, authTexts.missingCredentials],
    [{ email: '', password: 'x' }, authTexts.missingCredentials],
    [{ email: 'a@example.org', password: 'x', rememberMe: 'yes' }, 'rememberMe must be true or false'],
  ])('refuses an incomplete login %j with a 400', async (body, message) => {
    const response = await login(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('lets an unverified account sign in but gates everything outside /api/auth', async () => {
    const email = uniqueEmail('unverified');
    await call(t.app, 'POST', '/api/auth/register', { body: { email, password: STRONG_PASSWORD } });
    const response = await login({ email, password: STRONG_PASSWORD });
    expect(response.json()).toEqual({ emailVerificationRequired: true, message: 'Welcome back!' });
    const cookie = sessionCookieFrom(response);
    const me = await call(t.app, 'GET', '/api/auth/user', { cookie });
    expect(me.json()).toMatchObject({ email, emailVerified: false });
    for (const url of ['/api/vehicles', '/api/anything-else']) {
      const gated = await call(t.app, 'GET', url, { cookie });
      expect(gated.statusCode).toBe(403);
      expect(gated.json()).toEqual({
        message: expect.any(String),
        code: 'EMAIL_VERIFICATION_REQUIRED',
        email,
      });
    }
    expect((await call(t.app, 'GET', '/api/health', { cookie })).statusCode).toBe(200);
    // A verified account reaches the same paths (here: an unknown route's 404).
    const verified = await createVerifiedUser(t);
    expect((await call(t.app, 'GET', '/api/anything-else', { cookie: verified.cookie })).statusCode).toBe(
      404,
    );
  });

  it('ends a session 90 days after sign-in, however often it was refreshed', async () => {
    const user = await createVerifiedUser(t);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password, rememberMe: true },
    });
    const cookie = sessionCookieFrom(login);
    // Refreshed every 29 days, a remembered session never expires; it still ends at 90 days.
    for (let refresh = 1; refresh <= 3; refresh++) {
      t.clock.advance(29 * DAY);
      const refreshed = await call(t.app, 'POST', '/api/auth/refresh-session', { cookie });
      expect(refreshed.statusCode, `refresh on day ${refresh * 29}`).toBe(200);
    }
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie })).json()).toMatchObject({
      email: user.email,
    });
    t.clock.advance(3 * DAY + 1000);
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie })).json()).toBeNull();
    expect((await call(t.app, 'POST', '/api/auth/refresh-session', { cookie })).statusCode).toBe(401);
  });

  it('GET /api/auth/user answers null when signed out or with a bogus cookie', async () => {
    for (const cookie of [undefined, 'session=bogus', `session=${'x'.repeat(500)}`]) {
      const response = await call(t.app, 'GET', '/api/auth/user', cookie ? { cookie } : {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toBeNull();
    }
  });

  it('logout ends the session and clears the cookie, also through GET /api/logout', async () => {
    const user = await createVerifiedUser(t);
    const post = await call(t.app, 'POST', '/api/auth/logout', { cookie: user.cookie });
    expect(post.statusCode).toBe(200);
    expect(post.cookies.find((c) => c.name === 'session')?.value).toBe('');
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie: user.cookie })).json()).toBeNull();

    const other = await createVerifiedUser(t);
    const get = await call(t.app, 'GET', '/api/logout', {
      cookie: other.cookie,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(get.statusCode).toBe(302);
    expect(get.headers.location).toBe('/auth?mode=login');
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie: other.cookie })).json()).toBeNull();

    const signedOut = await call(t.app, 'POST', '/api/auth/logout');
    expect(signedOut.statusCode).toBe(200);
  });

  it('refresh-session extends a live session and refuses an ended one', async () => {
    const user = await createVerifiedUser(t);
    // A browser session lives a day after its last refresh: a minute before its end, refresh it ...
    t.clock.advance(DAY - 60_000);
    const refreshed = await call(t.app, 'POST', '/api/auth/refresh-session', { cookie: user.cookie });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ message: 'Session extended' });
    // ... and it lives a whole day more: past the first day's end, still signed in ...
    t.clock.advance(DAY - 1000);
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie: user.cookie })).json()).toMatchObject({
      email: user.email,
    });
    // ... until a day after the refresh.
    t.clock.advance(2000);
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie: user.cookie })).json()).toBeNull();
    const expired = await call(t.app, 'POST', '/api/auth/refresh-session', { cookie: user.cookie });
    expect(expired.statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/refresh-session')).statusCode).toBe(401);
  });
});

describe('session cookie on an https origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { APP_ORIGIN: 'https://cars.example.org' } });
  });
  afterAll(() => t.close());

  it('is __Host- prefixed and Secure', async () => {
    const user = await createVerifiedUser(t);
    expect(user.cookie.startsWith('__Host-session=')).toBe(true);
    const response = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const cookie = response.cookies.find((c) => c.name === '__Host-session');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.domain).toBeUndefined();
  });
});
