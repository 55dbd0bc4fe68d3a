import {
  AUTH_REQUIRED,
  BADGE_REFRESH_TAG,
  BADGE_UPDATE_FAILED,
  BADGE_UPDATED,
  type BadgeTrigger,
  isBadgeCount,
  parsePageMessage,
  REFRESH_BADGE,
  UNREAD_COUNT_PATH,
  type WorkerToPage,
} from './messages.js';

/**
 * The app badge shows the unread count (spec §1). Pages send UPDATE_BADGE {count} when their count changes
 * and REFRESH_BADGE to have the worker read it; a push carries it; the background sync tag badge-refresh
 * (and a periodic sync, where the browser grants one) reads it while no page is open.
 */

/** The parts of a worker's navigator the badge needs (the Badging API, missing in some browsers). */
interface BadgeNavigator {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Sets the badge to `count` (cleared at 0) and says how it went, as the message a page receives. */
export async function applyBadge(
  navigator: BadgeNavigator,
  count: number,
  trigger: BadgeTrigger,
): Promise<WorkerToPage> {
  try {
    if (typeof navigator.setAppBadge !== 'function' || typeof navigator.clearAppBadge !== 'function') {
      throw new Error('The app badge is not supported in this browser');
    }
    if (count === 0) await navigator.clearAppBadge();
    else await navigator.setAppBadge(count);
    return { type: BADGE_UPDATED, count, trigger };
  } catch (error) {
    return { type: BADGE_UPDATE_FAILED, error: errorText(error), count, trigger };
  }
}

/** What reading the unread count gave: a count, a signed-out session, or a failure worth retrying. */
export type UnreadRead =
  | { kind: 'count'; count: number }
  | { kind: 'signed-out' }
  | { kind: 'failed'; error: string };

/** Reads GET /api/messages/unread-count with the session's cookie (spec §7: calls send credentials). */
export async function readUnreadCount(fetcher: typeof fetch): Promise<UnreadRead> {
  let response: Response;
  try {
    response = await fetcher(UNREAD_COUNT_PATH, {
      credentials: 'include',
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    return { kind: 'failed', error: errorText(error) };
  }
  if (response.status === 401) return { kind: 'signed-out' };
  if (!response.ok) return { kind: 'failed', error: `The unread count answered ${response.status}` };
  try {
    const body: unknown = await response.json();
    const count = typeof body === 'object' && body !== null ? (body as { count?: unknown }).count : undefined;
    if (isBadgeCount(count)) return { kind: 'count', count };
  } catch {
    // Not JSON: below.
  }
  return { kind: 'failed', error: 'The unread count answer is not a count' };
}

const errorText = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

interface SyncEventLike extends ExtendableEvent {
  tag: string;
}

/** Every window of the app, also one not yet controlled by this worker. */
async function windowsOf(scope: ServiceWorkerGlobalScope) {
  return scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/** Tells every open window of the app. */
export async function tellWindows(scope: ServiceWorkerGlobalScope, message: WorkerToPage): Promise<void> {
  for (const client of await windowsOf(scope)) client.postMessage(message);
}

/**
 * Reads the unread count and sets the badge. Signed out (401): the badge is cleared and every window is
 * told AUTH_REQUIRED. Returns the outcome for the page that asked; throws when the read failed and
 * `throwOnFailure` (a background sync then tries again later).
 */
async function refreshBadge(scope: ServiceWorkerGlobalScope, throwOnFailure: boolean): Promise<WorkerToPage> {
  const read = await readUnreadCount((input, init) => scope.fetch(input, init));
  if (read.kind === 'signed-out') {
    const cleared = await applyBadge(scope.navigator, 0, 'refresh');
    await tellWindows(scope, { type: AUTH_REQUIRED });
    return cleared;
  }
  if (read.kind === 'failed') {
    if (throwOnFailure) throw new Error(read.error);
    return { type: BADGE_UPDATE_FAILED, error: read.error, count: null, trigger: 'refresh' };
  }
  return applyBadge(scope.navigator, read.count, 'refresh');
}

export function handleBadge(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event) => {
    const message = parsePageMessage(event.data);
    if (!message) return;
    const source = event.source;
    const reply = (answer: WorkerToPage) => {
      if (source && 'postMessage' in source) source.postMessage(answer);
    };
    const done =
      message.type === REFRESH_BADGE
        ? refreshBadge(scope, false)
        : applyBadge(scope.navigator, message.count, 'page');
    event.waitUntil(done.then(reply));
  });

  const onSync = (event: Event) => {
    const sync = event as SyncEventLike;
    if (sync.tag !== BADGE_REFRESH_TAG) return;
    sync.waitUntil(refreshBadge(scope, true).then((outcome) => tellWindows(scope, outcome)));
  };
  scope.addEventListener('sync', onSync);
  scope.addEventListener('periodicsync', onSync);
}
