import { icu, texts } from '../../../shared/i18n/texts.js';

/**
 * The vehicle feature's pieces that the finder's and the conversations' screens show too (vehicle-display.ts,
 * screen-header.tsx): a small module in the first catalogue, so those screens need neither the owner's
 * texts module nor the rest of the catalogue (shared/i18n/catalogs.ts).
 */
export const vehicleDisplayTexts = texts('vehicleDisplay', {
  /** The screen header's back link. */
  back: 'Back',
  /** The line under a vehicle's name. */
  licenseLine: icu<{ plate: string }>('License: {plate}'),
  /** Home's card for the vehicles it does not list. */
  moreVehicles: icu<{ count: number }>('{count, plural, one {+# more vehicle} other {+# more vehicles}}'),
});
