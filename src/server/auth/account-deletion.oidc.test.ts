import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts, DELETE_FRESH_SIGN_IN_MS } from '../../shared/auth/auth.contract.js';
import { ErrorCode } from '../../shared/errors.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { type OidcIssuer, oidcConfig, providerAccount, startOidcIssuer } from '../test/oidc-issuer.js';
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, type TestApp } from '../test/test-app.js';

/** An account that signs in with the provider only confirms its deletion with a fresh sign-in (0149). */
describe.each(testEngines)('deleting a provider account on %s', (engine) => {
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

  /**
   * Signs in at the provider from `loginUrl`, as a browser would with the cookies `jar` holds (what each
   * response sets or clears goes into it): the session's cookie, and where the callback lands.
   */
  async function signInAt(sub: string, loginUrl: string, jar = new Map<string, string>()) {
    const keep = (response: Awaited<ReturnType<typeof t.app.inject>>) => {
      for (const cookie of response.cookies) {
        if (cookie.value === '') jar.delete(cookie.name);
        else jar.set(cookie.name, cookie.value);
      }
    };
    const login = await t.app.inject({ method: 'GET', url: loginUrl });
    keep(login);
    const callbackUrl = await issuer.completeAuthorization(String(login.headers.location), sub);
    const oidcCookies = [...jar].filter(([name]) => name.startsWith('oidc_'));
    const response = await t.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: { cookie: oidcCookies.map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    keep(response);
    expect(response.statusCode).toBe(302);
    return { cookie: sessionCookieFrom(response), landsOn: response.headers.location, jar };
  }

  const signIn = async (sub: string) => (await signInAt(sub, '/api/login')).cookie;

  it('asks for a new sign-in once the last one is older than five minutes, then deletes the account', async () => {
    const account = providerAccount(issuer);
    const cookie = await signIn(account.sub);
    const userId = (await call(t.app, 'GET', '/api/auth/user', { cookie })).json().id;

    t.clock.advance(DELETE_FRESH_SIGN_IN_MS + 1);
    const stale = await call(t.app, 'DELETE', '/api/auth/user', { cookie, body: {} });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({
      message: authTexts.deleteNeedsFreshSignIn,
      code: ErrorCode.freshSignInRequired,
    });
    expect(await t.db.selectFrom('users').select('id').where('id', '=', userId).execute()).toHaveLength(1);

    // The dialog's "Sign in again" returns to Profile (0152), where Delete is pressed again.
    const { cookie: fresh, landsOn } = await signInAt(account.sub, '/api/login?returnTo=%2Fprofile');
    expect(landsOn).toBe('/profile');
    const deleted = await call(t.app, 'DELETE', '/api/auth/user', { cookie: fresh, body: {} });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
    // The older session ended with the account.
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie })).json()).toBeNull();
  });

  it('returns from the provider to a path of this app only, else to the start page', async () => {
    const account = providerAccount(issuer);
    const cases: Array<[returnTo: string, landsOn: string]> = [
      ['/profile', '/profile'],
      ['/conversations?tab=all', '/conversations?tab=all'],
      ['//evil.example/profile', '/'],
      ['/\\evil.example', '/'],
      ['https://evil.example/profile', '/'],
      ['/api/logout', '/'],
      ['profile', '/'],
    ];
    for (const [returnTo, landsOn] of cases) {
      const signedIn = await signInAt(account.sub, `/api/login?returnTo=${encodeURIComponent(returnTo)}`);
      expect(signedIn.landsOn, returnTo).toBe(landsOn);
      expect(signedIn.cookie).toBeTruthy();
    }
    // A return path from an earlier, abandoned start is not used by a later one without it.
    const abandoned = await t.app.inject({ method: 'GET', url: '/api/login?returnTo=%2Fprofile' });
    const jar = new Map(abandoned.cookies.map((cookie) => [cookie.name, cookie.value]));
    expect(jar.get('oidc_return')).toBe('/profile');
    expect((await signInAt(account.sub, '/api/login', jar)).landsOn).toBe('/');
    // And a callback uses a return path once.
    const used = await signInAt(account.sub, '/api/login?returnTo=%2Fprofile');
    expect(used.jar.has('oidc_return')).toBe(false);
  });
});
