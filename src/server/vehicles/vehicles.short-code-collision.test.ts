import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plateKey } from '../../shared/vehicles/plates.js';
import { isUniqueViolation } from '../db/index.js';
import { createTestDatabase, type TestDatabase, testEngines } from '../test/databases.js';
import { insertOwnerWithVehicle, uniquePlate } from '../test/factories.js';
import { uniqueEmail } from '../test/test-app.js';
import { generateQrCode, generateShortCode } from './sticker-codes.js';
import { createVehiclesRepo, isShortCodeCollision } from './vehicles.repo.js';

/**
 * A drawn short code already taken is drawn again, a plate already taken is refused (decision 0155): the
 * service tells the two unique violations apart by the index each engine names.
 */
describe.each(testEngines)('a short code already taken on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it('tells a taken short code from a taken plate', async () => {
    const { ownerId, vehicleId } = await insertOwnerWithVehicle(database.db, {
      email: uniqueEmail('collision'),
      licensePlate: uniquePlate(),
      qrCode: generateQrCode(),
    });
    const first = await database.db
      .selectFrom('vehicles')
      .select(['shortCode', 'licensePlate'])
      .where('id', '=', vehicleId)
      .executeTakeFirstOrThrow();
    const insert = (values: { shortCode: string; licensePlate: string }) =>
      createVehiclesRepo(database.db)
        .insertVehicle(
          {
            ownerId,
            make: 'Toyota',
            model: 'Camry',
            year: '2020',
            licensePlate: values.licensePlate,
            plateKey: plateKey(values.licensePlate),
            color: 'blue',
            displayName: null,
            vehicleType: 'sedan',
            qrCode: generateQrCode(),
            shortCode: values.shortCode,
            verificationWord: 'MAPLE',
            themePreset: 'default',
          },
          Date.now(),
        )
        .then(
          () => undefined,
          (error: unknown) => error,
        );

    const codeTaken = await insert({ shortCode: first.shortCode, licensePlate: uniquePlate() });
    expect(isUniqueViolation(codeTaken)).toBe(true);
    expect(isShortCodeCollision(codeTaken)).toBe(true);

    const plateTaken = await insert({ shortCode: generateShortCode(), licensePlate: first.licensePlate });
    expect(isUniqueViolation(plateTaken)).toBe(true);
    expect(isShortCodeCollision(plateTaken)).toBe(false);
  });
});
