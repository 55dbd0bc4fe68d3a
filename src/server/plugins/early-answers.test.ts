import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_PROBE_MAX_AGE_MS } from '../health/health.probe.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createEarlyAnswers, type EarlyAnswer } from './early-answers.js';

describe('answers given before the framework', () => {
  const early = createEarlyAnswers({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
  let known: EarlyAnswer | undefined = { statusCode: 200, json: '{"status":"ok"}' };
  early.set('/known', () => known);
  const handled: string[] = [];
  const server = early.serverFactory(
    (request, response) => {
      handled.push(`${request.method} ${request.url}`);
      response.end('framework');
    },
    { keepAliveTimeout: 5_000, requestTimeout: 10_000, connectionTimeout: 0 },
  );
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers a GET of the exact path with the given headers, and takes the server options', async () => {
    expect(server.keepAliveTimeout).toBe(5_000);
    expect(server.requestTimeout).toBe(10_000);
    const response = await fetch(`${base}/known`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"status":"ok"}');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBe('15');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(handled).toEqual([]);
  });

  it('leaves everything else to the framework', async () => {
    for (const [method, path] of [
      ['HEAD', '/known'],
      ['POST', '/known'],
      ['GET', '/known?x=1'],
      ['GET', '/known/'],
      ['GET', '/other'],
    ] as const) {
      await (await fetch(`${base}${path}`, { method })).arrayBuffer();
    }
    // Not known yet (a probe under way): the framework answers.
    known = undefined;
    await (await fetch(`${base}/known`)).arrayBuffer();
    known = { statusCode: 503, json: '{}' };
    expect((await fetch(`${base}/known`)).status).toBe(503);
    // The server closing: the framework answers (it refuses, and closes the connection).
    early.close();
    await (await fetch(`${base}/known`)).arrayBuffer();
    expect(handled).toEqual([
      'HEAD /known',
      'POST /known',
      'GET /known?x=1',
      'GET /known/',
      'GET /other',
      'GET /known',
      'GET /known',
    ]);
  });
});

describe('the health check answered early by the app', () => {
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** Status, body and headers, but the date. */
  const answerOf = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    const headers = Object.fromEntries(response.headers);
    delete headers.date;
    // Each request's own id (decision 0157): the early answer, never logged, carries none.
    delete headers['x-request-id'];
    return { status: response.status, body: await response.text(), headers };
  };

  it('answers as the route does, with the headers of every /api answer', async () => {
    // The route (a query string is never answered early) and the early answer agree, to the header.
    const fromRoute = await answerOf('/api/health?from=route');
    expect(fromRoute.status).toBe(200);
    expect(JSON.parse(fromRoute.body)).toEqual({
      status: 'ok',
      database: { engine: 'sqlite', status: 'up' },
    });
    expect(await answerOf('/api/health')).toEqual(fromRoute);
    const other = await answerOf('/api/auth/user');
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'cache-control',
    ])
      expect(fromRoute.headers[name]).toBe(other.headers[name]);
  });

  it('says the database is down once the probe says so', async () => {
    expect((await answerOf('/api/health')).status).toBe(200);
    await t.db.destroy();
    t.clock.advance(HEALTH_PROBE_MAX_AGE_MS);
    // The route waits for the new probe; then the early answer gives it too.
    const fromRoute = await answerOf('/api/health');
    expect(fromRoute.status).toBe(503);
    expect(await answerOf('/api/health')).toEqual(fromRoute);
    expect(JSON.parse(fromRoute.body)).toEqual({
      status: 'unavailable',
      database: { engine: 'sqlite', status: 'down' },
    });
  });
});
