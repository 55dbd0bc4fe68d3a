import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshot } from '../test/database-snapshot.js';
import { matrixOn, testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { linkIn } from '../test/mail.js';
import {
  createTestApp,
  createVerifiedUser,
  STRONG_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';

/** Values of another kind than the field's, as a crafted request may send them (docs/decisions/0055). */
const NOT_TEXT: Array<[string, unknown]> = [
  ['an object', {}],
  ['an empty array', []],
  ['an array of text', ['someone@example.org']],
  ['true', true],
  ['false', false],
  ['zero', 0],
  ['a number', 42],
  ['an operator object', { $ne: null }],
];
const NOT_BOOLEAN: Array<[string, unknown]> = [
  ['text', 'true'],
  ['empty text', ''],
  ['one', 1],
  ['zero', 0],
  ['an object', {}],
  ['an array', [true]],
];
const NEW_PASSWORD = 'Brand-New-Secret-7';

describe.each(testEngines)('auth requests with fields of the wrong type on %s', (engine) => {
  let t: TestApp;
  let verified: { email: string; password: string };
  let unverifiedEmail: string;
  let resetToken: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    verified = await createVerifiedUser(t);
    unverifiedEmail = uniqueEmail('unverified');
    await call(t.app, 'POST', '/api/auth/register', {
      body: { email: unverifiedEmail, password: STRONG_PASSWORD },
    });
    await t.mail.waitFor(unverifiedEmail, /Verify/);
    await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: verified.email } });
    resetToken = linkIn(await t.mail.waitFor(verified.email, /Reset/)).searchParams.get('token') ?? '';
    expect(resetToken).not.toBe('');
  });
  afterAll(() => t.close());

  /** Each auth write, a body it would accept (with an account that exists), and its fields' kinds. */
  const endpoints = [
    {
      url: '/api/auth/register',
      body: () => ({
        email: uniqueEmail('new'),
        password: STRONG_PASSWORD,
        firstName: 'Ada',
        lastName: 'Lovelace',
      }),
      fields: { email: 'text', password: 'text', firstName: 'text', lastName: 'text' },
    },
    {
      url: '/api/auth/login',
      body: () => ({ email: verified.email, password: verified.password, rememberMe: true }),
      fields: { email: 'text', password: 'text', rememberMe: 'boolean' },
    },
    {
      url: '/api/auth/forgot-password',
      body: () => ({ email: verified.email }),
      fields: { email: 'text' },
    },
    {
      url: '/api/auth/resend-verification',
      body: () => ({ email: unverifiedEmail }),
      fields: { email: 'text' },
    },
    {
      url: '/api/auth/reset-password',
      body: () => ({ resetToken, newPassword: NEW_PASSWORD }),
      fields: { resetToken: 'text', newPassword: 'text' },
    },
  ] as const;

  async function expectRefusedWithoutChange(
    send: () => Promise<{ statusCode: number; json(): unknown; cookies: Array<{ name: string }> }>,
    message: string,
  ) {
    const before = await databaseSnapshot(t.db);
    const mails = t.mail.messages.length;
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    // No session; register and resend may (re)set the browser's signup binding, which holds no state.
    expect(response.cookies.map((cookie) => cookie.name)).not.toContain('session');
    expect(await databaseSnapshot(t.db)).toEqual(before);
    expect(t.mail.messages.length).toBe(mails);
  }

  // The refusal comes before any SQL: every wrong value on SQLite, each field once on PostgreSQL.
  const allCases = endpoints.flatMap(({ url, body, fields }) =>
    Object.entries(fields).flatMap(([field, kind]) =>
      (kind === 'text' ? NOT_TEXT : NOT_BOOLEAN).map(([how, value]) => ({
        url,
        body,
        field,
        how,
        value,
        message: kind === 'text' ? `${field} must be text` : `${field} must be true or false`,
      })),
    ),
  );
  const cases = matrixOn(engine, allCases, ({ url, field }) => `${url} ${field}`);

  it.each(cases)('POST $url: $field as $how → 400 "$message", nothing changes', async (row) => {
    await expectRefusedWithoutChange(
      () => call(t.app, 'POST', row.url, { body: { ...row.body(), [row.field]: row.value } }),
      row.message,
    );
  });

  const notObjects = ['[]', '[{"email":"a@example.org"}]', '"a@example.org"', '42', 'true', 'null'];
  it.each(
    matrixOn(
      engine,
      endpoints.flatMap(({ url }) => notObjects.map((payload) => ({ url, payload }))),
      ({ url }) => url,
    ),
  )(
    'POST $url: the body $payload → 400 "Request body must be a JSON object", nothing changes',
    async ({ url, payload }) => {
      await expectRefusedWithoutChange(
        () => call(t.app, 'POST', url, { body: payload, headers: { 'content-type': 'application/json' } }),
        'Request body must be a JSON object',
      );
    },
  );

  it.each(endpoints)('POST $url: no body at all → 400, nothing changes', async ({ url }) => {
    await expectRefusedWithoutChange(() => call(t.app, 'POST', url), 'Request body must be a JSON object');
  });

  // Last: the account still signs in with its password, and the reset link still works once.
  it('left the accounts and the reset link as they were', async () => {
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: verified.email, password: verified.password },
    });
    expect(login.statusCode).toBe(200);
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { resetToken, newPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    const users = await t.db.selectFrom('users').select('email').execute();
    expect(users.map((user) => user.email).sort()).toEqual([verified.email, unverifiedEmail].sort());
  });
});
