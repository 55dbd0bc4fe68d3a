import { useEffect, useSyncExternalStore } from 'react';
import { readPreferences, updatePreferences } from '../../lib/preferences.js';
import type { NotificationPermissionState, NotificationState } from './push-status.js';

/** Push needs a secure context, a service worker, PushManager and Notification (spec §6). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function isNotificationSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function currentPermission(): NotificationPermissionState {
  return isNotificationSupported() ? Notification.permission : 'default';
}

/**
 * Basic notifications are on where the notifications preference (spec §3, the preferences cookie; on
 * unless turned off) meets the browser's permission.
 */
export function isBasicEnabled(permission: NotificationPermissionState): boolean {
  return readPreferences().notifications.enabled && permission === 'granted';
}

function readSynchronously(hasSubscription: boolean, serviceWorkerReady: boolean): NotificationState {
  const permission = currentPermission();
  return {
    push: { supported: isPushSupported(), permission, hasSubscription, serviceWorkerReady },
    basic: { supported: isNotificationSupported(), permission, enabled: isBasicEnabled(permission) },
  };
}

let state: NotificationState = readSynchronously(false, false);
const listeners = new Set<() => void>();
/** The endpoint this browser last had, so a permission taken away can still be forgotten on the server. */
let knownEndpoint: string | null = null;

function publish(next: NotificationState): void {
  if (JSON.stringify(next) === JSON.stringify(state)) return;
  state = next;
  for (const listener of listeners) listener();
}

export function notificationState(): NotificationState {
  return state;
}

export function lastKnownEndpoint(): string | null {
  return knownEndpoint;
}

export function forgetKnownEndpoint(): void {
  knownEndpoint = null;
}

/** The app's service worker registration, if one is registered (none under Vite's dev server). */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration();
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await serviceWorkerRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Reads the browser's state again (permission, subscription, worker) and tells the screens. */
export async function refreshNotificationState(): Promise<NotificationState> {
  let hasSubscription = false;
  let serviceWorkerReady = false;
  if (isPushSupported()) {
    try {
      const registration = await serviceWorkerRegistration();
      serviceWorkerReady = Boolean(registration?.active);
      const subscription = (await registration?.pushManager.getSubscription()) ?? null;
      hasSubscription = subscription !== null;
      if (subscription) knownEndpoint = subscription.endpoint;
    } catch (error) {
      console.warn('Reading the push subscription failed:', error);
    }
  }
  publish(readSynchronously(hasSubscription, serviceWorkerReady));
  return state;
}

/** Turns the notifications preference on or off (Enable and Disable). */
export function setNotificationsPreference(enabled: boolean): void {
  updatePreferences({ notifications: { enabled } });
  publish(readSynchronously(state.push.hasSubscription, state.push.serviceWorkerReady));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notification state for a screen; read afresh when the screen opens. */
export function useNotificationState(): NotificationState {
  useEffect(() => {
    void refreshNotificationState();
  }, []);
  return useSyncExternalStore(subscribe, notificationState, notificationState);
}
