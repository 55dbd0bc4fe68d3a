/**
 * The events one feature publishes and others subscribe to, through the event bus (./event-bus.ts); names
 * and payloads defined once, here. Two kinds, one map each: `DomainEvents` are announced after the commit
 * and reach every instance (Redis pub/sub), so their payloads are plain JSON; `TransactionEvents` run their
 * handlers inside the writing transaction, in this process. Both carry ids, never message text, emails or
 * tokens. The flow of one message through them: docs/architecture.md.
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
     * password reset or by linking an external account to an address nobody had proven; every session of
     * an account that was deleted (decision 0149).
     */
    reason: 'logout' | 'replaced' | 'expired' | 'password-reset' | 'account-linked' | 'account-deleted';
  };
  /**
   * A message was committed (announced after the commit of `message.written`). `recipientUserId` is the
   * account that should hear of it (null: a visitor, who has none); realtime reads what it shows from the
   * database by id.
   */
  'message.created': MessageWritten & {
    /**
     * The participants' inbox versions after the message's commit, by account id
     * (src/server/messaging/inbox.repo.ts): what their unread counts are kept for.
     */
    inboxVersions: Record<string, number>;
    /** The id of the request that sent it (0157): the instance that writes its frames logs under it too. */
    requestId?: string;
  };
  /**
   * What became of a message changed for its sender, or the owner answered in its conversation (issue 32):
   * realtime tells the sender's sockets (`senderUserId`'s, else the visitor `senderVisitorHash`'s, the
   * SHA-256 of their cookie as stored) to read its status again. Ids only.
   */
  'message.status': {
    conversationId: string;
    /** The message whose state changed; null when the conversation's answers did. */
    messageId: string | null;
    senderUserId: string | null;
    senderVisitorHash: string | null;
  };
}

export type DomainEventName = keyof DomainEvents;

/** A message as its events name it: ids and its time, never its text. */
export interface MessageWritten {
  messageId: string;
  conversationId: string;
  recipientUserId: string | null;
  senderUserId: string | null;
  /** When the message was written (ms since the epoch). */
  createdAt: number;
}

/**
 * The events published inside the writing transaction, to this process's in-transaction handlers
 * (EventBus.subscribeInTransaction): what a handler writes commits or rolls back with the change, and what
 * must wait for the commit it hands to `afterCommit` (src/server/db/transaction.ts). They never cross
 * instances; their payloads may name more than the announcements do, but never text.
 */
export interface TransactionEvents {
  /** A message is being written (web push queues its notification here). */
  'message.written': MessageWritten;
  /** Its sender asked, once, to notify the message's recipient again (issue 32): push sends it urgently. */
  'message.renotified': { messageId: string; recipientUserId: string };
  /** A message was deleted (by its sender) for both sides. */
  'message.deleted': { messageId: string; conversationId: string };
  /**
   * One side deleted a conversation from its own list (decision 0080): `userId` no longer sees the
   * messages `hiddenMessageIds`, written at or before `clearedAt` (ms since the epoch); the other side keeps them.
   */
  'conversation.cleared': {
    conversationId: string;
    userId: string;
    clearedAt: number;
    hiddenMessageIds: string[];
  };
  /** Retention deleted every message written at or before `before` (ms since the epoch). */
  'messages.expired': { before: number };
  /**
   * A vehicle's owner changed what others see of it (its description, theme, or whether it is active):
   * messaging moves the inbox versions of everyone in a conversation with it.
   */
  'vehicle.changed': { vehicleId: string; ownerId: string };
  /**
   * An account is being deleted (decision 0149): each feature deletes, in this transaction, every row it
   * keeps of `userId` (vehicles, conversations and messages, blocks by and of it, preferences, pushes);
   * then `account.deleted` runs in the same transaction, and auth deletes the account itself last.
   */
  'account.deleting': { userId: string };
  /**
   * The same deletion, once every `account.deleting` handler ran (what referred to the account's vehicles
   * is gone, or detached from them: decision 0152): the account's vehicles go (their QR codes and plates answer as unknown from the commit on).
   */
  'account.deleted': { userId: string };
}

export type TransactionEventName = keyof TransactionEvents;
