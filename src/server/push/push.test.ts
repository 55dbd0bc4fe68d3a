import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors.js';
import { MESSAGE_MAX_LENGTH, MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.contract.js';
import {
  notificationPreferencesTexts,
  PUSH_ENDPOINT_MAX,
  pushTexts,
} from '../../shared/push/push.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestAppWithPushService, type TestPushService } from '../test/push-service.js';
import { createVerifiedUser, type TestApp } from '../test/test-app.js';
import { presentMessageNotification } from './push.presenter.js';
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

describe("a message's notification", () => {
  it('stays under 3,000 bytes with the longest text, a long vehicle name and the owner’s buttons (ADDENDUM §10)', () => {
    const payload = presentMessageNotification(
      {
        conversationId: randomUUID(),
        // 500 characters of four bytes each: the most a message's preview can weigh.
        content: '🚗'.repeat(MESSAGE_MAX_LENGTH),
        recipientVehicle: {
          displayName: 'Ü'.repeat(100),
          year: '2020',
          make: 'Mercedes-Benz',
          model: 'Sprinter Cargo Van',
          licensePlate: 'ABCD-12345',
        },
        recipientIsOwner: true,
        unreadCount: 999_999,
        urgent: false,
      },
      { showPreview: true, silent: true },
    );
    expect(payload.actions).toHaveLength(4);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(3000);
  });
});

describe.each(testEngines)('web push on %s', (engine) => {
  let t: TestApp;
  let service: TestPushService;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, service, close } = await createTestAppWithPushService(engine));
  });
  afterAll(() => close());

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

  it('answers check-renewal for the browser that asks: its subscription dropped, it renews while another browser’s stands', async () => {
    const user = await createVerifiedUser(t);
    const [phone, laptop] = [service.subscribe(), service.subscribe()];
    for (const browser of [phone, laptop]) {
      const subscribed = await call(t.app, 'POST', '/api/push/subscribe', {
        cookie: user.cookie,
        body: { endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth },
      });
      expect(subscribed.statusCode).toBe(201);
    }
    const renewalOf = async (endpoint?: string) => {
      const query = endpoint === undefined ? '' : `?endpoint=${encodeURIComponent(endpoint)}`;
      const answer = await call(t.app, 'GET', `/api/push/check-renewal${query}`, { cookie: user.cookie });
      expect(answer.statusCode).toBe(200);
      return answer.json().renewalRequired;
    };
    expect(await renewalOf(phone.endpoint)).toBe(false);
    expect(await renewalOf(laptop.endpoint)).toBe(false);

    // The server forgets the phone's subscription (as after the push service's 410).
    const { id: userId } = (await call(t.app, 'GET', '/api/auth/user', { cookie: user.cookie })).json();
    await createPushRepo(t.db).deleteSubscriptionOf(userId, phone.endpoint);
    expect(await renewalOf(phone.endpoint)).toBe(true);
    expect(await renewalOf(laptop.endpoint)).toBe(false);
    // Asked without an endpoint, the account still has a current subscription (spec §7's call).
    expect(await renewalOf()).toBe(false);
    // Another account's endpoint is not this account's subscription.
    const other = await createVerifiedUser(t);
    const others = await call(
      t.app,
      'GET',
      `/api/push/check-renewal?endpoint=${encodeURIComponent(laptop.endpoint)}`,
      {
        cookie: other.cookie,
      },
    );
    expect(others.json()).toEqual({ renewalRequired: true });
  });

  it('refuses a check-renewal endpoint that is not one, and visitors', async () => {
    const user = await createVerifiedUser(t);
    const ask = (query: string) =>
      call(t.app, 'GET', `/api/push/check-renewal${query}`, { cookie: user.cookie });
    const cases: Array<[string, string]> = [
      ['?endpoint=', pushTexts.endpointRequired],
      ['?endpoint=http%3A%2F%2Fpush.example%2Fx', pushTexts.endpointInvalid],
      [`?endpoint=https%3A%2F%2Fpush.example%2F${'x'.repeat(PUSH_ENDPOINT_MAX)}`, pushTexts.endpointInvalid],
      ['?endpoint=https%3A%2F%2Fa.example&endpoint=https%3A%2F%2Fb.example', 'endpoint must be text'],
    ];
    for (const [query, message] of cases) {
      const answer = await ask(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message, query).toBe(message);
    }
    expect((await call(t.app, 'GET', '/api/push/check-renewal')).statusCode).toBe(401);
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

  describe('an endpoint another account subscribed (issue 29, decision 0129)', () => {
    const subscribe = (cookie: string, browser: { endpoint: string; p256dh: string; auth: string }) =>
      call(t.app, 'POST', '/api/push/subscribe', {
        cookie,
        body: { endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth },
      });
    const status = async (cookie: string) =>
      (await call(t.app, 'GET', '/api/push/status', { cookie })).json().isSubscribed;
    const testPush = (cookie: string, title: string) =>
      call(t.app, 'POST', '/api/push/test', { cookie, body: { title, body: 'Ping' } });
    const titlesTo = (id: string) =>
      service.received
        .filter((received) => received.subscription === id)
        .map((received) => JSON.parse(received.plaintext).title);

    it('is refused with 409 without the keys of the browser that made it; the first owner keeps getting pushes', async () => {
      const [first, second] = [await createVerifiedUser(t), await createVerifiedUser(t)];
      const browser = service.subscribe();
      expect((await subscribe(first.cookie, browser)).statusCode).toBe(201);

      // Another account knows the endpoint (a URL), not the browser's secret: its own keys, or one key of two.
      const guessed = service.subscribe();
      for (const keys of [
        { p256dh: guessed.p256dh, auth: guessed.auth },
        { p256dh: browser.p256dh, auth: guessed.auth },
        { p256dh: guessed.p256dh, auth: browser.auth },
      ]) {
        const refused = await subscribe(second.cookie, { endpoint: browser.endpoint, ...keys });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          message: pushTexts.endpointTaken,
          code: ErrorCode.pushEndpointTaken,
        });
      }
      expect(await status(first.cookie)).toBe(true);
      expect(await status(second.cookie)).toBe(false);

      // The first owner still gets its pushes, encrypted with its own keys; the other account gets none.
      expect((await testPush(first.cookie, 'Still mine')).json()).toMatchObject({ delivered: 1 });
      expect((await testPush(second.cookie, 'Taken over')).statusCode).toBe(404);
      expect(titlesTo(browser.id)).toEqual(['Still mine']);
      expect(service.failures).toEqual([]);
    });

    it('moves to another account that shows the same keys: the same browser, another account signed in', async () => {
      const [first, second] = [await createVerifiedUser(t), await createVerifiedUser(t)];
      const browser = service.subscribe();
      expect((await subscribe(first.cookie, browser)).statusCode).toBe(201);

      expect((await subscribe(second.cookie, browser)).statusCode).toBe(201);
      expect(await status(first.cookie)).toBe(false);
      expect(await status(second.cookie)).toBe(true);
      expect((await testPush(second.cookie, 'Now yours')).json()).toMatchObject({ delivered: 1 });
      expect((await testPush(first.cookie, 'Gone')).statusCode).toBe(404);
      expect(titlesTo(browser.id)).toEqual(['Now yours']);
      expect(service.failures).toEqual([]);
    });

    it('keeps it for its own account subscribing again with new keys; the old keys then prove nothing', async () => {
      const [owner, other] = [await createVerifiedUser(t), await createVerifiedUser(t)];
      const before = service.subscribe();
      expect((await subscribe(owner.cookie, before)).statusCode).toBe(201);

      const renewed = service.renew(before);
      expect((await subscribe(owner.cookie, renewed)).statusCode).toBe(201);
      // Decrypted with the new keys only: the server stored them.
      expect((await testPush(owner.cookie, 'New keys')).json()).toMatchObject({ delivered: 1 });
      expect(titlesTo(before.id)).toEqual(['New keys']);

      expect((await subscribe(other.cookie, before)).statusCode).toBe(409);
      expect(await status(owner.cookie)).toBe(true);
      expect(service.failures).toEqual([]);
    });

    it('lets one of two accounts racing for a new endpoint with their own keys have it, never both', async () => {
      const [one, two] = [await createVerifiedUser(t), await createVerifiedUser(t)];
      const browser = service.subscribe();
      const otherKeys = service.subscribe();
      const answers = await Promise.all([
        subscribe(one.cookie, browser),
        subscribe(two.cookie, { endpoint: browser.endpoint, p256dh: otherKeys.p256dh, auth: otherKeys.auth }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect([await status(one.cookie), await status(two.cookie)].filter(Boolean)).toHaveLength(1);
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

  const subscribeBrowser = async (cookie: string) => {
    const browser = service.subscribe();
    const subscribed = await call(t.app, 'POST', '/api/push/subscribe', { cookie, body: { ...browser } });
    expect(subscribed.statusCode).toBe(201);
    return browser;
  };
  const pushesTo = (id: string) => service.received.filter((received) => received.subscription === id);
  /** How many push jobs the account of `email` has queued. */
  const jobsOf = (email: string) =>
    t.db
      .selectFrom('pushJobs')
      .innerJoin('users', 'users.id', 'pushJobs.userId')
      .select('pushJobs.id')
      .where('users.email', '=', email)
      .execute()
      .then((rows) => rows.length);
  /** Jobs of the account released for a later attempt (not under way). */
  const retriesOf = (email: string) =>
    t.db
      .selectFrom('pushJobs')
      .innerJoin('users', 'users.id', 'pushJobs.userId')
      .select('pushJobs.id')
      .where('users.email', '=', email)
      .where('pushJobs.claimedUntil', '=', 0)
      .execute()
      .then((rows) => rows.length);
  const countJobs = async () =>
    Number(
      (
        await t.db
          .selectFrom('pushJobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('notifies the owner of a message with the vehicle and a preview, never who wrote', async () => {
    const owner = await createVerifiedUser(t, undefined, { firstName: 'Ottoline', lastName: 'Wexford' });
    const sender = await createVerifiedUser(t, undefined, {
      firstName: 'Zephyrine',
      lastName: 'Quillbottom',
    });
    const vehicle = await buildVehicle(t.app, owner.cookie);
    await buildVehicle(t.app, sender.cookie, { make: 'Honda', model: 'Civic', year: '2019' });
    const browser = await subscribeBrowser(owner.cookie);

    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: vehicle.id, content: 'Your lights are on' },
    });
    expect(sent.statusCode).toBe(201);
    await expect.poll(() => pushesTo(browser.id).length).toBe(1);
    expect(service.failures).toEqual([]);
    const [push] = pushesTo(browser.id);
    const payload = JSON.parse(push?.plaintext ?? '{}');
    expect(payload).toMatchObject({
      title: `New message for your ${vehicle.year} ${vehicle.make} ${vehicle.model} (${vehicle.licensePlate})`,
      body: 'Your lights are on',
      conversationId: sent.json().conversationId,
      url: `/conversations/${sent.json().conversationId}`,
      unreadCount: 1,
    });
    // The owner of the vehicle written to gets the one-tap answers as buttons, most useful first (issue 32).
    expect(payload.actions).toEqual([
      { action: 'on_my_way', title: 'On my way' },
      { action: 'five_minutes', title: "I'll be there in 5 minutes" },
      { action: 'not_mine', title: 'Not my car' },
      { action: 'moved', title: 'Moved, thanks' },
    ]);
    expect(push?.headers).toMatchObject({ urgency: 'high' });
    expect(Number(push?.headers.ttl)).toBeGreaterThan(23 * 3600);
    expect(Buffer.byteLength(push?.plaintext ?? '')).toBeLessThan(3000);
    const senderUser = (await call(t.app, 'GET', '/api/auth/user', { cookie: sender.cookie })).json();
    for (const secret of [
      senderUser.email,
      senderUser.email.split('@')[0],
      senderUser.id,
      'Zephyrine',
      'Quillbottom',
      'Honda',
      'Civic',
    ]) {
      expect(push?.plaintext).not.toContain(secret);
    }
    await expect.poll(countJobs).toBe(0);

    // The reply reaches the sender's browser the same way, with the sender's own vehicle named.
    const senderBrowser = await subscribeBrowser(sender.cookie);
    await call(t.app, 'POST', `/api/conversations/${sent.json().conversationId}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Thanks!' },
    });
    await expect.poll(() => pushesTo(senderBrowser.id).length).toBe(1);
    const reply = JSON.parse(pushesTo(senderBrowser.id)[0]?.plaintext ?? '{}');
    expect(reply).toMatchObject({ body: 'Thanks!' });
    // The sender (side two) has nothing to answer with one tap: no buttons.
    expect(reply).not.toHaveProperty('actions');
    expect(pushesTo(senderBrowser.id)[0]?.plaintext).not.toContain('Ottoline');
  });

  it("leaves the message text out of the owner's pushes once they turn previews off, and back in when on", async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const browser = await subscribeBrowser(owner.cookie);
    const preferences = (body?: object) =>
      call(t.app, body ? 'PUT' : 'GET', '/api/push/preferences', { cookie: owner.cookie, body });
    const visitorWrites = async (content: string) => {
      const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
        body: { vehicleId: vehicle.id, content },
      });
      expect(sent.statusCode).toBe(201);
    };
    expect((await preferences()).json()).toMatchObject({ showPreviews: true, emailFallback: true });

    const off = await preferences({ showPreviews: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ showPreviews: false, emailFallback: true });
    expect((await preferences()).json()).toMatchObject({ showPreviews: false, emailFallback: true });
    await visitorWrites('The gate code is 4711');
    await expect.poll(() => pushesTo(browser.id).length).toBe(1);
    const hidden = pushesTo(browser.id)[0]?.plaintext ?? '';
    expect(JSON.parse(hidden)).toMatchObject({ body: notificationPreferencesTexts.hiddenPreview });
    expect(hidden).not.toContain('4711');

    await preferences({ showPreviews: true });
    await visitorWrites('Your lights are on');
    await expect.poll(() => pushesTo(browser.id).length).toBe(2);
    // The badge counts both unread messages (two visitors' conversations), whatever the preview shows.
    expect(JSON.parse(hidden)).toMatchObject({ unreadCount: 1 });
    expect(JSON.parse(pushesTo(browser.id)[1]?.plaintext ?? '{}')).toMatchObject({
      body: 'Your lights are on',
      unreadCount: 2,
    });
  });

  it('refuses a preference that is not true or false, and visitors, changing nothing', async () => {
    const owner = await createVerifiedUser(t);
    for (const body of [{}, { showPreviews: 'no' }, { showPreviews: null }, { showPreviews: 1 }, []]) {
      const refused = await call(t.app, 'PUT', '/api/push/preferences', { cookie: owner.cookie, body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toMatch(
        /showPreviews must be true or false|Request body must be a JSON object|Send showPreviews, emailFallback or quietHours/,
      );
    }
    expect((await call(t.app, 'GET', '/api/push/preferences', { cookie: owner.cookie })).json()).toEqual({
      showPreviews: true,
      emailFallback: true,
      quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: null },
    });
    expect((await call(t.app, 'GET', '/api/push/preferences')).statusCode).toBe(401);
    expect(
      (await call(t.app, 'PUT', '/api/push/preferences', { body: { showPreviews: false } })).statusCode,
    ).toBe(401);
  });

  it('answers the message at once while the push service hangs, retries a 5xx later, and forgets a 410', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const browser = await subscribeBrowser(owner.cookie);
    const send = (content: string) =>
      call(t.app, 'POST', '/api/messages/anonymous', { body: { vehicleId: vehicle.id, content } });

    service.respondWith(browser.id, 'hang');
    expect((await send('First')).statusCode).toBe(201);
    // The push went out and hangs; the message was answered regardless.
    await expect.poll(() => pushesTo(browser.id).length).toBe(1);

    service.respondWith(browser.id, 503);
    expect((await send('Second')).statusCode).toBe(201);
    await expect.poll(() => pushesTo(browser.id).length).toBe(2);
    // A retry waits its back-off: move time past it and drain.
    t.clock.advance(6_000);
    service.respondWith(browser.id, 201);
    await t.app.jobs.runNow('push-dispatch');
    await expect.poll(() => pushesTo(browser.id).length).toBe(3);
    expect(JSON.parse(pushesTo(browser.id)[2]?.plaintext ?? '{}').body).toBe('Second');

    service.respondWith(browser.id, 410);
    expect((await send('Third')).statusCode).toBe(201);
    await expect.poll(() => pushesTo(browser.id).length).toBe(4);
    await expect
      .poll(async () => (await call(t.app, 'GET', '/api/push/status', { cookie: owner.cookie })).json())
      .toEqual({ isSubscribed: false });
    expect(service.failures).toEqual([]);
  });

  it('sends every notification of a burst once, past the pushes one instance keeps under way', {
    timeout: 60_000,
  }, async () => {
    // No push of an earlier test under way: all 64 places are this test's.
    service.answerHanging(201);
    await expect.poll(countJobs, { timeout: 20_000 }).toBe(0);
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const browser = await subscribeBrowser(owner.cookie);
    service.respondWith(browser.id, 'hang');
    // 64 pushes under way at most: the first 64 go out (and hang), the rest wait for one to end.
    const contents = Array.from({ length: 70 }, (_, index) => `Message ${index}`);
    for (const content of contents) {
      const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
        body: { vehicleId: vehicle.id, content },
      });
      expect(sent.statusCode).toBe(201);
    }
    await expect.poll(() => pushesTo(browser.id).length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(pushesTo(browser.id).length).toBeLessThanOrEqual(64);

    // 15 s later, those still waiting have too little of their claim left to be started: once it runs out,
    // the queue's drain claims them again and sends them.
    t.clock.advance(15_000);
    service.respondWith(browser.id, 201);
    service.answerHanging(201);
    const queued = () => jobsOf(owner.email);
    const state = async () => ({ pushed: pushesTo(browser.id).length, queued: await queued() });
    // 64 pushes over TLS and their deletes: seconds on a busy machine.
    await expect.poll(state, { timeout: 20_000 }).toEqual({ pushed: 64, queued: 6 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await state()).toEqual({ pushed: 64, queued: 6 });
    t.clock.advance(6_000);
    await t.app.jobs.runNow('push-dispatch');
    await expect.poll(() => pushesTo(browser.id).length, { timeout: 20_000 }).toBe(70);
    const bodies = pushesTo(browser.id).map((push) => JSON.parse(push.plaintext).body as string);
    expect(bodies.sort()).toEqual([...contents].sort());
    expect(service.failures).toEqual([]);
  });

  it("never retries a push to a browser another account took over: the retry was the first account's", async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const browser = await subscribeBrowser(owner.cookie);
    service.respondWith(browser.id, 503);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: 'The gate code is 4711' },
    });
    expect(sent.statusCode).toBe(201);
    await expect.poll(() => pushesTo(browser.id).length).toBe(1);
    // The failed push's retry replaces its job (for a moment both may be there).
    await expect.poll(() => jobsOf(owner.email)).toBe(1);

    // Another account signs in on that browser and subscribes it (its keys: the same browser).
    const next = await createVerifiedUser(t);
    const taken = await call(t.app, 'POST', '/api/push/subscribe', {
      cookie: next.cookie,
      body: { ...browser },
    });
    expect(taken.statusCode).toBe(201);
    service.respondWith(browser.id, 201);
    t.clock.advance(6_000);
    await t.app.jobs.runNow('push-dispatch');
    await expect.poll(() => jobsOf(owner.email)).toBe(0);
    expect(pushesTo(browser.id)).toHaveLength(1);
  });

  it('gives a notification up once its TTL runs out: deleted, never sent late', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const browser = await subscribeBrowser(owner.cookie);
    service.respondWith(browser.id, 503);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: 'Your lights are on' },
    });
    expect(sent.statusCode).toBe(201);
    await expect.poll(() => pushesTo(browser.id).length).toBe(1);
    const queued = () => jobsOf(owner.email);
    // The 503 is taken in once the job is released for its retry: until then it is under way here, and
    // the dispatcher run below would leave it alone.
    await expect.poll(() => retriesOf(owner.email)).toBe(1);
    expect(await queued()).toBe(1);
    // The service would accept it now, but a day has gone by: the retry is dropped, with its preview.
    service.respondWith(browser.id, 201);
    t.clock.advance(MESSAGE_RETENTION_MS + 1);
    await t.app.jobs.runNow('push-dispatch');
    expect(await queued()).toBe(0);
    expect(pushesTo(browser.id)).toHaveLength(1);
  });
});
