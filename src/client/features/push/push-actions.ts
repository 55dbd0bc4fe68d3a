import { messageResultSchema } from '../../../shared/auth/auth.contract.js';
import { ErrorCode } from '../../../shared/errors.js';
import {
  pushTexts as serverTexts,
  vapidPublicKeyResponseSchema,
} from '../../../shared/push/push.contract.js';
import { apiRequest } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import {
  currentPermission,
  currentSubscription,
  forgetKnownEndpoint,
  isNotificationSupported,
  isPushSupported,
  refreshNotificationState,
  serviceWorkerRegistration,
  setNotificationsPreference,
} from './notification-state.js';
import { SERVICE_WORKER_WAIT_MS } from './push-constants.js';

/** How turning notifications on ended; `showOutcome` (push-toasts.ts) says it to the user. */
export type EnableOutcome =
  | 'enabled'
  | 'dismissed'
  | 'notSupported'
  | 'blocked'
  | 'permissionError'
  | 'subscriptionFailed'
  | 'authenticationRequired'
  | 'configurationError'
  /** POST /api/push/subscribe failed otherwise: only logged (spec §8). */
  | 'serverFailed';

export type TestOutcome = 'sent' | 'noSubscription' | 'failed';

function base64url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function bytesOf(base64urlText: string): Uint8Array<ArrayBuffer> {
  const base64 = base64urlText.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, index) => byte === b[index]);

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const registered = await serviceWorkerRegistration();
  if (registered) return registered;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('No service worker registered')), SERVICE_WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

let hasAskedPermission = false;

/** Whether this page asked for the permission itself (a change it made is no news to the push agent). */
export function hasAskedForPermission(): boolean {
  return hasAskedPermission;
}

/** Spec §3 Notification state: asks the browser when it has not been asked yet (from a user's tap). */
async function askPermission(): Promise<EnableOutcome | null> {
  const permission = currentPermission();
  if (permission === 'denied') return 'blocked';
  if (permission === 'granted') return null;
  hasAskedPermission = true;
  try {
    const answer = await Notification.requestPermission();
    if (answer === 'denied') return 'blocked';
    if (answer === 'default') return 'dismissed';
    return null;
  } catch (error) {
    console.warn('Asking for notification permission failed:', error);
    return 'permissionError';
  }
}

async function publicKey(): Promise<string | null> {
  try {
    const { publicKey: key } = await apiRequest('GET', '/api/push/vapid-public-key', undefined, {
      response: vapidPublicKeyResponseSchema,
    });
    return key.trim() === '' ? null : key;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/**
 * Subscribes this browser to push and tells the server (spec §7). `ask` is false for the silent renewals:
 * they never open the browser's permission dialog.
 */
export async function subscribeToPush({ ask }: { ask: boolean }): Promise<EnableOutcome> {
  if (!isPushSupported()) return 'notSupported';
  if (ask) {
    const refused = await askPermission();
    if (refused) return refused;
  } else if (currentPermission() !== 'granted') {
    return currentPermission() === 'denied' ? 'blocked' : 'dismissed';
  }

  let subscription: PushSubscription;
  try {
    const key = await publicKey();
    if (key === null) return 'configurationError';
    const applicationServerKey = bytesOf(key);
    const registration = await readyRegistration();
    const existing = await registration.pushManager.getSubscription();
    // A subscription made with an older server key cannot be reused (the server asks for a renewal).
    if (existing && !sameBytes(existing.options.applicationServerKey, applicationServerKey)) {
      await existing.unsubscribe();
    }
    subscription =
      existing && sameBytes(existing.options.applicationServerKey, applicationServerKey)
        ? existing
        : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  } catch (error) {
    console.warn('Push subscription failed:', error);
    await refreshNotificationState();
    return 'subscriptionFailed';
  }

  try {
    await apiRequest(
      'POST',
      '/api/push/subscribe',
      {
        endpoint: subscription.endpoint,
        p256dh: base64url(subscription.getKey('p256dh')),
        auth: base64url(subscription.getKey('auth')),
      },
      { response: messageResultSchema },
    );
    // The user's own Enable also turns the notifications preference back on (Disable turned it off).
    if (ask) setNotificationsPreference(true);
    return 'enabled';
  } catch (error) {
    // The server does not know this browser: keep no subscription it would never push to.
    await subscription.unsubscribe().catch(() => false);
    if (error instanceof ApiError && error.status === 401) return 'authenticationRequired';
    console.warn('Saving the push subscription failed:', error);
    return 'serverFailed';
  } finally {
    await refreshNotificationState();
  }
}

/** Basic notifications (spec §3 Fallback): the permission, then the enabled flag in the cookie. */
export async function enableBasicNotifications(): Promise<EnableOutcome> {
  if (!isNotificationSupported()) return 'notSupported';
  const refused = await askPermission();
  await refreshNotificationState();
  if (refused) return refused;
  setNotificationsPreference(true);
  return 'enabled';
}

/** Push where the browser has it, else basic notifications. */
export function enableNotifications(): Promise<EnableOutcome> {
  return isPushSupported() ? subscribeToPush({ ask: true }) : enableBasicNotifications();
}

/** Tells the server to forget an endpoint; a failure is only logged (spec §8). */
export async function forgetOnServer(endpoint: string): Promise<void> {
  try {
    await apiRequest('POST', '/api/push/unsubscribe', { endpoint }, { response: messageResultSchema });
  } catch (error) {
    console.warn('Removing the push subscription failed:', error);
  }
}

/** Disable: the server forgets this browser, then the browser drops its subscription; basic ones stop. */
export async function disableNotifications(): Promise<void> {
  setNotificationsPreference(false);
  try {
    const subscription = await currentSubscription();
    if (subscription) {
      await forgetOnServer(subscription.endpoint);
      await subscription.unsubscribe();
    }
    forgetKnownEndpoint();
  } catch (error) {
    console.warn('Unsubscribing from push failed:', error);
  }
  await refreshNotificationState();
}

/** POST /api/push/test: 404 NO_PUSH_SUBSCRIPTION is No Subscription, any other failure Test Failed. */
export async function sendTestPush(): Promise<TestOutcome> {
  try {
    const answer = await apiRequest('POST', '/api/push/test', {}, { response: messageResultSchema });
    return answer.message === serverTexts.testFailed ? 'failed' : 'sent';
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.noPushSubscription) return 'noSubscription';
    console.warn('Test notification failed:', error);
    return 'failed';
  }
}
