import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  SOCKET_CLOSE_TOO_MANY,
  SOCKET_CLOSE_UNAUTHENTICATED,
  socketCloseReasons,
} from '../../shared/realtime.js';
import { SESSION_LIFETIME } from '../auth/sessions.service.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { call, TEST_ORIGIN } from '../test/http.js';
import { createVerifiedUser, sessionCookieFrom, type TestApp } from '../test/test-app.js';
import { connect, listeningApp, settle, type TestSocket } from '../test/web-socket.js';
import { SOCKETS_PER_ADDRESS, SOCKETS_PER_SESSION } from './realtime.gateway.js';

const MINUTE = 60_000;

describe.each(testEngines)('a socket and its session’s time on %s', (engine) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    ({ t, url } = await listeningApp(engine));
  });
  afterAll(() => t.close());

  /** A new session of the user (a browser session unless `rememberMe`), and its cookie. */
  const signIn = async (user: { email: string; password: string }, rememberMe = false) => {
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { ...user, rememberMe } });
    expect(login.statusCode).toBe(200);
    return sessionCookieFrom(login);
  };
  const socketOf = async (cookie: string) => {
    const client = await connect(url, { origin: TEST_ORIGIN, cookie });
    await expect.poll(() => client.events.length).toBeGreaterThan(1);
    return client;
  };
  /** The heartbeat, once every socket has answered the last one (so none is taken for dead). */
  const heartbeat = async (clients: TestSocket[]) => {
    for (const client of clients) await settle(client);
    await t.app.jobs.runNow('realtime-heartbeat');
  };
  /** What the API makes of the session: the user, or null once it has ended. */
  const isSignedIn = async (cookie: string) =>
    (await call(t.app, 'GET', '/api/auth/user', { cookie })).json() !== null;

  it('closes a socket with 4401 when its session’s time is up, and keeps one whose session was refreshed', async () => {
    const user = await createVerifiedUser(t);
    const kept = await signIn(user);
    const lapsing = await signIn(user);
    const keptSocket = await socketOf(kept);
    const lapsingSocket = await socketOf(lapsing);
    const clients = [keptSocket, lapsingSocket];

    // A minute before the end: both sessions live, both sockets open.
    t.clock.advance(SESSION_LIFETIME.browserSession - MINUTE);
    await heartbeat(clients);
    expect(lapsingSocket.closedWith()).toBeUndefined();
    // One session is refreshed (as automatic sign-in does), the other not.
    expect((await call(t.app, 'POST', '/api/auth/refresh-session', { cookie: kept })).statusCode).toBe(200);

    t.clock.advance(2 * MINUTE);
    expect(await isSignedIn(lapsing)).toBe(false);
    expect(await isSignedIn(kept)).toBe(true);
    await heartbeat(clients);
    await expect
      .poll(() => lapsingSocket.closedWith())
      .toEqual({
        code: SOCKET_CLOSE_UNAUTHENTICATED,
        reason: socketCloseReasons.sessionEnded,
      });
    // Its end was read again: refreshed a day after its refresh, so the socket stays until then.
    expect(keptSocket.socket.readyState).toBe(WebSocket.OPEN);
    t.clock.advance(SESSION_LIFETIME.browserSession - 3 * MINUTE);
    await heartbeat([keptSocket]);
    expect(await isSignedIn(kept)).toBe(true);
    expect(keptSocket.closedWith()).toBeUndefined();
    t.clock.advance(MINUTE);
    expect(await isSignedIn(kept)).toBe(false);
    await heartbeat([keptSocket]);
    await expect.poll(() => keptSocket.closedWith()?.code).toBe(SOCKET_CLOSE_UNAUTHENTICATED);
  });

  it('closes a remembered session’s socket at its absolute end, however often it was refreshed', async () => {
    const user = await createVerifiedUser(t);
    const cookie = await signIn(user, true);
    const client = await socketOf(cookie);
    for (let days = 0; days < 88; days += 22) {
      t.clock.advance(22 * 24 * 60 * MINUTE);
      expect((await call(t.app, 'POST', '/api/auth/refresh-session', { cookie })).statusCode).toBe(200);
      await heartbeat([client]);
      expect(client.closedWith()).toBeUndefined();
    }
    // 88 days in; the session ends at 90 whatever its last refresh said.
    t.clock.advance(2 * 24 * 60 * MINUTE);
    expect(await isSignedIn(cookie)).toBe(false);
    await heartbeat([client]);
    await expect.poll(() => client.closedWith()?.code).toBe(SOCKET_CLOSE_UNAUTHENTICATED);
  });
});

