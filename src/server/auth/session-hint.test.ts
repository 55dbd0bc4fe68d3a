import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, sessionCookieFrom, type TestApp } from '../test/test-app.js';

describe.each(testEngines)('the session hint cookie on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const cookiesOf = (response: Awaited<ReturnType<typeof call>>) => ({
    session: response.cookies.find((cookie) => cookie.name === 'session'),
    hint: response.cookies.find((cookie) => cookie.name === 'session-hint'),
  });

  it('comes and goes with the session cookie, readable by the page, holding nothing but "1"', async () => {
    const user = await createVerifiedUser(t);
    for (const rememberMe of [true, false]) {
      const login = await call(t.app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password, rememberMe },
      });
      expect(login.statusCode).toBe(200);
      const { session, hint } = cookiesOf(login);
      expect(session?.httpOnly).toBe(true);
      expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
      expect(hint?.httpOnly).toBeUndefined();
      // A remembered session and its hint last as long as each other; a browser session has no date.
      expect(hint?.expires?.getTime()).toBe(session?.expires?.getTime());
      if (!rememberMe) expect(hint?.expires).toBeUndefined();

      const refreshed = await call(t.app, 'POST', '/api/auth/refresh-session', {
        cookie: sessionCookieFrom(login),
      });
      expect(refreshed.statusCode).toBe(200);
      expect(cookiesOf(refreshed).hint?.expires?.getTime()).toBe(
        cookiesOf(refreshed).session?.expires?.getTime(),
      );

      const logout = await call(t.app, 'POST', '/api/auth/logout', { cookie: sessionCookieFrom(login) });
      expect(logout.statusCode).toBe(200);
      expect(cookiesOf(logout).session?.value).toBe('');
      expect(cookiesOf(logout).hint?.value).toBe('');
    }
  });
});
