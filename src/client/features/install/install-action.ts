import { toast } from '../../lib/toast.js';
import { type BeforeInstallPromptEvent, updateCapturedInstall } from './install-capture.js';
import { dismissOverlayForSession } from './install-dismissal.js';
import { installTexts as texts } from './texts.js';

export type InstallOutcome = 'accepted' | 'dismissed' | 'failed';

/**
 * Shows the browser's install dialog for a kept offer and tells the user how it went (spec §4, §8). An offer
 * prompts once, so it is dropped first; declining also dismisses the overlay for the session.
 */
export async function installFromOffer(offer: BeforeInstallPromptEvent): Promise<InstallOutcome> {
  updateCapturedInstall({ offer: null, offeredAt: null });
  let outcome: InstallOutcome;
  try {
    await offer.prompt();
    outcome = (await offer.userChoice).outcome === 'accepted' ? 'accepted' : 'dismissed';
  } catch {
    outcome = 'failed';
  }
  if (outcome === 'accepted') {
    updateCapturedInstall({ wasInstalled: true });
    toast({ title: texts.installedTitle, description: texts.installedDescription });
  } else if (outcome === 'dismissed') {
    dismissOverlayForSession();
    toast({ title: texts.cancelledTitle, description: texts.cancelledDescription });
  } else {
    toast({ title: texts.failedTitle, description: texts.failedDescription, variant: 'destructive' });
  }
  return outcome;
}
