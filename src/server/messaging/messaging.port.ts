import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGE_RETENTION_MS, type SentMessage } from '../../shared/messaging/messages.contract.js';
import type { MessageStatus } from '../../shared/messaging/status.contract.js';
import type { Clock } from '../clock.js';
import type { DatabaseHandle } from '../db/index.js';
import type { MessageWritten } from '../events/events.js';
import type { MessagingPort, MessagingPortDeps } from '../ports.js';
import { createDeliveryRepo } from './delivery.repo.js';
import { createDeliveryStamps } from './delivery-stamps.js';
import { otherUserOf, userOfSide } from './messaging.policy.js';
import { createMessagingRepo } from './messaging.repo.js';
import { createUnreadRepo } from './unread.repo.js';
import { UnreadCounts } from './unread-counts.js';

/** Accounts asked about in one statement: two IN lists well inside every engine's bound on parameters. */
const USERS_PER_QUERY = 400;

/** Messaging's read port (src/server/ports.ts), offered to the other features through FeatureDeps. */
export function createMessagingPort(
  database: DatabaseHandle,
  clock: Clock,
  { events }: MessagingPortDeps,
): MessagingPort {
  const repo = createMessagingRepo(database.db, database.engine);
  const delivery = createDeliveryRepo(database.db);
  const deliveries = createDeliveryStamps(delivery, clock, (status) =>
    events.publish('message.status', status),
  );
  const unread = createUnreadRepo(database.db);
  const since = () => clock() - MESSAGE_RETENTION_MS;
  // The count sent with every message and asked for by every screen, not counted again each time.
  const unreadCounts = new UnreadCounts((userId) => unread.countUnread(userId, since()), clock);

  return {
    unreadCount: (userId, inboxVersion) => unreadCounts.at(userId, inboxVersion),
    unreadCountAfter: (userId, created) =>
      unreadCounts.afterMessage(userId, created.inboxVersions[userId], {
        isRecipient: userId === created.recipientUserId,
        createdAt: created.createdAt,
      }),
    recountUnread: (userId) => unreadCounts.recount(userId),

    async messagesConcerning(userIds, after) {
      const from = Math.max(after, since());
      const seen = new Set<string>();
      const messages: MessageWritten[] = [];
      for (let at = 0; at < userIds.length; at += USERS_PER_QUERY) {
        const rows = await repo.listMessagesOfUsersSince(userIds.slice(at, at + USERS_PER_QUERY), from);
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

    async conversationsOfVisitors(visitorHashes) {
      const found: Array<{ visitorHash: string; conversationId: string }> = [];
      for (let at = 0; at < visitorHashes.length; at += USERS_PER_QUERY) {
        const rows = await repo.listConversationsOfVisitors(
          visitorHashes.slice(at, at + USERS_PER_QUERY),
          since(),
        );
        for (const row of rows) found.push({ visitorHash: row.visitorTwoHash, conversationId: row.id });
      }
      return found;
    },

    messageNotice: (scope, messageId, recipientUserId) =>
      createUnreadRepo(scope.db).findMessageNotice(messageId, recipientUserId, since()),

    recordDelivery: (messageId) => deliveries.stamp(messageId),
    /**
     * The seam of a connect that costs no write (docs/performance.md): a message nothing has taken yet is one
     * its recipient has not read, so with nothing unread at the socket's inbox version (a count kept per
     * version: no query) there is nothing to stamp. Invariant: every message stampAllTo would stamp is
     * counted unread, but for those in a conversation the recipient cleared, which no device of theirs
     * will show.
     */
    async recordDeliveriesTo(userId, inboxVersion) {
      if ((await unreadCounts.at(userId, inboxVersion)) === 0) return;
      await deliveries.stampAllTo(userId, since());
    },

    readMessageNotice: (messageId, recipientUserId) =>
      unread.findMessageNotice(messageId, recipientUserId, since()),

    undeliveredToOwners: (range) => delivery.listUndeliveredToOwners(range),
  };
}

/** What a finder's Send Message form posts without JavaScript (decision 0168), as its fields came. */
export interface MessageFormFields {
  vehicleId: string;
  content: unknown;
  urgent: boolean | undefined;
  idempotencyKey: string | undefined;
}

/**
 * What messaging offers the finder's pages the server draws (src/server/finder-pages/, decision 0168), as
 * `app.finderMessaging`: a form post sent as POST /api/messages/anonymous sends its body (the same contract,
 * limits, blocks, acceptance and once-only key, as the signed-in account or the visitor the cookie makes, set
 * as the API sets it), and a message's status as GET /api/messages/{id}/status answers its sender (null to
 * anyone else, or once it is gone).
 */
export interface FinderMessaging {
  send(request: FastifyRequest, reply: FastifyReply, fields: MessageFormFields): Promise<SentMessage>;
  statusOf(request: FastifyRequest, messageId: string): Promise<MessageStatus | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    finderMessaging: FinderMessaging;
  }
}
