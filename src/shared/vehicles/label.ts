/** The fields a vehicle is named by; the public shape, the owner's and a notification's all carry them. */
export interface NamedVehicle {
  displayName?: string | null;
  year: string | null;
  make: string | null;
  model: string | null;
}

/** A vehicle described as spec §2 Home does: "year make model" (blank parts left out). */
export function vehicleDescription(vehicle: NamedVehicle): string {
  return [vehicle.year, vehicle.make, vehicle.model]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** What a vehicle is called: its display name when it has one that is not blank, else its description. */
export function vehicleLabel(vehicle: NamedVehicle): string {
  return vehicle.displayName?.trim() || vehicleDescription(vehicle);
}
