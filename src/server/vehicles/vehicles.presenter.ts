import type { VehicleType } from '../../shared/vehicles/catalog.js';
import type { ThemePreset } from '../../shared/vehicles/themes.js';
import type { AcceptMessagesFrom, ThemeResponse, Vehicle } from '../../shared/vehicles/vehicles.contract.js';
import type { VehicleRow } from './vehicles.repo.js';

export { presentPublicVehicle } from './vehicles.port.js';

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
    verificationWord: row.verificationWord,
    shortCode: row.shortCode,
  };
}

/** A vehicle's theme, as its owner's theme calls answer it. */
export function presentTheme(row: Pick<VehicleRow, 'themePreset'>): ThemeResponse {
  return { themePreset: row.themePreset as ThemePreset };
}
