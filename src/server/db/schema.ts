import type { Generated } from 'kysely';

/**
 * The database as the code sees it (camelCase; columns are snake_case through CamelCasePlugin).
 * Portable types only: text ids, 0/1 integer flags, epoch-millisecond bigint timestamps
 * (docs/decisions/0003-portable-sql.md).
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verifications: VerificationsTable;
  oidcLoginStates: OidcLoginStatesTable;
  vehicles: VehiclesTable;
  trustedDevices: TrustedDevicesTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  blocks: BlocksTable;
  idempotencyKeys: IdempotencyKeysTable;
  pushSubscriptions: PushSubscriptionsTable;
  serverKeys: ServerKeysTable;
  pushJobs: PushJobsTable;
  notificationPreferences: NotificationPreferencesTable;
  messagePreferences: MessagePreferencesTable;
  fallbackMails: FallbackMailsTable;
  feedback: FeedbackTable;
}

export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  authProvider: 'email' | 'oidc';
  oidcSubject: string | null;
  emailVerified: number;
  createdAt: number;
  updatedAt: number;
  /**
   * Bumped in the transaction of every write that changes what the user's message lists show
   * (src/server/messaging/inbox.repo.ts): a cached list made at this version is current.
   */
  inboxVersion: Generated<number>;
  /** The language the account chose (en-US, de-DE, zh-CN); null: the browser decides (docs/decisions/0164). */
  locale: Generated<string | null>;
  /** The language of the account's last sign-in or registration request: its mails' and pushes' while `locale` is null. */
  signInLocale: Generated<string | null>;
}

export interface SessionsTable {
  tokenHash: string;
  userId: string;
  isPersistent: number;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
}

export type VerificationPurpose = 'verify-email' | 'reset-password';

export interface VerificationsTable {
  id: string;
  userId: string;
  purpose: VerificationPurpose;
  tokenHash: string;
  /** SHA-256 of the registering browser's binding cookie: only that browser is signed in by the link. */
  bindingHash: string | null;
  createdAt: number;
  expiresAt: number;
}

export interface OidcLoginStatesTable {
  stateHash: string;
  codeVerifier: string;
  nonce: string;
  createdAt: number;
  expiresAt: number;
}

export interface VehiclesTable {
  id: string;
  /** Null only for the built-in sample vehicle, which belongs to no account. */
  ownerId: string | null;
  make: string;
  model: string;
  year: string;
  licensePlate: string;
  /** The plate uppercased without spaces and hyphens: what lookups and uniqueness compare. */
  plateKey: string;
  color: string;
  displayName: string | null;
  vehicleType: string;
  isActive: number;
  qrCode: string;
  themePreset: string;
  createdAt: number;
  updatedAt: number;
  removedAt: number | null;
  /** Who may message this vehicle: everyone, verified (signed-in, verified) or nobody (paused). */
  acceptMessagesFrom: Generated<string>;
  /** The sticker's code to type, 8 Crockford base32 characters, unique; replaced with qrCode (decision 0155). */
  shortCode: string;
  /** The word a genuine sticker shows, from src/shared/vehicles/verification-words.ts (decision 0155). */
  verificationWord: string;
}

/** A browser an account signed in from: SHA-256 of its `device` cookie (docs/decisions/0046). */
export interface TrustedDevicesTable {
  tokenHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
}

export type ConversationSide = 'one' | 'two';

/**
 * Side one: the vehicle written to and its owner. Side two: the sender's vehicle (and its owner), or a
 * signed-in sender without one, or a visitor known only by a cookie's hash (docs/decisions/0080).
 */
export interface ConversationsTable {
  id: string;
  /** The pair, unordered for two vehicles: one conversation per pair whoever wrote first. */
  partyKey: string;
  /** Null once the owner deleted their account and the sender's side outlived it (decision 0152). */
  vehicleOneId: string | null;
  ownerOneId: string | null;
  vehicleTwoId: string | null;
  userTwoId: string | null;
  visitorTwoHash: string | null;
  /** A keyed hash of the network the visitor last wrote from (never the address), for blocks (0139). */
  visitorTwoNetwork: string | null;
  /** Each side's "delete conversation": what is older is gone from that side's view. */
  oneClearedAt: number;
  twoClearedAt: number;
  createdAt: number;
  lastMessageAt: number;
  /** The owner's latest one-tap answer to side two (OwnerStatusCode) and when it was given (issue 32). */
  ownerStatus: string | null;
  ownerStatusAt: number | null;
}