describe.each(testEngines)('how many sockets one may hold on %s', (engine) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    // Behind one proxy, as deployed: the address is the forwarded one, as for every /api request.
    ({ t, url } = await listeningApp(engine, { env: { TRUST_PROXY: 'true' } }));
  });
  afterAll(() => t.close());

  const signIn = async (user: { email: string; password: string }) =>
    sessionCookieFrom(await call(t.app, 'POST', '/api/auth/login', { body: user }));
  /** Opens sockets of `cookie` from `address` (forwarded by the proxy); answers them once each is counted. */
  const open = async (cookie: string, addresses: string[]) => {
    const clients = await Promise.all(
      addresses.map((address) => connect(url, { origin: TEST_ORIGIN, cookie, 'x-forwarded-for': address })),
    );
    for (const client of clients) {
      await expect.poll(() => client.events.length > 0 || client.closedWith() !== undefined).toBe(true);
    }
    return clients;
  };
  const closeAll = async (clients: TestSocket[]) => {
    for (const client of clients) client.socket.close();
    await Promise.all(clients.map((client) => client.closed));
  };
  /** Every socket of `clients` hears of a message the owner receives. */
  const allHearOfAMessage = async (owner: { cookie: string }, clients: TestSocket[]) => {
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: 'Your lights are on' },
    });
    expect(sent.statusCode).toBe(201);
    const heard = (client: TestSocket) =>
      client.events.some((event) => event.type === 'new_message' && event.message.id === sent.json().id);
    await expect.poll(() => clients.filter(heard).length).toBe(clients.length);
  };

  it(`refuses a session’s socket past ${SOCKETS_PER_SESSION} with 4429, and the first ones still work`, async () => {
    const owner = await createVerifiedUser(t);
    const first = await open(owner.cookie, Array(SOCKETS_PER_SESSION).fill('198.51.100.7'));
    expect(first.every((client) => client.events[0]?.type === 'authenticated')).toBe(true);

    const [refused] = await open(owner.cookie, ['198.51.100.7']);
    await expect
      .poll(() => refused?.closedWith())
      .toEqual({
        code: SOCKET_CLOSE_TOO_MANY,
        reason: socketCloseReasons.tooManyForSession,
      });
    expect(refused?.events).toEqual([]);
    await allHearOfAMessage(owner, first);

    // Another session of the same account has its own count; a socket that closes frees its place.
    const [otherSession] = await open(await signIn(owner), ['198.51.100.7']);
    expect(otherSession?.events[0]).toEqual({ type: 'authenticated' });
    await closeAll(first.slice(0, 1));
    const [again] = await open(owner.cookie, ['198.51.100.7']);
    expect(again?.events[0]).toEqual({ type: 'authenticated' });
    await closeAll([...first.slice(1), again, otherSession].filter((client) => client !== undefined));
  });

  it(`refuses an address’s socket past ${SOCKETS_PER_ADDRESS} with 4429 (IPv6 by its /64), and the first ones still work`, async () => {
    const owner = await createVerifiedUser(t);
    const sessionsNeeded = Math.ceil(SOCKETS_PER_ADDRESS / SOCKETS_PER_SESSION);
    const cookies = [owner.cookie];
    while (cookies.length <= sessionsNeeded) cookies.push(await signIn(owner));
    // Each from an address of its own, all in one /64: one subscriber's network counts as one address.
    let host = 0;
    const inNetwork = (count: number) =>
      Array.from({ length: count }, () => `2001:db8:5:7:${(++host).toString(16)}::1`);
    const first: TestSocket[] = [];
    for (const cookie of cookies.slice(0, sessionsNeeded)) {
      const room = Math.min(SOCKETS_PER_SESSION, SOCKETS_PER_ADDRESS - first.length);
      first.push(...(await open(cookie, inNetwork(room))));
    }
    expect(first).toHaveLength(SOCKETS_PER_ADDRESS);
    expect(first.every((client) => client.events[0]?.type === 'authenticated')).toBe(true);

    const spare = cookies[sessionsNeeded] as string;
    const [refused] = await open(spare, inNetwork(1));
    await expect
      .poll(() => refused?.closedWith())
      .toEqual({
        code: SOCKET_CLOSE_TOO_MANY,
        reason: socketCloseReasons.tooManyForAddress,
      });
    // The same session from another network, or from the proxy's own address, is another address.
    const [elsewhere] = await open(spare, ['2001:db8:5:8::1']);
    expect(elsewhere?.events[0]).toEqual({ type: 'authenticated' });
    const unforwarded = await connect(url, { origin: TEST_ORIGIN, cookie: spare });
    await expect.poll(() => unforwarded.events[0]).toEqual({ type: 'authenticated' });
    await allHearOfAMessage(owner, first);
    await closeAll([...first, unforwarded, ...(elsewhere ? [elsewhere] : [])]);
  }, 60_000);
});
