import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer } from 'ws';
import { ErrorCode } from '../../shared/errors.js';
import {
  REALTIME_PATH,
  type ServerEvent,
  SOCKET_CLOSE_SERVICE_RESTART,
  SOCKET_CLOSE_TOO_MANY,
  SOCKET_CLOSE_UNAUTHENTICATED,
  socketCloseReasons,
} from '../../shared/realtime.js';
import { errorCode } from '../errors/error-code.js';
import { serverErrorTexts } from '../errors/texts.js';
import type { FeatureDeps } from '../feature.js';
import { localeOfRequest, withLocale } from '../i18n.js';
import { clientAddressOf, proxyTrustOf } from '../plugins/client-address.js';
import { isFromAppOrigin } from '../plugins/security.js';
import { sessionCookie, visitorCookie } from '../plugins/session.js';
import { addressKeyOf } from '../rate-limit/address.js';
import { hashToken } from '../tokens.js';
import { Sockets, Tally, visitorKeyOf } from './sockets.js';

/** Frames over 64 KiB close the socket (ADDENDUM §10); the client only ever sends a tiny one. */
const MAX_FRAME_BYTES = 64 * 1024;
/**
 * Open sockets one session, and one address (an IPv6 address by its /64), may hold on one instance: more
 * tabs and devices than anyone uses, an office behind one NAT, far below what hurts (decision 0128).
 */