export interface MessagesTable {
  id: string;
  conversationId: string;
  senderSide: ConversationSide;
  senderVehicleId: string | null;
  content: string;
  /** Read by the other side. */
  isRead: number;
  createdAt: number;
  /** When a live socket or a push service of the recipient first took it (first write wins; issue 32). */
  deliveredAt: number | null;
  /** When the recipient opened it (what read receipts show, when the recipient sends them). */
  readAt: number | null;
  /** When its sender asked to notify the owner again (once). */
  notifiedAgainAt: number | null;
  /** Its sender marked it urgent (1): its notification alerts even in the owner's quiet hours (0150). */
  urgent: Generated<number>;
}

export interface BlocksTable {
  id: string;
  blockerId: string;
  blockedUserId: string | null;
  blockedVisitorHash: string | null;
  /**
   * A blocked visitor's network (the keyed hash their conversation kept), refused until
   * `networkBlockedUntil` to visitors writing from it (docs/decisions/0139); null once that has passed.
   */
  blockedNetwork: string | null;
  networkBlockedUntil: number | null;
  /**
   * What the blocker may see of whom they blocked: the other side's vehicle ("year make model": for a
   * sender blocking an owner, the vehicle they wrote to) or "Anonymous sender".
   */
  label: string;
  /**
   * The blocker's side of the conversation they blocked from: 'one' (an owner blocking a sender: the
   * account's masked address is shown to them) or 'two' (a sender blocking the owner: never an address).
   * Null for blocks made before this was kept: shown as for 'two' (docs/decisions/0124).
   */
  blockerSide: ConversationSide | null;
  reason: string | null;
  createdAt: number;
}

export interface IdempotencyKeysTable {
  senderKey: string;
  idempotencyKey: string;
  /** The first answer, as JSON. */
  response: string;
  /** SHA-256 of the operation and the request it was first used for; null on rows stored before it was kept. */
  requestHash: string | null;
  createdAt: number;
}

/** A browser's push subscription (spec §3), owned by the signed-in user who made it. */
export interface PushSubscriptionsTable {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The VAPID public key the browser subscribed with. */
  vapidPublicKey: string;
  createdAt: number;
  updatedAt: number;
}

/** Keys the server made for itself once, by name (the VAPID pair). */
export interface ServerKeysTable {
  name: string;
  value: string;
  createdAt: number;
}

/** A notification waiting to be pushed: to every subscription of the user, or (a retry) to one. */
export interface PushJobsTable {
  id: string;
  userId: string;
  subscriptionId: string | null;
  /** The message it announces (migration 0014): its pushes go when it is deleted. Null: a test push. */
  messageId: string | null;
  payload: string;
  urgency: string;
  attempts: Generated<number>;
  nextAttemptAt: number;
  claimedUntil: Generated<number>;
  createdAt: number;
  expiresAt: number;
}

/** What the server honours when it writes a push; no row means the defaults (migration 0009). */
export interface NotificationPreferencesTable {
  userId: string;
  showPreviews: number;
  /** Whether the account is e-mailed when neither a socket nor a push reached it (default on, 0144). */
  emailFallback: Generated<number>;
  /** Quiet hours (0150): on (1) or off; start and end "HH:MM" in the IANA time zone; null until first set. */
  quietHoursEnabled: Generated<number>;
  quietHoursStart: string | null;
  quietHoursEnd: string | null;
  quietHoursTimeZone: string | null;
  updatedAt: number;
}

/** Messaging's settings of an account; no row means the defaults (read receipts on). */
export interface MessagePreferencesTable {
  userId: string;
  readReceipts: number;
  updatedAt: number;
}

/** When push last e-mailed a conversation's owner because nothing else reached them (once an hour at most). */
export interface FallbackMailsTable {
  conversationId: string;
  mailedAt: number;
}

/**
 * A recipient's rating of a message they received (issue 33; decision 0151): it outlives the message, without
 * its text. The sender is an account, else a visitor by their cookie's hash and their network's keyed hash.
 */
export interface FeedbackTable {
  id: string;
  raterUserId: string;
  messageId: string;
  conversationId: string;
  subjectUserId: string | null;
  subjectVisitorHash: string | null;
  subjectNetwork: string | null;
  rating: 'helpful' | 'not_helpful' | 'abusive';
  createdAt: number;
}
