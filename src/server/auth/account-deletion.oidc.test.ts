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

  async function signIn(sub: string) {
    const login = await t.app.inject({ method: 'GET', url: '/api/login' });
    const state = login.cookies.find((cookie) => cookie.name === 'oidc_state');
    const callbackUrl = await issuer.completeAuthorization(String(login.headers.location), sub);
    const response = await t.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: { cookie: `oidc_state=${state?.value}` },
    });
    return sessionCookieFrom(response);
  }

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

    const fresh = await signIn(account.sub);
    const deleted = await call(t.app, 'DELETE', '/api/auth/user', { cookie: fresh, body: {} });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
    // The older session ended with the account.
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie })).json()).toBeNull();
  });
});
