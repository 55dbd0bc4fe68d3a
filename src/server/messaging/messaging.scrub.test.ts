import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubTexts } from '../../shared/messaging/scrub-texts.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestAppWithPushService, type TestPushService } from '../test/push-service.js';
import { createVerifiedUser, type TestApp } from '../test/test-app.js';

/** Issue 33 point 2, decision 0148: what is kept, read, answered and pushed is the masked text. */
describe.each(testEngines)('contact details in a message, on %s', (engine) => {
  let t: TestApp;
  let service: TestPushService;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, service, close } = await createTestAppWithPushService(engine));
  });
  afterAll(() => close());

  const subscribeBrowser = async (cookie: string) => {
    const browser = service.subscribe();
    const subscribed = await call(t.app, 'POST', '/api/push/subscribe', { cookie, body: { ...browser } });
    expect(subscribed.statusCode).toBe(201);
    return browser;
  };
  const pushesTo = (id: string) => service.received.filter((received) => received.subscription === id);
  const storedContent = async (id: string) =>
    (await t.db.selectFrom('messages').select('content').where('id', '=', id).executeTakeFirstOrThrow())
      .content;

  it('are masked in the row, the owner’s read, the sender’s status page and the decrypted push, both ways', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const ownersBrowser = await subscribeBrowser(owner.cookie);

    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: 'call me on +44 7911 123456 or john at gmail dot com' },
    });
    expect(sent.statusCode).toBe(201);
    const masked = `call me on ${scrubTexts.phone} or ${scrubTexts.email}`;
    const { id, conversationId } = sent.json();
    const visitor = sent.cookies.find((cookie) => cookie.name === 'visitor');
    const visitorCookie = `visitor=${visitor?.value}`;

    expect(await storedContent(id)).toBe(masked);
    const read = await call(t.app, 'GET', `/api/conversations/${conversationId}/messages`, {
      cookie: owner.cookie,
    });
    expect(read.json().map((message: { content: string }) => message.content)).toEqual([masked]);
    const status = await call(t.app, 'GET', `/api/messages/${id}/status`, { cookie: visitorCookie });
    expect(status.json()).toMatchObject({ content: masked });
    await expect.poll(() => pushesTo(ownersBrowser.id).length).toBe(1);
    expect(service.failures).toEqual([]);
    expect(JSON.parse(pushesTo(ownersBrowser.id)[0]?.plaintext ?? '{}')).toMatchObject({ body: masked });
    expect(pushesTo(ownersBrowser.id)[0]?.plaintext).not.toContain('7911');

    // The owner's reply is masked the same way: in its answer, a retry's answer, the row and the status page.
    const key = randomUUID();
    const reply = () =>
      call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
        cookie: owner.cookie,
        body: { content: 'Text me: 07911 123456, or see t.me/owner_here' },
        headers: { 'idempotency-key': key },
      });
    const maskedReply = `Text me: ${scrubTexts.phone}, or see ${scrubTexts.link}`;
    const answered = await reply();
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toMatchObject({ content: maskedReply });
    expect((await reply()).json()).toMatchObject({ id: answered.json().id, content: maskedReply });
    expect(await storedContent(answered.json().id)).toBe(maskedReply);
    const after = await call(t.app, 'GET', `/api/messages/${id}/status`, { cookie: visitorCookie });
    expect(after.json().replies.map((message: { content: string }) => message.content)).toEqual([
      maskedReply,
    ]);
  });

  it('leaves a message with a plate, a time and a price as written', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const content = 'ABC-1234 is blocking bay 12 since 10:30, the fine is €35';
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content },
    });
    expect(sent.statusCode).toBe(201);
    expect(await storedContent(sent.json().id)).toBe(content);
  });
});
