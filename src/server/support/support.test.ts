import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/databases.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

describe.each(testEngines)('support address on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SUPPORT_EMAIL: 'help@vehicle-contact.example' } });
  });
  afterAll(() => t.close());

  it('answers the operator’s SUPPORT_EMAIL, without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/support' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'help@vehicle-contact.example' });
  });
});
