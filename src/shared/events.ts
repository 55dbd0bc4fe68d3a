/**
 * The domain events one feature publishes and others subscribe to, through the event bus
 * (src/server/events/). Names and payloads are defined once, here; payloads are plain JSON, since they
 * cross instances through Redis. They carry ids, never message text, emails or tokens.
 */
export interface DomainEvents {
  /**
   * Sessions ended: one (`sessionId`: the SHA-256 of its token, as stored) at logout, sign-in over it or
   * expiry, or every session of the user (`sessionId` null). Realtime closes their sockets.
   */
  'session.ended': {
    userId: string;
    sessionId: string | null;
    /**
     * logout; replaced by a new sign-in in the same browser; expiry; every session of the account by a
     * password reset or by linking an external account to an address nobody had proven.
     */
    reason: 'logout' | 'replaced' | 'expired' | 'password-reset' | 'account-linked';
  };
  /**
   * A message was committed. `recipientUserId` is the account that should hear of it (null: a visitor,
   * who has none); realtime and web push read what they show from the database by id.
   */
  'message.created': {
    messageId: string;
    conversationId: string;
    recipientUserId: string | null;
    senderUserId: string | null;
    /** When the message was written (ms since the epoch). */
    createdAt: number;
    /**
     * The participants' inbox versions after the message's commit, by account id (src/server/messaging/
     * inbox.repo.ts): on the announcement after the commit, not in the transaction (they are bumped last).
     */
    inboxVersions?: Record<string, number>;
  };
  // Deletions: published in the deleting transaction, to the in-transaction handlers (web push drops the
  // pending pushes, whose payloads carry the text: they go, or stay, with the delete).
  /** A message was deleted (by its sender) for both sides. */
  'message.deleted': { messageId: string; conversationId: string };
  /**
   * One side deleted a conversation from its own list (decision 0080): `userId` no longer sees its messages
   * written at or before `clearedAt` (ms since the epoch); the other side keeps them.
   */
  'conversation.cleared': { conversationId: string; userId: string; clearedAt: number };
  /** Retention deleted every message written at or before `before` (ms since the epoch). */
  'messages.expired': { before: number };
}

export type DomainEventName = keyof DomainEvents;
