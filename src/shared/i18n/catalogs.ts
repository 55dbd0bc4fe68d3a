import { namespaceOf } from './texts.js';

/**
 * Which catalogues a namespace's texts travel in (docs/decisions/0162-languages-plan.md, 0167). `all` holds
 * every text the browser shows; a first screen waits only for its part of it, then `all` follows once it has
 * painted (src/client/lib/i18n.ts): `landing` (the landing page, the scanner, the plate search), `finder` (a QR
 * link's Vehicle found and Send Message), `owner` (Home). Each part holds the shell's texts too, so a first
 * screen waits for one file. `server` is the server's alone (mails, push notifications); the server reads
 * `all` and `server`. A part names a namespace (all its texts) or a text's id; a text not named travels in
 * `all` only.
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

/** Of the finder's and the vehicles' namespaces, what Vehicle found, Send Message and their toasts show. */
const FOUND: readonly string[] = [
  ...[
    'foundTitle',
    'foundIntro',
    'foundGone',
    'licensePlate',
    'color',
    'type',
    'vehicle',
    'stickerWordBefore',
    'stickerWordAfter',
    'sendMessage',
    'signInToWrite',
    'createAccount',
    'replyTitle',
    'replyIntro',
    'cancel',
    'tryAgain',
    'goToHome',
    'qrNotFound',
    'qrLookupFailed',
    'qrInvalid',
  ].map((key) => `finder.${key}`),
  ...['vehicleNotFound', 'plateAlreadyRegistered', 'tooManyVehicles'].map((key) => `vehicles.${key}`),
  // The sample vehicle's notice: the landing page's "test with sample" opens Vehicle found (a link to share).
  'sampleVehicle',
];

/** A QR link's Vehicle found and Send Message (docs/decisions/0165): what the finder's first screens need. */
const FINDER: readonly string[] = [
  ...SHELL,
  ...FOUND,
  'vehicleDisplay',
  'vehicleNotFound',
  'acceptance',
  'ownerStatus',
  'messages',
  'quickMessages',
  'contactNotice',
  'sendMessage',
  'urgent',
  'sendCountdown',
  'messageTime',
];

/**
 * What the finder's part leaves to `all`, of the namespaces it names: what its first screens never show
 * (the server's own refusals, the pages that wait for `all`). A finder's page that shows one of them anyway
 * logs it (shared/i18n/texts.ts), which the journeys fail on. Not the error toasts' words: every failure reads
 * all of them to find its toast (lib/error-toasts.ts).
 */
const NOT_ON_FINDER_SCREENS: readonly string[] = [
  ...[
    'anonymousVisitor',
    'conversationDeleted',
    'conversationNotFound',
    'deletedAccount',
    'deletedAccountReply',
    'idempotencyKeyReused',
    'messageDeleted',
    'messageNotFound',
    'ownVehicle',
  ].map((key) => `messages.${key}`),
  ...['notFoundTitle', 'notFoundDescription', 'retry'].map((key) => `shell.${key}`),
  // The owner's conflicts, read by the error toasts for a 409 alone (lib/error-toasts.ts), which no finder's
  // first screen meets.
  ...['plateTaken', 'plateTakenTitle', 'vehicleLimitTitle'].map((key) => `errorToasts.${key}`),
  'vehicles.plateAlreadyRegistered',
  'vehicles.tooManyVehicles',
  ...['unavailableDescription', 'unavailablePageTitle', 'unavailableTitle'].map((key) => `shell.${key}`),
  // The notices an address's ?error= or ?verified= raises on Home or the landing page (lib/query-notices.ts),
  // but a QR link's (a signed-in finder's app leads home with one, within the page: decision 0168).
  ...['emailVerified', 'emailVerifiedTitle', 'invalidVerificationTitle', 'signInFailedTitle'].map(
    (key) => `notices.${key}`,
  ),
  // The scanner's refusals (its lookups travel with the finder's, its page with the landing page's).
  ...['qrNotFound', 'qrLookupFailed'].map((key) => `finder.${key}`),
  // A signed-in sender's choice of vehicle: its chunk waits for `all` (pages/send-message.tsx).
  ...['ownTarget', 'sendAs', 'sendAnonymously', 'whoOwnerSees', 'ownerSeesNothing', 'ownerSeesVehicle'].map(
    (key) => `sendMessage.${key}`,
  ),
  // The owner's side of a vehicle not found, and the shell's parts of the signed-in and auth screens.
  'vehicleNotFound.forOwner',
  'vehicleNotFound.backToMyVehicles',
  ...['backToHome', 'darkMode', 'hidePassword', 'showPassword', 'signInRequired'].map(
    (key) => `components.${key}`,
  ),
];

/** The landing page, the scanner and the plate search: the finder's words and their own. */
const LANDING: readonly string[] = [
  ...FINDER,
  'finder',
  'vehicles',
  'plateLookup',
  'landing',
  'sampleVehicle',
  'sentStatus',
  'messageSuccess',
  'messageStatus',
  // The sender's answer on its status page (decision 0144); not on the finder's first screens.
  'reply',
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

/** Whether a part's list names the text: its namespace, or the text's own id. */
const names = (list: readonly string[], id: string) => list.includes(id) || list.includes(namespaceOf(id));

/** The catalogues a text travels in. */
export function catalogsOf(id: string): Catalog[] {
  if (SERVER.includes(namespaceOf(id))) return ['server'];
  const parts: Catalog[] = [];
  if (names(LANDING, id)) parts.push('landing');
  if (names(FINDER, id) && !NOT_ON_FINDER_SCREENS.includes(id)) parts.push('finder');
  if (names(OWNER, id)) parts.push('owner');
  return [...parts, 'all'];
}
