import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { buildVehicle, vehicleBody } from '../test/factories.js';
import { call } from '../test/http.js';
import { linkIn } from '../test/mail.js';
import {
  createTestApp,
  createVerifiedUser,
  STRONG_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REFUSED = { message: 'Cross-site request refused', code: 'FOREIGN_ORIGIN' };

/** Every state-changing route the app has, as "METHOD /pattern", read from its router. */
function writeRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...(match[1] ?? '')].length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) {
      if (!SAFE_METHODS.has(method)) routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

describe.each(testEngines)('the Origin check on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** What a write by or for `userId` could change: its account, sessions, links and vehicles. */
  async function snapshot(userId: string) {
    const [users, sessions, verifications, vehicles, conversations, messages, blocks, push, preferences] =
      await Promise.all([
        t.db.selectFrom('users').selectAll().where('id', '=', userId).execute(),
        t.db.selectFrom('sessions').selectAll().where('userId', '=', userId).orderBy('tokenHash').execute(),
        t.db.selectFrom('verifications').selectAll().where('userId', '=', userId).orderBy('id').execute(),
        t.db.selectFrom('vehicles').selectAll().where('ownerId', '=', userId).orderBy('id').execute(),
        t.db.selectFrom('conversations').selectAll().where('userTwoId', '=', userId).orderBy('id').execute(),
        t.db.selectFrom('messages').selectAll().orderBy('id').execute(),
        t.db.selectFrom('blocks').selectAll().where('blockerId', '=', userId).orderBy('id').execute(),
        t.db.selectFrom('pushSubscriptions').selectAll().where('userId', '=', userId).orderBy('id').execute(),
        t.db.selectFrom('notificationPreferences').selectAll().where('userId', '=', userId).execute(),
      ]);
    return { users, sessions, verifications, vehicles, conversations, messages, blocks, push, preferences };
  }

  const userId = async (email: string) =>
    (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it('refuses every write that names no Origin with 403, and changes nothing', async () => {
    const user = await createVerifiedUser(t);
    const active = await buildVehicle(t.app, user.cookie);
    const removed = await buildVehicle(t.app, user.cookie);
    expect(
      (await call(t.app, 'DELETE', `/api/vehicles/${removed.id}`, { cookie: user.cookie })).statusCode,
    ).toBe(200);
    const themed = await call(t.app, 'PUT', `/api/vehicles/${active.id}/theme`, {
      cookie: user.cookie,
      body: { themePreset: 'sport' },
    });
    expect(themed.statusCode).toBe(200);
    await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const resetToken = linkIn(await t.mail.waitFor(user.email, /Reset/)).searchParams.get('token');

    const unverified = uniqueEmail('unverified');
    await call(t.app, 'POST', '/api/auth/register', {
      body: { email: unverified, password: STRONG_PASSWORD },
    });
    await t.mail.waitFor(unverified, /Verify/);
    const newcomer = uniqueEmail('newcomer');
    const owner = await createVerifiedUser(t);
    const ownerVehicle = await buildVehicle(t.app, owner.cookie);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: user.cookie,
      body: { vehicleId: ownerVehicle.id, content: 'Hello' },
    });
    const conversationId = sent.json().conversationId;

    // Each request would be carried out with the app's Origin.
    const requests: Record<string, { url: string; body?: unknown }> = {
      'POST /api/auth/register': {
        url: '/api/auth/register',
        body: { email: newcomer, password: STRONG_PASSWORD },
      },
      'POST /api/auth/login': {
        url: '/api/auth/login',
        body: { email: user.email, password: user.password, rememberMe: true },
      },
      'POST /api/auth/logout': { url: '/api/auth/logout' },
      'DELETE /api/auth/user': { url: '/api/auth/user', body: { password: user.password } },
      'PUT /api/auth/locale': { url: '/api/auth/locale', body: { locale: 'de-DE' } },
      'POST /api/logout': { url: '/api/logout' },
      'POST /api/auth/refresh-session': { url: '/api/auth/refresh-session' },
      'POST /api/auth/forgot-password': { url: '/api/auth/forgot-password', body: { email: user.email } },
      'POST /api/auth/reset-password': {
        url: '/api/auth/reset-password',
        body: { resetToken, newPassword: 'Brand-New-Secret-7' },
      },
      'POST /api/auth/resend-verification': {
        url: '/api/auth/resend-verification',
        body: { email: unverified },
      },
      'POST /api/vehicles': { url: '/api/vehicles', body: vehicleBody() },
      'PATCH /api/vehicles/:id': {
        url: `/api/vehicles/${active.id}`,
        body: vehicleBody({ model: 'Corolla' }),
      },
      'DELETE /api/vehicles/:id': { url: `/api/vehicles/${active.id}` },
      'PATCH /api/vehicles/:id/reactivate': { url: `/api/vehicles/${removed.id}/reactivate` },
      'POST /api/vehicles/:id/rotate-code': { url: `/api/vehicles/${active.id}/rotate-code` },
      'PUT /api/vehicles/:id/theme': {
        url: `/api/vehicles/${active.id}/theme`,
        body: { themePreset: 'eco' },
      },
      'DELETE /api/vehicles/:id/theme': { url: `/api/vehicles/${active.id}/theme` },
      'POST /api/messages/anonymous': {
        url: '/api/messages/anonymous',
        body: { vehicleId: ownerVehicle.id, content: 'Again' },
      },
      'POST /api/conversations/:id/messages': {
        url: `/api/conversations/${conversationId}/messages`,
        body: { content: 'Reply' },
      },
      'PATCH /api/conversations/:id/read': { url: `/api/conversations/${conversationId}/read`, body: {} },
      'POST /api/conversations/:id/status': {
        url: `/api/conversations/${conversationId}/status`,
        body: { code: 'on_my_way' },
      },
      'POST /api/messages/:id/notify-again': { url: `/api/messages/${sent.json().id}/notify-again` },
      'POST /api/messages/:id/feedback': {
        url: `/api/messages/${sent.json().id}/feedback`,
        body: { rating: 'abusive' },
      },
      'PUT /api/messages/preferences': { url: '/api/messages/preferences', body: { readReceipts: false } },
      'DELETE /api/conversations/:id': { url: `/api/conversations/${conversationId}` },
      'DELETE /api/messages/:id': { url: `/api/messages/${sent.json().id}` },
      'POST /api/block': { url: '/api/block', body: { conversationId } },
      'DELETE /api/block/:key': { url: `/api/block/${encodeURIComponent(owner.email)}` },
      // Keys of the right form: refused for the missing Origin before they are checked anywhere.
      'POST /api/push/subscribe': {
        url: '/api/push/subscribe',
        body: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/x',
          p256dh: Buffer.alloc(65, 4).toString('base64url'),
          auth: Buffer.alloc(16, 1).toString('base64url'),
        },
      },
      'POST /api/push/unsubscribe': {
        url: '/api/push/unsubscribe',
        body: { endpoint: 'https://fcm.googleapis.com/fcm/send/x' },
      },
      'POST /api/push/test': { url: '/api/push/test', body: {} },
      'PUT /api/push/preferences': { url: '/api/push/preferences', body: { showPreviews: false } },
    };
    // A new write route must be added here, so it is checked too.
    expect(Object.keys(requests).sort()).toEqual(writeRoutes(t.app));

    const before = {
      user: await snapshot(await userId(user.email)),
      unverified: await snapshot(await userId(unverified)),
    };
    const mailsBefore = { user: t.mail.count(user.email), unverified: t.mail.count(unverified) };
    for (const [route, { url, body }] of Object.entries(requests)) {
      const method = route.split(' ')[0] as 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      for (const fetchSite of [undefined, 'same-site', 'cross-site', 'none']) {
        const response = await call(t.app, method, url, {
          body,
          cookie: user.cookie,
          origin: null,
          headers: fetchSite ? { 'sec-fetch-site': fetchSite } : {},
        });
        expect(response.statusCode, `${route} with Sec-Fetch-Site ${fetchSite}`).toBe(403);
        expect(response.json()).toEqual(REFUSED);
      }
    }

    expect(await snapshot(await userId(user.email))).toEqual(before.user);
    expect(await snapshot(await userId(unverified))).toEqual(before.unverified);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', newcomer).execute()).toEqual([]);
    // A mail asked for afterwards arrives alone: the refused requests sent none.
    await call(t.app, 'POST', '/api/auth/resend-verification', { body: { email: unverified } });
    await expect.poll(() => t.mail.count(unverified)).toBe(mailsBefore.unverified + 1);
    expect(t.mail.count(user.email)).toBe(mailsBefore.user);
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie: user.cookie })).json()).toMatchObject({
      email: user.email,
    });
  });

  it('carries out a write without Origin when the browser says it is same-origin', async () => {
    const email = uniqueEmail();
    const register = await call(t.app, 'POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD },
      origin: null,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(register.statusCode).toBe(201);

    const user = await createVerifiedUser(t);
    const created = await call(t.app, 'POST', '/api/vehicles', {
      cookie: user.cookie,
      body: vehicleBody(),
      origin: null,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(created.statusCode).toBe(201);
  });

  it('lets reads through without Origin', async () => {
    const user = await createVerifiedUser(t);
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await call(t.app, method, '/api/vehicles', { cookie: user.cookie, origin: null });
      expect(response.statusCode, method).toBe(200);
    }
  });
});
