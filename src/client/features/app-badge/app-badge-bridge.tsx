import { useEffect } from 'react';
import { useLocation } from 'wouter';
import {
  AUTH_REQUIRED,
  BADGE_UPDATE_FAILED,
  NOTIFICATION_CLICKED,
  type PageToWorker,
  parseWorkerMessage,
  UPDATE_BADGE,
} from '../../service-worker/messages.js';
import { useUnreadCount } from '../messaging/queries.js';
import {
  refreshAfterClick,
  refreshSession,
  registerBadgeRefresh,
  unregisterBadgeRefresh,
} from './badge-bridge.js';
import { badgeCount, clickedPath } from './badge-rules.js';
import { takeWorkerMessages } from './worker-messages.js';

/** Hands a message to the worker that controls the page, or to the active one once it is ready. */
async function postToWorker(message: PageToWorker): Promise<void> {
  const container = navigator.serviceWorker;
  const worker = container.controller ?? (await container.ready).active;
  worker?.postMessage(message);
}

/**
 * Mounted once in the app shell (its own chunk): keeps the service worker's app badge in step with the
 * unread count and acts on the worker's messages (spec §7 Background worker messages;
 * docs/decisions/0092-service-worker-push-and-badge.md).
 */
export function AppBadgeBridge({ isSignedIn }: { isSignedIn: boolean }) {
  const unread = useUnreadCount(isSignedIn);
  const count = badgeCount(isSignedIn, unread.data);
  const [, navigate] = useLocation();
  const hasServiceWorker = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

  // UPDATE_BADGE whenever the count changes; 0 (the badge cleared) once nobody is signed in.
  useEffect(() => {
    if (!hasServiceWorker || count === undefined) return;
    void postToWorker({ type: UPDATE_BADGE, count });
  }, [hasServiceWorker, count]);

  // The worker reads the count again when the browser says so (background sync badge-refresh).
  useEffect(() => {
    if (!hasServiceWorker) return;
    void (isSignedIn ? registerBadgeRefresh() : unregisterBadgeRefresh());
  }, [hasServiceWorker, isSignedIn]);

  useEffect(() => {
    if (!hasServiceWorker) return;
    const warned = new Set<string>();
    const onMessage = (data: unknown) => {
      const message = parseWorkerMessage(data);
      if (message?.type === NOTIFICATION_CLICKED) {
        const path = clickedPath(message.url, window.location);
        if (path !== null) navigate(path);
        refreshAfterClick(message.conversationId);
      } else if (message?.type === AUTH_REQUIRED) {
        // The session is read again; the app's expiry handling (lib/session-changes.ts) acts on its answer.
        refreshSession();
      } else if (message?.type === BADGE_UPDATE_FAILED && !warned.has(message.error)) {
        // A browser without the Badging API fails every time: once per page is enough.
        warned.add(message.error);
        console.warn('The app badge could not be updated:', message.error);
      }
    };
    // Also what the worker sent before this chunk loaded (worker-messages.ts).
    return takeWorkerMessages(onMessage);
  }, [hasServiceWorker, navigate]);

  return null;
}
