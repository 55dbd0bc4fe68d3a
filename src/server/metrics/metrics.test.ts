import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRedisEventBus } from '../events/redis-event-bus.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle } from '../test/factories.js';
import { freePort } from '../test/free-port.js';
import { call, TEST_ORIGIN } from '../test/http.js';
import { parsePrometheusText, seriesValue } from '../test/prometheus-text.js';
import { startTestPushService, type TestPushService } from '../test/push-service.js';
import { killServerProcesses, startServerProcess, waitForOutput } from '../test/server-process.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';
import { connect } from '../test/web-socket.js';

async function scrape(t: TestApp) {
  const address = t.app.metricsAddress();
  if (!address) throw new Error('No metrics listener');
  const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

describe.each(testEngines)('metrics on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // With a built client, whose SPA answers any other page path.
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vc-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Vehicle Contact</title>');
    t = await createTestApp(engine, { env: { METRICS_PORT: '0' }, clientDir });
  });
  afterAll(() => t.close());

  it('serves the process metrics in Prometheus text format on a port of its own', async () => {
    const families = await scrape(t);
    expect(families.get('process_cpu_user_seconds_total')?.type).toBe('counter');
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    // PostgreSQL's pool holds the connections the app used so far; SQLite has no pool.
    if (engine === 'postgres') {
      expect(seriesValue(families, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(seriesValue(families, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(families.has('db_pool_connections')).toBe(false);
    }
    const address = t.app.metricsAddress();
    expect((await fetch(`http://127.0.0.1:${address?.port}/other`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${address?.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('counts requests by route pattern and status, never by the raw URL', async () => {
    const route = { method: 'GET', route: '/api/conversations/:id/messages', status: '401' };
    const before = await scrape(t);
    for (const id of ['first-id', 'second-id']) {
      expect((await call(t.app, 'GET', `/api/conversations/${id}/messages`)).statusCode).toBe(401);
    }
    const after = await scrape(t);
    expect(
      seriesValue(after, 'http_requests_total', route) - seriesValue(before, 'http_requests_total', route),
    ).toBe(2);
    expect(
      seriesValue(after, 'http_request_duration_seconds_count', route) -
        seriesValue(before, 'http_request_duration_seconds_count', route),
    ).toBe(2);
    const routes = after.get('http_requests_total')?.samples.map((sample) => sample.labels.route) ?? [];
    expect(routes.some((name) => name?.includes('first-id'))).toBe(false);
  });

  it('answers /metrics on the public port 404, and counts unknown paths by the pattern that caught them', async () => {
    expect((await call(t.app, 'GET', '/some-page')).statusCode).toBe(200);
    const response = await call(t.app, 'GET', '/metrics');
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Not found');
    expect((await call(t.app, 'POST', '/metrics')).statusCode).toBe(404);
    // An unknown path is counted under the pattern that caught it (the client's wildcard), never itself.
    const caught = { method: 'GET', route: '/*', status: '404' };
    const before = await scrape(t);
    expect((await call(t.app, 'GET', '/api/no-such-route')).statusCode).toBe(404);
    const after = await scrape(t);
    expect(
      seriesValue(after, 'http_requests_total', caught) - seriesValue(before, 'http_requests_total', caught),
    ).toBe(1);
    const routes = after.get('http_requests_total')?.samples.map((sample) => sample.labels.route) ?? [];
    expect(routes.some((name) => name?.includes('no-such-route'))).toBe(false);
  });
});

describe('without METRICS_PORT', () => {
  it('opens no metrics listener', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect(t.app.metricsAddress()).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe.each(testEngines)('what the features record, on %s', (engine) => {
  let t: TestApp;
  let service: TestPushService;
  let url: string;
  beforeAll(async () => {
    service = await startTestPushService();
    t = await createTestApp(engine, {
      env: { METRICS_PORT: '0', VAPID_SUBJECT: 'mailto:operators@example.org' },
      config: { pushServiceHosts: [service.host] },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it('counts messages sent, their delivery to a socket, and open sockets', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const before = await scrape(t);
    const client = await connect(url, { origin: TEST_ORIGIN, cookie: owner.cookie });
    await expect.poll(() => client.events.length).toBe(2);
    expect(seriesValue(await scrape(t), 'open_sockets') - seriesValue(before, 'open_sockets')).toBe(1);

    for (const content of ['Your lights are on', 'And the window is open']) {
      const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
        body: { vehicleId: vehicle.id, content },
      });
      expect(sent.statusCode).toBe(201);
    }
    await expect.poll(() => client.events.filter((event) => event.type === 'new_message').length).toBe(2);
    const after = await scrape(t);
    expect(seriesValue(after, 'messages_sent_total') - seriesValue(before, 'messages_sent_total')).toBe(2);
    expect(
      seriesValue(after, 'message_delivery_seconds_count') -
        seriesValue(before, 'message_delivery_seconds_count'),
    ).toBe(2);

    client.socket.close();
    await expect
      .poll(async () => seriesValue(await scrape(t), 'open_sockets'))
      .toBe(seriesValue(before, 'open_sockets'));
  });

  it('counts pushes by outcome: sent, retried, gone', async () => {
    const owner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const browser = service.subscribe();
    await call(t.app, 'POST', '/api/push/subscribe', { cookie: owner.cookie, body: { ...browser } });
    const pushes = async (outcome: string) => seriesValue(await scrape(t), 'pushes_total', { outcome });
    const before = {
      sent: await pushes('sent'),
      retried: await pushes('retried'),
      gone: await pushes('gone'),
    };
    const send = (content: string) =>
      call(t.app, 'POST', '/api/messages/anonymous', { body: { vehicleId: vehicle.id, content } });

    await send('Your lights are on');
    await expect.poll(() => pushes('sent')).toBe(before.sent + 1);
    service.respondWith(browser.id, 503);
    await send('Your window is open');
    await expect.poll(() => pushes('retried')).toBe(before.retried + 1);
    // Left in the queue: that message's retry (due 5 s on), as old as its message.
    const queue = async () => {
      const families = await scrape(t);
      return [seriesValue(families, 'push_queue_jobs'), seriesValue(families, 'push_queue_oldest_seconds')];
    };
    await expect.poll(queue).toEqual([1, 0]);
    t.clock.advance(4_000);
    expect(await queue()).toEqual([1, 4]);
    service.respondWith(browser.id, 410);
    await send('Your tyre is flat');
    await expect.poll(() => pushes('gone')).toBe(before.gone + 1);
    expect(service.failures).toEqual([]);
  });

  it('counts job runs by job', async () => {
    const runs = async () => seriesValue(await scrape(t), 'job_runs_total', { job: 'realtime-heartbeat' });
    const before = await runs();
    await t.app.jobs.runNow('realtime-heartbeat');
    expect(await runs()).toBe(before + 1);
    expect(seriesValue(await scrape(t), 'job_failures_total', { job: 'realtime-heartbeat' })).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl).each(testEngines)('event-bus publish failures, on %s with Redis', (engine) => {
  it('counts an announcement Redis could not take, by event; the message stands', async () => {
    const redis = new Redis(redisUrl ?? '', {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    await redis.connect();
    const prefix = `test-${randomBytes(6).toString('hex')}:events:`;
    const events = await createRedisEventBus(redis, () => undefined, prefix);
    const t = await createTestApp(engine, { env: { METRICS_PORT: '0' }, events });
    try {
      const owner = await createVerifiedUser(t);
      const vehicle = await buildVehicle(t.app, owner.cookie);
      const failures = async () =>
        seriesValue(await scrape(t), 'event_publish_failures_total', { event: 'message.created' });
      expect(await failures()).toBe(0);
      redis.disconnect();
      const sent = await call(t.app, 'POST', '/api/messages/anonymous', {
        body: { vehicleId: vehicle.id, content: 'Your lights are on' },
      });
      expect(sent.statusCode).toBe(201);
      await expect.poll(failures).toBe(1);
    } finally {
      await t.close();
      await events.close();
      redis.disconnect();
    }
  });
});

describe('the server process with METRICS_PORT', () => {
  afterEach(killServerProcesses);

  it('serves /metrics on that port only, and the counters move with requests', async () => {
    const metricsPort = await freePort();
    const started = await startServerProcess({ METRICS_PORT: String(metricsPort) });
    await waitForOutput(started, /is running at/);
    const scrapeProcess = async () => {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      return parsePrometheusText(await response.text());
    };
    const providers = { method: 'GET', route: '/api/auth/providers', status: '200' };
    const before = seriesValue(await scrapeProcess(), 'http_requests_total', providers);
    expect((await fetch(`http://127.0.0.1:${started.port}/api/auth/providers`)).status).toBe(200);
    expect(seriesValue(await scrapeProcess(), 'http_requests_total', providers)).toBe(before + 1);
    expect((await fetch(`http://127.0.0.1:${started.port}/metrics`)).status).toBe(404);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });
});
