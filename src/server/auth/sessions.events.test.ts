import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '../events/event-bus.js';
import type { DomainEvents } from '../events/events.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { linkIn } from '../test/mail.js';
import { createTestApp, createVerifiedUser, sessionCookieFrom, type TestApp } from '../test/test-app.js';
import { hashToken } from '../tokens.js';
import { SESSION_LIFETIME } from './sessions.service.js';

type Ended = DomainEvents['session.ended'];

describe.each(testEngines)('sessions that end, on %s', (engine) => {
  let t: TestApp;
  const ended: Ended[] = [];
  beforeAll(async () => {
    const events = createInProcessEventBus((error) => {
      throw error;
    });
    events.subscribe('session.ended', (event) => void ended.push(event));
    t = await createTestApp(engine, { events });
  });
  afterAll(() => t.close());

  const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
  const userIdOf = async (cookie: string) =>
    (await call(t.app, 'GET', '/api/auth/user', { cookie })).json().id;
  const endedFor = (userId: string) => ended.filter((event) => event.userId === userId);

  it('the session lookup the WebSocket upgrade uses finds live sessions only', async () => {
    const user = await createVerifiedUser(t);
    const auth = await t.app.findSession(tokenOf(user.cookie));
    expect(auth).toMatchObject({ user: { email: user.email }, sessionId: hashToken(tokenOf(user.cookie)) });
    expect(await t.app.findSession('not-a-session')).toBeNull();
    expect(await t.app.findSession(undefined)).toBeNull();
  });

  it('announces a logout, with the session it ended', async () => {
    const user = await createVerifiedUser(t);
    const userId = await userIdOf(user.cookie);
    await call(t.app, 'POST', '/api/auth/logout', { cookie: user.cookie });
    await expect
      .poll(() => endedFor(userId))
      .toEqual([{ userId, sessionId: hashToken(tokenOf(user.cookie)), reason: 'logout' }]);
  });

  it('announces the session a new sign-in in the same browser replaces', async () => {
    const user = await createVerifiedUser(t);
    const userId = await userIdOf(user.cookie);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      cookie: user.cookie,
    });
    expect(sessionCookieFrom(login)).not.toBe(user.cookie);
    await expect
      .poll(() => endedFor(userId))
      .toEqual([{ userId, sessionId: hashToken(tokenOf(user.cookie)), reason: 'replaced' }]);
  });

  it('announces that a password reset ended every session of the account', async () => {
    const user = await createVerifiedUser(t);
    const userId = await userIdOf(user.cookie);
    await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const link = linkIn(await t.mail.waitFor(user.email, /Reset/));
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { resetToken: link.searchParams.get('token'), newPassword: 'Another-Horse-7' },
    });
    expect(reset.statusCode).toBe(200);
    await expect
      .poll(() => endedFor(userId))
      .toEqual([{ userId, sessionId: null, reason: 'password-reset' }]);
  });

  it('the periodic clean-up deletes expired sessions and announces each', async () => {
    const user = await createVerifiedUser(t);
    const userId = await userIdOf(user.cookie);
    const sessionId = hashToken(tokenOf(user.cookie));
    await t.app.jobs.runNow('auth-cleanup');
    expect(endedFor(userId)).toEqual([]);
    const countRows = async () =>
      (await t.db.selectFrom('sessions').select('tokenHash').where('tokenHash', '=', sessionId).execute())
        .length;
    expect(await countRows()).toBe(1);

    t.clock.advance(SESSION_LIFETIME.browserSession + 1);
    await t.app.jobs.runNow('auth-cleanup');
    expect(await countRows()).toBe(0);
    await expect.poll(() => endedFor(userId)).toEqual([{ userId, sessionId, reason: 'expired' }]);
  });
});
