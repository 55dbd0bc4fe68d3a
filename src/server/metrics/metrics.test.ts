import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { parsePrometheusText, seriesValue } from '../test/prometheus-text.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

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
    for (const method of ['GET', 'POST'] as const) {
      const response = await call(t.app, method, '/metrics');
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('Not found');
    }
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
