import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { ErrorCode } from '../../shared/errors.js';
import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.js';
import { REALTIME_PATH, type ServerEvent, SOCKET_CLOSE_UNAUTHENTICATED } from '../../shared/realtime.js';
import type { Feature } from '../feature.js';
import { createMessagingRepo } from '../messaging/messaging.repo.js';
import { UnreadCounts } from '../messaging/unread-counts.js';
import { isFromAppOrigin } from '../plugins/security.js';
import { sessionCookie } from '../plugins/session.js';
import { Sockets } from './sockets.js';

/** Frames over 64 KiB close the socket (ADDENDUM §10); the client only ever sends a tiny one. */
const MAX_FRAME_BYTES = 64 * 1024;
/** A socket that missed one ping is dropped at the next: dead sockets go within 50 s (ADDENDUM §10: 60). */
const HEARTBEAT_INTERVAL_MS = 25_000;

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
 * (bench/delivery.bench.ts). Here a socket keeps only itself, its user id and its session id.
 */
export const registerRealtimeFeature: Feature = async (app, deps) => {
  const { config, database, clock } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const sockets = new Sockets();
  const cookie = sessionCookie(config.isHttps);
  const messaging = createMessagingRepo(database.db, database.engine);

  // The count sent with every message, without counting again (src/server/messaging/unread-counts.ts).
  const unreadCounts = new UnreadCounts(
    (userId) => messaging.countUnread(userId, clock() - MESSAGE_RETENTION_MS),
    clock,
  );

  /** A new socket: authenticated by the session cookie its upgrade carried, or closed with 4401. */
  function accept(socket: WebSocket, connection: Duplex, token: string | undefined) {
    // The client's own "authenticate" message is read but never trusted (ADDENDUM §2).
    socket.on('message', ignore);
    socket.on('pong', markAlive);
    socket.on('error', ignore);
    alive.add(socket);
    app
      .findSession(token)
      .then(async (auth) => {
        if (!auth || socket.readyState !== WebSocket.OPEN) {
          socket.close(SOCKET_CLOSE_UNAUTHENTICATED, 'Sign in first');
          return;
        }
        const userId = auth.user.id;
        socket.once('close', sockets.add(userId, { socket, connection, sessionId: auth.sessionId }));
        socket.send(JSON.stringify({ type: 'authenticated' } satisfies ServerEvent));
        const unreadCount = await unreadCounts.at(userId, auth.user.inboxVersion);
        socket.send(JSON.stringify({ type: 'unread_count_update', unreadCount } satisfies ServerEvent));
      })
      .catch((error: unknown) => {
        app.log.warn({ code: (error as { code?: string }).code }, 'socket authentication failed');
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
    wss.handleUpgrade(request, socket, head, (webSocket) => accept(webSocket, socket, token));
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
    sockets.close(userId, sessionId, SOCKET_CLOSE_UNAUTHENTICATED, 'Session ended'),
  );

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
