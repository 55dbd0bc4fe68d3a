import type { VehicleType } from '../../shared/vehicles/catalog.js';
import type { ThemePreset } from '../../shared/vehicles/themes.js';
import type {
  AcceptMessagesFrom,
  PublicVehicle,
  ThemeResponse,
  Vehicle,
} from '../../shared/vehicles/vehicle.js';
import type { PublicVehicleRow, VehicleRow } from './vehicles.repo.js';

/** The owner's view of their own vehicle. */
export function presentVehicle(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    licensePlate: row.licensePlate,
    color: row.color,
    displayName: row.displayName,
    vehicleType: row.vehicleType as VehicleType,
    isActive: row.isActive === 1,
    qrCode: row.qrCode,
    themePreset: row.themePreset as ThemePreset,
    acceptMessagesFrom: row.acceptMessagesFrom as AcceptMessagesFrom,
  };
}

/**
 * What anyone may learn of a vehicle (ADDENDUM §1): its description and plate, never its owner,
 * its QR code or when it was registered. The anonymity promise for vehicles lives here.
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
  };
}

/** A vehicle's theme, as its owner's theme calls answer it. */
export function presentTheme(row: Pick<VehicleRow, 'themePreset'>): ThemeResponse {
  return { themePreset: row.themePreset as ThemePreset };
}
