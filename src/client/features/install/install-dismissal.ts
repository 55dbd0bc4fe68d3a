import { PREFERENCE_COOKIE_DAYS, readCookie, setCookie } from '../../lib/cookies.js';

/**
 * The two dismissals of the install prompts (docs/decisions/0094-install-prompts.md): Not Now on the install
 * overlay holds for the browser tab's session (spec §4); closing the iOS instructions is kept in the
 * installPromptDismissed preference (spec §3), a cookie of its own until the preferences share one.
 */
export const INSTALL_PROMPT_DISMISSED_COOKIE = 'installPromptDismissed';
export const SESSION_DISMISSED_KEY = 'installPromptDismissedForSession';

export function isInstallPromptDismissedIn(cookieString: string): boolean {
  return readCookie(INSTALL_PROMPT_DISMISSED_COOKIE, cookieString) === 'true';
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeToDismissals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Kept in memory too: a browser that refuses storage still hides the overlay for this page's life. */
let isDismissedInMemory = false;

export function isOverlayDismissedForSession(): boolean {
  if (isDismissedInMemory) return true;
  try {
    return window.sessionStorage.getItem(SESSION_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function dismissOverlayForSession(): void {
  isDismissedInMemory = true;
  try {
    window.sessionStorage.setItem(SESSION_DISMISSED_KEY, 'true');
  } catch {
    // Storage refused (private mode, quota): the memory flag holds until the page closes.
  }
  notify();
}

let isIosDismissedInMemory = false;

export function isIosInstructionsDismissed(): boolean {
  return isIosDismissedInMemory || isInstallPromptDismissedIn(document.cookie);
}

export function dismissIosInstructions(): void {
  isIosDismissedInMemory = true;
  setCookie(INSTALL_PROMPT_DISMISSED_COOKIE, 'true', PREFERENCE_COOKIE_DAYS);
  notify();
}
