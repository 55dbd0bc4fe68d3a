import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTexts } from '../../shared/push/push.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { startTestPushService } from '../test/push-service.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';
import { createPushRepo } from './push.repo.js';
import { isAllowedPushEndpoint } from './push-hosts.js';
import { loadVapidKeys } from './vapid.js';

describe('push endpoints allowed (ADDENDUM §9)', () => {
  const hosts = ['fcm.googleapis.com', '*.push.apple.com', 'localhost:8443'];
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://web.push.apple.com/QK', true],
    ['https://push.apple.com/QK', false],
    ['https://evil.com/?x=.push.apple.com', false],
    ['https://fcm.googleapis.com.evil.com/x', false],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com:8443/x', false],
    ['https://localhost:8443/push/1', true],
    ['https://localhost/push/1', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['not a url', false],
  ])('%s → %s', (endpoint, allowed) => {
    expect(isAllowedPushEndpoint(endpoint, hosts)).toBe(allowed);
  });
});

describe.each(testEngines)('web push on %s', (engine) => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startTestPushService>>;
  beforeAll(async () => {
    service = await startTestPushService();
    t = await createTestApp(engine, {
      env: { VAPID_SUBJECT: 'mailto:operators@example.org' },
      config: { pushServiceHosts: [service.host] },
    });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it('keeps one VAPID key pair in the database for every instance, made once', async () => {
    const repo = createPushRepo(t.db);
    const [one, two] = await Promise.all([
      loadVapidKeys(t.config, repo, t.clock.now),
      loadVapidKeys(t.config, repo, t.clock.now),
    ]);
    const published = (await call(t.app, 'GET', '/api/push/vapid-public-key')).json().publicKey;
    expect(one?.publicKey).toBe(published);
    expect(two?.publicKey).toBe(published);
    expect(Buffer.from(published, 'base64url')).toHaveLength(65);
  });

  it('subscribes a browser, reports its status, and unsubscribes it', async () => {
    const user = await createVerifiedUser(t);
    const browser = service.subscribe();
    const status = async () => (await call(t.app, 'GET', '/api/push/status', { cookie: user.cookie })).json();
    const renewal = async () =>
      (await call(t.app, 'GET', '/api/push/check-renewal', { cookie: user.cookie })).json();
    expect(await status()).toEqual({ isSubscribed: false });
    expect(await renewal()).toEqual({ renewalRequired: true });

    const subscribed = await call(t.app, 'POST', '/api/push/subscribe', {
      cookie: user.cookie,
      body: { endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth },
    });
    expect(subscribed.statusCode).toBe(201);
    expect(await status()).toEqual({ isSubscribed: true });
    expect(await renewal()).toEqual({ renewalRequired: false });

    const unsubscribed = await call(t.app, 'POST', '/api/push/unsubscribe', {
      cookie: user.cookie,
      body: { endpoint: browser.endpoint },
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect(await status()).toEqual({ isSubscribed: false });
  });

  it('refuses visitors, endpoints off the allowed hosts or not https, and broken keys, changing nothing', async () => {
    const user = await createVerifiedUser(t);
    const browser = service.subscribe();
    const subscribe = (body: object) =>
      call(t.app, 'POST', '/api/push/subscribe', { cookie: user.cookie, body });
    const visitor = await call(t.app, 'POST', '/api/push/subscribe', { body: { ...browser } });
    expect(visitor.statusCode).toBe(401);
    const cases: Array<[object, string]> = [
      [{ ...browser, endpoint: 'https://169.254.169.254/push/x' }, pushTexts.endpointNotAllowed],
      [{ ...browser, endpoint: `http://${service.host}/push/x` }, pushTexts.endpointInvalid],
      [{ ...browser, endpoint: '' }, pushTexts.endpointRequired],
      [{ ...browser, p256dh: 'abc' }, pushTexts.keysInvalid],
      [{ ...browser, auth: Buffer.alloc(15).toString('base64url') }, pushTexts.keysInvalid],
      [{ ...browser, endpoint: 42 }, 'endpoint must be text'],
    ];
    for (const [body, message] of cases) {
      const refused = await subscribe(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await call(t.app, 'GET', '/api/push/status', { cookie: user.cookie })).json()).toEqual({
      isSubscribed: false,
    });
  });

  it('sends a test notification the push service can verify and decrypt; a 410 forgets the subscription', async () => {
    const user = await createVerifiedUser(t);
    const noSubscription = await call(t.app, 'POST', '/api/push/test', { cookie: user.cookie, body: {} });
    expect(noSubscription.statusCode).toBe(404);
    expect(noSubscription.json().message).toBe(pushTexts.noSubscription);

    const browser = service.subscribe();
    await call(t.app, 'POST', '/api/push/subscribe', { cookie: user.cookie, body: { ...browser } });
    const sent = await call(t.app, 'POST', '/api/push/test', {
      cookie: user.cookie,
      body: { title: 'Hello', body: 'From the test' },
    });
    expect(sent.json()).toMatchObject({ delivered: 1, subscriptions: 1 });
    const push = service.received.find((received) => received.subscription === browser.id);
    expect(service.failures).toEqual([]);
    expect(JSON.parse(push?.plaintext ?? '{}')).toMatchObject({ title: 'Hello', body: 'From the test' });
    const publicKey = (await call(t.app, 'GET', '/api/push/vapid-public-key')).json().publicKey;
    expect(push?.vapid).toMatchObject({
      aud: `https://${service.host}`,
      sub: 'mailto:operators@example.org',
      publicKey,
    });
    expect(push?.vapid.exp).toBeLessThanOrEqual(Math.floor(t.clock.now() / 1000) + 24 * 3600);
    expect(push?.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'normal' });
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);

    service.respondWith(browser.id, 410);
    const gone = await call(t.app, 'POST', '/api/push/test', { cookie: user.cookie, body: {} });
    expect(gone.json()).toMatchObject({ delivered: 0, message: pushTexts.testFailed });
    expect((await call(t.app, 'GET', '/api/push/status', { cookie: user.cookie })).json()).toEqual({
      isSubscribed: false,
    });
  });
});
