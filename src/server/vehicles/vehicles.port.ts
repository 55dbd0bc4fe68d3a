import type { VehicleType } from '../../shared/vehicles/catalog.js';
import type { ThemePreset } from '../../shared/vehicles/themes.js';
import type { AcceptMessagesFrom, PublicVehicle } from '../../shared/vehicles/vehicles.contract.js';
import type { PublicVehicleRow } from './vehicles.repo.js';

/*
 * What vehicles offer the other features: the public shape of a vehicle, presented in one place. Messaging
 * reads vehicles' public columns in its own statements (PUBLIC_VEHICLE_KEYS) and shows them through here.
 */

export type { PublicVehicleRow } from './vehicles.repo.js';

/**
 * What anyone may learn of a vehicle (ADDENDUM §1): its description and plate, never its owner,
 * its QR code or when it was registered; whether it takes messages now, so a finder knows before writing. The anonymity promise for vehicles lives here.
 */
export function presentPublicVehicle(row: PublicVehicleRow): PublicVehicle {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    color: row.color,
    vehicleType: row.vehicleType as VehicleType,
    displayName: row.displayName,
    licensePlate: row.licensePlate,
    themePreset: row.themePreset as ThemePreset,
    acceptMessagesFrom: row.acceptMessagesFrom as AcceptMessagesFrom,
    verificationWord: row.verificationWord,
  };
}
