import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SOCKET_CLOSE_UNAUTHENTICATED } from '../../shared/realtime.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call, TEST_ORIGIN } from '../test/http.js';
import { createVerifiedUser, sessionCookieFrom, type TestApp } from '../test/test-app.js';
import { connect, listeningApp, settle, type TestSocket } from '../test/web-socket.js';
import { PINGS_PER_SLICE, SOCKETS_PER_SESSION } from './realtime.gateway.js';

describe.each(testEngines)('realtime on %s', (engine) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    ({ t, url } = await listeningApp(engine));
  });
  afterAll(() => t.close());

  const headersOf = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });

  it('identifies the socket by its session cookie and delivers new_message and the unread count live', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const client = await connect(url, headersOf(owner.cookie));
    // What the client claims is ignored: the session decides.
    client.socket.send(JSON.stringify({ type: 'authenticate', userId: 'someone-else' }));
    await expect
      .poll(() => client.events)
      .toEqual([{ type: 'authenticated' }, { type: 'unread_count_update', unreadCount: 0 }]);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: 'Your lights are on' },
    });
    await expect
      .poll(() => client.events.slice(2))
      .toEqual([
        { type: 'new_message', message: { id: sent.json().id, conversationId: sent.json().conversationId } },
        { type: 'unread_count_update', unreadCount: 1 },
      ]);
    // Nothing of the message's text or sender travels on the socket.
    expect(JSON.stringify(client.events)).not.toContain('lights');
    client.socket.close();
  });

  it('never carries either side’s email, names or account id in any frame either side receives', async () => {
    const owner = await createVerifiedUser(t, undefined, { firstName: 'Ottoline', lastName: 'Wexford' });
    const sender = await createVerifiedUser(t, undefined, {
      firstName: 'Zephyrine',
      lastName: 'Quillbottom',
    });
    const ownerVehicle = await buildVehicle(t.app, owner.cookie);
    await buildVehicle(t.app, sender.cookie);
    const secretsOf = async (user: { email: string; cookie: string }, names: string[]) => {
      const id = (await call(t.app, 'GET', '/api/auth/user', { cookie: user.cookie })).json().id as string;
      return [user.email, user.email.split('@')[0] as string, id, ...names];
    };
    const ownerSecrets = await secretsOf(owner, ['Ottoline', 'Wexford']);
    const senderSecrets = await secretsOf(sender, ['Zephyrine', 'Quillbottom']);
    const ownerSocket = await connect(url, headersOf(owner.cookie));
    const senderSocket = await connect(url, headersOf(sender.cookie));
    const framesOf = (socket: WebSocket) => {
      const frames: string[] = [];
      socket.on('message', (data) => frames.push(String(data)));
      return frames;
    };
    const ownerFrames = framesOf(ownerSocket.socket);
    const senderFrames = framesOf(senderSocket.socket);

    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      cookie: sender.cookie,
      body: { vehicleId: ownerVehicle.id, content: 'Your lights are on' },
    });
    expect(sent.statusCode).toBe(201);
    const conversationId = sent.json().conversationId as string;
    const reply = await call(t.app, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: owner.cookie,
      body: { content: 'Thank you' },
    });
    expect(reply.statusCode).toBe(201);
    // Each side hears of both messages: its own and the other's.
    await expect.poll(() => ownerFrames.filter((frame) => frame.includes('new_message')).length).toBe(2);
    await expect.poll(() => senderFrames.filter((frame) => frame.includes('new_message')).length).toBe(2);

    const ownerSees = [
      ...ownerFrames,
      (await call(t.app, 'GET', '/api/messages', { cookie: owner.cookie })).body,
    ];
    const senderSees = [
      ...senderFrames,
      (await call(t.app, 'GET', '/api/messages', { cookie: sender.cookie })).body,
    ];
    for (const secret of senderSecrets) expect(ownerSees.join('\n')).not.toContain(secret);
    for (const secret of ownerSecrets) expect(senderSees.join('\n')).not.toContain(secret);
    ownerSocket.socket.close();
    senderSocket.socket.close();
  });

  it('closes a socket without a valid session with 4401, and refuses another site’s upgrade', async () => {
    for (const cookie of [undefined, 'session=not-a-session']) {
      const client = await connect(url, headersOf(cookie));
      expect((await client.closed).code).toBe(SOCKET_CLOSE_UNAUTHENTICATED);
    }
    const owner = await createVerifiedUser(t);
    await expect(connect(url, { origin: 'https://evil.example', cookie: owner.cookie })).rejects.toThrow(
      'HTTP 403',
    );
    await expect(connect(url, { cookie: owner.cookie })).rejects.toThrow('HTTP 403');
  });

  it('closes the socket when its session ends (logout), and only that session’s', async () => {
    const user = await createVerifiedUser(t);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const otherSession = login.cookies.find((c) => c.name === 'session');
    const first = await connect(url, headersOf(user.cookie));
    const second = await connect(url, headersOf(`session=${otherSession?.value}`));
    await expect.poll(() => first.events.length).toBeGreaterThan(0);
    await call(t.app, 'POST', '/api/auth/logout', { cookie: user.cookie });
    expect((await first.closed).code).toBe(SOCKET_CLOSE_UNAUTHENTICATED);
    expect(second.socket.readyState).toBe(WebSocket.OPEN);
    second.socket.close();
  });

  it('closes a socket that sends a frame over 64 KiB, and drops one that stops answering pings', async () => {
    const user = await createVerifiedUser(t);
    const big = await connect(url, headersOf(user.cookie));
    big.socket.send('x'.repeat(64 * 1024 + 1));
    expect((await big.closed).code).toBe(1009);

    const dead = await connect(url, headersOf(user.cookie), { autoPong: false });
    await expect.poll(() => dead.events.length).toBeGreaterThan(0);
    await t.app.jobs.runNow('realtime-heartbeat'); // ping: no pong comes back
    await t.app.jobs.runNow('realtime-heartbeat'); // still silent: dropped
    expect((await dead.closed).code).toBe(1006);
  });
});

