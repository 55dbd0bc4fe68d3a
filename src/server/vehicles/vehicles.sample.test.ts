import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_VEHICLE } from '../../shared/vehicles/sample.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle, PUBLIC_VEHICLE_KEYS_WRITTEN_OUT } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

const { qrCode, shortCode, ...samplePublicShape } = SAMPLE_VEHICLE;

describe.each(testEngines)('the built-in sample vehicle on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('is found by its fixed QR code and its id, signed out, in the public shape', async () => {
    for (const url of [`/api/vehicles/qr/${qrCode}`, `/api/vehicles/public/${SAMPLE_VEHICLE.id}`]) {
      const response = await call(t.app, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(Object.keys(response.json()).sort()).toEqual([...PUBLIC_VEHICLE_KEYS_WRITTEN_OUT].sort());
      expect(response.json()).toEqual(samplePublicShape);
    }
  });

  it('is found by its exact code and id only: letter case counts (docs/decisions/0047)', async () => {
    for (const url of [
      `/api/vehicles/qr/${qrCode.toUpperCase()}`,
      `/api/vehicles/public/${SAMPLE_VEHICLE.id.toUpperCase()}`,
    ]) {
      expect((await call(t.app, 'GET', url)).statusCode, url).toBe(404);
    }
  });

  it('is never found by a plate lookup', async () => {
    for (const plate of ['SAMPLE', 'sample', '#sample']) {
      const response = await call(t.app, 'GET', `/api/vehicles/lookup/${encodeURIComponent(plate)}`);
      expect(response.statusCode, plate).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, plate).toBeLessThan(500);
      expect(response.body).not.toContain(SAMPLE_VEHICLE.id);
    }
  });

  it('belongs to no account: in nobody’s lists, and no owner route reaches it', async () => {
    const user = await createVerifiedUser(t);
    await buildVehicle(t.app, user.cookie);
    for (const url of ['/api/vehicles', '/api/vehicles/inactive']) {
      const response = await call(t.app, 'GET', url, { cookie: user.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(SAMPLE_VEHICLE.id);
    }
    const id = SAMPLE_VEHICLE.id;
    const attempts = [
      call(t.app, 'GET', `/api/vehicles/${id}`, { cookie: user.cookie }),
      call(t.app, 'DELETE', `/api/vehicles/${id}`, { cookie: user.cookie }),
      call(t.app, 'PUT', `/api/vehicles/${id}/theme`, {
        cookie: user.cookie,
        body: { themePreset: 'sport' },
      }),
      call(t.app, 'PATCH', `/api/vehicles/${id}`, {
        cookie: user.cookie,
        body: { make: 'Toyota', model: 'Camry', year: '2024', licensePlate: 'KLM-2345', color: 'red' },
      }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    const after = await call(t.app, 'GET', `/api/vehicles/qr/${qrCode}`);
    expect(after.json()).toEqual(samplePublicShape);
  });
});
