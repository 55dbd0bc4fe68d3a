import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../shared/auth/auth.contract.js';
import { testEngines } from '../test/databases.js';
import { freePort } from '../test/free-port.js';
import { call } from '../test/http.js';
import {
  type OidcIssuer,
  oidcConfig,
  providerAccount,
  startOidcIssuer,
  type TestAccount,
} from '../test/oidc-issuer.js';
import {
  createTestApp,
  createVerifiedUser,
  STRONG_PASSWORD,
  sessionCookieFrom,
  TEST_ORIGIN,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';
import { isLoopbackIssuer, LOGIN_STATE_LIFETIME_MS } from './oidc.service.js';

const SIGN_IN_FAILED = '/auth?mode=login&error=oidc';
const CALLBACK = `${TEST_ORIGIN}/api/callback`;

async function startLogin(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/api/login' });
  expect(response.statusCode, response.body).toBe(302);
  const state = response.cookies.find((cookie) => cookie.name === 'oidc_state');
  if (!state) throw new Error('no state cookie');
  return {
    response,
    authorizationUrl: String(response.headers.location),
    stateCookie: `oidc_state=${state.value}`,
  };
}

/** The whole code flow: the app's /api/login, the issuer's pages, the app's /api/callback. */
async function signIn(t: TestApp, issuer: OidcIssuer, account: TestAccount, cookie?: string) {
  const login = await startLogin(t);
  const callbackUrl = await issuer.completeAuthorization(login.authorizationUrl, account.sub);
  const callbackPath = `${callbackUrl.pathname}${callbackUrl.search}`;
  const headers = { cookie: [login.stateCookie, cookie].filter(Boolean).join('; ') };
  const response = await t.app.inject({ method: 'GET', url: callbackPath, headers });
  return { login, callbackPath, headers, response };
}

async function currentUser(t: TestApp, cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  return response.json();
}

function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe(SIGN_IN_FAILED);
  expect(response.cookies.find((cookie) => cookie.name === 'session')).toBeUndefined();
}

describe('isLoopbackIssuer', () => {
  it('allows plain http only to the loopback addresses', () => {
    expect(isLoopbackIssuer('http://localhost:8080')).toBe(true);
    expect(isLoopbackIssuer('http://127.0.0.1:8080/realms/x')).toBe(true);
    expect(isLoopbackIssuer('http://[::1]:8080')).toBe(true);
    expect(isLoopbackIssuer('http://id.example.org')).toBe(false);
    expect(isLoopbackIssuer('http://localhost.example.org')).toBe(false);
    expect(isLoopbackIssuer('https://localhost')).toBe(false);
  });
});

