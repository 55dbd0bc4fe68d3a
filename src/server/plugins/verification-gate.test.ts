import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle, vehicleBody } from '../test/factories.js';
import { call } from '../test/http.js';
import {
  createTestApp,
  createVerifiedUser,
  STRONG_PASSWORD,
  sessionCookieFrom,
  type TestApp,
  uniqueEmail,
} from '../test/test-app.js';

/** ADDENDUM §5: an unverified account is gated everywhere but /api/auth/* and the public lookups. */
describe.each(testEngines)('the email verification gate on %s', (engine) => {
  let t: TestApp;
  let vehicle: Vehicle;
  let unverified: { email: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    const owner = await createVerifiedUser(t);
    vehicle = await buildVehicle(t.app, owner.cookie, { displayName: 'Found me' });
    // Registering signs nobody in; signing in before following the link gives an unverified session.
    const email = uniqueEmail('unverified');
    const register = await call(t.app, 'POST', '/api/auth/register', {
      body: { email, password: STRONG_PASSWORD },
    });
    expect(register.statusCode).toBe(201);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email, password: STRONG_PASSWORD },
    });
    expect(login.json()).toMatchObject({ emailVerificationRequired: true });
    unverified = { email, cookie: sessionCookieFrom(login) };
    expect((await call(t.app, 'GET', '/api/auth/user', { cookie: unverified.cookie })).json()).toMatchObject({
      email,
      emailVerified: false,
    });
  });
  afterAll(() => t.close());

  const lookups = () => [
    `/api/vehicles/qr/${vehicle.qrCode}`,
    `/api/vehicles/lookup/${encodeURIComponent(vehicle.licensePlate)}`,
    `/api/vehicles/public/${vehicle.id}`,
  ];

  it('lets an unverified account find a vehicle by QR code, plate and id, as a visitor does', async () => {
    for (const url of lookups()) {
      const visitor = await call(t.app, 'GET', url);
      expect(visitor.statusCode, url).toBe(200);
      const signedIn = await call(t.app, 'GET', url, { cookie: unverified.cookie });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.json()).toEqual(visitor.json());
      expect(signedIn.json().id).toBe(vehicle.id);
    }
  });

  it('answers a lookup that finds nothing as for a visitor (404), not with the gate', async () => {
    for (const url of ['/api/vehicles/qr/no-such-code', '/api/vehicles/public/no-such-id']) {
      const response = await call(t.app, 'GET', url, { cookie: unverified.cookie });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it.each([
    ['GET', '/api/vehicles'],
    ['POST', '/api/vehicles'],
    ['GET', '/api/vehicles/inactive'],
    ['GET', '/api/vehicles/:id'],
    ['GET', '/api/vehicles/:id/theme'],
    ['GET', '/api/vehicles/:id/sticker.pdf'],
    // Look like a lookup, but match an owner route (/api/vehicles/:id, /api/vehicles/:id/theme).
    ['GET', '/api/vehicles/qr'],
    ['GET', '/api/vehicles/lookup'],
    ['GET', '/api/vehicles/public'],
    ['PUT', '/api/vehicles/qr/theme'],
    ['DELETE', '/api/vehicles/public/theme'],
    ['GET', '/api/vehicles/qr%2Fsome-code'],
    // Match no route at all.
    ['POST', '/api/vehicles/qr/some-code'],
    ['GET', '/api/vehicles/qr/some-code/more'],
    ['GET', '/api/vehicles/public/some-id/theme'],
  ] as const)('still answers %s %s with 403 EMAIL_VERIFICATION_REQUIRED', async (method, pattern) => {
    const url = pattern.replace(':id', vehicle.id);
    const before = await t.db.selectFrom('vehicles').selectAll().orderBy('id').execute();
    const response = await call(t.app, method, url, {
      cookie: unverified.cookie,
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: vehicleBody({ themePreset: 'eco' }) }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: expect.any(String),
      code: 'EMAIL_VERIFICATION_REQUIRED',
      email: unverified.email,
    });
    expect(await t.db.selectFrom('vehicles').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
