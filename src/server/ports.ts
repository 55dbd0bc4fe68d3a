import type { Locale } from '../shared/i18n/locales.js';
import type { TransactionScope } from './db/transaction.js';
import type { EventBus } from './events/event-bus.js';
import type { DomainEvents, MessageWritten } from './events/events.js';

/*
 * What features offer each other besides their events (./events/events.ts): read ports, reached through
 * FeatureDeps. A feature asks here, never another's repositories or caches; the owner implements the port
 * in its own folder (messaging/messaging.port.ts).
 */

/** Auth's read port: what the other features may know of an account (src/server/auth/accounts.port.ts). */
export interface AccountsPort {
  /**
   * The language to write to the account in, its mails' and pushes' (docs/decisions/0164): the one it
   * chose, else its last sign-in's, else en-US (also for an account that is gone). Read in the transaction
   * of `scope` when given (an in-transaction event handler's).
   */
  localeOf(userId: string, scope?: TransactionScope): Promise<Locale>;
}

/** Messaging's read port: it owns the unread counts and the inbox versions they are kept for. */
export interface MessagingPort {
  /** The user's unread count at their inbox version `inboxVersion` (a session read's) or later. */
  unreadCount(userId: string, inboxVersion: number): Promise<number>;
  /** A participant's unread count right after an announced message (none counted again when it is kept). */
  unreadCountAfter(userId: string, created: DomainEvents['message.created']): Promise<number>;
  /** The user's unread count, counted afresh (after a gap in what this instance heard). */
  recountUnread(userId: string): Promise<number>;
  /**
   * The live messages written after `since` that concern these accounts (as sender or recipient), oldest
   * first, as their events name them: for an instance that may have missed announcements.
   */
  messagesConcerning(userIds: readonly string[], since: number): Promise<MessageWritten[]>;
  /**
   * The live conversations these visitors (by their cookie's hash) wrote in: what a visitor's status page
   * may need to read again after a gap in what this instance heard.
   */
  conversationsOfVisitors(
    visitorHashes: readonly string[],
  ): Promise<Array<{ visitorHash: string; conversationId: string }>>;
  /**
   * In the transaction of `scope` (a `message.written` handler's): what a notification of the message shows
   * its recipient, with their unread count; undefined when it is gone.
   */
  messageNotice(
    scope: TransactionScope,
    messageId: string,
    recipientUserId: string,
  ): Promise<MessageNotice | undefined>;
  /**
   * A live socket or a push service of the message's recipient took it (issue 32): the message is Delivered
   * from now on; the first call wins, and its sender's sockets hear of it (`message.status`).
   */
  recordDelivery(messageId: string): Promise<void>;
  /**
   * A socket of the account just connected (its app opened), at inbox version `inboxVersion` (its session
   * read's): every message written to it in the last 24 hours that nothing took yet is Delivered now, and
   * their senders hear of it.
   */
  recordDeliveriesTo(userId: string, inboxVersion: number): Promise<void>;
  /**
   * Messages written to a vehicle's owner (by side two) in (`from`, `until`] that nothing has taken yet: no
   * live socket, no push service, not read (issue 32's e-mail fallback). Oldest first, at most `limit`, from
   * after `after` (the last one of the page before) when given.
   */
  undeliveredToOwners(range: {
    from: number;
    until: number;
    after?: UndeliveredMessage;
    limit: number;
  }): Promise<UndeliveredMessage[]>;
  /** What a notification of the message shows its recipient, read outside any transaction; undefined: gone. */
  readMessageNotice(messageId: string, recipientUserId: string): Promise<MessageNotice | undefined>;
}

/** A message to a vehicle's owner that no socket or push service took (MessagingPort.undeliveredToOwners). */
export interface UndeliveredMessage {
  messageId: string;
  conversationId: string;
  recipientUserId: string;
  createdAt: number;
}

/** What messaging's port needs from outside: the bus it announces changes of state on. */
export type MessagingPortDeps = { events: Pick<EventBus, 'publish'> };

/**
 * "Download my data" (issue 33, docs/decisions/0149): each feature adds what it keeps of an account, as the
 * account itself is shown it (never more of anyone else), under a name of its own; auth's export collects
 * every part.
 */
export interface AccountDataPort {
  add(name: string, part: (userId: string) => Promise<unknown>): void;
  /** Every part for `userId`, by name, in the order the features added them. */
  collect(userId: string): Promise<Record<string, unknown>>;
}

/** A vehicle as a notification names it. */
export interface NoticeVehicle {
  displayName: string | null;
  year: string | null;
  make: string | null;
  model: string | null;
  licensePlate: string | null;
}

/** What a notification of a message may show its recipient (the presenter decides what it does show). */
export interface MessageNotice {
  conversationId: string;
  content: string;
  /** The recipient's own vehicle in the conversation (all null: they wrote without one). */
  recipientVehicle: NoticeVehicle;
  /** The recipient owns the vehicle written to (side one): they may answer with one tap (issue 32). */
  recipientIsOwner: boolean;
  unreadCount: number;
  /** Its sender marked it urgent (issue 33): it alerts even in the recipient's quiet hours. */
  urgent: boolean;
}

/**
 * The instance's metrics (issue 35, src/server/metrics/metrics.ts): each feature records the facts it owns
 * here, and never imports the metrics library.
 */
export interface MetricsPort {
  /** A message was stored (a new conversation's first or a reply). */
  messageSent(): void;
  /** A frame announcing a message reached its recipient's socket, `seconds` after the message was written. */
  messageDelivered(seconds: number): void;
  socketOpened(): void;
  socketClosed(): void;
  /** What a push request came to: taken, gone (404/410), to be retried, or failed (refused, or given up). */
  push(outcome: 'sent' | 'gone' | 'failed' | 'retried'): void;
  /** How the push queue is read at each scrape: its jobs, and the oldest one's age in seconds (0: none). */
  pushQueue(read: () => Promise<{ jobs: number; oldestSeconds: number }>): void;
  /** An announcement (`EventBus.publish`) failed: the instances that would have heard it did not. */
  publishFailed(event: string): void;
  jobRan(job: string, failed: boolean): void;
}
