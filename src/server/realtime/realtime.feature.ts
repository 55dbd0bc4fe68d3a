import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { ErrorCode } from '../../shared/errors.js';
import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.js';
import {
  REALTIME_PATH,
  type ServerEvent,
  SOCKET_CLOSE_TOO_MANY,
  SOCKET_CLOSE_UNAUTHENTICATED,
  socketCloseReasons,
} from '../../shared/realtime.js';
import { errorCode } from '../errors/error-code.js';
import type { Feature } from '../feature.js';
import { createMessagingRepo } from '../messaging/messaging.repo.js';
import { UnreadCounts } from '../messaging/unread-counts.js';
import { clientAddressOf, proxyTrustOf } from '../plugins/client-address.js';
import { isFromAppOrigin } from '../plugins/security.js';
import { sessionCookie } from '../plugins/session.js';
import { addressKeyOf } from '../rate-limit/address.js';
import { Sockets, Tally } from './sockets.js';

/** Frames over 64 KiB close the socket (ADDENDUM §10); the client only ever sends a tiny one. */
const MAX_FRAME_BYTES = 64 * 1024;
/**
 * A socket that missed one ping is dropped at the next: dead sockets go within 50 s (ADDENDUM §10: 60).
 * A socket whose session has ended goes within one interval of its end (docs/decisions/0128).
 */
const HEARTBEAT_INTERVAL_MS = 25_000;
/**
 * Open sockets one session, and one address (an IPv6 address by its /64), may hold on one instance: more
 * tabs and devices than anyone uses, an office behind one NAT, far below what hurts (decision 0128).
 */
export const SOCKETS_PER_SESSION = 32;
export const SOCKETS_PER_ADDRESS = 256;
/**
 * After a gap in what the event bus heard, messages are caught up from this long before it began: a message
 * is stamped before its commit and announced after it (decision 0128).
 */
const CATCH_UP_MARGIN_MS = 10_000;

/** A plain HTTP answer on a socket that asked to upgrade, and the socket closed. */
function refuseUpgrade(socket: Duplex, status: 403 | 404, body: object) {
  const text = JSON.stringify(body);
  const reason = status === 403 ? 'Forbidden' : 'Not Found';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
  );
}

/**
 * /ws (ADDENDUM §2): the socket is the session's of its upgrade request, whatever the client says; events
 * reach the sockets of the users they concern on whichever instance holds them, through the event bus.
 *
 * The upgrade is taken straight from the HTTP server (ws, no Fastify route): a route would keep the
 * upgrade's request, reply and logger alive as long as the socket, about half of an idle socket's memory
 * (bench/delivery.bench.ts). Here a socket keeps only itself, its user id, its session id and end, and
 * the counts it takes a place in (docs/decisions/0128: its session's end, caps, catching up after a gap).
 */
