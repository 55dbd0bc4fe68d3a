import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PUBLIC_VEHICLE_KEYS,
  type PublicVehicle,
  publicVehicleSchema,
} from '../../../shared/vehicles/vehicles.responses.js';
import {
  decodeFoundVehicle,
  encodeFoundVehicle,
  FOUND_VEHICLE_KEY,
  readFoundVehicle,
  saveFoundVehicle,
} from './found-vehicle-storage.js';

const vehicle: PublicVehicle = {
  id: 'v-1',
  make: 'Hyundai',
  model: 'Palisade',
  year: '2020',
  color: 'silver',
  vehicleType: 'suv',
  displayName: null,
  licensePlate: 'ABC-1234',
  themePreset: 'sport',
  acceptMessagesFrom: 'everyone',
  verificationWord: 'MAPLE',
};

describe('the found-vehicle codec', () => {
  it('round-trips a public vehicle', () => {
    expect(decodeFoundVehicle(encodeFoundVehicle(vehicle))).toEqual(vehicle);
    const named = { ...vehicle, displayName: 'The Blue One' };
    expect(decodeFoundVehicle(encodeFoundVehicle(named))).toEqual(named);
  });

  it('stores nothing beyond the public fields', () => {
    const withExtras = { ...vehicle, qrCode: 'secret', ownerId: 'u-1' } as PublicVehicle;
    expect(Object.keys(JSON.parse(encodeFoundVehicle(withExtras))).sort()).toEqual(
      Object.keys(vehicle).sort(),
    );
  });

  it.each([
    ['nothing stored', null],
    ['an empty string', ''],
    ['broken JSON', '{"id":'],
    ['a number', '42'],
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['a string', '"v-1"'],
    ['an object without an id', JSON.stringify({ ...vehicle, id: undefined })],
    ['an empty id', JSON.stringify({ ...vehicle, id: '' })],
    ['a numeric id', JSON.stringify({ ...vehicle, id: 7 })],
    ['a missing plate', JSON.stringify({ ...vehicle, licensePlate: undefined })],
    ['a display name of another type', JSON.stringify({ ...vehicle, displayName: 3 })],
    ['a year of another type', JSON.stringify({ ...vehicle, year: ['2020'] })],
    ['a numeric year (an older shape)', JSON.stringify({ ...vehicle, year: 2020 })],
    ['an unknown vehicle type', JSON.stringify({ ...vehicle, vehicleType: 'hovercraft' })],
    ['an unknown theme preset', JSON.stringify({ ...vehicle, themePreset: 'neon' })],
    ['a missing theme preset', JSON.stringify({ ...vehicle, themePreset: undefined })],
    ['a missing display name', JSON.stringify({ ...vehicle, displayName: undefined })],
  ])('tolerates %s', (_name, stored) => {
    expect(decodeFoundVehicle(stored)).toBeUndefined();
  });

  it('reads back only the public fields', () => {
    expect(decodeFoundVehicle(JSON.stringify({ ...vehicle, qrCode: 'secret' }))).toEqual(vehicle);
  });

  it('decodes with the shared schema, which has exactly the public fields', () => {
    expect(Object.keys(publicVehicleSchema.shape).sort()).toEqual([...PUBLIC_VEHICLE_KEYS].sort());
  });
});

describe('the found-vehicle session storage', () => {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };

  beforeEach(() => {
    values.clear();
    Object.defineProperty(globalThis, 'window', { value: { sessionStorage: storage }, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'window');
  });

  it('keeps the vehicle under foundVehicle and reads it back for its own id only', () => {
    saveFoundVehicle(vehicle);
    expect(values.has(FOUND_VEHICLE_KEY)).toBe(true);
    expect(readFoundVehicle('v-1')).toEqual(vehicle);
    expect(readFoundVehicle('v-2')).toBeUndefined();
  });

  it('reads garbage as nothing', () => {
    values.set(FOUND_VEHICLE_KEY, 'not json');
    expect(readFoundVehicle('v-1')).toBeUndefined();
  });

  it('survives a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    Object.defineProperty(globalThis, 'window', { value: { sessionStorage: throwing }, configurable: true });
    expect(() => saveFoundVehicle(vehicle)).not.toThrow();
    expect(readFoundVehicle('v-1')).toBeUndefined();
  });
});
