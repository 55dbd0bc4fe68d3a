/**
 * Which catalogue a namespace's texts travel in (docs/decisions/0162-languages-plan.md). The browser loads
 * `first` before the first screen paints (the finder's path: landing, scanner, plate, vehicle found, send
 * message, the message's status, the shell, errors), and `rest` with the first screen that needs it; the
 * server reads all three, and `server` is its alone (mails, push notifications). A namespace not named
 * here travels in `rest`.
 */
export const CATALOGS = ['first', 'rest', 'server'] as const;
export type Catalog = (typeof CATALOGS)[number];

const FIRST: readonly string[] = [
  'vehicles',
  // The shell, the finder's path and the vehicle's words it shows (issue 36, i18n-shell).
  'shell',
  'components',
  'landing',
  'finder',
  'errorToasts',
  'notices',
  'messageTime',
  'acceptance',
  'sampleVehicle',
  'plateLookup',
  'vehicleTypes',
  'colors',
  'vehicleNotFound',
];
const SERVER: readonly string[] = ['request'];

export function catalogOf(namespace: string): Catalog {
  if (FIRST.includes(namespace)) return 'first';
  if (SERVER.includes(namespace)) return 'server';
  return 'rest';
}
