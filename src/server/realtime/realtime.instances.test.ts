import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis, type RedisOptions } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type ServerEvent, SOCKET_CLOSE_UNAUTHENTICATED } from '../../shared/realtime.js';
import { buildApp } from '../app.js';
import { createRedisEventBus } from '../events/redis-event-bus.js';
import { loggerOptions } from '../logging.js';
import { createSmtpMailer } from '../mail/mailer.js';
import { RedisRateLimitStore } from '../rate-limit/rate-limiter.js';
import { buildVehicle } from '../test/factories.js';
import { call, TEST_ORIGIN } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';
import { settle } from '../test/web-socket.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!databaseUrl || !redisUrl) {
  process.stdout.write(
    'SKIPPED: two instances on PostgreSQL and Redis (set TEST_DATABASE_URL and TEST_REDIS_URL)\n',
  );
}

/** Two instances of the product on one PostgreSQL and one Redis, as an operator runs them. */
describe.runIf(databaseUrl && redisUrl)('two instances sharing PostgreSQL and Redis', () => {
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  const redisClients: Redis[] = [];
  // Instance two signs in to Redis as a user of its own, which a test can cut off (and let back) alone.
  const twoUser = { username: `${prefix}two`, password: randomBytes(12).toString('hex') };
  let admin: Redis;
  const redis = async (options: RedisOptions = {}) => {
    const client = new Redis(redisUrl ?? '', {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      ...options,
    });
    await client.connect();
    redisClients.push(client);
    return client;
  };
  let one: TestApp;
  let two: Awaited<ReturnType<typeof buildApp>>;
  let twoUrl: string;
  const mailers: Array<{ close(): void }> = [];
  /** Instance two's log lines (JSON, debug): which request a frame it wrote came from (0157). */
  const twoLog: string[] = [];

  beforeAll(async () => {
    const redisOne = await redis();
    one = await createTestApp('postgres', {
      env: { RATE_LIMIT_MULTIPLIER: '1' },
      events: await createRedisEventBus(redisOne, () => undefined, `${prefix}events:`),
      rateLimitStore: new RedisRateLimitStore(redisOne, `${prefix}rl:`),
    });
    admin = await redis();
    await admin.call('ACL', 'SETUSER', twoUser.username, 'on', `>${twoUser.password}`, '~*', '&*', '+@all');
    const redisTwo = await redis({ ...twoUser, retryStrategy: () => 20 });
    const mailer = createSmtpMailer(one.mail.url, one.config.mailFrom);
    mailers.push(mailer);
    two = await buildApp({
      config: one.config,
      database: { db: one.db, engine: 'postgres', eraseSoon: () => undefined, close: async () => undefined },
      mailer,
      rateLimitStore: new RedisRateLimitStore(redisTwo, `${prefix}rl:`),
      events: await createRedisEventBus(redisTwo, () => undefined, `${prefix}events:`),
      clock: one.clock.now,
      logger: loggerOptions('debug', 'json', {
        write: (chunk: string) => twoLog.push(...chunk.split('\n').filter(Boolean)) > 0,
      }),
    });
    await two.listen({ port: 0, host: '127.0.0.1' });
    twoUrl = `ws://127.0.0.1:${(two.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(async () => {
    await two.close();
    for (const mailer of mailers) mailer.close();
    await one.close();
    await admin.call('ACL', 'DELUSER', twoUser.username);
    for (const client of redisClients) client.disconnect();
  });

  /** A socket of the user of `cookie` on instance two, keeping the events it receives, once it is counted. */
  async function socketOnTwo(cookie: string) {
    const socket = new WebSocket(twoUrl, { headers: { origin: TEST_ORIGIN, cookie } });
    const events: ServerEvent[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data)) as ServerEvent));
    await expect
      .poll(() => events)
      .toEqual([{ type: 'authenticated' }, { type: 'unread_count_update', unreadCount: 0 }]);
    return { socket, events };
  }

  /** The first test's owner and vehicle, written to again below: registrations per network are limited. */
  let firstOwner: Awaited<ReturnType<typeof createVerifiedUser>>;
  let firstVehicle: Awaited<ReturnType<typeof buildVehicle>>;

  it('a message posted to one instance reaches the owner’s socket on the other', async () => {
    const owner = await createVerifiedUser(one);
    const vehicle = await buildVehicle(one.app, owner.cookie);
    firstOwner = owner;
    firstVehicle = vehicle;
    const { socket, events } = await socketOnTwo(owner.cookie);

    const sent = await call(one.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: 'Across instances' },
    });
    expect(sent.statusCode).toBe(201);
    await expect
      .poll(() => events.find((event) => event.type === 'new_message'))
      .toEqual({
        type: 'new_message',
        message: { id: sent.json().id, conversationId: sent.json().conversationId },
      });
    // Instance two logged the frame under the id instance one gave the sending request.
    const requestId = sent.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() =>
        twoLog
          .map((line) => JSON.parse(line) as { msg?: string; reqId?: string; messageId?: string })
          .filter((record) => record.msg === 'message frame written' && record.messageId === sent.json().id),
      )
      .toEqual([expect.objectContaining({ reqId: requestId })]);
    socket.close();
  });

  it('a visitor’s socket on one instance hears Delivered and the owner’s answer given on the other (issue 32)', async () => {
    const owner = firstOwner;
    const vehicle = firstVehicle;
    const ownerSocket = new WebSocket(twoUrl, { headers: { origin: TEST_ORIGIN, cookie: owner.cookie } });
    const ownerFrames: ServerEvent[] = [];
    ownerSocket.on('message', (data) => ownerFrames.push(JSON.parse(String(data)) as ServerEvent));
    await expect.poll(() => ownerFrames.map((frame) => frame.type)).toContain('unread_count_update');
    const first = await call(one.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: 'Your lights are on' },
    });
    const cookie = `visitor=${first.cookies.find((c) => c.name === 'visitor')?.value}`;
    const visitor = new WebSocket(twoUrl, { headers: { origin: TEST_ORIGIN, cookie } });
    const frames: ServerEvent[] = [];
    visitor.on('message', (data) => frames.push(JSON.parse(String(data)) as ServerEvent));
    await expect.poll(() => frames).toContainEqual({ type: 'authenticated' });

    const second = await call(one.app, 'POST', '/api/messages/anonymous', {
      cookie,
      body: { vehicleId: vehicle.id, content: 'Still on' },
    });
    const conversationId = second.json().conversationId as string;
    await expect
      .poll(() => frames)
      .toContainEqual({ type: 'message_status', conversationId, messageId: second.json().id });
    const status = await call(two, 'GET', `/api/messages/${second.json().id}/status`, { cookie });
    expect(status.json().state).toBe('delivered');

    await call(one.app, 'POST', `/api/conversations/${conversationId}/status`, {
      cookie: owner.cookie,
      body: { code: 'on_my_way' },
    });
    await expect
      .poll(() => frames)
      .toContainEqual({ type: 'message_status', conversationId, messageId: null });
    // Only frames about its own conversation, and nothing else.
    expect(
      frames
        .slice(1)
        .every((frame) => frame.type === 'message_status' && frame.conversationId === conversationId),
    ).toBe(true);
    visitor.close();
  });

  it('the unread count on one instance’s socket follows what the other instance wrote', async () => {
    const owner = await createVerifiedUser(one);
    const vehicle = await buildVehicle(one.app, owner.cookie);
    const { socket, events } = await socketOnTwo(owner.cookie);
    /** A new visitor writes through `app`: answers the count the socket on instance two was sent with it. */
    const receive = async (app: typeof two) => {
      const sent = await call(app, 'POST', '/api/messages/anonymous', {
        body: { vehicleId: vehicle.id, content: 'Across instances' },
      });
      expect(sent.statusCode).toBe(201);
      const countSent = () => {
        const at = events.findIndex((e) => e.type === 'new_message' && e.message.id === sent.json().id);
        return at < 0 ? undefined : events.slice(at).find((e) => e.type === 'unread_count_update');
      };
      await expect.poll(countSent).toBeDefined();
      return { conversationId: sent.json().conversationId as string, count: countSent()?.unreadCount };
    };
    const first = await receive(one.app);
    expect(first.count).toBe(1);
    expect((await receive(two)).count).toBe(2);
    // Read through instance one: no event reaches instance two, yet its next count must know.
    const read = await call(one.app, 'PATCH', `/api/conversations/${first.conversationId}/read`, {
      cookie: owner.cookie,
      body: {},
    });
    expect(read.json()).toEqual({ count: 1 });
    expect((await receive(one.app)).count).toBe(2);
    expect((await receive(two)).count).toBe(3);
    socket.close();
  });

  it('a message sent while the other instance is not subscribed still reaches its socket once it is again', async () => {
    const owner = await createVerifiedUser(one);
    const vehicle = await buildVehicle(one.app, owner.cookie);
    const { socket, events } = await socketOnTwo(owner.cookie);
    const leaving = await createVerifiedUser(one);
    const leavingSocket = await socketOnTwo(leaving.cookie);
    const leavingClosed = new Promise((resolve) => leavingSocket.socket.on('close', resolve));

    // Instance two's subscription is cut, and it cannot subscribe again until Redis lets its user back.
    await admin.call('ACL', 'SETUSER', twoUser.username, 'off');
    expect(await admin.call('CLIENT', 'KILL', 'USER', twoUser.username, 'TYPE', 'pubsub')).toBe(1);
    const sent = await call(one.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: 'While you were away' },
    });
    expect(sent.statusCode).toBe(201);
    // Its announcement went to nobody on instance two; so did the end of this session.
    await call(one.app, 'POST', '/api/auth/logout', { cookie: leaving.cookie });
    expect(events.filter((event) => event.type === 'new_message')).toEqual([]);

    await admin.call('ACL', 'SETUSER', twoUser.username, 'on');
    await expect
      .poll(() => events.find((event) => event.type === 'new_message'), { timeout: 10_000 })
      .toEqual({
        type: 'new_message',
        message: { id: sent.json().id, conversationId: sent.json().conversationId },
      });
    await expect.poll(() => events.at(-1)).toEqual({ type: 'unread_count_update', unreadCount: 1 });
    // The session that ended meanwhile is read again at the next heartbeat; the live one stays.
    await settle(leavingSocket);
    await settle({ socket });
    await two.jobs.runNow('realtime-heartbeat');
    expect(await leavingClosed).toBe(SOCKET_CLOSE_UNAUTHENTICATED);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('a visitor’s socket on the other instance hears about its conversation again after a gap', async () => {
    const [owner, vehicle] = [firstOwner, firstVehicle];
    const sent = await call(one.app, 'POST', '/api/messages/anonymous', {
      body: { vehicleId: vehicle.id, content: 'Your lights are on' },
      ip: '10.9.8.7',
    });
    expect(sent.statusCode).toBe(201);
    const visitor = sent.cookies.find((cookie) => cookie.name === 'visitor');
    const socket = new WebSocket(twoUrl, {
      headers: { origin: TEST_ORIGIN, cookie: `visitor=${visitor?.value}` },
    });
    const events: ServerEvent[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data)) as ServerEvent));
    await expect.poll(() => events[0]).toEqual({ type: 'authenticated' });

    await admin.call('ACL', 'SETUSER', twoUser.username, 'off');
    expect(await admin.call('CLIENT', 'KILL', 'USER', twoUser.username, 'TYPE', 'pubsub')).toBe(1);
    const heardBefore = events.length;
    // The owner reads it on instance one: Seen, announced while instance two hears nothing.
    const read = await call(one.app, 'PATCH', `/api/conversations/${sent.json().conversationId}/read`, {
      cookie: owner.cookie,
    });
    expect(read.statusCode).toBeLessThan(300);
    await settle({ socket });
    expect(events).toHaveLength(heardBefore);

    await admin.call('ACL', 'SETUSER', twoUser.username, 'on');
    await expect
      .poll(() => events.at(-1), { timeout: 10_000 })
      .toEqual({ type: 'message_status', conversationId: sent.json().conversationId, messageId: null });
    socket.close();
  });

  it('the per-vehicle limit holds across both instances', async () => {
    const owner = await createVerifiedUser(one);
    const vehicle = await buildVehicle(one.app, owner.cookie);
    const send = (app: typeof two) =>
      call(app, 'POST', '/api/messages/anonymous', {
        body: { vehicleId: vehicle.id, content: 'Hi' },
        ip: '10.9.9.9',
      });
    const statuses = [];
    for (let n = 0; n < 6; n++) statuses.push((await send(n % 2 === 0 ? one.app : two)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
