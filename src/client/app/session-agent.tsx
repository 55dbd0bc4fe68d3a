import { useSessionRefresh } from '../features/auth/use-session-refresh.js';
import { useRealtime } from '../features/messaging/use-realtime.js';
import { useKeepForOffline } from '../features/offline/offline.js';

/**
 * A signed-in user's background work, loaded after the first screen (its own chunk): the realtime
 * connection, the session's refreshes (spec §4) and what is kept for offline use (decision 0142; deleted
 * once nobody is signed in).
 */
export function SessionAgent({ userId }: { userId: string | null }) {
  useSessionRefresh(userId !== null);
  useRealtime(userId ?? undefined);
  useKeepForOffline(userId);
  return null;
}
