import { z } from 'zod';

/** The WebSocket's path, on the app's own origin (spec §7). */
export const REALTIME_PATH = '/ws';

/** Why the server closed a socket: no valid session, or the session ended (ADDENDUM §2, §10). */
export const SOCKET_CLOSE_UNAUTHENTICATED = 4401;

/** What the server sends on /ws (spec §3 Realtime events). */
export const serverEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticated') }),
  z.object({
    type: z.literal('new_message'),
    message: z.object({ id: z.string(), conversationId: z.string() }),
  }),
  z.object({ type: z.literal('unread_count_update'), unreadCount: z.number().int().min(0) }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;

/** What the client sends: the server identifies the socket by its session cookie, not by this. */
export interface AuthenticateEvent {
  type: 'authenticate';
  userId: string;
}
