import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createInProcessEventBus, type EventBus } from './event-bus.js';
import type { DomainEvents } from './events.js';
import { createRedisEventBus } from './redis-event-bus.js';

const redisUrl = process.env.TEST_REDIS_URL;
const clients: Redis[] = [];
const buses: EventBus[] = [];
afterAll(async () => {
  for (const bus of buses) await bus.close();
  for (const client of clients) client.disconnect();
});

const ended = (userId: string): DomainEvents['session.ended'] => ({
  userId,
  sessionId: 'hash',
  reason: 'logout',
});

type Kind = 'in-process' | 'redis';
const kinds: Kind[] = redisUrl ? ['in-process', 'redis'] : ['in-process'];

/** Two instances of the product: two buses that share one Redis (or, in-process, the one bus twice). */
async function instances(kind: Kind, errors: unknown[] = []) {
  const report = (error: unknown) => errors.push(error);
  if (kind === 'in-process') {
    const bus = createInProcessEventBus(report);
    buses.push(bus);
    return [bus, bus] as const;
  }
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  const make = async () => {
    const redis = new Redis(redisUrl ?? '', {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    await redis.connect();
    clients.push(redis);
    const bus = await createRedisEventBus(redis, report, prefix);
    buses.push(bus);
    return bus;
  };
  return [await make(), await make()] as const;
}

describe.each(kinds)('the %s event bus', (kind) => {
  it('hands each event once to every subscriber, on every instance, after publishing', async () => {
    const [one, two] = await instances(kind);
    const heardByOne: unknown[] = [];
    const heardByTwo: unknown[] = [];
    one.subscribe('session.ended', (payload) => void heardByOne.push(payload));
    two.subscribe('session.ended', (payload) => void heardByTwo.push(payload));
    await Promise.all([one.ready(), two.ready()]);
    const payload = ended('user-1');
    const sent = one.publish('session.ended', payload);
    expect(heardByOne).toEqual([]); // never synchronously, inside the publisher's work
    await sent;
    await expect.poll(() => heardByOne).toEqual([payload]);
    await expect.poll(() => heardByTwo).toEqual([payload]);
    await two.publish('session.ended', ended('user-2'));
    await expect.poll(() => heardByOne.length).toBe(2);
    await expect.poll(() => heardByTwo.length).toBe(2);
    // Subscribers get their own copy.
    expect(heardByOne[0]).not.toBe(payload);
  });

  it('keeps delivering when a subscriber throws or rejects, and reports it', async () => {
    const errors: unknown[] = [];
    const [bus] = await instances(kind, errors);
    const heard: string[] = [];
    bus.subscribe('session.ended', () => {
      throw new Error('sync failure');
    });
    bus.subscribe('session.ended', async () => {
      throw new Error('async failure');
    });
    bus.subscribe('session.ended', (payload) => void heard.push(payload.userId));
    await bus.ready();
    await bus.publish('session.ended', ended('user-3'));
    await expect.poll(() => heard).toEqual(['user-3']);
    await expect
      .poll(() => errors.map((error) => (error as Error).message).sort())
      .toEqual(['async failure', 'sync failure']);
  });

  it('stops calling a handler once it is unsubscribed', async () => {
    const [one, two] = await instances(kind);
    const heard: string[] = [];
    const stop = two.subscribe('session.ended', (payload) => void heard.push(payload.userId));
    const witness: string[] = [];
    two.subscribe('session.ended', (payload) => void witness.push(payload.userId));
    await two.ready();
    await one.publish('session.ended', ended('before'));
    await expect.poll(() => heard).toEqual(['before']);
    stop();
    await one.publish('session.ended', ended('after'));
    await expect.poll(() => witness).toEqual(['before', 'after']);
    expect(heard).toEqual(['before']);
  });
});

describe.runIf(redisUrl)('the Redis event bus while Redis is unreachable', () => {
  it('refuses to publish with an error the app answers as 503', async () => {
    const healthy = new Redis(redisUrl ?? '', { lazyConnect: true });
    await healthy.connect();
    clients.push(healthy);
    const bus = await createRedisEventBus(
      healthy,
      () => undefined,
      `test-${randomBytes(6).toString('hex')}:`,
    );
    buses.push(bus);
    healthy.disconnect();
    await expect(bus.publish('session.ended', ended('user-4'))).rejects.toMatchObject({
      name: 'UnavailableError',
    });
  });
});

describe.runIf(redisUrl)('the Redis event bus when its subscription is lost', () => {
  it('says when the gap begins and when it ends, and hears events again after it', async () => {
    const name = `test-${randomBytes(6).toString('hex')}`;
    // The subscriber's connection is a duplicate of this one: it carries the same name.
    const redis = new Redis(redisUrl ?? '', {
      lazyConnect: true,
      connectionName: name,
      retryStrategy: () => 10,
    });
    const admin = new Redis(redisUrl ?? '', { lazyConnect: true });
    await Promise.all([redis.connect(), admin.connect()]);
    clients.push(redis, admin);
    const bus = await createRedisEventBus(redis, () => undefined, `${name}:`);
    buses.push(bus);
    const heard: string[] = [];
    bus.subscribe('session.ended', (payload) => void heard.push(payload.userId));
    const gaps: string[] = [];
    bus.watchDelivery({ lost: () => gaps.push('lost'), resumed: () => gaps.push('resumed') });
    await bus.ready();

    const subscribers = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')).split('\n');
    const id = subscribers.find((line) => line.includes(` name=${name} `))?.match(/^id=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await admin.call('CLIENT', 'KILL', 'ID', id as string);
    await expect.poll(() => gaps).toEqual(['lost', 'resumed']);
    await bus.publish('session.ended', ended('after the gap'));
    await expect.poll(() => heard).toEqual(['after the gap']);
  });
});
