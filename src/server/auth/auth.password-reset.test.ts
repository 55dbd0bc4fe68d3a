import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../shared/auth/auth.contract.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { linkIn } from '../test/mail.js';
import { createTestApp, createVerifiedUser, type TestApp, uniqueEmail } from '../test/test-app.js';
import { VERIFICATION_LIFETIME } from './auth.service.js';

const NEW_PASSWORD = 'Brand-New-Secret-7';

describe.each(testEngines)('forgot and reset password on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  async function requestResetToken(email: string) {
    const response = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email } });
    expect(response.statusCode).toBe(200);
    const link = linkIn(await t.mail.waitFor(email, /Reset your password/));
    expect(link.pathname).toBe('/reset-password');
    return link.searchParams.get('token') ?? '';
  }

  const reset = (resetToken: unknown, newPassword: unknown = NEW_PASSWORD) =>
    call(t.app, 'POST', '/api/auth/reset-password', { body: { resetToken, newPassword } });

  it('answers the same for known and unknown addresses, and mails only the known', async () => {
    const user = await createVerifiedUser(t);
    const unknown = uniqueEmail('unknown');
    const known = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const other = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: unknown } });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(other.body);
    expect(known.json()).toEqual({ message: authTexts.forgotPasswordSent });
    await t.mail.waitFor(user.email, /Reset/);
    expect(t.mail.count(unknown)).toBe(0);
  });

  it('sets the new password, ends every session, and works once', async () => {
    const user = await createVerifiedUser(t);
    const otherDevice = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const token = await requestResetToken(user.email);

    const response = await reset(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: authTexts.passwordReset });
    for (const cookie of [user.cookie, `session=${otherDevice.cookies[0]?.value}`]) {
      expect((await call(t.app, 'GET', '/api/auth/user', { cookie })).json()).toBeNull();
    }
    const oldLogin = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: NEW_PASSWORD },
    });
    expect(newLogin.statusCode).toBe(200);

    const reused = await reset(token, 'Third-Password-3');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: authTexts.invalidResetLink, code: 'INVALID_TOKEN' });
  });

  it('keeps the link usable when the new password is refused', async () => {
    const user = await createVerifiedUser(t);
    const token = await requestResetToken(user.email);
    for (const [password, message] of [
      ['', authTexts.missingPassword],
      ['Short1', authTexts.passwordTooShort],
      ['alllowercase1', authTexts.passwordTooWeak],
    ] as const) {
      const response = await reset(token, password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    }
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses unknown, malformed and expired tokens', async () => {
    const user = await createVerifiedUser(t);
    const token = await requestResetToken(user.email);
    t.clock.advance(VERIFICATION_LIFETIME['reset-password'] + 1);
    for (const bad of [token, 'unknown-token', '', 'x'.repeat(500)]) {
      const response = await reset(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(authTexts.invalidResetLink);
    }
    expect((await reset(42)).statusCode).toBe(400);
    expect(
      (await call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: NEW_PASSWORD } }))
        .statusCode,
    ).toBe(401);
  });

  it('expires reset links after one hour', async () => {
    const early = await createVerifiedUser(t);
    const late = await createVerifiedUser(t);
    const earlyToken = await requestResetToken(early.email);
    const lateToken = await requestResetToken(late.email);
    t.clock.advance(VERIFICATION_LIFETIME['reset-password'] - 1000);
    expect((await reset(earlyToken)).statusCode).toBe(200);
    t.clock.advance(2000);
    const expired = await reset(lateToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(authTexts.invalidResetLink);
  });

  it('of two concurrent resets with one token, exactly one succeeds', async () => {
    const user = await createVerifiedUser(t);
    const token = await requestResetToken(user.email);
    const results = await Promise.all([reset(token, 'First-Racer-11'), reset(token, 'Second-Racer-22')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]?.statusCode === 200 ? 'First-Racer-11' : 'Second-Racer-22';
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: winner },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a newer reset link retires the older one', async () => {
    const user = await createVerifiedUser(t);
    const first = await requestResetToken(user.email);
    await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    await expect.poll(() => t.mail.count(user.email)).toBe(3);
    expect((await reset(first)).statusCode).toBe(400);
  });

  it('unlinks an external account that was linked while the address was unproven', async () => {
    const email = uniqueEmail('claimed');
    // Someone signed in through a provider that did not vouch for this address, which created it.
    await t.db
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        email,
        passwordHash: null,
        firstName: null,
        lastName: null,
        authProvider: 'oidc',
        oidcSubject: 'https://id.example|someone-else',
        emailVerified: 0,
        createdAt: Date.now(),
        updatedAt: Date.now(),
      })
      .execute();
    const token = await requestResetToken(email);
    expect((await reset(token)).statusCode).toBe(200);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ oidcSubject: null, emailVerified: 1 });
  });

  it('keeps the external link of an account whose address was already proven', async () => {
    const user = await createVerifiedUser(t);
    await t.db
      .updateTable('users')
      .set({ oidcSubject: 'https://id.example|owner' })
      .where('email', '=', user.email)
      .execute();
    expect((await reset(await requestResetToken(user.email))).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('oidcSubject')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.oidcSubject).toBe('https://id.example|owner');
  });

  it('refuses a forgot-password request without a valid address', async () => {
    for (const body of [{}, { email: '' }, { email: 'nope' }]) {
      const response = await call(t.app, 'POST', '/api/auth/forgot-password', { body });
      expect(response.statusCode).toBe(400);
    }
    const empty = await call(t.app, 'POST', '/api/auth/forgot-password', { body: {} });
    expect(empty.json().message).toBe(authTexts.missingEmail);
  });
});
