import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayPlate, plateKey } from '../../shared/vehicles/plates.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import type { Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import { testEngines } from '../test/databases.js';
import { buildVehicle, uniquePlate, vehicleBody } from '../test/factories.js';
import { call } from '../test/http.js';
import { createTestApp, createVerifiedUser, type TestApp } from '../test/test-app.js';

const ROUNDS = 8;

/**
 * Two edits moving two vehicles to one new plate at once. On PostgreSQL they interleave in many rounds
 * (not all, hence several): both pass the service's "is it taken?" look, the partial unique index (one
 * active vehicle per plate key) refuses the second write, and guardPlate answers our 409. On SQLite a
 * query answers without waiting for I/O, so one edit runs to its end before the other starts and the
 * service's look decides; the outcome asserted is the same.
 */
describe.each(testEngines)('two edits racing for one plate on %s', (engine) => {
  let t: TestApp;
  let owners: Array<{ cookie: string }>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owners = [await createVerifiedUser(t), await createVerifiedUser(t)];
  });
  afterAll(() => t.close());

  const activeHolders = (plate: string) =>
    t.db
      .selectFrom('vehicles')
      .select('id')
      .where('plateKey', '=', plateKey(plate))
      .where('isActive', '=', 1)
      .execute();

  it.each([
    ['two vehicles of one owner', [0, 0]],
    ['vehicles of two owners', [0, 1]],
  ])('%s: exactly one gets the plate, the other a 409', async (_case, ownerIndexes) => {
    const contenders = ownerIndexes.map((index) => owners[index] as { cookie: string });
    const vehicles: Vehicle[] = [];
    for (const owner of contenders) vehicles.push(await buildVehicle(t.app, owner.cookie));

    for (let round = 0; round < ROUNDS; round++) {
      const plate = uniquePlate();
      // Written two ways that share one plate key, so only the key can tell them apart.
      const spellings = [plate, plate.toLowerCase().replace('-', ' ')];
      const responses = await Promise.all(
        vehicles.map((vehicle, index) =>
          call(t.app, 'PATCH', `/api/vehicles/${vehicle.id}`, {
            cookie: contenders[index]?.cookie,
            body: vehicleBody({
              make: vehicle.make,
              model: vehicle.model,
              year: vehicle.year,
              color: vehicle.color,
              vehicleType: vehicle.vehicleType,
              licensePlate: spellings[index],
            }),
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect([...statuses].sort(), `round ${round}: ${responses.map((r) => r.body)}`).toEqual([200, 409]);
      const winner = statuses.indexOf(200);
      const loser = 1 - winner;
      const won = responses[winner]?.json() as Vehicle;
      const before = vehicles[loser] as Vehicle;
      expect(responses[loser]?.json()).toEqual({
        message: vehicleTexts.plateAlreadyRegistered,
        code: 'PLATE_TAKEN',
      });
      expect(won.id).toBe(vehicles[winner]?.id);
      expect(won.licensePlate).toBe(displayPlate(spellings[winner] as string));

      // The database holds one active vehicle with the plate: the winner; the loser kept its own plate.
      expect(await activeHolders(plate)).toEqual([{ id: won.id }]);
      const loserNow = await call(t.app, 'GET', `/api/vehicles/${before.id}`, {
        cookie: contenders[loser]?.cookie,
      });
      expect(loserNow.json()).toEqual(before);
      const found = await call(t.app, 'GET', `/api/vehicles/lookup/${encodeURIComponent(plate)}`);
      expect(found.json().id).toBe(won.id);

      vehicles[winner] = won;
    }
  });
});
