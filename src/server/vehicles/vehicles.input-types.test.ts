import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import { databaseSnapshot } from '../test/database-snapshot.js';
import { matrixOn, testEngines } from '../test/databases.js';
import { buildVehicle, vehicleBody } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

/** Values of another kind than text, as a crafted request may send them (docs/decisions/0055). */
const WRONG_KINDS: Array<[string, unknown]> = [
  ['an object', {}],
  ['an empty array', []],
  ['an array of text', ['Toyota']],
  ['true', true],
  ['false', false],
  ['zero', 0],
  ['a number', 2020],
  ['an operator object', { $ne: null }],
];
const VEHICLE_FIELDS = ['make', 'model', 'year', 'licensePlate', 'color', 'displayName', 'vehicleType'];

describe.each(testEngines)('vehicle writes with fields of the wrong type on %s', (engine) => {
  let t: TestApp;
  let owner: { cookie: string };
  let vehicle: Vehicle;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createVerifiedUser(t);
    vehicle = await buildVehicle(t.app, owner.cookie, { displayName: 'Keep me', vehicleType: 'suv' });
    const theme = await call(t.app, 'PUT', `/api/vehicles/${vehicle.id}/theme`, {
      cookie: owner.cookie,
      body: { themePreset: 'sport' },
    });
    expect(theme.statusCode).toBe(200);
    vehicle = { ...vehicle, themePreset: 'sport' };
  });
  afterAll(() => t.close());

  /** Each write endpoint, a body it accepts, and the fields it reads. */
  const endpoints = [
    {
      endpoint: 'POST /api/vehicles',
      method: 'POST',
      url: () => '/api/vehicles',
      body: () => vehicleBody({ displayName: 'New one' }),
      fields: VEHICLE_FIELDS,
    },
    {
      endpoint: 'PATCH /api/vehicles/:id',
      method: 'PATCH',
      url: () => `/api/vehicles/${vehicle.id}`,
      body: () => vehicleBody({ make: 'Honda', model: 'Civic', displayName: 'Changed', vehicleType: 'van' }),
      fields: VEHICLE_FIELDS,
    },
    {
      endpoint: 'PUT /api/vehicles/:id/theme',
      method: 'PUT',
      url: () => `/api/vehicles/${vehicle.id}/theme`,
      body: () => ({ themePreset: 'eco' }),
      fields: ['themePreset'],
    },
  ] as const;

  /** What the owner reads back: the vehicle, its theme and both lists. */
  async function ownerView() {
    const read = async (url: string) => (await call(t.app, 'GET', url, { cookie: owner.cookie })).json();
    return {
      vehicle: await read(`/api/vehicles/${vehicle.id}`),
      theme: await read(`/api/vehicles/${vehicle.id}/theme`),
      active: await read('/api/vehicles'),
      removed: await read('/api/vehicles/inactive'),
    };
  }

  async function expectRefusedWithoutChange(
    send: () => Promise<{ statusCode: number; json(): unknown }>,
    message: string,
  ) {
    const database = await databaseSnapshot(t.db);
    const view = await ownerView();
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    expect(await ownerView()).toEqual(view);
    expect(view.vehicle).toEqual(vehicle);
    expect(await databaseSnapshot(t.db)).toEqual(database);
  }

  // The refusal comes before any SQL: every wrong kind on SQLite, each field once on PostgreSQL.
  const cases = matrixOn(
    engine,
    endpoints.flatMap(({ endpoint, method, url, body, fields }) =>
      fields.flatMap((field) =>
        WRONG_KINDS.map(([how, value]) => ({ endpoint, method, url, body, field, how, value })),
      ),
    ),
    ({ endpoint, field }) => `${endpoint} ${field}`,
  );

  it.each(cases)('$endpoint: $field as $how → 400 "$field must be text", nothing changes', async (row) => {
    await expectRefusedWithoutChange(
      () =>
        call(t.app, row.method, row.url(), {
          cookie: owner.cookie,
          body: { ...row.body(), [row.field]: row.value },
        }),
      `${row.field} must be text`,
    );
  });

  const notObjects = ['[]', '[{"make":"Toyota"}]', '"Toyota"', '42', 'true', 'null'];
  it.each(
    matrixOn(
      engine,
      endpoints.flatMap(({ endpoint, method, url }) =>
        notObjects.map((payload) => ({ endpoint, method, url, payload })),
      ),
      ({ endpoint }) => endpoint,
    ),
  )(
    '$endpoint: the body $payload → 400 "Request body must be a JSON object", nothing changes',
    async ({ method, url, payload }) => {
      await expectRefusedWithoutChange(
        () =>
          call(t.app, method, url(), {
            cookie: owner.cookie,
            body: payload,
            headers: { 'content-type': 'application/json' },
          }),
        'Request body must be a JSON object',
      );
    },
  );

  it.each(endpoints)('$endpoint: no body at all → 400, nothing changes', async ({ method, url }) => {
    await expectRefusedWithoutChange(
      () => call(t.app, method, url(), { cookie: owner.cookie }),
      'Request body must be a JSON object',
    );
  });

  // Last: the same bodies with every field as text are accepted, so each refusal above was the type's.
  it('accepts each endpoint’s body with every field as text', async () => {
    for (const { endpoint, method, url, body } of endpoints) {
      const response = await call(t.app, method, url(), { cookie: owner.cookie, body: body() });
      expect(response.statusCode, endpoint).toBe(method === 'POST' ? 201 : 200);
    }
    const changed = await ownerView();
    expect(changed.vehicle).toMatchObject({ make: 'Honda', displayName: 'Changed', vehicleType: 'van' });
    expect(changed.theme).toEqual({ themePreset: 'eco' });
    expect(changed.active).toHaveLength(2);
  });
});
