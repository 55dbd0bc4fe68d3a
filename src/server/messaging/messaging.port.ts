import type { DomainEvents } from '../../shared/events.js';
import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.js';
import type { Clock } from '../clock.js';
import { otherUserOf, userOfSide } from './messaging.policy.js';
import type { MessagingRepo } from './messaging.repo.js';

/** A message as its announcement names it ("message.created", without the inbox versions). */
export type AnnouncedMessage = Omit<DomainEvents['message.created'], 'inboxVersions'>;

/** What messaging offers the other features: they ask here, never its repo (STYLE.md: ports). */
export interface MessagingPort {
  /**
   * The live messages written after `since` that concern these accounts (as sender or recipient), oldest
   * first, as their announcements named them: for an instance that may have missed announcements.
   */
  messagesConcerning(userIds: readonly string[], since: number): Promise<AnnouncedMessage[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Messaging's port (src/server/messaging/messaging.port.ts). */
    messaging: MessagingPort;
  }
}

/** Accounts asked about in one statement: two IN lists well inside every engine's bound on parameters. */
const USERS_PER_QUERY = 400;

export function createMessagingPort(repo: MessagingRepo, clock: Clock): MessagingPort {
  return {
    async messagesConcerning(userIds, since) {
      const after = Math.max(since, clock() - MESSAGE_RETENTION_MS);
      const seen = new Set<string>();
      const messages: AnnouncedMessage[] = [];
      for (let at = 0; at < userIds.length; at += USERS_PER_QUERY) {
        const rows = await repo.listMessagesOfUsersSince(userIds.slice(at, at + USERS_PER_QUERY), after);
        for (const row of rows) {
          // Both sides may be asked about in different statements: each message once.
          if (seen.has(row.id)) continue;
          seen.add(row.id);
          messages.push({
            messageId: row.id,
            conversationId: row.conversationId,
            senderUserId: userOfSide(row, row.senderSide),
            recipientUserId: otherUserOf(row, row.senderSide),
            createdAt: Number(row.createdAt),
          });
        }
      }
      return messages;
    },
  };
}
