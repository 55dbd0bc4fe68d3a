import websocket from '@fastify/websocket';
import type { RawData } from 'ws';
import { ErrorCode } from '../../shared/errors.js';
import { MESSAGE_RETENTION_MS } from '../../shared/messaging/messages.js';
import { REALTIME_PATH, type ServerEvent, SOCKET_CLOSE_UNAUTHENTICATED } from '../../shared/realtime.js';
import type { Feature } from '../feature.js';
import { createMessagingRepo } from '../messaging/messaging.repo.js';
import { isFromAppOrigin } from '../plugins/security.js';
import { sessionCookie } from '../plugins/session.js';
import { Sockets } from './sockets.js';

/** Frames over 64 KiB close the socket (ADDENDUM §10); the client only ever sends a tiny one. */
const MAX_FRAME_BYTES = 64 * 1024;
/** A socket that missed one ping is dropped at the next: dead sockets go within 50 s (ADDENDUM §10: 60). */
const HEARTBEAT_INTERVAL_MS = 25_000;

/**
 * /ws (ADDENDUM §2): the socket is the session's of its upgrade request, whatever the client says; events
 * reach the sockets of the users they concern on whichever instance holds them, through the event bus.
 */
export const registerRealtimeFeature: Feature = async (app, deps) => {
  const { config, database, clock } = deps;
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const sockets = new Sockets();
  const cookie = sessionCookie(config.isHttps);
  const messaging = createMessagingRepo(database.db, database.engine);
  const alive = new WeakSet<object>();

  const unreadCountOf = async (userId: string) =>
    Number((await messaging.countUnread(userId, clock() - MESSAGE_RETENTION_MS)).count);

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      // Another site's page must not open a socket that rides the session cookie.
      preValidation: async (request, reply) => {
        if (!isFromAppOrigin(request, config.appOrigin)) {
          return reply
            .code(403)
            .send({ message: 'Cross-site request refused', code: ErrorCode.foreignOrigin });
        }
      },
    },
    (socket, request) => {
      // The client's own "authenticate" message is read but never trusted (ADDENDUM §2).
      socket.on('message', (_data: RawData) => undefined);
      socket.on('pong', () => alive.add(socket));
      alive.add(socket);
      app
        .findSession(cookie.read(request))
        .then(async (auth) => {
          if (!auth || socket.readyState !== socket.OPEN) {
            socket.close(SOCKET_CLOSE_UNAUTHENTICATED, 'Sign in first');
            return;
          }
          const remove = sockets.add(auth.user.id, { socket, sessionId: auth.sessionId });
          socket.on('close', remove);
          const send = (event: ServerEvent) => socket.send(JSON.stringify(event));
          send({ type: 'authenticated' });
          send({ type: 'unread_count_update', unreadCount: await unreadCountOf(auth.user.id) });
        })
        .catch((error: unknown) => {
          request.log.warn({ code: (error as { code?: string }).code }, 'socket authentication failed');
          socket.close(1011, 'Try again');
        });
    },
  );

  deps.events.subscribe('message.created', async (created) => {
    for (const userId of [created.recipientUserId, created.senderUserId]) {
      if (!userId || !sockets.has(userId)) continue;
      sockets.send(userId, {
        type: 'new_message',
        message: { id: created.messageId, conversationId: created.conversationId },
      });
      sockets.send(userId, { type: 'unread_count_update', unreadCount: await unreadCountOf(userId) });
    }
  });

  deps.events.subscribe('session.ended', ({ userId, sessionId }) =>
    sockets.close(userId, sessionId, SOCKET_CLOSE_UNAUTHENTICATED, 'Session ended'),
  );

  deps.jobs.register({
    name: 'realtime-heartbeat',
    intervalMs: HEARTBEAT_INTERVAL_MS,
    run: async () => {
      for (const socket of app.websocketServer.clients) {
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
