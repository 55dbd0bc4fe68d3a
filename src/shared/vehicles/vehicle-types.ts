/** Spec §3 Vehicle types (value, label); the default on registration is sedan. */
export const VEHICLE_TYPES = [
  { value: 'sedan', label: 'Sedan' },
  { value: 'suv', label: 'SUV' },
  { value: 'pickup', label: 'Pickup Truck' },
  { value: 'truck', label: '18-Wheeler / Truck' },
  { value: 'motorcycle', label: 'Motorcycle' },
  { value: 'van', label: 'Van' },
  { value: 'other', label: 'Other' },
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number]['value'];
export const VEHICLE_TYPE_VALUES = VEHICLE_TYPES.map((type) => type.value) as [VehicleType, ...VehicleType[]];
export const DEFAULT_VEHICLE_TYPE: VehicleType = 'sedan';
