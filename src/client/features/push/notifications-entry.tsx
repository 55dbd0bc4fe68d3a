import { Bell, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { showBasicTestNotification } from './basic-notifications.js';
import { useNotificationState } from './notification-state.js';
import { enableNotifications, sendTestPush } from './push-actions.js';
import { isReceiving, profileStatus } from './push-status.js';
import { pushTexts as texts } from './push-texts.js';
import { showEnableOutcome, showTestOutcome } from './push-toasts.js';

/**
 * Profile's Notifications entry (spec §2 Profile): its status, and a tap that enables notifications, or
 * sends a test notification once they reach this device.
 */
export function NotificationsEntry() {
  const state = useNotificationState();
  const [isBusy, setIsBusy] = useState(false);
  const status = profileStatus(state);

  const onTap = async () => {
    setIsBusy(true);
    try {
      if (!isReceiving(state)) showEnableOutcome(await enableNotifications());
      else if (state.push.supported) showTestOutcome(await sendTestPush());
      else showBasicTestNotification();
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <li>
      <button
        type="button"
        disabled={isBusy}
        onClick={onTap}
        className="flex min-h-14 w-full items-center gap-3 px-5 py-4 text-left font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring disabled:opacity-60"
      >
        {/* The icons keep their size beside a long label (German at 320 px), which breaks instead. */}
        <Bell aria-hidden className="h-5 w-5 shrink-0 text-primary" />
        <span className="min-w-0 flex-1 break-words hyphens-auto">{texts.entryLabel}</span>
        <span data-testid="notifications-status" className="text-sm text-muted-foreground">
          {texts.profileStatus[status]}
        </span>
        <ChevronRight aria-hidden className="h-4 w-4 shrink-0 text-muted-foreground" />
      </button>
    </li>
  );
}
