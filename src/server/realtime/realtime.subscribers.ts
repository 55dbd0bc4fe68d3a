import type { FastifyBaseLogger } from 'fastify';
import { SOCKET_CLOSE_UNAUTHENTICATED, socketCloseReasons } from '../../shared/realtime.js';
import { errorCode } from '../errors/error-code.js';
import type { FeatureDeps } from '../feature.js';
import { type Sockets, visitorKeyOf } from './sockets.js';

/**
 * After a gap in what the event bus heard, messages are caught up from this long before it began: a message
 * is stamped before its commit and announced after it (decision 0128).
 */
const CATCH_UP_MARGIN_MS = 10_000;

/**
 * What realtime does with the events it hears (src/server/events/events.ts): a message's announcement
 * reaches its participants' sockets with their unread count after it (messaging's port counts), and the
 * recipient's socket taking it makes it Delivered; a change of what became of a message reaches its
 * sender's sockets, a visitor's too (issue 32); a session's
 * end closes its sockets; after a gap in what this instance heard, its sockets are caught up. Answers the
 * function that stops watching for gaps.
 */
export function registerRealtimeSubscribers(
  log: FastifyBaseLogger,
  { events, messaging, clock, metrics }: Pick<FeatureDeps, 'events' | 'messaging' | 'clock' | 'metrics'>,
  sockets: Sockets,
): () => void {
  events.subscribe('message.created', async (created) => {
    for (const userId of [created.recipientUserId, created.senderUserId]) {
      if (!userId || !sockets.has(userId)) continue;
      // The message and the count after it in one write to each socket, when the count is kept (no query).
      sockets.holdUntilTurnEnds(userId);
      sockets.send(userId, {
        type: 'new_message',
        message: { id: created.messageId, conversationId: created.conversationId },
      });
      if (userId === created.recipientUserId) {
        metrics.messageDelivered((clock() - created.createdAt) / 1000);
        // Under the sending request's id, on whichever instance holds the socket (0157).
        log.debug({ reqId: created.requestId, messageId: created.messageId }, 'message frame written');
      }
      const unreadCount = await messaging.unreadCountAfter(userId, created);
      sockets.send(userId, { type: 'unread_count_update', unreadCount });
    }
    // A live socket of the recipient took the message: Delivered, for its sender (issue 32). After both
    // sides' frames: the write delays no frame.
    if (created.recipientUserId && sockets.has(created.recipientUserId)) {
      await messaging.recordDelivery(created.messageId);
    }
  });

  /** What became of a message changed: its sender's sockets (an account's, or a visitor's) read it again. */
  events.subscribe('message.status', ({ conversationId, messageId, senderUserId, senderVisitorHash }) => {
    const frame = { type: 'message_status', conversationId, messageId } as const;
    if (senderUserId) sockets.send(senderUserId, frame);
    if (senderVisitorHash) sockets.send(visitorKeyOf(senderVisitorHash), frame);
  });

  events.subscribe('session.ended', ({ userId, sessionId }) =>
    sockets.close(userId, sessionId, SOCKET_CLOSE_UNAUTHENTICATED, socketCloseReasons.sessionEnded),
  );

  /**
   * What this instance's sockets missed while the bus heard nothing (Redis lost its subscription): the
   * messages written since then to or by their users, then each such user's count, read afresh; and each
   * visitor's conversations, for their status pages to read again. A frame seen before is harmless: the
   * client refreshes on it. A session that ended meanwhile is read again at
   * the next heartbeat.
   */
  async function catchUp(since: number) {
    sockets.makeEverySessionDue();
    const missed = await messaging.messagesConcerning(sockets.users(), since);
    const concerned = new Set<string>();
    for (const { messageId, conversationId, recipientUserId, senderUserId } of missed) {
      for (const userId of [recipientUserId, senderUserId]) {
        if (!userId || !sockets.has(userId)) continue;
        concerned.add(userId);
        sockets.send(userId, { type: 'new_message', message: { id: messageId, conversationId } });
      }
    }
    for (const userId of concerned) {
      const unreadCount = await messaging.recountUnread(userId);
      sockets.send(userId, { type: 'unread_count_update', unreadCount });
    }
    // A visitor's status page reads its message again on a frame about its conversation (issue 32).
    for (const { visitorHash, conversationId } of await messaging.conversationsOfVisitors(
      sockets.visitors(),
    )) {
      sockets.send(visitorKeyOf(visitorHash), { type: 'message_status', conversationId, messageId: null });
    }
  }

  let lostAt: number | undefined;
  return events.watchDelivery({
    lost: () => {
      lostAt = clock();
    },
    resumed: () => {
      const since = (lostAt ?? clock()) - CATCH_UP_MARGIN_MS;
      lostAt = undefined;
      catchUp(since).catch((error: unknown) =>
        log.warn({ code: errorCode(error) }, 'realtime catch-up failed'),
      );
    },
  });
}
