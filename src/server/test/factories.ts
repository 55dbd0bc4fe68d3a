import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { plateKey } from '../../shared/vehicles/plates.js';
import type { Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import { createAuthRepo } from '../auth/auth.repo.js';
import type { Db } from '../db/index.js';
import { generateShortCode, pickVerificationWord } from '../vehicles/sticker-codes.js';
import { createVehiclesRepo } from '../vehicles/vehicles.repo.js';
import { call } from './http.js';

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWYZ'; // no X: "XXX..." is refused as a fake plate

/** A plate no other test uses, of the "2-3 alphanumerics, separator, 3-4 alphanumerics" family. */
export function uniquePlate(): string {
  const letters = Array.from({ length: 3 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return `${letters}-${String(randomInt(10_000)).padStart(4, '0')}`.replace(/^ABC/, 'ABD');
}

/**
 * The keys of a vehicle's public shape, written out: the repo selects with PUBLIC_VEHICLE_KEYS, so a test
 * comparing answers with that constant could never fail when a key is added to both.
 */
export const PUBLIC_VEHICLE_KEYS_WRITTEN_OUT = [
  'id',
  'make',
  'model',
  'year',
  'color',
  'vehicleType',
  'displayName',
  'licensePlate',
  'themePreset',
  'acceptMessagesFrom',
  'verificationWord',
] as const;

export function vehicleBody(overrides: Record<string, unknown> = {}) {
  return {
    make: 'Toyota',
    model: 'Camry',
    year: '2020',
    licensePlate: uniquePlate(),
    color: 'blue',
    displayName: '',
    vehicleType: 'sedan',
    ...overrides,
  };
}

/** A PATCH /api/vehicles/{id} body that keeps `vehicle`'s required fields and changes `overrides`. */
export function vehicleEditBody(
  vehicle: { make: string; model: string; year: string; licensePlate: string; color: string },
  overrides: Record<string, unknown> = {},
) {
  const { make, model, year, licensePlate, color } = vehicle;
  return { make, model, year, licensePlate, color, ...overrides };
}

/** Registers a vehicle through the API for the signed-in `cookie`. */
export async function buildVehicle(
  app: FastifyInstance,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<Vehicle> {
  const response = await call(app, 'POST', '/api/vehicles', { cookie, body: vehicleBody(overrides) });
  if (response.statusCode !== 201)
    throw new Error(`vehicle registration failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * An owner and one active vehicle written straight into a migrated database (for process tests that seed
 * before the server starts). Answers both ids.
 */
export async function insertOwnerWithVehicle(
  db: Db,
  values: { email: string; licensePlate: string; qrCode: string },
): Promise<{ ownerId: string; vehicleId: string }> {
  const now = Date.now();
  const owner = await createAuthRepo(db).insertUser(
    {
      email: values.email,
      passwordHash: null,
      firstName: null,
      lastName: null,
      authProvider: 'email',
      oidcSubject: null,
      emailVerified: 1,
    },
    now,
  );
  const ownerId = owner?.id ?? '';
  const vehicle = await createVehiclesRepo(db).insertVehicle(
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
      qrCode: values.qrCode,
      shortCode: generateShortCode(),
      verificationWord: pickVerificationWord(),
      themePreset: 'default',
    },
    now,
  );
  return { ownerId, vehicleId: vehicle.id };
}
