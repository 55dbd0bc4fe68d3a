import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../shared/auth/auth.contract.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { linkIn } from '../test/mail.js';
import {
  createTestApp,
  STRONG_PASSWORD,
  sessionCookieFrom,
  signupCookieFrom,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';
import { VERIFICATION_LIFETIME } from './auth.service.js';

describe.each(testEngines)('registration and email verification on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const countUsers = async () =>
    Number(
      (
        await t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates an unverified account, signs nobody in, and mails a verification link', async () => {
    const email = uniqueEmail();
    const response = await call(t.app, 'POST', '/api/auth/register', {
      body: {
        email: email.toUpperCase(),
        password: STRONG_PASSWORD,
        firstName: ' Ada ',
        lastName: 'Lovelace',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ emailVerificationRequired: true, message: authTexts.registered });
    // No session: only the cookie that lets this browser be signed in by the link.
    expect(response.cookies.map((c) => c.name)).toEqual(['signup']);
    expect(response.cookies[0]).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth',
    });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      authProvider: 'email',
      emailVerified: 0,
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const mail = await t.mail.waitFor(email, /Verify your email/);
    const link = linkIn(mail);
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe('/api/auth/verify-email');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs the owner in from the link once, and refuses it afterwards', async () => {
    const email = uniqueEmail();
    const register = await call(t.app, 'POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD },
    });
    const link = linkIn(await t.mail.waitFor(email, /Verify/));
    const first = await call(t.app, 'GET', `${link.pathname}${link.search}`, {
      cookie: signupCookieFrom(register),
    });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/?verified=1');
    const cookie = sessionCookieFrom(first);
    const user = await call(t.app, 'GET', '/api/auth/user', { cookie });
    expect(user.json()).toMatchObject({ email, emailVerified: true, authProvider: 'email' });

    const second = await call(t.app, 'GET', `${link.pathname}${link.search}`);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('/auth?mode=login&verification=invalid');
    expect(second.cookies).toEqual([]);
  });

  it('opened in another browser, the link verifies the address but signs nobody in', async () => {
    const email = uniqueEmail();
    const register = await call(t.app, 'POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD },
    });
    const link = linkIn(await t.mail.waitFor(email, /Verify/));
    // A mail scanner, another device, or a victim lured by someone else's link: no binding cookie,
    // or another browser's.
    const elsewhere = await call(t.app, 'GET', `${link.pathname}${link.search}`, {
      cookie: 'signup=another-browser',
    });
    expect(elsewhere.statusCode).toBe(302);
    expect(elsewhere.headers.location).toBe('/auth?mode=login&verified=1');
    expect(elsewhere.cookies.find((c) => c.name === 'session')).toBeUndefined();
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email, password: STRONG_PASSWORD },
    });
    expect(login.json()).toEqual({ emailVerificationRequired: false, message: authTexts.welcomeBack });
    // The link is spent: the registering browser cannot use it any more either.
    const again = await call(t.app, 'GET', `${link.pathname}${link.search}`, {
      cookie: signupCookieFrom(register),
    });
    expect(again.headers.location).toBe('/auth?mode=login&verification=invalid');
  });

  it('does not replace the session of another account the browser holds', async () => {
    const signedIn = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: uniqueEmail(), password: STRONG_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(201);
    const victimLogin = await (async () => {
      const email = uniqueEmail('victim');
      const register = await call(t.app, 'POST', '/api/auth/register', {
        body: { email, password: STRONG_PASSWORD },
      });
      const link = linkIn(await t.mail.waitFor(email, /Verify/));
      const verify = await call(t.app, 'GET', `${link.pathname}${link.search}`, {
        cookie: signupCookieFrom(register),
      });
      return { email, cookie: sessionCookieFrom(verify) };
    })();
    const attacker = uniqueEmail('attacker');
    await call(t.app, 'POST', '/api/auth/register', { body: { email: attacker, password: STRONG_PASSWORD } });
    const attackerLink = linkIn(await t.mail.waitFor(attacker, /Verify/));
    const lured = await call(t.app, 'GET', `${attackerLink.pathname}${attackerLink.search}`, {
      cookie: victimLogin.cookie,
    });
    expect(lured.headers.location).toBe('/auth?mode=login&verified=1');
    expect(lured.cookies.find((c) => c.name === 'session')).toBeUndefined();
    const me = await call(t.app, 'GET', '/api/auth/user', { cookie: victimLogin.cookie });
    expect(me.json()).toMatchObject({ email: victimLogin.email });
  });

  it('refuses an expired or unknown verification link', async () => {
    const email = uniqueEmail();
    await call(t.app, 'POST', '/api/auth/register', { body: { email, password: STRONG_PASSWORD } });
    const link = linkIn(await t.mail.waitFor(email, /Verify/));
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    t.clock.advance(VERIFICATION_LIFETIME['verify-email'] + 1);
    for (const url of [
      `${link.pathname}${link.search}`,
      '/api/auth/verify-email?token=nope',
      '/api/auth/verify-email',
    ]) {
      const response = await call(t.app, 'GET', url);
      expect(response.headers.location).toBe('/auth?mode=login&verification=invalid');
    }
    const row = await t.db
      .selectFrom('users')
      .select('emailVerified')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.emailVerified).toBe(0);
  });

  it('of two concurrent uses of one verification link, exactly one signs in', async () => {
    const email = uniqueEmail();
    const register = await call(t.app, 'POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD },
    });
    const link = linkIn(await t.mail.waitFor(email, /Verify/));
    const cookie = signupCookieFrom(register);
    const results = await Promise.all(
      [1, 2, 3].map(() => call(t.app, 'GET', `${link.pathname}${link.search}`, { cookie })),
    );
    expect(results.filter((r) => r.headers.location === '/?verified=1')).toHaveLength(1);
    expect(
      results.filter((r) => r.headers.location === '/auth?mode=login&verification=invalid'),
    ).toHaveLength(2);
  });

  it('answers an existing address exactly like a new one, and mails its owner instead', async () => {
    const existing = uniqueEmail('existing');
    await call(t.app, 'POST', '/api/auth/register', { body: { email: existing, password: STRONG_PASSWORD } });
    await t.mail.waitFor(existing, /Verify/);
    const before = await countUsers();
    const again = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: existing, password: 'Another-Pass-1' },
    });
    const fresh = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: uniqueEmail(), password: STRONG_PASSWORD },
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(fresh.body);
    expect(Object.keys(again.json())).toEqual(Object.keys(fresh.json()));
    const cookieShape = (r: typeof again) =>
      r.cookies.map(({ value: _value, expires: _expires, ...rest }) => rest);
    expect(cookieShape(again)).toEqual(cookieShape(fresh));
    expect(await countUsers()).toBe(before + 1);
    const mail = await t.mail.waitFor(existing, /already have an account/);
    expect(linkIn(mail).pathname).toBe('/auth');
  });

  it.each([
    ['no email', { password: STRONG_PASSWORD }, authTexts.missingEmail],
    ['blank email', { email: '  ', password: STRONG_PASSWORD }, authTexts.missingEmail],
    ['malformed email', { email: 'not-an-email', password: STRONG_PASSWORD }, authTexts.invalidEmail],
    ['email of wrong type', { email: 42, password: STRONG_PASSWORD }, 'email must be text'],
    ['no password', { email: 'a@example.org' }, authTexts.missingPassword],
    ['short password', { email: 'a@example.org', password: 'Aa1aaaa' }, authTexts.passwordTooShort],
    ['password without digit', { email: 'a@example.org', password: 'Abcdefgh' }, authTexts.passwordTooWeak],
    [
      'password without uppercase',
      { email: 'a@example.org', password: 'abcdefg1' },
      authTexts.passwordTooWeak,
    ],
    [
      'password without lowercase',
      { email: 'a@example.org', password: 'ABCDEFG1' },
      authTexts.passwordTooWeak,
    ],
    [
      'name too long',
      { email: 'a@example.org', password: STRONG_PASSWORD, firstName: 'x'.repeat(101) },
      'Names can be at most 100 characters',
    ],
    ['name of wrong type', { email: 'a@example.org', password: STRONG_PASSWORD, lastName: ['x'] }, undefined],
  ])('refuses %s with a 400 and creates nothing', async (_case, body, message) => {
    const before = await countUsers();
    const response = await call(t.app, 'POST', '/api/auth/register', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    if (message) expect(response.json().message).toBe(message);
    expect(await countUsers()).toBe(before);
  });

  it('refuses bodies that are not a JSON object', async () => {
    const cases = [
      { payload: '{"email": ', contentType: 'application/json', status: 400 },
      { payload: '"just a string"', contentType: 'application/json', status: 400 },
      { payload: '[1,2]', contentType: 'application/json', status: 400 },
      { payload: 'email=a@b.c', contentType: 'application/x-www-form-urlencoded', status: 415 },
      {
        payload: JSON.stringify({ email: 'a@example.org', password: 'x'.repeat(70_000) }),
        contentType: 'application/json',
        status: 413,
      },
    ];
    for (const { payload, contentType, status } of cases) {
      const response = await call(t.app, 'POST', '/api/auth/register', {
        body: payload,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, payload.slice(0, 30)).toBe(status);
      expect(typeof response.json().message).toBe('string');
    }
    const empty = await call(t.app, 'POST', '/api/auth/register');
    expect(empty.statusCode).toBe(400);
  });

  it('of several links of one account used at once, exactly one verifies and signs in', async () => {
    const email = uniqueEmail();
    const register = await call(t.app, 'POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD },
    });
    const cookie = signupCookieFrom(register);
    for (let n = 0; n < 2; n++) {
      await call(t.app, 'POST', '/api/auth/resend-verification', { body: { email }, cookie });
    }
    await expect.poll(() => t.mail.count(email)).toBe(3);
    const links = t.mail.messages.filter((mail) => mail.to.includes(email)).map(linkIn);
    expect(new Set(links.map((link) => link.href)).size).toBe(3);
    const uses = await Promise.all(
      links.map((link) => call(t.app, 'GET', `${link.pathname}${link.search}`, { cookie })),
    );
    const locations = uses.map((use) => use.headers.location).sort();
    expect(locations).toEqual([
      '/?verified=1',
      '/auth?mode=login&verification=invalid',
      '/auth?mode=login&verification=invalid',
    ]);
  });

  it('resend-verification answers alike for unknown, unverified and verified addresses, and mails only the unverified', async () => {
    const unverified = uniqueEmail('unverified');
    const register = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: unverified, password: STRONG_PASSWORD },
    });
    const firstLink = linkIn(await t.mail.waitFor(unverified, /Verify/));
    // The registering browser asks again: its binding cookie goes along and is kept.
    const responses = await Promise.all(
      [unverified, uniqueEmail('unknown')].map((email) =>
        call(t.app, 'POST', '/api/auth/resend-verification', {
          body: { email },
          cookie: signupCookieFrom(register),
        }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: authTexts.verificationSent });
    }
    await expect.poll(() => t.mail.count(unverified)).toBe(2);
    const secondLink = linkIn(await t.mail.waitFor(unverified, /Verify/));
    expect(secondLink.href).not.toBe(firstLink.href);
    // Both links work until one is used (people open the mail they find first); then neither does.
    const cookie = signupCookieFrom(responses[0] as (typeof responses)[number]);
    expect(cookie).toBe(signupCookieFrom(register));
    const first = await call(t.app, 'GET', `${firstLink.pathname}${firstLink.search}`, { cookie });
    expect(first.headers.location).toBe('/?verified=1');
    const second = await call(t.app, 'GET', `${secondLink.pathname}${secondLink.search}`, { cookie });
    expect(second.headers.location).toBe('/auth?mode=login&verification=invalid');

    const invalid = await call(t.app, 'POST', '/api/auth/resend-verification', { body: { email: 'nope' } });
    expect(invalid.statusCode).toBe(400);

    const verifiedAgain = await call(t.app, 'POST', '/api/auth/resend-verification', {
      body: { email: unverified },
    });
    expect(verifiedAgain.json()).toEqual({ message: authTexts.verificationSent });
    // Whether a mail goes out is decided after the answer, and nothing tells when "no mail" is final:
    // a sleep could end before a wrong third mail arrived. Closing the app waits for the work answers
    // left behind (app.ts drains it), so such a mail would be in the sink now. Keep this the file's last
    // use of the app (afterAll's close is then a no-op for it).
    await t.app.close();
    expect(t.mail.count(unverified)).toBe(2);
  });
});
