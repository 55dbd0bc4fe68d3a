import * as c from '../contract.js';
import { texts } from '../i18n/texts.js';
import { publicVehicleSchema } from '../vehicles/vehicles.responses.js';
import { ownerStatusSchema } from './owner-status.js';

export const MESSAGE_MAX_LENGTH = 500;

/** Messages older than this are never shown and are deleted (ADDENDUM §3). */
export const MESSAGE_RETENTION_MS = 24 * 3_600_000;

/** Texts of the message screens that the server sends too (spec §5, §8, ADDENDUM §1); kept once, here. */
export const messageTexts = texts('messages', {
  // Spec §5 Anonymous message.
  empty: 'Please enter a message',
  tooLong: 'Message is too long (max 500 characters)',
  // ADDENDUM §1.
  userBlocked: 'User is blocked',
  // Ours (docs/decisions/0080-messaging-model.md).
  unknownMessageType: 'messageType must be "custom"',
  ownVehicle: "You can't send a message to your own vehicle.",
  notYourVehicle: 'Choose one of your own active vehicles to write as.',
  vehicleRequired: 'vehicleId is required',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  notYourVehicleHere: 'That vehicle is not yours in this conversation.',
  conversationDeleted: 'Conversation deleted',
  messageDeleted: 'Message deleted',
  anonymousVisitor: 'Anonymous visitor',
  // Decision 0149: the sender's account was deleted; the owner keeps their side of the conversation.
  deletedAccount: 'Deleted account',
  deletedAccountReply: 'This account was deleted. Nobody can read a reply.',
  // Ours (docs/decisions/0126-idempotency-request-fingerprint.md).
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Send a new request with a new key.',
});

/**
 * Spec §3 Default quick messages, in order, in English: how the preferences keep them (a cookie written in
 * one language is read in another); each is shown in the reader's language (`shownQuickMessage`).
 */
export const DEFAULT_QUICK_MESSAGES = [
  'Your car is blocking my driveway',
  'Your parking meter is about to expire',
  'Your lights are on',
  'You left your car unlocked',
  'Great parking job!',
  'Emergency - please move your car',
] as const;

/** The default quick messages in the language of the moment (docs/decisions/0165). */
export const quickMessageTexts = texts('quickMessages', { defaults: DEFAULT_QUICK_MESSAGES });

/** A kept quick message as the reader sees it: a default in their language, one of their own as written. */
export function shownQuickMessage(kept: string): string {
  const index = (DEFAULT_QUICK_MESSAGES as readonly string[]).indexOf(kept);
  return index < 0 ? kept : (quickMessageTexts.defaults[index] ?? kept);
}

/** Where the quick messages that are urgent by default stand in DEFAULT_QUICK_MESSAGES. */
const URGENT_DEFAULTS = [0, 5] as const;

/**
 * The quick messages that are urgent by default, "Your car is blocking my driveway" and "Emergency - please
 * move your car", in English and in the language of the moment (the server passes every language's to
 * `isUrgent`: a finder may write in any).
 */
export const urgentQuickMessages = (): string[] =>
  URGENT_DEFAULTS.flatMap((index) => [
    DEFAULT_QUICK_MESSAGES[index],
    quickMessageTexts.defaults[index] ?? '',
  ]);

/**
 * Whether a message is urgent (issue 33, docs/decisions/0150): as its sender said, else when its text is one
 * of the quick messages that are urgent by default (picked on Send Message, they show "Urgent" on), in any
 * of `urgentTexts`. A function, not a list: the finder's first load keeps only what it calls.
 */
export const isUrgent = (
  urgent: boolean | undefined,
  content: string,
  urgentTexts: readonly string[] = urgentQuickMessages(),
) => urgent ?? urgentTexts.includes(content.trim());

/** Spec §5 Anonymous message: not empty after trimming, at most 500 characters. */
const content = () =>
  c.check(
    c.text({ required: messageTexts.empty, trim: true }),
    c.maxLength(MESSAGE_MAX_LENGTH, messageTexts.tooLong),
  );

/** A required id of at most 64 characters. */
const id = (message: string) => c.check(c.text({ required: message }), c.maxLength(64, message));

/** An optional id of at most 64 characters; empty is none. */
const optionalId = (message: string) =>
  c.map(c.optional(c.check(c.text(), c.maxLength(64, message))), (value) => value || undefined);

