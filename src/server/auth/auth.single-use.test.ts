import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../shared/auth/auth.contract.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { linkIn } from '../test/mail.js';
import {
  createTestApp,
  createVerifiedUser,
  STRONG_PASSWORD,
  signupCookieFrom,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';

const INVALID_VERIFICATION = '/auth?mode=login&verification=invalid';

/** ADDENDUM §10: two concurrent uses of one verification or reset token: exactly one succeeds. */
describe.each(testEngines)('single use of a link under concurrency on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) =>
    call(t.app, 'POST', '/api/auth/login', { body: { email, password } });

  it.each([2, 4])(
    'of %i concurrent resets with one link, one sets its password; the others are refused',
    async (n) => {
      const user = await createVerifiedUser(t);
      await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
      const resetToken = linkIn(await t.mail.waitFor(user.email, /Reset/)).searchParams.get('token');
      const passwords = Array.from({ length: n }, (_, i) => `Racer-Password-${i}`);
      const responses = await Promise.all(
        passwords.map((newPassword) =>
          call(t.app, 'POST', '/api/auth/reset-password', { body: { resetToken, newPassword } }),
        ),
      );
      const winners = responses.flatMap((response, i) => (response.statusCode === 200 ? [i] : []));
      expect(winners).toHaveLength(1);
      for (const [i, response] of responses.entries()) {
        if (winners.includes(i)) continue;
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: authTexts.invalidResetLink, code: 'INVALID_TOKEN' });
      }
      for (const [i, password] of passwords.entries()) {
        expect((await login(user.email, password)).statusCode, password).toBe(
          winners.includes(i) ? 200 : 401,
        );
      }
      expect((await login(user.email, user.password)).statusCode).toBe(401);
    },
  );

  it.each([2, 4])('of %i concurrent uses of one verification link, one verifies and signs in', async (n) => {
    const email = uniqueEmail();
    const register = await call(t.app, 'POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD },
    });
    const link = linkIn(await t.mail.waitFor(email, /Verify/));
    const cookie = signupCookieFrom(register);
    const responses = await Promise.all(
      Array.from({ length: n }, () => call(t.app, 'GET', `${link.pathname}${link.search}`, { cookie })),
    );
    const sessions = responses.flatMap((response) =>
      response.cookies.filter((c) => c.name === 'session' && c.value !== ''),
    );
    expect(responses.map((response) => response.headers.location).sort()).toEqual(
      ['/?verified=1', ...Array<string>(n - 1).fill(INVALID_VERIFICATION)].sort(),
    );
    expect(sessions).toHaveLength(1);
    const me = await call(t.app, 'GET', '/api/auth/user', {
      cookie: `session=${sessions[0]?.value}`,
    });
    expect(me.json()).toMatchObject({ email, emailVerified: true });
    // Used up: the link neither verifies nor signs in again.
    const again = await call(t.app, 'GET', `${link.pathname}${link.search}`, { cookie });
    expect(again.headers.location).toBe(INVALID_VERIFICATION);
  });
});
