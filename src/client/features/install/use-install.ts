import { useEffect, useState, useSyncExternalStore } from 'react';
import { restOfCatalogue } from '../../lib/i18n.js';
import { subscribeToPreferences } from '../../lib/preferences.js';
import { readConsent, subscribeToConsent } from '../consent/consent.js';
import { type CapturedInstall, capturedInstall, subscribeToCapturedInstall } from './install-capture.js';
import {
  isIosInstructionsDismissed,
  isOverlayDismissedForSession,
  subscribeToSessionDismissal,
} from './install-dismissal.js';
import { onceDue } from './install-rules.js';

const STANDALONE_QUERY = '(display-mode: standalone)';

/** Running as the installed app: the standalone display mode, or iOS's home-screen flag. */
function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia(STANDALONE_QUERY).matches;
}

function subscribeToStandalone(listener: () => void): () => void {
  const query = window.matchMedia(STANDALONE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export interface InstallState extends CapturedInstall {
  /** Spec §4: installed when running standalone, after the installed event, or once the user accepted. */
  isInstalled: boolean;
  isOverlayDismissed: boolean;
  isIosDismissed: boolean;
}

/**
 * Whether the cookie question has an answer: the install prompts wait for it, so the two panels at the foot
 * of the screen never cover each other (docs/decisions/0094-install-prompts.md).
 */
export function useIsConsentAnswered(): boolean {
  return useSyncExternalStore(subscribeToConsent, readConsent).status !== null;
}

export function useInstallState(): InstallState {
  const captured = useSyncExternalStore(subscribeToCapturedInstall, capturedInstall);
  const standalone = useSyncExternalStore(subscribeToStandalone, isStandalone);
  const isOverlayDismissed = useSyncExternalStore(subscribeToSessionDismissal, isOverlayDismissedForSession);
  const isIosDismissed = useSyncExternalStore(subscribeToPreferences, isIosInstructionsDismissed);
  return {
    ...captured,
    isInstalled: captured.wasInstalled || standalone,
    isOverlayDismissed,
    isIosDismissed,
  };
}

/**
 * Whether the time `dueAt` (Date.now() time) has come; false while it is null. A prompt also waits for its
 * words: the language's rest catalogue, which holds them (lib/i18n.ts), is nearly always here by then.
 */
export function useIsDue(dueAt: number | null): boolean {
  const [reached, setReached] = useState<number | null>(null);
  useEffect(() => {
    if (dueAt === null) return;
    let isCurrent = true;
    const stop = onceDue(dueAt, () => {
      void restOfCatalogue().then(() => {
        if (isCurrent) setReached(dueAt);
      });
    });
    return () => {
      isCurrent = false;
      stop();
    };
  }, [dueAt]);
  return dueAt !== null && reached === dueAt;
}
