import { texts } from '../i18n/texts.js';
import { vehicleTexts } from './texts.js';

/** The titles of a plate lookup's toasts (spec §5 Licence plate lookup). */
export const plateLookupTexts = texts('plateLookup', {
  errorTitle: 'Error',
  invalidTitle: 'Invalid License Plate',
});

export const REGISTRATION_PLATE_MIN = 2;
export const REGISTRATION_PLATE_MAX = 10;
export const LOOKUP_PLATE_MAX = 15;

/** How a plate is stored: as entered, trimmed and uppercased (ADDENDUM §4). */
export const displayPlate = (plate: string) => plate.trim().toUpperCase();

/** How plates are compared: uppercase with spaces and hyphens removed ("abc 1234" = "ABC-1234"). */
export const plateKey = (plate: string) => plate.toUpperCase().replace(/[\s-]+/g, '');

const FAKE_PREFIXES = ['TEST', 'FAKE', 'DEMO', 'SAMPLE', 'XXX'];
const FILLER = [/^123+$/, /^(ABC)+$/, /^0+$/];

/** The plate patterns of spec §5, separators (hyphen or space) optional where the spec names one. */
const PLATE_PATTERNS = [
  /^[A-Z0-9]{2,3}[- ]?[A-Z0-9]{3,4}$/,
  /^[A-Z]{1,3}[0-9]{1,4}[A-Z]?$/,
  /^[0-9]{1,3}[A-Z]{1,4}[0-9]?$/,
  /^[A-Z0-9]{2,8}$/,
  /^[A-Z0-9]{1,4}[- ]?[A-Z0-9]{1,4}$/,
  /^[A-Z]{1,2}[0-9]{2,4}[A-Z]{0,3}$/,
  /^[0-9]{1,3}[A-Z]{2,3}[0-9]{1,3}$/,
];

/**
 * The registration rules for a plate, in the spec's order after "required": length, realness,
 * format. Answers the first problem's text, or undefined for a good plate.
 */
export function registrationPlateProblem(input: string): string | undefined {
  const plate = displayPlate(input);
  if (plate.length < REGISTRATION_PLATE_MIN) return vehicleTexts.plateTooShort;
  if (plate.length > REGISTRATION_PLATE_MAX) return vehicleTexts.plateTooLong;
  const key = plateKey(plate);
  if (FAKE_PREFIXES.some((prefix) => key.startsWith(prefix)) || FILLER.some((filler) => filler.test(key))) {
    return vehicleTexts.plateNotReal;
  }
  if (!PLATE_PATTERNS.some((pattern) => pattern.test(plate))) return vehicleTexts.plateBadFormat;
  return undefined;
}

export interface LookupProblem {
  /** The toast title: "Error" for an empty field, "Invalid License Plate" for the rest. */
  title: string;
  message: string;
}

/** The licence plate lookup rules of spec §5, in order, checked before the call (and by the server). */
export function lookupPlateProblem(input: string): LookupProblem | undefined {
  const plate = input.trim();
  const invalid = (message: string): LookupProblem => ({ title: plateLookupTexts.invalidTitle, message });
  // Rule 1; rule 2 ("fewer than 1 character") cannot be reached after it, so it has no check.
  if (plate.length === 0) return { title: plateLookupTexts.errorTitle, message: vehicleTexts.lookupEmpty };
  if (plate.length > LOOKUP_PLATE_MAX) return invalid(vehicleTexts.lookupTooLong);
  if (!/[A-Za-z0-9]/.test(plate.replace(/[\s-]/g, ''))) return invalid(vehicleTexts.lookupNoAlphanumerics);
  if (/^(TEST|FAKE|DEMO|SAMPLE)$/i.test(plate)) return invalid(vehicleTexts.lookupNotReal);
  if (!/^[A-Za-z0-9 -]+$/.test(plate)) return invalid(vehicleTexts.lookupBadCharacters);
  return undefined;
}