describe.each(testEngines)('OIDC sign-in on %s', (engine) => {
  let issuer: OidcIssuer;
  let t: TestApp;
  beforeAll(async () => {
    issuer = await startOidcIssuer({ redirectUris: [CALLBACK] });
    t = await createTestApp(engine, { config: { oidc: oidcConfig(issuer) } });
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it('names the provider for the sign-in buttons', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ oidc: { name: 'Test ID' } });
  });

  it('sends the browser to the issuer with PKCE S256, state and nonce', async () => {
    const { response, authorizationUrl } = await startLogin(t);
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(issuer.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: issuer.clientId,
      redirect_uri: CALLBACK,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    const stateCookie = response.cookies.find((cookie) => cookie.name === 'oidc_state');
    expect(stateCookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/callback',
      maxAge: 600,
    });
    expect(stateCookie?.value).toBe(url.searchParams.get('state'));
  });

  it('creates an account from the provider claims and signs it in', async () => {
    const account = providerAccount(issuer);
    const { response } = await signIn(t, issuer, account);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const cleared = response.cookies.find((cookie) => cookie.name === 'oidc_state');
    expect(cleared?.value).toBe('');
    const user = await currentUser(t, sessionCookieFrom(response));
    expect(user).toEqual({
      id: expect.any(String),
      email: account.email,
      emailVerified: true,
      firstName: 'Olive',
      lastName: 'Driver',
      authProvider: 'oidc',
      locale: 'en-US',
    });
  });

  it('signs the same provider account into the same user again', async () => {
    const account = providerAccount(issuer);
    const first = await signIn(t, issuer, account);
    const firstUser = await currentUser(t, sessionCookieFrom(first.response));
    const second = await signIn(t, issuer, account, sessionCookieFrom(first.response));
    expect(second.response.headers.location).toBe('/');
    const secondUser = await currentUser(t, sessionCookieFrom(second.response));
    expect(secondUser.id).toBe(firstUser.id);
    // The session the browser held before is replaced, not kept alongside.
    expect(await currentUser(t, sessionCookieFrom(first.response))).toBeNull();
  });

  it('keeps emailVerified false when the provider does not vouch for the address', async () => {
    const account = providerAccount(issuer, { email_verified: false });
    const { response } = await signIn(t, issuer, account);
    expect(response.headers.location).toBe('/');
    const user = await currentUser(t, sessionCookieFrom(response));
    expect(user).toMatchObject({ email: account.email, emailVerified: false, authProvider: 'oidc' });
  });

  it('refuses a provider account without an email claim', async () => {
    const account = providerAccount(issuer, { email: undefined });
    const { response } = await signIn(t, issuer, account);
    expectRefused(response);
  });

  it('refuses a callback without the state cookie of this browser', async () => {
    const account = providerAccount(issuer);
    const login = await startLogin(t);
    const callbackUrl = await issuer.completeAuthorization(login.authorizationUrl, account.sub);
    const url = `${callbackUrl.pathname}${callbackUrl.search}`;
    expectRefused(await t.app.inject({ method: 'GET', url }));
    const otherBrowser = await startLogin(t);
    expectRefused(await t.app.inject({ method: 'GET', url, headers: { cookie: otherBrowser.stateCookie } }));
  });

  it('refuses a replayed callback', async () => {
    const account = providerAccount(issuer);
    const { response, callbackPath, headers } = await signIn(t, issuer, account);
    expect(response.headers.location).toBe('/');
    expectRefused(await t.app.inject({ method: 'GET', url: callbackPath, headers }));
  });

  it('refuses an expired login', async () => {
    const account = providerAccount(issuer);
    const login = await startLogin(t);
    t.clock.advance(LOGIN_STATE_LIFETIME_MS + 1);
    const callbackUrl = await issuer.completeAuthorization(login.authorizationUrl, account.sub);
    const url = `${callbackUrl.pathname}${callbackUrl.search}`;
    expectRefused(await t.app.inject({ method: 'GET', url, headers: { cookie: login.stateCookie } }));
  });

  it('refuses when the person denies consent at the provider', async () => {
    const account = providerAccount(issuer);
    const login = await startLogin(t);
    const callbackUrl = await issuer.completeAuthorization(login.authorizationUrl, account.sub, {
      denyConsent: true,
    });
    expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
    const url = `${callbackUrl.pathname}${callbackUrl.search}`;
    expectRefused(await t.app.inject({ method: 'GET', url, headers: { cookie: login.stateCookie } }));
  });

  it('links an existing password account when the provider vouches for the address', async () => {
    const existing = await createVerifiedUser(t);
    const existingUser = await currentUser(t, existing.cookie);
    const account = providerAccount(issuer, { email: existing.email, email_verified: true });
    const { response } = await signIn(t, issuer, account);
    expect(response.headers.location).toBe('/');
    expect(await currentUser(t, sessionCookieFrom(response))).toEqual(existingUser);
    // Its owner had proven the address, so the password keeps working.
    const passwordLogin = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: existing.email, password: STRONG_PASSWORD },
    });
    expect(passwordLogin.statusCode).toBe(200);
  });

  it('refuses to link an existing account when the provider does not vouch for the address', async () => {
    const existing = await createVerifiedUser(t);
    const account = providerAccount(issuer, { email: existing.email, email_verified: false });
    const { response } = await signIn(t, issuer, account);
    expectRefused(response);
  });

  it('takes an unproven password away when linking a never-verified account', async () => {
    const email = uniqueEmail('squatted');
    const register = await call(t.app, 'POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD, firstName: 'Not', lastName: 'Owner' },
    });
    expect(register.statusCode).toBe(201);
    const account = providerAccount(issuer, { email, email_verified: true });
    const { response } = await signIn(t, issuer, account);
    expect(response.headers.location).toBe('/');
    const user = await currentUser(t, sessionCookieFrom(response));
    expect(user).toMatchObject({ email, emailVerified: true, authProvider: 'oidc' });
    const passwordLogin = await call(t.app, 'POST', '/api/auth/login', {
      body: { email, password: STRONG_PASSWORD },
    });
    expect(passwordLogin.statusCode).toBe(401);
  });

  it('refuses a second provider account for an account already linked to another', async () => {
    const first = providerAccount(issuer);
    expect((await signIn(t, issuer, first)).response.headers.location).toBe('/');
    const second = providerAccount(issuer, { email: first.email, email_verified: true });
    expectRefused((await signIn(t, issuer, second)).response);
  });
});

