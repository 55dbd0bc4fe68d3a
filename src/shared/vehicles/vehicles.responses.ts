import * as c from '../contract.js';
import { THEME_PRESET_VALUES } from './themes.js';
import { VEHICLE_TYPE_VALUES } from './vehicle-types.js';

export const DISPLAY_NAME_MAX = 100;

/**
 * Who may message a vehicle: its owner's setting (ADDENDUM §1). Public since issue 31: a finder learns before
 * writing that the vehicle takes no messages, or only from verified accounts.
 */
export const ACCEPT_MESSAGES_FROM = ['everyone', 'verified', 'nobody'] as const;
export type AcceptMessagesFrom = (typeof ACCEPT_MESSAGES_FROM)[number];
export const DEFAULT_ACCEPT_MESSAGES_FROM: AcceptMessagesFrom = 'everyone';
export const MODEL_MAX = 50;

/**
 * What anyone may see of a vehicle found by QR code, plate or id (ADDENDUM §1), and nothing more. Also
 * reads one back from somewhere it could have been altered (session storage): unknown keys dropped.
 */
export const publicVehicleSchema = c.object({
  id: c.nonEmptyString,
  make: c.string,
  model: c.string,
  year: c.string,
  color: c.string,
  vehicleType: c.oneOf(VEHICLE_TYPE_VALUES),
  displayName: c.nullable(c.string),
  licensePlate: c.string,
  themePreset: c.oneOf(THEME_PRESET_VALUES),
  acceptMessagesFrom: c.oneOf(ACCEPT_MESSAGES_FROM),
  /** The word a genuine sticker shows, in capitals (issue 34; decision 0155): public, so a finder can compare. */
  verificationWord: c.string,
});
export type PublicVehicle = c.Infer<typeof publicVehicleSchema>;
export const PUBLIC_VEHICLE_KEYS = Object.keys(publicVehicleSchema.shape) as (keyof PublicVehicle)[];

/** What the owner sees of their own vehicle: the public description plus what only they may know. */
export const vehicleSchema = c.extend(publicVehicleSchema, {
  isActive: c.boolean,
  qrCode: c.string,
  /** The sticker's code to type: 8 characters, upper case, no dash (shown XXXX-XXXX; decision 0155). */
  shortCode: c.string,
});
export type Vehicle = c.Infer<typeof vehicleSchema>;

/** What the owner's lists answer (GET /api/vehicles, GET /api/vehicles/inactive). */
export const vehicleListSchema = c.array(vehicleSchema);

/** What the theme calls answer. */
export const themeResponseSchema = c.object({ themePreset: c.oneOf(THEME_PRESET_VALUES) });
export type ThemeResponse = c.Infer<typeof themeResponseSchema>;
