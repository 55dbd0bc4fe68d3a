import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Vehicle } from '../../shared/vehicles/vehicle.js';
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
