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
  // Messaging: Send Message, its success and status pages (the finder's path; docs/decisions/0165).
  'messages',
  'quickMessages',
  'ownerStatus',
  'contactNotice',
  'sentStatus',
  'sendMessage',
  'messageSuccess',
  'messageStatus',
  'reply',
  'urgent',
  'sendCountdown',
  // The vehicle feature's pieces the finder's screens show too: colours, the back link (features/vehicles).
  'vehicleDisplay',
  // The toasts after signing out or deleting the account, the offline notice (docs/decisions/0166).
  'accountNotices',
  'savedData',
  // The shell, the finder's path and the vehicle's words it shows (issue 36).
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
const SERVER: readonly string[] = [
  'request',
  'scrub',
  'feedback',
  'rateLimits',
  // Mails, push notices, the server's own errors, the manifest and the sticker file (docs/decisions/0164).
  'mail',
  'manifest',
  'pushNotice',
  'serverErrors',
  'stickerFile',
];

export function catalogOf(namespace: string): Catalog {
  if (FIRST.includes(namespace)) return 'first';
  if (SERVER.includes(namespace)) return 'server';
  return 'rest';
}
