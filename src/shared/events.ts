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
}

export type DomainEventName = keyof DomainEvents;
