import { queryClient } from '../../lib/query-client.js';
import { queryKeys } from '../../lib/query-keys.js';
import { BADGE_REFRESH_TAG, type PageToWorker, REFRESH_BADGE } from '../../service-worker/messages.js';
import { messagingKeys } from '../messaging/queries.js';

/** A clicked notification is about new messages: the conversations, the count and the chat are read again. */
export function refreshAfterClick(conversationId: string | null): void {
  void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
  void queryClient.invalidateQueries({ queryKey: messagingKeys.unreadCount });
  if (conversationId)
    void queryClient.invalidateQueries({ queryKey: messagingKeys.messagesOf(conversationId) });
}

/** The worker met a 401: the session is read again (shared with any read that met the same expiry). */
export function refreshSession(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.user }, { cancelRefetch: false });
}

/** Background Sync and Periodic Background Sync, where the browser has them (Chromium). */
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: {
    register(tag: string, options: { minInterval: number }): Promise<void>;
    unregister(tag: string): Promise<void>;
  };
}

/** At most this often the browser may wake the worker to read the count, for an installed app. */
const PERIODIC_REFRESH_MS = 60 * 60 * 1000;

/**
 * Registers the background sync tag badge-refresh (spec §7): the worker reads the unread count when the
 * browser is next online, and, where it is granted (installed apps), now and then while the app is closed.
 * Without Background Sync, REFRESH_BADGE has it read once now.
 */
export async function registerBadgeRefresh(): Promise<void> {
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & SyncRegistration;
  if (registration.sync) await registration.sync.register(BADGE_REFRESH_TAG).catch(() => undefined);
  // Without Background Sync (Safari, Firefox) the worker is asked to read the count now instead.
  else registration.active?.postMessage({ type: REFRESH_BADGE } satisfies PageToWorker);
  await registration.periodicSync
    ?.register(BADGE_REFRESH_TAG, { minInterval: PERIODIC_REFRESH_MS })
    .catch(() => undefined);
}

/** Signed out: no more periodic reads of a count that now answers 401. */
export async function unregisterBadgeRefresh(): Promise<void> {
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & SyncRegistration;
  await registration.periodicSync?.unregister(BADGE_REFRESH_TAG).catch(() => undefined);
}
