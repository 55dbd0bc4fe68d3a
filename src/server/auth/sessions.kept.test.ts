import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';
import { hashToken } from '../tokens.js';
import { createAuthRepo } from './auth.repo.js';
import { SESSION_LIFETIME } from './sessions.service.js';

// On SQLite a session read is kept until the database's next write (docs/decisions/0120): whatever a
// request changes, the next request must see it, on either engine.
describe.each(testEngines)('a signed-in request sees every change at once, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const me = (cookie: string) => call(t.app, 'GET', '/api/auth/user', { cookie });
  const userIdOf = async (cookie: string) => ((await me(cookie)).json() as { id: string }).id;

  it('a change to the account, made by any request', async () => {
    const user = await createVerifiedUser(t);
    const id = await userIdOf(user.cookie);
    expect((await me(user.cookie)).json()).toMatchObject({ firstName: 'Test' });
    await t.db.updateTable('users').set({ firstName: 'Renamed' }).where('id', '=', id).execute();
    expect((await me(user.cookie)).json()).toMatchObject({ firstName: 'Renamed' });

    // No longer verified: held to the routes an unverified account may use, from the next request on.
    expect((await call(t.app, 'GET', '/api/vehicles', { cookie: user.cookie })).statusCode).toBe(200);
    await t.db.updateTable('users').set({ emailVerified: 0 }).where('id', '=', id).execute();
    const refused = await call(t.app, 'GET', '/api/vehicles', { cookie: user.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.emailVerificationRequired });
  });

  it('the end of the session, by logout or by deletion', async () => {
    const first = await createVerifiedUser(t);
    expect((await me(first.cookie)).json()).not.toBeNull();
    expect((await call(t.app, 'POST', '/api/auth/logout', { cookie: first.cookie })).statusCode).toBe(200);
    expect((await me(first.cookie)).json()).toBeNull();

    const second = await createVerifiedUser(t);
    const id = await userIdOf(second.cookie);
    await t.db.deleteFrom('sessions').where('userId', '=', id).execute();
    expect((await me(second.cookie)).json()).toBeNull();
  });

  it('the session running out, with no write in between', async () => {
    const user = await createVerifiedUser(t);
    expect((await me(user.cookie)).json()).not.toBeNull();
    expect((await me(user.cookie)).json()).not.toBeNull();
    // A browser-session cookie: forgotten a day after its last refresh.
    t.clock.advance(SESSION_LIFETIME.browserSession + 1);
    expect((await me(user.cookie)).json()).toBeNull();
  });
});

describe('the session kept from a read, on SQLite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('is answered without a query until the next write, and only while it is active', async () => {
    const user = await createVerifiedUser(t);
    const tokenHash = hashToken(user.cookie.split('=')[1] ?? '');
    const repo = createAuthRepo(t.db);
    const now = t.clock.now();
    const maxAge = SESSION_LIFETIME.absolute;
    // The sign-up's last step wrote; nothing is kept until a read.
    expect(repo.keptActiveSession(tokenHash, now, maxAge)).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(200);
    const kept = repo.keptActiveSession(tokenHash, now, maxAge);
    expect(kept).toMatchObject({ tokenHash, email: user.email });
    // Past its expiry (a day: a browser-session cookie) it is kept, but not active.
    expect(repo.keptActiveSession(tokenHash, now + SESSION_LIFETIME.browserSession, maxAge)).toBeNull();
    // Any write, to any table, and it is read again.
    await t.db.deleteFrom('idempotencyKeys').where('senderKey', '=', 'nobody').execute();
    expect(repo.keptActiveSession(tokenHash, now, maxAge)).toBeUndefined();
  });
});
