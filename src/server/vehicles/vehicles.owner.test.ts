import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTexts } from '../../shared/contract.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle, uniquePlate, vehicleBody, vehicleEditBody } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

describe.each(testEngines)('owner vehicle API on %s', (engine) => {
  let t: TestApp;
  let owner: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createVerifiedUser(t);
  });
  afterAll(() => t.close());

  const countVehicles = async () =>
    Number(
      (
        await t.db
          .selectFrom('vehicles')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('registers a vehicle with its plate stored uppercased and trimmed, and lists it', async () => {
    const plate = uniquePlate();
    const response = await call(t.app, 'POST', '/api/vehicles', {
      cookie: owner.cookie,
      body: {
        ...vehicleBody(),
        licensePlate: `  ${plate.toLowerCase()} `,
        displayName: '  Blue Camry ',
        vehicleType: undefined,
      },
    });
    expect(response.statusCode).toBe(201);
    const vehicle = response.json();
    expect(vehicle).toEqual({
      id: expect.any(String),
      make: 'Toyota',
      model: 'Camry',
      year: '2020',
      licensePlate: plate,
      color: 'blue',
      displayName: 'Blue Camry',
      vehicleType: 'sedan',
      isActive: true,
      qrCode: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      themePreset: 'default',
      acceptMessagesFrom: 'everyone',
      shortCode: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
      verificationWord: expect.stringMatching(/^[A-Z]{3,8}$/),
    });
    const list = await call(t.app, 'GET', '/api/vehicles', { cookie: owner.cookie });
    expect(list.json()).toContainEqual(vehicle);
    const one = await call(t.app, 'GET', `/api/vehicles/${vehicle.id}`, { cookie: owner.cookie });
    expect(one.json()).toEqual(vehicle);
  });

  it('gives every vehicle its own unguessable QR code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await buildVehicle(t.app, owner.cookie)).qrCode);
    expect(codes.size).toBe(5);
  });

  it.each([
    ['no make', { make: '' }, vehicleTexts.fillAllFields],
    ['no model', { model: '  ' }, vehicleTexts.fillAllFields],
    ['no year', { year: undefined }, vehicleTexts.fillAllFields],
    ['no plate', { licensePlate: '' }, vehicleTexts.fillAllFields],
    ['no color', { color: null }, vehicleTexts.fillAllFields],
    ['a one-character plate', { licensePlate: 'A' }, vehicleTexts.plateTooShort],
    ['an 11-character plate', { licensePlate: 'ABCD-123456' }, vehicleTexts.plateTooLong],
    ['a fake plate', { licensePlate: 'TEST-123' }, vehicleTexts.plateNotReal],
    ['a filler plate', { licensePlate: '0000' }, vehicleTexts.plateNotReal],
    ['a badly formed plate', { licensePlate: 'AB-12-CD' }, vehicleTexts.plateBadFormat],
    ['a long display name', { displayName: 'x'.repeat(101) }, vehicleTexts.displayNameTooLong],
    ['an unknown make', { make: 'Trabant' }, vehicleTexts.unknownMake],
    ['a year before 1985', { year: '1984' }, vehicleTexts.invalidYear],
    ['an unknown color', { color: 'teal' }, vehicleTexts.unknownColor],
    ['an unknown type', { vehicleType: 'tank' }, vehicleTexts.unknownVehicleType],
  ])('refuses %s with 400 and the form text, storing nothing', async (_case, overrides, message) => {
    const before = await countVehicles();
    const response = await call(t.app, 'POST', '/api/vehicles', {
      cookie: owner.cookie,
      body: vehicleBody(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    expect(await countVehicles()).toBe(before);
  });

  it('refuses bodies that are not an object', async () => {
    for (const payload of ['[]', '"car"', 'null']) {
      const response = await call(t.app, 'POST', '/api/vehicles', {
        body: payload,
        cookie: owner.cookie,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });

  it('refuses a plate that is active elsewhere, however it is written', async () => {
    const plate = uniquePlate();
    await buildVehicle(t.app, owner.cookie, { licensePlate: plate });
    const other = await createVerifiedUser(t);
    for (const variant of [plate, plate.toLowerCase(), plate.replace('-', ' '), plate.replace('-', '')]) {
      const response = await call(t.app, 'POST', '/api/vehicles', {
        cookie: other.cookie,
        body: vehicleBody({ licensePlate: variant }),
      });
      expect(response.statusCode, variant).toBe(409);
      expect(response.json()).toEqual({ message: vehicleTexts.plateAlreadyRegistered, code: 'PLATE_TAKEN' });
    }
  });

  it('of two concurrent registrations of one plate, exactly one wins', async () => {
    const plate = uniquePlate();
    const users = await Promise.all([createVerifiedUser(t), createVerifiedUser(t), createVerifiedUser(t)]);
    const responses = await Promise.all(
      users.map((user, index) =>
        call(t.app, 'POST', '/api/vehicles', {
          cookie: user.cookie,
          body: vehicleBody({ licensePlate: index === 1 ? plate.replace('-', ' ') : plate }),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.db
      .selectFrom('vehicles')
      .select('id')
      .where('plateKey', '=', plate.replace('-', ''))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('the database itself refuses a second active vehicle with one plate key', async () => {
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const row = await t.db
      .selectFrom('vehicles')
      .selectAll()
      .where('id', '=', vehicle.id)
      .executeTakeFirstOrThrow();
    await expect(
      t.db
        .insertInto('vehicles')
        .values({ ...row, id: crypto.randomUUID(), qrCode: `copy${Date.now()}` })
        .execute(),
    ).rejects.toThrow();
  });

  it('removes softly, lists it under removed, frees the plate, and reactivates with the same QR code', async () => {
    const plate = uniquePlate();
    const vehicle = await buildVehicle(t.app, owner.cookie, { licensePlate: plate });
    const removed = await call(t.app, 'DELETE', `/api/vehicles/${vehicle.id}`, { cookie: owner.cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: vehicle.id, isActive: false });
    expect(
      (await call(t.app, 'GET', '/api/vehicles', { cookie: owner.cookie }))
        .json()
        .map((v: { id: string }) => v.id),
    ).not.toContain(vehicle.id);
    expect(
      (await call(t.app, 'GET', '/api/vehicles/inactive', { cookie: owner.cookie })).json()[0],
    ).toMatchObject({ id: vehicle.id, isActive: false });
    expect((await call(t.app, 'GET', `/api/vehicles/qr/${vehicle.qrCode}`)).statusCode).toBe(404);

    // The plate is free while the vehicle is removed: someone else registers it.
    const other = await createVerifiedUser(t);
    const taken = await buildVehicle(t.app, other.cookie, { licensePlate: plate });
    const refused = await call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}/reactivate`, {
      cookie: owner.cookie,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Cannot reactivate vehicle');

    await call(t.app, 'DELETE', `/api/vehicles/${taken.id}`, { cookie: other.cookie });
    const reactivated = await call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}/reactivate`, {
      cookie: owner.cookie,
    });
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json()).toMatchObject({ id: vehicle.id, isActive: true, qrCode: vehicle.qrCode });
    expect((await call(t.app, 'GET', `/api/vehicles/qr/${vehicle.qrCode}`)).json().id).toBe(vehicle.id);
    // Removing twice or reactivating an active vehicle changes nothing.
    expect(
      (await call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}/reactivate`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
  });

  it('edits a vehicle, keeping its type, and refuses a plate active elsewhere', async () => {
    const vehicle = await buildVehicle(t.app, owner.cookie, { vehicleType: 'suv' });
    const newPlate = uniquePlate();
    const edit = {
      make: 'Honda',
      model: 'Civic',
      year: '2019',
      licensePlate: newPlate.toLowerCase(),
      color: 'red',
      displayName: 'Red one',
    };
    const response = await call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}`, {
      cookie: owner.cookie,
      body: edit,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...vehicle, ...edit, licensePlate: newPlate, vehicleType: 'suv' });

    const other = await buildVehicle(t.app, owner.cookie);
    const conflict = await call(t.app, 'PATCH', `/api/vehicles/${other.id}`, {
      cookie: owner.cookie,
      body: { ...edit, licensePlate: newPlate },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe(vehicleTexts.plateAlreadyRegistered);
    // Keeping its own plate is no conflict.
    const same = await call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}`, {
      cookie: owner.cookie,
      body: edit,
    });
    expect(same.statusCode).toBe(200);
  });

  // Their own owner: the shared one is near the vehicle limit.
  it('changes the vehicle type on edit, shown in the list and the public shape (decision 0140)', async () => {
    const typeOwner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, typeOwner.cookie, { vehicleType: 'sedan' });
    const response = await call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}`, {
      cookie: typeOwner.cookie,
      body: vehicleEditBody(vehicle, { displayName: vehicle.displayName, vehicleType: 'motorcycle' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...vehicle, vehicleType: 'motorcycle' });
    const list = await call(t.app, 'GET', '/api/vehicles', { cookie: typeOwner.cookie });
    expect(list.json()).toContainEqual({ ...vehicle, vehicleType: 'motorcycle' });
    expect((await call(t.app, 'GET', `/api/vehicles/public/${vehicle.id}`)).json().vehicleType).toBe(
      'motorcycle',
    );
  });

  it.each([
    ['an unknown type', 'tank', vehicleTexts.unknownVehicleType],
    ['a label instead of its value', 'Pickup Truck', vehicleTexts.unknownVehicleType],
    ['a type that is not text', 3, requestTexts.notText({ field: 'vehicleType' })],
  ])('refuses an edit with %s with 400, changing nothing', async (_case, vehicleType, message) => {
    const typeOwner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, typeOwner.cookie, { vehicleType: 'van' });
    const response = await call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}`, {
      cookie: typeOwner.cookie,
      body: vehicleEditBody(vehicle, { displayName: 'Changed', vehicleType }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    expect(
      (await call(t.app, 'GET', `/api/vehicles/${vehicle.id}`, { cookie: typeOwner.cookie })).json(),
    ).toEqual(vehicle);
  });

  it("answers 404 to a type change of another owner's vehicle, which keeps its type", async () => {
    const typeOwner = await createVerifiedUser(t);
    const vehicle = await buildVehicle(t.app, typeOwner.cookie, { vehicleType: 'suv' });
    const stranger = await createVerifiedUser(t);
    const response = await call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}`, {
      cookie: stranger.cookie,
      body: vehicleEditBody(vehicle, { vehicleType: 'truck' }),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(vehicleTexts.vehicleNotFound);
    expect(
      (await call(t.app, 'GET', `/api/vehicles/${vehicle.id}`, { cookie: typeOwner.cookie })).json(),
    ).toEqual(vehicle);
  });

  it.each([
    [{ make: '' }, vehicleTexts.fillRequiredFields],
    [{ licensePlate: '   ' }, vehicleTexts.fillRequiredFields],
    [{ licensePlate: 'FAKE1' }, vehicleTexts.plateNotReal],
    [{ displayName: 'y'.repeat(101) }, vehicleTexts.displayNameTooLong],
  ])('refuses the edit %j with 400 and changes nothing', async (overrides, message) => {
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const response = await call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}`, {
      cookie: owner.cookie,
      body: { ...vehicleBody(), ...overrides },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(
      (await call(t.app, 'GET', `/api/vehicles/${vehicle.id}`, { cookie: owner.cookie })).json(),
    ).toEqual(vehicle);
  });

  it('keeps a theme per vehicle: default, set, reset; refuses unknown presets', async () => {
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const url = `/api/vehicles/${vehicle.id}/theme`;
    expect((await call(t.app, 'GET', url, { cookie: owner.cookie })).json()).toEqual({
      themePreset: 'default',
    });
    expect(
      (await call(t.app, 'PUT', url, { cookie: owner.cookie, body: { themePreset: 'sport' } })).json(),
    ).toEqual({ themePreset: 'sport' });
    expect((await call(t.app, 'GET', url, { cookie: owner.cookie })).json()).toEqual({
      themePreset: 'sport',
    });
    expect((await call(t.app, 'GET', `/api/vehicles/public/${vehicle.id}`)).json().themePreset).toBe('sport');
    for (const body of [{ themePreset: 'neon' }, {}, { themePreset: null }]) {
      const bad = await call(t.app, 'PUT', url, { cookie: owner.cookie, body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(vehicleTexts.unknownThemePreset);
    }
    expect((await call(t.app, 'DELETE', url, { cookie: owner.cookie })).json()).toEqual({
      themePreset: 'default',
    });
    expect((await call(t.app, 'GET', url, { cookie: owner.cookie })).json()).toEqual({
      themePreset: 'default',
    });
  });

  it("answers 404 for another user's vehicle on every route and changes nothing", async () => {
    const vehicle = await buildVehicle(t.app, owner.cookie);
    const stranger = await createVerifiedUser(t);
    const routes = [
      ['GET', `/api/vehicles/${vehicle.id}`, undefined],
      ['PATCH', `/api/vehicles/${vehicle.id}`, vehicleBody()],
      ['DELETE', `/api/vehicles/${vehicle.id}`, undefined],
      ['PATCH', `/api/vehicles/${vehicle.id}/reactivate`, undefined],
      ['GET', `/api/vehicles/${vehicle.id}/theme`, undefined],
      ['PUT', `/api/vehicles/${vehicle.id}/theme`, { themePreset: 'eco' }],
      ['DELETE', `/api/vehicles/${vehicle.id}/theme`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      const response = await call(t.app, method, url, { cookie: stranger.cookie, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ message: vehicleTexts.vehicleNotFound, code: 'NOT_FOUND' });
    }
    expect((await call(t.app, 'GET', '/api/vehicles', { cookie: stranger.cookie })).json()).toEqual([]);
    expect(
      (await call(t.app, 'GET', `/api/vehicles/${vehicle.id}`, { cookie: owner.cookie })).json(),
    ).toEqual(vehicle);
    expect(
      (await call(t.app, 'GET', `/api/vehicles/${crypto.randomUUID()}`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);
  });

  it('answers 401 to visitors on every owner route', async () => {
    for (const [method, url] of [
      ['GET', '/api/vehicles'],
      ['GET', '/api/vehicles/inactive'],
      ['POST', '/api/vehicles'],
      ['GET', '/api/vehicles/some-id'],
      ['PATCH', '/api/vehicles/some-id'],
      ['DELETE', '/api/vehicles/some-id'],
      ['PATCH', '/api/vehicles/some-id/reactivate'],
      ['GET', '/api/vehicles/some-id/theme'],
      ['PUT', '/api/vehicles/some-id/theme'],
      ['DELETE', '/api/vehicles/some-id/theme'],
    ] as const) {
      const response = await call(
        t.app,
        method,
        url,
        method === 'GET' || method === 'DELETE' ? {} : { body: vehicleBody() },
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('keeps at most 20 active vehicles per account', async () => {
    const fleet = await createVerifiedUser(t);
    const vehicles = [];
    for (let i = 0; i < 20; i++) vehicles.push(await buildVehicle(t.app, fleet.cookie));
    const refused = await call(t.app, 'POST', '/api/vehicles', { cookie: fleet.cookie, body: vehicleBody() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: vehicleTexts.tooManyVehicles, code: 'VEHICLE_LIMIT' });
    await call(t.app, 'DELETE', `/api/vehicles/${vehicles[0]?.id}`, { cookie: fleet.cookie });
    expect(
      (await call(t.app, 'POST', '/api/vehicles', { cookie: fleet.cookie, body: vehicleBody() })).statusCode,
    ).toBe(201);
    expect(
      (await call(t.app, 'PATCH', `/api/vehicles/${vehicles[0]?.id}/reactivate`, { cookie: fleet.cookie }))
        .statusCode,
    ).toBe(409);
  });
});
