import {
  type PublicVehicle,
  THEME_PRESET_VALUES,
  type ThemePreset,
  VEHICLE_TYPE_VALUES,
  type VehicleType,
} from '../../../shared/vehicles/index.js';

/** The session storage key the found vehicle is kept under for the next screen (spec §2 Vehicle found). */
export const FOUND_VEHICLE_KEY = 'foundVehicle';

const isText = (value: unknown): value is string => typeof value === 'string';

/** Keeps exactly the public fields, so nothing else a response might carry is stored. */
export function encodeFoundVehicle(vehicle: PublicVehicle): string {
  const { id, make, model, year, color, vehicleType, displayName, licensePlate, themePreset } = vehicle;
  return JSON.stringify({
    id,
    make,
    model,
    year,
    color,
    vehicleType,
    displayName,
    licensePlate,
    themePreset,
  });
}

/** The stored vehicle, or undefined for anything that is not one (missing, garbage, an older shape). */
export function decodeFoundVehicle(stored: string | null): PublicVehicle | undefined {
  if (stored === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const { id, make, model, year, color, vehicleType, displayName, licensePlate, themePreset } = record;
  if (
    !isText(id) ||
    id === '' ||
    !isText(make) ||
    !isText(model) ||
    !isText(color) ||
    !isText(licensePlate)
  ) {
    return undefined;
  }
  if (!isText(year) && typeof year !== 'number') return undefined;
  if (displayName !== null && displayName !== undefined && !isText(displayName)) return undefined;
  return {
    id,
    make,
    model,
    year: String(year),
    color,
    licensePlate,
    displayName: displayName ?? null,
    vehicleType: (VEHICLE_TYPE_VALUES as readonly unknown[]).includes(vehicleType)
      ? (vehicleType as VehicleType)
      : 'other',
    themePreset: (THEME_PRESET_VALUES as readonly unknown[]).includes(themePreset)
      ? (themePreset as ThemePreset)
      : 'default',
  };
}

/** Session storage can be missing or refuse writes (private modes, quota); the screens work without it. */
function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function saveFoundVehicle(vehicle: PublicVehicle): void {
  try {
    sessionStore()?.setItem(FOUND_VEHICLE_KEY, encodeFoundVehicle(vehicle));
  } catch {
    // Not kept: the next screen fetches the vehicle by its id instead.
  }
}

/** The kept vehicle when it is the one with this id. */
export function readFoundVehicle(id: string): PublicVehicle | undefined {
  let stored: string | null = null;
  try {
    stored = sessionStore()?.getItem(FOUND_VEHICLE_KEY) ?? null;
  } catch {
    return undefined;
  }
  const vehicle = decodeFoundVehicle(stored);
  return vehicle?.id === id ? vehicle : undefined;
}
