import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** What a browser sends when it submits the confirmation page's form. */
const FORM_SUBMISSION = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(testEngines)('signing out through /api/logout on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const signedInAs = async (cookie: string) =>
    (await call(t.app, 'GET', '/api/auth/user', { cookie })).json() as Promise<{ email: string } | null>;

  const expectSignedOut = (response: Awaited<ReturnType<typeof call>>, status: number) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers.location).toBe('/auth?mode=login');
    expect(response.cookies.find((c) => c.name === 'session')?.value).toBe('');
  };

  it.each(['same-origin', 'none'])(
    'ends the session of a navigation with Sec-Fetch-Site %s',
    async (site) => {
      const user = await createVerifiedUser(t);
      const response = await call(t.app, 'GET', '/api/logout', {
        cookie: user.cookie,
        origin: null,
        headers: { 'sec-fetch-site': site },
      });
      expectSignedOut(response, 302);
      expect(await signedInAs(user.cookie)).toBeNull();
    },
  );

  it('ends the session of an account still waiting for verification (Back to Login)', async () => {
    const email = uniqueEmail();
    await call(t.app, 'POST', '/api/auth/register', { body: { email, password: STRONG_PASSWORD } });
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email, password: STRONG_PASSWORD },
    });
    expect(login.json()).toMatchObject({ emailVerificationRequired: true });
    const cookie = sessionCookieFrom(login);
    const response = await call(t.app, 'GET', '/api/logout', {
      cookie,
      origin: null,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expectSignedOut(response, 302);
    expect(await signedInAs(cookie)).toBeNull();
  });

  it.each([
    ['another site', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling site', { 'sec-fetch-site': 'same-site' }],
    ['a browser that does not say', {}],
    ['a prefetch', { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' }],
  ])('asks %s to confirm, and keeps the session', async (_, headers) => {
    const user = await createVerifiedUser(t);
    const response = await call(t.app, 'GET', '/api/logout', { cookie: user.cookie, origin: null, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toMatch(
      /<form method="post" action="\/api\/logout">\s*<button type="submit">Sign Out<\/button>/,
    );
    expect(response.body).toContain('<a href="/">Cancel</a>');
    expect(await signedInAs(user.cookie)).toMatchObject({ email: user.email });
  });

  it('HEAD never signs out', async () => {
    const user = await createVerifiedUser(t);
    const response = await call(t.app, 'HEAD', '/api/logout', {
      cookie: user.cookie,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
    expect(await signedInAs(user.cookie)).toMatchObject({ email: user.email });
  });

  it('the confirmation page passes the CSP: no script, styles inline only where the CSP allows them', async () => {
    const response = await call(t.app, 'GET', '/api/logout', { origin: null });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<form method="post" action="/api/logout">');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(response.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    expect(response.body).not.toMatch(/<(img|link|iframe|object)\b/i);
  });

  it('the confirmation form signs out and leads to the sign-in form', async () => {
    const user = await createVerifiedUser(t);
    const response = await call(t.app, 'POST', '/api/logout', {
      cookie: user.cookie,
      body: '',
      headers: { ...FORM_SUBMISSION, 'sec-fetch-site': 'same-origin' },
    });
    expectSignedOut(response, 303);
    expect(await signedInAs(user.cookie)).toBeNull();
    // Signed out already: the same answer.
    expectSignedOut(await call(t.app, 'POST', '/api/logout', { body: '', headers: FORM_SUBMISSION }), 303);
  });

  it('the confirmation form from another site, or with fields, is refused and changes nothing', async () => {
    const user = await createVerifiedUser(t);
    const foreign = await call(t.app, 'POST', '/api/logout', {
      cookie: user.cookie,
      body: '',
      origin: 'https://evil.example',
      headers: { ...FORM_SUBMISSION, 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Cross-site request refused', code: 'FOREIGN_ORIGIN' });
    const withFields = await call(t.app, 'POST', '/api/logout', {
      cookie: user.cookie,
      body: 'a=b',
      headers: FORM_SUBMISSION,
    });
    expect(withFields.statusCode).toBe(415);
    expect(withFields.json()).toEqual({ message: expect.any(String), code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await signedInAs(user.cookie)).toMatchObject({ email: user.email });
  });
});