export const SOCKETS_PER_SESSION = 32;
export const SOCKETS_PER_ADDRESS = 256;
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
export function createRealtimeGateway(
  app: FastifyInstance,
  { config, clock, messaging, metrics }: Pick<FeatureDeps, 'config' | 'clock' | 'messaging' | 'metrics'>,
) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const sockets = new Sockets();
  const perAddress = new Tally(SOCKETS_PER_ADDRESS);
  const perSession = new Tally(SOCKETS_PER_SESSION);
  const proxyTrust = proxyTrustOf(config.trustProxy);
  const cookie = sessionCookie(config.isHttps);
  const visitor = visitorCookie(config.isHttps);

  /**
   * A browser that wrote without an account (its visitor cookie, issue 32): it hears only what became of
   * its own messages (`message_status` frames sent to its key), nothing else. Its cookie never ends a
   * session, so nothing is read again at the heartbeat.
   */
  function acceptVisitor(socket: WebSocket, connection: Duplex, visitorKey: string) {
    if (!perSession.take(visitorKey)) {
      socket.close(SOCKET_CLOSE_TOO_MANY, socketCloseReasons.tooManyForSession);
      return;
    }
    const remove = sockets.add(visitorKey, {
      socket,
      connection,
      sessionId: visitorKey,
      endsAt: Number.POSITIVE_INFINITY,
    });
    socket.once('close', () => {
      remove();
      perSession.release(visitorKey);
    });
    socket.send(JSON.stringify({ type: 'authenticated' } satisfies ServerEvent));
  }

  /**
   * A new socket: authenticated by the session cookie its upgrade carried, else by its visitor cookie (a
   * visitor's socket), or closed with 4401; closed with 4429 when its address or its session already holds
   * as many as it may. A signed-in socket that also carries a visitor cookie hears that visitor's news too.
   */
  function accept(
    socket: WebSocket,
    connection: Duplex,
    token: string | undefined,
    visitorKey: string | undefined,
    address: string,
  ) {
    // The client's own "authenticate" message is read but never trusted (ADDENDUM §2).
    socket.on('message', ignore);
    socket.on('pong', markAlive);
    socket.on('error', ignore);
    alive.add(socket);
    metrics.socketOpened();
    socket.once('close', metrics.socketClosed);
    if (!perAddress.take(address)) {
      socket.close(SOCKET_CLOSE_TOO_MANY, socketCloseReasons.tooManyForAddress);
      return;
    }
    socket.once('close', () => perAddress.release(address));
    app
      .findSession(token)
      .then(async (auth) => {
        if (socket.readyState !== WebSocket.OPEN) return;
        if (!auth) {
          if (visitorKey) acceptVisitor(socket, connection, visitorKey);
          else socket.close(SOCKET_CLOSE_UNAUTHENTICATED, socketCloseReasons.signInFirst);
          return;
        }
        const { sessionId, endsAt } = auth;
        if (!perSession.take(sessionId)) {
          socket.close(SOCKET_CLOSE_TOO_MANY, socketCloseReasons.tooManyForSession);
          return;
        }
        const userId = auth.user.id;
        const remove = sockets.add(userId, { socket, connection, sessionId, endsAt });
        const removeVisitor = visitorKey
          ? sockets.add(visitorKey, { socket, connection, sessionId, endsAt: Number.POSITIVE_INFINITY })
          : undefined;
        socket.once('close', () => {
          remove();
          removeVisitor?.();
          perSession.release(sessionId);
        });
        socket.send(JSON.stringify({ type: 'authenticated' } satisfies ServerEvent));
        const unreadCount = await messaging.unreadCount(userId, auth.user.inboxVersion);
        socket.send(JSON.stringify({ type: 'unread_count_update', unreadCount } satisfies ServerEvent));
        // The app is open: what was written to it meanwhile has reached the device (issue 32). A failure
        // here costs only the stamp: the socket stays.
        messaging
          .recordDeliveriesTo(userId, auth.user.inboxVersion)
          .catch((error: unknown) => app.log.warn({ code: errorCode(error) }, 'delivery stamps failed'));
      })
      .catch((error: unknown) => {
        app.log.warn({ code: errorCode(error) }, 'socket authentication failed');
        socket.close(1011, 'Try again');
      });
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const path = (request.url ?? '').split('?')[0];
    // A refusal in the language the upgrade asks for (no Fastify hook runs for it).
    const refuse = (status: 403 | 404, refusal: () => { message: string; code: ErrorCode }) =>
      refuseUpgrade(socket, status, withLocale(localeOfRequest(request), refusal));
    if (path !== REALTIME_PATH) {
      refuse(404, () => ({ message: serverErrorTexts.notFound, code: ErrorCode.notFound }));
      return;
    }
    // Another site's page must not open a socket that rides the session cookie.
    if (!isFromAppOrigin(request, config.appOrigin)) {
      refuse(403, () => ({ message: serverErrorTexts.foreignOrigin, code: ErrorCode.foreignOrigin }));
      return;
    }
    const cookies = { cookies: app.parseCookie(request.headers.cookie ?? '') };
    const token = cookie.read(cookies);
    const visitorToken = visitor.read(cookies);
    const visitorKey = visitorToken ? visitorKeyOf(hashToken(visitorToken)) : undefined;
    const address = addressKeyOf(clientAddressOf(request, proxyTrust));
    wss.handleUpgrade(request, socket, head, (webSocket) =>
      accept(webSocket, socket, token, visitorKey, address),
    );
  }
  app.server.on('upgrade', onUpgrade);
  /** Set once the app closes: a heartbeat's sweep under way stops at its next slice. */
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.off('upgrade', onUpgrade);
    // Shutting down (docs/decisions/0158): its clients reconnect at once, to another instance.
    for (const socket of wss.clients)
      socket.close(SOCKET_CLOSE_SERVICE_RESTART, socketCloseReasons.serviceRestart);
  });
  app.addHook('onClose', async () => {
    for (const socket of wss.clients) socket.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });

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

  return {
    /** Who holds which socket, on this instance. */
    sockets,
    /**
     * Pings every socket; drops one that missed the last ping, and closes those whose session has ended
     * (the realtime-heartbeat job, every HEARTBEAT_INTERVAL_MS).
     */
    async heartbeat() {
      const sweep = [...wss.clients];
      const gap = Math.min(SLICE_GAP_MS, (SWEEP_MAX_MS * PINGS_PER_SLICE) / sweep.length);
      let swept = 0;
      for (const socket of sweep) {
        // A socket that closed during an earlier slice: terminating or pinging it does nothing.
        if (!alive.has(socket)) socket.terminate();
        else {
          alive.delete(socket);
          socket.ping();
        }
        swept += 1;
        if (swept % PINGS_PER_SLICE === 0 && swept < sweep.length)
          await new Promise((resolve) => setTimeout(resolve, gap));
        if (closing) return;
      }
      await closeEndedSessions();
    },
  };
}

/**
 * The heartbeat's sweep, paced (docs/decisions/0160, docs/performance.md): PINGS_PER_SLICE sockets at once,
 * then SLICE_GAP_MS before the next slice, so about 3,300 pings (and their pongs) a second at most, instead
 * of all of an instance's sockets in one turn of the event loop, which held every message behind 17,000
 * pings and their pongs for 0.5-2 s each time. Past 16,700 sockets the gap shrinks so that the pauses of a
 * sweep add up to SWEEP_MAX_MS at most. Invariant: every socket open when a heartbeat starts is pinged, or
 * dropped if it missed the last ping, before that heartbeat ends, in the order the sockets opened, with
 * pauses adding up to SWEEP_MAX_MS at most (the next heartbeat starts its interval after this one ends:
 * realtime.feature.ts counts the sweep in); nothing else waits behind more than one slice.
 */
export const PINGS_PER_SLICE = 50;
const SLICE_GAP_MS = 15;
const SWEEP_MAX_MS = 5_000;

/** Sockets that answered the last ping (one set for every app of the process: sockets are its keys). */
const alive = new WeakSet<WebSocket>();

function ignore() {}

/** A 'pong' listener shared by every socket: no closure per socket. */
function markAlive(this: WebSocket) {
  alive.add(this);
}
