import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { unreadCountSchema } from '../../../shared/messaging/messages.contract.js';
import { pushTexts as serverTexts } from '../../../shared/push/push.contract.js';
import { readQuery } from '../../lib/api.js';
import { messagingKeys } from '../messaging/queries.js';
import { pushTimings } from './push-constants.js';
import type { NotificationState } from './push-status.js';
import { pushTexts as texts } from './push-texts.js';

/** Basic notifications run where push is missing but Notification exists, turned on and allowed (spec §3). */
export function isBasicActive({ push, basic }: NotificationState): boolean {
  return !push.supported && basic.supported && basic.enabled && basic.permission === 'granted';
}

/** The unread count to announce: a rise since the last reading (the first reading only sets the mark). */
export function unreadRise(previous: number | null, next: number): number | null {
  return previous !== null && next > previous ? next : null;
}

/** Shows a notification from the page and closes it after 5 s (spec §9 Message notification poll). */
export function showBasicNotification(title: string, body: string): void {
  try {
    const notification = new Notification(title, { body, icon: '/pwa-192x192.png', tag: 'unread' });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
    setTimeout(() => notification.close(), pushTimings.basicNotificationCloseMs);
  } catch (error) {
    // Chrome on Android allows notifications from the service worker only.
    console.warn('Showing a notification failed:', error);
  }
}

export function showBasicTestNotification(): void {
  showBasicNotification(serverTexts.testTitle, serverTexts.testBody);
}

/**
 * The fallback of spec §3: while basic notifications are active, the unread count is read every 30 s, also
 * in a hidden tab, and a rise the user cannot see (the page is hidden) becomes a notification.
 */
export function useBasicNotifications(isSignedIn: boolean, state: NotificationState): void {
  const isActive = isSignedIn && isBasicActive(state);
  const unread = useQuery({
    queryKey: messagingKeys.unreadCount,
    queryFn: readQuery(unreadCountSchema),
    enabled: isActive,
    refetchInterval: isActive ? pushTimings.basicPollEveryMs : false,
    refetchIntervalInBackground: true,
  });
  const count = isActive ? unread.data?.count : undefined;
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (count === undefined) {
      previous.current = null;
      return;
    }
    const rise = unreadRise(previous.current, count);
    previous.current = count;
    if (rise !== null && document.visibilityState === 'hidden') {
      showBasicNotification(texts.basicTitle, texts.basicBody({ count: rise }));
    }
  }, [count]);
}
