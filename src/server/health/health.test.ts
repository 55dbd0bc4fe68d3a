import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../test/clock.js';
import { testEngines } from '../test/databases.js';
import { call } from '../test/http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { cachedProbe, HEALTH_PROBE_MAX_AGE_MS } from './health.probe.js';

describe.each(testEngines)('health on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('reports the database as up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: { engine, status: 'up' } });
  });
});

describe('the health probe', () => {
  it('asks the database at most once a second, and says so when it stops answering', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
      // The database goes away: for up to a second the last answer stands, then the probe runs again.
      await t.db.destroy();
      t.clock.advance(HEALTH_PROBE_MAX_AGE_MS - 1);
      expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
      t.clock.advance(1);
      const down = await call(t.app, 'GET', '/api/health');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: { engine: 'sqlite', status: 'down' } });
    } finally {
      await t.close();
    }
  });

  it('shares one probe among the calls of a second', async () => {
    const clock = new TestClock();
    let probes = 0;
    const probe = cachedProbe(async () => {
      probes += 1;
      return true;
    }, clock.now);
    await Promise.all([probe(), probe(), probe()]);
    clock.advance(HEALTH_PROBE_MAX_AGE_MS - 1);
    await probe();
    expect(probes).toBe(1);
    clock.advance(1);
    await probe();
    expect(probes).toBe(2);
  });

  it('gives an answer already in as it is, and a promise while the probe runs', async () => {
    const clock = new TestClock();
    let answer = true;
    const probe = cachedProbe(async () => answer, clock.now);
    const asking = probe();
    expect(asking).toBeInstanceOf(Promise);
    expect(await asking).toBe(true);
    expect(probe()).toBe(true);
    answer = false;
    clock.advance(HEALTH_PROBE_MAX_AGE_MS);
    expect(await probe()).toBe(false);
    expect(probe()).toBe(false);
  });
});
