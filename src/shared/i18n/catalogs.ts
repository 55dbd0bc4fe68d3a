/**
 * Which catalogues a namespace's texts travel in (docs/decisions/0162-languages-plan.md, 0167). `all` holds
 * every text the browser shows; a first screen waits only for its part of it, then `all` follows once it has
 * painted (src/client/lib/i18n.ts): `landing` (the landing page), `finder` (a QR link's Vehicle found and Send
 * Message, the scanner and the plate search), `owner` (Home). Each part holds the shell's texts too, so a first
 * screen waits for one file. `server` is the server's alone (mails, push notifications); the server reads
 * `all` and `server`. A namespace not named here travels in `all` only.
 */
export const CATALOGS = ['landing', 'finder', 'owner', 'all', 'server'] as const;
export type Catalog = (typeof CATALOGS)[number];
/** A part of the browser's catalogue: what a screen waits for before it shows. */
export type ClientPart = Exclude<Catalog, 'server'>;
export const CLIENT_PARTS: readonly ClientPart[] = ['landing', 'finder', 'owner', 'all'];

/** What every first screen shows: the shell, its notices and error toasts, the vehicles' words. */
const SHELL: readonly string[] = [
  'shell',
  'components',
  'errorToasts',
  'notices',
  // The toasts after signing out or deleting the account, the offline notice (docs/decisions/0166).
  'accountNotices',
  'savedData',
  'vehicleTypes',
  'colors',
];

/** A QR link's Vehicle found and Send Message (docs/decisions/0165), the scanner and the plate search. */
const FINDER: readonly string[] = [
  ...SHELL,
  'finder',
  'plateLookup',
  'vehicles',
  'vehicleDisplay',
  'vehicleNotFound',
  'acceptance',
  'ownerStatus',
  'messages',
  'quickMessages',
  'contactNotice',
  'sendMessage',
  'reply',
  'urgent',
  'sendCountdown',
  'messageTime',
];

/** The landing page: the finder's words (it searches plates) and its own. */
const LANDING: readonly string[] = [
  ...FINDER,
  'landing',
  'sampleVehicle',
  'sentStatus',
  'messageSuccess',
  'messageStatus',
];

/** Home: its greeting, the owner's vehicles and recent conversations. */
const OWNER: readonly string[] = [
  ...SHELL,
  'home',
  'authScreens',
  'recentConversations',
  'vehicleScreens',
  'vehicleDisplay',
  'vehicles',
  'messageTime',
  'conversations',
  'messages',
  'quickMessages',
  'ownerStatus',
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

/** The catalogues a namespace's texts travel in. */
export function catalogsOf(namespace: string): Catalog[] {
  if (SERVER.includes(namespace)) return ['server'];
  const parts: Catalog[] = [];
  if (LANDING.includes(namespace)) parts.push('landing');
  if (FINDER.includes(namespace)) parts.push('finder');
  if (OWNER.includes(namespace)) parts.push('owner');
  return [...parts, 'all'];
}
