import { readPreferences, updatePreferences } from '../../lib/preferences.js';

/**
 * The two dismissals of the install prompts (docs/decisions/0094-install-prompts.md): Not Now on the install
 * overlay holds for the browser tab's session (spec §4); closing the iOS instructions is kept in the
 * installPromptDismissed preference (spec §3, the preferences cookie).
 */
export const SESSION_DISMISSED_KEY = 'installPromptDismissedForSession';

const listeners = new Set<() => void>();

export function subscribeToSessionDismissal(listener: () => void): () => void {
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
  for (const listener of listeners) listener();
}

export function isIosInstructionsDismissed(): boolean {
  return readPreferences().installPromptDismissed;
}

export function dismissIosInstructions(): void {
  updatePreferences({ installPromptDismissed: true });
}
