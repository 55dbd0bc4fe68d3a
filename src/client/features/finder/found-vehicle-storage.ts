import {
  PUBLIC_VEHICLE_KEYS,
  type PublicVehicle,
  publicVehicleSchema,
} from '../../../shared/vehicles/vehicles.responses.js';

/** The session storage key the found vehicle is kept under for the next screen (spec §2 Vehicle found). */
export const FOUND_VEHICLE_KEY = 'foundVehicle';

/** Keeps exactly the public fields, so nothing else a response might carry is stored. */
export function encodeFoundVehicle(vehicle: PublicVehicle): string {
  return JSON.stringify(Object.fromEntries(PUBLIC_VEHICLE_KEYS.map((key) => [key, vehicle[key]])));
}

/** The stored vehicle, or undefined for anything that is not one (missing, garbage, another shape). */
export function decodeFoundVehicle(stored: string | null): PublicVehicle | undefined {
  if (stored === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return undefined;
  }
  const parsed = publicVehicleSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
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
