import { type Locale, negotiateLocale } from '../../shared/i18n/locales.js';
import { type PushAction, pushPayloadSchema } from '../../shared/push/push.contract.js';
import { sameOriginPath } from './messages.js';

/**
 * What a push shows (docs/decisions/0092-service-worker-push-and-badge.md). The server sends a
 * pushPayloadSchema {title, body, tag, url, conversationId, unreadCount, actions?, silent?} as JSON, and the worker
 * reads it with that same contract (docs/decisions/0132-one-contract-dialect.md). A push that does not match
 * it still shows a notification, the generic one: Safari on iOS ends a subscription whose pushes show
 * nothing, and a push always means something arrived. Its buttons are the owner's one-tap answers
 * (docs/decisions/0147-one-tap-answers.md).
 */

/** The manifest's icons, drawn at build time (vite.config.ts pwaAssets): the app icon and a small badge. */
export const NOTIFICATION_ICON = '/pwa-192x192.png';
export const NOTIFICATION_BADGE_ICON = '/pwa-64x64.png';

/** The brand, never translated: the generic notification's title. */
const BRAND = 'Vehicle Contact';

/**
 * The generic notification's line in each language. Every other word a notification shows comes in its
 * push, written by the server in its recipient's language; this one is shown when a push brings nothing
 * readable, so the worker keeps it itself, in this tiny table rather than the app's catalogues, which it
 * does not load (docs/decisions/0164). Its language: the browser's (a worker cannot read the app's choice).
 */
export const GENERIC_NOTIFICATION_BODY: Readonly<Record<Locale, string>> = {
  'en-US': 'You have a new notification.',
  'de-DE': 'Sie haben eine neue Benachrichtigung.',
  'zh-CN': '您有一条新通知。',
};

/** Shown for a push that does not match its contract; the spec has no text for it (decision 0092). */
export const GENERIC_NOTIFICATION = {
  title: BRAND,
  body: GENERIC_NOTIFICATION_BODY['en-US'],
  tag: 'vehicle-contact',
  url: '/',
} as const;

/** What a click on the notification needs: where to go, and which conversation it is about. */
export interface NotificationData {
  url: string;
  conversationId: string | null;
}

/** NotificationOptions as Chromium takes them; TypeScript's lib lacks `renotify`. */
export interface PushNotificationOptions {
  body: string;
  tag: string;
  icon: string;
  badge: string;
  data: NotificationData;
  /** A repeated tag replaces the notification shown before; renotify makes it alert again. */
  renotify: boolean;
  /**
   * No sound and no vibration: a push in the owner's quiet hours that is not urgent (issue 33,
   * docs/decisions/0150). It is shown, and the app badge counts it, all the same.
   */
  silent: boolean;
  /** Its buttons (the owner's one-tap answers), as many as the browser shows; left out when none. */
  actions?: PushAction[];
}

export interface PushNotification {
  title: string;
  options: PushNotificationOptions;
  /** The unread count to show on the app badge, when the push carries one. */
  unreadCount: number | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** The push's data as JSON, or null when there is none or it is not JSON. */
export function readPushData(data: { text(): string } | null | undefined): unknown {
  if (!data) return null;
  try {
    return JSON.parse(data.text());
  } catch {
    return null;
  }
}

const notification = (
  title: string,
  body: string,
  tag: string,
  data: NotificationData,
  unreadCount: number | null,
  actions: PushAction[] = [],
  silent = false,
): PushNotification => ({
  title,
  options: {
    body,
    tag,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE_ICON,
    data,
    // A silent one replaces the one before quietly.
    renotify: !silent,
    silent,
    ...(actions.length > 0 ? { actions } : {}),
  },
  unreadCount,
});

/**
 * The notification a push's payload (already JSON-decoded, or null) asks for: the server's, when the payload
 * matches its contract, else the generic one, which says only that something came and leaves the badge alone.
 * Of its buttons, the first `maxActions` (Notification.maxActions: 2 in Chrome; a browser that does not say
 * shows none), which the server puts most useful first; a button answers only about a conversation.
 * `languages`: the browser's (navigator.languages), for the generic notification's line.
 */
export function notificationFromPayload(
  payload: unknown,
  origin: string,
  maxActions = 0,
  languages: readonly string[] = [],
): PushNotification {
  const push = pushPayloadSchema.safeParse(payload);
  if (!push.success) {
    const { title, tag, url } = GENERIC_NOTIFICATION;
    const body = GENERIC_NOTIFICATION_BODY[negotiateLocale(languages)];
    return notification(title, body, tag, { url, conversationId: null }, null);
  }
  const { title, body, tag, url, conversationId, unreadCount, actions = [], silent } = push.data;
  // Still only ever one of the app's own pages.
  const data = { url: sameOriginPath(url, origin) ?? GENERIC_NOTIFICATION.url, conversationId };
  const shown = conversationId === null ? [] : actions.slice(0, Math.max(0, maxActions));
  return notification(title, body, tag, data, unreadCount, shown, silent === true);
}

/** The click data kept on a shown notification, checked again: it may come from an older version. */
export function notificationData(data: unknown, origin: string): NotificationData {
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return {
    url: sameOriginPath(fields.url, origin) ?? GENERIC_NOTIFICATION.url,
    conversationId: text(fields.conversationId),
  };
}
