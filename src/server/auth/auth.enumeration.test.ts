import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import {
  createTestApp,
  createVerifiedUser,
  STRONG_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';

/** What a caller could compare between two answers, but the values that differ per request. */
function observable(response: LightMyRequestResponse) {
  return {
    status: response.statusCode,
    keys: Object.keys(response.json()),
    body: response.body,
    headerNames: Object.keys(response.headers)
      .filter((name) => name !== 'date')
      .sort(),
    cookieNames: response.cookies.map((cookie) => cookie.name),
    cookies: response.cookies.map(({ value: _value, expires: _expires, ...attributes }) => attributes),
  };
}

/**
 * ADDENDUM §10: register, login, forgot-password and resend-verification answer identically for existing
 * and unknown emails (status, body keys and their order, body, cookies).
 */
describe.each(testEngines)('answers that do not tell whether an account exists on %s', (engine) => {
  let t: TestApp;
  const accounts = { verified: '', unverified: '' };
  beforeAll(async () => {
    t = await createTestApp(engine);
    accounts.verified = (await createVerifiedUser(t)).email;
    accounts.unverified = uniqueEmail('unverified');
    await call(t.app, 'POST', '/api/auth/register', {
      body: { email: accounts.unverified, password: STRONG_PASSWORD },
    });
    await t.mail.waitFor(accounts.unverified, /Verify/);
  });
  afterAll(() => t.close());

  const requests = [
    {
      request: 'register',
      url: '/api/auth/register',
      body: (email: string) => ({ email, password: STRONG_PASSWORD, firstName: 'Ada', lastName: null }),
      status: 201,
    },
    {
      request: 'login with a wrong password',
      url: '/api/auth/login',
      body: (email: string) => ({ email, password: 'Wrong-Password-1', rememberMe: true }),
      status: 401,
    },
    {
      request: 'forgot-password',
      url: '/api/auth/forgot-password',
      body: (email: string) => ({ email }),
      status: 200,
    },
    {
      request: 'resend-verification',
      url: '/api/auth/resend-verification',
      body: (email: string) => ({ email }),
      status: 200,
    },
  ];
  const cases = requests.flatMap((row) =>
    (['verified', 'unverified'] as const).map((account) => ({ ...row, account })),
  );

  it.each(cases)(
    '$request: a $account account’s email and an unknown one get the same answer',
    async (row) => {
      const existing = await call(t.app, 'POST', row.url, { body: row.body(accounts[row.account]) });
      const unknown = await call(t.app, 'POST', row.url, { body: row.body(uniqueEmail('unknown')) });
      expect(existing.statusCode, existing.body).toBe(row.status);
      expect(observable(existing)).toEqual(observable(unknown));
    },
  );
});
