import { texts } from '../i18n/texts.js';

/**
 * The names of the catalog's colours (catalog.ts VEHICLE_COLORS), in the reader's language. A module of its
 * own, small, so that Vehicle found names a colour without the catalog's makes and models.
 */
export const colorTexts = texts('colors', {
  black: 'Black',
  white: 'White',
  silver: 'Silver',
  gray: 'Gray',
  red: 'Red',
  blue: 'Blue',
  green: 'Green',
  yellow: 'Yellow',
  orange: 'Orange',
  purple: 'Purple',
  brown: 'Brown',
  other: 'Other',
});

/** A colour's name: "black" → "Black" ("Schwarz"); one the catalog does not know, as it is, capitalised. */
export function colorName(color: string): string {
  return Object.hasOwn(colorTexts, color)
    ? colorTexts[color as keyof typeof colorTexts]
    : color.charAt(0).toUpperCase() + color.slice(1);
}
