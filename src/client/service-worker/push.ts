import { applyBadge, tellWindows } from './badge.js';
import { answerOfAction, clickAction, postAnswer } from './click.js';
import { NOTIFICATION_CLICKED, type WorkerToPage } from './messages.js';
import { notificationData, notificationFromPayload, readPushData } from './notification.js';

/**
 * Push and notification clicks (docs/decisions/0092-service-worker-push-and-badge.md).
 *
 * Every push shows a notification, whatever it carries: Safari on iOS revokes a subscription after a few
 * pushes that show nothing, so the server never sends badge-only pushes (ones that show nothing), and a
 * payload the worker cannot read still shows the generic one. A push in the owner's quiet hours shows its
 * notification with `silent` (no sound, no vibration; docs/decisions/0150) and counts on the badge. The push's unread count goes to the app badge.
 *
 * A click closes the notification and brings the app forward: an open window is focused and told
 * NOTIFICATION_CLICKED {url, conversationId}, and shows the conversation itself (no reload, nothing typed
 * is lost); with no window open, one opens at the url. Only the app's own pages are ever opened.
 *
 * A click on one of its buttons (the owner's one-tap answers, docs/decisions/0147-one-tap-answers.md) closes
 * it and posts that answer without opening the app; when the answer is not taken (signed out, offline), the
 * conversation opens instead, as a click on the notification would.
 */
export function handlePush(scope: ServiceWorkerGlobalScope): void {
  const origin = scope.location.origin;

  scope.addEventListener('push', (event) => {
    const maxActions = (scope as { Notification?: { maxActions?: number } }).Notification?.maxActions;
    const notification = notificationFromPayload(
      readPushData(event.data),
      origin,
      maxActions,
      scope.navigator.languages,
    );
    const shown = scope.registration.showNotification(
      notification.title,
      notification.options as NotificationOptions,
    );
    const badged =
      notification.unreadCount === null
        ? Promise.resolve()
        : applyBadge(scope.navigator, notification.unreadCount, 'push').then((outcome) =>
            tellWindows(scope, outcome),
          );
    event.waitUntil(Promise.all([shown, badged]));
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = notificationData(event.notification.data, origin);
    const answer = answerOfAction(event.action);
    const { conversationId } = data;
    event.waitUntil(
      answer === null || conversationId === null
        ? openFromNotification(scope, data)
        : postAnswer((input, init) => scope.fetch(input, init), conversationId, answer).then((taken) =>
            taken ? undefined : openFromNotification(scope, data),
          ),
    );
  });
}

async function openFromNotification(
  scope: ServiceWorkerGlobalScope,
  data: { url: string; conversationId: string | null },
): Promise<void> {
  const message: WorkerToPage = {
    type: NOTIFICATION_CLICKED,
    url: data.url,
    conversationId: data.conversationId,
  };
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const action = clickAction(windows, data.url, scope.location.origin);
  if (action.kind === 'open') {
    const opened = await scope.clients.openWindow(action.path);
    // The new window starts at the url; the message only matters if its page is already listening.
    opened?.postMessage(message);
    return;
  }
  const window = windows[action.index];
  if (!window) return;
  const focused = await window.focus().catch(() => window);
  focused.postMessage(message);
}
