import { texts } from '../i18n/texts.js';

/** Spec §3 Vehicle types: their names, in the reader's language. */
export const vehicleTypeTexts = texts('vehicleTypes', {
  sedan: 'Sedan',
  suv: 'SUV',
  pickup: 'Pickup Truck',
  truck: '18-Wheeler / Truck',
  motorcycle: 'Motorcycle',
  van: 'Van',
  other: 'Other',
});

/** Spec §3 Vehicle types (value, label); the default on registration is sedan. */
export const VEHICLE_TYPE_VALUES = ['sedan', 'suv', 'pickup', 'truck', 'motorcycle', 'van', 'other'] as const;
export type VehicleType = (typeof VEHICLE_TYPE_VALUES)[number];
export const DEFAULT_VEHICLE_TYPE: VehicleType = 'sedan';

/** Each type with its label, read in the language of the moment (a getter: read it when shown). */
export const VEHICLE_TYPES: ReadonlyArray<{ readonly value: VehicleType; readonly label: string }> =
  VEHICLE_TYPE_VALUES.map((value) => ({
    value,
    get label() {
      return vehicleTypeTexts[value];
    },
  }));

/** A vehicle type's name; an unknown value (an older server's) as it is, capitalised. */
export function vehicleTypeName(vehicleType: string): string {
  return Object.hasOwn(vehicleTypeTexts, vehicleType)
    ? vehicleTypeTexts[vehicleType as VehicleType]
    : vehicleType.charAt(0).toUpperCase() + vehicleType.slice(1);
}
