import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisEventBus } from '../events/redis-event-bus.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { isRedisServing, Readiness } from './readiness.js';

const notReady = (message: string) => ({ message, code: 'SERVICE_UNAVAILABLE' });

describe.each(testEngines)('readiness on %s', (engine) => {
  let t: TestApp;
  const readiness = new Readiness();
  beforeAll(async () => {
    t = await createTestApp(engine, { readiness });
  });
  afterAll(() => t.close());

  it('is ready once the app is, and not once it drains; liveness stays as it is', async () => {
    const ready = await call(t.app, 'GET', '/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    readiness.markDraining();
    const draining = await call(t.app, 'GET', '/api/ready');
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual(notReady('The server is shutting down'));
    expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
    // Requests are still served meanwhile.
    expect((await call(t.app, 'GET', '/api/auth/user')).statusCode).toBe(200);
    // A drain is never undone.
    readiness.markReady();
    expect((await call(t.app, 'GET', '/api/ready')).statusCode).toBe(503);
  });
});

describe('readiness', () => {
  it('is not ready while starting', () => {
    const readiness = new Readiness();
    expect(readiness.state).toBe('starting');
    expect(readiness.notReadyBecause()).toBe('starting');
    readiness.markReady();
    expect(readiness.notReadyBecause()).toBeUndefined();
  });

  it('answers early on a listening server as the route does, ready and draining', async () => {
    const readiness = new Readiness();
    const t = await createTestApp('sqlite', { readiness });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const answerOf = async (path: string) => {
        const response = await fetch(`${base}${path}`);
        const headers = Object.fromEntries(response.headers);
        delete headers.date;
        // Each request's own id (decision 0157): the early answer, never logged, carries none.
        delete headers['x-request-id'];
        return { status: response.status, body: await response.text(), headers };
      };
      for (const [status, body] of [
        [200, { status: 'ready' }],
        [503, notReady('The server is shutting down')],
      ] as const) {
        // A query string is never answered early: the route answers it.
        const fromRoute = await answerOf('/api/ready?from=route');
        expect(fromRoute.status).toBe(status);
        expect(JSON.parse(fromRoute.body)).toEqual(body);
        expect(await answerOf('/api/ready')).toEqual(fromRoute);
        readiness.markDraining();
      }
    } finally {
      await t.close();
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.runIf(redisUrl)('is not ready while the configured Redis cannot be reached', async () => {
    const redis = new Redis(redisUrl ?? '', {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on('error', () => undefined);
    await redis.connect();
    const t = await createTestApp('sqlite', { readiness: new Readiness(() => redis.status === 'ready') });
    try {
      expect((await call(t.app, 'GET', '/api/ready')).statusCode).toBe(200);
      const ready = async () => (await call(t.app, 'GET', '/api/ready')).statusCode;
      // The connection is lost (as when Redis restarts): not ready until it is back.
      redis.disconnect();
      await expect.poll(ready).toBe(503);
      expect((await call(t.app, 'GET', '/api/ready')).json()).toEqual(notReady('Redis is unreachable'));
      await redis.connect();
      expect(await ready()).toBe(200);
    } finally {
      redis.disconnect();
      await t.close();
    }
  });

  it.runIf(redisUrl)(
    'is not ready while the event bus has lost its subscription, until it subscribes again',
    async () => {
      // Named, so that only this test's subscriber connection is cut on the shared Redis.
      const name = `readiness-${randomBytes(6).toString('hex')}`;
      const redis = new Redis(redisUrl ?? '', { lazyConnect: true, connectionName: name });
      const admin = new Redis(redisUrl ?? '');
      redis.on('error', () => undefined);
      await redis.connect();
      const bus = await createRedisEventBus(redis, () => undefined, `test-${name}:`);
      bus.subscribe('session.ended', () => undefined);
      await bus.ready();
      const readiness = new Readiness(isRedisServing(redis, bus));
      readiness.markReady();
      try {
        expect(readiness.notReadyBecause()).toBeUndefined();
        // What readiness said at each end of the gap (its own listener was told first).
        const seen: Array<string | undefined> = [];
        bus.watchDelivery({
          lost: () => seen.push(readiness.notReadyBecause()),
          resumed: () => seen.push(readiness.notReadyBecause()),
        });
        const clients = String(await admin.client('LIST'))
          .split('\n')
          .filter((line) => line.includes(` name=${name} `) && / sub=[1-9]/.test(line));
        expect(clients).toHaveLength(1);
        const id = clients[0]?.match(/^id=(\d+)/)?.[1] ?? '';
        await admin.client('KILL', 'ID', id);
        // The commands' connection stayed up all along: the bus's gap alone made it not ready.
        await expect.poll(() => seen).toEqual(['redis', undefined]);
        expect(redis.status).toBe('ready');
      } finally {
        await bus.close();
        redis.disconnect();
        admin.disconnect();
      }
    },
  );
});
