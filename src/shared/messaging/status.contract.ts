import * as c from '../contract.js';
import { texts } from '../i18n/texts.js';

/*
 * The finder's side of a message (issue 32, docs/decisions/0144-the-finders-side.md): what became of it, the
 * owner's one-tap answers, notify again, and the settings the server honours for it. Kept once, here.
 */

// The owner's one-tap answers live in owner-status.ts: a conversation carries the latest (messages.contract),
// and what the app's first load imports from a module comes with all of that module's code in use.
import { OWNER_STATUS_CODES, ownerStatusSchema } from './owner-status.js';

export {
  OWNER_STATUS_CODES,
  type OwnerStatus,
  type OwnerStatusCode,
  ownerStatusSchema,
  ownerStatusTexts,
} from './owner-status.js';

/** A sender may ask to notify the owner again once, this long after the message, if nothing came back. */
export const NOTIFY_AGAIN_AFTER_MS = 10 * 60_000;

/** The owner is e-mailed when, this long after a message, neither a live socket nor a push reached them. */
export const EMAIL_FALLBACK_AFTER_MS = 2 * 60_000;
/** At most one such e-mail per conversation in this long. */
export const EMAIL_FALLBACK_INTERVAL_MS = 3_600_000;

/** Texts the server answers for these calls. */
export const statusTexts = texts('sentStatus', {
  unknownStatus: 'code must be one of on_my_way, five_minutes, moved, not_mine',
  onlyTheOwner: 'Only the owner of the vehicle written to can answer with a status.',
  statusSaved: 'Status sent',
  notifiedAgain: 'The owner was notified again.',
  notifyAgainTooEarly: 'You can notify the owner again 10 minutes after your message.',
  notifyAgainUsed: 'The owner was already notified again, or has answered.',
  readReceiptsRequired: 'readReceipts must be true or false',
});

/** POST /api/conversations/{id}/status {code}. */
export const ownerStatusRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { code: 'text' },
    c.object({ code: c.withMessage(c.oneOf(OWNER_STATUS_CODES), statusTexts.unknownStatus) }),
  ),
);
export type OwnerStatusRequest = c.Input<typeof ownerStatusRequestSchema>;

/** What POST /api/conversations/{id}/status answers: the answer now in force, with its time. */
export const ownerStatusAnswerSchema = c.object({ message: c.string, ownerStatus: ownerStatusSchema });

/** Sent (stored), Delivered (a socket or a push service of the owner took it), Seen (the owner opened it). */
export const MESSAGE_STATES = ['sent', 'delivered', 'seen'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

const threadMessageSchema = c.object({ id: c.string, content: c.string, createdAt: c.string });

/**
 * GET /api/messages/{id}/status: for the message's sender only (their visitor cookie or their account).
 * `replies` are the other side's messages after it; `thread` is the whole conversation from it on, both
 * sides, oldest first, for the status page to show as a chat. `deliveredAt` and `seenAt` say when (seen only
 * while the owner sends read receipts). A visitor answers by writing to `vehicleId` again
 * (POST /api/messages/anonymous): the same conversation.
 */
export const messageStatusSchema = c.object({
  id: c.string,
  conversationId: c.string,
  /** Null once the owner deleted their account (decision 0152): see `recipientDeleted`. */
  vehicleId: c.nullable(c.string),
  content: c.string,
  createdAt: c.string,
  state: c.oneOf(MESSAGE_STATES),
  deliveredAt: c.nullable(c.string),
  seenAt: c.nullable(c.string),
  ownerStatus: c.nullable(ownerStatusSchema),
  replies: c.array(threadMessageSchema),
  thread: c.array(c.extend(threadMessageSchema, { isMine: c.boolean })),
  canNotifyAgain: c.boolean,
  notifyAgainAt: c.nullable(c.string),
  /** Whether the sender wrote as a visitor (answers go to `vehicleId`) or from an account (in its chat). */
  sentAs: c.oneOf(['visitor', 'account'] as const),
  /**
   * The owner deleted their account (decision 0152): the message stays until retention takes it; nobody
   * can read an answer, and notify again is over.
   */
  recipientDeleted: c.boolean,
});
export type MessageStatus = c.Infer<typeof messageStatusSchema>;

/** GET and PUT /api/messages/preferences: messaging's settings of an account. */
export const messagePreferencesRequestSchema = /* @__PURE__ */ c.lazy(() =>
  c.requestBody(
    { readReceipts: 'boolean' },
    c.object({ readReceipts: c.withMessage(c.boolean, statusTexts.readReceiptsRequired) }),
  ),
);
export const messagePreferencesResponseSchema = c.object({ readReceipts: c.boolean });
export type MessagePreferences = c.Infer<typeof messagePreferencesResponseSchema>;
