/** The notification state of spec §3 and what the screens read from it (spec §2 Profile, §4 Push status badge). */

export type NotificationPermissionState = 'default' | 'granted' | 'denied';

export interface PushState {
  /** Secure context, service worker, PushManager and Notification (spec §6). */
  supported: boolean;
  permission: NotificationPermissionState;
  hasSubscription: boolean;
  serviceWorkerReady: boolean;
}

/** Basic notifications: `new Notification(...)` from the open page, where push is missing (spec §3). */
export interface BasicState {
  supported: boolean;
  permission: NotificationPermissionState;
  enabled: boolean;
}

export interface NotificationState {
  push: PushState;
  basic: BasicState;
}

export type PushBadge =
  | 'pushActive'
  | 'basicActive'
  | 'notAvailable'
  | 'blocked'
  | 'basicAvailable'
  | 'inactive';

/** Spec §4 Push status badge, evaluated in the spec's order. */
export function pushBadge({ push, basic }: NotificationState): PushBadge {
  if (push.hasSubscription) return 'pushActive';
  // "Enabled" holds only where basic notifications exist: a cookie carried to another browser says nothing.
  if (basic.enabled && basic.supported && !push.supported) return 'basicActive';
  if (!push.supported && !basic.supported) return 'notAvailable';
  if (push.permission === 'denied' && basic.permission === 'denied') return 'blocked';
  if (!push.supported && basic.supported) return 'basicAvailable';
  return 'inactive';
}

export type ProfileStatus = 'fullyEnabled' | 'partiallyEnabled' | 'blocked' | 'disabled' | 'notSupported';

/**
 * Spec §2 Profile: Fully Enabled (push subscription and permission), Partially Enabled (one of them),
 * Blocked (denied), Disabled, or Not Supported (neither push nor basic notifications).
 */
export function profileStatus({ push, basic }: NotificationState): ProfileStatus {
  if (!push.supported && !basic.supported) return 'notSupported';
  const permission = push.supported ? push.permission : basic.permission;
  if (permission === 'denied') return 'blocked';
  const isGranted = permission === 'granted';
  if (push.hasSubscription && isGranted) return 'fullyEnabled';
  if (push.hasSubscription || isGranted) return 'partiallyEnabled';
  return 'disabled';
}

/** Whether notifications reach this device now: a push subscription, or basic ones turned on and allowed. */
export function isReceiving({ push, basic }: NotificationState): boolean {
  if (push.supported) return push.hasSubscription && push.permission === 'granted';
  return basic.supported && basic.enabled && basic.permission === 'granted';
}

export type Explanation = 'notAvailable' | 'limitedIos' | 'limited' | 'blocked' | 'active' | 'inactive';

/** Spec §8 Notification explanations: which one the Settings card shows. */
export function explanationOf(badge: PushBadge, isIos: boolean): Explanation {
  switch (badge) {
    case 'pushActive':
      return 'active';
    case 'basicActive':
    case 'basicAvailable':
      return isIos ? 'limitedIos' : 'limited';
    case 'notAvailable':
      return isIos ? 'limitedIos' : 'notAvailable';
    case 'blocked':
      return 'blocked';
    case 'inactive':
      return 'inactive';
  }
}
