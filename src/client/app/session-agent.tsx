import { useSessionRefresh } from '../features/auth/use-session-refresh.js';
import { useRealtime } from '../features/messaging/use-realtime.js';

/**
 * A signed-in user's background work, loaded after the first screen (its own chunk): the realtime
 * connection and the session's refreshes (spec §4).
 */
export function SessionAgent({ userId }: { userId: string | null }) {
  useSessionRefresh(userId !== null);
  useRealtime(userId ?? undefined);
  return null;
}
