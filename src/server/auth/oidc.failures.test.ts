import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import {
  type EndpointFailure,
  type IssuerEndpoint,
  type OidcIssuer,
  oidcConfig,
  providerAccount,
  startOidcIssuer,
  type TestAccount,
} from '../test/oidc-issuer.js';
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, type TestApp } from '../test/test-app.js';

const SIGN_IN_FAILED = '/auth?mode=login&error=oidc';

/**
 * The issuer fails after the person signed in there: its token endpoint, or its userinfo endpoint (the
 * default test issuer serves the address only there). The real provider runs on loopback; a broken
 * endpoint is answered in front of it, so openid-client meets real HTTP failures.
 */
describe.each(testEngines)('OIDC callback when the issuer fails, on %s', (engine) => {
  let issuer: OidcIssuer;
  let t: TestApp;
  beforeAll(async () => {
    issuer = await startOidcIssuer({ redirectUris: [`${TEST_ORIGIN}/api/callback`] });
    t = await createTestApp(engine, { config: { oidc: oidcConfig(issuer) } });
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  /** /api/login, the issuer's pages, then the app's /api/callback as the browser brings it back. */
  async function signIn(account: TestAccount) {
    const login = await call(t.app, 'GET', '/api/login');
    expect(login.statusCode, login.body).toBe(302);
    const state = login.cookies.find((cookie) => cookie.name === 'oidc_state');
    const callbackUrl = await issuer.completeAuthorization(String(login.headers.location), account.sub);
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();
    return call(t.app, 'GET', `${callbackUrl.pathname}${callbackUrl.search}`, {
      cookie: `oidc_state=${state?.value}`,
    });
  }

  const usersWith = async (account: TestAccount) =>
    t.db
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('email', '=', account.email ?? ''),
          eb('oidcSubject', 'like', `%|${account.sub}`),
          eb('email', '=', 'someone-else@example.org'),
        ]),
      )
      .execute();

  it.each<[IssuerEndpoint, EndpointFailure]>([
    ['token', 'server-error'],
    ['token', 'not-json'],
    ['token', 'connection-reset'],
    ['userinfo', 'server-error'],
    ['userinfo', 'not-json'],
    ['userinfo', 'connection-reset'],
    ['userinfo', 'other-subject'],
  ])('a %s endpoint answering %s: our sign-in error, no session, no account', async (endpoint, failure) => {
    const account = providerAccount(issuer);
    const breakage = issuer.breakEndpoint(endpoint, failure);
    let response: Awaited<ReturnType<typeof call>>;
    try {
      response = await signIn(account);
    } finally {
      breakage.restore();
    }
    // The app did get as far as the broken endpoint (for userinfo: past a working token endpoint).
    expect(breakage.requests).toBe(1);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(SIGN_IN_FAILED);
    expect(response.cookies.find((cookie) => cookie.name === 'session')).toBeUndefined();
    expect(response.cookies.find((cookie) => cookie.name === 'oidc_state')?.value).toBe('');
    expect(await usersWith(account)).toEqual([]);

    // Nothing is left broken: the same person signs in once the issuer answers again.
    const recovered = await signIn(account);
    expect(recovered.headers.location).toBe('/');
    const me = await call(t.app, 'GET', '/api/auth/user', { cookie: sessionCookieFrom(recovered) });
    expect(me.json()).toMatchObject({ email: account.email, authProvider: 'oidc' });
    expect(await usersWith(account)).toHaveLength(1);
  });
});
