import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { unreadCountSchema } from '../../../shared/messaging/messages.contract.js';
import { pushRenewalResponseSchema } from '../../../shared/push/push.contract.js';
import { apiRequest, readQuery } from '../../lib/api.js';
import { getCookie, setCookie } from '../../lib/cookies.js';
import { isFormBeingFilled } from '../../lib/form-in-progress.js';
import { usePromptTurn } from '../../lib/prompt-turn.js';
import { toast } from '../../lib/toast.js';
import { readConsent, subscribeToConsent } from '../consent/consent.js';
import { messagingKeys } from '../messaging/queries.js';
import { unreadRise, useBasicNotifications } from './basic-notifications.js';
import {
  forgetKnownEndpoint,
  lastKnownEndpoint,
  notificationState,
  refreshNotificationState,
  useNotificationState,
} from './notification-state.js';
import {
  enableNotifications,
  forgetOnServer,
  hasAskedForPermission,
  subscribeToPush,
} from './push-actions.js';
import { PROMPT_DISMISSED_COOKIE, PROMPT_DISMISSED_DAYS } from './push-constants.js';
import { forgetPushMoment, hasPushMomentCome, pushMomentCame, subscribeToPushMoment } from './push-moment.js';
import { PushPrompt } from './push-prompt.js';
import { offerAtTheMoment, type RenewalResult, startPushSchedule } from './push-schedule.js';
import { isReceiving, type NotificationState } from './push-status.js';
import { pushTexts as texts } from './push-texts.js';
import { showEnableOutcome } from './push-toasts.js';

/** Worth offering: the browser has not been asked, can notify, and this device gets nothing yet. */
function isWorthOffering(state: NotificationState): boolean {
  return (
    state.push.permission === 'default' &&
    (state.push.supported || state.basic.supported) &&
    !isReceiving(state)
  );
}

/** GET /api/push/check-renewal for a browser that has a subscription; renews it silently when asked. */
async function checkRenewal(): Promise<RenewalResult> {
  const state = await refreshNotificationState();
  if (!state.push.supported || state.push.permission !== 'granted' || !state.push.hasSubscription) {
    return 'current';
  }
  // About this browser's own subscription: another browser of the account may hold a current one.
  const endpoint = lastKnownEndpoint();
  const path = endpoint
    ? `/api/push/check-renewal?endpoint=${encodeURIComponent(endpoint)}`
    : '/api/push/check-renewal';
  const answer = await apiRequest('GET', path, undefined, {
    response: pushRenewalResponseSchema,
    nullOn401: true,
  });
  if (!answer?.renewalRequired) return 'current';
  return (await subscribeToPush({ ask: false })) === 'enabled' ? 'renewed' : 'failed';
}

/**
 * Acts on a permission changed outside the app (spec §9: checked every 30 s): taken away, the server
 * forgets this browser; given, with no subscription, the browser subscribes. A change is measured from the
 * permission the app last read (its screens may have read it before this agent's chunk arrived), so a
 * permission changed while the agent was loading is still acted on.
 */
function permissionWatcher(): () => Promise<RenewalResult> {
  let lastPermission = notificationState().push.permission;
  return async () => {
    const before = lastPermission;
    const state = await refreshNotificationState();
    lastPermission = state.push.permission;
    if (lastPermission === before) return 'current';
    if (lastPermission === 'denied') {
      const endpoint = lastKnownEndpoint();
      if (endpoint) await forgetOnServer(endpoint);
      forgetKnownEndpoint();
      return 'current';
    }
    if (lastPermission !== 'granted' || !state.push.supported || state.push.hasSubscription) return 'current';
    const outcome = await subscribeToPush({ ask: false });
    // After the app's own question the Enable that asked it has already said how it went.
    return outcome === 'enabled' || hasAskedForPermission() ? 'current' : 'failed';
  };
}

/**
 * A message arriving while the app is open is a moment to offer notifications (ADDENDUM §11): the unread
 * count rising from one reading to the next. The count is read by the app's badge and tab bar (and pushed by
 * the realtime connection); this only watches it, fetching nothing itself.
 */
function useMessageArrivals(isSignedIn: boolean) {
  const unread = useQuery({
    queryKey: messagingKeys.unreadCount,
    queryFn: readQuery(unreadCountSchema),
    enabled: false,
  });
  const count = isSignedIn ? unread.data?.count : undefined;
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (count === undefined) {
      previous.current = null;
      return;
    }
    if (unreadRise(previous.current, count) !== null) pushMomentCame();
    previous.current = count;
  }, [count]);
}

/**
 * Mounted once in the app shell (its own chunk, loaded after the first screen): the push permission prompt
 * at its moment (a vehicle registered, a message arrived: push-moment.ts), the renewal and
 * permission-change checks and the basic-notification fallback.
 */
export function PushAgent({ isSignedIn }: { isSignedIn: boolean }) {
  const state = useNotificationState();
  const [isPromptDue, setIsPromptDue] = useState(false);
  const hasMomentCome = useSyncExternalStore(subscribeToPushMoment, hasPushMomentCome);
  // One question at a time: a cookie banner still waiting for its answer goes first.
  const isConsentAnswered = useSyncExternalStore(subscribeToConsent, readConsent).status !== null;
  const [, navigate] = useLocation();
  useBasicNotifications(isSignedIn, state);
  useMessageArrivals(isSignedIn);
  // And one question at a time: an install prompt already showing goes first (lib/prompt-turn.ts).
  const isPromptInTurn = usePromptTurn('push-permission', isPromptDue && isConsentAnswered && isSignedIn);

  // At its moment, the prompt, unless dismissed, not worth offering, or a form is being filled (it waits).
  useEffect(() => {
    if (!isSignedIn) {
      forgetPushMoment();
      return;
    }
    if (!hasMomentCome) return;
    return offerAtTheMoment({
      isNothingToOffer: () =>
        getCookie(PROMPT_DISMISSED_COOKIE) !== undefined || !isWorthOffering(notificationState()),
      isFormBeingFilled: () => isFormBeingFilled(),
      offer: () => setIsPromptDue(true),
    });
  }, [isSignedIn, hasMomentCome]);

  useEffect(() => {
    if (!isSignedIn) return;
    const stop = startPushSchedule({
      checkRenewal,
      checkPermission: permissionWatcher(),
      showRenewalToast: () =>
        toast({
          title: texts.renewalTitle,
          description: texts.renewal,
          action: { label: texts.openSettings, onClick: () => navigate('/settings') },
        }),
    });
    // Back from the browser's settings: the screens show the permission as it is now.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshNotificationState();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisible);
      setIsPromptDue(false);
    };
  }, [isSignedIn, navigate]);

  return (
    <PushPrompt
      isOpen={isPromptInTurn}
      onEnable={() => {
        setIsPromptDue(false);
        void enableNotifications().then(showEnableOutcome);
      }}
      onDismiss={() => {
        setIsPromptDue(false);
        setCookie(PROMPT_DISMISSED_COOKIE, '1', PROMPT_DISMISSED_DAYS);
      }}
    />
  );
}
