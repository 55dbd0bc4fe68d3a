import { z } from 'zod';
import { requestBody } from '../request-fields.js';
import { publicVehicleSchema } from '../vehicles/vehicle.js';

export const MESSAGE_MAX_LENGTH = 500;

/** Messages older than this are never shown and are deleted (ADDENDUM §3). */
export const MESSAGE_RETENTION_MS = 24 * 3_600_000;

/** Texts of the message screens that the server sends too (spec §5, §8, ADDENDUM §1); kept once, here. */
export const messageTexts = {
  // Spec §5 Anonymous message.
  empty: 'Please enter a message',
  tooLong: 'Message is too long (max 500 characters)',
  // ADDENDUM §1.
  userBlocked: 'User is blocked',
  // Ours (docs/decisions/0080-messaging-model.md).
  unknownMessageType: 'messageType must be "custom"',
  ownVehicle: "You can't send a message to your own vehicle.",
  notYourVehicle: 'Choose one of your own active vehicles to write as.',
  paused: "This vehicle's owner has paused messages. Please try again later.",
  verifiedOnly:
    "This vehicle's owner accepts messages only from signed-in users with a verified email. Sign in to send one.",
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  notYourVehicleHere: 'That vehicle is not yours in this conversation.',
  conversationDeleted: 'Conversation deleted',
  messageDeleted: 'Message deleted',
  anonymousVisitor: 'Anonymous visitor',
  visitorCannotReceiveReplies: "This visitor can't receive replies: they wrote without an account.",
} as const;

/** Spec §3 Default quick messages, in order. */
export const DEFAULT_QUICK_MESSAGES = [
  'Your car is blocking my driveway',
  'Your parking meter is about to expire',
  'Your lights are on',
  'You left your car unlocked',
  'Great parking job!',
  'Emergency - please move your car',
] as const;

/** Spec §5 Anonymous message: not empty after trimming, at most 500 characters. */
const content = z
  .string()
  .nullish()
  .transform((value) => (value ?? '').trim())
  .pipe(z.string().min(1, messageTexts.empty).max(MESSAGE_MAX_LENGTH, messageTexts.tooLong));

const id = (message: string) =>
  z
    .string()
    .nullish()
    .transform((value) => value ?? '')
    .pipe(z.string().min(1, message).max(64, message));

const anonymousMessageFields = z.object({
  vehicleId: id('vehicleId is required'),
  content,
  messageType: z
    .string()
    .nullish()
    .transform((value) => value ?? 'custom')
    .pipe(z.literal('custom', { error: messageTexts.unknownMessageType })),
  senderVehicleId: z
    .string()
    .max(64, messageTexts.notYourVehicle)
    .nullish()
    .transform((value) => value || undefined),
});

/** POST /api/messages/anonymous (spec §7). */
export const anonymousMessageRequestSchema = requestBody(
  { vehicleId: 'text', content: 'text', messageType: 'text', senderVehicleId: 'text' },
  anonymousMessageFields,
);
export type AnonymousMessageRequest = z.input<typeof anonymousMessageFields>;
export type AnonymousMessageInput = z.output<typeof anonymousMessageRequestSchema>;

const replyFields = z.object({ content });
/** POST /api/conversations/{id}/messages. */
export const replyRequestSchema = requestBody({ content: 'text' }, replyFields);
export type ReplyRequest = z.input<typeof replyFields>;

const markReadFields = z.object({
  vehicleId: z
    .string()
    .max(64, messageTexts.notYourVehicleHere)
    .nullish()
    .transform((value) => value || undefined),
});
/** PATCH /api/conversations/{id}/read. */
export const markReadRequestSchema = requestBody({ vehicleId: 'text' }, markReadFields);
export type MarkReadRequest = z.input<typeof markReadFields>;

// Response contracts.

/** The other side of a conversation when it wrote without a vehicle: never who they are. */
export const anonymousPartySchema = z.object({
  kind: z.literal('anonymous'),
  label: z.string(),
});
export type AnonymousParty = z.infer<typeof anonymousPartySchema>;

/** A message as its conversation's participants see it (spec §3 Message). */
export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  senderVehicleId: z.string().nullable(),
  /** The sender's vehicle, as the other side may know it. */
  vehicle: z.object({ make: z.string(), model: z.string(), licensePlate: z.string() }).nullable(),
  isRead: z.boolean(),
  /** Written by the caller (only the sender may delete it). */
  isMine: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** A conversation as one participant sees it (spec §3 Conversation). */
export const conversationSchema = z.object({
  id: z.string(),
  vehicleOneId: z.string(),
  vehicleTwoId: z.string().nullable(),
  vehicleOne: publicVehicleSchema,
  vehicleTwo: z.union([publicVehicleSchema, anonymousPartySchema]),
  unreadCount: z.number().int().min(0),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  /** Whether the caller can write in it (an anonymous visitor cannot receive a reply). */
  canReply: z.boolean(),
  /** The side that is not the caller's (spec §2: "the vehicle that is not one of the user's own"). */
  otherParty: z.union([publicVehicleSchema, anonymousPartySchema]),
  /** The caller's own vehicle in it, if they wrote as one (what "mark read" names). */
  ownVehicleId: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** What POST /api/messages/anonymous answers. */
export const sentMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string().nullable(),
  createdAt: z.string(),
  /** False only for the built-in sample vehicle, whose messages reach no one. */
  isDelivered: z.boolean(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
