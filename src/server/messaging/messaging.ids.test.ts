import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

/** The time (epoch ms) in a UUIDv7's first 48 bits. */
const timeOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe.each(testEngines)('message ids on the injected clock on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('carry the message’s time, and a message of a later clock time sorts later', async () => {
    // Far from real time: a year ahead (the accounts are made on that clock too).
    t.clock.advance(365 * 24 * 3600_000);
    const owner = await createVerifiedUser(t);
    const sender = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const first = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: vehicle.id, content: 'Your lights are on' },
    });
    expect(first.statusCode).toBe(201);
    t.clock.advance(5);
    const reply = await call(t.app, 'POST', `/api/conversations/${first.json().conversationId}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Thanks' },
    });
    expect(reply.statusCode).toBe(201);

    const messages: { id: string; createdAt: string }[] = (
      await call(t.app, 'GET', `/api/conversations/${first.json().conversationId}/messages`, {
        cookie: owner.cookie,
      })
    ).json();
    expect(messages.map((message) => message.id)).toEqual([first.json().id, reply.json().id]);
    for (const message of messages) expect(timeOf(message.id)).toBe(Date.parse(message.createdAt));
    expect(Date.parse(first.json().createdAt)).toBe(t.clock.now() - 5);
    expect(reply.json().id > first.json().id).toBe(true);
  });
});
