/**
 * The messages between the pages and the service worker (spec §7 Background worker messages), shared by
 * both sides: the worker imports this module, and so does the page's app badge bridge
 * (src/client/features/app-badge). Nothing here names a DOM or worker type, so both configurations check it.
 *
 * Sent by the page: UPDATE_BADGE {count}, REFRESH_BADGE. Sent by the worker: NOTIFICATION_CLICKED
 * {url, conversationId}, BADGE_UPDATED {count, trigger}, BADGE_UPDATE_FAILED {error, count | null, trigger},
 * AUTH_REQUIRED.
 */
export const UPDATE_BADGE = 'UPDATE_BADGE';
export const REFRESH_BADGE = 'REFRESH_BADGE';
export const NOTIFICATION_CLICKED = 'NOTIFICATION_CLICKED';
export const BADGE_UPDATED = 'BADGE_UPDATED';
export const BADGE_UPDATE_FAILED = 'BADGE_UPDATE_FAILED';
export const AUTH_REQUIRED = 'AUTH_REQUIRED';

/** The background sync tag (spec §7) under which the worker reads the unread count again. */
export const BADGE_REFRESH_TAG = 'badge-refresh';

/** Where the unread count is read (spec §7 GET /api/messages/unread-count; the answer is {count}). */
export const UNREAD_COUNT_PATH = '/api/messages/unread-count';

/** What set the badge: a push, a page's UPDATE_BADGE, or the worker reading the count again. */
export type BadgeTrigger = 'push' | 'page' | 'refresh';

export type PageToWorker = { type: typeof UPDATE_BADGE; count: number } | { type: typeof REFRESH_BADGE };

export type WorkerToPage =
  | { type: typeof NOTIFICATION_CLICKED; url: string; conversationId: string | null }
  | { type: typeof BADGE_UPDATED; count: number; trigger: BadgeTrigger }
  /** `count` is null when the worker could not read the unread count. */
  | { type: typeof BADGE_UPDATE_FAILED; error: string; count: number | null; trigger: BadgeTrigger }
  | { type: typeof AUTH_REQUIRED };

type Fields = Record<string, unknown>;

function fieldsOf(data: unknown): Fields | null {
  return typeof data === 'object' && data !== null ? (data as Fields) : null;
}

/** A whole number of unread messages, 0 or more; anything else is not a count. */
export function isBadgeCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

const isTrigger = (value: unknown): value is BadgeTrigger =>
  value === 'push' || value === 'page' || value === 'refresh';

/** A message a page sent to the worker, or null for anything else (SKIP_WAITING is the lifecycle's). */
export function parsePageMessage(data: unknown): PageToWorker | null {
  const fields = fieldsOf(data);
  if (fields?.type === UPDATE_BADGE && isBadgeCount(fields.count))
    return { type: UPDATE_BADGE, count: fields.count };
  if (fields?.type === REFRESH_BADGE) return { type: REFRESH_BADGE };
  return null;
}

/** A message the worker sent to a page, or null for anything else. */
export function parseWorkerMessage(data: unknown): WorkerToPage | null {
  const fields = fieldsOf(data);
  switch (fields?.type) {
    case NOTIFICATION_CLICKED:
      if (typeof fields.url !== 'string') return null;
      return {
        type: NOTIFICATION_CLICKED,
        url: fields.url,
        conversationId: typeof fields.conversationId === 'string' ? fields.conversationId : null,
      };
    case BADGE_UPDATED:
      if (!isBadgeCount(fields.count) || !isTrigger(fields.trigger)) return null;
      return { type: BADGE_UPDATED, count: fields.count, trigger: fields.trigger };
    case BADGE_UPDATE_FAILED:
      if (!isTrigger(fields.trigger)) return null;
      return {
        type: BADGE_UPDATE_FAILED,
        error: typeof fields.error === 'string' ? fields.error : 'unknown error',
        count: isBadgeCount(fields.count) ? fields.count : null,
        trigger: fields.trigger,
      };
    case AUTH_REQUIRED:
      return { type: AUTH_REQUIRED };
    default:
      return null;
  }
}

/**
 * The path (with query and fragment) of `url` when it is on `origin`, else null: a notification or a
 * message from the worker only ever leads to the app's own pages.
 */
export function sameOriginPath(url: unknown, origin: string): string | null {
  if (typeof url !== 'string' || url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
