import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockTexts, maskEmail, VISITOR_NETWORK_BLOCK_MS } from '../../shared/messaging/blocks.contract.js';
import { type Conversation, messageTexts } from '../../shared/messaging/messages.contract.js';
import { rateLimits } from '../rate-limit/rules.js';
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

  const send = (vehicleId: string, content: string, cookie?: string, senderVehicleId?: string, ip?: string) =>
    call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId, content, senderVehicleId },
      cookie,
      ip,
    });
  const listOf = async (cookie: string) => {
    const list = await call(t.app, 'GET', '/api/conversations', { cookie });
    expect(list.statusCode, list.body).toBe(200);
    return list.json() as Conversation[];
  };
  const conversationOf = async (cookie: string, id: string) =>
    (await listOf(cookie)).find((conversation) => conversation.id === id);

  it('blocks a visitor’s browser, and for 24 hours visitors on their network, and shows it in the conversation (0139)', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const home = '2001:db8:7:1::5';
    const first = await send(vehicle.id, 'Spam', undefined, undefined, home);
    const conversationId = first.json().conversationId as string;
    const cookie = `visitor=${first.cookies.find((c) => c.name === 'visitor')?.value}`;
    expect((await conversationOf(owner.cookie, conversationId))?.block).toBeNull();

    const blocked = await call(t.app, 'POST', '/api/block', {
      cookie: owner.cookie,
      body: { conversationId },
    });
    const until = new Date(t.clock.now() + VISITOR_NETWORK_BLOCK_MS).toISOString();
    // The conversation says so (the list's cached answer moved with the block).
    expect((await conversationOf(owner.cookie, conversationId))?.block).toEqual({
      id: blocked.json().id,
      networkUntil: until,
    });
    const refusedAt = async (ip: string, from = cookie) =>
      (await send(vehicle.id, 'Again', from, undefined, ip)).statusCode;
    // Their browser, from anywhere.
    expect(await refusedAt('203.0.113.9')).toBe(403);
    // A private tab (a new visitor) on the same /64, another address of it.
    expect(await refusedAt('2001:db8:7:1:abcd::1', '')).toBe(403);
    // A visitor on another network, and an account on the same one, are not.
    expect(await refusedAt('2001:db8:7:2::1', '')).toBe(201);
    const account = await createVerifiedUser(t);
    expect(await refusedAt(home, account.cookie)).toBe(201);
    // The tables keep a keyed hash of the network, never the address.
    const blocks = await t.db.selectFrom('blocks').selectAll().execute();
    const conversations = await t.db.selectFrom('conversations').selectAll().execute();
    expect(blocks.some((row) => row.blockedNetwork !== null)).toBe(true);
    expect(JSON.stringify([blocks, conversations])).not.toMatch(/2001:db8:7|2001:0?db8/i);

    // Unblock: the conversation shows it, and the browser writes again.
    await call(t.app, 'DELETE', `/api/block/${blocked.json().id}`, { cookie: owner.cookie });
    expect((await conversationOf(owner.cookie, conversationId))?.block).toBeNull();
    expect(await refusedAt(home)).toBe(201);

    // Blocked again: a day later the network is free again; the browser is still blocked.
    await call(t.app, 'POST', '/api/block', { cookie: owner.cookie, body: { conversationId } });
    expect(await refusedAt('2001:db8:7:1::77', '')).toBe(403);
    t.clock.advance(VISITOR_NETWORK_BLOCK_MS);
    expect(await refusedAt('2001:db8:7:1::77', '')).toBe(201);
    expect(await refusedAt(home)).toBe(403);
  });

  it('shows an account’s block in every conversation with it, on the side of who blocked', async () => {
    const owner = await createVerifiedUser(t);
    const sender = await createVerifiedUser(t);
    const first = await buildVehicle(t.app, owner.cookie);
    const second = await buildVehicle(t.app, owner.cookie);
    const one = (await send(first.id, 'Hi', sender.cookie)).json().conversationId as string;
    const two = (await send(second.id, 'Hi', sender.cookie)).json().conversationId as string;
    const blocked = await call(t.app, 'POST', '/api/block', {
      cookie: owner.cookie,
      body: { conversationId: one },
    });
    const block = { id: blocked.json().id, networkUntil: null };
    expect((await conversationOf(owner.cookie, one))?.block).toEqual(block);
    expect((await conversationOf(owner.cookie, two))?.block).toEqual(block);
    // The blocked sender is not told.
    expect((await conversationOf(sender.cookie, one))?.block).toBeNull();
  });

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
    // Written as the sender's Honda (ADDENDUM §11): the block is labelled by it.
    const sent = await send(first.id, 'Hi', sender.cookie, senderVehicle.id);

    const block = await call(t.app, 'POST', '/api/block', {
      cookie: owner.cookie,
      body: { conversationId: sent.json().conversationId, reason: 'Rude' },
    });
    expect(block.statusCode).toBe(201);
    expect(block.json()).toEqual({ message: blockTexts.blocked, id: expect.any(String) });
    // Blocking again changes nothing, and answers the same block (what an Undo unblocks).
    const again = await call(t.app, 'POST', '/api/block', {
      cookie: owner.cookie,
      body: { conversationId: sent.json().conversationId },
    });
    expect(again.json()).toEqual({ message: blockTexts.blocked, id: block.json().id });

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
        id: block.json().id,
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
    // Another visitor, on another network, is not affected.
    expect((await send(vehicle.id, 'Hello', undefined, undefined, '198.51.100.20')).statusCode).toBe(201);
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
    const ownerEmail = uniqueEmail('owen');
    const owner = await createVerifiedUser(t, ownerEmail);
    const sender = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie, { make: 'Volvo', model: 'V70', year: '2011' });
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
    // A sender never learns who owns the vehicle (ADDENDUM §1): the owner is shown as the vehicle written
    // to, never by an address, masked or not.
    const blocked = await call(t.app, 'GET', '/api/blocked-users', { cookie: sender.cookie });
    expect(blocked.json()).toEqual([
      {
        id: expect.any(String),
        blockedEmail: null,
        label: '2011 Volvo V70',
        reason: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(blocked.body).not.toContain(maskEmail(ownerEmail));
    expect(blocked.body).not.toContain(ownerEmail);

    // Unblocking by the block's id still works for them.
    const unblocked = await call(t.app, 'DELETE', `/api/block/${blocked.json()[0].id}`, {
      cookie: sender.cookie,
    });
    expect(unblocked.json()).toEqual({ message: blockTexts.unblocked });
    expect((await reply('Hello once more')).statusCode).toBe(201);
  });

  it('answers unblocking by an address alike, right or wrong, and matches only a block whose masked address the caller sees', async () => {
    // The caller owns a vehicle whose sender they blocked, and blocked as a sender the owner they wrote to.
    const caller = await createVerifiedUser(t);
    const callerVehicle = await buildVehicle(t.app, caller.cookie);
    const sender = await createVerifiedUser(t, uniqueEmail('sam'));
    const fromSender = await send(callerVehicle.id, 'Your lights are on', sender.cookie);
    const owner = await createVerifiedUser(t, uniqueEmail('olga'));
    const ownerVehicle = await buildVehicle(t.app, owner.cookie);
    const toOwner = await send(ownerVehicle.id, 'Your window is open', caller.cookie);
    for (const sent of [fromSender, toOwner]) {
      const block = await call(t.app, 'POST', '/api/block', {
        cookie: caller.cookie,
        body: { conversationId: sent.json().conversationId },
      });
      expect(block.statusCode).toBe(201);
    }
    const notBlocked = await createVerifiedUser(t);
    const before = (await call(t.app, 'GET', '/api/blocked-users', { cookie: caller.cookie })).json();
    expect(before).toHaveLength(2);

    const unblockBy = (key: string) =>
      call(t.app, 'DELETE', `/api/block/${encodeURIComponent(key)}`, { cookie: caller.cookie });
    const answers = [];
    for (const key of [
      uniqueEmail('nobody'), // belongs to nobody
      `${'x'.repeat(250)}@example.com`, // longer than any address
      notBlocked.email, // an account the caller did not block
      owner.email.toUpperCase(), // an owner the caller blocked as a sender: not theirs to name
      caller.email, // their own
    ]) {
      answers.push(await unblockBy(key));
    }
    expect((await call(t.app, 'GET', '/api/blocked-users', { cookie: caller.cookie })).json()).toEqual(
      before,
    );
    answers.push(await unblockBy(sender.email.toUpperCase())); // right
    const expected = { status: 200, body: JSON.stringify({ message: blockTexts.unblocked }) };
    for (const answer of answers) expect({ status: answer.statusCode, body: answer.body }).toEqual(expected);

    // The right guess unblocked the sender; the owner blocked from the sender side stays blocked.
    const after = (await call(t.app, 'GET', '/api/blocked-users', { cookie: caller.cookie })).json();
    expect(after).toEqual([expect.objectContaining({ blockedEmail: null, label: expect.any(String) })]);
    expect((await send(callerVehicle.id, 'Sorry', sender.cookie)).statusCode).toBe(201);
    const ownerReply = await call(
      t.app,
      'POST',
      `/api/conversations/${toOwner.json().conversationId}/messages`,
      {
        cookie: owner.cookie,
        body: { content: 'Thanks' },
      },
    );
    expect(ownerReply.statusCode).toBe(403);
  });

  it('shows a block kept before its side was known without an address, and never matches it by address', async () => {
    const blocker = await createVerifiedUser(t);
    const blocked = await createVerifiedUser(t);
    const userIdOf = async (email: string) =>
      (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    // As the migration left it: which side blocked cannot be told once the conversation is gone.
    await t.db
      .insertInto('blocks')
      .values({
        id: randomUUID(),
        blockerId: await userIdOf(blocker.email),
        blockerSide: null,
        blockedUserId: await userIdOf(blocked.email),
        blockedVisitorHash: null,
        label: '2015 Ford Focus',
        reason: null,
        createdAt: t.clock.now(),
      })
      .execute();
    const list = () => call(t.app, 'GET', '/api/blocked-users', { cookie: blocker.cookie });
    expect((await list()).json()).toEqual([
      expect.objectContaining({ blockedEmail: null, label: '2015 Ford Focus' }),
    ]);
    const byEmail = await call(t.app, 'DELETE', `/api/block/${encodeURIComponent(blocked.email)}`, {
      cookie: blocker.cookie,
    });
    expect(byEmail.statusCode).toBe(200);
    expect((await list()).json()).toHaveLength(1);
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

describe.each(testEngines)('unblocking by address, limited, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1' } });
  });
  afterAll(() => t.close());

  it(`allows ${rateLimits.unblockByEmailPerUser.limit} attempts per hour per caller, hits and misses alike, then 429 changing nothing`, async () => {
    const { limit } = rateLimits.unblockByEmailPerUser;
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const sender = await createVerifiedUser(t);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: vehicle.id, content: 'Hi' },
    });
    const block = () =>
      call(t.app, 'POST', '/api/block', {
        cookie: owner.cookie,
        body: { conversationId: sent.json().conversationId },
      });
    await block();
    const unblockBy = (key: string, cookie = owner.cookie) =>
      call(t.app, 'DELETE', `/api/block/${encodeURIComponent(key)}`, { cookie });

    // A right address counts like a wrong one (else where the 429 falls would tell them apart).
    expect((await unblockBy(sender.email)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/blocked-users', { cookie: owner.cookie })).json()).toEqual([]);
    await block();
    for (let attempt = 2; attempt <= limit; attempt++) {
      expect((await unblockBy(uniqueEmail('guess'))).statusCode, `attempt ${attempt}`).toBe(200);
    }
    const limited = await unblockBy(sender.email);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      message: rateLimits.unblockByEmailPerUser.message,
      code: 'RATE_LIMITED',
    });
    // The right address, past the limit, unblocked nothing.
    const list = await call(t.app, 'GET', '/api/blocked-users', { cookie: owner.cookie });
    expect(list.json()).toHaveLength(1);
    const refused = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: vehicle.id, content: 'Again' },
    });
    expect(refused.statusCode).toBe(403);

    // Another caller has their own count; unblocking by id is not limited.
    expect((await unblockBy(uniqueEmail('guess'), sender.cookie)).statusCode).toBe(200);
    expect((await unblockBy(list.json()[0].id)).statusCode).toBe(200);
  });

  it('counts again after an hour', async () => {
    const { limit, windowMs } = rateLimits.unblockByEmailPerUser;
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const sender = await createVerifiedUser(t);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: vehicle.id, content: 'Hi' },
    });
    await call(t.app, 'POST', '/api/block', {
      cookie: owner.cookie,
      body: { conversationId: sent.json().conversationId },
    });
    const unblockBy = (key: string) =>
      call(t.app, 'DELETE', `/api/block/${encodeURIComponent(key)}`, { cookie: owner.cookie });
    for (let attempt = 0; attempt <= limit; attempt++) await unblockBy(uniqueEmail('guess'));
    expect((await unblockBy(sender.email)).statusCode).toBe(429);
    t.clock.advance(windowMs);
    expect((await unblockBy(sender.email)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/blocked-users', { cookie: owner.cookie })).json()).toEqual([]);
  });
});
