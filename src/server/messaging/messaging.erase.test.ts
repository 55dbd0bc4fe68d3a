import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

/** What is deleted leaves no text behind: in no row, and on SQLite in neither of its files, soon after. */
describe.each(testEngines)('deleted text on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** The files of the SQLite database that hold `text` (none on PostgreSQL). */
  async function filesHolding(text: string) {
    if (engine !== 'sqlite') return [];
    const [main] = (await sql<{ file: string }>`pragma database_list`.execute(t.db)).rows;
    const file = main?.file ?? '';
    return [file, `${file}-wal`]
      .filter((part) => fs.existsSync(part) && fs.readFileSync(part).includes(text))
      .map((part) => path.basename(part));
  }
  const rowsHolding = async (text: string) =>
    (await t.db.selectFrom('messages').select('id').where('content', '=', text).execute()).length;
  /** Neither file holds it within a few seconds: polled, with a deadline. */
  const erased = (text: string) =>
    expect.poll(() => filesHolding(text), { timeout: 10_000, interval: 100 }).toEqual([]);

  const send = (vehicleId: string, content: string, cookie?: string) =>
    call(t.app, 'POST', '/api/messages/anonymous', { cookie, body: { vehicleId, content } });
  const contentsFor = async (cookie: string, conversationId: string) =>
    (await call(t.app, 'GET', `/api/conversations/${conversationId}/messages`, { cookie }))
      .json()
      .map((message: { content: string }) => message.content);

  it('a message its sender deletes', async () => {
    const owner = await createVerifiedUser(t);
    const sender = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const canary = `Canary ${randomUUID()}`;
    const sent = await send(vehicle.id, canary, sender.cookie);
    expect(sent.statusCode).toBe(201);
    // A burst of deletes around it shares the erasing.
    const others = await Promise.all(
      Array.from({ length: 3 }, (_, index) => send(vehicle.id, `Other ${index}`, sender.cookie)),
    );
    if (engine === 'sqlite') expect(await filesHolding(canary)).not.toEqual([]);

    const deleted = await call(t.app, 'DELETE', `/api/messages/${sent.json().id}`, { cookie: sender.cookie });
    expect(deleted.statusCode).toBe(200);
    for (const other of others) {
      const answer = await call(t.app, 'DELETE', `/api/messages/${other.json().id}`, {
        cookie: sender.cookie,
      });
      expect(answer.statusCode).toBe(200);
    }
    expect(await rowsHolding(canary)).toBe(0);
    await erased(canary);
  });

  it('the messages nobody can see once both sides deleted the conversation, and no others', async () => {
    const owner = await createVerifiedUser(t);
    const sender = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const canary = `Canary ${randomUUID()}`;
    const sent = await send(vehicle.id, canary, sender.cookie);
    const conversationId = sent.json().conversationId as string;

    // One side deletes it: the other still reads it, so it stays.
    await call(t.app, 'DELETE', `/api/conversations/${conversationId}`, { cookie: owner.cookie });
    expect(await contentsFor(sender.cookie, conversationId)).toEqual([canary]);
    expect(await rowsHolding(canary)).toBe(1);
    t.clock.advance(1000);
    expect((await send(vehicle.id, 'After', sender.cookie)).statusCode).toBe(201);

    // Both did: nobody can see it any more.
    await call(t.app, 'DELETE', `/api/conversations/${conversationId}`, { cookie: sender.cookie });
    expect(await rowsHolding(canary)).toBe(0);
    await erased(canary);
    // What came after the owner's delete is the owner's still.
    expect(await contentsFor(owner.cookie, conversationId)).toEqual(['After']);
    expect(await rowsHolding('After')).toBe(1);
  });

  it('a visitor’s messages once the owner deleted the conversation (a visitor reads none)', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const canary = `Canary ${randomUUID()}`;
    const sent = await send(vehicle.id, canary);
    expect(sent.statusCode).toBe(201);
    await call(t.app, 'DELETE', `/api/conversations/${sent.json().conversationId}`, { cookie: owner.cookie });
    expect(await rowsHolding(canary)).toBe(0);
    await erased(canary);
  });
});
