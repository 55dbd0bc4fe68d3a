import { isBadgeCount, sameOriginPath } from './messages.js';

/**
 * What a push shows (docs/decisions/0092-service-worker-push-and-badge.md). The server sends
 * src/shared/push/push.ts pushPayloadSchema {title, body, tag, url, conversationId, unreadCount} as JSON;
 * the worker checks it by hand (no zod in the worker) and field by field, so a push it cannot read still
 * shows a notification: Safari on iOS ends a subscription whose pushes show nothing.
 */

/** The manifest's icons, drawn at build time (vite.config.ts pwaAssets): the app icon and a small badge. */
export const NOTIFICATION_ICON = '/pwa-192x192.png';
export const NOTIFICATION_BADGE_ICON = '/pwa-64x64.png';

/** Shown for a push without a readable title; the spec has no text for it (decision 0092). */
export const GENERIC_NOTIFICATION = {
  title: 'Vehicle Contact',
  body: 'You have a new notification.',
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

/** The notification a push's payload (already JSON-decoded, or null) asks for, from what in it is usable. */
export function notificationFromPayload(payload: unknown, origin: string): PushNotification {
  const fields = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const title = text(fields.title);
  const conversationId = text(fields.conversationId);
  const tag =
    text(fields.tag) ?? (conversationId ? `conversation-${conversationId}` : GENERIC_NOTIFICATION.tag);
  return {
    title: title ?? GENERIC_NOTIFICATION.title,
    options: {
      // A payload without a title is not one the server made: its body is not shown either.
      body: title ? (typeof fields.body === 'string' ? fields.body : '') : GENERIC_NOTIFICATION.body,
      tag,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE_ICON,
      data: { url: sameOriginPath(fields.url, origin) ?? GENERIC_NOTIFICATION.url, conversationId },
      renotify: true,
    },
    unreadCount: isBadgeCount(fields.unreadCount) ? fields.unreadCount : null,
  };
}

/** The click data kept on a shown notification, checked again: it may come from an older version. */
export function notificationData(data: unknown, origin: string): NotificationData {
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return {
    url: sameOriginPath(fields.url, origin) ?? GENERIC_NOTIFICATION.url,
    conversationId: text(fields.conversationId),
  };
}
