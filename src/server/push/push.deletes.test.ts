import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestAppWithPushService, type TestPushService } from '../test/push-service.js';
import { createVerifiedUser, sessionCookieFrom, type TestApp } from '../test/test-app.js';

/** What is deleted is not pushed: a deleted message's pending pushes go in the delete's transaction. */
describe.each(testEngines)('pushes of deleted messages on %s', (engine) => {
  let t: TestApp;
  let service: TestPushService;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, service, close } = await createTestAppWithPushService(engine));
  });
  afterAll(() => close());

  /** An account whose browser is subscribed, its push service refusing for now (503: a retry waits). */
  async function refusingSubscriber() {
    const user = await createVerifiedUser(t);
    // Remembered: a browser session would end with the day the retention case lets pass.
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password, rememberMe: true },
    });
    const cookie = sessionCookieFrom(login);
    const browser = service.subscribe();
    const subscribed = await call(t.app, 'POST', '/api/push/subscribe', { cookie, body: { ...browser } });
    expect(subscribed.statusCode).toBe(201);
    service.respondWith(browser.id, 503);
    return { ...user, cookie, browser };
  }
  const bodiesPushedTo = (browser: { id: string }) =>
    service.received
      .filter((received) => received.subscription === browser.id)
      .map((received) => JSON.parse(received.plaintext).body as string);
  /** The account's queued pushes: `retry` once the first attempt was refused and a retry waits. */
  const queuedFor = (email: string) =>
    t.db
      .selectFrom('pushJobs')
      .innerJoin('users', 'users.id', 'pushJobs.userId')
      .select(['pushJobs.subscriptionId', 'pushJobs.payload'])
      .where('users.email', '=', email)
      .execute()
      .then((rows) =>
        rows
          .map((row) => ({
            retry: row.subscriptionId !== null,
            body: JSON.parse(row.payload).body as string,
          }))
          .sort((a, b) => a.body.localeCompare(b.body)),
      );
  const rowsHolding = async (text: string) =>
    (await t.db.selectFrom('pushJobs').select('id').where('payload', 'like', `%${text}%`).execute()).length;
  /** Every retry due now, the push service accepting again: what is still queued is pushed. */
  async function retryEverything(...browsers: { id: string }[]) {
    for (const browser of browsers) service.respondWith(browser.id, 201);
    t.clock.advance(10 * 60_000);
    await t.app.jobs.runNow('push-dispatch');
  }
  const send = (cookie: string, vehicleId: string, content: string) =>
    call(t.app, 'POST', '/api/messages/anonymous', { cookie, body: { vehicleId, content } });

  it('drops the pending push of a message its sender deletes, and keeps the others', async () => {
    const owner = await refusingSubscriber();
    const sender = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const canary = `Deleted ${randomUUID()}`;
    const deleted = await send(sender.cookie, vehicle.id, canary);
    expect(deleted.statusCode).toBe(201);
    expect((await send(sender.cookie, vehicle.id, 'Kept')).statusCode).toBe(201);
    await expect
      .poll(() => queuedFor(owner.email))
      .toEqual([
        { retry: true, body: canary },
        { retry: true, body: 'Kept' },
      ]);

    const deleting = await call(t.app, 'DELETE', `/api/messages/${deleted.json().id}`, {
      cookie: sender.cookie,
    });
    expect(deleting.statusCode).toBe(200);
    expect(await queuedFor(owner.email)).toEqual([{ retry: true, body: 'Kept' }]);
    expect(await rowsHolding(canary)).toBe(0);

    await retryEverything(owner.browser);
    await expect.poll(() => queuedFor(owner.email)).toEqual([]);
    expect(bodiesPushedTo(owner.browser).sort()).toEqual([canary, 'Kept', 'Kept'].sort());
    expect(service.failures).toEqual([]);
  });

  it('drops the pushes to the side that deletes a conversation of the messages it hid, only', async () => {
    const owner = await refusingSubscriber();
    const sender = await refusingSubscriber();
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const canary = `Hidden ${randomUUID()}`;
    const sent = await send(sender.cookie, vehicle.id, canary);
    const conversationId = sent.json().conversationId as string;
    const reply = await call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Reply' },
    });
    expect(reply.statusCode).toBe(201);
    await expect.poll(() => queuedFor(owner.email)).toEqual([{ retry: true, body: canary }]);
    await expect.poll(() => queuedFor(sender.email)).toEqual([{ retry: true, body: 'Reply' }]);

    const cleared = await call(t.app, 'DELETE', `/api/conversations/${conversationId}`, {
      cookie: owner.cookie,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await queuedFor(owner.email)).toEqual([]);
    expect(await rowsHolding(canary)).toBe(0);
    // The other side keeps the conversation, and its pushes.
    expect(await queuedFor(sender.email)).toEqual([{ retry: true, body: 'Reply' }]);
    // A message after the delete (in its millisecond: the clock has not moved) is pushed as any other.
    expect((await send(sender.cookie, vehicle.id, 'After')).statusCode).toBe(201);
    await expect.poll(() => queuedFor(owner.email)).toEqual([{ retry: true, body: 'After' }]);

    await retryEverything(owner.browser, sender.browser);
    await expect
      .poll(async () => [...(await queuedFor(owner.email)), ...(await queuedFor(sender.email))])
      .toEqual([]);
    expect(bodiesPushedTo(owner.browser).sort()).toEqual([canary, 'After', 'After'].sort());
    expect(bodiesPushedTo(sender.browser)).toEqual(['Reply', 'Reply']);
  });

  it('drops the pending pushes of the messages retention deletes', async () => {
    const owner = await refusingSubscriber();
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const canary = `Expired ${randomUUID()}`;
    expect(
      (
        await call(t.app, 'POST', '/api/messages/anonymous', {
          body: { vehicleId: vehicle.id, content: canary },
        })
      ).statusCode,
    ).toBe(201);
    await expect.poll(() => queuedFor(owner.email)).toEqual([{ retry: true, body: canary }]);

    t.clock.advance(MESSAGE_RETENTION_MS + 1);
    await t.app.jobs.runNow('message-retention');
    expect(await queuedFor(owner.email)).toEqual([]);
    expect(await rowsHolding(canary)).toBe(0);
    await retryEverything(owner.browser);
    expect(bodiesPushedTo(owner.browser)).toEqual([canary]);
  });
});