/** POST /api/messages/anonymous (spec §7). */
export const anonymousMessageRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { vehicleId: 'text', content: 'text', messageType: 'text', senderVehicleId: 'text', urgent: 'boolean' },
    c.object({
      vehicleId: id(messageTexts.vehicleRequired),
      content: content(),
      messageType: c.map(
        c.optional(c.withMessage(c.literal('custom'), messageTexts.unknownMessageType)),
        (value) => value ?? 'custom',
      ),
      senderVehicleId: optionalId(messageTexts.notYourVehicle),
      // Left out: the server reads one of the urgent quick messages as urgent (isUrgent); false is not.
      urgent: c.optional(c.boolean),
    }),
  ),
);
export type AnonymousMessageRequest = c.Input<typeof anonymousMessageRequestSchema>;
export type AnonymousMessageInput = c.Infer<typeof anonymousMessageRequestSchema>;

/** POST /api/conversations/{id}/messages. */
export const replyRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody({ content: 'text' }, c.object({ content: content() })),
);
export type ReplyRequest = c.Input<typeof replyRequestSchema>;

/** PATCH /api/conversations/{id}/read. */
export const markReadRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody({ vehicleId: 'text' }, c.object({ vehicleId: optionalId(messageTexts.notYourVehicleHere) })),
);
export type MarkReadRequest = c.Input<typeof markReadRequestSchema>;

// Response contracts.

/** The other side of a conversation when it wrote without a vehicle: never who they are. */
export const anonymousPartySchema = c.object({
  kind: c.literal('anonymous'),
  label: c.string,
});
export type AnonymousParty = c.Infer<typeof anonymousPartySchema>;

/** A message as its conversation's participants see it (spec §3 Message). */
export const messageSchema = c.object({
  id: c.string,
  conversationId: c.string,
  content: c.string,
  createdAt: c.string,
  senderVehicleId: c.nullable(c.string),
  /** The sender's vehicle, as the other side may know it. */
  vehicle: c.nullable(c.object({ make: c.string, model: c.string, licensePlate: c.string })),
  isRead: c.boolean,
  /** Written by the caller (only the sender may delete it). */
  isMine: c.boolean,
  /** Its sender marked it urgent (issue 33): it alerted even in the owner's quiet hours. */
  urgent: c.boolean,
});
export type Message = c.Infer<typeof messageSchema>;

/** A conversation as one participant sees it (spec §3 Conversation). */
export const conversationSchema = c.object({
  id: c.string,
  /** Null (and `vehicleOne` "Deleted account") once the owner deleted their account (decision 0152). */
  vehicleOneId: c.nullable(c.string),
  vehicleTwoId: c.nullable(c.string),
  vehicleOne: c.union([publicVehicleSchema, anonymousPartySchema]),
  vehicleTwo: c.union([publicVehicleSchema, anonymousPartySchema]),
  unreadCount: c.int(0),
  lastMessage: c.nullable(c.string),
  lastMessageAt: c.nullable(c.string),
  /** Whether the caller can write in it (both sides can, a visitor too: issue 32). */
  canReply: c.boolean,
  /** The owner's latest one-tap answer in it (issue 32), seen by both sides. */
  ownerStatus: c.nullable(ownerStatusSchema),
  /**
   * The other side wrote without an account (a visitor, known by their browser): what blocking them does
   * differs from an account's (docs/decisions/0139). False for the sender, whose other side is the owner.
   */
  otherIsVisitor: c.boolean,
  /** The side that is not the caller's (spec §2: "the vehicle that is not one of the user's own"). */
  otherParty: c.union([publicVehicleSchema, anonymousPartySchema]),
  /** The caller's own vehicle in it, if they wrote as one (what "mark read" names). */
  ownVehicleId: c.nullable(c.string),
  /**
   * The caller's block of the other side, if they blocked it: the block's id (what Unblock deletes) and,
   * for a visitor, until when visitors writing from their network are refused too (docs/decisions/0139).
   */
  block: c.nullable(c.object({ id: c.string, networkUntil: c.nullable(c.string) })),
});
export type Conversation = c.Infer<typeof conversationSchema>;

/** What POST /api/messages/anonymous answers. */
export const sentMessageSchema = c.object({
  id: c.string,
  conversationId: c.nullable(c.string),
  createdAt: c.string,
  /** False only for the built-in sample vehicle, whose messages reach no one. */
  isDelivered: c.boolean,
});
export type SentMessage = c.Infer<typeof sentMessageSchema>;

export const unreadCountSchema = c.object({ count: c.int(0) });
export type UnreadCount = c.Infer<typeof unreadCountSchema>;

/** GET /api/conversations. */
export const conversationListSchema = c.array(conversationSchema);
/** GET /api/conversations/{id}/messages. */
export const messageListSchema = c.array(messageSchema);