export const registerRealtimeFeature: Feature = async (app, deps) => {
  const { config, database, clock } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const sockets = new Sockets();
  const perAddress = new Tally(SOCKETS_PER_ADDRESS);
  const perSession = new Tally(SOCKETS_PER_SESSION);
  const proxyTrust = proxyTrustOf(config.trustProxy);
  const cookie = sessionCookie(config.isHttps);
  const messaging = createMessagingRepo(database.db, database.engine);

  // The count sent with every message, without counting again (src/server/messaging/unread-counts.ts).
  const unreadCounts = new UnreadCounts(
    (userId) => messaging.countUnread(userId, clock() - MESSAGE_RETENTION_MS),
    clock,
  );

  /**
   * A new socket: authenticated by the session cookie its upgrade carried, or closed with 4401; closed with
   * 4429 when its address or its session already holds as many as it may.
   */
  function accept(socket: WebSocket, connection: Duplex, token: string | undefined, address: string) {
    // The client's own "authenticate" message is read but never trusted (ADDENDUM §2).
    socket.on('message', ignore);
    socket.on('pong', markAlive);
    socket.on('error', ignore);
    alive.add(socket);
    if (!perAddress.take(address)) {
      socket.close(SOCKET_CLOSE_TOO_MANY, socketCloseReasons.tooManyForAddress);
      return;
    }
    socket.once('close', () => perAddress.release(address));
    app
      .findSession(token)
      .then(async (auth) => {
        if (!auth || socket.readyState !== WebSocket.OPEN) {
          socket.close(SOCKET_CLOSE_UNAUTHENTICATED, socketCloseReasons.signInFirst);
          return;
        }
        const { sessionId, endsAt } = auth;
        if (!perSession.take(sessionId)) {
          socket.close(SOCKET_CLOSE_TOO_MANY, socketCloseReasons.tooManyForSession);
          return;
        }
        const userId = auth.user.id;
        const remove = sockets.add(userId, { socket, connection, sessionId, endsAt });
        socket.once('close', () => {
          remove();
          perSession.release(sessionId);
        });
        socket.send(JSON.stringify({ type: 'authenticated' } satisfies ServerEvent));
        const unreadCount = await unreadCounts.at(userId, auth.user.inboxVersion);
        socket.send(JSON.stringify({ type: 'unread_count_update', unreadCount } satisfies ServerEvent));
      })
      .catch((error: unknown) => {
        app.log.warn({ code: errorCode(error) }, 'socket authentication failed');
        socket.close(1011, 'Try again');
      });
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const path = (request.url ?? '').split('?')[0];
    if (path !== REALTIME_PATH) {
      refuseUpgrade(socket, 404, { message: 'Not found', code: ErrorCode.notFound });
      return;
    }
    // Another site's page must not open a socket that rides the session cookie.
    if (!isFromAppOrigin(request, config.appOrigin)) {
      refuseUpgrade(socket, 403, { message: 'Cross-site request refused', code: ErrorCode.foreignOrigin });
      return;
    }
    const token = cookie.read({ cookies: app.parseCookie(request.headers.cookie ?? '') });
    const address = addressKeyOf(clientAddressOf(request, proxyTrust));
    wss.handleUpgrade(request, socket, head, (webSocket) => accept(webSocket, socket, token, address));
  }
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const socket of wss.clients) socket.close(1001, 'Server shutting down');
  });
  app.addHook('onClose', async () => {
    for (const socket of wss.clients) socket.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });

  deps.events.subscribe('message.created', async (created) => {
    for (const userId of [created.recipientUserId, created.senderUserId]) {
      if (!userId || !sockets.has(userId)) continue;
      // The message and the count after it in one write to each socket, when the count is kept (no query).
      sockets.holdUntilTurnEnds(userId);
      sockets.send(userId, {
        type: 'new_message',
        message: { id: created.messageId, conversationId: created.conversationId },
      });
      const unreadCount = await unreadCounts.afterMessage(userId, created.inboxVersions?.[userId], {
        isRecipient: userId === created.recipientUserId,
        createdAt: created.createdAt,
      });
      sockets.send(userId, { type: 'unread_count_update', unreadCount });
    }
  });

  deps.events.subscribe('session.ended', ({ userId, sessionId }) =>
    sockets.close(userId, sessionId, SOCKET_CLOSE_UNAUTHENTICATED, socketCloseReasons.sessionEnded),
  );

  /**
   * A session ends by itself when its time is up, unannounced until the clean-up job's sweep: each socket
   * keeps its session's end, and once it has passed the session is read again (it may have been refreshed,
   * on any instance). Checked at every heartbeat.
   */
  async function closeEndedSessions() {
    for (const { userId, sessionId } of sockets.sessionsDue(clock())) {
      const endsAt = await app.sessionEndsAt(sessionId);
      if (endsAt === null) {
        sockets.close(userId, sessionId, SOCKET_CLOSE_UNAUTHENTICATED, socketCloseReasons.sessionEnded);
      } else {
        sockets.setSessionEnd(userId, sessionId, endsAt);
      }
    }
  }

  /**
   * What this instance's sockets missed while the bus heard nothing (Redis lost its subscription): the
   * messages written since then to or by their users, then each such user's count, read afresh. A frame
   * seen before is harmless: the client refreshes on it. A session that ended meanwhile is read again at
   * the next heartbeat.
   */
  async function catchUp(since: number) {
    sockets.makeEverySessionDue();
    const missed = await app.messaging.messagesConcerning(sockets.users(), since);
    const concerned = new Set<string>();
    for (const { messageId, conversationId, recipientUserId, senderUserId } of missed) {
      for (const userId of [recipientUserId, senderUserId]) {
        if (!userId || !sockets.has(userId)) continue;
        concerned.add(userId);
        sockets.send(userId, { type: 'new_message', message: { id: messageId, conversationId } });
      }
    }
    for (const userId of concerned) {
      const unreadCount = await unreadCounts.recount(userId);
      sockets.send(userId, { type: 'unread_count_update', unreadCount });
    }
  }

  let lostAt: number | undefined;
  const stopWatching = deps.events.watchDelivery({
    lost: () => {
      lostAt = clock();
    },
    resumed: () => {
      const since = (lostAt ?? clock()) - CATCH_UP_MARGIN_MS;
      lostAt = undefined;
      catchUp(since).catch((error: unknown) =>
        app.log.warn({ code: errorCode(error) }, 'realtime catch-up failed'),
      );
    },
  });
  app.addHook('onClose', async () => stopWatching());

  deps.jobs.register({
    name: 'realtime-heartbeat',
    intervalMs: HEARTBEAT_INTERVAL_MS,
    run: async () => {
      for (const socket of wss.clients) {
        if (!alive.has(socket)) {
          socket.terminate();
          continue;
        }
        alive.delete(socket);
        socket.ping();
      }
      await closeEndedSessions();
    },
  });
};

/** Sockets that answered the last ping (one set for every app of the process: sockets are its keys). */
const alive = new WeakSet<WebSocket>();

function ignore() {}

/** A 'pong' listener shared by every socket: no closure per socket. */
function markAlive(this: WebSocket) {
  alive.add(this);
}
