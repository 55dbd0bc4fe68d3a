import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import type { Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import { databaseSnapshot } from '../test/database-snapshot.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle, vehicleBody } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

/** Every owner route that names a vehicle, with a body it would accept from the owner. */
const OWNER_ROUTES = [
  { method: 'GET', path: '/api/vehicles/:id' },
  { method: 'PATCH', path: '/api/vehicles/:id', body: () => vehicleBody({ displayName: 'Mine now' }) },
  { method: 'DELETE', path: '/api/vehicles/:id' },
  { method: 'PATCH', path: '/api/vehicles/:id/reactivate' },
  { method: 'GET', path: '/api/vehicles/:id/theme' },
  { method: 'PUT', path: '/api/vehicles/:id/theme', body: () => ({ themePreset: 'eco' }) },
  { method: 'DELETE', path: '/api/vehicles/:id/theme' },
  { method: 'GET', path: '/api/vehicles/:id/sticker.pdf' },
] as const;
const STATES = ['active', 'removed'] as const;

/** Another account's vehicle is indistinguishable from no vehicle at all, and stays as it was. */
describe.each(testEngines)("another account's vehicle on %s", (engine) => {
  let t: TestApp;
  let owner: { cookie: string };
  let stranger: { cookie: string };
  const vehicles = {} as Record<(typeof STATES)[number], Vehicle>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    [owner, stranger] = await Promise.all([createVerifiedUser(t), createVerifiedUser(t)]);
    await buildVehicle(t.app, stranger.cookie);
    const active = await buildVehicle(t.app, owner.cookie, { displayName: 'A', vehicleType: 'suv' });
    await call(t.app, 'PUT', `/api/vehicles/${active.id}/theme`, {
      cookie: owner.cookie,
      body: { themePreset: 'luxury' },
    });
    vehicles.active = (
      await call(t.app, 'GET', `/api/vehicles/${active.id}`, { cookie: owner.cookie })
    ).json();
    expect(vehicles.active.themePreset).toBe('luxury');
    const removed = await buildVehicle(t.app, owner.cookie, { displayName: 'B' });
    vehicles.removed = (
      await call(t.app, 'DELETE', `/api/vehicles/${removed.id}`, { cookie: owner.cookie })
    ).json();
    expect(vehicles.removed.isActive).toBe(false);
  });
  afterAll(() => t.close());

  /** What the owner reads of their vehicles. */
  async function ownerView() {
    const read = async (url: string) => (await call(t.app, 'GET', url, { cookie: owner.cookie })).json();
    return {
      active: await read('/api/vehicles'),
      removed: await read('/api/vehicles/inactive'),
      themes: await Promise.all(STATES.map((state) => read(`/api/vehicles/${vehicles[state].id}/theme`))),
    };
  }

  const send = (route: (typeof OWNER_ROUTES)[number], id: string, cookie: string | undefined) =>
    call(t.app, route.method, route.path.replace(':id', id), {
      ...(cookie ? { cookie } : {}),
      ...('body' in route ? { body: route.body() } : {}),
    });

  const cases = STATES.flatMap((state) =>
    OWNER_ROUTES.map((route) => ({ state, route, name: `${route.method} ${route.path}` })),
  );

  it.each(cases)(
    'signed in as another account, $name of an $state vehicle: 404 as for a random id, nothing changes',
    async ({ state, route }) => {
      const vehicle = vehicles[state];
      const view = await ownerView();
      const database = await databaseSnapshot(t.db);
      const response = await send(route, vehicle.id, stranger.cookie);
      const random = await send(route, crypto.randomUUID(), stranger.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: vehicleTexts.vehicleNotFound, code: 'NOT_FOUND' });
      expect(response.statusCode).toBe(random.statusCode);
      expect(response.body).toBe(random.body);
      expect(await databaseSnapshot(t.db)).toEqual(database);
      expect(await ownerView()).toEqual(view);
      const own = await call(t.app, 'GET', `/api/vehicles/${vehicle.id}`, { cookie: owner.cookie });
      expect(own.json()).toEqual(vehicle);
    },
  );

  it.each(cases)('signed out, $name of an $state vehicle: 401, nothing changes', async ({ state, route }) => {
    const database = await databaseSnapshot(t.db);
    const response = await send(route, vehicles[state].id, undefined);
    const random = await send(route, crypto.randomUUID(), undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(response.body).toBe(random.body);
    expect(await databaseSnapshot(t.db)).toEqual(database);
  });

  it("keeps the owner's vehicles out of the other account's lists", async () => {
    for (const url of ['/api/vehicles', '/api/vehicles/inactive']) {
      const list: Vehicle[] = (await call(t.app, 'GET', url, { cookie: stranger.cookie })).json();
      const ids = list.map((vehicle) => vehicle.id);
      expect(ids).not.toContain(vehicles.active.id);
      expect(ids).not.toContain(vehicles.removed.id);
    }
  });
});
