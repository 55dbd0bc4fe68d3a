import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTexts } from '../../shared/messaging/messages.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

describe.each(testEngines)('reading and deleting messages on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** An owner's vehicle, a signed-in sender's vehicle, and a conversation between them. */
  async function conversationOfTwo() {
    const owner = await createVerifiedUser(t);
    const sender = await createVerifiedUser(t);
    const target = await buildVehicle(t.app, owner.cookie);
    const senderVehicle = await buildVehicle(t.app, sender.cookie);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: target.id, content: 'First' },
    });
    t.clock.advance(1000);
    await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: target.id, content: 'Second' },
    });
    return {
      owner,
      sender,
      target,
      senderVehicle,
      conversationId: sent.json().conversationId as string,
      firstId: sent.json().id as string,
    };
  }
  const unreadOf = async (cookie: string) =>
    (await call(t.app, 'GET', '/api/messages/unread-count', { cookie })).json().count;

  it('opening a conversation marks it read for the caller’s own vehicle in it', async () => {
    const { owner, sender, target, senderVehicle, conversationId } = await conversationOfTwo();
    expect(await unreadOf(owner.cookie)).toBe(2);
    const recent = (await call(t.app, 'GET', '/api/messages', { cookie: owner.cookie })).json();
    expect(recent.map((m: { content: string }) => m.content)).toEqual(['Second', 'First']);

    const notMine = await call(t.app, 'PATCH', `/api/conversations/${conversationId}/read`, {
      cookie: owner.cookie,
      body: { vehicleId: senderVehicle.id },
    });
    expect(notMine.statusCode).toBe(400);
    expect(await unreadOf(owner.cookie)).toBe(2);

    const read = await call(t.app, 'PATCH', `/api/conversations/${conversationId}/read`, {
      cookie: owner.cookie,
      body: { vehicleId: target.id },
    });
    expect(read.statusCode).toBe(200);
    expect(await unreadOf(owner.cookie)).toBe(0);
    expect((await call(t.app, 'GET', '/api/messages', { cookie: owner.cookie })).json()).toEqual([]);
    // The sender's own messages are not "unread" for them, and now show as read.
    expect(await unreadOf(sender.cookie)).toBe(0);
    const senderSees = (
      await call(t.app, 'GET', `/api/conversations/${conversationId}/messages`, { cookie: sender.cookie })
    ).json();
    expect(senderSees.map((m: { isRead: boolean }) => m.isRead)).toEqual([true, true]);
  });

  it('deletes a conversation from the caller’s list only; a new message brings it back with only that', async () => {
    const { owner, sender, target, conversationId } = await conversationOfTwo();
    const deleted = await call(t.app, 'DELETE', `/api/conversations/${conversationId}`, {
      cookie: owner.cookie,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: messageTexts.conversationDeleted });
    expect((await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie })).json()).toEqual([]);
    expect(await unreadOf(owner.cookie)).toBe(0);
    // The other side keeps theirs.
    const senderList = (await call(t.app, 'GET', '/api/conversations', { cookie: sender.cookie })).json();
    expect(senderList.map((c: { id: string }) => c.id)).toEqual([conversationId]);

    t.clock.advance(1000);
    await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: target.id, content: 'Third' },
    });
    const [back] = (await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie })).json();
    expect(back).toMatchObject({ id: conversationId, lastMessage: 'Third', unreadCount: 1 });
    const messages = (
      await call(t.app, 'GET', `/api/conversations/${conversationId}/messages`, { cookie: owner.cookie })
    ).json();
    expect(messages.map((m: { content: string }) => m.content)).toEqual(['Third']);
  });

  it('a message written in the millisecond of a delete shows; the ones before it stay deleted', async () => {
    const { owner, sender, target, conversationId } = await conversationOfTwo();
    // The clock does not move from here: the delete and the messages around it share one millisecond.
    await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: target.id, content: 'Before' },
    });
    await call(t.app, 'DELETE', `/api/conversations/${conversationId}`, { cookie: owner.cookie });
    await call(t.app, 'DELETE', `/api/conversations/${conversationId}`, { cookie: sender.cookie });
    const after = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: target.id, content: 'After' },
    });
    expect(after.statusCode).toBe(201);
    const reply = await call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Reply' },
    });
    expect(reply.statusCode).toBe(201);

    const contentsFor = async (cookie: string) =>
      (await call(t.app, 'GET', `/api/conversations/${conversationId}/messages`, { cookie }))
        .json()
        .map((m: { content: string }) => m.content);
    expect(await contentsFor(owner.cookie)).toEqual(['After', 'Reply']);
    expect(await contentsFor(sender.cookie)).toEqual(['After', 'Reply']);
    expect(await unreadOf(owner.cookie)).toBe(1);
    expect(await unreadOf(sender.cookie)).toBe(1);
    const [listed] = (await call(t.app, 'GET', '/api/conversations', { cookie: owner.cookie })).json();
    expect(listed).toMatchObject({ id: conversationId, lastMessage: 'Reply', unreadCount: 1 });

    // Deleting again in the same millisecond hides those too.
    await call(t.app, 'DELETE', `/api/conversations/${conversationId}`, { cookie: owner.cookie });
    expect(await contentsFor(owner.cookie)).toEqual([]);
    expect(await unreadOf(owner.cookie)).toBe(0);
  });

  it('only the sender deletes a message; everyone else gets the 404 of a missing one', async () => {
    const { owner, sender, conversationId, firstId } = await conversationOfTwo();
    const stranger = await createVerifiedUser(t);
    for (const cookie of [owner.cookie, stranger.cookie]) {
      const refused = await call(t.app, 'DELETE', `/api/messages/${firstId}`, { cookie });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: messageTexts.messageNotFound, code: 'NOT_FOUND' });
    }
    expect((await call(t.app, 'DELETE', `/api/messages/${firstId}`)).statusCode).toBe(401);
    const deleted = await call(t.app, 'DELETE', `/api/messages/${firstId}`, { cookie: sender.cookie });
    expect(deleted.statusCode).toBe(200);
    const left = (
      await call(t.app, 'GET', `/api/conversations/${conversationId}/messages`, { cookie: owner.cookie })
    ).json();
    expect(left.map((m: { content: string }) => m.content)).toEqual(['Second']);
    expect(
      (await call(t.app, 'DELETE', `/api/messages/${firstId}`, { cookie: sender.cookie })).statusCode,
    ).toBe(404);
  });

  it('answers 404 on every conversation route to whoever is not a participant', async () => {
    const { conversationId } = await conversationOfTwo();
    const stranger = await createVerifiedUser(t);
    const { cookie } = stranger;
    const attempts = [
      call(t.app, 'GET', `/api/conversations/${conversationId}/messages`, { cookie }),
      call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
        cookie,
        body: { content: 'x' },
      }),
      call(t.app, 'PATCH', `/api/conversations/${conversationId}/read`, { cookie, body: {} }),
      call(t.app, 'DELETE', `/api/conversations/${conversationId}`, { cookie }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messageTexts.conversationNotFound, code: 'NOT_FOUND' });
    }
  });
});
