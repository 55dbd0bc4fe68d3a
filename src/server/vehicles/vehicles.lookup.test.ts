import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_VEHICLE } from '../../shared/vehicles/sample.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import type { Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle, PUBLIC_VEHICLE_KEYS_WRITTEN_OUT, vehicleEditBody } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

describe.each(testEngines)('finding a vehicle on %s', (engine) => {
  let t: TestApp;
  let owner: { cookie: string; email: string };
  let vehicle: Vehicle;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createVerifiedUser(t);
    vehicle = await buildVehicle(t.app, owner.cookie, {
      licensePlate: 'QRT-1234',
      displayName: 'The blue one',
    });
  });
  afterAll(() => t.close());

  const publicShape = (v: Vehicle) => ({
    id: v.id,
    make: v.make,
    model: v.model,
    year: v.year,
    color: v.color,
    vehicleType: v.vehicleType,
    displayName: v.displayName,
    licensePlate: v.licensePlate,
    themePreset: v.themePreset,
    acceptMessagesFrom: v.acceptMessagesFrom,
    verificationWord: v.verificationWord,
  });

  it('by QR code, plate or id answers the public shape and nothing more, signed out', async () => {
    for (const url of [
      `/api/vehicles/qr/${vehicle.qrCode}`,
      '/api/vehicles/lookup/QRT-1234',
      `/api/vehicles/public/${vehicle.id}`,
    ]) {
      const response = await call(t.app, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort(), url).toEqual([...PUBLIC_VEHICLE_KEYS_WRITTEN_OUT].sort());
      expect(body).toEqual(publicShape(vehicle));
      expect(response.body).not.toContain(vehicle.qrCode);
      expect(response.body).not.toContain(vehicle.shortCode);
      expect(response.body).not.toContain(owner.email);
    }
  });

  it("tells a finder, before they write, what the owner's setting allows, as soon as it changes", async () => {
    const urls = [
      `/api/vehicles/qr/${vehicle.qrCode}`,
      '/api/vehicles/lookup/QRT-1234',
      `/api/vehicles/public/${vehicle.id}`,
    ];
    for (const url of urls)
      expect((await call(t.app, 'GET', url)).json().acceptMessagesFrom, url).toBe('everyone');
    for (const setting of ['verified', 'nobody', 'everyone'] as const) {
      const edited = await call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}`, {
        cookie: owner.cookie,
        body: vehicleEditBody(vehicle, { displayName: vehicle.displayName, acceptMessagesFrom: setting }),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      for (const url of urls)
        expect((await call(t.app, 'GET', url)).json().acceptMessagesFrom, `${url} after ${setting}`).toBe(
          setting,
        );
    }
  });

  it('normalises the plate: "qrt 1234", "QRT1234" and " qrt-1234 " find QRT-1234', async () => {
    for (const plate of ['qrt 1234', 'QRT1234', ' qrt-1234 ', 'QRT - 1234']) {
      const response = await call(t.app, 'GET', `/api/vehicles/lookup/${encodeURIComponent(plate)}`);
      expect(response.statusCode, plate).toBe(200);
      expect(response.json().id).toBe(vehicle.id);
    }
  });

  it('signed-in users find vehicles too, including their own', async () => {
    const finder = await createVerifiedUser(t);
    for (const cookie of [finder.cookie, owner.cookie]) {
      expect((await call(t.app, 'GET', `/api/vehicles/qr/${vehicle.qrCode}`, { cookie })).statusCode).toBe(
        200,
      );
    }
  });

  it.each([
    ['a plate with symbols', 'AB$12', vehicleTexts.lookupBadCharacters],
    ['a 16-character plate', 'ABCDEFGHIJKLMNOP', vehicleTexts.lookupTooLong],
    ['only separators', '- -', vehicleTexts.lookupNoAlphanumerics],
    ['a sample word', 'demo', vehicleTexts.lookupNotReal],
    ['blank', '%20%20', vehicleTexts.lookupEmpty],
  ])('refuses %s with 400 and the lookup text', async (_case, plate, message) => {
    const response = await call(
      t.app,
      'GET',
      `/api/vehicles/lookup/${plate.includes('%') ? plate : encodeURIComponent(plate)}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('answers 404 "Vehicle not found" for unknown codes, plates and ids', async () => {
    for (const url of [
      '/api/vehicles/qr/not-a-real-code',
      `/api/vehicles/qr/${encodeURIComponent('https://evil.example/x')}`,
      `/api/vehicles/qr/${'a'.repeat(90)}`,
      '/api/vehicles/lookup/ZZZ-9999',
      `/api/vehicles/public/${crypto.randomUUID()}`,
    ]) {
      const response = await call(t.app, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      // Our own answer, not the router's "No route for ..." 404 (which a missing route would give).
      expect(response.json(), url).toEqual({ message: vehicleTexts.vehicleNotFound, code: 'NOT_FOUND' });
    }
  });

  it('does not find removed vehicles, and finds them again after reactivation', async () => {
    const removable = await buildVehicle(t.app, owner.cookie);
    await call(t.app, 'DELETE', `/api/vehicles/${removable.id}`, { cookie: owner.cookie });
    const urls = [
      `/api/vehicles/qr/${removable.qrCode}`,
      `/api/vehicles/lookup/${encodeURIComponent(removable.licensePlate)}`,
      `/api/vehicles/public/${removable.id}`,
    ];
    for (const url of urls) {
      const response = await call(t.app, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: vehicleTexts.vehicleNotFound, code: 'NOT_FOUND' });
    }
    await call(t.app, 'PATCH', `/api/vehicles/${removable.id}/reactivate`, { cookie: owner.cookie });
    for (const url of urls) expect((await call(t.app, 'GET', url)).statusCode, url).toBe(200);
  });
});

describe.each(testEngines)('lookup limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1' } });
  });
  afterAll(() => t.close());

  it('allows 60 plate, QR or short-code lookups per minute per address', async () => {
    const ip = '10.1.2.3';
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const url = [
        `/api/vehicles/lookup/ZZZ-${1000 + i}`,
        `/api/vehicles/qr/code${i}`,
        `/api/vehicles/code/ZZZZ-${1000 + i}`,
      ][i % 3] as string;
      statuses.push((await call(t.app, 'GET', url, { ip })).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([404]));
    const limited = await call(t.app, 'GET', '/api/vehicles/lookup/ZZZ-0001', { ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const byCode = await call(t.app, 'GET', `/api/vehicles/code/${SAMPLE_VEHICLE.shortCode}`, { ip });
    expect(byCode.statusCode).toBe(429);
    expect((await call(t.app, 'GET', '/api/vehicles/qr/anything', { ip: '10.9.9.9' })).statusCode).toBe(404);
  });
});
