/** The catalog's make for a model typed freely (catalog.ts re-exports it); kept here, small, for labels. */
export const OTHER_MAKE = 'Other';

/** The fields a vehicle is named by; the public shape, the owner's and a notification's all carry them. */
export interface NamedVehicle {
  displayName?: string | null;
  year: string | null;
  make: string | null;
  model: string | null;
}

/**
 * A vehicle described as spec §2 Home does: "year make model" (blank parts left out). The catalog's make
 * "Other" only says the model was typed freely, so it is left out too: "1999 Ural", not "1999 Other Ural".
 */
export function vehicleDescription(vehicle: NamedVehicle): string {
  return [vehicle.year, vehicle.make === OTHER_MAKE ? null : vehicle.make, vehicle.model]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** What a vehicle is called: its display name when it has one that is not blank, else its description. */
export function vehicleLabel(vehicle: NamedVehicle): string {
  return vehicle.displayName?.trim() || vehicleDescription(vehicle);
}
