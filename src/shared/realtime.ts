import * as c from './contract.js';

/** The WebSocket's path, on the app's own origin (spec §7). */
export const REALTIME_PATH = '/ws';

/** Why the server closed a socket: no valid session, or the session ended (ADDENDUM §2, §10). */
export const SOCKET_CLOSE_UNAUTHENTICATED = 4401;

/**
 * Why the server refused a socket: its session, or its address, already holds as many open sockets as one
 * may (docs/decisions/0128). Not worth retrying at once: another socket must close first.
 */
export const SOCKET_CLOSE_TOO_MANY = 4429;

/**
 * The server is shutting down (SIGTERM, docs/decisions/0158): its clients reconnect at once, and the
 * balancer sends them to another instance (RFC 6455's 1012, service restart).
 */
export const SOCKET_CLOSE_SERVICE_RESTART = 1012;

/** The reasons sent with the server's close codes (at most 123 bytes each). */
export const socketCloseReasons = {
  signInFirst: 'Sign in first',
  sessionEnded: 'Session ended',
  tooManyForSession: 'Too many open connections for this session',
  tooManyForAddress: 'Too many open connections from this address',
  serviceRestart: 'Service restart',
} as const;

/** What the server sends on /ws (spec §3 Realtime events). */
export const serverEventSchema = c.union([
  c.object({ type: c.literal('authenticated') }),
  c.object({
    type: c.literal('new_message'),
    message: c.object({ id: c.string, conversationId: c.string }),
  }),
  c.object({ type: c.literal('unread_count_update'), unreadCount: c.int(0) }),
  /**
   * What became of a message changed for its sender (delivered, seen, the owner's answer or reply; issue 32):
   * read its status again (GET /api/messages/{id}/status, or the conversation). Only ids; a visitor's
   * socket receives only these, about its own conversations.
   */
  c.object({
    type: c.literal('message_status'),
    conversationId: c.string,
    messageId: c.nullable(c.string),
  }),
]);
export type ServerEvent = c.Infer<typeof serverEventSchema>;

/** What the client sends: the server identifies the socket by its session cookie, not by this. */
export interface AuthenticateEvent {
  type: 'authenticate';
  userId: string;
}
