import { colorName } from '../../../shared/vehicles/colors.js';
import { vehicleLabel } from '../../../shared/vehicles/label.js';
import { VEHICLE_TYPES } from '../../../shared/vehicles/vehicle-types.js';
import { vehicleDisplayTexts } from './display-texts.js';

/** What the owner calls a vehicle (spec §2 Home): its display name if non-blank, else "year make model". */
export const vehicleName = vehicleLabel;

/** The line under a vehicle's name. */
export const plateLine = (licensePlate: string) => vehicleDisplayTexts.licenseLine({ plate: licensePlate });

/** The card that stands for the vehicles Home does not list: "+1 more vehicle", "+3 more vehicles". */
export function moreVehiclesText(hiddenCount: number): string {
  return vehicleDisplayTexts.moreVehicles({ count: hiddenCount });
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "black" → "Black" ("Schwarz", "黑色"): colors are stored lowercase, and shown in the app's language. */
export const colorLabel = colorName;

export function vehicleTypeLabel(vehicleType: string): string {
  return VEHICLE_TYPES.find((type) => type.value === vehicleType)?.label ?? capitalised(vehicleType);
}

/** Where a vehicle's QR code points (the sticker PDF's QR code too): kept once in src/shared. */
export { qrCodeTarget } from '../../../shared/vehicles/qr-target.js';

/** The downloaded QR image is named after the plate: "ABC-1234.png". */
export function qrFileName(licensePlate: string): string {
  const name = licensePlate
    .trim()
    .replace(/[^A-Za-z0-9 -]/g, '')
    .trim();
  return `${name || 'vehicle-qr-code'}.png`;
}

/** The id of a vehicle card's Remove or Reactivate button, where focus goes when the card moves between lists. */
export function vehicleActionId(action: 'remove' | 'reactivate', vehicleId: string): string {
  return `${action}-vehicle-${vehicleId}`;
}