/**
 * The count sent with each message is carried forward from the last one while nothing else changed the
 * owner's lists (src/server/messaging/unread-counts.ts): these are the changes that must not be missed.
 */
describe.each(testEngines)('the unread count sent live on %s', (engine) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    ({ t, url } = await listeningApp(engine));
  });
  afterAll(() => t.close());

  /** An owner signed in for 30 days (the test moves the clock by a day), with a vehicle and a socket. */
  async function connectedOwner() {
    const { email, password } = await createVerifiedUser(t);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email, password, rememberMe: true },
    });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookieFrom(login);
    const vehicle = await buildVehicle(t.app, cookie);
    const client = await connect(url, { origin: TEST_ORIGIN, cookie });
    await expect.poll(() => client.events).toContainEqual({ type: 'unread_count_update', unreadCount: 0 });
    /** A new visitor writes; answers its conversation and the count the owner's socket was sent with it. */
    const receive = async () => {
      const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
        body: { vehicleId: vehicle.id, content: 'Your lights are on' },
      });
      expect(sent.statusCode).toBe(201);
      const id = sent.json().id as string;
      const countSent = () => {
        const at = client.events.findIndex(
          (event) => event.type === 'new_message' && event.message.id === id,
        );
        if (at < 0) return undefined;
        return client.events.slice(at).find((event) => event.type === 'unread_count_update')?.unreadCount;
      };
      await expect.poll(countSent).toBeDefined();
      return { conversationId: sent.json().conversationId as string, count: countSent() };
    };
    const polled = async () =>
      (await call(t.app, 'GET', '/api/messages/unread-count', { cookie })).json().count as number;
    return { cookie, client, receive, polled };
  }

  it('counts on from message to message, and again after a read, a delete or a clear', async () => {
    const owner = await connectedOwner();
    const first = await owner.receive();
    expect(first.count).toBe(1);
    expect((await owner.receive()).count).toBe(2);
    expect((await owner.receive()).count).toBe(3);
    expect(await owner.polled()).toBe(3);

    // Read without a message: the next count starts from the database's.
    const read = await call(t.app, 'PATCH', `/api/conversations/${first.conversationId}/read`, {
      cookie: owner.cookie,
      body: {},
    });
    expect(read.json()).toEqual({ count: 2 });
    expect((await owner.receive()).count).toBe(3);
    expect(await owner.polled()).toBe(3);

    const cleared = await owner.receive();
    expect(cleared.count).toBe(4);
    const deleted = await call(t.app, 'DELETE', `/api/conversations/${cleared.conversationId}`, {
      cookie: owner.cookie,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await owner.polled()).toBe(3);
    expect((await owner.receive()).count).toBe(4);
    owner.client.socket.close();
  });

  it('drops a message from the count when it reaches 24 hours, with no write in between', async () => {
    const owner = await connectedOwner();
    expect((await owner.receive()).count).toBe(1);
    t.clock.advance(23 * 3_600_000);
    expect((await owner.receive()).count).toBe(2);
    expect(await owner.polled()).toBe(2);
    // The first message is now 24 hours old: gone from the count, though nothing was written.
    t.clock.advance(3_600_000);
    expect(await owner.polled()).toBe(1);
    expect((await owner.receive()).count).toBe(2);
    owner.client.socket.close();
  });
});

/** The heartbeat pings its sockets in slices (docs/decisions/0160): every slice, not just the first. */
describe.each(testEngines)('the heartbeat past one slice on %s', (engine) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    ({ t, url } = await listeningApp(engine));
  });
  afterAll(() => t.close());

  it('pings every socket, and drops a silent one the sweep reaches after a full slice', async () => {
    // A slice's worth of live sockets over as many sessions as their cap asks, then one that never answers
    // a ping: the sweep goes in the order the sockets opened, so it reaches that one in the second slice.
    const sessions = Math.ceil((PINGS_PER_SLICE + 1) / SOCKETS_PER_SESSION);
    const users = await Promise.all(Array.from({ length: sessions }, () => createVerifiedUser(t)));
    const headers = (n: number) => ({ origin: TEST_ORIGIN, cookie: users[n % sessions]?.cookie ?? '' });
    const live: TestSocket[] = [];
    for (let n = 0; n < PINGS_PER_SLICE; n += 50) {
      const batch = Array.from({ length: Math.min(50, PINGS_PER_SLICE - n) }, (_, k) => headers(n + k));
      live.push(...(await Promise.all(batch.map((h) => connect(url, h)))));
    }
    const silent = await connect(url, headers(PINGS_PER_SLICE), { autoPong: false });
    await expect.poll(() => [...live, silent].every((client) => client.events.length > 0)).toBe(true);

    await t.app.jobs.runNow('realtime-heartbeat'); // every socket pinged; the silent one does not answer
    for (const client of live) await settle(client);
    await t.app.jobs.runNow('realtime-heartbeat'); // it missed the last ping: dropped
    expect((await silent.closed).code).toBe(1006);
    expect(live.filter((client) => client.socket.readyState !== WebSocket.OPEN)).toHaveLength(0);
    for (const client of live) client.socket.close();
  });
});