describe.each(testEngines)('OIDC configuration on %s', (engine) => {
  it('answers 404 with a clear message when no provider is configured', async () => {
    const t = await createTestApp(engine, { config: { oidc: undefined } });
    try {
      const login = await t.app.inject({ method: 'GET', url: '/api/login' });
      expect(login.statusCode).toBe(404);
      expect(login.json()).toEqual({ message: authTexts.oidcNotConfigured, code: 'NOT_FOUND' });
      const callback = await t.app.inject({ method: 'GET', url: '/api/callback?code=x&state=y' });
      expect(callback.statusCode).toBe(404);
      const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.json()).toEqual({ oidc: null });
    } finally {
      await t.close();
    }
  });

  it('answers 503 while the issuer is unreachable and recovers without a restart', async () => {
    const port = await freePort();
    const oidc = {
      issuer: `http://127.0.0.1:${port}`,
      clientId: 'vc',
      clientSecret: 's',
      providerName: 'Later',
    };
    const t = await createTestApp(engine, { config: { oidc } });
    let issuer: OidcIssuer | undefined;
    try {
      const unreachable = await t.app.inject({ method: 'GET', url: '/api/login' });
      expect(unreachable.statusCode).toBe(503);
      expect(unreachable.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(unreachable.headers['retry-after']).toBeDefined();
      issuer = await startOidcIssuer({ redirectUris: [CALLBACK], port, clientId: 'vc', clientSecret: 's' });
      const reachable = await t.app.inject({ method: 'GET', url: '/api/login' });
      expect(reachable.statusCode).toBe(302);
      expect(String(reachable.headers.location)).toMatch(new RegExp(`^${issuer.issuer}/`));
    } finally {
      await t.close();
      await issuer?.close();
    }
  });

  it('signs in when the issuer puts the claims in the ID token itself', async () => {
    const issuer = await startOidcIssuer({ redirectUris: [CALLBACK], claimsInIdToken: true });
    const t = await createTestApp(engine, { config: { oidc: oidcConfig(issuer) } });
    try {
      const account = providerAccount(issuer, { given_name: 'Ida' });
      const { response } = await signIn(t, issuer, account);
      expect(response.headers.location).toBe('/');
      const user = await currentUser(t, sessionCookieFrom(response));
      expect(user).toMatchObject({ email: account.email, firstName: 'Ida', authProvider: 'oidc' });
    } finally {
      await t.close();
      await issuer.close();
    }
  });

  it('marks the state cookie Secure when the app is served over https', async () => {
    const issuer = await startOidcIssuer({ redirectUris: ['https://cars.example.org/api/callback'] });
    const t = await createTestApp(engine, {
      env: { APP_ORIGIN: 'https://cars.example.org' },
      config: { oidc: oidcConfig(issuer) },
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/login' });
      expect(response.statusCode).toBe(302);
      const cookie = response.cookies.find((item) => item.name === '__Secure-oidc_state');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(new URL(String(response.headers.location)).searchParams.get('redirect_uri')).toBe(
        'https://cars.example.org/api/callback',
      );
    } finally {
      await t.close();
      await issuer.close();
    }
  });
});
