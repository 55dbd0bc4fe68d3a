import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockTexts, maskEmail } from '../../shared/messaging/blocks.js';
import { messageTexts } from '../../shared/messaging/messages.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp, uniqueEmail } from '../test/test-app.js';

describe('masked addresses', () => {
  it.each([
    ['jane.doe@gmail.com', 'j•••@g•••.com'],
    ['a@b.co.uk', 'a•••@b•••.uk'],
    ['x@localhost', 'x•••@l•••'],
  ])('%s shows as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe.each(testEngines)('blocking on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const send = (vehicleId: string, content: string, cookie?: string) =>
    call(t.app, 'POST', '/api/messages/anonymous', { body: { vehicleId, content }, cookie });

  it('blocks a signed-in sender from every vehicle of the owner, shown masked, until unblocked', async () => {
    const owner = await createVerifiedUser(t);
    const senderEmail = uniqueEmail('jane');
    const sender = await createVerifiedUser(t, senderEmail);
    const first = await buildVehicle(t.app, owner.cookie);
    const second = await buildVehicle(t.app, owner.cookie);
    const senderVehicle = await buildVehicle(t.app, sender.cookie, {
      make: 'Honda',
      model: 'Civic',
      year: '2019',
    });
    const sent = await send(first.id, 'Hi', sender.cookie);

    const block = await call(t.app, 'POST', '/api/block', {
      cookie: owner.cookie,
      body: { conversationId: sent.json().conversationId, reason: 'Rude' },
    });
    expect(block.statusCode).toBe(201);
    // Blocking again changes nothing.
    await call(t.app, 'POST', '/api/block', {
      cookie: owner.cookie,
      body: { conversationId: sent.json().conversationId },
    });

    for (const vehicleId of [first.id, second.id]) {
      const refused = await send(vehicleId, 'Again', sender.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: messageTexts.userBlocked, code: 'USER_BLOCKED' });
    }
    const reply = await call(t.app, 'POST', `/api/conversations/${sent.json().conversationId}/messages`, {
      cookie: sender.cookie,
      body: { content: 'Reply?' },
    });
    expect(reply.statusCode).toBe(403);

    const list = await call(t.app, 'GET', '/api/blocked-users', { cookie: owner.cookie });
    expect(list.json()).toEqual([
      {
        id: expect.any(String),
        blockedEmail: maskEmail(senderEmail),
        label: '2019 Honda Civic',
        reason: 'Rude',
        createdAt: expect.any(String),
      },
    ]);
    expect(list.body).not.toContain(senderEmail);
    expect(list.body).not.toContain(senderVehicle.licensePlate);

    // Someone else's block list is their own, and their unblock cannot touch this one.
    const stranger = await createVerifiedUser(t);
    expect((await call(t.app, 'GET', '/api/blocked-users', { cookie: stranger.cookie })).json()).toEqual([]);
    const id = list.json()[0].id;
    expect((await call(t.app, 'DELETE', `/api/block/${id}`, { cookie: stranger.cookie })).statusCode).toBe(
      404,
    );

    const unblock = await call(t.app, 'DELETE', `/api/block/${id}`, { cookie: owner.cookie });
    expect(unblock.json()).toEqual({ message: blockTexts.unblocked });
    expect((await send(second.id, 'Sorry', sender.cookie)).statusCode).toBe(201);
  });

  it('blocks a visitor by their cookie, as an anonymous sender, and unblocks by the full address too', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const first = await send(vehicle.id, 'Spam');
    const visitor = first.cookies.find((c) => c.name === 'visitor');
    const cookie = `visitor=${visitor?.value}`;
    await call(t.app, 'POST', '/api/block', {
      cookie: owner.cookie,
      body: { conversationId: first.json().conversationId },
    });
    const refused = await send(vehicle.id, 'More spam', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messageTexts.userBlocked);
    // Another visitor is not affected.
    expect((await send(vehicle.id, 'Hello')).statusCode).toBe(201);
    const [entry] = (await call(t.app, 'GET', '/api/blocked-users', { cookie: owner.cookie })).json();
    expect(entry).toMatchObject({ blockedEmail: null, label: blockTexts.anonymousSender, reason: null });

    const signedIn = await createVerifiedUser(t);
    const sent = await send(vehicle.id, 'Hi', signedIn.cookie);
    await call(t.app, 'POST', '/api/block', {
      cookie: owner.cookie,
      body: { conversationId: sent.json().conversationId },
    });
    const byEmail = await call(t.app, 'DELETE', `/api/block/${encodeURIComponent(signedIn.email)}`, {
      cookie: owner.cookie,
    });
    expect(byEmail.statusCode).toBe(200);
    expect((await send(vehicle.id, 'Back', signedIn.cookie)).statusCode).toBe(201);
  });

  it('lets a sender block the owner who replies to them: the owner’s next reply is refused (0083)', async () => {
    const owner = await createVerifiedUser(t);
    const sender = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const sent = await send(vehicle.id, 'Your lights are on', sender.cookie);
    const conversationId = sent.json().conversationId as string;
    const reply = (content: string) =>
      call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
        cookie: owner.cookie,
        body: { content },
      });
    expect((await reply('Thanks')).statusCode).toBe(201);

    const block = await call(t.app, 'POST', '/api/block', {
      cookie: sender.cookie,
      body: { conversationId },
    });
    expect(block.statusCode).toBe(201);
    const refused = await reply('Hello again');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: messageTexts.userBlocked, code: 'USER_BLOCKED' });
    const blocked = await call(t.app, 'GET', '/api/blocked-users', { cookie: sender.cookie });
    expect(blocked.json()).toHaveLength(1);
  });

  it('refuses to block from a conversation the caller is not in, and bad input, with 4xx', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const sent = await send(vehicle.id, 'Hi');
    const stranger = await createVerifiedUser(t);
    const cases: Array<[string | undefined, unknown, number]> = [
      [stranger.cookie, { conversationId: sent.json().conversationId }, 404],
      [owner.cookie, {}, 400],
      [owner.cookie, { conversationId: 42 }, 400],
      [owner.cookie, { conversationId: sent.json().conversationId, reason: 'x'.repeat(501) }, 400],
      [undefined, { conversationId: sent.json().conversationId }, 401],
    ];
    for (const [cookie, body, status] of cases) {
      expect((await call(t.app, 'POST', '/api/block', { cookie, body })).statusCode).toBe(status);
    }
    expect((await call(t.app, 'GET', '/api/blocked-users', { cookie: owner.cookie })).json()).toEqual([]);
  });
});
